package audit

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/record"
)

// The reasons a summary counts (Summary.add): one "failed check: NAME" for
// every failed check of a failed record, one "unreadable: CLAUSE" for every
// unreadable record.
const (
	failedCheck      = "failed check: "
	unreadableReason = "unreadable: "
)

// emptySHA256 is the SHA-256 of nothing: what a shard that holds no line or
// record file read.
var emptySHA256 = func() string { d := sha256.Sum256(nil); return hex.EncodeToString(d[:]) }()

// consistent checks that a shard's summary is one a run can write, with
// nothing but the summary at hand (AUD-2): its counts, reasons and problems
// listed agree with each other as Summary.add builds them, and its lines
// with its range.
func (s *Summary) consistent() error {
	if err := s.linesAddUp(); err != nil {
		return err
	}
	if err := s.countsAddUp(); err != nil {
		return err
	}
	if err := s.examplesFit(); err != nil {
		return err
	}
	if err := s.statsFit(); err != nil {
		return err
	}
	return s.reasonsAddUp()
}

// linesAddUp holds the shard's lines to its range and its counts: every line
// it holds is a record or blank (total + blank = lines), a line takes at
// least a byte, a folder's shard holds one record per file, and what it read
// hashes as nothing when it read nothing and as the archive when it read all
// of it.
func (s *Summary) linesAddUp() error {
	sh, arc := s.Shard, s.Archive
	from, to := sh.Range[0], sh.Range[1]
	held := int64(0)
	switch {
	case arc.Bytes < 0 || (arc.Form == "lines" && arc.Files != 0) || arc.Files < 0 || (arc.Form != "lines" && arc.Form != "folder"):
		return fmt.Errorf("archive %s; expected a file of lines or a folder of record files, of 0 bytes or more", arc.describe())
	case from < 0 || to < from:
		return fmt.Errorf("range [%d, %d); expected 0 <= from <= to", from, to)
	case sh.First == 0 && sh.Last == 0:
	case sh.First < 1 || sh.Last < sh.First:
		return fmt.Errorf("lines or record files %d to %d; expected 1 <= first <= last, or both 0", sh.First, sh.Last)
	default:
		held = sh.Last - sh.First + 1
	}
	unit := "lines"
	if arc.Form == "folder" {
		unit = "record files"
	}
	switch {
	case held > to-from:
		return fmt.Errorf("%s %d to %d in range [%d, %d); expected at most one a byte or file", unit, sh.First, sh.Last, from, to)
	case (held == 0) != (from == to):
		return fmt.Errorf("range [%d, %d) and %s %d to %d; expected an empty range exactly when no %s", from, to, unit, sh.First, sh.Last, unit)
	case s.Total < 0 || s.Blank < 0 || int64(s.Total) > held || int64(s.Blank) > held-int64(s.Total) || int64(s.Total+s.Blank) != held:
		return fmt.Errorf("%d records and %d blank lines, and %s %d to %d (%d); expected each line a record or blank", s.Total, s.Blank, unit, sh.First, sh.Last, held)
	case arc.Form == "folder" && (s.Blank != 0 || held != to-from || (held > 0 && sh.First != from+1)):
		return fmt.Errorf("record files %d to %d, range [%d, %d) and %d blank lines; expected the files of the range, none blank", sh.First, sh.Last, from, to, s.Blank)
	case from == to && sh.SHA256 != emptySHA256:
		return fmt.Errorf("an empty range whose SHA-256 is %s; expected that of nothing, %s", escape.Clipped(sh.SHA256), emptySHA256)
	case from == 0 && to == arc.size() && sh.SHA256 != arc.SHA256:
		return fmt.Errorf("the whole archive as its range, and a SHA-256 %s; expected the archive's, %s", escape.Clipped(sh.SHA256), escape.Clipped(arc.SHA256))
	}
	return nil
}

// countsAddUp checks the counts by status and by kind: each a whole number
// of records from 1 to the total (a status no record has is left out), the
// statuses summing to the total and each status's count the sum over kinds.
func (s *Summary) countsAddUp() error {
	if err := countsOf("byStatus", s.ByStatus, s.Total); err != nil {
		return err
	}
	n := 0
	for _, v := range s.ByStatus {
		n += v // at most 4 counts, each at most the total: no overflow
	}
	if n != s.Total {
		return fmt.Errorf("a total of %d, and %d records by status", s.Total, n)
	}
	byKind := map[string]int{}
	for kind, counts := range s.ByKind {
		if err := countsOf("byKind "+escape.Quoted(kind), counts, s.Total); err != nil {
			return err
		}
		for st, v := range counts {
			if byKind[st] > s.ByStatus[st]-v {
				return fmt.Errorf("%d records %s, and more than that by scheme", s.ByStatus[st], st)
			}
			byKind[st] += v
		}
	}
	for _, st := range record.Statuses {
		if byKind[st] != s.ByStatus[st] {
			return fmt.Errorf("%d records %s, and %d by scheme", s.ByStatus[st], st, byKind[st])
		}
	}
	return nil
}

func countsOf(what string, counts map[string]int, total int) error {
	for st, v := range counts {
		if !slices.Contains(record.Statuses, st) {
			return fmt.Errorf("%s counts records %s; expected only %s", what, escape.Quoted(st), strings.Join(record.Statuses, ", "))
		}
		if v < 1 || v > total {
			return fmt.Errorf("%s counts %d records %s; expected 1 to the total, %d (a status no record has is left out)", what, v, st, total)
		}
	}
	return nil
}

// examplesFit checks the problems listed: the first MaxExamples of the
// shard's records that are not verified, each at a line (or record file) of
// the shard, in archive order, with a status and kind the counts hold, a
// reason, and failed checks exactly when it failed.
func (s *Summary) examplesFit() error {
	problems := s.Total - s.ByStatus[Verified]
	if want := min(MaxExamples, problems); len(s.Examples) != want {
		return fmt.Errorf("%d problems listed, and %d records not verified; expected the first %d of them listed", len(s.Examples), problems, want)
	}
	seen := map[[2]string]int{}
	var prev int64
	for i, e := range s.Examples {
		kind := kindOf(e)
		seen[[2]string{kind, e.Status}]++
		switch {
		case e.Status == Verified || !slices.Contains(record.Statuses, e.Status):
			return fmt.Errorf("problem %d is %s; expected failed, unreadable or unspecified", i+1, escape.Quoted(e.Status))
		case seen[[2]string{kind, e.Status}] > s.ByKind[kind][e.Status]:
			return fmt.Errorf("problem %d is a %s record %s, and byKind counts %d such records", i+1, escape.Quoted(kind), e.Status, s.ByKind[kind][e.Status])
		case e.Reason == "":
			return fmt.Errorf("problem %d has no reason; expected the one line a run gives", i+1)
		case (e.Status == Failed) != (len(e.Checks) > 0):
			return fmt.Errorf("problem %d is %s with %d failed checks; expected failed checks on a failed record only", i+1, e.Status, len(e.Checks))
		}
		if s.Archive.Form == "folder" {
			if i > 0 && e.Where <= s.Examples[i-1].Where {
				return fmt.Errorf("problem %d is at %s, after %s; expected record files in name order", i+1, escape.Quoted(e.Where), escape.Quoted(s.Examples[i-1].Where))
			}
			continue
		}
		n, ok := lineNumber(e.Where)
		switch {
		case !ok:
			return fmt.Errorf("problem %d is at %s; expected \"line N\"", i+1, escape.Quoted(e.Where))
		case n < s.Shard.First || n > s.Shard.Last:
			return fmt.Errorf("problem %d is at line %d; expected a line of the shard, %d to %d", i+1, n, s.Shard.First, s.Shard.Last)
		case n <= prev:
			return fmt.Errorf("problem %d is at line %d, after line %d; expected lines in order", i+1, n, prev)
		}
		prev = n
	}
	return nil
}

// kindOf is the kind byKind counts an outcome under.
func kindOf(o Outcome) string {
	if o.Kind == "" {
		return "(unknown)"
	}
	return o.Kind
}

// lineNumber reads "line N" as an outcome's place writes it.
func lineNumber(where string) (int64, bool) {
	rest, ok := strings.CutPrefix(where, "line ")
	n, err := strconv.ParseInt(rest, 10, 64)
	return n, ok && err == nil && n >= 1 && strconv.FormatInt(n, 10) == rest
}

// reasonsAddUp checks the reasons against the counts, as Summary.add counts
// them: only "failed check: NAME" (NAME as genericCheck writes it) and
// "unreadable: CLAUSE" (CLAUSE as firstClause cuts it); every unreadable
// record under exactly one reason; every failed record under at least one
// failed-check reason, and none without a failed record; and at least the
// reasons of the problems listed, exactly theirs when every problem is listed.
func (s *Summary) reasonsAddUp() error {
	failed, unreadable := s.ByStatus[Failed], s.ByStatus[Unreadable]
	checks, unread, anyCheck := 0, 0, false
	for r, v := range s.Reasons {
		switch name, isCheck := strings.CutPrefix(r, failedCheck); {
		case v < 1:
			return fmt.Errorf("reason %s counted %d times; expected 1 or more", escape.Quoted(r), v)
		case isCheck && name != "" && genericCheck(name) == name:
			// A record counts every failed check it has: counting up to
			// failed is enough, and cannot overflow.
			checks += min(v, failed-checks)
			anyCheck = true
		case strings.HasPrefix(r, unreadableReason) && firstClause(r[len(unreadableReason):]) == r[len(unreadableReason):]:
			if v > unreadable-unread {
				return fmt.Errorf("%d records unreadable, and more than that by reason", unreadable)
			}
			unread += v
		default:
			return fmt.Errorf("reason %s; expected \"failed check: NAME\" or \"unreadable: WHY\" as a run writes them", escape.Quoted(r))
		}
	}
	switch {
	case unread != unreadable:
		return fmt.Errorf("%d records unreadable, and %d by reason; expected one reason each", unreadable, unread)
	case failed == 0 && anyCheck:
		return fmt.Errorf("no failed record, and failed checks by reason")
	case checks < failed:
		return fmt.Errorf("%d records failed, and %d failed checks by reason; expected at least one each", failed, checks)
	}
	return s.reasonsOfExamples()
}

// reasonsOfExamples holds the reasons to the problems listed: each listed
// problem's reasons are counted at least as often as the list gives them,
// and exactly as often when the list holds every problem.
func (s *Summary) reasonsOfExamples() error {
	listed := newSummary()
	for _, e := range s.Examples {
		listed.add(e)
	}
	all := len(s.Examples) == s.Total-s.ByStatus[Verified]
	for r, v := range listed.Reasons {
		if s.Reasons[r] < v || (all && s.Reasons[r] != v) {
			return fmt.Errorf("reason %s counted %d times, and the problems listed give it %d times", escape.Quoted(r), s.Reasons[r], v)
		}
	}
	if all && len(listed.Reasons) != len(s.Reasons) {
		for r, v := range s.Reasons {
			if listed.Reasons[r] == 0 {
				return fmt.Errorf("reason %s counted %d times, and no problem listed gives it (every problem is listed)", escape.Quoted(r), v)
			}
		}
	}
	return nil
}
