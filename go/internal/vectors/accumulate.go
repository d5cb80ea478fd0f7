package vectors

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/canon"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/match"
)

// An accumulated case stands for Count requests made by a recipe. Request i's
// input is a pure function of i; the digest is SHA-256 over, for i = 0..Count-1,
// the canonical compact JSON of output i followed by "\n" (VEC-3). The recipes
// are written out in vectors/README.md so any runner can expand them.
type recipe struct {
	scheme, op string
	input      func(i int) any
}

// accHex is SHA-256("pfkit:acc:" + label + ":" + i) in hex, the randomness of
// every recipe.
func accHex(label string, i int) string {
	d := sha256.Sum256([]byte("pfkit:acc:" + label + ":" + strconv.Itoa(i)))
	return hex.EncodeToString(d[:])
}

// accU64 is the first 8 bytes of accHex, big-endian.
func accU64(label string, i int) uint64 {
	d, _ := hex.DecodeString(accHex(label, i)[:16])
	return binary.BigEndian.Uint64(d)
}

// Recipes are the named generators accumulated cases refer to.
var Recipes = map[string]recipe{
	"draws/v1": {"match_seed_v2", "draws", func(i int) any {
		h := accHex("draws", i)
		seeds := []any{}
		for j := 0; j <= i%4; j++ {
			seeds = append(seeds, "c"+strconv.Itoa(j)+"-"+h[8+4*j:12+4*j])
		}
		return obj{
			"serverSeed": h, "game": "bridge", "matchId": "m" + strconv.Itoa(i), "clientSeeds": seeds,
			"program": []any{
				obj{"op": "shuffle", "n": 1 + i%60},
				obj{"op": "int", "n": 1 + i},
				obj{"op": "int", "n": 1<<51 + 1 + i},
				obj{"op": "word"},
			},
		}
	}},
	"match/v1": {"match_seed_v2", "match", func(i int) any {
		g := match.Registry[i%len(match.Registry)]
		seeds := []any{}
		for j := range g.Players {
			seeds = append(seeds, "p"+strconv.Itoa(j)+"-"+strconv.Itoa(i))
		}
		var play obj
		switch g.Kind {
		case match.SeatsOnly:
			play = obj{}
		case match.Backgammon:
			play = obj{"games": []any{i % 30}}
		case match.Deals52:
			play = obj{"deals": 1 + i%3}
		case match.Baloot:
			var buyer any = (i / 8) % 4
			if (i/8)%5 == 4 {
				buyer = nil
			}
			play = obj{"hands": []any{obj{"buyer": buyer}}}
		case match.Mahjong:
			play = obj{"hands": []any{match.MahjongDeal + (i*7)%84}}
		}
		return obj{"serverSeed": accHex("match", i), "game": g.Name, "matchId": "acc-" + strconv.Itoa(i), "clientSeeds": seeds, "play": play}
	}},
	"hand/v1": {"poker_hmac_v1", "hand", func(i int) any {
		seats := []any{}
		for j := 0; j < 2+i%9; j++ {
			seats = append(seats, obj{"seat": (i + j) % 10, "clientSeed": "c" + strconv.Itoa(j) + "-" + strconv.Itoa(i)})
		}
		return obj{"serverSeed": accHex("hand", i), "table": "t" + strconv.Itoa(i%7), "session": "s" + strconv.Itoa(i/7), "hand": 1 + i%500, "seats": seats}
	}},
	"colour/v1": {"chess_colour_v1", "colour", func(i int) any {
		in := obj{"seedA": accHex("colourA", i), "clientA": "a" + strconv.Itoa(i), "seedB": nil, "clientB": nil}
		if i%4 != 3 {
			in["seedB"], in["clientB"] = accHex("colourB", i), "b"+strconv.Itoa(i)
		}
		return in
	}},
	"deal/v1": {"selfpoker_v1", "deal", func(i int) any {
		x := accU64("deal", i)
		seed := x >> 1
		if i%4 == 0 {
			seed = x >> 33 // one 32-bit entropy word
		}
		return obj{"seed": strconv.FormatUint(seed, 10), "players": 2 + i%22}
	}},
	"permutation/v1": {"selfpoker_v1", "permutation", func(i int) any {
		return obj{"seed": strconv.FormatUint(accU64("permutation", i)>>1, 10), "n": 1 + (i*37)%1000}
	}},
}

// Expand returns request i of a recipe.
func Expand(name string, i int) (scheme, op string, input any, err error) {
	r, ok := Recipes[name]
	if !ok {
		return "", "", nil, fmt.Errorf("unknown recipe %s", escape.Quoted(name))
	}
	return r.scheme, r.op, r.input(i), nil
}

// Digest runs count requests of a recipe through call and hashes the outputs.
func Digest(name string, count int, call func(input any) (any, error)) (string, error) {
	r, ok := Recipes[name]
	if !ok {
		return "", fmt.Errorf("unknown recipe %s", escape.Quoted(name))
	}
	h := NewHasher()
	for i := range count {
		out, err := call(r.input(i))
		if err == nil {
			err = h.Add(out)
		}
		if err != nil {
			return "", fmt.Errorf("request %d: %v", i, err)
		}
	}
	return h.Sum(), nil
}

// Hasher accumulates outputs that arrive one by one (from another process).
type Hasher struct{ h hash.Hash }

// NewHasher starts a digest.
func NewHasher() *Hasher { return &Hasher{h: sha256.New()} }

// Add appends one output.
func (a *Hasher) Add(output any) error {
	b, err := canon.Compact(output)
	if err != nil {
		return err
	}
	a.h.Write(b)
	a.h.Write([]byte{'\n'})
	return nil
}

// Sum is the digest so far.
func (a *Hasher) Sum() string { return hex.EncodeToString(a.h.Sum(nil)) }
