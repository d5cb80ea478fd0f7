package merkle

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"testing"
)

func leaves(seed string) []string {
	l := make([]string, Positions)
	for i := range l {
		d := sha256.Sum256([]byte(seed + strconv.Itoa(i)))
		l[i] = hex.EncodeToString(d[:])
	}
	return l
}

// FuzzProof: the genuine path of every position verifies, and changing any
// one thing (the position, the leaf, one sibling) makes it fail.
func FuzzProof(f *testing.F) {
	f.Add("deck", uint8(0), uint8(0), uint8(5))
	f.Add("other", uint8(51), uint8(3), uint8(200))
	f.Fuzz(func(t *testing.T, seed string, pos, level, flip uint8) {
		tree := Build(leaves(seed))
		p := int(pos) % Positions
		path := tree.Path(p)
		if RootFrom(tree.Leaf(p), p, path) != tree.Root() {
			t.Fatalf("the genuine proof of position %d fails", p)
		}
		if q := (p + 1 + int(flip)%(Positions-1)) % Positions; RootFrom(tree.Leaf(p), q, path) == tree.Root() {
			t.Fatalf("the proof of %d verified for position %d", p, q)
		}
		bad := append([]string(nil), path...)
		l := int(level) % Depth
		b := []byte(bad[l])
		b[int(flip)%len(b)] ^= 1
		bad[l] = string(b)
		if RootFrom(tree.Leaf(p), p, bad) == tree.Root() {
			t.Fatalf("a proof with sibling %d changed verified", l)
		}
		if RootFrom(Node(tree.Leaf(p), "x"), p, path) == tree.Root() {
			t.Fatal("another leaf verified")
		}
	})
}
