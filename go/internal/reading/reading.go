// Package reading holds the readings a record or a request may declare where
// the published pages leave open a rule that changes a verdict (spec READ-1 to
// READ-5): for each, the kit's reading, which applies when none is declared,
// and the alternatives the pages allow as well.
package reading

import (
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/go/internal/errcode"
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

// Dealings lists the dealing readings, the kit's first.
var Dealings = []string{string(Pairs), string(RoundRobin)}

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

// MahjongDraws lists the draw models, the kit's first.
var MahjongDraws = []string{string(SwapLast), string(CloseGap)}

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

// SessionCommitments lists the session-commitment readings, the kit's first.
var SessionCommitments = []string{string(Published), string(None)}

// FirstHand is the number of a poker session's first hand (READ-3): 1 (the
// kit's reading, decision D-12) or 0.
const FirstHand = 1

// FirstHands lists the allowed first hand numbers, the kit's first.
var FirstHands = []int{1, 0}

// Check reads a declared reading: value must be one of allowed, else the error
// is unknown_reading and names the field.
func Check(field, value string, allowed []string) error {
	for _, a := range allowed {
		if value == a {
			return nil
		}
	}
	return errcode.New(errcode.UnknownReading, "%s: expected one of %s, found %s", field, quoted(allowed), strconv.Quote(value))
}

func quoted(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = strconv.Quote(v)
	}
	return strings.Join(q, ", ")
}
