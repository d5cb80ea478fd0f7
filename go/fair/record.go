package fair

import (
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/record"
)

// Status is the verdict a record gets (REC-2).
type Status string

// The four verdicts a record can get (REC-2).
const (
	Verified    Status = "verified"    // every check holds
	Failed      Status = "failed"      // a check failed; the report says which and where
	Unreadable  Status = "unreadable"  // not JSON, too large, or not valid against its schema
	Unspecified Status = "unspecified" // a scheme the site has not yet published (match_seed_v1)
)

// Verdict is what verifying one record gives.
type Verdict struct {
	Status  Status
	Report  *Report // every check, for a Verified or Failed record; nil otherwise
	Code    Code    // for an Unreadable or Unspecified record: the error code
	Message string  // with Code: what was expected and what was found
	Scheme  string  // for an Unspecified record: the scheme it names
}

// Reason is the verdict's error in one line, "code: message", or "" for a
// record that has a report.
func (v Verdict) Reason() string {
	if v.Report != nil {
		return ""
	}
	return string(v.Code) + ": " + v.Message
}

// Err is the verdict's error, an [*Error] with its Code and Message, or nil
// for a record that has a report (verified or failed).
func (v Verdict) Err() error {
	if v.Report != nil {
		return nil
	}
	return &Error{Code: v.Code, Message: v.Message}
}

// Report lists every check of a record, and notes on what the checks prove
// and what they do not. Its JSON form is the one pfkit verify --json writes.
type Report struct {
	Scheme string  `json:"scheme"`
	Kind   string  `json:"kind"`
	Status Status  `json:"status"` // Verified or Failed
	Title  string  `json:"title"`
	Checks []Check `json:"checks"`
	// Notes say what the checks prove and what they do not.
	Notes []string `json:"notes"`
}

// Failures lists the JSON Pointers of every mismatch, and of every failed
// check without mismatches: what two implementations must agree on (REC-9).
func (r *Report) Failures() []string { return r.internal().Failures() }

// Check is one line of a [Report].
type Check struct {
	Name        string     `json:"name"`        // "deal 3", "commitment"
	Pointer     string     `json:"pointer"`     // the JSON Pointer of the part of the record checked
	Requirement string     `json:"requirement"` // the specification's requirement behind the check
	OK          bool       `json:"ok"`
	Summary     string     `json:"summary"`              // one line, for a person
	Mismatches  []Mismatch `json:"mismatches,omitempty"` // the first MaxMismatches found, in the record's order (REC-10)
	More        int        `json:"more"`                 // how many were found past them; Summary counts them all
}

// MaxMismatches is how many mismatches a [Check] lists (REC-10).
const MaxMismatches = 64

// Mismatch is one value a record gets wrong.
type Mismatch struct {
	Pointer  string `json:"pointer"`  // the JSON Pointer (RFC 6901) of the value in the record
	Where    string `json:"where"`    // the same place in words: "deal 3, seat 2, card 7"
	Expected string `json:"expected"` // what the reference computes
	Found    string `json:"found"`    // what the record says
}

// VerifyRecord reads a record (a JSON document of at most 16 MiB, section 15)
// and checks it against the reference: a match_seed_v2 match, a poker_hmac_v1
// leave bundle or session reveal, a chess_colour_v1 game, or a selfpoker_v1
// hand_end message.
func VerifyRecord(data []byte) Verdict { return verdictOf(record.Judge(data)) }

// ExitCode is the exit status of a run over several records, from how many got
// each verdict: 1 when a check failed, else 2 when a record was unreadable,
// else 3 when one named an unspecified scheme, else 0 (REC-2, decision D-21).
func ExitCode(byStatus map[Status]int) int {
	counts := make(map[string]int, len(byStatus))
	for s, n := range byStatus {
		counts[string(s)] += n
	}
	return record.ExitCode(counts)
}

// ShowText is text from a record, or a file name, as a verifier shows it on a
// terminal (TXT-2): control, bidi and other format characters and U+FFFD
// written \u{XXXX}, a backslash \\ and a double quote \". Put it between
// double quotes inside a sentence. A report's own messages already quote
// record text this way.
func ShowText(s string) string { return escape.Text(s) }

// ShowLine escapes the hidden characters of one line of output and nothing
// else (TXT-3): pass every line of a report through it before writing it, so
// that no message, whoever composed it, carries a control character.
func ShowLine(s string) string { return escape.Line(s) }

// verdictOf is the reference's verdict in this package's types.
func verdictOf(v record.Verdict) Verdict {
	out := Verdict{Status: Status(v.Status), Code: Code(v.Code), Message: v.Message, Scheme: v.Scheme}
	if r := v.Report; r != nil {
		out.Report = &Report{Scheme: r.Scheme, Kind: r.Kind, Status: Status(r.Status), Title: r.Title,
			Checks: make([]Check, len(r.Checks)), Notes: r.Notes}
		for i, c := range r.Checks {
			out.Report.Checks[i] = Check{Name: c.Name, Pointer: c.Pointer, Requirement: c.Requirement, OK: c.OK, Summary: c.Summary, More: c.More}
			if c.Mismatches != nil {
				out.Report.Checks[i].Mismatches = make([]Mismatch, len(c.Mismatches))
				for j, m := range c.Mismatches {
					out.Report.Checks[i].Mismatches[j] = Mismatch(m)
				}
			}
		}
	}
	return out
}

// internal is the report in the reference's types, for the rules it keeps.
func (r *Report) internal() *record.Report {
	out := &record.Report{Scheme: r.Scheme, Kind: r.Kind, Status: string(r.Status), Title: r.Title,
		Checks: make([]record.Check, len(r.Checks)), Notes: r.Notes}
	for i, c := range r.Checks {
		out.Checks[i] = record.Check{Name: c.Name, Pointer: c.Pointer, Requirement: c.Requirement, OK: c.OK, Summary: c.Summary, More: c.More}
		for _, m := range c.Mismatches {
			out.Checks[i].Mismatches = append(out.Checks[i].Mismatches, record.Mismatch(m))
		}
	}
	return out
}
