// Package cards names the pieces each deck is made of: the 52-card decks of the
// table games and of the two poker schemes, Baloot's 32 cards and the 136 mahjong
// tiles (spec decision D-11). Ids are what the draws produce; names are what a
// player sees and what records carry.
package cards

import "fmt"

// Deck maps ids 0..Size-1 to names.
type Deck struct {
	ID    string // the deck's name in the spec and in records
	Size  int
	names []string
	index map[string][]int // name -> ids (tiles come in four copies)
	// short finds names of one or two bytes, which every deck's are, by
	// their bytes: records' cards are looked up by the million, and hashing
	// each as a string cost more than the rest of the distinct-cards check.
	short [shortSlots]shortSlot
}

// shortSlots is a power of two over twice the most names a deck has (34 tile
// kinds, 52 cards), so probes stay short.
const shortSlots = 256

type shortSlot struct {
	key uint16 // the name's bytes, first byte high; 0 for an empty slot
	ids []int
}

// shortKey is the key of a name of one or two bytes, or 0 for any other.
func shortKey(name string) uint16 {
	switch len(name) {
	case 1:
		return uint16(name[0]) << 8
	case 2:
		if name[1] != 0 {
			return uint16(name[0])<<8 | uint16(name[1])
		}
	}
	return 0
}

// slotOf is where a probe for key starts.
func slotOf(key uint16) int { return int((uint32(key) * 0x9E3779B1) >> 24) }

// interned holds one copy of every name the package's decks have: decks that
// share a name share its bytes, and a name compares equal to itself by
// address before any byte is read. It is written while the package
// initialises and only read after, when Reordered makes decks.
var (
	interned = map[string]string{}
	sealed   bool
)

func init() { sealed = true }

func newDeck(id string, size int, name func(int) string) *Deck {
	d := &Deck{ID: id, Size: size, names: make([]string, size), index: map[string][]int{}}
	for i := range size {
		n := name(i)
		if same, ok := interned[n]; ok {
			n = same
		} else if !sealed {
			interned[n] = n
		}
		d.names[i] = n
		d.index[n] = append(d.index[n], i)
	}
	for n, ids := range d.index {
		k := shortKey(n)
		if k == 0 {
			continue // found through the map
		}
		j := slotOf(k)
		for d.short[j].key != 0 {
			j = (j + 1) % shortSlots
		}
		d.short[j] = shortSlot{k, ids}
	}
	return d
}

const (
	ranks52 = "23456789TJQKA"
	ranks32 = "789TJQKA"
	suits   = "cdhs" // clubs, diamonds, hearts, spades
)

// Table52 is the deck of match_seed_v2's card games and of poker_hmac_v1:
// rank = id % 13 (2 to ace), suit = id / 13 (c d h s), as the table-games page
// writes for poker. Id 0 is "2c", 12 is "Ac", 51 is "As".
var Table52 = newDeck("table52", 52, func(id int) string {
	return string([]byte{ranks52[id%13], suits[id/13]})
})

// SelfPoker52 is the deck of selfpoker_v1: rank = id / 4, suit = id % 4, as the
// self-hosted poker page writes. Id 0 is "2c", 3 is "2s", 51 is "As".
var SelfPoker52 = newDeck("selfpoker52", 52, func(id int) string {
	return string([]byte{ranks52[id/4], suits[id%4]})
})

// Baloot32 is Baloot's deck, 7 to ace in four suits, laid out like Table52:
// rank = id % 8, suit = id / 8. Id 0 is "7c", 7 is "Ac", 31 is "As".
var Baloot32 = newDeck("baloot32", 32, func(id int) string {
	return string([]byte{ranks32[id%8], suits[id/8]})
})

// tileKinds are the 34 mahjong tile kinds in the wall's fixed order: characters
// (m), dots (p), bamboo (s), the winds east, south, west, north, and the white,
// green and red dragons.
var tileKinds = func() []string {
	var k []string
	for _, suit := range "mps" {
		for r := 1; r <= 9; r++ {
			k = append(k, fmt.Sprintf("%d%c", r, suit))
		}
	}
	return append(k, "E", "S", "W", "N", "Wd", "Gd", "Rd")
}()

// Tiles136 is the mahjong set without flowers: tile id t is kind t / 4, so the
// wall in its fixed order holds the four copies of 1m, then of 2m, up to Rd.
var Tiles136 = newDeck("tiles136", 136, func(id int) string { return tileKinds[id/4] })

// Name is the name of id; it panics on an id outside the deck, which only a bug
// in a caller can produce.
func (d *Deck) Name(id int) string { return d.names[id] }

// Names maps ids to names.
func (d *Deck) Names(ids []int) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = d.names[id]
	}
	return out
}

// Lookup returns the ids that carry a name (one for cards, four for tiles).
func (d *Deck) Lookup(name string) ([]int, bool) {
	k := shortKey(name)
	if k == 0 {
		ids, ok := d.index[name]
		return ids, ok
	}
	for j := slotOf(k); d.short[j].key != 0; j = (j + 1) % shortSlots {
		if d.short[j].key == k {
			return d.short[j].ids, true
		}
	}
	return nil, false
}

// Reordered is a deck of the same pieces as d in the order names lists them: the
// fixed order a record declares (spec READ-10, READ-11). names must hold every
// name of d exactly as often as d does; the error, an *OrderError, says which
// does not.
func (d *Deck) Reordered(names []string) (*Deck, error) {
	if len(names) != d.Size {
		return nil, &OrderError{Size: d.Size, Entries: len(names)}
	}
	count := map[string]int{}
	for _, n := range names {
		if _, ok := d.index[n]; !ok {
			return nil, &OrderError{Size: d.Size, Entries: len(names), Unknown: n}
		}
		count[n]++
	}
	for _, n := range d.names {
		if count[n] != len(d.index[n]) {
			return nil, &OrderError{Size: d.Size, Entries: len(names), Piece: n, Want: len(d.index[n]), Found: count[n]}
		}
	}
	return newDeck(d.ID, d.Size, func(i int) string { return names[i] }), nil
}

// OrderError is why a list of names is not an order of a deck's pieces: the
// wrong number of entries, a name that is no piece, or else the first piece
// of the deck's order that the list holds too often or too seldom. Callers
// word it in the catalog's words, quoting the names as their output requires
// (match.OrderWhy, REF-4); Error gives the facts plainly.
type OrderError struct {
	Size, Entries int    // entries the list must have and has
	Unknown       string // a name of no piece, or ""
	Piece         string // the piece counted wrong, or ""
	Want, Found   int    // how often the deck holds Piece and the list does
}

func (e *OrderError) Error() string {
	switch {
	case e.Entries != e.Size:
		return fmt.Sprintf("expected %d names, found %d", e.Size, e.Entries)
	case e.Piece == "":
		return fmt.Sprintf("%q: no piece of this deck", e.Unknown)
	}
	return fmt.Sprintf("%q: the deck holds it %d times, the list %d", e.Piece, e.Want, e.Found)
}
