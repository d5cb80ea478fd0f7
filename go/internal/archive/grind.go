package archive

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/archivestats"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/match"
)

// Grinding describes a dishonest server, for testing the statistics across
// an archive (STAT-6): for every record it draws K server seeds, deals each,
// and commits to the one that deals best, by the game's metric
// (archivestats), to one seat position or to one client seed, a regular
// whose seed it knows before it commits. K = 1 is an honest server.
type Grinding struct {
	K int
	// Seat is the seat position favoured: in a selfpoker_v1 hand the
	// player's position, in a match the seat (MS2-4), in chess 0 for side A
	// playing White and 1 for side B.
	Seat int
	// Client, when not empty, is a regular's client seed: every match's
	// first client seed, favoured wherever it sits (bridge and backgammon).
	Client string
	// First is the number of the first record, so that archives of one
	// kind can be told apart (honest archives for counting false alarms).
	First int
}

// MaxGrind bounds K: each record is dealt K times.
const MaxGrind = 1 << 16

// Check refuses an unknown kind and a grinding that cannot apply to records
// of kind.
func (g Grinding) Check(kind string) error {
	switch {
	case !slices.Contains(Kinds, kind):
		return fmt.Errorf("archive kind: expected one of %s; found %s", strings.Join(Kinds, ", "), escape.Quoted(kind))
	case g.K < 1 || g.K > MaxGrind:
		return fmt.Errorf("grinding: expected 1 to %d server seeds a record, found %d", MaxGrind, g.K)
	case g.First < 0:
		return fmt.Errorf("grinding: expected a first record number of 0 or more, found %d", g.First)
	case g.Client != "" && kind != "bridge" && kind != "backgammon":
		return fmt.Errorf("grinding for a client seed: expected --kind bridge or backgammon (the games with client seeds and a metric), found %s", escape.Quoted(kind))
	}
	limit := map[string]int{"selfpoker": 2, "bridge": 4, "backgammon": 2, "chess": 2, "mixed": 2}[kind]
	if g.Client == "" && (g.Seat < 0 || g.Seat >= limit) {
		return fmt.Errorf("grinding for seat %d: expected a seat from 0 to %d, which every %s record has", g.Seat, limit-1, kind)
	}
	return nil
}

// best is record i as the grinding server deals it: the first of its K
// candidates whose score is highest, changed when tamper says so as
// Generate changes a record.
func (g Grinding) best(kind string, i int, tamper bool) (map[string]any, error) {
	bestJ, top := 0, 0.0
	for j := range g.K {
		if g.K == 1 {
			break
		}
		rec, err := one(kind, i, j, false, g.Client)
		if err != nil {
			return nil, err
		}
		if s := g.score(kind, rec); j == 0 || s > top {
			bestJ, top = j, s
		}
	}
	return one(kind, i, bestJ, tamper, g.Client)
}

// score is how well rec deals to the favoured seat or client seed, by the
// game's metric: the high-card points over its deals, the mean pips of its
// turns, its hole cards' strength, or whether side A plays White.
func (g Grinding) score(kind string, rec map[string]any) float64 {
	seat := g.Seat
	if g.Client != "" {
		for s, c := range rec["seats"].([]int) {
			if c == 0 { // the regular is client seed 0
				seat = s
			}
		}
	}
	switch kind {
	case "bridge":
		p := 0
		for _, d := range rec["deals"].([][][]string) {
			p += archivestats.HCPOf(d[seat])
		}
		return float64(p)
	case "backgammon":
		gm := rec["games"].([]match.BackgammonGame)[0]
		pips, turns := 0, 0
		for t, r := range gm.Rolls {
			if (gm.First+1+t)%2 == seat {
				pips, turns = pips+archivestats.PipsOf(r[0], r[1]), turns+1
			}
		}
		return float64(pips) / float64(max(turns, 1))
	case "selfpoker":
		h := rec["hands"].([]any)[seat].([]string)
		return float64(archivestats.HoleOf(h[0], h[1]))
	case "chess":
		if rec["white"] == map[int]string{0: "A", 1: "B"}[seat] {
			return 1
		}
	}
	return 0
}
