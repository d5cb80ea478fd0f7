// Package conform runs vector cases through an implementation, over the runner
// contract, and judges the answers: the engine behind pfkit eval and pfkit
// conform.
package conform

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
)

// Impl answers request lines in order.
type Impl interface {
	// Run sends every line and calls got for each response line, in order. It
	// returns when all are answered, the implementation stops, or ctx ends.
	Run(ctx context.Context, lines [][]byte, got func(i int, resp []byte)) error
	Name() string
}

// Go is the reference, answering in process.
type Go struct{}

func (Go) Name() string { return "go" }

func (Go) Run(ctx context.Context, lines [][]byte, got func(int, []byte)) error {
	for i, l := range lines {
		if err := ctx.Err(); err != nil {
			return err
		}
		b, err := ops.Eval(l).MarshalJSON()
		if err != nil {
			return err
		}
		got(i, b)
	}
	return nil
}

// Process is an implementation behind a command that speaks the contract on its
// standard input and output.
type Process struct {
	Label string
	Argv  []string // run directly when set
	Shell string   // otherwise run with sh -c
	Dir   string
	Env   []string
	// Stderr receives the command's standard error as it is written; when it
	// is nil, the last 4 KiB are kept and end the error of a run that stops
	// early. Never both: an adapter that dies is not told twice.
	Stderr io.Writer
}

func (p *Process) Name() string { return p.Label }

// maxResponse bounds one response line.
const maxResponse = 64 << 20

func (p *Process) Run(ctx context.Context, lines [][]byte, got func(int, []byte)) error {
	n := 0
	err := p.session(ctx, nil, func(stdin io.Writer) (int, error) {
		for _, l := range lines {
			if _, err := stdin.Write(l); err != nil {
				return len(lines), err
			}
			if _, err := stdin.Write([]byte{'\n'}); err != nil {
				return len(lines), err
			}
		}
		return len(lines), nil
	}, func(resp []byte) bool {
		if n == len(lines) {
			return false
		}
		got(n, resp)
		n++
		return n < len(lines)
	})
	return err
}

// Converse sends first alone and waits for its answer, which plan turns into
// the lines to send next in the same session; got is called for the answer
// to each of those (IMPL-2). plan is not called when the command ends
// without answering first.
func (p *Process) Converse(ctx context.Context, first []byte, plan func(resp []byte) [][]byte, got func(int, []byte)) error {
	next := make(chan [][]byte, 1)
	ended := make(chan struct{})
	var lines [][]byte // read on the reading side only
	n := -1
	return p.session(ctx, func() { close(ended) }, func(stdin io.Writer) (int, error) {
		if err := writeLine(stdin, first); err != nil {
			return 1, err
		}
		if f, ok := stdin.(interface{ Flush() error }); ok {
			if err := f.Flush(); err != nil {
				return 1, err
			}
		}
		var rest [][]byte
		select {
		case rest = <-next:
		case <-ended:
			return 1, nil
		}
		for _, l := range rest {
			if err := writeLine(stdin, l); err != nil {
				return 1 + len(rest), err
			}
		}
		return 1 + len(rest), nil
	}, func(resp []byte) bool {
		if n < 0 {
			lines = plan(resp)
			next <- lines
			n = 0
			return len(lines) > 0
		}
		got(n, resp)
		n++
		return n < len(lines)
	})
}

func writeLine(w io.Writer, l []byte) error {
	if _, err := w.Write(l); err != nil {
		return err
	}
	_, err := w.Write([]byte{'\n'})
	return err
}

// Pipe sends in to the implementation byte for byte, as it comes, and calls got
// for each response line. Nothing is held but the copy buffer: the adapter
// reads the lines and applies the runner's limits itself (LIM-3). Requests
// are counted as the non-blank lines of in, to check that each was answered.
func (p *Process) Pipe(ctx context.Context, in io.Reader, got func(resp []byte)) error {
	return p.session(ctx, nil, func(stdin io.Writer) (int, error) {
		c := &lineCounter{w: stdin, blank: true}
		_, err := io.Copy(c, in)
		c.end()
		return c.n, err
	}, func(resp []byte) bool {
		got(resp)
		return true
	})
}

// lineCounter counts the lines written through it that hold a byte other
// than JSON whitespace.
type lineCounter struct {
	w     io.Writer
	n     int
	blank bool // the current line is blank so far
}

func (c *lineCounter) Write(b []byte) (int, error) {
	for _, x := range b {
		switch x {
		case '\n':
			c.end()
		case ' ', '\t', '\r':
		default:
			c.blank = false
		}
	}
	return c.w.Write(b)
}

func (c *lineCounter) end() {
	if !c.blank {
		c.n++
	}
	c.blank = true
}

// session starts the command, writes its input with send (which returns the
// number of requests sent) while reading its responses, one a line, into got
// (which returns false when no more are wanted), and checks that every
// request was answered. readEnd, when set, is called as soon as no more
// responses will be read, before the command is waited for.
func (p *Process) session(ctx context.Context, readEnd func(), send func(io.Writer) (int, error), got func([]byte) bool) error {
	var cmd *exec.Cmd
	if len(p.Argv) > 0 {
		cmd = exec.CommandContext(ctx, p.Argv[0], p.Argv[1:]...)
	} else {
		cmd = exec.CommandContext(ctx, "sh", "-c", p.Shell)
	}
	ownGroup(cmd)
	// Once the command is ended, a process that escaped its group may still
	// hold the pipes: they are closed after this long all the same.
	cmd.WaitDelay = stopGrace
	cmd.Dir = p.Dir
	if p.Env != nil {
		cmd.Env = append(os.Environ(), p.Env...)
	}
	tail := &tailBuffer{max: 4096}
	if p.Stderr != nil {
		cmd.Stderr = p.Stderr
	} else {
		cmd.Stderr = tail
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s: cannot start: %v", p.Label, err)
	}
	// When ctx ends, the group is killed (cmd.Cancel) and the read below is
	// ended at once, whoever else holds the other end of the pipe.
	reading := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			stdout.Close()
			stdin.Close()
		case <-reading:
		}
	}()
	var wg sync.WaitGroup
	var sent int
	var sendErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		w := bufio.NewWriterSize(stdin, 1<<16)
		sent, sendErr = send(w)
		if err := w.Flush(); err != nil && sendErr == nil {
			sendErr = err
		}
		stdin.Close()
	}()
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<16), maxResponse)
	n := 0
	for sc.Scan() {
		line := bytes.Trim(sc.Bytes(), " \t\r\n")
		if len(line) == 0 {
			continue
		}
		n++
		if !got(append([]byte(nil), line...)) {
			break
		}
	}
	scanErr := sc.Err()
	close(reading)
	if readEnd != nil {
		readEnd()
	}
	io.Copy(io.Discard, stdout) // drain, so the process is never blocked writing
	wg.Wait()
	waitErr := cmd.Wait()
	if ctx.Err() != nil {
		return &Stopped{Label: p.Label, Answered: n, Sent: sent, Cause: context.Cause(ctx)}
	}
	if n < sent {
		msg := fmt.Sprintf("%s: answered %d of %d requests", p.Label, n, sent)
		if scanErr != nil {
			msg += ": " + scanErr.Error()
		}
		if waitErr != nil {
			msg += "; exit: " + waitErr.Error()
		}
		if sendErr != nil {
			msg += "; writing its input: " + sendErr.Error()
		}
		if t := strings.TrimSpace(tail.String()); t != "" {
			msg += "\nits standard error ends with:\n" + t
		}
		return errors.New(msg)
	}
	return nil
}

// stopGrace is how long a run waits, once its command is ended, for the
// pipes to close.
const stopGrace = 2 * time.Second

// Stopped is the error of a session that its context ended: the timeout
// passed or the user interrupted the run. The command's process group was
// killed.
type Stopped struct {
	Label    string
	Answered int   // responses read before it stopped
	Sent     int   // requests written
	Cause    error // why: context.Cause of the run's context
}

func (s *Stopped) Error() string {
	return fmt.Sprintf("%s: stopped after %d of %d responses: %v", s.Label, s.Answered, s.Sent, s.Cause)
}

// tailBuffer keeps the last max bytes written.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = t.buf[len(t.buf)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// converse runs the implementation request and then the lines plan makes of
// its answer: in one session for a command, in two calls for an
// implementation in process.
func converse(ctx context.Context, impl Impl, first []byte, plan func([]byte) [][]byte, got func(int, []byte)) error {
	if p, ok := impl.(*Process); ok {
		return p.Converse(ctx, first, plan, got)
	}
	var resp []byte
	if err := impl.Run(ctx, [][]byte{first}, func(_ int, r []byte) { resp = r }); err != nil {
		return err
	}
	if resp == nil {
		return fmt.Errorf("%s: no answer to the implementation request", impl.Name())
	}
	lines := plan(resp)
	if len(lines) == 0 {
		return nil
	}
	return impl.Run(ctx, lines, got)
}

// Root finds the repository root from dir upward: the directory holding
// spec/pfkit.md.
func Root(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "spec", "pfkit.md")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no pfkit repository here: no spec/pfkit.md in %s or any parent", dir)
		}
		d = parent
	}
}

// Adapter returns the implementation named by --impl: go, node or python.
func Adapter(name, root string) (Impl, error) {
	switch name {
	case "go", "":
		return Go{}, nil
	case "node":
		script := filepath.Join(root, "node", "adapter.js")
		if _, err := os.Stat(script); err != nil {
			return nil, fmt.Errorf("the node adapter is missing: expected %s (see node/README.md)", script)
		}
		return &Process{Label: "node", Argv: []string{"node", script}, Dir: root}, nil
	case "python":
		script := filepath.Join(root, "python", "adapter.py")
		if _, err := os.Stat(script); err != nil {
			return nil, fmt.Errorf("the python adapter is missing: expected %s (see python/README.md)", script)
		}
		py := filepath.Join(root, "python", ".venv", "bin", "python")
		if _, err := os.Stat(py); err != nil {
			py = "python3"
		}
		return &Process{Label: "python", Argv: []string{py, script}, Dir: root}, nil
	}
	return nil, fmt.Errorf("--impl: expected go, node or python, found %s", escape.Quoted(name))
}
