package reqs

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Index is what a reference into the spec can name: its requirement ids and
// their kinds, its decisions, and its sections by number, title and anchor.
type Index struct {
	IDs       map[string]bool
	Kinds     []string
	Decisions map[int]bool
	Sections  map[string]string // number ("10.1") -> title ("Ops")
	Titles    map[string]string // title -> number
	Anchors   map[string]bool   // "101-ops", as a Markdown renderer writes it
	Steps     map[string]int    // requirement id -> the numbered steps of its paragraph
}

var (
	heading  = regexp.MustCompile(`(?m)^#{2,3} ([0-9]+(?:\.[0-9]+)?)\.? (.+)$`)
	decision = regexp.MustCompile(`(?m)^\*\*D-([0-9]+)\.`)
)

// LoadIndex reads the spec's ids, decisions and headings.
func LoadIndex(specPath string) (*Index, error) {
	data, err := os.ReadFile(specPath)
	if err != nil {
		return nil, err
	}
	text := string(data)
	ix := &Index{IDs: map[string]bool{}, Decisions: map[int]bool{}, Sections: map[string]string{}, Titles: map[string]string{},
		Anchors: map[string]bool{}, Steps: map[string]int{}}
	for _, m := range defined.FindAllStringSubmatchIndex(text, -1) {
		id := text[m[2]:m[3]]
		ix.IDs[id] = true
		ix.Steps[id] = steps(text[m[1]:])
		kind := id[:strings.LastIndexByte(id, '-')]
		if !slices.Contains(ix.Kinds, kind) {
			ix.Kinds = append(ix.Kinds, kind)
		}
	}
	for _, m := range decision.FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[1])
		ix.Decisions[n] = true
	}
	for _, m := range heading.FindAllStringSubmatch(text, -1) {
		ix.Sections[m[1]] = m[2]
		ix.Titles[m[2]] = m[1]
		ix.Anchors[anchor(m[1]+". "+m[2])] = true
	}
	if len(ix.IDs) == 0 || len(ix.Decisions) == 0 || len(ix.Sections) == 0 {
		return nil, fmt.Errorf("%s: no requirement ids, decisions or numbered sections found", specPath)
	}
	return ix, nil
}

// steps counts the numbered list items ("1. ", "2. ", at the start of a
// line) of a requirement's text, which runs to the next requirement or
// heading.
func steps(rest string) int {
	n := 0
	for _, line := range strings.Split(rest, "\n") {
		if strings.HasPrefix(line, "**[") || strings.HasPrefix(line, "#") {
			break
		}
		if strings.HasPrefix(line, strconv.Itoa(n+1)+". ") {
			n++
		}
	}
	return n
}

// anchor is a heading's anchor as GitHub writes it: lower case, every
// character but letters, digits, spaces, hyphens and underscores dropped,
// spaces made hyphens.
func anchor(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Stale is a reference that names nothing the spec holds.
type Stale struct {
	Place string // file:line
	Ref   string // the reference as written
	Why   string
}

func (s Stale) String() string { return s.Place + ": " + s.Ref + ": " + s.Why }

var (
	// The words for "section" of the pages' languages, then one number or a
	// list of them ("sections 9 and 10.1").
	sectionRef = regexp.MustCompile(`\b(?:[Ss]ections?|[Ss]ezion[ei]|Abschnitte?|[Ss]ecties?)\s+([0-9]+(?:\.[0-9]+)*(?:\s*(?:,|and|or|to|e|und|et|en|-)\s*[0-9]+(?:\.[0-9]+)*)*)`)
	number     = regexp.MustCompile(`[0-9]+(?:\.[0-9]+)*`)
	// A section named by its title, the title in double quotes after the word
	// and, where given, the number and a comma, as in the doc comment of
	// package ops, or after the spec's file name and a comma, as in package
	// errcode's; several titles joined by "and".
	titleRef = regexp.MustCompile(`(?:\b[Ss]ections?\s+(?:([0-9]+(?:\.[0-9]+)?),?\s+)?|pfkit\.md,\s+)("[A-Za-z0-9][^"]{0,79}"(?:\s*(?:,|and|or)\s*"[A-Za-z0-9][^"]{0,79}")*)`)
	quoted   = regexp.MustCompile(`"([^"]+)"`)

	// Another document's section: RFC 3339 section 5.6, FIPS 180-4 section 4.2.2.
	external  = regexp.MustCompile(`(?:RFC|FIPS|ECMA|ISO|Unicode)[^.;:()]{0,24}$`)
	externalB = regexp.MustCompile(`^\s*of (?:RFC|FIPS|ECMA|ISO|the Unicode)`)
	// An id: a requirement's if its kind is one of the spec's, a decision's
	// if its kind is D; a numbered step of a requirement may follow it.
	idRef     = regexp.MustCompile(`\b([A-Z][A-Z0-9]*)-([0-9]+)\b`)
	stepAfter = regexp.MustCompile(`^,? steps? ([0-9]+)\b`)
	specLink  = regexp.MustCompile(`(?:pfkit\.md|\]\()#([a-z0-9_-]+)`)
	// A comment leader at the start of a line, which flatten drops.
	leader = regexp.MustCompile(`^[ \t]*(?://+|#+|\*+|--)?[ \t]*`)
)

// flatten joins every line to the next with one space, the next line's
// indentation and comment leader dropped, so that a reference broken across
// the lines of a comment reads whole; starts holds the offset of each line in
// the joined text.
func flatten(text string) (string, []int) {
	var b strings.Builder
	var starts []int
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			line = line[len(leader.FindString(line)):]
			b.WriteByte(' ')
		}
		starts = append(starts, b.Len())
		b.WriteString(line)
	}
	return b.String(), starts
}

func lineAt(starts []int, off int) int {
	return sort.Search(len(starts), func(i int) bool { return starts[i] > off })
}

// Check lists the references in text (the file name) that name a section,
// requirement or decision the spec does not have.
func (ix *Index) Check(name, text string) []Stale {
	flat, starts := flatten(text)
	var out []Stale
	add := func(off int, ref, why string) {
		out = append(out, Stale{Place: name + ":" + strconv.Itoa(lineAt(starts, off)), Ref: ref, Why: why})
	}
	for _, m := range idRef.FindAllStringSubmatchIndex(flat, -1) {
		ix.checkID(flat[m[0]:m[1]], flat[m[2]:m[3]], flat[m[1]:min(len(flat), m[1]+12)], func(ref, why string) { add(m[0], ref, why) })
	}
	for _, m := range sectionRef.FindAllStringSubmatchIndex(flat, -1) {
		if external.MatchString(flat[max(0, m[0]-40):m[0]]) || externalB.MatchString(flat[m[1]:min(len(flat), m[1]+20)]) {
			continue
		}
		for _, n := range number.FindAllString(flat[m[2]:m[3]], -1) {
			if _, ok := ix.Sections[n]; !ok {
				add(m[0], flat[m[0]:m[1]], "the spec has no section "+n)
			}
		}
	}
	for _, m := range titleRef.FindAllStringSubmatchIndex(flat, -1) {
		for _, q := range quoted.FindAllStringSubmatch(flat[m[4]:m[5]], -1) {
			num, ok := ix.Titles[q[1]]
			switch {
			case !ok:
				add(m[0], flat[m[0]:m[1]], "the spec has no section titled "+strconv.Quote(q[1]))
			case m[2] >= 0 && flat[m[2]:m[3]] != num:
				add(m[0], flat[m[0]:m[1]], "section "+flat[m[2]:m[3]]+" is "+strconv.Quote(ix.Sections[flat[m[2]:m[3]]])+"; "+strconv.Quote(q[1])+" is section "+num)
			}
		}
	}
	for _, m := range specLink.FindAllStringSubmatchIndex(flat, -1) {
		// A bare #anchor is the spec's own only in the spec.
		if a := flat[m[2]:m[3]]; !ix.Anchors[a] && (strings.HasPrefix(flat[m[0]:], "pfkit.md") || name == SpecPath) {
			add(m[0], "#"+a, "no heading of the spec has the anchor #"+a)
		}
	}
	return out
}

// checkID judges one id of the form KIND-N, what follows it given for a step
// ("RUN-6 step 5").
func (ix *Index) checkID(id, kind, after string, add func(ref, why string)) {
	switch {
	case kind == "D":
		if n, _ := strconv.Atoi(id[2:]); !ix.Decisions[n] {
			add(id, "the spec records no decision "+id)
		}
	case !slices.Contains(ix.Kinds, kind):
	case !ix.IDs[id]:
		add(id, "the spec defines no requirement "+id)
	default:
		if s := stepAfter.FindStringSubmatch(after); s != nil {
			if k, _ := strconv.Atoi(s[1]); k > ix.Steps[id] {
				add(id+s[0], id+" has "+strconv.Itoa(ix.Steps[id])+" numbered steps")
			}
		}
	}
}

// SpecPath is the spec's place in the repository.
const SpecPath = "spec/pfkit.md"

// Cited are the files whose references must resolve, relative to the
// repository root: the spec, its schemas and pages, the code and tests of the
// three implementations and the tools, the vectors' files (not the example
// records, which are data) and index, the scenarios and every README. Copies
// that a generator writes from these (verifier.js, spec.py, the schema data)
// are left out: their freshness checks tie them to their sources.
var Cited = struct {
	Files, Dirs []string
	Skip        []string
	Exts        []string
}{
	Files: []string{SpecPath, "README.md", "CONTRIBUTING.md", "CHANGELOG.md", "Makefile", "pfkit.go"},
	Dirs:  []string{"spec/schemas", "spec/pages", "go", "node", "python", "tools", "tests", "vectors", "features"},
	Skip: []string{"node/node_modules", "node/verifier.js", "node/src/record_schemas.js", "python/.venv", "python/.venv-numpy1",
		"python/src/pfkit/spec.py", "python/src/pfkit/_record_schemas_data.py", "vectors/records"},
	Exts: []string{".go", ".js", ".py", ".md", ".json", ".feature", ".html", ".css", ".toml"},
}

// CitingFiles lists the files of Cited under root, sorted, relative and with
// forward slashes; testdata folders (fuzz corpora) and dot folders are not
// read.
func CitingFiles(root string) ([]string, error) {
	out := append([]string(nil), Cited.Files...)
	for _, d := range Cited.Dirs {
		err := filepath.WalkDir(filepath.Join(root, d), func(p string, e os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			rel = filepath.ToSlash(rel)
			if e.IsDir() {
				if slices.Contains(Cited.Skip, rel) || e.Name() == "testdata" || e.Name() == "__pycache__" || strings.HasPrefix(e.Name(), ".") {
					return filepath.SkipDir
				}
				return nil
			}
			if !slices.Contains(Cited.Skip, rel) && slices.Contains(Cited.Exts, filepath.Ext(p)) {
				out = append(out, rel)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}

// LoadExamples reads references to nothing made on purpose (the messages a
// contributor sees when an id is cited before it is defined, a link a test
// breaks), one "FILE<TAB>REFERENCE" a line; # starts a comment.
func LoadExamples(path string) (map[string][]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		file, ref, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("%s:%d: expected FILE<TAB>REFERENCE", path, i+1)
		}
		out[file] = append(out[file], ref)
	}
	return out, nil
}

// CheckTree checks every file of Cited under root, leaving out the examples
// and reporting an example that is no longer found, so that the list of
// examples cannot outlive its reasons.
func (ix *Index) CheckTree(root string, examples map[string][]string) ([]Stale, error) {
	files, err := CitingFiles(root)
	if err != nil {
		return nil, err
	}
	var out []Stale
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			return nil, err
		}
		found := map[string]bool{}
		for _, s := range ix.Check(f, string(data)) {
			if slices.Contains(examples[f], s.Ref) {
				found[s.Ref] = true
				continue
			}
			out = append(out, s)
		}
		for _, ref := range examples[f] {
			if !found[ref] {
				out = append(out, Stale{Place: f, Ref: ref, Why: "listed as an example, but no longer a reference to nothing here"})
			}
		}
	}
	return out, nil
}
