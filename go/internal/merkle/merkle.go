// Package merkle holds poker_hmac_v1's deck commitment: a Merkle tree of 64 leaves
// (52 deck positions and 12 pad leaves), hashed with domain-separated SHA-256 over
// lowercase hex text, and the six-hash proofs a player gets for their cards
// (spec section 6, "poker_hmac_v1: committed poker decks", PK-5 to PK-7).
package merkle

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

const (
	// Positions is the number of deck positions a tree commits to.
	Positions = 52
	// Leaves is the tree's width: positions padded up to a power of two.
	Leaves = 64
	// Depth is the number of levels above the leaves, and so the proof length.
	Depth = 6
)

func sum(s string) string {
	d := sha256.Sum256([]byte(s))
	return hex.EncodeToString(d[:])
}

// Pad is the leaf of positions 52..63: sha256("pk1:pad") (PK-6).
var Pad = sum("pk1:pad")

// Leaf commits to the card at a position with its salt:
// sha256("pk1:leaf:" + position + ":" + card + ":" + salt), the position and the
// card id in decimal (PK-5).
func Leaf(position, card int, salt string) string {
	return sum("pk1:leaf:" + strconv.Itoa(position) + ":" + strconv.Itoa(card) + ":" + salt)
}

// Node is a parent: sha256("pk1:node:" + left + right) over the hex texts (PK-6).
func Node(left, right string) string { return sum("pk1:node:" + left + right) }

// Tree holds every level, leaves first.
type Tree struct {
	levels [][]string
}

// Build makes the tree over the 52 position leaves.
func Build(leaves []string) *Tree {
	level := make([]string, Leaves)
	copy(level, leaves)
	for i := len(leaves); i < Leaves; i++ {
		level[i] = Pad
	}
	t := &Tree{levels: [][]string{level}}
	for len(level) > 1 {
		up := make([]string, len(level)/2)
		for i := range up {
			up[i] = Node(level[2*i], level[2*i+1])
		}
		t.levels = append(t.levels, up)
		level = up
	}
	return t
}

// Root is the commitment published before the deal.
func (t *Tree) Root() string { return t.levels[Depth][0] }

// Leaf is the leaf at a position.
func (t *Tree) Leaf(position int) string { return t.levels[0][position] }

// Path is the proof of a position: the sibling at each level, from the leaf
// upward (PK-7).
func (t *Tree) Path(position int) []string {
	path := make([]string, Depth)
	for l := range Depth {
		path[l] = t.levels[l][position^1]
		position >>= 1
	}
	return path
}

// RootFrom recomputes the root from a leaf, its position and its path: at level
// l the running hash is the left child when bit l of the position is 0.
func RootFrom(leaf string, position int, path []string) string {
	h := leaf
	for _, sib := range path {
		if position&1 == 0 {
			h = Node(h, sib)
		} else {
			h = Node(sib, h)
		}
		position >>= 1
	}
	return h
}
