package reqs

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every requirement of the spec is tested by a vector case, a scenario, an
// example record or a test under tools/ that names it ("Pins: LIM-3"), and
// nothing cites an id the spec does not define.
func TestEveryRequirementIsCovered(t *testing.T) {
	ids, err := Defined("../../../spec/pfkit.md")
	require.NoError(t, err)
	require.Greater(t, len(ids), 50, "the spec defines its requirements as **[ID-n]**")
	seen := map[string]bool{}
	for _, id := range ids {
		assert.False(t, seen[id], "requirement %s is defined twice", id)
		seen[id] = true
	}
	v, err := FromVectors("../../../vectors")
	require.NoError(t, err)
	f, err := FromFeatures("../../../features")
	require.NoError(t, err)
	r, err := FromRecords("../../../vectors")
	require.NoError(t, err)
	tools, err := FromTools("../../../tools")
	require.NoError(t, err)
	require.NotEmpty(t, tools["LIM-3"], "tools/streams.py pins LIM-3")
	uncovered, unknown := Report(ids, Merge(v, f, r, tools))
	assert.Empty(t, uncovered, "requirements with no vector, scenario, record or tool test")
	assert.Empty(t, unknown, "cited ids the spec does not define")
}

func TestReportFindsGaps(t *testing.T) {
	uncovered, unknown := Report([]string{"A-1", "B-2"}, Citations{"A-1": {"x"}, "C-3": {"y"}})
	assert.Equal(t, []string{"B-2"}, uncovered)
	assert.Equal(t, []string{"C-3 (cited by y)"}, unknown)
}
