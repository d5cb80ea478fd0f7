package reqs

import (
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/conform"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/vectors"
)

// Every requirement of the spec is tested by a vector case, a scenario, an
// example record or a script or test under tools/ or tests/ that names it
// ("Pins: LIM-3"), and
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
	tests, err := FromTools("../../../tests")
	require.NoError(t, err)
	require.NotEmpty(t, tools["LIM-3"], "tools/cross/streams.py pins LIM-3")
	// The bounds on what a reader builds and the wording of refusals are
	// pinned by vector cases and example records, not only by tools.
	for _, id := range []string{"LIM-5", "REF-1", "REF-2", "REF-3", "REF-4", "REF-5", "SCH-1", "SCH-2", "SCH-3"} {
		assert.NotEmpty(t, append(v[id], r[id]...), "%s: no vector case or example record cites it", id)
	}
	assert.NotEmpty(t, v["LIM-5"], "protocol.json's Limit cases pin LIM-5 for a line")
	assert.NotEmpty(t, r["LIM-5"], "the limits-budget records pin LIM-5 for a record")
	uncovered, unknown := Report(ids, Merge(v, f, r, tools, tests))
	assert.Empty(t, uncovered, "requirements with no vector, scenario, record or tool test")
	assert.Empty(t, unknown, "cited ids the spec does not define")
}

func TestReportFindsGaps(t *testing.T) {
	uncovered, unknown := Report([]string{"A-1", "B-2"}, Citations{"A-1": {"x"}, "C-3": {"y"}})
	assert.Equal(t, []string{"B-2"}, uncovered)
	assert.Equal(t, []string{"C-3 (cited by y)"}, unknown)
}

// Every section, requirement and decision that the spec, the code, the tests,
// the vectors, the scenarios, the pages and the READMEs cite exists. The same
// walk of the tree (a second of regular expressions) is given one example
// that is no longer a reference to nothing, which must be reported, so that
// the list of examples cannot hide a reference that has since been fixed.
func TestReferencesResolve(t *testing.T) {
	ix, err := LoadIndex("../../../spec/pfkit.md")
	require.NoError(t, err)
	examples, err := LoadExamples("testdata/examples.tsv")
	require.NoError(t, err)
	examples["README.md"] = append(examples["README.md"], "#no-such-anchor")
	spent := Stale{Place: "README.md", Ref: "#no-such-anchor", Why: "listed as an example, but no longer a reference to nothing here"}
	stale, err := ix.CheckTree("../../..", examples)
	require.NoError(t, err)
	t.Run("every reference resolves", func(t *testing.T) {
		for _, s := range stale {
			if s != spent {
				t.Errorf("%s", s)
			}
		}
	})
	t.Run("a spent example is reported", func(t *testing.T) {
		assert.Contains(t, stale, spent)
	})
}

// Every op of the registry (ops.Schemes) has a vector file, every op file is
// of an op the registry holds, and the Node and Python runners know every op:
// a request for it with an empty input gets the reference's answer, a missing
// field, not unknown_op. An op added to the registry alone fails here.
func TestEveryOpHasVectorsAndPorts(t *testing.T) {
	files, err := vectors.Load("../../../vectors")
	require.NoError(t, err)
	inFiles := map[string]bool{}
	for _, f := range files {
		for _, c := range f.Cases {
			if !c.Protocol {
				inFiles[c.Scheme+"/"+c.Op] = true
			}
		}
	}
	var registry []string
	for s := range ops.Schemes {
		for _, op := range ops.OpNames(s) {
			registry = append(registry, s+"/"+op)
		}
	}
	sort.Strings(registry)
	for _, k := range registry {
		assert.True(t, inFiles[k], "%s is in ops.Schemes but has no vector file under vectors/", k)
	}
	for k := range inFiles {
		assert.Contains(t, registry, k, "vectors/ has cases of %s, which ops.Schemes does not hold", k)
	}
	var lines [][]byte
	for _, k := range registry {
		s, op, _ := strings.Cut(k, "/")
		lines = append(lines, []byte(`{"id":"`+k+`","scheme":"`+s+`","op":"`+op+`","input":{}}`))
	}
	for _, impl := range []string{"node", "python"} {
		t.Run(impl, func(t *testing.T) { portKnowsOps(t, impl, registry, lines) })
	}
}

func portKnowsOps(t *testing.T, impl string, registry []string, lines [][]byte) {
	if _, err := exec.LookPath(map[string]string{"node": "node", "python": "python3"}[impl]); err != nil {
		t.Skipf("%s is not installed: %v", impl, err)
	}
	root, err := filepath.Abs("../../..")
	require.NoError(t, err)
	p, err := conform.Adapter(impl, root)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	answered := 0
	require.NoError(t, p.Run(ctx, lines, func(i int, resp []byte) {
		answered++
		var got, want struct {
			Error *struct{ Code string } `json:"error"`
		}
		require.NoError(t, json.Unmarshal(resp, &got), "%s: %s", registry[i], resp)
		ref, err := ops.Eval(lines[i]).MarshalJSON()
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(ref, &want))
		require.NotNil(t, want.Error)
		require.NotEqual(t, "unknown_op", want.Error.Code)
		if assert.NotNil(t, got.Error, "%s: %s", registry[i], resp) {
			assert.Equal(t, want.Error.Code, got.Error.Code, "%s with an empty input: %s", registry[i], resp)
		}
	}))
	assert.Equal(t, len(lines), answered)
}
