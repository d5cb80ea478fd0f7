package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/pfkit/pfkit/v2/go/internal/conform"
)

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
