package audit

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/archive"
	"github.com/pfkit/pfkit/v2/go/internal/archivestats"
)

// statsArchive writes an archive of every kind the generator deals, a
// regular's bridge matches among them, and a few tampered records (which
// the statistics leave out).
func statsArchive(t *testing.T, g archive.Grinding) string {
	path := filepath.Join(t.TempDir(), "stats.jsonl")
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, archive.GenerateWith(f, "mixed", 1200, 97, archive.Grinding{K: 1}))
	require.NoError(t, archive.GenerateWith(f, "bridge", 300, 0, g))
	return path
}

// Statistics are counts that add: three shards merged give the single run's
// statistics byte for byte, the regulars' among them, though no shard alone
// sees the regular in enough records.
func TestStatsOfShardsAddUpToTheWhole(t *testing.T) {
	path := statsArchive(t, archive.Grinding{K: 1, Client: "alice", First: 5000})
	opt := Options{Stats: &StatsOptions{Rate: archivestats.Rate, Regulars: 150}}
	whole, merged, _, _ := runAll(t, path, 3, opt)
	require.NotNil(t, whole.Stats)
	assert.Equal(t, asJSON(t, whole), asJSON(t, merged))
	assert.Contains(t, whole.Stats.Seeds["bridge"], "alice")
	assert.Len(t, whole.Stats.Seeds["bridge"], 1, "only the regular is kept")
	assert.Zero(t, whole.Stats.Flagged, "an honest archive")
	verified := 0
	for _, g := range whole.Stats.Games {
		verified += g.Records
	}
	assert.Equal(t, whole.ByStatus[Verified], verified, "every verified record counted once, no other")
}

// A server that deals the regular the better of two seeds is flagged, on
// the regular's own test; an honest one with the same regular is not.
func TestStatsFlagAServerGrindingForARegular(t *testing.T) {
	path := statsArchive(t, archive.Grinding{K: 2, Client: "alice", First: 5000})
	s, err := Run(path, Options{Stats: &StatsOptions{Rate: archivestats.Rate, Regulars: 100}})
	require.NoError(t, err)
	var flagged []string
	for _, tc := range s.Stats.Tests {
		if tc.Flagged {
			flagged = append(flagged, tc.ID)
		}
	}
	assert.Contains(t, flagged, `bridge/regular/"alice"`)
}

// Merge refuses shards of which some ran with --stats and some without, or
// at other rates.
func TestMergeRefusesMixedStats(t *testing.T) {
	path := statsArchive(t, archive.Grinding{K: 1})
	with := Options{Stats: &StatsOptions{Rate: 1e-6, Regulars: 100}, Shard: Shard{1, 2}}
	a, err := Run(path, with)
	require.NoError(t, err)
	with.Shard = Shard{2, 2}
	b, err := Run(path, with)
	require.NoError(t, err)
	plain, err := Run(path, Options{Shard: Shard{2, 2}})
	require.NoError(t, err)
	_, err = Merge([]*Summary{a, plain})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "expected every shard run with --stats or none")
	b.Stats.Rate = 1e-3
	_, err = Merge([]*Summary{a, b})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "expected one rate and one number")
}

// Mahjong deals are counted from records read the general way (they declare
// readings): each seat's honour tiles among its first 13, as counted here
// from the example records themselves.
func TestStatsCountMahjongHonours(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mahjong.jsonl")
	var lines []byte
	want, deals := [4]int{}, 0
	for _, name := range []string{"mahjong.json", "mahjong-rounds.json", "mahjong-wall-sets.json", "mahjong-swap-last.json", "mahjong-close-gap.json"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "vectors", "records", name))
		require.NoError(t, err)
		var rec struct {
			Hands []struct{ Deal [4][]string } `json:"hands"`
		}
		require.NoError(t, json.Unmarshal(data, &rec))
		for _, h := range rec.Hands {
			deals++
			for s := range 4 {
				for _, tile := range h.Deal[s][:13] {
					if strings.Contains(" E S W N Wd Gd Rd ", " "+tile+" ") {
						want[s]++
					}
				}
			}
		}
		var compact bytes.Buffer
		require.NoError(t, json.Compact(&compact, data))
		lines = append(append(lines, compact.Bytes()...), '\n')
	}
	require.NoError(t, os.WriteFile(path, lines, 0o644))
	s, err := Run(path, Options{Stats: &StatsOptions{Rate: archivestats.Rate, Regulars: 1}})
	require.NoError(t, err)
	require.Equal(t, 5, s.ByStatus[Verified])
	g := s.Stats.Games["mahjong"]
	require.NotNil(t, g)
	assert.Equal(t, deals, g.Deals)
	for seat, row := range g.Strength {
		got := 0
		for v, c := range row {
			got += v * c
		}
		assert.Equal(t, want[seat], got, "seat %d", seat)
	}
}

// Baloot hands are counted by their first distribution (BAL-1): each seat's
// high-card points over its five cards, as counted here from the example
// records themselves (one reads three_two, one another deck order).
func TestStatsCountBalootFirstFive(t *testing.T) {
	path := filepath.Join(t.TempDir(), "baloot.jsonl")
	var lines []byte
	want, deals := [4]int{}, 0
	for _, name := range []string{"baloot.json", "baloot-three-two.json", "baloot-deck-by-rank.json"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "vectors", "records", name))
		require.NoError(t, err)
		var rec struct {
			Hands []struct{ First [4][]string } `json:"hands"`
		}
		require.NoError(t, json.Unmarshal(data, &rec))
		for _, h := range rec.Hands {
			deals++
			for s := range 4 {
				require.Len(t, h.First[s], 5)
				for _, card := range h.First[s] {
					want[s] += map[byte]int{'A': 4, 'K': 3, 'Q': 2, 'J': 1}[card[0]]
				}
			}
		}
		var compact bytes.Buffer
		require.NoError(t, json.Compact(&compact, data))
		lines = append(append(lines, compact.Bytes()...), '\n')
	}
	require.NoError(t, os.WriteFile(path, lines, 0o644))
	s, err := Run(path, Options{Stats: &StatsOptions{Rate: archivestats.Rate, Regulars: 1}})
	require.NoError(t, err)
	require.Equal(t, 3, s.ByStatus[Verified])
	g := s.Stats.Games["baloot"]
	require.NotNil(t, g)
	assert.Equal(t, deals, g.Deals)
	for seat, row := range g.Strength {
		got, hands := 0, 0
		for v, c := range row {
			got, hands = got+v*c, hands+c
		}
		assert.Equal(t, want[seat], got, "seat %d", seat)
		assert.Equal(t, deals, hands, "seat %d", seat)
	}
}
