package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// asPfkit makes this test binary act as pfkit when it starts as an adapter's
// command, so that adapters can be built of pfkit eval and sed.
const asPfkit = "PFKIT_TEST_AS_PFKIT"

func TestMain(m *testing.M) {
	if os.Getenv(asPfkit) == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// adapter is a --cmd of the reference's runner with sed before it (on the
// requests) or after it (on the answers).
func adapter(t *testing.T, before, after string) string {
	t.Helper()
	t.Setenv(asPfkit, "1")
	self, err := os.Executable()
	require.NoError(t, err)
	cmd := fmt.Sprintf("'%s' eval", self)
	if before != "" {
		cmd = "sed -u '" + before + "' | " + cmd
	}
	if after != "" {
		cmd += " | sed -u '" + after + "'"
	}
	return cmd
}

// An adapter written before the exchange answers it with unknown_scheme
// (IMPL-3): it is run in full, and only the exchange's own cases are not
// sent.
func TestConformOldAdapter(t *testing.T) {
	if testing.Short() {
		t.Skip("runs an adapter over the vector files")
	}
	old := adapter(t, `s/"scheme":"pfkit"/"scheme":"pfkit_old"/`, "")
	vec := filepath.Join(root, "vectors")
	commit := filepath.Join(vec, "match_seed_v2", "commit.json")
	code, out, errs := pfkit(t, "", "conform", "--cmd", old, commit)
	assert.Equal(t, 0, code, out+errs)
	assert.Contains(t, out, "it says: nothing (it answered the implementation request with unknown_scheme, IMPL-3)\n")
	assert.Contains(t, out, fmt.Sprintf("%d passed, 0 failed, 0 not implemented", casesIn(t, commit)))

	code, out, _ = pfkit(t, "", "conform", "--cmd", old, "--only", "protocol", vec)
	assert.Equal(t, 1, code)
	assert.Regexp(t, `protocol/implementation\s+0\s+0\s+7\n`, out)
	assert.Contains(t, out, "not implemented (not sent):\n  protocol/implementation: 7 of 7 cases, the implementation does not answer the implementation request\n")
	assert.Regexp(t, `protocol/envelope\s+\d+\s+0\s+0\n`, out)

	code, out, _ = pfkit(t, "", "conform", "--cmd", old, "--skip", "protocol/implementation", "--only", "protocol", vec)
	assert.Equal(t, 0, code, out)
}

// An adapter that lists fewer ops is not sent the others (IMPL-2) and passes
// on the ops it lists, as partial; --require demands ops (CONF-4). An answer
// the schema refuses fails the run.
func TestConformListedOps(t *testing.T) {
	if testing.Short() {
		t.Skip("runs an adapter over the vector files")
	}
	vec := filepath.Join(root, "vectors")
	partial := adapter(t, "", `s/{"scheme":"selfpoker_v1","op":"deal"},//`)
	code, out, errs := pfkit(t, "", "conform", "--cmd", partial, "--only", "selfpoker_v1", vec)
	assert.Equal(t, 0, code, errs)
	assert.Contains(t, out, "it says: pfkit ")
	assert.Contains(t, out, "(go), 11 scheme ops\npartial: 11 of 12 ops; not listed, so not judged: selfpoker_v1/deal\n")
	deal := casesIn(t, filepath.Join(vec, "selfpoker_v1", "deal.json"))
	assert.Regexp(t, fmt.Sprintf(`selfpoker_v1/deal\s+0\s+0\s+%d\n`, deal), out)
	assert.Contains(t, out, fmt.Sprintf("  selfpoker_v1/deal: %d of %[1]d cases, not listed by the implementation\n", deal))
	assert.Regexp(t, `selfpoker_v1/permutation\s+\d+\s+0\s+0\n`, out)

	dir := t.TempDir()
	html, js := filepath.Join(dir, "r.html"), filepath.Join(dir, "r.json")
	code, _, _ = pfkit(t, "", "conform", "--cmd", partial, "--only", "selfpoker_v1", "--report", html, "--report", js, vec)
	assert.Equal(t, 0, code)
	page, err := os.ReadFile(html)
	require.NoError(t, err)
	assert.Contains(t, string(page), "<div>partial: 11 of 12 ops; not listed, so not judged: selfpoker_v1/deal</div>")
	assert.Contains(t, string(page), "cases from 3 files, run through 1 implementation by the build of commit <code>")
	var doc struct {
		Commit          string
		Exit            int
		Implementations []struct{ Partial map[string]any }
	}
	data, err := os.ReadFile(js)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &doc))
	assert.NotEmpty(t, doc.Commit)
	assert.Zero(t, doc.Exit)
	assert.Equal(t, map[string]any{"listed": 11.0, "of": 12.0, "notListed": []any{"selfpoker_v1/deal"}}, doc.Implementations[0].Partial)

	for _, req := range []string{"selfpoker_v1", "selfpoker_v1/deal"} {
		code, out, errs = pfkit(t, "", "conform", "--cmd", partial, "--only", "selfpoker_v1", "--require", req, vec)
		assert.Equal(t, 1, code, req)
		assert.Contains(t, out, "\nrequired by --require and not listed, so the run fails: selfpoker_v1/deal\n", req)
		assert.Contains(t, errs, "required by --require and not listed", req)
	}
	code, _, _ = pfkit(t, "", "conform", "--cmd", partial, "--only", "selfpoker_v1", "--require", "selfpoker_v1/trace", vec)
	assert.Equal(t, 0, code)
	code, _, errs = pfkit(t, "", "conform", "--cmd", partial, "--require", "selfpoker", vec)
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "--require: \"selfpoker\" names no scheme or op")

	// One op listed 1,024 times is one op.
	one := adapter(t, "", `s/"ops":\[.*\]/"ops":[`+strings.Repeat(`{"scheme":"match_seed_v2","op":"commit"},`, 1023)+`{"scheme":"match_seed_v2","op":"commit"}]/`)
	code, out, errs = pfkit(t, "", "conform", "--cmd", one, filepath.Join(vec, "match_seed_v2", "commit.json"))
	assert.Equal(t, 0, code, errs)
	assert.Contains(t, out, "(go), 1 scheme op (1023 repeats of an op listed before, counted once)\npartial: 1 of 12 ops; ")

	broken := adapter(t, "", `s/"language":"go",//`)
	code, out, errs = pfkit(t, "", "conform", "--cmd", broken, filepath.Join(vec, "match_seed_v2", "commit.json"))
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "it says: no valid answer to the implementation request: ")
	assert.Contains(t, errs, "language")
}

// A compliance report of three implementations, one of which answers one op
// wrongly: its cell fails and opens onto the right cases (CONF-2).
func TestConformReport(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three adapters over the vector files")
	}
	wrong := adapter(t, "", `s/"white":"A"/"white":"B"/`)
	vec := filepath.Join(root, "vectors")
	dir := t.TempDir()
	html, js := filepath.Join(dir, "r.html"), filepath.Join(dir, "r.json")
	args := []string{"conform", "--impl", "go", "--cmd", wrong, "--only", "chess_colour_v1,match_seed_v2/commit", vec}
	code, out, errs := pfkit(t, "", append(args, "--report", html)...)
	assert.Equal(t, 1, code, errs)
	assert.Contains(t, out, "report: "+html+"\n")
	code, _, _ = pfkit(t, "", append(args, "--report", js)...)
	assert.Equal(t, 1, code)

	var rep struct {
		Pfkit struct {
			Version string `json:"version"`
		} `json:"pfkit"`
		Implementations []struct {
			Label string `json:"label"`
			Says  struct {
				Language string `json:"language"`
			} `json:"says"`
			Ops map[string]struct {
				Passed, Failed int
				Failures       []struct {
					Case, Detail string
				}
			} `json:"ops"`
		} `json:"implementations"`
		Exit int `json:"exit"`
	}
	data, err := os.ReadFile(js)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &rep))
	assert.Equal(t, versionFile(t), rep.Pfkit.Version)
	assert.Equal(t, 1, rep.Exit)
	require.Len(t, rep.Implementations, 2)
	assert.Equal(t, "go", rep.Implementations[0].Label)
	assert.Zero(t, rep.Implementations[0].Ops["chess_colour_v1/colour"].Failed)
	bad := rep.Implementations[1].Ops["chess_colour_v1/colour"]
	assert.Equal(t, "go", rep.Implementations[1].Says.Language)
	assert.Zero(t, rep.Implementations[1].Ops["match_seed_v2/commit"].Failed)
	// The failing cases are those whose expected output has White A, and the
	// bulk case (a quarter of its games has White A), read from the vector
	// file itself.
	var file struct {
		Cases []struct {
			ID         int
			Expect     *struct{ White string }
			Accumulate json.RawMessage
		}
	}
	raw, err := os.ReadFile(filepath.Join(vec, "chess_colour_v1", "colour.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &file))
	var want []string
	for _, c := range file.Cases {
		if (c.Expect != nil && c.Expect.White == "A") || c.Accumulate != nil {
			want = append(want, fmt.Sprintf("#%d", c.ID))
		}
	}
	require.NotEmpty(t, want)
	var got []string
	for _, f := range bad.Failures {
		got = append(got, f.Case[strings.LastIndex(f.Case, "#"):])
		assert.Contains(t, f.Detail, `output.white: expected "A", found "B"`)
	}
	assert.Equal(t, want, got)
	assert.Equal(t, len(want), bad.Failed)

	page, err := os.ReadFile(html)
	require.NoError(t, err)
	text := string(page)
	assert.True(t, strings.HasPrefix(text, "<!DOCTYPE html>"))
	for _, banned := range []string{"<script", "http://", "https://", "<link", "src="} {
		assert.NotContains(t, text, banned)
	}
	assert.Equal(t, 1, strings.Count(text, "<details>"), "one failing cell")
	assert.Contains(t, text, `output.white: expected &#34;A&#34;, found &#34;B&#34;`)
	assert.Regexp(t, regexp.MustCompile(`<td class="fail"><details><summary>\d+ passed, `+fmt.Sprint(len(want))+` failed, 0 not implemented</summary>`), text)
	assert.Contains(t, text, "colour.json"+want[0]+"</code>")

	for _, bad := range []string{"r.txt", "report"} {
		code, out, errs := pfkit(t, "", "conform", "--report", filepath.Join(dir, bad), vec)
		assert.Equal(t, 2, code)
		assert.Empty(t, out)
		assert.Contains(t, errs, "expected a file name ending in .html or .json")
		assert.NoFileExists(t, filepath.Join(dir, bad))
	}
}

// The header says which spec release a port targets when it is not this
// pfkit's, or that it names none; an entry for the exchange itself in ops is
// an op this kit does not define, named and ignored (IMPL-1, IMPL-2).
func TestConformSaysTheSpecRelease(t *testing.T) {
	commit := filepath.Join(root, "vectors", "match_seed_v2", "commit.json")
	own := strings.Join(strings.Split(versionFile(t), ".")[:2], ".")
	for _, tc := range []struct{ sed, says string }{
		{``, "(go), 12 scheme ops\n"},
		{`s/"spec":"[0-9.]*"/"spec":"1.9"/`, "(go), 12 scheme ops; it targets spec 1.9; this pfkit judges by spec " + own + "\n"},
		{`s/"spec":"[0-9.]*",//`, "(go), 12 scheme ops; it names no spec release (this pfkit judges by spec " + own + ")\n"},
		{`s/"ops":\[/"ops":[{"scheme":"pfkit","op":"implementation"},/`, "(go), 13 scheme ops; ops this pfkit does not define: pfkit/implementation\n"},
	} {
		code, out, errs := pfkit(t, "", "conform", "--cmd", adapter(t, "", tc.sed), commit)
		assert.Equal(t, 0, code, errs)
		assert.Contains(t, out, tc.says, tc.sed)
		assert.NotContains(t, out, "partial:", tc.sed)
	}
}
