// Command pfkit is the reference implementation's command line: it answers
// runner requests, runs conformance suites against any implementation, and
// generates and checks the test vectors.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

func main() {
	prog = progName(os.Args[0])
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
		return 2
	}
	switch args[0] {
	case "eval":
		return cmdEval(args[1:], stdin, stdout, stderr)
	case "conform":
		return cmdConform(args[1:], stdout, stderr)
	case "vectors":
		return cmdVectors(args[1:], stdout, stderr)
	case "verify":
		return cmdVerify(args[1:], stdout, stderr)
	case "audit":
		return cmdAudit(args[1:], stdout, stderr)
	case "archive":
		return cmdArchive(args[1:], stdout, stderr)
	case "version":
		return cmdVersion(args[1:], stdout, stderr)
	case "-version", "--version":
		return cmdVersion(args[1:], stdout, stderr)
	case "-h", "-help", "--help":
		if len(args) > 1 {
			break
		}
		fmt.Fprint(stdout, usage())
		return 0
	case "help":
		return cmdHelp(args[1:], stdout, stderr)
	}
	fmt.Fprint(stderr, unknownCommand(args[0]))
	return 2
}

// cmdHelp prints pfkit's help, or one command's: pfkit help vectors generate
// is pfkit vectors generate --help.
func cmdHelp(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help")) {
		fmt.Fprint(stdout, usage())
		return 0
	}
	name := strings.Join(args, " ")
	for _, c := range commands {
		if c.name == name || strings.HasPrefix(c.name, name+" ") {
			return run(append(append([]string(nil), args...), "--help"), nil, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "%s help: unknown command %s\n\n%s", prog, escape.Quoted(name), usage())
	return 2
}
