package record

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A check keeps its first 64 mismatches in the order found and counts the
// rest (REC-10), whatever adds them.
func TestMismatchesKeepTheFirst64(t *testing.T) {
	for _, n := range []int{0, 1, 63, 64, 65, 1000} {
		var ms mismatches
		for i := range n {
			ms.add(Mismatch{Pointer: fmt.Sprint("/", i)})
		}
		kept := min(n, 64)
		assert.Len(t, ms.kept, kept, "n=%d", n)
		assert.Equal(t, n-kept, ms.more, "n=%d", n)
		assert.Equal(t, n, ms.count(), "n=%d", n)
		if kept > 0 {
			assert.Equal(t, fmt.Sprint("/", kept-1), ms.kept[kept-1].Pointer)
		}
	}
}

// Every card of both bridge deals made the two of clubs: each deal shows it
// 51 times too often (DIST-1), 102 in all, of which the check lists the 51
// of deal 1 and the first 13 of deal 2 and counts 38; each deal check finds
// every card but the one the deal puts 2c at, and all 52 fit under 64.
func TestDistinctListsTheFirst64(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(dir, "bridge.json"))
	require.NoError(t, err)
	var rec map[string]any
	require.NoError(t, json.Unmarshal(raw, &rec))
	var want []string
	for d, deal := range rec["deals"].([]any) {
		for s, seat := range deal.([]any) {
			for i := range seat.([]any) {
				seat.([]any)[i] = "2c"
				if s+i > 0 {
					want = append(want, fmt.Sprintf("/deals/%d/%d/%d", d, s, i))
				}
			}
		}
	}
	data, _ := json.Marshal(rec)
	rep, err := VerifyBytes(data)
	require.NoError(t, err)
	c := distinctCheck(t, rep)
	assert.Equal(t, "102 cards appear twice in the same deck", c.Summary)
	require.Len(t, c.Mismatches, 64)
	assert.Equal(t, 38, c.More)
	for i, m := range c.Mismatches {
		assert.Equal(t, want[i], m.Pointer)
	}
	assert.Equal(t, "2c, already dealt (deal 2, first seat, card 1)", c.Mismatches[63].Found)
	for _, c := range rep.Checks[3:] {
		assert.Equal(t, "51 values differ", c.Summary, c.Name)
		assert.Len(t, c.Mismatches, 51)
		assert.Zero(t, c.More)
	}
}
