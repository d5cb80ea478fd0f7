package audit

import "github.com/pfkit/pfkit/v2/go/internal/record"

// NoRecords is the exit status of a summary that counts no record (AUD-1):
// an empty archive, one of blank lines only, a folder with no record file,
// a shard that holds no line. It has verified nothing, so it is no pass,
// and it is none of REC-2's statuses either: no check failed and nothing
// was unreadable.
const NoRecords = 4

// Verdicts in words, as a summary's "verdict" member and its text say
// them: the status that decides the exit status (REC-2), or NoVerdict.
const (
	AllVerified = "verified"
	NoVerdict   = "no records"
)

// Exit is the exit status the summary's counts give: REC-2's for a set of
// records, and NoRecords when it counts none.
func (s *Summary) Exit() int {
	if s.Total == 0 {
		return NoRecords
	}
	return record.ExitCode(s.ByStatus)
}

// Verdict names Exit in words: "verified", "failed", "unreadable",
// "unspecified" or "no records".
func (s *Summary) Verdict() string {
	return [...]string{AllVerified, Failed, Unreadable, Unspecified, NoVerdict}[s.Exit()]
}
