// Command pfkit is the reference implementation's command line: it answers
// runner requests, runs conformance suites against any implementation, and
// generates and checks the test vectors.
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/pfkit/pfkit/go/internal/conform"
	"github.com/pfkit/pfkit/go/internal/ops"
	"github.com/pfkit/pfkit/go/internal/vectors"
)

const usage = `pfkit: the provably-fair randomness kit (reference implementation in Go)

usage:
  pfkit eval [--impl go|node|python | --cmd COMMAND]
      read runner requests (one JSON object a line) on standard input and
      write the responses; with --impl or --cmd, forward them to that
      implementation's adapter instead of answering in process
  pfkit conform [--impl go|node|python | --cmd COMMAND] [--only S[/OP]] [--skip S[/OP]]
                [--all] [--timeout D] [PATH...]
      run vector files and JSONL case files (default: the repository's
      vectors/) through an implementation and print a scheme x result
      matrix; exit 0 only when every case passes (pfkit conform --help)
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
	in := bufio.NewReaderSize(stdin, 1<<16)
	if _, ok := impl.(conform.Go); ok {
		// Answer line by line, flushing each answer, so a caller can hold a
		// conversation over a pipe.
		for {
			line, err := in.ReadBytes('\n')
			if t := trimJSONSpace(line); len(t) > 0 {
				b, _ := ops.Eval(t).MarshalJSON()
				out.Write(b)
				out.WriteByte('\n')
				out.Flush()
			}
			if err != nil {
				return 0
			}
		}
	}
	var lines [][]byte
	for {
		line, err := in.ReadBytes('\n')
		if t := trimJSONSpace(line); len(t) > 0 {
			lines = append(lines, append([]byte(nil), t...))
		}
		if err != nil {
			break
		}
	}
	runErr := impl.Run(context.Background(), lines, func(_ int, resp []byte) {
		out.Write(resp)
		out.WriteByte('\n')
	})
	if runErr != nil {
		out.Flush()
		fmt.Fprintln(stderr, "pfkit eval:", runErr)
		return 1
	}
	return 0
}

const conformHelp = `usage: pfkit conform [flags] [PATH...]

Runs test vectors through an implementation over the runner contract (spec
section 10) and prints one row per scheme and op: cases passed, failed, and
answered not_implemented (a partial port's ops not written yet, listed apart).
Each failure shows the case's comment and flags, the first difference in the
order the spec lists the output, and for bulk cases the first request that went
wrong as a line for pfkit eval, with the expected output. A failing
match_seed_v2 or selfpoker_v1 case also gets a trace request: pipe it into
pfkit eval and into your adapter, and compare step by step.

PATH      vector files (.json), case files (.jsonl, one request a line with
          "expect" or "error"), or directories of them; default: the
          repository's vectors/ (records/ is skipped)

flags:
  --impl go|node|python   the kit's own implementations (default go)
  --cmd COMMAND           your adapter, started once with sh -c
  --only S[/OP]           run only this scheme, or scheme/op (repeat or
                          separate with commas), e.g. --only match_seed_v2/draws
  --skip S[/OP]           leave out this scheme or scheme/op, e.g.
                          --skip selfpoker_v1; protocol.json's cases are
                          protocol/envelope
  --all                   list every failure, not only the first 20
  --timeout D             stop the implementation after D (default 10m)
  -h, --help              this help

Exit status: 0 every selected case passed; 1 a case failed or was not
implemented; 2 bad usage or unreadable vectors.
`

// patterns collects --only and --skip values, repeated or comma-separated.
type patterns []string

func (p *patterns) String() string { return strings.Join(*p, ",") }

func (p *patterns) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s == "" {
			return fmt.Errorf("expected a scheme or scheme/op, found an empty pattern")
		}
		*p = append(*p, s)
	}
	return nil
}

func cmdConform(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("conform", stderr)
	fs.Usage = func() {} // the help goes to stdout for -h, to stderr after a bad flag
	var f implFlags
	f.register(fs)
	all := fs.Bool("all", false, "list every failure, not only the first 20")
	timeout := fs.Duration("timeout", 10*time.Minute, "stop the implementation after this long")
	var only, skip patterns
	fs.Var(&only, "only", "run only these schemes or scheme/ops")
	fs.Var(&skip, "skip", "leave out these schemes or scheme/ops")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, conformHelp)
			return 0
		}
		fmt.Fprint(stderr, "\n"+conformHelp)
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
		// Case names (and request ids) read vectors/… when run from inside
		// the repository.
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, paths[0]); err == nil && !strings.HasPrefix(rel, "..") {
				paths[0] = rel
			}
		}
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
	if cases, err = conform.Select(cases, only, skip); err != nil {
		fmt.Fprintln(stderr, "pfkit conform: --only/--skip:", err)
		return 2
	}
	if len(cases) == 0 {
		fmt.Fprintln(stderr, "pfkit conform: no case left to run after --only and --skip")
		return 2
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

// trimJSONSpace drops the whitespace JSON allows around a value (space, tab,
// CR, LF) and nothing else: a line that starts with another Unicode space is
// malformed, exactly as when the line reaches ops.Eval whole (RUN-1).
func trimJSONSpace(b []byte) []byte { return bytes.Trim(b, " \t\r\n") }
