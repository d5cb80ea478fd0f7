package audit

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

// Merge joins the summaries of every shard of one archive into the summary a
// single run over the whole archive gives (AUD-2). It refuses any set that is
// not exactly one run's partition of one archive: a summary that is no
// shard's or whose counts do not add up, shards of archives that differ in
// name, size or content, a shard missing or given twice, and parts that do
// not follow each other without gap or overlap.
func Merge(parts []*Summary) (*Summary, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("no shard summaries to merge")
	}
	for i, p := range parts {
		if p.Shard == nil || p.Archive == nil {
			return nil, fmt.Errorf("summary %d is not a shard's (it has no \"shard\" or no \"archive\" member)", i+1)
		}
		if err := p.addsUp(); err != nil {
			return nil, fmt.Errorf("summary %d (shard %s) does not add up: %v", i+1, p.Shard.name(), err)
		}
	}
	sorted := append([]*Summary(nil), parts...)
	sort.SliceStable(sorted, func(a, b int) bool { return sorted[a].Shard.Index < sorted[b].Shard.Index })
	first := sorted[0]
	if len(sorted) != first.Shard.Count {
		return nil, fmt.Errorf("expected the %d shards of %s, found %d summaries", first.Shard.Count, escape.Quoted(first.Archive.Name), len(sorted))
	}
	var start, lastLine int64
	for i, p := range sorted {
		sh := p.Shard
		switch {
		case sh.Count != first.Shard.Count || *p.Archive != *first.Archive:
			return nil, fmt.Errorf("shard %s of %s is not a part of the same archive as shard %s of %s",
				sh.name(), p.Archive.describe(), first.Shard.name(), first.Archive.describe())
		case sh.Index != i+1:
			return nil, fmt.Errorf("expected shard %d/%d of %s, found shard %s (each shard once)", i+1, first.Shard.Count, escape.Quoted(first.Archive.Name), sh.name())
		}
		if err := p.follows(start, lastLine); err != nil {
			return nil, fmt.Errorf("shard %s of %s %v", sh.name(), escape.Quoted(p.Archive.Name), err)
		}
		start = sh.Range[1]
		if sh.First != 0 {
			lastLine = sh.Last
		}
	}
	if start != first.Archive.size() {
		return nil, fmt.Errorf("the shards of %s end at %d, not at the archive's end (%d)", escape.Quoted(first.Archive.Name), start, first.Archive.size())
	}
	return join(sorted), nil
}

func (s *ShardInfo) name() string { return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.Count) }

// size is what a shard's range counts: bytes or record files.
func (a *Archive) size() int64 {
	if a.Form == "folder" {
		return int64(a.Files)
	}
	return a.Bytes
}

func (a *Archive) describe() string {
	what := strconv.FormatInt(a.Bytes, 10) + " bytes"
	if a.Form == "folder" {
		what = strconv.Itoa(a.Files) + " record files"
	}
	return fmt.Sprintf("%s (%s, SHA-256 %s)", escape.Quoted(a.Name), what, escape.Clipped(a.SHA256))
}

// addsUp checks a summary's counts against each other: the total is the sum
// of the counts by status, each status's count the sum over the kinds,
// unreadable records counted once by reason, the problems listed the first
// MaxExamples, and no more records than the shard's range holds.
func (s *Summary) addsUp() error {
	n := 0
	for _, v := range s.ByStatus {
		n += v
	}
	if n != s.Total {
		return fmt.Errorf("a total of %d, and %d records by status", s.Total, n)
	}
	byKind := map[string]int{}
	for _, counts := range s.ByKind {
		for st, v := range counts {
			byKind[st] += v
		}
	}
	for _, st := range []string{Verified, Failed, Unreadable, Unspecified} {
		if byKind[st] != s.ByStatus[st] {
			return fmt.Errorf("%d records %s, and %d by scheme", s.ByStatus[st], st, byKind[st])
		}
	}
	if len(byKind) != len(s.ByStatus) {
		return fmt.Errorf("statuses by scheme that are not counted by status")
	}
	unreadable := 0
	for r, v := range s.Reasons {
		if len(r) > len("unreadable: ") && r[:len("unreadable: ")] == "unreadable: " {
			unreadable += v
		}
	}
	if unreadable != s.ByStatus[Unreadable] {
		return fmt.Errorf("%d records unreadable, and %d by reason", s.ByStatus[Unreadable], unreadable)
	}
	if want := min(MaxExamples, s.Total-s.ByStatus[Verified]); len(s.Examples) != want {
		return fmt.Errorf("%d problems listed, expected %d", len(s.Examples), want)
	}
	sh := s.Shard
	held := int64(0)
	if sh.First > 0 {
		held = sh.Last - sh.First + 1
	}
	if int64(s.Total) > held || (s.Archive.Form == "folder" && int64(s.Total) != held) {
		return fmt.Errorf("%d records, and lines or record files %d to %d", s.Total, sh.First, sh.Last)
	}
	return nil
}

// follows checks that a shard takes up where the ones before it stopped:
// its range starts at start, where the previous one ends, and lies in the
// part of the archive its index names; its first line or record file comes
// right after lastLine, the last one before it (0 for none).
func (s *Summary) follows(start, lastLine int64) error {
	sh := s.Shard
	lo, hi := Shard{sh.Index, sh.Count}.part(s.Archive.size())
	from, to := sh.Range[0], sh.Range[1]
	switch {
	case from != start:
		return fmt.Errorf("starts at %d, expected %d, where the shard before it ends", from, start)
	case to < from || from < lo || to < hi || (s.Archive.Form == "folder" && (from != lo || to != hi)):
		return fmt.Errorf("holds [%d, %d), which is not the part shard %s holds of %d", from, to, sh.name(), s.Archive.size())
	case sh.First == 0 && (from != to || sh.Last != 0):
		return fmt.Errorf("holds [%d, %d) and no line or record file", from, to)
	case sh.First != 0 && (sh.First != lastLine+1 || sh.Last < sh.First):
		return fmt.Errorf("holds lines or record files %d to %d, expected them to begin at %d", sh.First, sh.Last, lastLine+1)
	}
	return nil
}

// join adds up the summaries of the shards, in order.
func join(parts []*Summary) *Summary {
	m := newSummary()
	m.Archive = parts[0].Archive
	for _, p := range parts {
		m.Total += p.Total
		for k, v := range p.ByStatus {
			m.ByStatus[k] += v
		}
		for kind, counts := range p.ByKind {
			if m.ByKind[kind] == nil {
				m.ByKind[kind] = map[string]int{}
			}
			for k, v := range counts {
				m.ByKind[kind][k] += v
			}
		}
		for k, v := range p.Reasons {
			m.Reasons[k] += v
		}
		// Each shard lists its own first problems; in archive order the
		// first MaxExamples of all are among them.
		for _, e := range p.Examples {
			if len(m.Examples) < MaxExamples {
				m.Examples = append(m.Examples, e)
			}
		}
	}
	return m
}
