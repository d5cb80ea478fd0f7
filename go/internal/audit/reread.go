package audit

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

// CheckArchive reads the archive at path again, without judging a record,
// and holds the summaries of its shards to it (AUD-2): the archive's form,
// size and SHA-256, and for each shard the range, first and last line or
// record file, blank lines and SHA-256 that the single run's partition
// gives. It is the check a forger who makes digests again cannot pass
// without the archive's bytes; it cannot see a record judged otherwise
// than the summary says, which only a re-run shows (Confirm). parts are the
// summaries Merge accepted.
func CheckArchive(path string, parts []*Summary) error {
	if len(parts) == 0 {
		return fmt.Errorf("no shard summaries to hold to %s", escape.Quoted(path))
	}
	sorted := append([]*Summary(nil), parts...)
	sort.SliceStable(sorted, func(a, b int) bool { return sorted[a].Shard.Index < sorted[b].Shard.Index })
	var first error // the first shard that differs; the archive's own identity is told first
	each := func(got ShardInfo, blank int) {
		if first != nil {
			return
		}
		s := sorted[got.Index-1]
		if d := differs(got, blank, s); d != "" {
			first = fmt.Errorf("shard %s of %s: %s read again gives %s", got.name(), escape.Quoted(s.Archive.Name), escape.Quoted(path), d)
		}
	}
	info, err := os.Stat(path)
	if err != nil {
		return fileError(path, err)
	}
	var arc Archive
	if info.IsDir() {
		arc, err = partitionFolder(path, sorted[0].Shard.Count, each)
	} else {
		arc, err = partitionLines(path, sorted[0].Shard.Count, each)
	}
	if err != nil {
		return err
	}
	want := *sorted[0].Archive
	arc.Name = want.Name // a copy under another name is the same archive
	if arc != want {
		return fmt.Errorf("%s read again holds %s; the summaries name %s", escape.Quoted(path), arc.what(), want.describe())
	}
	return first
}

// differs names what a shard's summary states otherwise than the archive
// read again gives, or "".
func differs(got ShardInfo, blank int, s *Summary) string {
	want := s.Shard
	switch {
	case got.Range != want.Range:
		return fmt.Sprintf("range [%d, %d); the summary states [%d, %d)", got.Range[0], got.Range[1], want.Range[0], want.Range[1])
	case got.First != want.First || got.Last != want.Last:
		return fmt.Sprintf("lines or record files %d to %d; the summary states %d to %d", got.First, got.Last, want.First, want.Last)
	case blank != s.Blank:
		return fmt.Sprintf("%d blank lines; the summary states %d", blank, s.Blank)
	case got.SHA256 != want.SHA256:
		return fmt.Sprintf("SHA-256 %s; the summary states %s", got.SHA256, escape.Clipped(want.SHA256))
	}
	return ""
}

// partitioner follows a file of lines through the shards of the single
// run's partition: each line goes to the shard in whose equal byte range it
// starts, and a shard that holds no line takes the empty range where the
// next line starts.
type partitioner struct {
	size  int64
	n     int
	info  ShardInfo
	blank int
	part  hash.Hash
	each  func(ShardInfo, int)
}

func (p *partitioner) open(i int, at int64) {
	p.info = ShardInfo{Index: i, Count: p.n, Range: [2]int64{at, at}}
	p.blank = 0
	p.part.Reset()
}

func (p *partitioner) close() {
	p.info.SHA256 = sum(p.part)
	p.each(p.info, p.blank)
}

// lineAt closes the shards that end at or before pos, where a line starts.
func (p *partitioner) lineAt(pos int64) {
	for p.info.Index < p.n {
		if _, hi := (Shard{p.info.Index, p.n}).part(p.size); pos < hi {
			return
		}
		p.close()
		p.open(p.info.Index+1, pos)
	}
}

// partitionLines reads a file of JSON lines once: its SHA-256, and each
// shard's range, lines, blank lines and SHA-256, handed to each in order.
func partitionLines(path string, n int, each func(ShardInfo, int)) (Archive, error) {
	arc := Archive{Name: filepath.Base(path), Form: "lines"}
	f, err := os.Open(path)
	if err != nil {
		return arc, fileError(path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return arc, fmt.Errorf("expected the archive, a regular file or a folder, found %s", escape.Quoted(path))
	}
	whole := sha256.New()
	r := bufio.NewReaderSize(io.TeeReader(f, whole), 1<<16)
	p := &partitioner{size: st.Size(), n: n, part: sha256.New(), each: each}
	p.open(1, 0)
	var pos, line int64
	for {
		chunk, err := r.ReadSlice('\n')
		if len(chunk) == 0 && err == io.EOF {
			break
		}
		p.lineAt(pos)
		line++
		if p.info.First == 0 {
			p.info.First = line
		}
		p.info.Last = line
		content := false
		for {
			content = content || !blank(chunk)
			p.part.Write(chunk)
			pos += int64(len(chunk))
			if err != bufio.ErrBufferFull {
				break
			}
			chunk, err = r.ReadSlice('\n')
		}
		p.info.Range[1] = pos
		if !content {
			p.blank++
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return arc, fileError(path, err)
		}
	}
	p.close()
	for i := p.info.Index + 1; i <= n; i++ {
		p.open(i, pos)
		p.close()
	}
	arc.Bytes, arc.SHA256 = pos, sum(whole)
	return arc, nil
}

// partitionFolder lists a folder's record files as an audit does and hashes
// each shard's share of them and the whole listing (AUD-2).
func partitionFolder(dir string, n int, each func(ShardInfo, int)) (Archive, error) {
	arc := Archive{Name: filepath.Base(dir), Form: "folder"}
	paths, err := recordFiles(dir)
	if err != nil {
		return arc, err
	}
	arc.Files = len(paths)
	whole := sha256.New()
	buf := make([]byte, 1<<16)
	for i := 1; i <= n; i++ {
		lo, hi := Shard{i, n}.part(int64(len(paths)))
		info := ShardInfo{Index: i, Count: n, Range: [2]int64{lo, hi}}
		if lo < hi {
			info.First, info.Last = lo+1, hi
		}
		part := sha256.New()
		for _, path := range paths[lo:hi] {
			e, size, err := listing(dir, path, buf)
			if err != nil {
				return arc, err
			}
			whole.Write(e)
			part.Write(e)
			arc.Bytes += size
		}
		info.SHA256 = sum(part)
		each(info, 0)
	}
	arc.SHA256 = sum(whole)
	return arc, nil
}

// Confirm runs the shard s names again on the archive at path and compares
// what it finds with s (AUD-2): every member, the release that wrote it
// included (the verdict and exit status follow from the counts), or the
// first member that differs. It is what shows a record judged otherwise
// than a summary says (failures turned into verified, a reason changed),
// which no check on the summaries and no re-hash can.
func Confirm(path string, s *Summary) error {
	if err := versionError(s); err != nil {
		return err
	}
	again, err := Run(path, Options{Shard: Shard{s.Shard.Index, s.Shard.Count}})
	if err != nil {
		return err
	}
	again.Archive.Name = s.Archive.Name // a copy under another name is the same archive
	a, err := members(again)
	if err != nil {
		return err
	}
	b, err := members(s)
	if err != nil {
		return err
	}
	// The members in the order a reader looks at them.
	for _, k := range []string{"total", "byStatus", "byKind", "reasons", "examples", "blank", "shard", "archive"} {
		if !bytes.Equal(a[k], b[k]) {
			return fmt.Errorf("shard %s of %s run again on %s gives %s %s; the summary states %s",
				s.Shard.name(), escape.Quoted(s.Archive.Name), escape.Quoted(path), k, escape.Line(escape.Cut(string(a[k]))), escape.Line(escape.Cut(string(b[k]))))
		}
	}
	if len(a) != len(b) {
		return fmt.Errorf("shard %s of %s run again on %s gives %d members; the summary has %d", s.Shard.name(), escape.Quoted(s.Archive.Name), escape.Quoted(path), len(a), len(b))
	}
	return nil
}

func members(s *Summary) (map[string]json.RawMessage, error) {
	data, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	return m, json.Unmarshal(data, &m)
}
