package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/audit"
)

// An archive with no record proves nothing: "no records" in the text and
// the JSON, exit status 4, for a single run and for a merge, whatever
// makes it empty (AUD-1).
func TestAuditOfNoRecords(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.jsonl")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	blank := filepath.Join(dir, "blank.jsonl")
	require.NoError(t, os.WriteFile(blank, []byte("\n  \r\n\t\n"), 0o644))
	folder := filepath.Join(dir, "nothing-matches")
	require.NoError(t, os.Mkdir(folder, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(folder, "notes.txt"), []byte("{}"), 0o644))
	for _, arc := range []string{empty, blank, folder} {
		code, out, errOut := pfkit(t, "", "audit", "--progress=false", arc)
		assert.Equal(t, audit.NoRecords, code, "%s: %s", arc, errOut)
		assert.Contains(t, out, "\nno records: the archive holds no record, so nothing was verified (exit 4)\n", arc)
		code, out, _ = pfkit(t, "", "audit", "--json", "--progress=false", arc)
		assert.Equal(t, 4, code, arc)
		var d struct {
			Verdict string
			Exit    int
		}
		require.NoError(t, json.Unmarshal([]byte(out), &d), out)
		assert.Equal(t, "no records", d.Verdict, arc)
		assert.Equal(t, 4, d.Exit, arc)
	}
	shards := shardFiles(t, dir, blank, 2)
	code, out, errOut := pfkit(t, "", append([]string{"audit", "merge", "--archive", blank}, shards...)...)
	assert.Equal(t, 4, code, errOut)
	assert.Contains(t, out, "\nno records: the archive holds no record")
}

// shardFiles runs the n shard jobs of arc and writes their summaries into
// dir.
func shardFiles(t *testing.T, dir, arc string, n int) []string {
	var files []string
	for i := 1; i <= n; i++ {
		_, out, errOut := pfkit(t, "", "audit", "--json", "--progress=false", "--shard", fmt.Sprintf("%d/%d", i, n), arc)
		require.Contains(t, out, `"digest"`, errOut)
		f := filepath.Join(dir, fmt.Sprintf("%s.%d.json", filepath.Base(arc), i))
		require.NoError(t, os.WriteFile(f, []byte(out), 0o644))
		files = append(files, f)
	}
	return files
}

// --sample K re-runs K shards chosen at random, says which (as a --rerun
// list that repeats the choice) and how likely a forged shard escapes.
func TestAuditMergeSample(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.jsonl")
	code, _, errOut := pfkit(t, "", "archive", "generate", "--kind", "selfpoker", "--count", "80", "--tamper-every", "9", "--out", p)
	require.Equal(t, 0, code, errOut)
	shards := shardFiles(t, dir, p, 4)
	code, out, errOut := pfkit(t, "", append([]string{"audit", "merge", "--archive", p, "--sample", "2"}, shards...)...)
	assert.Equal(t, 1, code, errOut)
	m := regexp.MustCompile(`\nsample: 2 of 4 shards chosen at random after the summaries were read \(repeat with --rerun ([1-4]),([1-4])\); ` +
		`a forgery confined to one shard escapes it with probability 1 - 2/4 = 0.5\n`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	assert.Less(t, m[1], m[2])
	assert.Contains(t, out, "\nshards re-run, each giving its summary member for member: "+m[1]+", "+m[2]+"\n")
	code, out, errOut = pfkit(t, "", append([]string{"audit", "merge", "--json", "--archive", p, "--sample", "3"}, shards...)...)
	assert.Equal(t, 1, code, errOut)
	var d struct {
		Merge struct {
			Checks []string
			Rerun  []audit.Rerun
			Sample audit.Sample
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &d))
	assert.Equal(t, []string{"digests", "structure", "archive", "rerun"}, d.Merge.Checks)
	assert.Len(t, d.Merge.Rerun, 3)
	assert.Equal(t, audit.Sample{Size: 3, Of: 4, Escape: 0.25, Repeat: d.Merge.Sample.Repeat}, d.Merge.Sample)
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"--archive", p, "--sample", "5"}, "--sample: expected at most the 4 shards merged, found 5"},
		{[]string{"--archive", p, "--sample", "0"}, "expected a number of shards of at least 1"},
		{[]string{"--archive", p, "--sample", ""}, "expected a number of shards of at least 1"},
		{[]string{"--sample", "1"}, "expected --archive"},
	} {
		code, out, errOut := pfkit(t, "", append(append([]string{"audit", "merge"}, bad.args...), shards...)...)
		assert.Equal(t, 2, code, "%v", bad.args)
		assert.Empty(t, out, "%v", bad.args)
		assert.Contains(t, errOut, bad.want, "%v", bad.args)
	}
}

// Every shard sampled (K = N) finds a forged shard whatever the draw; a
// summary resealed as another release is refused by the merge itself.
func TestAuditMergeSampleFindsAForgery(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.jsonl")
	code, _, errOut := pfkit(t, "", "archive", "generate", "--kind", "selfpoker", "--count", "40", "--tamper-every", "5", "--out", p)
	require.Equal(t, 0, code, errOut)
	shards := shardFiles(t, dir, p, 3)
	forge := func(f string, edit func(map[string]any)) {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		var d map[string]any
		require.NoError(t, json.Unmarshal(data, &d))
		edit(d)
		d["digest"], err = audit.Digest(d)
		require.NoError(t, err)
		data, err = json.Marshal(d)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(f, data, 0o644))
	}
	// A failed record's reason renamed: consistent, and only a re-run sees it.
	forge(shards[1], func(d map[string]any) {
		ex := d["examples"].([]any)[0].(map[string]any)
		ex["reason"] = "board card 5: expected a forgery, record has none"
	})
	code, out, errOut := pfkit(t, "", append([]string{"audit", "merge", "--archive", p}, shards...)...)
	require.Equal(t, 1, code, "the summaries and the archive's hashes alone pass it: %s", errOut)
	assert.Contains(t, out, "shards not re-run")
	code, out, errOut = pfkit(t, "", append([]string{"audit", "merge", "--archive", p, "--sample", "3"}, shards...)...)
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "shards re-run, each giving another summary: 2\n")
	assert.Contains(t, errOut, `shard 2/3 of "a.jsonl" run again on `)
	for _, f := range shards {
		forge(f, func(d map[string]any) { d["pfkit"] = map[string]any{"version": "1.9.0"} })
	}
	code, _, errOut = pfkit(t, "", append([]string{"audit", "merge"}, shards...)...)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `was written by pfkit "1.9.0"; this is pfkit "`+versionFile(t)+`"`)
}
