// Command pfkit is the reference implementation's command line: it answers
// runner requests, runs conformance suites against any implementation, and
// generates and checks the test vectors.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/pfkit/pfkit/go/internal/conform"
	"github.com/pfkit/pfkit/go/internal/lines"
	"github.com/pfkit/pfkit/go/internal/ops"
	"github.com/pfkit/pfkit/go/internal/strictjson"
	"github.com/pfkit/pfkit/go/internal/vectors"
)

const usage = `pfkit: the provably-fair randomness kit (reference implementation in Go)

usage:
  pfkit eval [--impl go|node|python | --cmd COMMAND]
      read runner requests (one JSON object a line) on standard input and
      write the responses; with --impl or --cmd, forward them to that
      implementation's adapter instead of answering in process
  pfkit conform [--impl go|node|python | --cmd COMMAND] [--all] [--timeout D] [PATH...]
      run vector files and JSONL case files (default: the repository's
      vectors/) through an implementation and print a scheme x result
      matrix; exit 0 only when every case passes
  pfkit vectors generate [--dir DIR]
      regenerate every vector file from the reference
  pfkit vectors check [--dir DIR]
      regenerate in memory and fail on any byte that differs from DIR
  pfkit verify [--json] RECORD...
      check match records (vectors/records/ has examples of every kind) and
      print each check, passed or failed, with what was expected and found
  pfkit audit [--json] [--workers N] ARCHIVE
      verify a whole archive (JSON lines, or a folder of records) on every
      core with bounded memory, and summarise the verdicts
  pfkit archive generate --kind KIND --count N [--tamper-every K] [--out FILE]
      write a deterministic sample archive (kinds: selfpoker, bridge,
      backgammon, chess, mixed)

Exit status: 0 success; 1 a failed case or check; 2 bad usage or an unreadable
input; 3 (verify, audit) a record of an unspecified scheme and nothing worse.
The runner contract, error codes and vector format: spec/pfkit.md, vectors/README.md.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
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
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "pfkit: unknown command %q\n\n%s", args[0], usage)
	return 2
}

// implFlags are the flags that choose an implementation.
type implFlags struct {
	impl, cmd string
}

func (f *implFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.impl, "impl", "go", "implementation: go, node or python")
	fs.StringVar(&f.cmd, "cmd", "", "a shell command that speaks the runner contract on stdin/stdout")
}

func (f *implFlags) resolve() (conform.Impl, string, error) {
	root, rootErr := conform.Root(".")
	if f.cmd != "" {
		dir := "."
		return &conform.Process{Label: f.cmd, Shell: f.cmd, Dir: dir, Stderr: os.Stderr}, root, nil
	}
	if f.impl != "go" && rootErr != nil {
		return nil, "", fmt.Errorf("--impl %s: %v", f.impl, rootErr)
	}
	impl, err := conform.Adapter(f.impl, root)
	if p, ok := impl.(*conform.Process); ok {
		p.Stderr = os.Stderr
	}
	return impl, root, err
}

func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("pfkit "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

func cmdEval(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("eval", stderr)
	var f implFlags
	f.register(fs)
	if fs.Parse(args) != nil {
		return 2
	}
	impl, _, err := f.resolve()
	if err != nil {
		fmt.Fprintln(stderr, "pfkit eval:", err)
		return 2
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	if p, ok := impl.(*conform.Process); ok {
		// The input goes to the implementation as it comes, byte for byte:
		// its adapter reads the lines and applies the limit itself.
		err := p.Pipe(context.Background(), stdin, func(resp []byte) {
			out.Write(resp)
			out.WriteByte('\n')
		})
		if err != nil {
			out.Flush()
			fmt.Fprintln(stderr, "pfkit eval:", err)
			return 1
		}
		return 0
	}
	// Answer line by line, flushing each answer, so a caller can hold a
	// conversation over a pipe. Of a line longer than the limit no more than
	// the limit is held (LIM-3).
	in := lines.NewReader(stdin, strictjson.Default.MaxBytes)
	for {
		line, tooLong, err := in.Next()
		switch {
		case tooLong:
			b, _ := ops.TooLong().MarshalJSON()
			out.Write(b)
			out.WriteByte('\n')
		case line != nil:
			b, _ := ops.Eval(line).MarshalJSON()
			out.Write(b)
			out.WriteByte('\n')
		}
		out.Flush()
		if err != nil {
			return 0
		}
	}
}

func cmdConform(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("conform", stderr)
	var f implFlags
	f.register(fs)
	all := fs.Bool("all", false, "list every failure, not only the first 20")
	timeout := fs.Duration("timeout", 10*time.Minute, "stop the implementation after this long")
	if fs.Parse(args) != nil {
		return 2
	}
	impl, root, err := f.resolve()
	if err != nil {
		fmt.Fprintln(stderr, "pfkit conform:", err)
		return 2
	}
	paths := fs.Args()
	if len(paths) == 0 {
		if root == "" {
			fmt.Fprintln(stderr, "pfkit conform: no PATH given and no repository found to take vectors/ from")
			return 2
		}
		paths = []string{filepath.Join(root, "vectors")}
	}
	files, err := vectors.Load(paths...)
	if err != nil {
		fmt.Fprintln(stderr, "pfkit conform:", err)
		return 2
	}
	var cases []vectors.Runnable
	for _, l := range files {
		cases = append(cases, l.Cases...)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	start := time.Now()
	results, runErr := conform.Run(ctx, impl, cases)
	if runErr != nil {
		fmt.Fprintln(stderr, "pfkit conform:", runErr)
	}
	max := 20
	if *all {
		max = -1
	}
	failed := conform.Matrix(stdout, impl.Name(), results, max)
	fmt.Fprintf(stdout, "%d files, %d cases, %.1fs\n", len(files), len(cases), time.Since(start).Seconds())
	if failed > 0 || runErr != nil {
		return 1
	}
	return 0
}

func cmdVectors(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (args[0] != "generate" && args[0] != "check") {
		fmt.Fprint(stderr, "usage: pfkit vectors generate|check [--dir DIR]\n")
		return 2
	}
	fs := newFlags("vectors "+args[0], stderr)
	dir := fs.String("dir", "", "the vectors directory (default: the repository's vectors/)")
	if fs.Parse(args[1:]) != nil {
		return 2
	}
	if *dir == "" {
		root, err := conform.Root(".")
		if err != nil {
			fmt.Fprintln(stderr, "pfkit vectors:", err)
			return 2
		}
		*dir = filepath.Join(root, "vectors")
	}
	if args[0] == "generate" {
		files, err := vectors.Write(*dir)
		if err != nil {
			fmt.Fprintln(stderr, "pfkit vectors generate:", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %d files to %s\n", len(files), *dir)
		return 0
	}
	problems, err := vectors.Check(*dir)
	if err != nil {
		fmt.Fprintln(stderr, "pfkit vectors check:", err)
		return 1
	}
	for _, p := range problems {
		fmt.Fprintln(stdout, "DIFF", p)
	}
	if len(problems) > 0 {
		fmt.Fprintf(stdout, "%d files differ from what the reference generates\n", len(problems))
		return 1
	}
	fmt.Fprintf(stdout, "vectors in %s match the reference byte for byte\n", *dir)
	return 0
}
