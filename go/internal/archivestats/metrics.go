package archivestats

import "math/big"

// A metric is the simple strength one seat position is dealt in one deal,
// hand or turn, and its exact distribution under honest dealing: the
// probability of each value from 0 to len(Dist)-1, counted over every
// equally likely holding.
type metric struct {
	Name string
	Dist []float64
}

// mean and variance of the metric's exact distribution.
func (m metric) moments() (mean, variance float64) {
	for v, p := range m.Dist {
		mean += float64(v) * p
	}
	for v, p := range m.Dist {
		d := float64(v) - mean
		variance += d * d * p
	}
	return mean, variance
}

// rankOf is a Table52 or SelfPoker52 card name's rank, 0 (two) to 12 (ace),
// or -1. Both decks write a card as rank then suit.
func rankOf(name string) int {
	if len(name) != 2 {
		return -1
	}
	switch c := name[0]; {
	case c >= '2' && c <= '9':
		return int(c - '2')
	case c == 'T':
		return 8
	case c == 'J':
		return 9
	case c == 'Q':
		return 10
	case c == 'K':
		return 11
	case c == 'A':
		return 12
	}
	return -1
}

// table52IDs maps a card name's two bytes to its Table52 id (suit*13 +
// rank), or -1: one lookup a card in the audit's hot loop.
var table52IDs = func() (t [128][128]int8) {
	for a := range t {
		for b := range t[a] {
			t[a][b] = -1
		}
	}
	for r, c := range "23456789TJQKA" {
		for u, d := range "cdhs" {
			t[c][d] = int8(u*13 + r)
		}
	}
	return t
}()

func table52ID(name string) int {
	if len(name) != 2 || name[0] >= 128 || name[1] >= 128 {
		return -1
	}
	return int(table52IDs[name[0]][name[1]])
}

// hcpOf is a card's high-card points: ace 4, king 3, queen 2, jack 1.
func hcpOf(rank int) int { return max(0, rank-8) }

// HCP is the high-card points of 13 cards from a 52-card deck (bridge and the
// trick games dealt from it).
var HCP = honourPoints(52, 13, "high-card points (ace 4, king 3, queen 2, jack 1)")

// BalootHCP is the high-card points of the five cards a Baloot seat is dealt
// first (BAL-1) from the 32-card deck. Those five are every seat's, bought or
// not; the cards of the second distribution follow the buyer, a player's
// choice made after seeing the turned-up card, so they have no fixed law.
var BalootHCP = honourPoints(32, 5, "high-card points of its first five cards (ace 4, king 3, queen 2, jack 1)")

// honourPoints is the high-card points of n cards from a deck of size cards
// holding the 16 honours (four aces, kings, queens and jacks). Its
// distribution counts the hands holding k of the honours worth h points
// together, times the ways to choose the other n-k cards from the size-16
// others, over all C(size, n) hands.
func honourPoints(size, n int, name string) metric {
	// ways[k][h]: sets of k honours worth h points.
	ways := make([][]float64, 17)
	for k := range ways {
		ways[k] = make([]float64, 41)
	}
	ways[0][0] = 1
	for _, v := range []int{4, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1} {
		for k := 15; k >= 0; k-- {
			for h := 40 - v; h >= 0; h-- {
				ways[k+1][h+v] += ways[k][h]
			}
		}
	}
	most := 0 // the n highest honours' points: 37 for 13 cards, 19 for five
	for i, v := range []int{4, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1} {
		if i < n {
			most += v
		}
	}
	dist := make([]float64, most+1)
	for k := 0; k <= min(n, 16); k++ {
		for h := range dist {
			dist[h] += ways[k][h] * choose(size-16, n-k)
		}
	}
	all := choose(size, n)
	for h := range dist {
		dist[h] /= all
	}
	return metric{name, dist}
}

// Hole is the strength of two hole cards: one point for each ace and two for
// a pair (so aces score 4), over the C(52, 2) = 1326 equally likely pairs.
var Hole = func() metric {
	dist := make([]float64, 5)
	for a := range 52 {
		for b := a + 1; b < 52; b++ {
			dist[holeValue(a/4, b/4)]++
		}
	}
	for v := range dist {
		dist[v] /= 1326
	}
	return metric{"1 point an ace, 2 for a pair", dist}
}()

func holeValue(r1, r2 int) int {
	v := 0
	if r1 == 12 {
		v++
	}
	if r2 == 12 {
		v++
	}
	if r1 == r2 {
		v += 2
	}
	return v
}

// Honours is the honour tiles (the four winds and three dragons, 28 of the
// 136) among the first 13 tiles a mahjong seat is dealt: the deal is 13
// tiles of a shuffled wall, so the count is hypergeometric, C(28, x)
// C(108, 13 - x) / C(136, 13).
var Honours = func() metric {
	dist := make([]float64, 14)
	all := new(big.Int).Binomial(136, 13)
	for x := range dist {
		ways := new(big.Int).Mul(new(big.Int).Binomial(28, int64(x)), new(big.Int).Binomial(108, int64(13-x)))
		dist[x], _ = new(big.Rat).SetFrac(ways, all).Float64()
	}
	return metric{"honour tiles (winds and dragons) among its first 13 tiles", dist}
}()

// honour reports whether a Tiles136 name is a wind or a dragon.
func honour(name string) bool {
	switch name {
	case "E", "S", "W", "N", "Wd", "Gd", "Rd":
		return true
	}
	return false
}

// Pips is a backgammon turn's pips: the two dice's sum, doubled for doubles
// (which are played four times), over the 36 equally likely throws.
var Pips = func() metric {
	dist := make([]float64, 25)
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			dist[pipsOf(a, b)] += 1.0 / 36
		}
	}
	return metric{"pips a turn: the dice's sum, doubled for doubles", dist}
}()

func pipsOf(a, b int) int {
	if a == b {
		return 4 * a
	}
	return a + b
}

func choose(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	r := uint64(1)
	for i := range k {
		r = r * uint64(n-i) / uint64(i+1) // exact: r*(n-i) is divisible by i+1
	}
	return float64(r)
}

// HCPOf is the high-card points of cards named as Table52 names them.
func HCPOf(names []string) int {
	p := 0
	for _, n := range names {
		p += hcpOf(max(0, rankOf(n)))
	}
	return p
}

// HoleOf is the Hole metric of two hole cards named as SelfPoker52 names
// them.
func HoleOf(a, b string) int { return holeValue(rankOf(a), rankOf(b)) }

// PipsOf is the Pips metric of one throw of two dice.
func PipsOf(a, b int) int { return pipsOf(a, b) }
