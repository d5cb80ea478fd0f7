// Package poker holds poker_hmac_v1: per-hand values derived from a table's seed
// session, the deck shuffled from the seated players' client seeds, the salted
// deck commitment, per-position proofs and the deal layout (spec section
// "poker_hmac_v1").
package poker

import (
	"sort"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/go/internal/merkle"
	"github.com/pfkit/pfkit/go/internal/reading"
	"github.com/pfkit/pfkit/go/internal/stream"
)

const (
	// MaxHands is the last hand number of a session: it rotates after 500 hands
	// (decision D-12 numbers hands 1..500).
	MaxHands = 500
	// MaxSeat is the highest seat number of a table (seats 0..9, decision D-12).
	MaxSeat = 9
	// MinPlayers and MaxPlayers bound the seated players of a hand.
	MinPlayers = 2
	MaxPlayers = MaxSeat + 1
	// Board is the number of community cards.
	Board = 5
)

// Seat is a seated player and their client seed.
type Seat struct {
	Seat       int    `json:"seat"`
	ClientSeed string `json:"clientSeed"`
}

// HandMessage is "pk1:hand:{T}:{S}:{n}" (PK-1).
func HandMessage(table, session string, hand int) string {
	return "pk1:hand:" + table + ":" + session + ":" + strconv.Itoa(hand)
}

// HandValue is HMAC(serverSeed, HandMessage) as 64 lowercase hex characters.
func HandValue(serverSeed, table, session string, hand int) string {
	return stream.MACHex(serverSeed, HandMessage(table, session, hand))
}

// SortSeats returns the seats in ascending seat order, the order of the deck
// message whatever order they were given in (PK-3).
func SortSeats(seats []Seat) []Seat {
	s := append([]Seat(nil), seats...)
	sort.Slice(s, func(i, j int) bool { return s[i].Seat < s[j].Seat })
	return s
}

// DeckPrefix is the deck message without its counter:
// "pk1:{T}:{S}:{n}:{seat}={seed},...:" with seats ascending (PK-3).
func DeckPrefix(table, session string, hand int, seats []Seat) string {
	var b strings.Builder
	b.WriteString("pk1:" + table + ":" + session + ":" + strconv.Itoa(hand) + ":")
	for i, s := range SortSeats(seats) {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(s.Seat) + "=" + s.ClientSeed)
	}
	b.WriteByte(':')
	return b.String()
}

// Salt of a position: HMAC(handValue, "pk1:salt:" + position) in hex (PK-4).
func Salt(handValue string, position int) string {
	return stream.MACHex(handValue, "pk1:salt:"+strconv.Itoa(position))
}

// Hand is everything the server derives for one hand.
type Hand struct {
	HandValue      string
	HandCommitment string
	Deck           []int
	Salts          []string
	Tree           *merkle.Tree
	Counter        uint64
}

// Deal derives hand n of session S at table T (PK-1 to PK-6).
func Deal(serverSeed, table, session string, hand int, seats []Seat) *Hand {
	hv := HandValue(serverSeed, table, session, hand)
	s := stream.New(hv, DeckPrefix(table, session, hand, seats))
	deck, _ := stream.Sampler{Src: s}.Permutation(52) // the HMAC stream never fails
	h := &Hand{
		HandValue:      hv,
		HandCommitment: stream.Commit(hv),
		Deck:           deck,
		Salts:          make([]string, merkle.Positions),
		Counter:        s.Counter(),
	}
	leaves := make([]string, merkle.Positions)
	for i := range leaves {
		h.Salts[i] = Salt(hv, i)
		leaves[i] = merkle.Leaf(i, deck[i], h.Salts[i])
	}
	h.Tree = merkle.Build(leaves)
	return h
}

// Proof is what a player gets for one deck position.
type Proof struct {
	Position int      `json:"position"`
	Card     int      `json:"card"`
	Salt     string   `json:"salt"`
	Leaf     string   `json:"leaf"`
	Path     []string `json:"path"`
	Root     string   `json:"root"`
}

// Proof of a position of the hand.
func (h *Hand) Proof(position int) Proof {
	return Proof{
		Position: position,
		Card:     h.Deck[position],
		Salt:     h.Salts[position],
		Leaf:     h.Tree.Leaf(position),
		Path:     h.Tree.Path(position),
		Root:     h.Tree.Root(),
	}
}

// VerifyProof reports whether card and salt at position hash up to root along
// path (PK-7).
func VerifyProof(root string, position, card int, salt string, path []string) bool {
	return merkle.RootFrom(merkle.Leaf(position, card, salt), position, path) == root
}

// HolePositions are the deck positions of the player at index i of the m
// seated players in ascending seat order, as the dealing reading lays them out:
// 2i and 2i+1 in pairs (the kit's reading), i and m+i round robin (PK-10, READ-2).
func HolePositions(i, players int, dealing reading.Dealing) [2]int {
	return dealing.Hole(i, players)
}

// HandRange is the first and last hand number of a session whose hands are
// numbered from first (PK-8, READ-3).
func HandRange(first int) (lo, hi int) { return first, first + MaxHands - 1 }

// BoardPositions are the community cards' positions for m players: 2m..2m+4.
func BoardPositions(players int) [Board]int {
	var b [Board]int
	for i := range b {
		b[i] = 2*players + i
	}
	return b
}
