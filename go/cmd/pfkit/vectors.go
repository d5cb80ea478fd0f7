package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/pfkit/pfkit/v2/go/internal/conform"
	"github.com/pfkit/pfkit/v2/go/internal/vectors"
)

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
