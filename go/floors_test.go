package layout

import (
	"fmt"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// floor is one level of the Go tree: packages that import only packages of
// the floors below it, never one of their own floor or above.
type floor struct {
	name     string
	packages []string // directories relative to the module root
}

// floors is the architecture of the Go code, from the leaves up. A new package
// goes on the lowest floor above everything it imports; a package that needs
// one of its own floor or above is a sign that a rule sits in the wrong place
// (move the shared part down, as scheme was moved below ops and record).
var floors = []floor{
	{"leaves: nothing of the kit below them", []string{
		".",                      // the module root: the embedded JSON Schemas
		"go/internal/canon",      // canonical JSON for vector files and digests
		"go/internal/cards",      // card and tile names, decks
		"go/internal/errcode",    // the spec's error codes (section 11)
		"go/internal/escape",     // text as a terminal shows it (TXT-1 to TXT-3)
		"go/internal/lines",      // lines of a stream, bounded
		"go/internal/merkle",     // poker_hmac_v1's Merkle tree
		"go/internal/midstate",   // HMAC-SHA256 from precomputed states
		"go/internal/numpyrng",   // NumPy's PCG64 and permutation
		"go/internal/scheme",     // the scheme registry (REG-1, REG-2)
		"go/internal/sidebyside", // benchmarks run side by side
		"go/internal/stats",      // the statistics of the uniformity tests
		"go/internal/words",      // the reports' English, from spec/catalog/en.po
	}},
	{"checked values, streams and documents", []string{
		"go/internal/archivestats", // statistics across an archive (STAT-1 to STAT-5)
		"go/internal/ident",        // seeds, hashes and identifiers (SEED-1, ID-1)
		"go/internal/reading",      // the declared readings (READ-1 to READ-11)
		"go/internal/recordschema", // the record schemas as the kit checks records (SCH-1 to SCH-3)
		"go/internal/schema",       // the JSON Schemas, compiled for the library
		"go/internal/stream",       // the HMAC draw stream, int(n), shuffles
		"go/internal/strictjson",   // the JSON reader every input goes through
	}},
	{"the schemes", []string{
		"go/internal/chess",     // chess_colour_v1
		"go/internal/match",     // match_seed_v2
		"go/internal/poker",     // poker_hmac_v1
		"go/internal/selfpoker", // selfpoker_v1
	}},
	{"records", []string{
		"go/internal/archive", // archives of generated records
		"go/internal/record",  // reading and verifying records (section 15)
	}},
	{"thin layers over the domain", []string{
		"go/fair",           // the public API
		"go/internal/audit", // audits of many records
		"go/internal/ops",   // the runner contract (section 10)
	}},
	{"vector generation", []string{
		"go/internal/vectors", // the vectors and example records, generated and checked
	}},
	{"checks of implementations and of requirements", []string{
		"go/internal/conform", // conformance runs of any implementation
		"go/internal/reqs",    // requirement coverage
	}},
	{"the command", []string{
		"go/cmd/pfkit", // pfkit eval, conform, verify, audit, vectors, archive
	}},
	{"tests of the whole", []string{
		"go",              // these house rules (tests only)
		"go/internal/bdd", // the Gherkin features, run by godog (tests only)
	}},
}

// floorOf maps each package directory to its floor's index, and lists the
// packages the table puts on two floors.
func floorOf() (on map[string]int, problems []string) {
	on = map[string]int{}
	for i, f := range floors {
		for _, p := range f.packages {
			if j, twice := on[p]; twice {
				problems = append(problems, fmt.Sprintf("%s is on %s and on %s: a package has one floor", p, describe(j), describe(i)))
			}
			on[p] = i
		}
	}
	return on, problems
}

func describe(i int) string { return "floor " + strconv.Itoa(i) + " (" + floors[i].name + ")" }

// floorProblems lists every import of the kit's code that does not go down to
// a lower floor (test files aside, which may use any floor to cross-check),
// every package on no floor, and every floor entry that holds no .go file.
func floorProblems(mod string, on map[string]int, files []goFile) []string {
	var problems []string
	seen := map[string]bool{}
	for _, f := range files {
		dir := f.pkgDir()
		seen[dir] = true
		from, ok := on[dir]
		if !ok || f.test {
			continue // a package on no floor is reported once, below
		}
		for _, imp := range f.ast.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path != mod && !strings.HasPrefix(path, mod+"/") {
				continue
			}
			to := strings.TrimPrefix(strings.TrimPrefix(path, mod), "/")
			if to == "" {
				to = "."
			}
			at, ok := on[to]
			switch {
			case !ok:
				problems = append(problems, fmt.Sprintf("%s imports %s, which is on no floor", f.path, to))
			case at >= from:
				problems = append(problems, fmt.Sprintf("%s imports %s: %s is on %s, %s on %s; a package imports only from the floors below its own",
					f.path, to, dir, describe(from), to, describe(at)))
			}
		}
	}
	var dirs []string
	for dir := range seen {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		if _, ok := on[dir]; !ok {
			problems = append(problems, dir+" is on no floor: add it to floors in go/floors_test.go, on the lowest floor above everything it imports")
		}
	}
	var listed []string
	for dir := range on {
		if !seen[dir] {
			listed = append(listed, dir)
		}
	}
	sort.Strings(listed)
	for _, dir := range listed {
		problems = append(problems, "floors lists "+dir+", which holds no .go file")
	}
	return problems
}

// Every package of the module is on one floor, and imports only from the
// floors below its own.
func TestImportsGoDownTheFloors(t *testing.T) {
	on, problems := floorOf()
	problems = append(problems, floorProblems(modulePath(t), on, moduleFiles(t))...)
	for _, p := range problems {
		t.Error(p)
	}
}

// The rule catches what it is meant to catch, on files made up for the test:
// an import across a floor and one up, a package on no floor, and a floor
// entry that names nothing; an import down, and a test's import up, pass.
func TestFloorsRuleCatchesImportsUp(t *testing.T) {
	const mod = "example.com/kit"
	on, problems := floorOf()
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	fset := token.NewFileSet()
	file := func(path, imports string) goFile {
		src := "package x\n\nimport (\n" + imports + ")\n"
		f, err := parser.ParseFile(fset, path, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		return goFile{path: path, test: strings.HasSuffix(path, "_test.go"), ast: f, fset: fset}
	}
	var files []goFile
	for _, f := range floors {
		for _, p := range f.packages {
			files = append(files, file(p+"/x.go", "")) // every listed package exists
		}
	}
	files = append(files,
		file("go/internal/record/a.go", `"example.com/kit/go/internal/ops"`+"\n"+`"example.com/kit/go/internal/scheme"`+"\n"),
		file("go/internal/stream/b.go", `"example.com/kit/go/internal/match"`+"\n"+`"strings"`+"\n"),
		file("go/internal/schema/c.go", `"example.com/kit"`+"\n"),
		file("go/internal/ops/d_test.go", `"example.com/kit/go/internal/vectors"`+"\n"),
		file("go/internal/newpkg/e.go", `"example.com/kit/go/internal/errcode"`+"\n"),
		file("go/fair/f.go", `"example.com/kit/go/internal/unlisted"`+"\n"),
	)
	delete(on, "go/internal/lines")
	on["go/internal/gone"] = 0
	got := floorProblems(mod, on, files)
	want := []string{
		"go/internal/record/a.go imports go/internal/ops: go/internal/record is on floor 3 (records), go/internal/ops on floor 4 (thin layers over the domain); a package imports only from the floors below its own",
		"go/internal/stream/b.go imports go/internal/match: go/internal/stream is on floor 1 (checked values, streams and documents), go/internal/match on floor 2 (the schemes); a package imports only from the floors below its own",
		"go/fair/f.go imports go/internal/unlisted, which is on no floor",
		"go/internal/lines is on no floor: add it to floors in go/floors_test.go, on the lowest floor above everything it imports",
		"go/internal/newpkg is on no floor: add it to floors in go/floors_test.go, on the lowest floor above everything it imports",
		"floors lists go/internal/gone, which holds no .go file",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("floorProblems gave\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
