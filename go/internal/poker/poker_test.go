package poker

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
)

// The expected values below are computed from the spec's formulas (PK-1 to
// PK-7, WORD-1, INT-2, SHUF-1) with the standard library alone, not through
// the stream, sampler or merkle packages the code under test uses.

func macHex(key, msg string) string {
	m := hmac.New(sha256.New, []byte(key))
	m.Write([]byte(msg))
	return hex.EncodeToString(m.Sum(nil))
}

func shaHex(s string) string {
	d := sha256.Sum256([]byte(s))
	return hex.EncodeToString(d[:])
}

// deckByFormula shuffles 0..51 from the top, one word per counter, discarding
// words at or above the limit (INT-2).
func deckByFormula(hv, prefix string) (deck []int, counter uint64) {
	deck = make([]int, 52)
	for i := range deck {
		deck[i] = i
	}
	const span = uint64(1) << 52
	for i := 51; i >= 1; i-- {
		n := uint64(i + 1)
		for {
			m := hmac.New(sha256.New, []byte(hv))
			fmt.Fprintf(m, "%s%d", prefix, counter)
			w := binary.BigEndian.Uint64(m.Sum(nil)[:8]) >> 12
			counter++
			if w < span-span%n {
				j := int(w % n)
				deck[i], deck[j] = deck[j], deck[i]
				break
			}
		}
	}
	return deck, counter
}

func rootByFormula(hv string, deck []int) string {
	level := make([]string, 64)
	for i := range level {
		if i < 52 {
			level[i] = shaHex(fmt.Sprintf("pk1:leaf:%d:%d:%s", i, deck[i], macHex(hv, fmt.Sprintf("pk1:salt:%d", i))))
		} else {
			level[i] = shaHex("pk1:pad")
		}
	}
	for len(level) > 1 {
		next := make([]string, len(level)/2)
		for m := range next {
			next[m] = shaHex("pk1:node:" + level[2*m] + level[2*m+1])
		}
		level = next
	}
	return level[0]
}

const seed = "9f2c4e1a7b3d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8"

func TestDealFollowsTheFormulas(t *testing.T) {
	cases := []struct {
		name  string
		table string
		hand  int
		seats []Seat
		list  string // the seated list as PK-3 writes it
	}{
		{"two players in order", "t1", 1, []Seat{{0, "alice"}, {3, "bob"}}, "0=alice,3=bob"},
		{"seats given out of order", "t1", 1, []Seat{{3, "bob"}, {0, "alice"}}, "0=alice,3=bob"},
		{"hand 0 of a session numbered from 0", "t1", 0, []Seat{{1, "x"}, {2, "y"}}, "1=x,2=y"},
		{"a full table", "high-stakes", 500, []Seat{{9, "j"}, {8, "i"}, {7, "h"}, {6, "g"}, {5, "f"}, {4, "e"}, {3, "d"}, {2, "c"}, {1, "b"}, {0, "a"}}, "0=a,1=b,2=c,3=d,4=e,5=f,6=g,7=h,8=i,9=j"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, err := Deal(seed, c.table, "s7", c.hand, c.seats)
			require.NoError(t, err)
			hv := macHex(seed, fmt.Sprintf("pk1:hand:%s:s7:%d", c.table, c.hand))
			assert.Equal(t, hv, h.HandValue)
			assert.Equal(t, shaHex(hv), h.HandCommitment)
			deck, counter := deckByFormula(hv, fmt.Sprintf("pk1:%s:s7:%d:%s:", c.table, c.hand, c.list))
			assert.Equal(t, deck, h.Deck)
			assert.Equal(t, counter, h.Counter)
			assert.Equal(t, rootByFormula(hv, deck), h.Tree.Root())
		})
	}
}

func TestProofsReachTheRoot(t *testing.T) {
	h, err := Deal(seed, "t1", "s7", 42, []Seat{{2, "p"}, {5, "q"}, {7, "r"}})
	require.NoError(t, err)
	for _, pos := range []int{0, 1, 31, 32, 51} {
		p, err := h.Proof(pos)
		require.NoError(t, err)
		ok, err := VerifyProof(p.Root, p.Position, p.Card, p.Salt, p.Path)
		require.NoError(t, err)
		assert.True(t, ok, "position %d", pos)
		// Any one change gives false, never an error (PK-7).
		other := (p.Card + 1) % 52
		ok, err = VerifyProof(p.Root, p.Position, other, p.Salt, p.Path)
		require.NoError(t, err)
		assert.False(t, ok, "position %d with card %d", pos, other)
		ok, err = VerifyProof(p.Root, (p.Position+1)%52, p.Card, p.Salt, p.Path)
		require.NoError(t, err)
		assert.False(t, ok, "position %d moved", pos)
	}
}

func TestRefusals(t *testing.T) {
	path := make([]string, 6)
	for i := range path {
		path[i] = shaHex("x")
	}
	h64 := shaHex("y")
	cases := []struct {
		name string
		run  func() error
		code errcode.Code
	}{
		{"one seated player", func() error { _, err := Deal(seed, "t", "s", 1, []Seat{{0, "a"}}); return err }, errcode.BadLength},
		{"eleven players", func() error {
			s := make([]Seat, 11)
			for i := range s {
				s[i] = Seat{i % 10, "a"}
			}
			_, err := Deal(seed, "t", "s", 1, s)
			return err
		}, errcode.BadLength},
		{"seat 10", func() error { _, err := Deal(seed, "t", "s", 1, []Seat{{0, "a"}, {10, "b"}}); return err }, errcode.OutOfRange},
		{"a seat taken twice", func() error { _, err := Deal(seed, "t", "s", 1, []Seat{{4, "a"}, {4, "b"}}); return err }, errcode.DuplicateSeat},
		{"hand 501", func() error { _, err := Deal(seed, "t", "s", 501, []Seat{{0, "a"}, {1, "b"}}); return err }, errcode.OutOfRange},
		{"upper-case seed", func() error {
			_, err := Deal("9F2C4E1A7B3D5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8", "t", "s", 1, []Seat{{0, "a"}, {1, "b"}})
			return err
		}, errcode.InvalidHex},
		{"hand 0 numbered from 1", func() error { return CheckHand(1, 0) }, errcode.OutOfRange},
		{"hand 500 numbered from 0", func() error { return CheckHand(0, 500) }, errcode.OutOfRange},
		{"numbered from 2", func() error { return CheckHand(2, 2) }, errcode.OutOfRange},
		{"position 52", func() error { _, err := VerifyProof(h64, 52, 0, h64, path); return err }, errcode.OutOfRange},
		{"card -1", func() error { _, err := VerifyProof(h64, 0, -1, h64, path); return err }, errcode.OutOfRange},
		{"a path of five", func() error { _, err := VerifyProof(h64, 0, 0, h64, path[:5]); return err }, errcode.BadLength},
		{"a short salt", func() error { _, err := VerifyProof(h64, 0, 0, h64[:63], path); return err }, errcode.InvalidHex},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.run()
			require.Error(t, err)
			assert.True(t, errors.Is(err, &errcode.Error{Code: c.code}), "got %v, want %s", err, c.code)
		})
	}
	for _, ok := range []struct{ first, hand int }{{1, 1}, {1, 500}, {0, 0}, {0, 499}} {
		assert.NoError(t, CheckHand(ok.first, ok.hand), "hand %d numbered from %d", ok.hand, ok.first)
	}
}

func TestLayout(t *testing.T) {
	// PK-10: pairs 2j, 2j+1; round robin j, m+j; the board 2m..2m+4.
	assert.Equal(t, [Board]int{6, 7, 8, 9, 10}, BoardPositions(3))
	assert.Equal(t, [Board]int{20, 21, 22, 23, 24}, BoardPositions(10))
	holes := []struct {
		i, players int
		dealing    reading.Dealing
		want       [2]int
	}{
		{0, 3, reading.Pairs, [2]int{0, 1}},
		{2, 3, reading.Pairs, [2]int{4, 5}},
		{0, 3, reading.RoundRobin, [2]int{0, 3}},
		{2, 3, reading.RoundRobin, [2]int{2, 5}},
		{9, 10, reading.RoundRobin, [2]int{9, 19}},
	}
	for _, c := range holes {
		assert.Equal(t, c.want, HolePositions(c.i, c.players, c.dealing), "%s, index %d of %d", c.dealing, c.i, c.players)
	}
}
