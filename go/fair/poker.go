package fair

import (
	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/poker"
)

// Seat is a seated poker player.
type Seat struct {
	Seat       int    `json:"seat"`       // 0 to 9 (PK-9)
	ClientSeed string `json:"clientSeed"` // an identifier (ID-1)
}

// Proof is what a player receives for one deck position (PK-7).
type Proof struct {
	Position int      `json:"position"` // the deck position, 0 to 51
	Card     int      `json:"card"`     // the card id there (CARD-1)
	Salt     string   `json:"salt"`     // the position's salt (PK-4)
	Leaf     string   `json:"leaf"`     // the leaf hash over position, card and salt (PK-5)
	Path     []string `json:"path"`     // the six sibling hashes from the leaf upward
	Root     string   `json:"root"`     // the root they reach (PK-6)
}

// PokerHand is one poker_hmac_v1 hand as the server derives it (section 6).
type PokerHand struct {
	HandValue      string   // HMAC(serverSeed, "pk1:hand:{table}:{session}:{hand}") in hex (PK-1)
	HandCommitment string   // SHA-256 of the hand value, stored before the deal (PK-2)
	Deck           []int    // the 52 card ids, shuffled from the seated players' client seeds (PK-3)
	Salts          []string // the salt of each deck position (PK-4)
	Root           string   // the Merkle root over the salted deck, published before the deal (PK-5, PK-6)
	Counter        uint64   // the k after the shuffle
	h              *poker.Hand
}

// DealPokerHand derives hand number hand of session at table. serverSeed is 64
// lowercase hex characters (SEED-1); table, session and every client seed are
// identifiers (ID-1); hands are numbered from firstHand, 1 (the kit's reading,
// decision D-12) or 0 (READ-3), for 500 hands; seats holds 2 to 10 players in
// any order, each in a distinct seat from 0 to 9 (PK-9, duplicate_seat).
func DealPokerHand(serverSeed, table, session string, firstHand, hand int, seats []Seat) (*PokerHand, error) {
	seated := make([]poker.Seat, len(seats))
	for i, s := range seats {
		seated[i] = poker.Seat(s)
	}
	h, err := poker.Deal(serverSeed, table, session, hand, seated)
	if err != nil {
		return nil, public(err)
	}
	if err := poker.CheckHand(firstHand, hand); err != nil {
		return nil, public(err)
	}
	return &PokerHand{h.HandValue, h.HandCommitment, h.Deck, h.Salts, h.Tree.Root(), h.Counter, h}, nil
}

// Cards names the deck's cards in deck order ("As", "Td", "2c"; CARD-1).
func (h *PokerHand) Cards() []string { return cards.Table52.Names(h.Deck) }

// Proof is the proof of one deck position, 0 to 51 (PK-7). The player at index
// i of the seats in ascending order holds positions 2i and 2i+1 when dealt in
// [Pairs], i and m+i [RoundRobin], and the board follows (PK-10, READ-2).
func (h *PokerHand) Proof(position int) (Proof, error) {
	p, err := h.h.Proof(position)
	return Proof(p), public(err)
}

// VerifyProof reports whether card (an id, 0 to 51) with its salt sits at
// position in the deck that root commits to, along path (PK-7). root, salt and
// the six path hashes are 64 lowercase hex characters (HASH-1); a malformed
// input is an error, a well-formed proof that does not reach root is false.
func VerifyProof(root string, position, card int, salt string, path []string) (bool, error) {
	ok, err := poker.VerifyProof(root, position, card, salt, path)
	return ok, public(err)
}
