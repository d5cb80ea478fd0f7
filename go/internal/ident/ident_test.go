package ident

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
)

// IsID and ID, IsHex and Hex give the same answer on every input: the fast
// validators of records use the first of each pair, the runner and the domain
// code the second.
func TestQuickChecksAgreeWithTheirMessages(t *testing.T) {
	ids := []string{"", "a", "north", "a,1=b", "b:ob", "x=y", "al ice", "аlice", "a\x00b", "A-Z_a.z-09",
		strings.Repeat("a", 64), strings.Repeat("a", 65), strings.Repeat("a", 64) + ",", "\xff", "é"}
	for _, s := range ids {
		err := ID("f", s)
		assert.Equal(t, err == nil, IsID(s), "%q", s)
		if err != nil {
			assert.Equal(t, errcode.InvalidIdentifier, errcode.Of(err), "%q", s)
		}
	}
	seed := strings.Repeat("0123456789abcdef", 4)
	hexes := []string{seed, strings.ToUpper(seed), seed[:63], seed + "0", seed[:63] + "g", seed[:63] + "é"[:1], ""}
	for _, s := range hexes {
		err := Hex("f", s, 64)
		assert.Equal(t, err == nil, IsHex(s, 64), "%q", s)
		if err != nil {
			assert.Equal(t, errcode.InvalidHex, errcode.Of(err), "%q", s)
		}
	}
	// Every byte value at every place of a seed, against the rule written
	// out (0-9 a-f), and a seed with two bytes changed, for eight bytes
	// taken at once.
	for p := range 64 {
		for c := range 256 {
			b := []byte(seed)
			b[p] = byte(c)
			want := '0' <= c && c <= '9' || 'a' <= c && c <= 'f'
			assert.Equal(t, want, IsHex(b, 64), "byte %#x at %d", c, p)
			b[p^1] = byte(255 - c)
			assert.Equal(t, want && ('0' <= 255-c && 255-c <= '9' || 'a' <= 255-c && 255-c <= 'f'), IsHex(string(b), 64), "bytes %#x and %#x at %d", c, 255-c, p)
		}
	}
	// The separators of the messages are outside the alphabet (D-2).
	for _, c := range ":,=" {
		assert.False(t, IsIDByte(byte(c)))
	}
}
