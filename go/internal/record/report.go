package record

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/words"
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
	Summary     string     `json:"summary"`              // one line, for a person
	Mismatches  []Mismatch `json:"mismatches,omitempty"` // the first MaxMismatches found (REC-10)
	More        int        `json:"more"`                 // how many were found past them, not kept
}

// MaxMismatches is how many mismatches a check keeps (REC-10): a record can
// differ from its deal in every one of 600,000 values, and a report naming
// each would cost memory in proportion.
const MaxMismatches = 64

// mismatches keeps the first MaxMismatches of a check's mismatches and counts
// the rest (REC-10).
type mismatches struct {
	kept []Mismatch
	more int
}

// full says the next mismatch will only be counted, so a caller may skip
// building it.
func (ms *mismatches) full() bool { return len(ms.kept) >= MaxMismatches }

func (ms *mismatches) add(m Mismatch) {
	if ms.full() {
		ms.more++
		return
	}
	ms.kept = append(ms.kept, m)
}

// count is every mismatch found, kept or not.
func (ms *mismatches) count() int { return len(ms.kept) + ms.more }

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
	var all mismatches
	for _, m := range ms {
		all.add(m)
	}
	r.failMany(name, pointer, req, summary, &all)
}

// failMany adds a failed check with the mismatches kept and counted.
func (r *report) failMany(name, pointer, req, summary string, ms *mismatches) {
	r.Checks = append(r.Checks, Check{Name: name, Pointer: pointer, Requirement: req, OK: false, Summary: summary, Mismatches: ms.kept, More: ms.more})
}

// equal adds a check comparing one value. A failure's summary says in words
// what failed (failSummary: "SHA-256 of … is not the commitment …", or "1
// value differs"); the two values are its one detail line, never repeated in
// the summary.
func (r *report) equal(name, pointer, req, expected, found, okSummary, failSummary string) bool {
	if expected == found {
		r.pass(name, pointer, req, okSummary)
		return true
	}
	r.fail(name, pointer, req, failSummary,
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

// comparison is a list or a single value to compare; collect adds its
// mismatches to ms.
type comparison interface{ collect(ms *mismatches) }

// one is a single value compared inside a group of lists.
type one Mismatch

func single(pointer, where, want, got string) one {
	return one{Pointer: pointer, Where: where, Expected: want, Found: got}
}

func (o one) collect(ms *mismatches) {
	if o.Expected != o.Found {
		ms.add(Mismatch(o))
	}
}

func (l list) collect(ms *mismatches) {
	for i := 0; i < len(l.want) || i < len(l.got); i++ {
		w, g := words.Text("cli.value.nothing"), words.Text("cli.value.nothing")
		if i < len(l.want) {
			w = l.want[i]
		}
		if i < len(l.got) {
			g = l.got[i]
		}
		switch {
		case w == g:
		case ms.full():
			ms.more++
		default:
			ms.add(Mismatch{Pointer: l.pointer + "/" + strconv.Itoa(i), Where: l.where(i), Expected: w, Found: g})
		}
	}
}

// lists adds one check over several lists, passing when all agree.
func (r *report) lists(name, pointer, req, okSummary string, ls ...comparison) {
	var ms mismatches
	for _, l := range ls {
		l.collect(&ms)
	}
	n := ms.count()
	if n == 0 {
		r.pass(name, pointer, req, okSummary)
		return
	}
	r.failMany(name, pointer, req, words.Text("cli.summary.differ", "n", n), &ms)
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

func join(xs []string) string { return strings.Join(xs, " ") }
