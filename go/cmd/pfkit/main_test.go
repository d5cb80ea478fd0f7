package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const root = "../../.."

func pfkit(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
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
		{records("bridge.tampered.json"), 1, "deal 2, seat 2, card 7: expected"},
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
	code, out, _ := pfkit(t, "", "conform", v)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "16 passed, 0 failed")

	code, out, _ = pfkit(t, "", "conform", "--cmd", "cat", v)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "a response carries exactly one of output and error")

	code, out, errOut := pfkit(t, "", "conform", "--cmd", "true", v)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "no response")
	assert.Contains(t, errOut, "answered 0 of 16")

	code, _, errOut = pfkit(t, "", "conform", "--impl", "cobol", v)
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

func TestUsage(t *testing.T) {
	code, _, errOut := pfkit(t, "")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "usage:")
	code, _, _ = pfkit(t, "", "frobnicate")
	assert.Equal(t, 2, code)
}

func TestConformHelpShowsPaths(t *testing.T) {
	for _, h := range []string{"-h", "--help"} {
		code, out, errs := pfkit(t, "", "conform", h)
		assert.Equal(t, 0, code)
		assert.Empty(t, errs)
		assert.Contains(t, out, "usage: pfkit conform [flags] [PATH...]")
		assert.Contains(t, out, "PATH      vector files (.json), case files (.jsonl")
		assert.Contains(t, out, "--only S[/OP]")
		assert.Contains(t, out, "--skip S[/OP]")
	}
}

func TestConformOnlySkip(t *testing.T) {
	vec := filepath.Join(root, "vectors")
	code, out, _ := pfkit(t, "", "conform", "--only", "match_seed_v2/commit,chess_colour_v1", "--skip", "chess_colour_v1/colour", "--only", "selfpoker_v1", "--skip", "selfpoker_v1/deal", vec)
	assert.Equal(t, 0, code, out)
	assert.Regexp(t, `match_seed_v2/commit\s+16\s+0\s+0\n`, out)
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
}
