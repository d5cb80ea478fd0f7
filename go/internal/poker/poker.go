// Package poker holds poker_hmac_v1: per-hand values derived from a table's seed
// session, the deck shuffled from the seated players' client seeds, the salted
// deck commitment, per-position proofs and the deal layout (spec section 6,
// "poker_hmac_v1: committed poker decks").
package poker

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/ident"
	"github.com/pfkit/pfkit/v2/go/internal/merkle"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
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

// FirstRepeat finds the first seat number already taken by an earlier entry:
// entry i repeats entry j. i is -1 when every seat is distinct (PK-9).
func FirstRepeat(seats []int) (i, j int) {
	for i := range seats {
		for j := range i {
			if seats[j] == seats[i] {
				return i, j
			}
		}
	}
	return -1, -1
}

func numbers(seats []Seat) []int {
	n := make([]int, len(seats))
	for i, s := range seats {
		n[i] = s.Seat
	}
	return n
}

// CheckSeat checks the last of seats, given that the ones before it passed:
// a seat from 0 to 9 (D-12), an identifier as client seed (ID-1), and a seat no
// earlier entry holds (PK-9). CheckSeats calls it entry by entry; the runner
// does too as it reads the entries, so the first problem is the one reported.
func CheckSeat(seats []Seat) error {
	i := len(seats) - 1
	s := seats[i]
	where := "seats[" + strconv.Itoa(i) + "]"
	if s.Seat < 0 || s.Seat > MaxSeat {
		return errcode.New(errcode.OutOfRange, "%s.seat: expected an integer from 0 to %d, found %d", where, MaxSeat, s.Seat)
	}
	if err := ident.ID(where+".clientSeed", s.ClientSeed); err != nil {
		return err
	}
	if r, j := FirstRepeat(numbers(seats)); r >= 0 {
		return errcode.New(errcode.DuplicateSeat, "%s.seat: seat %d is already taken by seats[%d]", where, s.Seat, j)
	}
	return nil
}

// CheckSeats checks the seated players of a hand: 2 to 10 of them, each as
// CheckSeat says.
func CheckSeats(seats []Seat) error {
	if len(seats) < MinPlayers || len(seats) > MaxPlayers {
		return errcode.New(errcode.BadLength, "seats: expected from %d to %d elements, found %d", MinPlayers, MaxPlayers, len(seats))
	}
	for i := range seats {
		if err := CheckSeat(seats[:i+1]); err != nil {
			return err
		}
	}
	return nil
}

// Deal derives hand n of session S at table T (PK-1 to PK-6). The inputs are
// checked in the order of the hand op: the server seed (SEED-1), table and
// session (ID-1), a hand number some numbering allows, 0 to 500 (CheckHand
// checks it against the numbering a session declares, READ-3), then the seats
// (CheckSeats).
func Deal(serverSeed, table, session string, hand int, seats []Seat) (*Hand, error) {
	if err := ident.Seed("serverSeed", serverSeed); err != nil {
		return nil, err
	}
	if err := ident.ID("table", table); err != nil {
		return nil, err
	}
	if err := ident.ID("session", session); err != nil {
		return nil, err
	}
	if hand < 0 || hand > MaxHands {
		return nil, errcode.New(errcode.OutOfRange, "hand: expected an integer from 0 to %d, found %d", MaxHands, hand)
	}
	if err := CheckSeats(seats); err != nil {
		return nil, err
	}
	return deal(serverSeed, table, session, hand, seats), nil
}

func deal(serverSeed, table, session string, hand int, seats []Seat) *Hand {
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

// CheckPosition refuses a deck position outside 0..51.
func CheckPosition(field string, position int) error {
	if position < 0 || position >= merkle.Positions {
		return errcode.New(errcode.OutOfRange, "%s: expected an integer from 0 to %d, found %d", field, merkle.Positions-1, position)
	}
	return nil
}

// Proof of a position of the hand, 0 to 51 (PK-7).
func (h *Hand) Proof(position int) (Proof, error) {
	if err := CheckPosition("position", position); err != nil {
		return Proof{}, err
	}
	return Proof{
		Position: position,
		Card:     h.Deck[position],
		Salt:     h.Salts[position],
		Leaf:     h.Tree.Leaf(position),
		Path:     h.Tree.Path(position),
		Root:     h.Tree.Root(),
	}, nil
}

// VerifyProof reports whether card and salt at position hash up to root along
// path (PK-7). The inputs are checked in the order of the verifyProof op: root
// a hash (HASH-1), position and card 0 to 51, salt a hash, and a path of
// exactly six hashes. A well-formed proof that does not reach root is false,
// not an error.
func VerifyProof(root string, position, card int, salt string, path []string) (bool, error) {
	if err := ident.Hex("root", root, 64); err != nil {
		return false, err
	}
	if err := CheckPosition("position", position); err != nil {
		return false, err
	}
	if card < 0 || card > 51 {
		return false, errcode.New(errcode.OutOfRange, "card: expected an integer from 0 to 51, found %d", card)
	}
	if err := ident.Hex("salt", salt, 64); err != nil {
		return false, err
	}
	if len(path) != merkle.Depth {
		return false, errcode.New(errcode.BadLength, "path: expected %d elements, found %d", merkle.Depth, len(path))
	}
	for i, p := range path {
		if err := ident.Hex("path["+strconv.Itoa(i)+"]", p, 64); err != nil {
			return false, err
		}
	}
	return merkle.RootFrom(merkle.Leaf(position, card, salt), position, path) == root, nil
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

// CheckHand checks a hand number against the numbering a session declares
// (PK-8, READ-3): hands numbered from first, 1 (the kit's reading, decision
// D-12) or 0, run for MaxHands hands.
func CheckHand(first, hand int) error {
	if first != 0 && first != 1 {
		return errcode.New(errcode.OutOfRange, "firstHand: expected an integer from 0 to 1, found %d", first)
	}
	if lo, hi := HandRange(first); hand < lo || hand > hi {
		return errcode.New(errcode.OutOfRange, "hand: %s, found %d", Numbering(first), hand)
	}
	return nil
}

// Numbering says which hand numbers a session numbered from first holds: the
// words of CheckHand's refusal and of a record's failed check (PK-8, READ-3).
func Numbering(first int) string {
	lo, hi := HandRange(first)
	return fmt.Sprintf("hands numbered from %d run from %d to %d", first, lo, hi)
}

// BoardPositions are the community cards' positions for m players: 2m..2m+4.
func BoardPositions(players int) [Board]int {
	var b [Board]int
	for i := range b {
		b[i] = 2*players + i
	}
	return b
}
