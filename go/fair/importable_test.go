package fair_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Another project can import the API through the module path: a throwaway
// module outside the repository requires github.com/pfkit/pfkit/v2, replaced by
// this checkout, and runs testdata/importer, which compares one answer of each
// scheme with the vector files and checks two refusals. It builds offline from
// the module cache: GOPROXY=off, and the checkout's go.sum copied so no
// checksum needs fetching.
func TestImportableFromAnotherModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a separate module")
	}
	goBin, err := exec.LookPath("go")
	require.NoError(t, err, "the go command is needed to build another module")
	checkout, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	require.FileExists(t, filepath.Join(checkout, "go.mod"))

	dir := t.TempDir()
	rel, err := filepath.Rel(checkout, dir)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(rel, ".."), "the throwaway module %s must lie outside the checkout", dir)

	goMod := "module example.com/fairuser\n\ngo 1.24\n\n" +
		"require github.com/pfkit/pfkit/v2 v2.0.0\n\n" +
		"replace github.com/pfkit/pfkit/v2 => " + checkout + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(goMod), 0o644))
	sum, err := os.ReadFile(filepath.Join(checkout, "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))
	src, err := os.ReadFile(filepath.Join("testdata", "importer", "main.go"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), src, 0o644))

	cmd := exec.Command(goBin, "run", ".", filepath.Join(checkout, "vectors"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	text := string(out)
	for _, want := range []string{
		"ok   match_seed_v2 bridge deal",
		"ok   poker_hmac_v1 root",
		"ok   chess_colour_v1 colours",
		"ok   selfpoker_v1 board",
		"ok   record bridge.tampered.json",
		"ok   client seed \"a,1=b\" refused with",
		"ok   equal chess commitments refused with",
	} {
		assert.Contains(t, text, want)
	}
	assert.NotContains(t, text, "FAIL")
}
