package fair_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/fair"
)

// matchCase is what this test reads of a case of vectors/match_seed_v2/match.json.
type matchCase struct {
	ID    json.Number `json:"id"`
	Input struct {
		ServerSeed  string   `json:"serverSeed"`
		Game        string   `json:"game"`
		MatchID     string   `json:"matchId"`
		ClientSeeds []string `json:"clientSeeds"`
		Play        struct {
			Hands       []json.RawMessage `json:"hands"`
			MahjongDraw string            `json:"mahjongDraw"`
			MahjongDeal string            `json:"mahjongDeal"`
			MahjongWall []any             `json:"mahjongWall"`
			BalootDeal  string            `json:"balootDeal"`
			BalootDeck  []any             `json:"balootDeck"`
		} `json:"play"`
	} `json:"input"`
	Expect json.RawMessage `json:"expect"`
	Error  string          `json:"error"`
}

// Every case of the vectors that lists a mahjong wall or a Baloot deck in a
// site's order (READ-10, READ-11), dealt through fair: the same seats, hands
// and counter as the vector, or the same error code.
func TestOrdersDealAsTheVectors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "vectors", "match_seed_v2", "match.json"))
	require.NoError(t, err)
	var file struct{ Cases []json.RawMessage }
	require.NoError(t, json.Unmarshal(data, &file))
	seen := map[string]int{}
	for _, raw := range file.Cases {
		var c matchCase
		if json.Unmarshal(raw, &c) != nil {
			continue // a play of the wrong JSON type, a refusal of the runner's alone
		}
		p := c.Input.Play
		if p.MahjongWall == nil && p.BalootDeck == nil || c.Input.Game != "mahjong" && c.Input.Game != "baloot" {
			continue
		}
		t.Run("case "+c.ID.String(), func(t *testing.T) {
			got, err := dealOrdered(c)
			if c.Error != "" {
				var e *fair.Error
				require.ErrorAs(t, err, &e)
				want := fair.Code(c.Error)
				if want == fair.WrongType || want == fair.BadLength {
					// A list the runner refuses by its JSON shape (a number
					// among the names, the wrong length) is, as a Go list of
					// strings, simply no order.
					want = fair.UnknownReading
				}
				assert.Equal(t, want, e.Code, e.Message)
				seen["refused"]++
				return
			}
			require.NoError(t, err)
			assert.JSONEq(t, string(c.Expect), string(got))
			seen[c.Input.Game]++
		})
	}
	assert.GreaterOrEqual(t, seen["mahjong"], 2)
	assert.GreaterOrEqual(t, seen["baloot"], 1)
	assert.GreaterOrEqual(t, seen["refused"], 4)
}

// dealOrdered plays a case's hands through fair and writes the answer as the
// match op does.
func dealOrdered(c matchCase) ([]byte, error) {
	in, p := c.Input, c.Input.Play
	m, err := fair.NewMatch(in.ServerSeed, in.Game, in.MatchID, in.ClientSeeds)
	if err != nil {
		return nil, err
	}
	var hands []any
	for _, raw := range p.Hands {
		if in.Game == "mahjong" {
			var n int
			if err := json.Unmarshal(raw, &n); err != nil {
				return nil, err
			}
			h, err := m.Mahjong(n, orDefault(p.MahjongDraw, fair.SwapLast), orDefault(p.MahjongDeal, fair.MahjongBlocks), names(p.MahjongWall)...)
			if err != nil {
				return nil, err
			}
			hands = append(hands, map[string]any{"deal": h.Deal, "draws": h.Draws})
			continue
		}
		var b struct{ Buyer *int }
		if err := json.Unmarshal(raw, &b); err != nil {
			return nil, err
		}
		buyer := -1
		if b.Buyer != nil {
			buyer = *b.Buyer
		}
		h, err := m.Baloot(buyer, orDefault(p.BalootDeal, fair.BalootBlocks), names(p.BalootDeck)...)
		if err != nil {
			return nil, err
		}
		hand := map[string]any{"first": h.First, "upcard": h.Upcard}
		if buyer >= 0 {
			hand["buyer"], hand["rest"], hand["final"] = buyer, h.Rest, h.Final
		}
		hands = append(hands, hand)
	}
	return json.Marshal(map[string]any{"seats": m.Seats(), "hands": hands, "counter": m.Counter()})
}

func orDefault[T ~string](s string, def T) T {
	if s == "" {
		return def
	}
	return T(s)
}

// names is a listed order; an entry that is not a string becomes "" (no
// piece's name), as close as Go's types come to the runner's wrong_type.
func names(list []any) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i], _ = v.(string)
	}
	return out
}
