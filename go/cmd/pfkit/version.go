package main

import (
	"fmt"
	"io"
	"runtime/debug"

	kitroot "github.com/pfkit/pfkit/v2"
)

// kitJSON is the member "pfkit" of every JSON report (VER-5): the version of
// the kit that gave the verdict, the same bytes from Go, Node and Python.
type kitJSON struct {
	Version string `json:"version"`
}

func kit() kitJSON { return kitJSON{kitroot.Version} }

// build is what the Go build information says about this binary: the commit
// it was built from and whether the tree had changes. go build stamps both
// when it builds inside a git checkout (release binaries included); a binary
// built elsewhere says "unknown".
func build() (commit, tree string) {
	commit, tree = "unknown", "unknown"
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			commit = s.Value
		case "vcs.modified":
			tree = map[string]string{"true": "modified", "false": "clean"}[s.Value]
		}
	}
	return
}

// cmdVersion prints the version, the commit and the state of the tree
// (VER-5): pfkit version, pfkit --version.
func cmdVersion(args []string, stdout, stderr io.Writer) int {
	c := newCLI("version", stdout, stderr)
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if code, ok := c.exact(pos, 0, "no arguments"); !ok {
		return code
	}
	commit, tree := build()
	fmt.Fprintf(stdout, "pfkit %s (go)\ncommit %s\ntree %s\n", kitroot.Version, commit, tree)
	return 0
}
