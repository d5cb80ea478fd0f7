package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/record"
)

// Shard jobs with --stats and a merge give the single run's statistics, read
// back through the strict summary reader, valid against the schema; both
// write the same one-page HTML report, with no script and no request.
func TestAuditStatsShardsMergeAndReport(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.jsonl")
	code, _, errOut := pfkit(t, "", "archive", "generate", "--kind", "bridge", "--count", "400", "--grind", "4", "--grind-client", "alice", "--out", p)
	require.Equal(t, 0, code, errOut)
	single := filepath.Join(dir, "single.html")
	code, whole, errOut := pfkit(t, "", "audit", "--json", "--progress=false", "--stats-report", single, p)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "statistics report written to")
	var shards []string
	for i := 1; i <= 3; i++ {
		code, out, errOut := pfkit(t, "", "audit", p, "--stats", "--shard", fmt.Sprintf("%d/3", i), "--json", "--progress=false")
		require.Equal(t, 0, code, errOut)
		f := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		require.NoError(t, os.WriteFile(f, []byte(out), 0o644))
		shards = append(shards, f)
	}
	merged := filepath.Join(dir, "merged.html")
	code, out, errOut := pfkit(t, "", append([]string{"audit", "merge", "--json", "--stats-report", merged}, shards...)...)
	require.Equal(t, 0, code, errOut)
	set, err := record.Schemas()
	require.NoError(t, err)
	var a, b map[string]any
	for doc, v := range map[string]*map[string]any{whole: &a, out: &b} {
		dec := json.NewDecoder(strings.NewReader(doc))
		dec.UseNumber()
		require.NoError(t, dec.Decode(v))
		require.NoError(t, set.Validate("audit_summary_v1.json", *v))
	}
	assert.Equal(t, a["stats"], b["stats"])
	stats := a["stats"].(map[string]any)
	assert.NotEqual(t, json.Number("0"), stats["flagged"], "a server grinding for alice from four seeds")
	one, err := os.ReadFile(single)
	require.NoError(t, err)
	two, err := os.ReadFile(merged)
	require.NoError(t, err)
	assert.Equal(t, string(one), string(two))
	page := string(one)
	assert.NotContains(t, page, "<script")
	assert.Contains(t, page, `content="default-src 'none'; style-src 'unsafe-inline'"`)
	assert.Less(t, strings.Index(page, `class="verdict flag"`), strings.Index(page, "<svg"), "the verdict comes first")
	assert.Contains(t, page, "alice")
	// The text report sums the statistics up in a few lines.
	code, text, _ := pfkit(t, "", "audit", "--stats", "--progress=false", p)
	require.Equal(t, 0, code)
	assert.Contains(t, text, "statistics: ")
	assert.Contains(t, text, `flagged bridge/regular/"alice"`)
}

// The flags of the statistics follow the house's manners: a value out of
// range is refused with the usage and exit 2, before anything is written;
// --help names them.
func TestStatsFlagsRefuseWhatTheyCannotUse(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.jsonl")
	code, _, _ := pfkit(t, "", "archive", "generate", "--kind", "chess", "--count", "10", "--out", p)
	require.Equal(t, 0, code)
	plain := filepath.Join(dir, "plain.json")
	_, out, _ := pfkit(t, "", "audit", "--json", "--shard", "1/1", "--progress=false", p)
	require.NoError(t, os.WriteFile(plain, []byte(out), 0o644))
	report := filepath.Join(dir, "r.html")
	for _, tc := range []struct {
		args  []string
		wants string
	}{
		{[]string{"audit", "--stats-rate", "0", p}, "--stats-rate: expected a rate above 0 and below 1"},
		{[]string{"audit", "--stats-rate", "1", p}, "--stats-rate: expected a rate above 0 and below 1"},
		{[]string{"audit", "--stats-rate", "NaN", p}, "--stats-rate"},
		{[]string{"audit", "--stats-regulars", "0", "--stats-report", report, p}, "--stats-regulars: expected 1 or more"},
		{[]string{"archive", "generate", "--grind", "0"}, "expected 1 to 65536 server seeds"},
		{[]string{"archive", "generate", "--kind", "chess", "--grind-client", "x"}, "expected --kind bridge or backgammon"},
		{[]string{"archive", "generate", "--kind", "selfpoker", "--grind-seat", "2"}, "expected a seat from 0 to 1"},
		{[]string{"audit", "merge", "--stats-report", report, plain}, "have no statistics"},
	} {
		code, out, errOut := pfkit(t, "", tc.args...)
		assert.Equal(t, 2, code, "%v", tc.args)
		assert.Empty(t, out, "%v", tc.args)
		assert.Contains(t, errOut, tc.wants, "%v", tc.args)
		assert.NoFileExists(t, report, "%v", tc.args)
	}
	code, help, _ := pfkit(t, "", "audit", "--help")
	assert.Equal(t, 0, code)
	for _, f := range []string{"--stats", "--stats-rate RATE", "--stats-regulars N", "--stats-report FILE"} {
		assert.Contains(t, help, f)
	}
}
