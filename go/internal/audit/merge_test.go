package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/archive"
)

// sealed is a summary as pfkit audit --json writes it: the release that
// wrote it, what the run cost, its exit status and the digest of its members.
func sealed(t *testing.T, s *Summary) map[string]any {
	doc := NewDocument(s)
	secs := 0.25
	doc.Seconds, doc.PeakRSSBytes = &secs, 1<<20
	require.NoError(t, doc.Seal())
	b, err := json.Marshal(doc)
	require.NoError(t, err)
	return decode(t, b)
}

func decode(t *testing.T, b []byte) map[string]any {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	require.NoError(t, dec.Decode(&m))
	return m
}

func encode(t *testing.T, m map[string]any) []byte {
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return b
}

// reseal makes the digest again, as a forger who read AUD-2 would.
func reseal(t *testing.T, m map[string]any) map[string]any {
	d, err := digestOf(m)
	require.NoError(t, err)
	m["digest"] = d
	return m
}

func shardsOf(t *testing.T, path string, n int) []map[string]any {
	var out []map[string]any
	for i := range n {
		s, err := Run(path, Options{Shard: Shard{i + 1, n}})
		require.NoError(t, err)
		out = append(out, sealed(t, s))
	}
	return out
}

func mergeDocs(t *testing.T, docs ...map[string]any) (*Summary, error) {
	var parts []*Summary
	for _, d := range docs {
		s, err := ReadSummary(encode(t, d))
		if err != nil {
			return nil, err
		}
		parts = append(parts, s)
	}
	return Merge(parts)
}

func clone(t *testing.T, m map[string]any) map[string]any { return decode(t, encode(t, m)) }

// forgeFixture is an archive whose shard 1/2 lists every problem (10
// failed records) and whose shard 2/2 lists its first 20 of 36 (10 failed,
// 26 unreadable), with a blank line in each half; its twin has the same
// name and size and one hex digit of a commitment in its second half
// changed.
func forgeFixture(t *testing.T) (path, twin string) {
	var buf bytes.Buffer
	require.NoError(t, archive.Generate(&buf, "selfpoker", 200, 10))
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	for i := 150; i < 176; i++ {
		lines[i] = lines[i][:len(lines[i])/2]
	}
	lines[49], lines[119] = "", "   "
	data := []byte(strings.Join(lines, "\n") + "\n")
	path = filepath.Join(t.TempDir(), "hands.jsonl")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	i := bytes.LastIndex(data, []byte(`"commit":"`)) + len(`"commit":"`)
	other := bytes.Clone(data)
	other[i] ^= 1 // '0' and '1', …; 'a' and '`'
	if other[i] == '`' {
		other[i] = 'c'
	}
	twin = filepath.Join(t.TempDir(), "hands.jsonl")
	require.NoError(t, os.WriteFile(twin, other, 0o644))
	return path, twin
}

// stageOf merges docs as pfkit audit merge --archive path --rerun 1,…,N
// does and names the first check that refuses them: "merge" (the summaries
// alone), "archive" (the archive read again), "rerun" (a shard run again),
// or "" when none does.
func stageOf(t *testing.T, path string, docs []map[string]any) (string, error) {
	var parts []*Summary
	for _, d := range docs {
		s, err := ReadSummary(encode(t, d))
		if err != nil {
			return "merge", err
		}
		parts = append(parts, s)
	}
	if _, err := Merge(parts); err != nil {
		return "merge", err
	}
	if err := CheckArchive(path, parts); err != nil {
		return "archive", err
	}
	for _, p := range parts {
		if err := Confirm(path, p); err != nil {
			return "rerun", err
		}
	}
	return "", nil
}

// Every forgery of the review that found merge too trusting, each with its
// digest made again as anyone can (the digest is unkeyed), and the first
// check that refuses it: the summaries alone refuse every set no run
// writes; what only the archive's bytes show (hashes, ranges, a count of
// blank lines) needs --archive; a record judged otherwise than it was
// (failures turned into verified) needs a re-run of its shard.
func TestMergeRefusesForgeries(t *testing.T) {
	path, twin := forgeFixture(t)
	honest := shardsOf(t, path, 2)
	twins := shardsOf(t, twin, 2)
	stage, err := stageOf(t, path, honest)
	require.NoError(t, err, stage)
	for _, c := range append(forgeriesOfCounts(honest), forgeriesOfPlaces(t, honest, twins)...) {
		edited := []map[string]any{clone(t, honest[0]), clone(t, honest[1])}
		c.edit(edited)
		var docs []map[string]any
		for _, d := range edited {
			if d != nil { // nil: the summary left out
				docs = append(docs, reseal(t, d))
			}
		}
		stage, err := stageOf(t, path, docs)
		if assert.Error(t, err, c.name) {
			assert.Equal(t, c.stage, stage, "%s: %v", c.name, err)
			assert.Contains(t, err.Error(), c.want, c.name)
		}
	}
}

// Editing a summary as a forger would, in its JSON form.
func sh(d map[string]any) map[string]any { return d["shard"].(map[string]any) }

func obj(d map[string]any, k string) map[string]any { return d[k].(map[string]any) }

func num(v any) int64 {
	n, _ := v.(json.Number)
	i, _ := n.Int64()
	return i
}

func set(m map[string]any, k string, v int64) { m[k] = json.Number(strconv.FormatInt(v, 10)) }

func add(m map[string]any, k string, d int64) { set(m, k, num(m[k])+d) }

func kind(d map[string]any) map[string]any {
	return obj(d, "byKind")["selfpoker_v1/hand_end"].(map[string]any)
}

// erase turns a shard's failed records into verified ones, its counts,
// reasons, problems and exit status all agreeing.
func erase(d map[string]any) {
	f := num(obj(d, "byStatus")["failed"])
	for _, m := range []map[string]any{obj(d, "byStatus"), kind(d)} {
		add(m, "verified", f)
		delete(m, "failed")
	}
	for r := range obj(d, "reasons") {
		if strings.HasPrefix(r, "failed check: ") {
			delete(obj(d, "reasons"), r)
		}
	}
	var kept []any
	for _, e := range d["examples"].([]any) {
		if e.(map[string]any)["status"] != "failed" {
			kept = append(kept, e)
		}
	}
	d["examples"] = append([]any{}, kept...)
	s := Summary{Total: 1, ByStatus: map[string]int{"unreadable": int(num(obj(d, "byStatus")["unreadable"]))}}
	set(d, "exit", int64(s.Exit()))
	d["verdict"] = s.Verdict()
}

// forgery is an edit of the honest shard summaries (nil: a summary left
// out), the first check that refuses it and what that check says.
type forgery struct {
	name  string
	edit  func(d []map[string]any)
	stage string
	want  string
}

// forgeriesOfCounts are the forgeries of counts, reasons and coverage.
func forgeriesOfCounts(honest []map[string]any) []forgery {
	size := num(obj(honest[0], "archive")["bytes"])
	return []forgery{
		{"failures erased in shard 1, every problem of it listed", func(d []map[string]any) { erase(d[0]) }, "rerun", `hands.jsonl" gives byStatus {"failed":8,"verified":85}`},
		{"failures erased in both shards, the problems after the 20th not known", func(d []map[string]any) { erase(d[0]); erase(d[1]) }, "merge", "problems listed"},
		{"half the archive dropped: shard 1/2 as 1/1", func(d []map[string]any) {
			s := sh(d[0])
			set(s, "count", 1)
			s["range"] = []any{json.Number("0"), json.Number(strconv.FormatInt(size, 10))}
			set(s, "last", 200)
			d[1] = nil
		}, "merge", "expected each line a record or blank"},
		{"half dropped, the rest called blank, the archive's hash as its own", func(d []map[string]any) {
			s := sh(d[0])
			set(s, "count", 1)
			s["range"] = []any{json.Number("0"), json.Number(strconv.FormatInt(size, 10))}
			set(s, "last", 200)
			set(d[0], "blank", 200-num(d[0]["total"]))
			s["sha256"] = obj(d[0], "archive")["sha256"]
			d[1] = nil
		}, "archive", "hands.jsonl\" read again gives 2 blank lines; the summary states 107"},
		{"failed records dropped, total lowered", func(d []map[string]any) {
			f := num(obj(d[1], "byStatus")["failed"])
			delete(obj(d[1], "byStatus"), "failed")
			delete(kind(d[1]), "failed")
			add(d[1], "total", -f)
			set(d[1], "exit", 2)
			d[1]["verdict"] = "unreadable"
		}, "merge", "expected each line a record or blank"},
		{"failed records dropped and called blank", func(d []map[string]any) {
			erase(d[0])
			f := num(obj(d[0], "byStatus")["verified"]) - num(obj(honest[0], "byStatus")["verified"])
			add(obj(d[0], "byStatus"), "verified", -f)
			add(kind(d[0]), "verified", -f)
			add(d[0], "total", -f)
			add(d[0], "blank", f)
		}, "archive", "gives 1 blank lines; the summary states 9"},
		{"negative counts", func(d []map[string]any) {
			set(obj(d[1], "byStatus"), "unreadable", -3)
			set(obj(d[1], "byStatus"), "unspecified", 3)
		}, "merge", "must be >= 1 but found -3"},
		{"a count not an integer", func(d []map[string]any) { obj(d[1], "byStatus")["failed"] = json.Number("10.5") }, "merge", "expected integer"},
		{"a status counted 0", func(d []map[string]any) { set(obj(d[0], "byStatus"), "unspecified", 0) }, "merge", "must be >= 1 but found 0"},
		{"a status no run writes", func(d []map[string]any) { set(obj(d[0], "byStatus"), "cosmic", 1) }, "merge", "cosmic"},
		{"total raised by 1000000", func(d []map[string]any) { add(d[1], "total", 1000000) }, "merge", "expected each line a record or blank"},
		{"total and verified raised alike", func(d []map[string]any) {
			add(d[1], "total", 1000000)
			add(obj(d[1], "byStatus"), "verified", 1000000)
			add(kind(d[1]), "verified", 1000000)
		}, "merge", "expected each line a record or blank"},
		{"a kind's count moved", func(d []map[string]any) { add(kind(d[0]), "verified", -1) }, "merge", "by scheme"},
	}
}

// forgeriesOfPlaces are the forgeries of problems listed, releases, members,
// shards, ranges and hashes.
func forgeriesOfPlaces(t *testing.T, honest, twins []map[string]any) []forgery {
	size := num(obj(honest[0], "archive")["bytes"])
	return []forgery{
		{"a problem outside the shard's lines", func(d []map[string]any) {
			d[1]["examples"].([]any)[0].(map[string]any)["where"] = "line 1"
		}, "merge", "problem 1 is at line 1; expected a line of the shard, 95 to 200"},
		{"problems out of order", func(d []map[string]any) {
			e := d[0]["examples"].([]any)
			e[0], e[1] = e[1], e[0]
		}, "merge", "expected lines in order"},
		{"a problem dropped", func(d []map[string]any) { d[0]["examples"] = d[0]["examples"].([]any)[1:] }, "merge", "problems listed"},
		{"a problem's status no count holds", func(d []map[string]any) {
			d[0]["examples"].([]any)[0].(map[string]any)["status"] = "unspecified"
		}, "merge", "byKind counts 0 such records"},
		{"a failed problem without its checks", func(d []map[string]any) {
			delete(d[0]["examples"].([]any)[0].(map[string]any), "checks")
		}, "merge", "expected failed checks on a failed record only"},
		{"an invented reason, every problem listed", func(d []map[string]any) { set(obj(d[0], "reasons"), "failed check: invented", 4) }, "merge", "no problem listed gives it"},
		{"an invented reason, problems cut at 20", func(d []map[string]any) { set(obj(d[1], "reasons"), "failed check: invented", 4) }, "rerun", "reasons"},
		{"a reason no run writes", func(d []map[string]any) { set(obj(d[1], "reasons"), "all fine", 1) }, "merge", `reason "all fine"; expected`},
		{"one reason for 10 failed", func(d []map[string]any) { d[0]["reasons"] = map[string]any{"failed check: board": json.Number("1")} }, "merge", "8 records failed, and 1 failed checks by reason"},
		{"unreadable records not counted by reason", func(d []map[string]any) {
			for r := range obj(d[1], "reasons") {
				if strings.HasPrefix(r, "unreadable: ") {
					add(obj(d[1], "reasons"), r, -1)
				}
			}
		}, "merge", "26 records unreadable, and 25 by reason"},
		{"another release", func(d []map[string]any) { obj(d[1], "pfkit")["version"] = "0.0.1" }, "merge", `by pfkit "0.0.1", and shard 1/2 by pfkit "2.0.0"`},
		{"an exit status the counts do not give", func(d []map[string]any) { set(d[1], "exit", 0) }, "merge", "states exit status 0, and its counts give 1"},
		{"a member no run writes", func(d []map[string]any) { d[1]["Total"] = json.Number("7") }, "merge", "additionalProperties 'Total' not allowed"},
		{"shard 1 copied as shard 2", func(d []map[string]any) { d[1] = clone(t, d[0]); set(sh(d[1]), "index", 2) }, "merge", "starts at 0, expected"},
		{"shard 1 counts under shard 2's range", func(d []map[string]any) {
			s := sh(d[1])
			d[1] = clone(t, d[0])
			d[1]["shard"] = s
		}, "merge", "expected each line a record or blank"},
		{"lines shifted between the shards", func(d []map[string]any) { add(sh(d[0]), "last", -50); add(sh(d[1]), "first", -50) }, "merge", "expected each line a record or blank"},
		{"a shard's range before its equal part", func(d []map[string]any) {
			sh(d[0])["range"].([]any)[1] = json.Number(strconv.FormatInt(size/2-1, 10))
			sh(d[1])["range"].([]any)[0] = json.Number(strconv.FormatInt(size/2-1, 10))
		}, "merge", "which is not the part shard 1/2 holds of 50443 (what starts in [0, 25221))"},
		{"the archive's hash rewritten in both", func(d []map[string]any) {
			obj(d[0], "archive")["sha256"] = strings.Repeat("0", 64)
			obj(d[1], "archive")["sha256"] = strings.Repeat("0", 64)
		}, "archive", "hands.jsonl\" read again holds 50443 bytes"},
		{"a part's hash edited", func(d []map[string]any) { sh(d[1])["sha256"] = strings.Repeat("f", 64) }, "archive", "hands.jsonl\" read again gives SHA-256"},
		{"a boundary moved by 1000 bytes", func(d []map[string]any) {
			for i, end := range []int{1, 0} {
				r := sh(d[i])["range"].([]any)
				r[end] = json.Number(strconv.FormatInt(num(r[end])+1000, 10))
			}
		}, "archive", "hands.jsonl\" read again gives range"},
		{"shard 2 of a twin archive, the first's hash copied in", func(d []map[string]any) {
			d[1] = clone(t, twins[1])
			obj(d[1], "archive")["sha256"] = obj(d[0], "archive")["sha256"]
		}, "archive", "shard 2/2 of \"hands.jsonl\": \""},
		{"shard 2 of a twin archive", func(d []map[string]any) { d[1] = clone(t, twins[1]) }, "merge", "is not a part of the same archive"},
	}
}

// A summary edited and not sealed again is refused by its digest, whatever
// was edited; one without a digest is no summary.
func TestMergeRefusesEditedSummaries(t *testing.T) {
	path, _ := forgeFixture(t)
	honest := shardsOf(t, path, 2)
	edited := clone(t, honest[1])
	edited["total"] = json.Number("1000101")
	_, err := mergeDocs(t, honest[0], edited)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "does not match its members")
	delete(edited, "digest")
	_, err = mergeDocs(t, honest[0], edited)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "without a \"digest\" member")
	_, err = mergeDocs(t, honest[0], honest[0])
	require.Error(t, err)
	assert.Contains(t, err.Error(), "expected shard 2/2 of \"hands.jsonl\", found shard 1/2")
	dup := bytes.Replace(encode(t, honest[1]), []byte(`"blank":`), []byte(`"blank":0,"blank":`), 1)
	_, err = ReadSummary(dup)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "duplicate")
}

// The digest leaves out what varies between runs: two runs of one shard on
// one archive, with other timings, give the same digest, which is how
// anyone who doubts a summary confirms it (AUD-2).
func TestDigestOfTwoRuns(t *testing.T) {
	path, _ := forgeFixture(t)
	a, b := shardsOf(t, path, 2)[1], shardsOf(t, path, 2)[1]
	b["seconds"], b["peakRSSBytes"] = json.Number("7.5"), json.Number("123456789")
	require.NotEqual(t, a["seconds"], b["seconds"])
	da, err := digestOf(a)
	require.NoError(t, err)
	db, err := digestOf(b)
	require.NoError(t, err)
	assert.Equal(t, da, db)
	assert.Equal(t, a["digest"], da)
	b["blank"] = json.Number("2")
	db, err = digestOf(b)
	require.NoError(t, err)
	assert.NotEqual(t, da, db, "every other member is sealed")
}

// A folder's shards read again: the honest ones agree, a listing entry
// changed does not.
func TestCheckArchiveFolder(t *testing.T) {
	dir := t.TempDir()
	for i := range 7 {
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("r%d.json", i)), []byte(`{"n":`+strconv.Itoa(i)+`}`), 0o644))
	}
	var parts []*Summary
	for _, d := range shardsOf(t, dir, 3) {
		s, err := ReadSummary(encode(t, d))
		require.NoError(t, err)
		parts = append(parts, s)
	}
	_, err := Merge(parts)
	require.NoError(t, err)
	require.NoError(t, CheckArchive(dir, parts))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "r4.json"), []byte(`{"n":9}`), 0o644))
	err = CheckArchive(dir, parts)
	require.Error(t, err)
	assert.Contains(t, err.Error(), " read again holds")
}

// Names in merge's refusals are quoted and escaped (TXT-2): a summary can
// say anything.
func TestMergeQuotesNames(t *testing.T) {
	s := &Summary{Archive: &Archive{Name: "evil\x1b[2K\r\u202e", Form: "lines", SHA256: emptySHA256}, Shard: &ShardInfo{Index: 1, Count: 2, SHA256: emptySHA256},
		ByStatus: map[string]int{}, ByKind: map[string]map[string]int{}, Reasons: map[string]int{}}
	_, err := Merge([]*Summary{s})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"evil\u{001B}[2K\u{000D}\u{202E}"`)
	assert.False(t, strings.ContainsAny(err.Error(), "\x1b\r\u202e"))
}
