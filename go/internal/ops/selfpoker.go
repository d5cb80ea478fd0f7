package ops

import (
	"fmt"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/scheme"
	"github.com/pfkit/pfkit/v2/go/internal/selfpoker"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

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
	f := newFields(in, "input", scheme.Inputs(scheme.SelfPokerV1, "deal")...)
	seed := f.npSeed("seed")
	players := int(f.int("players", selfpoker.MinPlayers, selfpoker.MaxPlayers))
	dealing := reading.Dealing(f.reading("dealing", string(reading.Pairs), reading.Dealings))
	if f.err != nil {
		return nil, f.err
	}
	d, err := selfpoker.NewDeal(seed, players, dealing)
	if err != nil {
		return nil, errcode.Within("input", err)
	}
	out := dealOutput{Commit: d.Commit, Deck: d.Deck, Hands: make([][2]string, players), Board: selfpoker.Names(d.Board[:])}
	for i, h := range d.Hands {
		n := selfpoker.Names(h[:])
		out.Hands[i] = [2]string{n[0], n[1]}
	}
	return out, nil
}

func selfpokerPermutation(in strictjson.Object) (any, error) {
	f := newFields(in, "input", scheme.Inputs(scheme.SelfPokerV1, "permutation")...)
	seed := f.npSeed("seed")
	n := int(f.int("n", 1, selfpoker.MaxPermutation))
	if f.err != nil {
		return nil, f.err
	}
	p, err := selfpoker.Permutation(seed, n)
	return inInput(struct {
		Permutation []int `json:"permutation"`
	}{p}, err)
}

// spTraceDraw is one 32-bit draw of a selfpoker trace (TRACE-2). The 64-bit
// output is hex: JSON integers stop at 2^53 (NUM-1).
type spTraceDraw struct {
	Max      uint32 `json:"max"`
	Mask     uint32 `json:"mask"`
	Output   string `json:"output"`
	Half     string `json:"half"`
	Word     uint32 `json:"word"`
	Value    uint32 `json:"value"`
	Accepted bool   `json:"accepted"`
}

type spPCG64 struct {
	State string `json:"state"`
	Inc   string `json:"inc"`
}

type spTraceOutput struct {
	SeedWords   []uint32      `json:"seedWords"`
	Pool        [4]uint32     `json:"pool"`
	StateWords  [4]string     `json:"stateWords"`
	PCG64       spPCG64       `json:"pcg64"`
	Draws       []spTraceDraw `json:"draws"`
	Permutation []int         `json:"permutation"`
}

func selfpokerTrace(in strictjson.Object) (any, error) {
	f := newFields(in, "input", scheme.Inputs(scheme.SelfPokerV1, "trace")...)
	seed := f.npSeed("seed")
	n := int(f.int("n", 1, selfpoker.MaxPermutation))
	if f.err != nil {
		return nil, f.err
	}
	t, err := selfpoker.Trace(seed, n)
	if err != nil {
		return nil, errcode.Within("input", err)
	}
	out := spTraceOutput{
		SeedWords:   t.SeedWords,
		Pool:        t.Pool,
		PCG64:       spPCG64{hex128(t.State), hex128(t.Inc)},
		Draws:       make([]spTraceDraw, len(t.Draws)),
		Permutation: t.Permutation,
	}
	for i, w := range t.StateWords {
		out.StateWords[i] = fmt.Sprintf("%016x", w)
	}
	for i, d := range t.Draws {
		half := "low"
		if d.High {
			half = "high"
		}
		out.Draws[i] = spTraceDraw{d.Max, d.Mask, fmt.Sprintf("%016x", d.Output), half, d.Word, d.Value, d.Accepted}
	}
	return out, nil
}

func hex128(v [2]uint64) string { return fmt.Sprintf("%016x%016x", v[0], v[1]) }
