package audit

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
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
	if !ok || err1 != nil || err2 != nil || !(Shard{i, n}).valid() {
		return Shard{}, fmt.Errorf("expected i/N with 1 <= i <= N <= %d, found %s", MaxShards, escape.Quoted(s))
	}
	return Shard{i, n}, nil
}

// valid reports whether s is a shard of a run: 1 <= Index <= Count <= MaxShards.
func (s Shard) valid() bool {
	return s.Count >= 1 && s.Count <= MaxShards && s.Index >= 1 && s.Index <= s.Count
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

// ShardInfo names, in a shard's summary, the shard and the part of the
// archive it read (AUD-2), so that Merge can refuse anything but the parts of
// one archive, each once.
type ShardInfo struct {
	Index int `json:"index"`
	Count int `json:"count"`
	// Range is what the shard read: the bytes [from, to) of its lines (a
	// file; from the start of its first line to the end of its last), or
	// its record files [from, to) in name order, counted from 0 (a folder).
	Range [2]int64 `json:"range"`
	// The shard's first and last line (a file) or record file (a folder),
	// counted from 1; both 0 when the shard holds none.
	First int64 `json:"first"`
	Last  int64 `json:"last"`
	// SHA256 is the SHA-256 of the bytes in Range (a file), or of the
	// listing entries of its record files (a folder).
	SHA256 string `json:"sha256"`
}

// openShard positions r, reading src (f, or f read through a hash), at the
// first line of shard s and returns a reader, that line's number, its byte
// offset from the start of the file and the offset where the shard's lines
// stop starting.
func openShard(f *os.File, src io.Reader, s Shard) (r *bufio.Reader, line int64, pos, end int64, err error) {
	r = bufio.NewReaderSize(src, 1<<16)
	line = 1
	if s.whole() {
		// Read to the end, whatever the size says: a pipe has none.
		return r, line, 0, math.MaxInt64, nil
	}
	st, err := f.Stat()
	if err != nil {
		return nil, 0, 0, 0, err
	}
	if !st.Mode().IsRegular() {
		return nil, 0, 0, 0, fmt.Errorf("a shard is a byte range of a regular file or a share of a folder's files, and %s is neither", escape.Quoted(st.Name()))
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
