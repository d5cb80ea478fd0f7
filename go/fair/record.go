package fair

import (
	"github.com/pfkit/pfkit/go/internal/escape"
	"github.com/pfkit/pfkit/go/internal/record"
)

// The four verdicts a record can get (REC-2).
const (
	Verified    = record.Verified          // every check holds
	Failed      = record.Failed            // a check failed; the report says which and where
	Unreadable  = record.StatusUnreadable  // not JSON, too large, or not valid against its schema
	Unspecified = record.StatusUnspecified // a scheme the pages name but never define (match_seed_v1)
)

// Verdict is what verifying one record gives: Status, and for a verified or
// failed record the Report; for an unreadable or unspecified one, Code and
// Message (Err returns them as an [*Error]).
type Verdict = record.Verdict

// Report lists every check of a record: Checks (each with Name, the JSON
// Pointer it covers, the Requirement behind it, OK, a Summary and the
// Mismatches, each with what the reference computes and what the record says),
// and Notes on what the checks prove and what they do not.
type Report = record.Report

// Check is one line of a [Report].
type Check = record.Check

// Mismatch is one value a record gets wrong: its JSON Pointer, the place in
// words, the expected value and the one found.
type Mismatch = record.Mismatch

// VerifyRecord reads a record (a JSON document of at most 16 MiB, section 15)
// and checks it against the reference: a match_seed_v2 match, a poker_hmac_v1
// leave bundle or session reveal, a chess_colour_v1 game, or a selfpoker_v1
// hand_end message.
func VerifyRecord(data []byte) Verdict { return record.Judge(data) }

// ExitCode is the exit status of a run over several records, from how many got
// each verdict: 1 when a check failed, else 2 when a record was unreadable,
// else 3 when one named an unspecified scheme, else 0 (REC-2, decision D-21).
func ExitCode(byStatus map[string]int) int { return record.ExitCode(byStatus) }

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
