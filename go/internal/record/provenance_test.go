package record

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// provenance reads the table of spec section 15.2: for each record kind, the
// requirement ids of the checks a verifier may make, and what each row cites.
func provenance(t *testing.T) (map[string]map[string]bool, []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "spec", "pfkit.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	start := strings.Index(text, "### 15.2 ")
	if start < 0 {
		t.Fatal("spec section 15.2 is missing")
	}
	rows := map[string]map[string]bool{}
	var sources []string
	for _, line := range strings.Split(text[start:], "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if !strings.HasPrefix(line, "| ") || len(cells) != 4 || cells[0] == "record" {
			continue
		}
		kind, id := strings.TrimSpace(cells[0]), strings.TrimSpace(cells[2])
		if rows[kind] == nil {
			rows[kind] = map[string]bool{}
		}
		rows[kind][id] = true
		sources = append(sources, cells[3])
	}
	return rows, sources
}

// TestEveryCheckCitesItsSource verifies every example record and requires each
// check it reports to have a row in section 15.2, and each row to cite a line
// of the published pages (quoted) or a declared reading (READ-n).
func TestEveryCheckCitesItsSource(t *testing.T) {
	rows, sources := provenance(t)
	quote := regexp.MustCompile(`"[^"]+"|` + "`[^`]+`")
	for _, s := range sources {
		if !quote.MatchString(s) && !strings.Contains(s, "READ-") {
			t.Errorf("section 15.2 row cites neither a page nor a reading: %s", s)
		}
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "vectors", "records", "*.json"))
	seen := 0
	for _, f := range files {
		data, _ := os.ReadFile(f)
		rep, err := VerifyBytes(data)
		if err != nil {
			continue // refused: no verdict, no check
		}
		for _, c := range rep.Checks {
			seen++
			if !rows[rep.Kind][c.Requirement] {
				t.Errorf("%s: check %q (%s) of a %s record has no row in spec section 15.2", filepath.Base(f), c.Name, c.Requirement, rep.Kind)
			}
		}
	}
	if seen < 100 {
		t.Fatalf("only %d checks seen in the example records", seen)
	}
}
