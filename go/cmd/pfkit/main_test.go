package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/record"
)

const root = "../../.."

func pfkit(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// casesIn counts the cases of a vector file, so that tests follow the file as
// cases are appended.
func casesIn(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var f struct{ Cases []json.RawMessage }
	require.NoError(t, json.Unmarshal(data, &f))
	require.NotEmpty(t, f.Cases)
	return len(f.Cases)
}

func records(names ...string) []string {
	var out []string
	for _, n := range names {
		out = append(out, filepath.Join(root, "vectors", "records", n))
	}
	return out
}

func TestVerifyExitCodes(t *testing.T) {
	for _, tc := range []struct {
		files []string
		code  int
		says  string
	}{
		{records("bridge.json"), 0, "VERIFIED"},
		{records("bridge.tampered.json"), 1, "deal 2, third seat, card 7: expected"},
		{records("broken-schema.json"), 2, "UNREADABLE (invalid_record)"},
		{records("legacy-v1.json"), 3, "SCHEME NOT SPECIFIED"},
		{records("legacy-v1.json", "bridge.json"), 3, "VERIFIED"},
		{records("legacy-v1.json", "broken-truncated.json"), 2, "UNREADABLE (malformed_request)"},
		{records("broken-truncated.json", "selfpoker.tampered.json"), 1, "FAILED"},
	} {
		code, out, _ := pfkit(t, "", append([]string{"verify"}, tc.files...)...)
		assert.Equal(t, tc.code, code, "%v", tc.files)
		assert.Contains(t, out, tc.says, "%v", tc.files)
	}
}

func TestVerifyJSON(t *testing.T) {
	code, out, _ := pfkit(t, "", append([]string{"verify", "--json"}, records("poker-session.tampered.json", "chess-bot.json")...)...)
	assert.Equal(t, 1, code)
	var doc struct {
		Records []struct {
			Status string
			Report struct{ Checks []struct{ OK bool } }
		}
		Exit int
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Equal(t, 1, doc.Exit)
	assert.Equal(t, "failed", doc.Records[0].Status)
	assert.Equal(t, "verified", doc.Records[1].Status)
}

// A 100 MB record is refused by its size, before a byte of it is read.
func TestVerifyRefusesHugeRecords(t *testing.T) {
	p := filepath.Join(t.TempDir(), "huge.json")
	f, err := os.Create(p)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(100<<20))
	f.Close()
	code, out, _ := pfkit(t, "", "verify", p)
	assert.Equal(t, 2, code)
	assert.Contains(t, out, "input_too_large")
}

func TestEvalAnswersLineByLine(t *testing.T) {
	in := `{"id":"a","scheme":"selfpoker_v1","op":"deal","input":{"seed":"42","players":2}}` + "\n\n" +
		"\v{\"id\":\"b\"}\n" + `{"id":"c","scheme":"match_seed_v1","op":"draws","input":{}}` + "\n"
	code, out, _ := pfkit(t, in, "eval")
	assert.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 3, "blank lines are skipped; every other line gets an answer")
	assert.Contains(t, lines[0], `"deck":[27,7,47,38,51,17`)
	assert.Contains(t, lines[1], `"code":"malformed_request"`, "a vertical tab is not JSON whitespace")
	assert.Contains(t, lines[2], `"code":"scheme_unspecified"`)
}

// conform judges a command: the reference itself passes, and an adapter that
// echoes its input or answers nothing fails with a clear reason.
func TestConformJudgesAdapters(t *testing.T) {
	v := filepath.Join(root, "vectors", "match_seed_v2", "commit.json")
	n := casesIn(t, v)
	code, out, _ := pfkit(t, "", "conform", v)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, fmt.Sprintf("%d passed, 0 failed", n))

	// An echo is no valid answer to the implementation request, and silence
	// none at all: either run fails as a whole, whatever --skip says, and
	// no case is judged (IMPL-3).
	for _, skip := range [][]string{nil, {"--skip", "protocol/implementation"}} {
		code, out, errOut := pfkit(t, "", append(append([]string{"conform", "--cmd", "cat"}, skip...), v)...)
		assert.Equal(t, 1, code)
		assert.Contains(t, out, "it says: no valid answer to the implementation request: not valid against implementation_response_v1.json: ")
		assert.Contains(t, out, "\nthe run fails as a whole: no valid answer to the implementation request, so no case was judged (IMPL-3)\n")
		assert.NotContains(t, out, "passed")
		assert.Contains(t, errOut, "cat: the run fails as a whole: its answer to the implementation request is not valid: ")

		code, out, errOut = pfkit(t, "", append(append([]string{"conform", "--cmd", "true"}, skip...), v)...)
		assert.Equal(t, 1, code)
		assert.Contains(t, out, "it says: no valid answer to the implementation request: none came\nthe run fails as a whole")
		assert.NotContains(t, out, "no response")
		assert.Contains(t, errOut, "the run fails as a whole, as the implementation request got no answer: true: answered 0 of 1 requests", "the implementation request goes first, alone")
	}

	code, _, errOut := pfkit(t, "", "conform", "--impl", "cobol", v)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "expected go, node or python")
}

func TestAuditAndArchive(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.jsonl")
	code, _, errOut := pfkit(t, "", "archive", "generate", "--kind", "mixed", "--count", "200", "--tamper-every", "40", "--out", p)
	require.Equal(t, 0, code, errOut)
	code, out, _ := pfkit(t, "", "audit", "--progress=false", p)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "failed       5")
	assert.Contains(t, out, "verified     195")
	code, out, _ = pfkit(t, "", "audit", "--json", "--progress=false", p)
	assert.Equal(t, 1, code)
	var s struct{ ByStatus map[string]int }
	require.NoError(t, json.Unmarshal([]byte(out), &s))
	assert.Equal(t, 195, s.ByStatus["verified"])
}

// Three shard jobs and a merge give the single run's JSON summary, less its
// timing and memory; a merge missing a shard is refused.
func TestAuditShardsAndMerge(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.jsonl")
	code, _, errOut := pfkit(t, "", "archive", "generate", "--kind", "mixed", "--count", "300", "--tamper-every", "11", "--out", p)
	require.Equal(t, 0, code, errOut)
	code, single, _ := pfkit(t, "", "audit", "--json", "--progress=false", p)
	require.Equal(t, 1, code)
	var shards, shardDocs []string
	for i := 1; i <= 3; i++ {
		code, out, _ := pfkit(t, "", "audit", p, "--shard", fmt.Sprintf("%d/3", i), "--json", "--progress=false")
		require.Equal(t, 1, code)
		f := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		require.NoError(t, os.WriteFile(f, []byte(out), 0o644))
		shards = append(shards, f)
		shardDocs = append(shardDocs, out)
	}
	code, merged, errOut := pfkit(t, "", append([]string{"audit", "merge", "--json"}, shards...)...)
	require.Equal(t, 1, code, errOut)
	var a, b map[string]any
	require.NoError(t, json.Unmarshal([]byte(single), &a))
	require.NoError(t, json.Unmarshal([]byte(merged), &b))
	// Every document is valid against spec/schemas/audit_summary_v1.json.
	set, err := record.Schemas()
	require.NoError(t, err)
	for _, doc := range append([]string{single, merged}, shardDocs...) {
		dec := json.NewDecoder(strings.NewReader(doc))
		dec.UseNumber()
		var v any
		require.NoError(t, dec.Decode(&v))
		require.NoError(t, set.Validate("audit_summary_v1.json", v))
	}
	// What the run cost and what the merge checked are each document's
	// own and outside the digest; every other member is the same, the
	// digest included (AUD-2).
	delete(a, "seconds")
	delete(a, "peakRSSBytes")
	assert.Equal(t, map[string]any{"shards": 3.0, "checks": []any{"digests", "structure"}, "rerun": []any{}}, b["merge"])
	delete(b, "merge")
	assert.Equal(t, a, b)
	code, out, _ := pfkit(t, "", "audit", "merge", shards[0], shards[2])
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	code, _, errOut = pfkit(t, "", "audit", "merge", p)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "expected the JSON summary")
	code, _, errOut = pfkit(t, "", "audit", "--shard", "4/3", p)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "--shard")
}

// Two runs of one shard give the same digest (AUD-2: what varies between
// runs is not sealed), so a re-run confirms a summary. Merge says what it
// did not check; --archive checks it, --rerun runs shards again.
func TestAuditMergeArchiveAndRerun(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.jsonl")
	code, _, errOut := pfkit(t, "", "archive", "generate", "--kind", "selfpoker", "--count", "60", "--tamper-every", "7", "--out", p)
	require.Equal(t, 0, code, errOut)
	var shards []string
	docs := map[string]map[string]any{}
	for _, i := range []string{"1/2", "2/2", "2/2"} {
		_, out, _ := pfkit(t, "", "audit", "--json", "--progress=false", "--shard", i, p)
		var d map[string]any
		require.NoError(t, json.Unmarshal([]byte(out), &d))
		if prev, ok := docs[i]; ok {
			assert.Equal(t, prev["digest"], d["digest"], "two runs of shard 2/2")
			continue
		}
		docs[i] = d
		f := filepath.Join(dir, i[:1]+".json")
		require.NoError(t, os.WriteFile(f, []byte(out), 0o644))
		shards = append(shards, f)
	}
	_, out, _ := pfkit(t, "", append([]string{"audit", "merge"}, shards...)...)
	assert.Contains(t, out, "\ndigests: every summary's digest matches its members\nstructure: the summaries are one run's partition of one archive\n"+
		"archive not re-read: pass --archive to check the hashes\nshards not re-run:")
	code, out, errOut = pfkit(t, "", append([]string{"audit", "merge", "--archive", p}, shards...)...)
	assert.Equal(t, 1, code, errOut)
	assert.Contains(t, out, "\narchive re-read: "+escape.Quoted(p)+" gives the size, SHA-256 and every shard's range, lines and SHA-256 the summaries state\nshards not re-run:")
	code, out, errOut = pfkit(t, "", append([]string{"audit", "merge", "--archive", p, "--rerun", "2,1"}, shards...)...)
	assert.Equal(t, 1, code, errOut)
	assert.Contains(t, out, "\nshards re-run, each giving its summary member for member: 2, 1\n")
	code, out, errOut = pfkit(t, "", append([]string{"audit", "merge", "--json", "--archive", p, "--rerun", "2"}, shards...)...)
	assert.Equal(t, 1, code, errOut)
	var m struct{ Merge map[string]any }
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	assert.Equal(t, map[string]any{"shards": 2.0, "checks": []any{"digests", "structure", "archive", "rerun"}, "archive": p,
		"rerun": []any{map[string]any{"shard": 2.0, "outcome": "same"}}}, m.Merge)
	// Another archive of the same size: its bytes are not the summaries'.
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	other := filepath.Join(dir, "b.jsonl")
	data[len(data)-3] ^= 1
	require.NoError(t, os.WriteFile(other, data, 0o644))
	code, out, errOut = pfkit(t, "", append([]string{"audit", "merge", "--archive", other}, shards...)...)
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, escape.Quoted(other)+" read again holds")
	for _, bad := range [][]string{{"--rerun", "1"}, {"--archive", p, "--rerun", "x"}, {"--archive", p, "--rerun", "0"}, {"--archive", p, "--rerun", ""},
		{"--archive", p, "--rerun", "1,"}, {"--archive", p, "--rerun", "1", "--sample", "1"}} {
		code, out, errOut = pfkit(t, "", append(append([]string{"audit", "merge"}, bad...), shards...)...)
		assert.Equal(t, 2, code, "%v", bad)
		assert.Empty(t, out)
		assert.Contains(t, errOut, "--rerun", "%v", bad)
	}
	code, _, errOut = pfkit(t, "", append([]string{"audit", "merge", "--archive", p, "--rerun", "3"}, shards...)...)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "expected shard numbers from 1 to 2, found 3")
}

func TestUsage(t *testing.T) {
	code, _, errOut := pfkit(t, "")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "usage:")
	// An unknown command is named alone, with the command it resembles and
	// a one-line pointer to the usage.
	for _, tc := range []struct{ word, say string }{
		{"verfy", `pfkit: unknown command "verfy"; did you mean verify?`},
		{"conform2", `pfkit: unknown command "conform2"; did you mean conform?`},
		{"frobnicate", `pfkit: unknown command "frobnicate"`},
		{"x", `pfkit: unknown command "x"`},
	} {
		code, out, errOut := pfkit(t, "", tc.word, "x.json", "--json")
		assert.Equal(t, 2, code)
		assert.Empty(t, out)
		assert.Equal(t, tc.say+"\nrun \"pfkit --help\" for usage\n", errOut)
	}
	assert.Equal(t, 1, editDistance("verfy", "verify"))
	assert.Equal(t, 3, editDistance("kitten", "sitting"))
}

// Flags are read wherever they stand, as the Go flag package alone does not:
// it stops at the first argument that is not a flag.
func TestParseInterleaved(t *testing.T) {
	for _, tc := range []struct {
		args []string
		pos  []string
		json bool
		dir  string
	}{
		{[]string{"a", "--json", "b"}, []string{"a", "b"}, true, ""},
		{[]string{"-json", "a", "--dir", "d"}, []string{"a"}, true, "d"},
		{[]string{"a", "--dir=d", "--json=false"}, []string{"a"}, false, "d"},
		{[]string{"--dir", "--json", "a"}, []string{"a"}, false, "--json"}, // a value is taken as written
		{[]string{"-", "--", "--json", "-x"}, []string{"-", "--json", "-x"}, false, ""},
		{nil, nil, false, ""},
	} {
		var out, errb bytes.Buffer
		c := newCLI("verify", &out, &errb)
		asJSON := c.fs.Bool("json", false, "")
		dir := c.fs.String("dir", "", "")
		pos, code, ok := c.parse(tc.args)
		require.True(t, ok, "%v: %s", tc.args, errb.String())
		assert.Equal(t, 0, code)
		assert.Equal(t, tc.pos, pos, "%v", tc.args)
		assert.Equal(t, tc.json, *asJSON, "%v", tc.args)
		assert.Equal(t, tc.dir, *dir, "%v", tc.args)
	}
	for _, bad := range [][]string{{"--jsonn"}, {"a", "-x"}, {"a", "--dir"}, {"--json=yes"}, {"---json"}} {
		var out, errb bytes.Buffer
		c := newCLI("verify", &out, &errb)
		c.fs.Bool("json", false, "")
		c.fs.String("dir", "", "")
		_, code, ok := c.parse(bad)
		assert.False(t, ok, "%v", bad)
		assert.Equal(t, 2, code, "%v", bad)
		assert.Empty(t, out.String())
		assert.Contains(t, errb.String(), "usage: pfkit verify", "%v", bad)
	}
	for _, help := range [][]string{{"-h"}, {"a", "--help"}, {"-help", "--bogus"}} {
		var out, errb bytes.Buffer
		c := newCLI("verify", &out, &errb)
		_, code, ok := c.parse(help)
		assert.False(t, ok)
		assert.Equal(t, 0, code, "%v", help)
		assert.True(t, strings.HasPrefix(out.String(), "usage: pfkit verify"), "%v", help)
		assert.Empty(t, errb.String())
	}
}

// Help at every level goes to standard output; a word that names nothing is
// refused before anything runs.
func TestHelpAndStrayWords(t *testing.T) {
	for _, args := range [][]string{
		{"--help"}, {"-h"}, {"help"}, {"help", "--help"}, {"help", "verify"}, {"help", "vectors"},
		{"help", "vectors", "generate"}, {"vectors", "--help"}, {"vectors", "generate", "-h"},
		{"archive", "-h"}, {"archive", "generate", "--help"}, {"eval", "--help"}, {"conform", "-h"},
		{"audit", "--help"}, {"verify", "x.json", "--help"},
	} {
		code, out, errOut := pfkit(t, "", args...)
		assert.Equal(t, 0, code, "%v: %s", args, errOut)
		assert.NotEmpty(t, out, "%v", args)
		assert.Empty(t, errOut, "%v", args)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "a.jsonl")
	for _, args := range [][]string{
		{"help", "frobnicate"}, {"-x"}, {"vectors"}, {"vectors", "help"}, {"archive", "help"},
		{"vectors", "generate", "--dir", dir, "help"}, {"vectors", "check", "--dir", dir, "--stray"},
		{"archive", "generate", "--out", out, "help"}, {"archive", "generate", "--out", out, "--kind", "poker"},
		{"archive", "generate", "--out", out, "--count", "-1"}, {"eval", "x"}, {"audit", dir, "x"},
		{"audit", "--workers", "-1", dir},
	} {
		code, stdout, errOut := pfkit(t, "", args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Empty(t, stdout, "%v", args)
		assert.Contains(t, errOut, "usage", "%v", args)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "a refused command wrote nothing")
}

// A file that cannot be read is file_unreadable: named on standard error, left
// out of the text report, listed by --json, and exit 2 unless a check failed.
func TestVerifyFileErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "absent.json")
	code, out, errOut := pfkit(t, "", append([]string{"verify"}, append(records("bridge.json"), missing, dir)...)...)
	assert.Equal(t, 2, code)
	assert.Contains(t, out, "VERIFIED")
	assert.NotContains(t, out, "UNREADABLE")
	assert.Equal(t, "pfkit verify: "+missing+": file_unreadable: cannot read the file: no such file or directory\n"+
		"pfkit verify: "+dir+": file_unreadable: cannot read the file: is a directory\n", errOut)

	code, out, _ = pfkit(t, "", append([]string{"verify", missing, "--json"}, records("bridge.tampered.json")...)...)
	assert.Equal(t, 1, code, "a failed check comes first")
	var doc struct {
		Records []fileResult
		Exit    int
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Equal(t, "unreadable", doc.Records[0].Status)
	assert.Equal(t, &errorJSON{"file_unreadable", "cannot read the file: no such file or directory"}, doc.Records[0].Error)
	assert.Equal(t, "failed", doc.Records[1].Status)

	code, out, errOut = pfkit(t, "", "audit", "--progress=false", missing)
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, `"`+missing+`": file_unreadable: cannot read the file: no such file or directory`)
}

// An adapter that dies: its standard error is shown once, as it was written,
// and the error says how far it got.
func TestDyingAdapterStderrOnce(t *testing.T) {
	const die = `read line; echo boom-$((4700+11)) >&2; exit 3` // the label holds the command, not its output
	req := `{"id":"1","scheme":"selfpoker_v1","op":"deal","input":{"seed":"42","players":2}}` + "\n"
	code, _, errOut := pfkit(t, req+req, "eval", "--cmd", die)
	assert.Equal(t, 1, code)
	assert.Equal(t, 1, strings.Count(errOut, "boom-4711"), errOut)
	assert.Contains(t, errOut, "answered 0 of 2 requests; exit: exit status 3")

	v := filepath.Join(root, "vectors", "match_seed_v2", "commit.json")
	code, _, errOut = pfkit(t, "", "conform", "--cmd", die, v)
	assert.Equal(t, 1, code)
	assert.Equal(t, 1, strings.Count(errOut, "boom-4711"), errOut)
}
func TestConformHelpShowsPaths(t *testing.T) {
	for _, h := range []string{"-h", "--help"} {
		code, out, errs := pfkit(t, "", "conform", h)
		assert.Equal(t, 0, code)
		assert.Empty(t, errs)
		assert.Contains(t, out, "usage: pfkit conform [--impl go|node|python | --cmd COMMAND]... [--only S[/OP]] [--skip S[/OP]] [--require S[/OP]] [--all] [--report FILE] [--timeout D] [PATH...]")
		assert.Contains(t, out, "\nPATH      a vector file (.json), a case file (.jsonl")
		assert.Contains(t, out, "\nS[/OP]    a scheme, or a scheme and one of its ops, for --only,\n")
		assert.Contains(t, out, "  --only scheme/op\n")
		assert.Contains(t, out, "  --skip scheme/op\n")
	}
}

func TestConformOnlySkip(t *testing.T) {
	vec := filepath.Join(root, "vectors")
	code, out, _ := pfkit(t, "", "conform", "--only", "match_seed_v2/commit,chess_colour_v1", "--skip", "chess_colour_v1/colour", "--only", "selfpoker_v1", "--skip", "selfpoker_v1/deal", vec)
	assert.Equal(t, 0, code, out)
	assert.Regexp(t, fmt.Sprintf(`match_seed_v2/commit\s+%d\s+0\s+0\n`, casesIn(t, filepath.Join(vec, "match_seed_v2", "commit.json"))), out)
	assert.Contains(t, out, "selfpoker_v1/permutation")
	assert.Contains(t, out, "selfpoker_v1/trace")
	for _, gone := range []string{"chess_colour_v1", "selfpoker_v1/deal", "match_seed_v2/draws", "protocol/envelope"} {
		assert.NotContains(t, out, gone)
	}
	for _, bad := range [][]string{
		{"--only", "selfpoker"},
		{"--skip", "match_seed_v2/deal"},
		{"--only", ""},
		{"--only", "match_seed_v2/commit", "--skip", "match_seed_v2"},
	} {
		code, out, errs := pfkit(t, "", append(append([]string{"conform"}, bad...), vec)...)
		assert.Equal(t, 2, code, "%v", bad)
		assert.Empty(t, out, "%v", bad)
		assert.NotEmpty(t, errs, "%v", bad)
	}
	// A fixed --skip that matches nothing in the chosen subset is fine.
	commit := filepath.Join(vec, "match_seed_v2", "commit.json")
	code, out, errs := pfkit(t, "", "conform", "--skip", "selfpoker_v1", commit, "--skip", "match_seed_v2/match")
	assert.Equal(t, 0, code, errs)
	assert.Contains(t, out, fmt.Sprintf("%d passed, 0 failed", casesIn(t, commit)))
}
