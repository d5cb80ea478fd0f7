package audit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/pfkit/pfkit/v2/go/internal/canon"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/record"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// Archive names what an audit read, by content (AUD-2): two archives with
// the same name and size but other bytes have other digests.
type Archive struct {
	Name string `json:"name"` // the base name
	// Form is "lines" for a file of JSON lines, "folder" for a folder of
	// record files.
	Form  string `json:"form"`
	Bytes int64  `json:"bytes"`           // the file's bytes, or the record files' together
	Files int    `json:"files,omitempty"` // a folder's record files
	// SHA256 is the SHA-256 of the file's bytes, or of the folder's listing
	// (listEntry for each record file, in name order).
	SHA256 string `json:"sha256"`
}

// listEntry is one record file's line in a folder's listing: its path
// relative to the folder (with /), a NUL byte, the SHA-256 of its bytes in
// lowercase hex and a line feed.
func listEntry(rel string, sum []byte) []byte {
	e := make([]byte, 0, len(rel)+66)
	e = append(e, filepath.ToSlash(rel)...)
	e = append(e, 0)
	e = hex.AppendEncode(e, sum)
	return append(e, '\n')
}

// hashRange reads all of f (from its start) into one digest and the bytes
// [from, to) into another: what a shard of a file of JSON lines states about
// the archive and about its own part of it.
func hashRange(f *os.File, from, to int64) (whole, part string, size int64, err error) {
	h, p := sha256.New(), sha256.New()
	n1, err := io.Copy(h, io.NewSectionReader(f, 0, from))
	if err != nil {
		return "", "", 0, err
	}
	n2, err := io.Copy(io.MultiWriter(h, p), io.NewSectionReader(f, from, to-from))
	if err != nil {
		return "", "", 0, err
	}
	n3, err := io.Copy(h, io.NewSectionReader(f, to, 1<<62))
	if err != nil {
		return "", "", 0, err
	}
	return sum(h), sum(p), n1 + n2 + n3, nil
}

// hashFolder hashes every record file of a folder's listing into the
// archive's digest, and those in [lo, hi) into the shard's as well.
func hashFolder(dir string, paths []string, lo, hi int64, arc *Archive) (part string, err error) {
	h, p := sha256.New(), sha256.New()
	buf := make([]byte, 1<<16)
	for i, path := range paths {
		e, n, err := listing(dir, path, buf)
		if err != nil {
			return "", err
		}
		h.Write(e)
		if int64(i) >= lo && int64(i) < hi {
			p.Write(e)
		}
		arc.Bytes += n
	}
	arc.SHA256 = sum(h)
	return sum(p), nil
}

// listing is the listing entry of the record file at path in dir, and its
// size.
func listing(dir, path string, buf []byte) ([]byte, int64, error) {
	n, one, err := hashFile(path, buf)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", escape.Quoted(path), record.FileError(err))
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		rel = path
	}
	return listEntry(rel, one), n, nil
}

func hashFile(path string, buf []byte) (int64, []byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.CopyBuffer(h, f, buf)
	return n, h.Sum(nil), err
}

func sum(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil)) }

// Unsealed are the members a summary's digest leaves out (AUD-2): the
// digest itself, what two runs of one shard on one archive do not agree on
// (the time taken, the memory used), and what a merge checked ("merge"),
// which is the merge's and not the archive's: the merged summary's digest
// is the single run's. Whoever doubts a summary runs its shard again and
// compares the two digests.
var Unsealed = []string{"digest", "seconds", "peakRSSBytes", "merge"}

// Digest is the digest a summary carries of its own members (AUD-2): the
// SHA-256, in lowercase hex, of doc (any value that encodes to a JSON object)
// without the Unsealed members, in canonical JSON (VEC-3's form: keys
// sorted, no white space, numbers as written). It catches a summary edited
// by hand or damaged, and a re-run of the shard confirms it; it is no
// signature, and the checks of Merge catch a summary whose digest was made
// again but whose counts or ranges are no single run's.
func Digest(doc any) (string, error) {
	data, err := json.Marshal(doc)
	if err != nil {
		return "", err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return "", err
	}
	return digestOf(m)
}

func digestOf(m map[string]any) (string, error) {
	sealed := make(map[string]any, len(m))
	for k, v := range m {
		if !slices.Contains(Unsealed, k) {
			sealed[k] = v
		}
	}
	c, err := canon.Compact(sealed)
	if err != nil {
		return "", err
	}
	d := sha256.Sum256(c)
	return hex.EncodeToString(d[:]), nil
}

// summaryLimits bound the reading of a summary: as large as a record may be,
// and as deep as the schema allows.
var summaryLimits = strictjson.Limits{MaxBytes: record.Limits.MaxBytes, MaxDepth: 8, Name: "summary"}

// ReadSummary reads the JSON summary of an audit, as pfkit audit --json
// writes it, as strictly as a record: duplicate keys refused, valid against
// spec/schemas/audit_summary_v1.json (no member the run does not write, no
// count below 1 or not an integer, no status but the four), its digest
// matching its members, and its exit status the one its counts give.
func ReadSummary(data []byte) (*Summary, error) {
	const want = "expected the JSON summary of pfkit audit --json --shard"
	doc, err := strictjson.Parse(data, summaryLimits)
	if err != nil {
		return nil, fmt.Errorf("%s, found JSON it cannot read: %v", want, err)
	}
	m, ok := doc.(strictjson.Object)
	if !ok {
		return nil, fmt.Errorf("%s, found %s", want, strictjson.TypeName(doc))
	}
	digest, ok := m["digest"].(string)
	if !ok {
		return nil, fmt.Errorf("%s, found one without a \"digest\" member", want)
	}
	set, err := record.Schemas()
	if err != nil {
		return nil, err // the embedded schemas do not compile: a bug
	}
	if err := set.Validate("audit_summary_v1.json", doc); err != nil {
		return nil, fmt.Errorf("%s, found one %v", want, err)
	}
	sum, err := digestOf(m)
	if err != nil {
		return nil, fmt.Errorf("%s, found: %v", want, err)
	}
	if digest != sum {
		return nil, fmt.Errorf("the summary's digest %s does not match its members (SHA-256 %s): it was edited or damaged", escape.Clipped(digest), sum)
	}
	var s struct {
		Summary
		Pfkit   struct{ Version string } `json:"pfkit"`
		Verdict string                   `json:"verdict"`
		Exit    int                      `json:"exit"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%s, found: %v", want, err)
	}
	if code := s.Summary.Exit(); s.Exit != code {
		// Also a run that could not read its archive to the end (exit 2
		// with no unreadable record): no part of a partition.
		return nil, fmt.Errorf("the summary states exit status %d, and its counts give %d (REC-2, AUD-1)", s.Exit, code)
	}
	if v := s.Summary.Verdict(); s.Verdict != v {
		return nil, fmt.Errorf("the summary states the verdict %s, and its counts give %s (AUD-1)", escape.Quoted(s.Verdict), escape.Quoted(v))
	}
	s.Summary.version = s.Pfkit.Version
	return &s.Summary, nil
}
