package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The release version as the file says it, read here on its own.
func versionFile(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "VERSION"))
	require.NoError(t, err)
	return strings.TrimSpace(string(b))
}

// pfkit version and --version: the version, the commit and the tree (VER-5).
func TestVersion(t *testing.T) {
	want := regexp.MustCompile(`^pfkit ` + regexp.QuoteMeta(versionFile(t)) + ` \(go\)\ncommit ([0-9a-f]{40}|unknown)\ntree (clean|modified|unknown)\n$`)
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		code, out, errs := pfkit(t, "", args...)
		assert.Equal(t, 0, code, args)
		assert.Empty(t, errs, args)
		assert.Regexp(t, want, out, args)
	}
	for _, args := range [][]string{{"version", "x"}, {"version", "--json"}, {"--version", "x"}} {
		code, out, errs := pfkit(t, "", args...)
		assert.Equal(t, 2, code, args)
		assert.Empty(t, out, args)
		assert.Contains(t, errs, "usage: pfkit version", args)
	}
}

// Every JSON report names the kit's version that produced it (VER-5).
func TestJSONReportsCarryTheVersion(t *testing.T) {
	type doc struct {
		Pfkit *struct {
			Version string `json:"version"`
		} `json:"pfkit"`
	}
	check := func(out string) {
		t.Helper()
		var d doc
		require.NoError(t, json.Unmarshal([]byte(out), &d), out)
		require.NotNil(t, d.Pfkit, out)
		assert.Equal(t, versionFile(t), d.Pfkit.Version)
		assert.True(t, strings.HasPrefix(out, "{\n  \"pfkit\": {\n"), "the first member: %.60s", out)
	}
	_, out, _ := pfkit(t, "", "verify", "--json", records("bridge.json")[0])
	check(out)
	dir := t.TempDir()
	arc := filepath.Join(dir, "a.jsonl")
	code, _, errs := pfkit(t, "", "archive", "generate", "--kind", "bridge", "--count", "4", "--out", arc)
	require.Equal(t, 0, code, errs)
	_, out, _ = pfkit(t, "", "audit", "--json", "--progress=false", arc)
	check(out)
	var shards []string
	for _, s := range []string{"1/2", "2/2"} {
		_, out, _ = pfkit(t, "", "audit", "--json", "--progress=false", "--shard", s, arc)
		check(out)
		p := filepath.Join(dir, strings.ReplaceAll(s, "/", "-")+".json")
		require.NoError(t, os.WriteFile(p, []byte(out), 0o644))
		shards = append(shards, p)
	}
	_, out, _ = pfkit(t, "", append([]string{"audit", "merge", "--json"}, shards...)...)
	check(out)
}
