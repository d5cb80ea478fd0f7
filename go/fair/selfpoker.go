package fair

import (
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/selfpoker"
)

// Dealing is the layout of the two cards each poker player receives (READ-2):
// [Pairs], the kit's reading (decision D-13), or [RoundRobin]. A record declares
// the one it follows in its dealing field.
type Dealing string

// The dealing layouts.
const (
	Pairs      Dealing = "pairs"       // player i holds deck positions 2i and 2i+1
	RoundRobin Dealing = "round_robin" // player i of m holds deck positions i and m+i
)

// SelfPokerDeal is one hand of the self-hosted poker room (section 8).
type SelfPokerDeal struct {
	Commit string      // SHA-256 of "selfpoker:" + the seed in decimal (SP-2)
	Deck   []int       // NumPy's default_rng(seed).permutation(52) (SP-3)
	Hands  [][2]string // player i's two cards, at the positions the dealing gives (SP-4)
	Board  [5]string   // the five cards after the hands, no burns (decision D-13)
}

// DealSelfPoker deals a selfpoker_v1 hand. seed is the 63-bit seed in canonical
// decimal, as the room reveals it (no sign, no leading zero, below 2^63; SP-1,
// NUM-2, decision D-14); players is 2 to 23; dealing is Pairs or RoundRobin
// (READ-2, else unknown_reading). Cards are named by the room's layout, rank =
// id / 4 (CARD-4).
func DealSelfPoker(seed string, players int, dealing Dealing) (SelfPokerDeal, error) {
	s, err := selfpoker.ParseSeed("seed", seed)
	if err != nil {
		return SelfPokerDeal{}, public(err)
	}
	d, err := selfpoker.NewDeal(s, players, reading.Dealing(dealing))
	if err != nil {
		return SelfPokerDeal{}, public(err)
	}
	out := SelfPokerDeal{Commit: d.Commit, Deck: d.Deck, Hands: make([][2]string, len(d.Hands))}
	for i, h := range d.Hands {
		n := selfpoker.Names(h[:])
		out.Hands[i] = [2]string{n[0], n[1]}
	}
	copy(out.Board[:], selfpoker.Names(d.Board[:]))
	return out, nil
}
