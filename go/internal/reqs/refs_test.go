package reqs

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The checker on a spec of two sections and a file citing it: each line of
// testdata/cites.txt says whether what it cites exists, and
// testdata/cites.expected, written by hand, lists the lines that cite nothing.
func TestCheckFindsStaleReferences(t *testing.T) {
	ix, err := LoadIndex("testdata/mini-spec.md")
	require.NoError(t, err)
	assert.Len(t, ix.Sections, 3)
	assert.Len(t, ix.Steps, 2)
	data, err := os.ReadFile("testdata/cites.txt")
	require.NoError(t, err)
	var got []string
	for _, s := range ix.Check("cites.txt", string(data)) {
		got = append(got, s.String())
	}
	want, err := os.ReadFile("testdata/cites.expected")
	require.NoError(t, err)
	assert.ElementsMatch(t, strings.Split(strings.TrimSpace(string(want)), "\n"), got)
}
