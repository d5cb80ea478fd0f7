package audit

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

// Merge joins the summaries of every shard of one archive into the summary a
// single run over the whole archive gives (AUD-2). It refuses any set that is
// not exactly one run's partition of one archive, as far as the summaries
// alone can show it: a summary that is no shard's or that no run writes (see
// consistent), shards of archives that differ in name, size or content or
// of releases other than this one, a shard missing or given twice, and parts that do not
// tile the archive as the single run's partition does. A forger who writes
// consistent summaries and makes their digests again is caught only with
// the archive at hand: CheckArchive, and a re-run of a shard (Confirm).
func Merge(parts []*Summary) (*Summary, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("no shard summaries to merge")
	}
	for i, p := range parts {
		if p.Shard == nil || p.Archive == nil {
			return nil, fmt.Errorf("summary %d is not a shard's (it has no \"shard\" or no \"archive\" member)", i+1)
		}
		if sh := p.Shard; !(Shard{sh.Index, sh.Count}).valid() {
			return nil, fmt.Errorf("summary %d names shard %s; expected I/N with 1 <= I <= N <= %d", i+1, sh.name(), MaxShards)
		}
		if err := p.consistent(); err != nil {
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
		case p.version != first.version:
			return nil, fmt.Errorf("shard %s of %s was written by pfkit %s, and shard %s by pfkit %s; expected one release",
				sh.name(), escape.Quoted(p.Archive.Name), escape.Quoted(p.version), first.Shard.name(), escape.Quoted(first.version))
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
	if err := versionError(first); err != nil {
		return nil, err
	}
	return withStats(join(sorted), sorted)
}

func (s *ShardInfo) name() string { return Shard{s.Index, s.Count}.String() }

// size is what a shard's range counts: bytes or record files.
func (a *Archive) size() int64 {
	if a.Form == "folder" {
		return int64(a.Files)
	}
	return a.Bytes
}

func (a *Archive) describe() string {
	return fmt.Sprintf("%s (%s)", escape.Quoted(a.Name), a.what())
}

// what is the archive's size and SHA-256, in words.
func (a *Archive) what() string {
	what := strconv.FormatInt(a.Bytes, 10) + " bytes"
	if a.Form == "folder" {
		what = strconv.Itoa(a.Files) + " record files"
	}
	return fmt.Sprintf("%s, SHA-256 %s", what, escape.Clipped(a.SHA256))
}

// follows checks that a shard takes up where the ones before it stopped,
// as the single run's partition cuts the archive: its range starts at
// start, where the previous one ends; a file's shard I of N starts at the
// first line that starts at or after the I-th of N equal byte ranges, so at
// or after that range's start, and before its end exactly when the shard
// holds a line; it ends where the next begins, at or after its range's end;
// a folder's shard holds exactly its share of files. Its first line or
// record file comes right after lastLine, the last one before it (0 for
// none).
func (s *Summary) follows(start, lastLine int64) error {
	sh := s.Shard
	lo, hi := Shard{sh.Index, sh.Count}.part(s.Archive.size())
	from, to := sh.Range[0], sh.Range[1]
	switch {
	case from != start:
		return fmt.Errorf("starts at %d, expected %d, where the shard before it ends", from, start)
	case to < from || from < lo || to < hi || (from < hi) != (sh.First != 0) || (s.Archive.Form == "folder" && (from != lo || to != hi)):
		return fmt.Errorf("holds [%d, %d) and lines or record files %d to %d, which is not the part shard %s holds of %d (what starts in [%d, %d))",
			from, to, sh.First, sh.Last, sh.name(), s.Archive.size(), lo, hi)
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
		m.Blank += p.Blank
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
