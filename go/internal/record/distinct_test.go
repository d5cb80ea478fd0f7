package record

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

	"github.com/pfkit/pfkit/v2/go/internal/archive"
	"github.com/pfkit/pfkit/v2/go/internal/cards"
)

// distinctCheck is the DIST-1 check of a report.
func distinctCheck(t *testing.T, rep *Report) Check {
	t.Helper()
	for _, c := range rep.Checks {
		if c.Requirement == "DIST-1" {
			return c
		}
	}
	t.Fatalf("no DIST-1 check in %q", rep.Title)
	return Check{}
}

// Honest records never fail DIST-1: thousands of generated hands and matches,
// every kind that shows cards.
func TestDistinctHoldsOnHonestRecords(t *testing.T) {
	for _, kind := range []string{"selfpoker", "bridge", "mixed"} {
		var buf bytes.Buffer
		require.NoError(t, archive.Generate(&buf, kind, 2000, 0))
		checked := 0
		for i, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
			rep, err := VerifyBytes([]byte(line))
			require.NoError(t, err, "%s record %d", kind, i)
			require.Equal(t, Verified, rep.Status, "%s record %d", kind, i)
			for _, c := range rep.Checks {
				if c.Requirement == "DIST-1" {
					checked++
				}
			}
		}
		assert.Greater(t, checked, 500, "%s: records that show cards were checked", kind)
	}
	for _, f := range []string{"bridge.json", "tarneeb.json", "trix.json", "baloot.json", "mahjong.json", "poker-leave.json", "poker-session.json", "selfpoker.json", "selfpoker-number-seed.json"} {
		raw, err := os.ReadFile(filepath.Join(dir, f))
		require.NoError(t, err)
		rep, err := VerifyBytes(raw)
		require.NoError(t, err)
		assert.True(t, distinctCheck(t, rep).OK, f)
	}
}

// The mahjong examples show some kinds four times, which DIST-1 allows; a
// fifth of any kind anywhere in the hand fails, at the fifth, also on a wall
// the record lists itself (READ-10).
func TestDistinctTilesAllowFour(t *testing.T) {
	for _, f := range []string{"mahjong.json", "mahjong-wall-sets.json"} {
		t.Run(f, func(t *testing.T) { distinctTilesAllowFour(t, f) })
	}
}

func distinctTilesAllowFour(t *testing.T, file string) {
	raw, err := os.ReadFile(filepath.Join(dir, file))
	require.NoError(t, err)
	var rec map[string]any
	require.NoError(t, json.Unmarshal(raw, &rec))
	hand := rec["hands"].([]any)[0].(map[string]any)
	var shown []string
	for _, seat := range hand["deal"].([]any) {
		for _, tile := range seat.([]any) {
			shown = append(shown, tile.(string))
		}
	}
	for _, tile := range hand["draws"].([]any) {
		shown = append(shown, tile.(string))
	}
	count := map[string]int{}
	full := ""
	for _, k := range shown {
		if count[k]++; count[k] == 4 && full == "" {
			full = k
		}
	}
	require.NotEmpty(t, full, "the example shows some kind four times")
	draws := hand["draws"].([]any)
	for i := range draws {
		if draws[i] == full {
			continue
		}
		saved := draws[i]
		draws[i] = full
		data, _ := json.Marshal(rec)
		rep, err := VerifyBytes(data)
		require.NoError(t, err)
		c := distinctCheck(t, rep)
		require.Equal(t, "distinct tiles", c.Name)
		require.False(t, c.OK, "draw %d made a fifth %s", i+1, full)
		require.Len(t, c.Mismatches, 1)
		// The fifth is this draw, unless a later draw was the fourth.
		later := 0
		for _, d := range draws[i+1:] {
			if d == full {
				later++
			}
		}
		if later == 0 {
			assert.Equal(t, fmt.Sprintf("/hands/0/draws/%d", i), c.Mismatches[0].Pointer)
			assert.Equal(t, full+", tile 5 of its kind", c.Mismatches[0].Found)
		}
		draws[i] = saved
	}
}

// Every way of showing one card of a bridge deal twice fails DIST-1 at the
// later of the two places, naming the earlier.
func TestDistinctCardsEveryRepeat(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(dir, "bridge.json"))
	require.NoError(t, err)
	var rec map[string]any
	require.NoError(t, json.Unmarshal(raw, &rec))
	deal := rec["deals"].([]any)[0].([]any)
	seat := func(s int) []any { return deal[s].([]any) }
	cases := 0
	for _, p := range [][2]int{{0, 0}, {0, 12}, {1, 5}, {3, 11}} {
		for _, q := range [][2]int{{0, 1}, {2, 7}, {3, 12}} {
			if p == q {
				continue
			}
			earlier, later := p, q
			if q[0] < p[0] || (q[0] == p[0] && q[1] < p[1]) {
				earlier, later = q, p
			}
			saved := seat(later[0])[later[1]]
			name := seat(earlier[0])[earlier[1]].(string)
			seat(later[0])[later[1]] = name
			data, _ := json.Marshal(rec)
			rep, err := VerifyBytes(data)
			require.NoError(t, err)
			c := distinctCheck(t, rep)
			require.False(t, c.OK)
			require.Len(t, c.Mismatches, 1)
			m := c.Mismatches[0]
			assert.Equal(t, fmt.Sprintf("/deals/0/%d/%d", later[0], later[1]), m.Pointer)
			// Seats said in order: the record's seat 0 is the first seat (D-33).
			ordinal := []string{"first", "second", "third", "fourth"}[earlier[0]]
			assert.Equal(t, fmt.Sprintf("%s, already dealt (deal 1, %s seat, card %d)", name, ordinal, earlier[1]+1), m.Found)
			seat(later[0])[later[1]] = saved
			cases++
		}
	}
	assert.Equal(t, 12, cases)
}

// The reference deals distinct cards, so verification counts DIST-1 only when
// a card differs from the dealt one (dealtOr). Counted in full anyway, every
// generated honest hand and deal passes: the premise of that shortcut.
func TestDealtCardsAreDistinctCountedInFull(t *testing.T) {
	for _, kind := range []string{"selfpoker", "bridge"} {
		var buf jsonLines
		require.NoError(t, archive.Generate(&buf, kind, 2000, 0))
		for i, l := range bytes.Split(bytes.TrimSpace(buf.data), []byte("\n")) {
			r := readPlain(l)
			require.NotNil(t, r, "%s record %d", kind, i)
			var decks [][][]string
			deck := cards.Table52
			if r.match != nil {
				for di := range r.match.Deals {
					decks = append(decks, r.match.Deals[di][:])
				}
			} else {
				var runs [][]string
				for h := range r.selfpoker.Hands {
					runs = append(runs, r.selfpoker.Hands[h][:])
				}
				decks, deck = [][][]string{append(runs, r.selfpoker.Board)}, cards.SelfPoker52
			}
			rep := &report{}
			rep.distinct("", deck, false, shown{decks, func(d, ri, i int) (string, string) { return "", "" }})
			require.True(t, rep.Checks[0].OK, "%s record %d: %v", kind, i, rep.Checks[0].Mismatches)
		}
	}
}
