package record

import (
	"fmt"
	"strconv"
	"strings"
)

// Mismatch is one value the record gets wrong.
type Mismatch struct {
	Pointer  string `json:"pointer"`  // RFC 6901 pointer to the value in the record
	Where    string `json:"where"`    // the same place in words: "deal 3, seat 2, card 7"
	Expected string `json:"expected"` // what the reference computes
	Found    string `json:"found"`    // what the record says
}

// Check is one line of a report.
type Check struct {
	Name        string     `json:"name"`        // "deal 3", "commitment"
	Pointer     string     `json:"pointer"`     // where in the record the checked part is
	Requirement string     `json:"requirement"` // the spec requirement behind the check
	OK          bool       `json:"ok"`
	Summary     string     `json:"summary"` // one line, for a person
	Mismatches  []Mismatch `json:"mismatches,omitempty"`
}

// Report is the verdict on one record.
type Report struct {
	Scheme string  `json:"scheme"`
	Kind   string  `json:"kind"`
	Status string  `json:"status"` // verified or failed
	Title  string  `json:"title"`
	Checks []Check `json:"checks"`
	// Notes say what the checks prove and what they do not.
	Notes []string `json:"notes"`
}

// Status values of a verified record (REC-2). Unreadable and unspecified
// records have no report; see Unreadable and Unspecified.
const (
	Verified = "verified"
	Failed   = "failed"
)

// Failures lists the pointers of every mismatch, and of every failed check
// without mismatches: what two implementations must agree on (REC-9).
func (r *Report) Failures() []string {
	var out []string
	for _, c := range r.Checks {
		if c.OK {
			continue
		}
		if len(c.Mismatches) == 0 {
			out = append(out, c.Pointer)
		}
		for _, m := range c.Mismatches {
			out = append(out, m.Pointer)
		}
	}
	return out
}

// report builds a Report check by check.
type report struct{ Report }

func (r *report) pass(name, pointer, req, summary string) {
	r.Checks = append(r.Checks, Check{Name: name, Pointer: pointer, Requirement: req, OK: true, Summary: summary})
}

func (r *report) fail(name, pointer, req, summary string, ms ...Mismatch) {
	r.Checks = append(r.Checks, Check{Name: name, Pointer: pointer, Requirement: req, OK: false, Summary: summary, Mismatches: ms})
}

// equal adds a check comparing one value.
func (r *report) equal(name, pointer, req, expected, found, okSummary string) bool {
	if expected == found {
		r.pass(name, pointer, req, okSummary)
		return true
	}
	r.fail(name, pointer, req, fmt.Sprintf("expected %s, record has %s", expected, found),
		Mismatch{Pointer: pointer, Where: name, Expected: expected, Found: found})
	return false
}

// list compares two lists element by element; where names element i.
type list struct {
	pointer string
	where   func(i int) string
	want    []string
	got     []string
}

// comparison is a list or a single value to compare.
type comparison interface{ mismatches() []Mismatch }

// one is a single value compared inside a group of lists.
type one Mismatch

func single(pointer, where, want, got string) one {
	return one{Pointer: pointer, Where: where, Expected: want, Found: got}
}

func (o one) mismatches() []Mismatch {
	if o.Expected == o.Found {
		return nil
	}
	return []Mismatch{Mismatch(o)}
}

func (l list) mismatches() []Mismatch {
	var ms []Mismatch
	for i := 0; i < len(l.want) || i < len(l.got); i++ {
		w, g := "nothing", "nothing"
		if i < len(l.want) {
			w = l.want[i]
		}
		if i < len(l.got) {
			g = l.got[i]
		}
		if w != g {
			ms = append(ms, Mismatch{Pointer: l.pointer + "/" + strconv.Itoa(i), Where: l.where(i), Expected: w, Found: g})
		}
	}
	return ms
}

// lists adds one check over several lists, passing when all agree.
func (r *report) lists(name, pointer, req, okSummary string, ls ...comparison) {
	var ms []Mismatch
	for _, l := range ls {
		ms = append(ms, l.mismatches()...)
	}
	if len(ms) == 0 {
		r.pass(name, pointer, req, okSummary)
		return
	}
	noun := "value differs"
	if len(ms) > 1 {
		noun = "values differ"
	}
	r.fail(name, pointer, req, fmt.Sprintf("%d %s", len(ms), noun), ms...)
}

// group adds one check that the caller has already compared: when ok, it
// passes without building the lists; otherwise build gives the lists whose
// mismatches the failure reports.
func (r *report) group(name, pointer, req, okSummary string, ok bool, build func() []comparison) {
	if ok {
		r.pass(name, pointer, req, okSummary)
		return
	}
	r.lists(name, pointer, req, okSummary, build()...)
}

func (r *report) done(notes ...string) *Report {
	r.Status = Verified
	for _, c := range r.Checks {
		if !c.OK {
			r.Status = Failed
		}
	}
	r.Notes = append([]string{}, notes...)
	if r.Checks == nil {
		r.Checks = []Check{}
	}
	return &r.Report
}

// ptr builds a JSON pointer from keys and indexes.
func ptr(parts ...any) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteByte('/')
		switch x := p.(type) {
		case int:
			b.WriteString(strconv.Itoa(x))
		case string:
			b.WriteString(x)
		default:
			b.WriteString(fmt.Sprint(x))
		}
	}
	return b.String()
}

func itoas(xs []int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strconv.Itoa(x)
	}
	return out
}

func join(xs []string) string { return strings.Join(xs, " ") }
