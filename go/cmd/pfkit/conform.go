package main

import (
	"bytes"
	"context"
	"errors"
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
	"github.com/pfkit/pfkit/v2/go/internal/vectors"
)

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
