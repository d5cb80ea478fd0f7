package ops

import (
	"github.com/pfkit/pfkit/go/internal/errcode"
	"github.com/pfkit/pfkit/go/internal/numpyrng"
	"github.com/pfkit/pfkit/go/internal/reading"
	"github.com/pfkit/pfkit/go/internal/selfpoker"
	"github.com/pfkit/pfkit/go/internal/strictjson"
)

// MaxPermutation bounds the selfpoker_v1 permutation op (decision D-15).
const MaxPermutation = 1000

func (f *fields) npSeed(name string) uint64 {
	v, ok := f.get(name)
	if !ok {
		return 0
	}
	s, isStr := v.(string)
	if !isStr {
		f.fail(errcode.WrongType, "%s: expected the seed as a decimal string (a JSON number above 2^53 loses digits), found %s", f.where(name), strictjson.TypeName(v))
		return 0
	}
	seed, err := selfpoker.ParseSeed(f.where(name), s)
	if err != nil {
		f.err = err
	}
	return seed
}

type dealOutput struct {
	Commit string      `json:"commit"`
	Deck   []int       `json:"deck"`
	Hands  [][2]string `json:"hands"`
	Board  []string    `json:"board"`
}

func selfpokerDeal(in strictjson.Object) (any, error) {
	f := newFields(in, "input", "seed", "players", "dealing")
	seed := f.npSeed("seed")
	players := int(f.int("players", selfpoker.MinPlayers, selfpoker.MaxPlayers))
	dealing := reading.Dealing(f.reading("dealing", string(reading.Pairs), reading.Dealings))
	if f.err != nil {
		return nil, f.err
	}
	d := selfpoker.NewDeal(seed, players, dealing)
	out := dealOutput{Commit: d.Commit, Deck: d.Deck, Hands: make([][2]string, players), Board: selfpoker.Names(d.Board[:])}
	for i, h := range d.Hands {
		n := selfpoker.Names(h[:])
		out.Hands[i] = [2]string{n[0], n[1]}
	}
	return out, nil
}

func selfpokerPermutation(in strictjson.Object) (any, error) {
	f := newFields(in, "input", "seed", "n")
	seed := f.npSeed("seed")
	n := int(f.int("n", 1, MaxPermutation))
	if f.err != nil {
		return nil, f.err
	}
	return struct {
		Permutation []int `json:"permutation"`
	}{numpyrng.Permutation(seed, n)}, nil
}
