package recordschema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// record reads an example record and lets edit change it before the check.
func record(t *testing.T, name string, edit func(map[string]any)) any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("../../../vectors/records", name))
	require.NoError(t, err)
	doc := decode(t, string(data))
	if edit != nil {
		edit(doc.(map[string]any))
	}
	return doc
}

// The place said as a person reads it, counted from 1, the pointer after it,
// and what the list holds said by its name: each message worked by hand from
// SCH-2's rule and the catalog's words.
func TestRefusalsInWords(t *testing.T) {
	schemas, err := Load(dateTime)
	require.NoError(t, err)
	deal := func(r map[string]any) []any { return r["deals"].([]any)[0].([]any) }
	for _, tc := range []struct {
		name, file, schema string
		edit               func(map[string]any)
		want               string
	}{
		{"a deal of three hands", "bridge.json", "record_match_v1.json",
			func(r map[string]any) { r["deals"].([]any)[0] = deal(r)[:3] },
			`deal 1 (/deals/0): expected at least 4 hands, found 3`},
		{"a card inside a hand", "bridge.json", "record_match_v1.json",
			func(r map[string]any) { deal(r)[1].([]any)[5] = "1c" },
			`card 6 of hand 2 of deal 1 (/deals/0/1/5): expected a card: a rank (2 to 9, T, J, Q, K or A) then a suit (c, d, h or s), found "1c"`},
		{"a client seed with a comma", "bridge.json", "record_match_v1.json",
			func(r map[string]any) { r["clientSeeds"].([]any)[0] = "north,1=east" },
			`client seed 1 (/clientSeeds/0): expected 1 to 64 letters, digits, "-", "_" or ".", found "north,1=east"`},
		{"one client seed", "bridge.json", "record_match_v1.json",
			func(r map[string]any) { r["clientSeeds"] = r["clientSeeds"].([]any)[:1] },
			`"clientSeeds" (/clientSeeds): expected at least 2 client seeds, found 1`},
		{"a key misspelt", "bridge.json", "record_match_v1.json",
			func(r map[string]any) { r["gmae"] = r["game"]; delete(r, "game") },
			`the record: "game" is missing; "gmae" is not a field of this record (did you mean "game"?)`},
		{"an unknown field", "bridge.json", "record_match_v1.json",
			func(r map[string]any) { r["zz"] = json.Number("1") },
			`the record: "zz" is not a field of this record`},
		{"a session that published no commitment holds one", "poker-session-no-commitment.json", "record_poker_session_v1.json",
			func(r map[string]any) { r["commitment"] = strings.Repeat("0", 64) },
			`the record says no session commitment was published, yet it holds one ("commitment")`},
		{"a game between two players says how a bot's client seed is written", "chess-players.json", "record_chess_v1.json",
			func(r map[string]any) { r["botClientSeed"] = "dash" },
			`the record is a game between two players, yet it says how a bot's client seed is written ("botClientSeed")`},
		{"a bridge match says how a mahjong wall is drawn", "bridge.json", "record_match_v1.json",
			func(r map[string]any) { r["mahjongDraw"] = "close_gap" },
			`the record holds "mahjongDraw", which only a mahjong match declares`},
		{"a backgammon match lays out a Baloot distribution", "backgammon.json", "record_match_v1.json",
			func(r map[string]any) { r["balootDeal"] = "blocks" },
			`the record holds "balootDeal", which only a baloot match declares`},
		{"no hands, said in the singular", "poker-leave.json", "record_poker_leave_v1.json",
			func(r map[string]any) { r["hands"] = []any{} },
			`"hands" (/hands): expected at least 1 hand, found 0`},
		{"a member of an element", "poker-leave.json", "record_poker_leave_v1.json",
			func(r map[string]any) { r["hands"].([]any)[0].(map[string]any)["root"] = "x" },
			`"root" of hand 1 of the record's list (/hands/0/root): expected 64 hex digits (0 to 9 and a to f), found "x"`},
		{"a missing member of an element", "poker-leave.json", "record_poker_leave_v1.json",
			func(r map[string]any) {
				h := r["hands"].([]any)[0].(map[string]any)
				h["roto"] = h["root"]
				delete(h, "root")
			},
			`hand 1 of the record's list (/hands/0): "root" is missing; "roto" is not one of its fields (did you mean "root"?)`},
		{"a self-hosted hand lists each player's cards", "selfpoker.json", "record_selfpoker_v1.json",
			func(r map[string]any) { r["hands"] = r["hands"].([]any)[:1] },
			`"hands" (/hands): expected at least 2 players, found 1`},
		{"a card of a player's two", "selfpoker.json", "record_selfpoker_v1.json",
			func(r map[string]any) { r["hands"].([]any)[1].([]any)[0] = "zz" },
			`card 1 of player 2's cards (/hands/1/0): expected a card: a rank (2 to 9, T, J, Q, K or A) then a suit (c, d, h or s), found "zz"`},
		{"a die of the opening", "backgammon.json", "record_match_v1.json",
			func(r map[string]any) {
				r["games"].([]any)[0].(map[string]any)["opening"].([]any)[0].([]any)[1] = json.Number("7")
			},
			`die 2 of opening throw 1 of game 1 (/games/0/opening/0/1): expected at most 6, found 7`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := schemas[tc.schema].Check(record(t, tc.file, tc.edit))
			require.NotNil(t, bad)
			assert.Equal(t, tc.want, bad.Error())
		})
	}
}

// Every pattern of the record schemas has words in the catalog (SCH-2): none
// is ever said as a regular expression.
func TestEveryPatternHasWords(t *testing.T) {
	files, err := filepath.Glob("../../../spec/schemas/record_*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	patterns := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if p, ok := x["pattern"].(string); ok {
				patterns[p] = true
			}
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		walk(decode(t, string(data)))
	}
	require.NotEmpty(t, patterns)
	for p := range patterns {
		assert.True(t, known(codePattern+":"+p), "the pattern %s has no words in spec/catalog/en.po", p)
		assert.NotContains(t, patternWords(p), p)
	}
	assert.Equal(t, "a string of the form the schema sets", patternWords("^[a-f]{2}$"))
}
