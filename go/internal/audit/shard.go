package audit

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

// Shard is one of Count parts of an archive, numbered from 1. Shards split a
// file of JSON lines by byte ranges, each line going to the shard where it
// starts, and a folder by its record files in name order; so the shards of an
// archive hold every record exactly once, in archive order, and each can run
// as its own job (on another machine, under any batch scheduler) before Merge
// joins their summaries.
type Shard struct {
	Index, Count int
}

// MaxShards bounds Count.
const MaxShards = 1 << 20

// ParseShard reads "i/N", 1 <= i <= N.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || n > MaxShards || i < 1 || i > n {
		return Shard{}, fmt.Errorf("expected i/N with 1 <= i <= N <= %d, found %s", MaxShards, escape.Quoted(s))
	}
	return Shard{i, n}, nil
}

func (s Shard) String() string { return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.Count) }

// whole reports whether s covers the whole archive (the zero Shard, or 1/1).
func (s Shard) whole() bool { return s.Count <= 1 }

// part is the range [lo, hi) of n things (bytes or files) that s holds.
func (s Shard) part(n int64) (lo, hi int64) {
	if s.whole() {
		return 0, n
	}
	// floor(n*k/c), written so that n*k cannot overflow.
	c, i := int64(s.Count), int64(s.Index)
	return n/c*(i-1) + n%c*(i-1)/c, n/c*i + n%c*i/c
}

// ShardInfo names, in a shard's summary, the shard and the archive it came
// from, so that Merge can refuse parts of different archives, a missing part
// or a repeated one.
type ShardInfo struct {
	Index   int    `json:"index"`
	Count   int    `json:"count"`
	Archive string `json:"archive"`         // the archive's base name
	Bytes   int64  `json:"bytes,omitempty"` // a file's size
	Files   int    `json:"files,omitempty"` // a folder's record files
	// The shard's first and last line (a file) or record file (a folder),
	// counted from 1; both 0 when the shard holds none.
	First int64 `json:"first"`
	Last  int64 `json:"last"`
}

// openShard opens the file at path positioned at the first line of shard s
// and returns a reader, that line's number, and the byte offset (from the
// start of the file) where the shard's lines stop starting.
func openShard(f *os.File, s Shard, info *ShardInfo) (r *bufio.Reader, line int64, pos, end int64, err error) {
	st, err := f.Stat()
	if err != nil {
		return nil, 0, 0, 0, err
	}
	if st.Mode().IsRegular() {
		info.Bytes = st.Size()
	}
	r = bufio.NewReaderSize(f, 1<<16)
	line = 1
	if s.whole() {
		// Read to the end, whatever the size says: a pipe has none.
		return r, line, 0, math.MaxInt64, nil
	}
	if !st.Mode().IsRegular() {
		return nil, 0, 0, 0, fmt.Errorf("a shard is a byte range of a regular file or a share of a folder's files, and %s is neither", st.Name())
	}
	lo, hi := s.part(st.Size())
	if lo == 0 {
		return r, line, 0, hi, nil
	}
	// Count the lines before lo, then skip the rest of the line lo falls in
	// unless lo is the start of a line: that line belongs to the shard where
	// it starts.
	buf := make([]byte, 1<<16)
	for pos < lo-1 {
		n, err := f.Read(buf[:min(int64(len(buf)), lo-1-pos)])
		line += int64(bytes.Count(buf[:n], []byte{'\n'}))
		pos += int64(n)
		if err != nil {
			return nil, 0, 0, 0, err
		}
	}
	r.Reset(f)
	prev, err := r.ReadByte() // the byte at lo-1
	if err != nil {
		return nil, 0, 0, 0, err
	}
	pos++
	if prev != '\n' {
		for {
			chunk, err := r.ReadSlice('\n')
			pos += int64(len(chunk))
			if err == nil {
				break
			}
			if err == io.EOF {
				return r, line, pos, hi, nil
			}
			if err != bufio.ErrBufferFull {
				return nil, 0, 0, 0, err
			}
		}
	}
	line++
	return r, line, pos, hi, nil
}

// Merge joins the summaries of every shard of one archive into the summary a
// single run over the whole archive gives. It refuses summaries that are not
// shards, shards of archives that differ in name or size, and a shard missing
// or given twice.
func Merge(parts []*Summary) (*Summary, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("no shard summaries to merge")
	}
	for i, p := range parts {
		if p.Shard == nil {
			return nil, fmt.Errorf("summary %d is not a shard's (it has no \"shard\" field)", i+1)
		}
	}
	sorted := append([]*Summary(nil), parts...)
	sort.SliceStable(sorted, func(a, b int) bool { return sorted[a].Shard.Index < sorted[b].Shard.Index })
	first := sorted[0].Shard
	if len(sorted) != first.Count {
		return nil, fmt.Errorf("expected the %d shards of %s, found %d summaries", first.Count, first.Archive, len(sorted))
	}
	for i, p := range sorted {
		sh := p.Shard
		switch {
		case sh.Count != first.Count || sh.Archive != first.Archive || sh.Bytes != first.Bytes || sh.Files != first.Files:
			return nil, fmt.Errorf("shard %d/%d of %s (%s) is not a part of the same archive as shard %d/%d of %s (%s)",
				sh.Index, sh.Count, sh.Archive, size(sh), first.Index, first.Count, first.Archive, size(first))
		case sh.Index != i+1:
			return nil, fmt.Errorf("expected shard %d/%d of %s, found shard %d/%d (each shard once)", i+1, first.Count, first.Archive, sh.Index, sh.Count)
		}
	}
	m := newSummary()
	for _, p := range sorted {
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
	return m, nil
}

func size(s *ShardInfo) string {
	if s.Files > 0 {
		return strconv.Itoa(s.Files) + " record files"
	}
	return strconv.FormatInt(s.Bytes, 10) + " bytes"
}
