package conform

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
	"github.com/pfkit/pfkit/v2/go/internal/vectors"
)

// tracedDraw is one int draw as the trace op shows it: its words, the
// first one's k and message, its n and the value it gave.
type tracedDraw struct {
	k       uint64
	message string
	words   []string
	n       uint64
	kept    uint64 // the word kept, whose remainder mod n is the value (INT-2)
}

// tracedDraws runs a trace request (TRACE-1) over the match's stream and
// groups its words into int draws: an independent account of every draw.
func tracedDraws(t *testing.T, in strictjson.Object, program []map[string]any) []tracedDraw {
	req := map[string]any{"id": "t", "scheme": "match_seed_v2", "op": "trace", "input": map[string]any{
		"serverSeed": in["serverSeed"], "game": in["game"], "matchId": in["matchId"], "clientSeeds": in["clientSeeds"], "program": program}}
	line, err := json.Marshal(req)
	require.NoError(t, err)
	resp := ops.Eval(line)
	require.Nil(t, resp.Error, string(line))
	b, err := json.Marshal(resp.Output)
	require.NoError(t, err)
	var out struct {
		Draws []struct {
			K        uint64
			Message  string
			Word     uint64
			N        *uint64
			Accepted bool
		}
	}
	require.NoError(t, json.Unmarshal(b, &out))
	var draws []tracedDraw
	var cur tracedDraw
	for _, d := range out.Draws {
		if len(cur.words) == 0 {
			cur.k, cur.message = d.K, d.Message
		}
		verdict := "kept"
		if !d.Accepted {
			verdict = "at or above the limit, drawn again"
		}
		cur.words = append(cur.words, fmt.Sprintf("%d (%s)", d.Word, verdict))
		if d.Accepted {
			cur.n, cur.kept = *d.N, d.Word
			draws = append(draws, cur)
			cur = tracedDraw{}
		}
	}
	return draws
}

func shuffleStep(n int) map[string]any { return map[string]any{"op": "shuffle", "n": n} }
func intStep(n int) map[string]any     { return map[string]any{"op": "int", "n": n} }

// A port with one wrong element in one game's output: the where line names
// the game, the stage and the match's draw that settles the element, with
// that draw's k, message, words and value as the trace op gives them (CONF-5).
// The draw is counted by hand from the spec: a shuffle of n draws int(n)
// down to int(2), step i settling position i (SHUF-1); a die is int(6)
// (BG-1); a mahjong tile int of the wall's size (MJ-1).
func TestMatchFailureNamesTheDraw(t *testing.T) {
	l, err := vectors.Load(filepath.Join(vectorDir, "match_seed_v2", "match.json"))
	require.NoError(t, err)
	ints := func(ns ...int) []map[string]any {
		var p []map[string]any
		for _, n := range ns {
			p = append(p, intStep(n))
		}
		return p
	}
	for _, tc := range []struct {
		matchID string
		plant   func(out map[string]any) // alters one element of the reference's output
		where   string                   // how the where line begins
		draw    int                      // the match's draw, from 0
		program []map[string]any         // a trace program that reaches it
	}{
		{"checkers", func(o map[string]any) { s := o["seats"].([]any); s[0], s[1] = s[1], s[0] },
			"game checkers, seats: position 1 of its shuffle of 2 is expected", 0, []map[string]any{shuffleStep(2)},
		},
		{"bg-one", func(o map[string]any) {
			r := o["games"].([]any)[0].(map[string]any)["rolls"].([]any)[1].([]any)
			r[0] = 7 - r[0].(float64) // the die's other face: 5 becomes 2
		}, "game backgammon, games[0]: die 4 of the game's throws (the opening's, then the turns') is expected 5, found 2", 1 + 4, append([]map[string]any{shuffleStep(2)}, ints(6, 6, 6, 6, 6)...),
		},
		{"bridge-three", func(o map[string]any) {
			h := o["deals"].([]any)[1].([]any)[2].([]any)
			h[4] = h[5]
		}, "game bridge, deals[1]: position 30 of its shuffle of 52 is expected", 3 + 51 + (51 - 30), []map[string]any{shuffleStep(4), shuffleStep(52), shuffleStep(52)},
		},
		{"baloot-one", func(o map[string]any) {
			h := o["hands"].([]any)[0].(map[string]any)
			h["upcard"] = h["first"].([]any)[0].([]any)[0]
		}, "game baloot, hands[0] (its first shuffle): position 20 of its shuffle of 32 is expected", 3 + (31 - 20), []map[string]any{shuffleStep(4), shuffleStep(32)},
		},
		{"baloot-two", func(o map[string]any) {
			r := o["hands"].([]any)[1].(map[string]any)["rest"].([]any)
			r[6] = r[7]
		}, "game baloot, hands[1] (the reshuffle of the eleven after the upcard): position 6 of its shuffle of 11 is expected", 3 + 31 + 10 + 31 + (10 - 6), []map[string]any{shuffleStep(4), shuffleStep(32), shuffleStep(11), shuffleStep(32), shuffleStep(11)},
		},
		{"mahjong-deal", func(o map[string]any) {
			d := o["hands"].([]any)[0].(map[string]any)["deal"].([]any)[1].([]any)
			d[0] = d[1]
		}, "game mahjong, hands[0]: tile draw 13 of the hand (int(123) on a wall of 123) is expected", 3 + 13, append([]map[string]any{shuffleStep(4)}, ints(136, 135, 134, 133, 132, 131, 130, 129, 128, 127, 126, 125, 124, 123)...),
		},
	} {
		t.Run(tc.matchID, func(t *testing.T) {
			port := fakePort{validOnly: true, answer: func(id, scheme, op string, in strictjson.Object) any {
				if op != "match" || in["matchId"] != tc.matchID {
					return nil
				}
				ref := ops.Eval([]byte(`{"id":"x","scheme":"match_seed_v2","op":"match","input":` + compactString(in) + `}`))
				b, _ := json.Marshal(ref.Output)
				var out map[string]any
				require.NoError(t, json.Unmarshal(b, &out))
				tc.plant(out)
				return map[string]any{"id": id, "output": out}
			}}
			results, err := Run(context.Background(), port, l[0].Cases)
			require.NoError(t, err)
			failed := 0
			for i, r := range results {
				if r.Pass {
					continue
				}
				failed++
				require.True(t, strings.HasPrefix(r.Where, tc.where), "%s\n%s", r.Name, r.Where)
				draws := tracedDraws(t, requestInput(l[0].Cases[i].Line), tc.program)
				require.Greater(t, len(draws), tc.draw)
				d := draws[tc.draw]
				assert.Contains(t, r.Where, fmt.Sprintf("; the first draw to differ is the match's draw %d (from 0), k = %d: message %q, word %s, int(%d) = %d (MS2-2, INT-2)",
					tc.draw, d.k, d.message, strings.Join(d.words, ", word "), d.n, d.kept%d.n), r.Name)
				assert.Empty(t, r.Trace, "the where line replaces the seat order's trace")
			}
			assert.Positive(t, failed)
		})
	}
}
