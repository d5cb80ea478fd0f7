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
	// The bounds on what a reader builds and the wording of refusals are
	// pinned by vector cases and example records, not only by tools.
	for _, id := range []string{"LIM-5", "REF-1", "REF-2", "REF-3", "REF-4", "REF-5", "SCH-1", "SCH-2", "SCH-3"} {
		assert.NotEmpty(t, append(v[id], r[id]...), "%s: no vector case or example record cites it", id)
	}
	assert.NotEmpty(t, v["LIM-5"], "protocol.json's Limit cases pin LIM-5 for a line")
	assert.NotEmpty(t, r["LIM-5"], "the limits-budget records pin LIM-5 for a record")
	uncovered, unknown := Report(ids, Merge(v, f, r, tools))
	assert.Empty(t, uncovered, "requirements with no vector, scenario, record or tool test")
	assert.Empty(t, unknown, "cited ids the spec does not define")
}

func TestReportFindsGaps(t *testing.T) {
	uncovered, unknown := Report([]string{"A-1", "B-2"}, Citations{"A-1": {"x"}, "C-3": {"y"}})
	assert.Equal(t, []string{"B-2"}, uncovered)
	assert.Equal(t, []string{"C-3 (cited by y)"}, unknown)
}

// Every section, requirement and decision that the spec, the code, the tests,
// the vectors, the scenarios, the pages and the READMEs cite exists.
func TestReferencesResolve(t *testing.T) {
	ix, err := LoadIndex("../../../spec/pfkit.md")
	require.NoError(t, err)
	examples, err := LoadExamples("testdata/examples.tsv")
	require.NoError(t, err)
	stale, err := ix.CheckTree("../../..", examples)
	require.NoError(t, err)
	for _, s := range stale {
		t.Errorf("%s", s)
	}
}
