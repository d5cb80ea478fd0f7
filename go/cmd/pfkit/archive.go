package main

import (
	"io"
	"os"
	"slices"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/archive"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

func cmdArchive(args []string, stdout, stderr io.Writer) int {
	if code, ok := subcommand("archive", args, stdout, stderr); !ok {
		return code
	}
	c := newCLI("archive generate", stdout, stderr)
	kind := c.fs.String("kind", "selfpoker", "record kind: "+strings.Join(archive.Kinds, ", "))
	count := c.fs.Int("count", 10000, "number of records")
	every := c.fs.Int("tamper-every", 0, "tamper with every K-th record (0: none)")
	out := c.fs.String("out", "", "output file (default: standard output)")
	grind := archive.Grinding{}
	c.fs.IntVar(&grind.K, "grind", 1, "deal each record from the best of `K` server seeds, as a server grinding its seeds would (1: honest)")
	c.fs.IntVar(&grind.Seat, "grind-seat", 0, "with --grind: favour seat `S` (selfpoker: position; chess: 0 for A playing White, 1 for B)")
	c.fs.StringVar(&grind.Client, "grind-client", "", "make `SEED` every match's first client seed (a regular) and, with --grind, favour it (bridge, backgammon)")
	c.fs.IntVar(&grind.First, "first", 0, "number the records from `N`, so that archives of one kind differ")
	pos, code, ok := c.parse(args[1:])
	if !ok {
		return code
	}
	if code, ok := c.exact(pos, 0, "no arguments"); !ok {
		return code
	}
	if !slices.Contains(archive.Kinds, *kind) {
		return c.fail("--kind: expected one of %s, found %s", strings.Join(archive.Kinds, ", "), escape.Quoted(*kind))
	}
	if *count < 0 || *every < 0 {
		return c.fail("--count and --tamper-every: expected 0 or more, found %d and %d", *count, *every)
	}
	if err := grind.Check(*kind); err != nil {
		return c.fail("%v", err)
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			textOut{stderr}.printf("pfkit archive: %v", err)
			return 2
		}
		defer f.Close()
		w = f
	}
	if err := archive.GenerateWith(w, *kind, *count, *every, grind); err != nil {
		textOut{stderr}.printf("pfkit archive: %v", err)
		return 2
	}
	return 0
}
