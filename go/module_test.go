// Package layout holds no code: its tests hold the Go tree to the house rules
// a newcomer can read in them, run by go test ./go (and so by make go-test):
//
//   - floors_test.go: the floors of the packages, from the leaves up, and the
//     rule that a package imports only from the floors below its own;
//   - funclen_test.go: no hand-written function over 100 lines.
package layout

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// moduleRoot is the checkout, one level above this directory.
const moduleRoot = ".."

// modulePath is the module's path as go.mod gives it, so that the rules hold
// whatever major version the path ends in (D-27).
func modulePath(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(moduleRoot, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "module "); ok {
			return strings.TrimSpace(rest)
		}
	}
	t.Fatal("go.mod has no module line")
	return ""
}

// goFile is one parsed .go file of the module.
type goFile struct {
	path string // slash-separated, relative to the module root
	test bool   // a _test.go file
	ast  *ast.File
	fset *token.FileSet
}

// pkgDir is the directory of a package relative to the module root, "." for
// the root package.
func (f goFile) pkgDir() string { return filepath.ToSlash(filepath.Dir(f.path)) }

// moduleFiles parses every .go file of the module, with its comments, the way
// the go command finds packages: it skips testdata, directories whose names
// begin with "." or "_", and node_modules and virtual environments, which hold
// no package of the module. Build constraints are ignored on purpose: a rule
// of the house holds on every platform.
func moduleFiles(t *testing.T) []goFile {
	t.Helper()
	fset := token.NewFileSet()
	var files []goFile
	err := filepath.WalkDir(moduleRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != moduleRoot && (name == "testdata" || name == "node_modules" || name == ".venv" ||
				strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		rel, err := filepath.Rel(moduleRoot, p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		files = append(files, goFile{path: filepath.ToSlash(rel), test: strings.HasSuffix(name, "_test.go"), ast: f, fset: fset})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("found no .go files under the module root")
	}
	sort.Slice(files, func(i, j int) bool { return files[i].path < files[j].path })
	return files
}

// generated matches the line that marks a generated file (go help generate).
var generated = regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)

// isGenerated reports whether f says it was generated, before its package
// clause.
func (f goFile) isGenerated() bool {
	for _, g := range f.ast.Comments {
		if g.Pos() > f.ast.Package {
			break
		}
		for _, c := range g.List {
			if generated.MatchString(c.Text) {
				return true
			}
		}
	}
	return false
}
