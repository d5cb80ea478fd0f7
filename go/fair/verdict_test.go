package fair

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pfkit/pfkit/v2/go/internal/record"
)

// VerifyRecord gives every example record the verdict the record verifier
// gives it, field for field: the report's JSON is the bytes pfkit verify
// --json is built from, and Failures, Reason and Err say the same.
func TestVerdictsAreTheVerifiers(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("..", "..", "vectors", "records", "*.json"))
	if err != nil || len(names) < 100 {
		t.Fatalf("expected the example records, found %d (%v)", len(names), err)
	}
	statuses := map[Status]int{}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		got, want := VerifyRecord(data), record.Judge(data)
		statuses[got.Status]++
		if string(got.Status) != want.Status || string(got.Code) != string(want.Code) || got.Message != want.Message || got.Scheme != want.Scheme {
			t.Errorf("%s: verdict %+v, the verifier's %+v", name, got, want)
		}
		if got.Reason() != want.Reason() || (got.Err() == nil) != (want.Err() == nil) || (got.Err() != nil && got.Err().Error() != want.Err().Error()) {
			t.Errorf("%s: Reason %q and Err %v, the verifier's %q and %v", name, got.Reason(), got.Err(), want.Reason(), want.Err())
		}
		if (got.Report == nil) != (want.Report == nil) {
			t.Fatalf("%s: report %v, the verifier's %v", name, got.Report != nil, want.Report != nil)
		}
		if got.Report == nil {
			continue
		}
		g, _ := json.Marshal(got.Report)
		w, _ := json.Marshal(want.Report)
		if string(g) != string(w) {
			t.Errorf("%s: report\n%s\nthe verifier's\n%s", name, g, w)
		}
		if !slices.Equal(got.Report.Failures(), want.Report.Failures()) {
			t.Errorf("%s: failures %v, the verifier's %v", name, got.Report.Failures(), want.Report.Failures())
		}
	}
	for _, s := range []Status{Verified, Failed, Unreadable, Unspecified} {
		if statuses[s] == 0 {
			t.Errorf("no example record is %s", s)
		}
	}
}

// The exit status of a run: a failed check before an unreadable record before
// an unspecified scheme (REC-2, decision D-21).
func TestExitCode(t *testing.T) {
	for _, c := range []struct {
		counts map[Status]int
		want   int
	}{
		{nil, 0},
		{map[Status]int{Verified: 3}, 0},
		{map[Status]int{Verified: 3, Unspecified: 1}, 3},
		{map[Status]int{Unspecified: 1, Unreadable: 1}, 2},
		{map[Status]int{Unspecified: 2, Unreadable: 1, Failed: 1, Verified: 5}, 1},
		{map[Status]int{Failed: 0, Verified: 1}, 0},
	} {
		if got := ExitCode(c.counts); got != c.want {
			t.Errorf("ExitCode(%v) = %d, want %d", c.counts, got, c.want)
		}
	}
}
