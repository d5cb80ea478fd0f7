// Package reading holds the readings a record or a request may declare where
// the published pages leave open a rule that changes a verdict (spec READ-1 to
// READ-5): for each, the kit's reading, which applies when none is declared,
// and the alternatives the pages allow as well.
//
// The lists of readings (Dealings, FirstHands, ...), Fields and Orders are the
// spec's table (section 15.1), written into readings_gen.go by
// tools/gen/tables_gen.py (make tables); the typed constants here name the
// readings the rules below branch on.
package reading

import (
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

// Dealing is the layout of the two cards each poker player receives (READ-2).
type Dealing string

const (
	// Pairs gives the player at index i of the ascending seats positions 2i and
	// 2i+1: the kit's reading of "in deck order" (decision D-13).
	Pairs Dealing = "pairs"
	// RoundRobin deals one card a player around the table, then a second:
	// player i of m holds positions i and m+i.
	RoundRobin Dealing = "round_robin"
)

// Hole are the deck positions of the player at index i of players seated in
// ascending seat order. Either way the board follows the hands (2m to 2m+4).
func (d Dealing) Hole(i, players int) [2]int {
	if d == RoundRobin {
		return [2]int{i, players + i}
	}
	return [2]int{2 * i, 2*i + 1}
}

// MahjongDraw is how a tile leaves the wall once j = int(remaining) is drawn (READ-5).
type MahjongDraw string

const (
	// SwapLast swaps the tile at j with the last tile and takes the last: the
	// incremental Fisher-Yates (MJ-1, decision D-10), the kit's reading.
	SwapLast MahjongDraw = "swap_last"
	// CloseGap takes the tile at j and closes the gap, so the wall keeps its
	// fixed order.
	CloseGap MahjongDraw = "close_gap"
)

// SessionCommitment says whether a poker session published a commitment to its
// server seed when it opened (READ-4).
type SessionCommitment string

const (
	// Published: commit(serverSeed) was published when the session opened
	// (decision D-18), the kit's reading.
	Published SessionCommitment = "published"
	// None: only the hand commitments were published, one before each deal.
	None SessionCommitment = "none"
)

// Check reads a declared reading: value must be one of allowed, else the error
// is unknown_reading and names the field.
func Check(field, value string, allowed []string) error {
	for _, a := range allowed {
		if value == a {
			return nil
		}
	}
	return errcode.New(errcode.UnknownReading, "%s: expected one of %s, found %s", field, quoted(allowed), escape.Clipped(value))
}

func quoted(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = escape.Quoted(v)
	}
	return strings.Join(q, ", ")
}

// BackgammonOpening is who moves first in a backgammon game and with which
// dice (READ-6).
type BackgammonOpening string

const (
	// OneDieEach throws one die for each side, seat 0's first, again while they
	// are equal; the higher die moves first and plays both (BG-1, decision D-8),
	// the kit's reading.
	OneDieEach BackgammonOpening = "one_die_each"
	// FirstSeatRolls lets seat 0, first in turn order, move first with two dice
	// of its own, never thrown again.
	FirstSeatRolls BackgammonOpening = "first_seat_rolls"
)

// BalootDeal is the layout of Baloot's first distribution (READ-7).
type BalootDeal string

const (
	// BalootBlocks gives seat i deck positions 5i to 5i+4 (BAL-1, decision D-9),
	// the kit's reading.
	BalootBlocks BalootDeal = "blocks"
	// ThreeTwo deals three cards a seat, then two: seat i holds positions 3i to
	// 3i+2, then 12+2i and 13+2i.
	ThreeTwo BalootDeal = "three_two"
)

// First are the deck positions of seat's five cards in the first distribution.
func (d BalootDeal) First(seat int) [5]int {
	if d == ThreeTwo {
		return [5]int{3 * seat, 3*seat + 1, 3*seat + 2, 12 + 2*seat, 13 + 2*seat}
	}
	return [5]int{5 * seat, 5*seat + 1, 5*seat + 2, 5*seat + 3, 5*seat + 4}
}

// MahjongDeal is the layout of the 53 tiles of a mahjong deal (READ-8).
type MahjongDeal string

const (
	// MahjongBlocks gives seat i draws 13i to 13i+12 and the dealer draw 52
	// (MJ-2, decision D-10), the kit's reading.
	MahjongBlocks MahjongDeal = "blocks"
	// Rounds deals four tiles a seat three times round, then one a seat, then
	// the dealer's fourteenth: seat i holds draws 16r+4i to 16r+4i+3 for r = 0,
	// 1, 2, then 48+i; the dealer also draw 52.
	Rounds MahjongDeal = "rounds"
)

// Seat lists the draws (0 to 52) that seat holds after the deal, in the order
// drawn: 14 for the dealer, seat 0, and 13 for the others.
func (d MahjongDeal) Seat(seat int) []int {
	var out []int
	if d == Rounds {
		for r := range 3 {
			for k := range 4 {
				out = append(out, 16*r+4*seat+k)
			}
		}
		out = append(out, 48+seat)
	} else {
		for k := range 13 {
			out = append(out, 13*seat+k)
		}
	}
	if seat == 0 {
		out = append(out, 52)
	}
	return out
}

// BotClientSeed is what CC-1's message carries for a bot's client seed (READ-9).
type BotClientSeed string

const (
	// Dash writes "-", as for the bot's commitment (decision D-5), the kit's reading.
	Dash BotClientSeed = "dash"
	// Empty writes nothing: "...,1=:k".
	Empty BotClientSeed = "empty"
)

// Text is the bot's client seed as the message writes it.
func (b BotClientSeed) Text() string {
	if b == Empty {
		return ""
	}
	return "-"
}
