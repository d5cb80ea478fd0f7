package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/audit"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

// hostileNames are file names that try to steer a terminal, hide themselves
// or end a quotation early.
var hostileNames = []string{
	"esc\x1b[31m.jsonl", "no\x1b[2Jfile\u202e", "cr\r\x1b[2K  VERIFIED", `quote"back\slash`,
	"hangul\u3164", "vs\ufe0f", "vs\U000e0100", "mongol\u180b", "khmer\u17b4", "cgj\u034f", "bad\xff\xfe",
}

// rawHidden lists what of out a terminal would act on or hide: TXT-1's
// hidden characters, and (independently) Go's control, format and separator
// categories, but for the line feeds.
func rawHidden(out string) []string {
	var found []string
	for i, r := range out {
		invalid := r == utf8.RuneError && !strings.HasPrefix(out[i:], "\ufffd")
		if r != '\n' && (invalid || escape.Hidden(r) || unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp)) {
			found = append(found, escape.Text(string(r)))
		}
	}
	return found
}

func noHidden(t *testing.T, what, out string) {
	t.Helper()
	assert.Empty(t, rawHidden(out), "%s: %q", what, out)
}

// Every output path of pfkit audit and audit merge, fed hostile file names
// and hostile field values: the shard line, the merge line, progress, the
// summary (text and JSON) and every error, on stdout and stderr (TXT-3).
func TestAuditOutputIsEscaped(t *testing.T) {
	dir := t.TempDir()
	lines := []string{
		`{"scheme":"x\u001b[2K\r\u202e","kind":"hand_end"}`,
		`{"scheme":"selfpoker_v1","kind":"hand_end","k\u3164\ufe0f":1}`,
		"{\"scheme\":\"selfpoker_v1\xff\",",
	}
	for _, name := range hostileNames {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(strings.Join(lines, "\r\n")+"\n"), 0o644))
		for _, args := range [][]string{
			{"audit", "--progress", p}, {"audit", "--json", p},
			{"audit", "--shard", "1/2", p}, {"audit", "--progress", "--shard", "2/2", p},
			{"audit", p + ".missing"}, {"audit", "--shard", "1/2", "--json", p + ".missing"},
			{"audit", "merge", p}, {"audit", "merge", p + ".missing"},
		} {
			_, out, errOut := pfkit(t, "", args...)
			noHidden(t, strings.Join(args, " ")+" stdout", out)
			noHidden(t, strings.Join(args, " ")+" stderr", errOut)
		}
		// A shard line and a merge line name the archive quoted.
		_, out, _ := pfkit(t, "", "audit", "--shard", "1/2", p)
		assert.Contains(t, out, "shard 1/2 of "+escape.Quoted(name)+": ")
		var shards []string
		for _, i := range []string{"1/2", "2/2"} {
			_, doc, _ := pfkit(t, "", "audit", "--json", "--shard", i, p)
			f := filepath.Join(dir, name+"."+i[:1]+".json")
			require.NoError(t, os.WriteFile(f, []byte(doc), 0o644))
			shards = append(shards, f)
		}
		code, out, errOut := pfkit(t, "", append([]string{"audit", "merge"}, shards...)...)
		assert.Equal(t, 2, code, errOut) // an unreadable record and an unknown scheme
		assert.Contains(t, out, "merged 2 shards of "+escape.Quoted(name)+": 3 records")
		noHidden(t, "merge", out+errOut)
	}
}

// A summary given to audit merge can say anything: an archive named to
// erase the line, its digest made again so that merge reads it.
func TestAuditMergeEscapesASummary(t *testing.T) {
	dir := t.TempDir()
	evil := "evil\x1b[2K\r\u202e"
	nothing := "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" // SHA-256 of no bytes
	var files []string
	for i := 1; i <= 2; i++ {
		s := &audit.Summary{
			// An empty archive: its hash, and each shard's, is that of nothing.
			Archive:  &audit.Archive{Name: evil, Form: "lines", Bytes: 0, SHA256: nothing},
			Shard:    &audit.ShardInfo{Index: i, Count: 2, SHA256: nothing},
			ByStatus: map[string]int{}, ByKind: map[string]map[string]int{}, Reasons: map[string]int{}, Examples: []audit.Outcome{},
		}
		doc := audit.NewDocument(s)
		require.NoError(t, doc.Seal())
		b, err := json.Marshal(doc)
		require.NoError(t, err)
		f := filepath.Join(dir, evil+string(rune('0'+i)))
		require.NoError(t, os.WriteFile(f, b, 0o644))
		files = append(files, f)
	}
	code, out, errOut := pfkit(t, "", append([]string{"audit", "merge"}, files...)...)
	assert.Equal(t, audit.NoRecords, code, errOut)
	assert.Contains(t, out, `merged 2 shards of "evil\u{001B}[2K\u{000D}\u{202E}": 0 records`)
	noHidden(t, "merge", out+errOut)
	code, out, errOut = pfkit(t, "", "audit", "merge", "--json", files[0], files[0])
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `"evil\u{001B}[2K\u{000D}\u{202E}"`)
	noHidden(t, "merge refused", out+errOut)
}
