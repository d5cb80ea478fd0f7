package audit

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/archive"
)

// sealed is a summary as pfkit audit --json writes it: with the digest of
// its members.
func sealed(t *testing.T, s *Summary) map[string]any {
	d, err := Digest(s)
	require.NoError(t, err)
	b, err := json.Marshal(struct {
		*Summary
		Digest string `json:"digest"`
	}{s, d})
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
	d, err := digestOf(encode(t, m))
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

// The attacks AUD-2 names, each with the digest left as it was (a summary
// edited by hand) and made again (a forger who knows the rule): merge
// refuses every one, and accepts the honest shards in any order.
func TestMergeRefusesWhatIsNoPartition(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	require.NoError(t, archive.Generate(&buf, "selfpoker", 100, 0))
	path := filepath.Join(dir, "hands.jsonl")
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	// The same name and size, one hex digit apart, in another folder.
	other := filepath.Join(t.TempDir(), "hands.jsonl")
	i := bytes.Index(buf.Bytes(), []byte(`"commit":"`)) + len(`"commit":"`)
	twin := bytes.Clone(buf.Bytes())
	if twin[i] == '0' {
		twin[i] = '1'
	} else {
		twin[i] = '0'
	}
	require.NoError(t, os.WriteFile(other, twin, 0o644))

	honest := shardsOf(t, path, 2)
	m, err := mergeDocs(t, honest[1], honest[0])
	require.NoError(t, err)
	assert.Equal(t, 100, m.Total)

	inflated := func() map[string]any {
		d := clone(t, honest[1])
		d["total"] = json.Number("1000050")
		return d
	}
	copied := func() map[string]any {
		d := clone(t, honest[0])
		d["shard"].(map[string]any)["index"] = json.Number("2")
		return d
	}
	otherShard := shardsOf(t, other, 2)[1]
	for _, c := range []struct {
		name string
		docs []map[string]any
		want string
	}{
		{"total raised by hand", []map[string]any{honest[0], inflated()}, "does not match its members"},
		{"total raised, digest made again", []map[string]any{honest[0], reseal(t, inflated())}, "does not add up: a total of 1000050, and 49 records by status"},
		{"shard 1 copied as shard 2", []map[string]any{honest[0], copied()}, "does not match its members"},
		{"shard 1 copied as shard 2, digest made again", []map[string]any{honest[0], reseal(t, copied())}, "shard 2/2 of \"hands.jsonl\" starts at 0, expected"},
		{"shard 1 given twice", []map[string]any{honest[0], honest[0]}, "expected shard 2/2 of \"hands.jsonl\", found shard 1/2"},
		{"another archive of the same name and size", []map[string]any{honest[0], otherShard}, "is not a part of the same archive"},
		{"the digest removed", []map[string]any{honest[0], func() map[string]any { d := clone(t, honest[1]); delete(d, "digest"); return d }()}, "without a \"digest\" member"},
	} {
		_, err := mergeDocs(t, c.docs...)
		if assert.Error(t, err, c.name) {
			assert.Contains(t, err.Error(), c.want, c.name)
		}
	}
	assert.NotEqual(t, honest[1]["archive"].(map[string]any)["sha256"], otherShard["archive"].(map[string]any)["sha256"])
	assert.Equal(t, honest[1]["archive"].(map[string]any)["bytes"], otherShard["archive"].(map[string]any)["bytes"])
}

// Each count a forger may change with the digest made again is held to the
// others, and each range to its neighbours.
func TestMergeHoldsCountsAndRanges(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	require.NoError(t, archive.Generate(&buf, "mixed", 90, 7))
	path := filepath.Join(dir, "a.jsonl")
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	honest := shardsOf(t, path, 3)
	edit := func(i int, f func(d map[string]any)) []map[string]any {
		docs := []map[string]any{clone(t, honest[0]), clone(t, honest[1]), clone(t, honest[2])}
		f(docs[i])
		reseal(t, docs[i])
		return docs
	}
	obj := func(d map[string]any, k string) map[string]any { return d[k].(map[string]any) }
	for _, c := range []struct {
		name string
		docs []map[string]any
		want string
	}{
		{"a status raised", edit(1, func(d map[string]any) { obj(d, "byStatus")["verified"] = json.Number("999") }), "records by status"},
		{"a kind's count raised", edit(1, func(d map[string]any) {
			for _, v := range obj(d, "byKind") {
				v.(map[string]any)["verified"] = json.Number("1")
				break
			}
		}), "by scheme"},
		{"a problem dropped", edit(0, func(d map[string]any) { d["examples"] = d["examples"].([]any)[1:] }), "problems listed"},
		{"lines moved", edit(2, func(d map[string]any) { obj(d, "shard")["first"] = json.Number("2") }), "expected them to begin at"},
		{"a range cut short", edit(2, func(d map[string]any) { obj(d, "shard")["range"].([]any)[1] = json.Number("10") }), "is not the part shard 3/3 holds"},
		{"a range moved", edit(1, func(d map[string]any) { obj(d, "shard")["range"].([]any)[0] = json.Number("1") }), "starts at 1, expected"},
	} {
		_, err := mergeDocs(t, c.docs...)
		if assert.Error(t, err, c.name) {
			assert.Contains(t, err.Error(), c.want, c.name)
		}
	}
}

// Names in merge's refusals are quoted and escaped (TXT-2): a summary can
// say anything.
func TestMergeQuotesNames(t *testing.T) {
	s := &Summary{Archive: &Archive{Name: "evil\x1b[2K\r\u202e", Form: "lines"}, Shard: &ShardInfo{Index: 1, Count: 2},
		ByStatus: map[string]int{}, ByKind: map[string]map[string]int{}, Reasons: map[string]int{}}
	_, err := Merge([]*Summary{s})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"evil\u{001B}[2K\u{000D}\u{202E}"`)
	assert.False(t, strings.ContainsAny(err.Error(), "\x1b\r\u202e"))
}
