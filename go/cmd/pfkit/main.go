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
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/pfkit/pfkit/v2/go/internal/conform"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/lines"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
	"github.com/pfkit/pfkit/v2/go/internal/vectors"
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

// implFlags are the flags that choose an implementation.
type implFlags struct {
	impl, cmd string
}

func (f *implFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.impl, "impl", "go", "implementation: go, node or python")
	fs.StringVar(&f.cmd, "cmd", "", "a shell command that speaks the runner contract on stdin/stdout")
}

// resolve finds the implementation; an adapter's standard error goes to
// stderr as it is written.
func (f *implFlags) resolve(stderr io.Writer) (conform.Impl, string, error) {
	root, rootErr := conform.Root(".")
	if f.cmd != "" {
		dir := "."
		return &conform.Process{Label: f.cmd, Shell: f.cmd, Dir: dir, Stderr: stderr}, root, nil
	}
	if f.impl != "go" && rootErr != nil {
		return nil, "", fmt.Errorf("--impl %s: %v", f.impl, rootErr)
	}
	impl, err := conform.Adapter(f.impl, root)
	if p, ok := impl.(*conform.Process); ok {
		p.Stderr = stderr
	}
	return impl, root, err
}

func cmdEval(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newCLI("eval", stdout, stderr)
	var f implFlags
	f.register(c.fs)
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if code, ok := c.exact(pos, 0, "no arguments"); !ok {
		return code
	}
	impl, _, err := f.resolve(stderr)
	if err != nil {
		textOut{stderr}.printf("pfkit eval: %v", err)
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
			textOut{stderr}.printf("pfkit eval: %v", err)
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

// fileList collects the values of a repeated flag.
type fileList []string

func (l *fileList) String() string { return strings.Join(*l, ",") }

func (l *fileList) Set(v string) error {
	*l = append(*l, v)
	return nil
}

// implList collects --impl and --cmd of pfkit conform, repeated, in the
// order given.
type implList struct {
	list *[]implFlags
	cmd  bool
}

func (l implList) String() string { return "" }

func (l implList) Set(v string) error {
	if l.cmd {
		*l.list = append(*l.list, implFlags{cmd: v})
	} else {
		*l.list = append(*l.list, implFlags{impl: v})
	}
	return nil
}

func cmdConform(args []string, stdout, stderr io.Writer) int {
	c := newCLI("conform", stdout, stderr)
	var impls []implFlags
	c.fs.Var(implList{&impls, false}, "impl", "implementation: go, node or python (repeat for several; default go)")
	c.fs.Var(implList{&impls, true}, "cmd", "a shell command that speaks the runner contract on stdin/stdout (repeatable)")
	var only, skip patterns
	c.fs.Var(&only, "only", "run only this scheme or `scheme/op` (repeat, or separate with commas)")
	c.fs.Var(&skip, "skip", "leave out this scheme or `scheme/op` (repeat, or separate with commas)")
	var require patterns
	c.fs.Var(&require, "require", "fail unless the implementation lists this scheme or `scheme/op` (repeat, or separate with commas)")
	all := c.fs.Bool("all", false, "list every failure, not only the first 20")
	var reports fileList
	c.fs.Var(&reports, "report", "also write a compliance report to `FILE` (.html: a page; .json: a document; repeatable)")
	timeout := c.fs.Duration("timeout", 10*time.Minute, "stop each implementation after this long")
	paths, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if code, ok := c.stdinOnce(paths); !ok {
		return code
	}
	for _, r := range reports {
		if !strings.HasSuffix(r, ".html") && !strings.HasSuffix(r, ".json") {
			return c.fail("--report: expected a file name ending in .html or .json, found %s", escape.Quoted(r))
		}
	}
	if len(impls) == 0 {
		impls = []implFlags{{impl: "go"}}
	}
	var chosen []conform.Impl
	root := ""
	for _, f := range impls {
		impl, r, err := f.resolve(stderr)
		if err != nil {
			textOut{stderr}.printf("pfkit conform: %v", err)
			return 2
		}
		chosen, root = append(chosen, impl), r
	}
	files, cases, code := conformCases(c, root, paths, only, skip)
	if code != 0 {
		return code
	}
	if err := conform.CheckPatterns(require); err != nil {
		return c.fail("--require: %v", err)
	}
	ctx, stop := interruptible()
	defer stop()
	max := 20
	if *all {
		max = -1
	}
	var runs []conform.Judged
	failed := false
	for i, impl := range chosen {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		start := time.Now()
		ictx, cancel := context.WithTimeoutCause(ctx, *timeout, fmt.Errorf("--timeout %v passed", *timeout))
		j := conform.RunRequiring(ictx, impl, cases, require)
		cancel()
		if j.Err != nil {
			textOut{stderr}.printf("pfkit conform: %v", j.Err)
		}
		if j.Results == nil && !j.Whole { // the cases could not even be written
			return 2
		}
		if conform.MatrixOf(stdout, j, max) > 0 || j.Err != nil {
			failed = true
		}
		fmt.Fprintf(stdout, "%s, %.1fs\n", conform.CasesFrom(len(cases), files), time.Since(start).Seconds())
		runs = append(runs, j)
		if ctx.Err() != nil {
			break // interrupted: the implementations left are not run
		}
	}
	for _, r := range reports {
		rep := conform.NewReport(files, len(cases), runs)
		rep.Commit, rep.Tree = build()
		if err := writeReport(r, rep); err != nil {
			textOut{stderr}.printf("pfkit conform: %v", err)
			return 2
		}
		fmt.Fprintf(stdout, "report: %s\n", escape.Text(r))
	}
	if failed {
		return 1
	}
	return 0
}

// interruptible is a context that Ctrl-C (SIGINT) or SIGTERM ends, with
// the signal as its cause. An adapter runs in a process group of its own,
// which the terminal does not signal: conform ends it. A second signal
// ends conform at once.
func interruptible() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-sigs:
			signal.Stop(sigs)
			cancel(fmt.Errorf("interrupted (%v)", s))
		case <-done:
		}
	}()
	return ctx, func() {
		close(done)
		signal.Stop(sigs)
		cancel(nil)
	}
}

// conformCases loads the cases of the paths (default: the repository's
// vectors/) and keeps those --only and --skip choose (CONF-1); code is 0
// unless they could not be.
func conformCases(c *cli, root string, paths []string, only, skip patterns) (files int, cases []vectors.Runnable, code int) {
	if len(paths) == 0 {
		if root == "" {
			textOut{c.stderr}.printf("pfkit conform: no PATH given and no repository found to take vectors/ from")
			return 0, nil, 2
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
	loaded, err := vectors.Load(paths...)
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		textOut{c.stderr}.printf("pfkit conform: %s: %v", escape.Text(pe.Path), errcode.File(err))
		return 0, nil, 2
	}
	if err != nil {
		textOut{c.stderr}.printf("pfkit conform: %v", err)
		return 0, nil, 2
	}
	for _, l := range loaded {
		cases = append(cases, l.Cases...)
	}
	if cases, err = conform.Select(cases, only, skip); err != nil {
		return 0, nil, c.fail("--only/--skip: %v", err)
	}
	if len(cases) == 0 {
		return 0, nil, c.fail("no case left to run after --only and --skip")
	}
	return conform.Files(cases), cases, 0
}

// writeReport writes the compliance report, as HTML or JSON by the file's
// name (CONF-2).
func writeReport(path string, r conform.Report) error {
	var b bytes.Buffer
	var err error
	if strings.HasSuffix(path, ".json") {
		err = r.WriteJSON(&b)
	} else {
		err = r.WriteHTML(&b)
	}
	if err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

func cmdVectors(args []string, stdout, stderr io.Writer) int {
	if code, ok := subcommand("vectors", args, stdout, stderr); !ok {
		return code
	}
	c := newCLI("vectors "+args[0], stdout, stderr)
	dir := c.fs.String("dir", "", "the vectors directory (default: the repository's vectors/)")
	pos, code, ok := c.parse(args[1:])
	if !ok {
		return code
	}
	if code, ok := c.exact(pos, 0, "no arguments"); !ok {
		return code
	}
	if *dir == "" {
		root, err := conform.Root(".")
		if err != nil {
			textOut{stderr}.printf("pfkit vectors: %v", err)
			return 2
		}
		*dir = filepath.Join(root, "vectors")
	}
	if args[0] == "generate" {
		files, err := vectors.Write(*dir)
		if err != nil {
			textOut{stderr}.printf("pfkit vectors generate: %v", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %d files to %s\n", len(files), *dir)
		return 0
	}
	problems, err := vectors.Check(*dir)
	if err != nil {
		textOut{stderr}.printf("pfkit vectors check: %v", err)
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

// subcommand checks the word after a command that only groups subcommands
// (vectors, archive): --help prints the group's usage on standard output, a
// word that names no subcommand is refused.
func subcommand(group0 string, args []string, stdout, stderr io.Writer) (int, bool) {
	if len(args) > 0 {
		for _, c := range commands {
			if c.name == group0+" "+args[0] {
				return 0, true
			}
		}
	}
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprint(stdout, group(group0))
		return 0, false
	}
	if len(args) == 0 {
		fmt.Fprintf(stderr, "%s %s: expected a subcommand\n\n%s", prog, group0, group(group0))
	} else {
		fmt.Fprintf(stderr, "%s %s: unknown subcommand %s\n\n%s", prog, group0, escape.Quoted(args[0]), group(group0))
	}
	return 2, false
}
