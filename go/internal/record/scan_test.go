package record

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

// plainRunByBytes is plainRun's answer worked a byte at a time: the longest
// run of whole 8-byte words of printable ASCII other than '"' and '\'.
func plainRunByBytes(b []byte) int {
	n := 0
	for ; n+8 <= len(b); n += 8 {
		for _, c := range b[n : n+8] {
			if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
				return n
			}
		}
	}
	return n
}

func TestPlainRun(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"", 0}, {"abcdefg", 0}, {"abcdefgh", 8}, {"abcdefgh\"", 8}, {"abcdefghi\"jklmnop", 8},
		{"d38f77bcf30e13ce5e33ec63616b3dd97d178c63eb9c2b5f1c6e03f3052e674b\"", 64},
		{"abc\"defghijklmno", 0}, {"abcdefg\\hijklmno", 0}, {"abcdefgh\x7fijklmno", 8}, {"abcdefgh\x1fijklmno", 8},
		{"\x80bcdefgh", 0}, {"abcdefg\xff", 0}, {" ~!#$%&'()*+,-./", 16}, {"\x00\x00\x00\x00\x00\x00\x00\x00", 0},
	} {
		assert.Equal(t, tc.want, plainRun([]byte(tc.in)), "%q", tc.in)
		assert.Equal(t, tc.want, plainRunByBytes([]byte(tc.in)), "%q", tc.in)
	}
	// Random bytes, mostly printable, every byte value somewhere.
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = byte(0x20 + r.IntN(0x5f))
			if r.IntN(30) == 0 {
				b[i] = byte(r.IntN(256))
			}
		}
		if !assert.Equal(t, plainRunByBytes(b), plainRun(b), "%q", b) {
			return
		}
	}
}
