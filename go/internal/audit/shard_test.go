package audit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/archive"
)

// place is an outcome as a report shows it.
func place(o Outcome) string { return o.Where + " " + o.Status + " " + o.Reason }

// runAll audits path whole, and then as n shards merged; it returns both
// summaries and both lists of outcomes in order.
func runAll(t *testing.T, path string, n int, opt Options) (whole, merged *Summary, wholeSeen, shardSeen []string) {
	opt.Each = func(o Outcome) { wholeSeen = append(wholeSeen, place(o)) }
	whole, err := Run(path, opt)
	require.NoError(t, err)
	var parts []*Summary
	for i := range n {
		opt.Shard = Shard{i + 1, n}
		opt.Each = func(o Outcome) { shardSeen = append(shardSeen, place(o)) }
		s, err := Run(path, opt)
		require.NoError(t, err)
		// Through JSON, as shard summaries travel between jobs.
		b, err := json.Marshal(s)
		require.NoError(t, err)
		var back Summary
		require.NoError(t, json.Unmarshal(b, &back))
		back.version = s.version // the document's "pfkit" member, which ReadSummary reads
		parts = append(parts, &back)
	}
	// The order the parts arrive in does not matter.
	parts[0], parts[n-1] = parts[n-1], parts[0]
	merged, err = Merge(parts)
	require.NoError(t, err)
	// The archive read again gives every shard's range, lines, blank lines
	// and hash as the shard found them.
	require.NoError(t, CheckArchive(path, parts))
	return whole, merged, wholeSeen, shardSeen
}

func asJSON(t *testing.T, s *Summary) string {
	b, err := json.Marshal(s)
	require.NoError(t, err)
	return string(b)
}

// N shards of a file of JSON lines judge every record once, in archive
// order, under the same line numbers, and their merged summary is the single
// run's, byte for byte: with problems on many lines (more than MaxExamples of
// them), blank lines, a line longer than the limit, lines that straddle
// every shard boundary, and no newline at the end.
func TestShardsEqualSingleRunLines(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, archive.Generate(&buf, "mixed", 300, 7))
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	lines[3] = `{"scheme": "selfpoker_v1", "kind": `
	lines[4] = ""
	lines[5] = "   "
	lines[150] = `{"scheme":"selfpoker_v1","kind":"hand_end","x":"` + strings.Repeat("y", 3000) + `"}`
	lines[151] = `{"scheme":"match_seed_v1","kind":"match"}`
	path := filepath.Join(t.TempDir(), "a.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644))
	for _, n := range []int{1, 2, 3, 4, 7, 16, 299, 1000} {
		t.Run(fmt.Sprint(n, " shards"), func(t *testing.T) {
			whole, merged, ws, ss := runAll(t, path, n, Options{Workers: 2, MaxLine: 2000})
			require.Greater(t, whole.ByStatus[Failed], MaxExamples, "enough problems to fill the examples")
			assert.Equal(t, ws, ss, "every record once, in order, in the same place")
			assert.Equal(t, asJSON(t, whole), asJSON(t, merged))
		})
	}
}

// The same for a folder: shards share its record files in name order.
func TestShardsEqualSingleRunFolder(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	require.NoError(t, archive.Generate(&buf, "mixed", 60, 9))
	for i, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		if i == 20 {
			l = "{"
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("r%03d.json", i)), []byte(l), 0o644))
	}
	for _, n := range []int{1, 2, 5, 60, 100} {
		whole, merged, ws, ss := runAll(t, dir, n, Options{Workers: 2})
		assert.Equal(t, 60, merged.Total)
		assert.Equal(t, ws, ss, "%d shards", n)
		assert.Equal(t, asJSON(t, whole), asJSON(t, merged), "%d shards", n)
	}
}

func TestShardInfoAndMergeRefusals(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.jsonl")
	require.NoError(t, os.WriteFile(path, []byte("{}\n{}\n{}\n{}\n"), 0o644))
	other := filepath.Join(dir, "b.jsonl")
	require.NoError(t, os.WriteFile(other, []byte("{}\n{}\n{}\n{}\n\n"), 0o644))
	shard := func(p string, i, n int) *Summary {
		s, err := Run(p, Options{Shard: Shard{i, n}})
		require.NoError(t, err)
		return s
	}
	s := shard(path, 2, 2) // bytes 6..11: lines 3 and 4
	sumOf := func(b string) string { d := sha256.Sum256([]byte(b)); return hex.EncodeToString(d[:]) }
	arc := Archive{Name: "a.jsonl", Form: "lines", Bytes: 12, SHA256: sumOf("{}\n{}\n{}\n{}\n")}
	assert.Equal(t, arc, *s.Archive)
	assert.Equal(t, ShardInfo{Index: 2, Count: 2, Range: [2]int64{6, 12}, First: 3, Last: 4, SHA256: sumOf("{}\n{}\n")}, *s.Shard)
	assert.Equal(t, ShardInfo{Index: 1, Count: 1, Range: [2]int64{0, 12}, First: 1, Last: 4, SHA256: arc.SHA256}, *shard(path, 1, 1).Shard)
	whole, err := Run(path, Options{})
	require.NoError(t, err)
	assert.Nil(t, whole.Shard, "a run of the whole archive is no shard")
	for _, c := range []struct {
		parts []*Summary
		want  string
	}{
		{nil, "no shard summaries"},
		{[]*Summary{shard(path, 1, 2)}, `expected the 2 shards of "a.jsonl", found 1`},
		{[]*Summary{shard(path, 1, 2), shard(path, 1, 2)}, `expected shard 2/2 of "a.jsonl", found shard 1/2`},
		{[]*Summary{shard(path, 1, 2), shard(other, 2, 2)}, "not a part of the same archive"},
		{[]*Summary{shard(path, 1, 2), shard(path, 2, 3)}, "not a part of the same archive"},
		{[]*Summary{whole, shard(path, 2, 2)}, "summary 1 is not a shard's"},
	} {
		_, err := Merge(c.parts)
		require.Error(t, err)
		assert.Contains(t, err.Error(), c.want)
	}
}

func TestParseShard(t *testing.T) {
	for in, want := range map[string]Shard{"1/1": {1, 1}, "3/8": {3, 8}, "8/8": {8, 8}} {
		got, err := ParseShard(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got)
	}
	for _, in := range []string{"", "0/4", "5/4", "1/0", "-1/2", "1/2/3", "a/b", "2", "1/2000000"} {
		_, err := ParseShard(in)
		assert.Error(t, err, in)
	}
}
