package record

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

// The plain reader reads a hand's cards compact or spaced alike, and refuses
// one card too many or too few either way, as the general path does.
func TestCardsCompactOrSpaced(t *testing.T) {
	sp := `{"board":["3h","Jh","5c","5h","4s"],"commit":"d38f77bcf30e13ce5e33ec63616b3dd97d178c63eb9c2b5f1c6e03f3052e674b","fairplay":{"seed":"8594669731963626082"},"hands":[["7c","6s"],["7s","2h"]],"kind":"hand_end","scheme":"selfpoker_v1"}`
	for _, tc := range []struct {
		from, to string
		plain    bool
	}{
		{`["7c","6s"]`, `[ "7c","6s" ]`, true},
		{`["7c","6s"]`, `["7c" ,"6s"]`, true},
		{`["7c","6s"]`, `["7c", "6s"]`, true},
		{`["7c","6s"]`, "[\n\"7c\"\n,\n\"6s\"\n]", true},
		{`["3h","Jh","5c","5h","4s"]`, `[]`, true},
		{`["3h","Jh","5c","5h","4s"]`, `[ ]`, true},
		{`["3h","Jh","5c","5h","4s"]`, `["3h","Jh","5c"]`, true},
		{`["7c","6s"]`, `["7c"]`, false},
		{`["7c","6s"]`, `["7c" ]`, false},
		{`["7c","6s"]`, `["7c","6s","8c"]`, false},
		{`["7c","6s"]`, `["7c","6s" ,"8c"]`, false},
		{`["3h","Jh","5c","5h","4s"]`, `["3h","Jh","5c","5h","4s","8c"]`, false},
		{`["7c","6s"]`, `["7c","6x"]`, false},
		{`["7c","6s"]`, `["7c",]`, false},
		{`["7c","6s"]`, `["7c","6s"`, false},
	} {
		data := []byte(strings.Replace(sp, tc.from, tc.to, 1))
		require.NotEqual(t, sp, string(data))
		assert.Equal(t, tc.plain, agreePlain(t, data), "%s", tc.to)
	}
}

// quoteIndex finds the first quote as bytes.IndexByte does, for quotes on
// either side of the bytes it looks at one by one, none, and two.
func TestQuoteIndex(t *testing.T) {
	for n := range 40 {
		for q := -1; q < n; q++ {
			b := bytes.Repeat([]byte{'a'}, n)
			if q >= 0 {
				b[q] = '"'
				if q+3 < n {
					b[q+3] = '"'
				}
			}
			want := q
			if got := quoteIndex(b); got != want {
				t.Errorf("%q: quoteIndex %d, expected %d", b, got, want)
			}
		}
	}
}
