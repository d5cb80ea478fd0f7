package stream

import (
	"crypto/hmac"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
)

// The expected values below were computed with Python's hmac and hashlib modules
// following the published formula (first 13 hex digits, rejection, Fisher-Yates
// from the top), not with this package.
const (
	testKey    = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08" // sha256("test")
	testPrefix = "pf2:bridge:m1:0=alice,1=bob:"
)

func TestCommit(t *testing.T) {
	assert.Equal(t, "7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c", Commit(testKey))
}

// TestIsCommitment: the commitment of TestCommit (sha256 of "test" hashed
// again, by Python's hashlib) and of a text past IsCommitment's buffer
// (sha256 of 200 "a"s, by hashlib), and what differs from them.
func TestIsCommitment(t *testing.T) {
	const commitment = "7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c"
	long := strings.Repeat("a", 200)
	const longSum = "c2a908d98f5df987ade41b5fce213067efbcc21ef2240212a41e54b5e7c28ae5"
	cases := []struct {
		text, commitment string
		want             bool
	}{
		{testKey, commitment, true},
		{testKey, strings.ToUpper(commitment), false},
		{testKey, commitment[:63], false},
		{testKey[1:], commitment, false},
		{long, longSum, true},
		{long[1:], longSum, false},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, IsCommitment(c.text, c.commitment), "%.10s… %.10s…", c.text, c.commitment)
	}
}

func TestMatchPrefix(t *testing.T) {
	assert.Equal(t, testPrefix, MatchPrefix("bridge", "m1", []string{"alice", "bob"}))
	assert.Equal(t, "pf2:g:m:0=x:", MatchPrefix("g", "m", []string{"x"}))
}

func TestWords(t *testing.T) {
	for _, tc := range []struct {
		k    uint64
		hex  string
		word uint64
	}{
		{0, "60355078736db5be2e0aef7bf19cabe0c97a9ce551bb512396d9676b043c746a", 1692513593669339},
		{1, "7442fd6d600129b74c14e8599c0f0c11534067a71ca408b9d7e0a8671f5d7310", 2045297095475218},
		{2, "d4c1839b1562311a9d41745336efa0453b1f68ac5188a88703f28810ff950b45", 3742841628087843},
	} {
		s := New(testKey, testPrefix)
		d := s.Digest(tc.k)
		assert.Equal(t, tc.hex, fmt.Sprintf("%x", d), "digest %d", tc.k)
		assert.Equal(t, tc.word, WordOf(d), "word %d", tc.k)
	}
	s := New(testKey, testPrefix)
	for _, want := range []uint64{1692513593669339, 2045297095475218, 3742841628087843} {
		w, err := s.Next()
		require.NoError(t, err)
		assert.Equal(t, want, w)
	}
	assert.Equal(t, uint64(3), s.Counter())
}

// Words computed ahead (Ahead, of any count, before the first draw or
// between draws) are the words drawn one at a time from a fresh stream,
// and the counter counts only what was drawn.
func TestAhead(t *testing.T) {
	want := make([]uint64, 140)
	p := &plain{key: testKey, prefix: testPrefix}
	for i := range want {
		want[i], _ = p.Next()
	}
	for _, n := range []int{0, 1, 2, 3, 54, 63, 64, 65, 200} {
		for _, at := range []int{0, 1, 5, 64} {
			s := New(testKey, testPrefix)
			for i := range want {
				if i == at {
					s.Ahead(n)
					assert.Equal(t, uint64(at), s.Counter(), "Ahead(%d) after %d draws", n, at)
				}
				w, _ := s.Next()
				require.Equal(t, want[i], w, "word %d, Ahead(%d) after %d draws", i, n, at)
			}
		}
	}
}

// A stream opened with ResetMatch, in a Stream used before (with Reset, or
// with ResetMatch on a longer prefix), draws TestWords' words from
// testPrefix's match, says its messages, and a Reset after it forgets it.
func TestResetMatch(t *testing.T) {
	var s Stream
	for _, before := range []func(){
		func() {},
		func() { s.Reset("k", "pf2:other:prefix:") },
		func() { s.ResetMatch("k", "backgammon", strings.Repeat("m", 64), []string{"x", "y"}); s.Next() },
	} {
		before()
		s.ResetMatch(testKey, "bridge", "m1", []string{"alice", "bob"})
		assert.Equal(t, "pf2:bridge:m1:0=alice,1=bob:7", s.Message(7))
		for _, want := range []uint64{1692513593669339, 2045297095475218, 3742841628087843} {
			w, _ := s.Next()
			assert.Equal(t, want, w)
		}
		s.Reset(testKey, "pf2:g:m:0=x:")
		assert.Equal(t, "pf2:g:m:0=x:12", s.Message(12))
	}
}

func TestShuffleAndDice(t *testing.T) {
	s := New(testKey, testPrefix)
	sm := Sampler{Src: s}
	deck, err := sm.Permutation(52)
	require.NoError(t, err)
	assert.Equal(t, []int{29, 28, 33, 9, 21, 50, 47, 30, 49, 35, 45, 39, 8, 41, 10, 22, 42, 44, 31, 23, 26, 6, 20, 2, 46, 32, 40, 48, 13, 24, 25, 19, 37, 15, 17, 34, 12, 16, 5, 0, 18, 4, 14, 27, 11, 36, 3, 38, 1, 43, 7, 51}, deck)
	assert.Equal(t, uint64(51), s.Counter(), "a 52-card shuffle with no rejection takes 51 draws")
	var dice []uint64
	for range 4 {
		d, err := sm.Int(6)
		require.NoError(t, err)
		dice = append(dice, d+1)
	}
	assert.Equal(t, []uint64{1, 4, 5, 5}, dice)
	assert.Equal(t, uint64(55), s.Counter())
}

// Limits worked by hand: 2^52 = 1 (mod 3); = 4 (mod 6); = 16 (mod 52) because
// 2^52 = 3 (mod 13) and 0 (mod 4); and 2^52 = 2(2^51+1) - 2.
func TestLimit(t *testing.T) {
	for _, tc := range []struct{ n, limit uint64 }{
		{1, Span},
		{2, Span},
		{3, Span - 1},
		{6, Span - 4},
		{52, Span - 16},
		{1<<51 + 1, 1<<51 + 1},
		{Span - 1, Span - 1},
		{Span, Span},
	} {
		assert.Equal(t, tc.limit, Limit(tc.n), "Limit(%d)", tc.n)
	}
}

type words []uint64

func (w *words) Next() (uint64, error) {
	if len(*w) == 0 {
		return 0, errcode.New(errcode.WordsExhausted, "no words left")
	}
	x := (*w)[0]
	*w = (*w)[1:]
	return x, nil
}

func TestIntRejection(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     uint64
		words []uint64
		want  uint64
		used  int
	}{
		{"limit-1 is kept", 52, []uint64{Span - 17, 5}, (Span - 17) % 52, 1},
		{"limit is rejected", 52, []uint64{Span - 16, 5}, 5, 2},
		{"2^52-1 is rejected", 52, []uint64{Span - 1, Span - 16, 7}, 7, 3},
		{"int(1) consumes one draw", 1, []uint64{Span - 1, 9}, 0, 1},
		{"int(2^52) returns the word", Span, []uint64{Span - 1}, Span - 1, 1},
		{"half rejected above 2^51", 1<<51 + 1, []uint64{1<<51 + 1, 1 << 51}, 1 << 51, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := words(tc.words)
			got, err := Sampler{Src: &src}.Int(tc.n)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.used, len(tc.words)-len(src))
		})
	}
}

func TestIntErrors(t *testing.T) {
	src := words{}
	_, err := Sampler{Src: &src}.Int(5)
	assert.Equal(t, errcode.WordsExhausted, errcode.Of(err))
	for _, n := range []uint64{0, Span + 1} {
		_, err := Sampler{Src: &src}.Int(n)
		assert.Equal(t, errcode.OutOfRange, errcode.Of(err), "n=%d", n)
	}
}

// The midstate path must equal plain HMAC for every key length, prefix length
// (across block boundaries) and counter width.
func TestMidstateMatchesHMAC(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 400; trial++ {
		key := make([]byte, r.IntN(100))
		for i := range key {
			key[i] = byte('a' + r.IntN(26))
		}
		prefix := make([]byte, r.IntN(200))
		for i := range prefix {
			prefix[i] = byte('0' + r.IntN(10))
		}
		s := New(string(key), string(prefix))
		for _, k := range []uint64{0, 9, 10, 99, 1000, r.Uint64N(1 << 40), ^uint64(0)} {
			m := hmac.New(sha256.New, key)
			m.Write(prefix)
			fmt.Fprint(m, k)
			var want [32]byte
			copy(want[:], m.Sum(nil))
			require.Equal(t, want, s.fast.Sum(k), "key %d bytes, prefix %d bytes, k=%d", len(key), len(prefix), k)
		}
	}
}

// The shuffle's quotient by a multiplication equals Go's division for every n
// it serves, on the words where an error would show first: 0, around each
// multiple of n near the bottom and the top of the range, the largest word,
// and random words.
func TestQuotientIsDivision(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for n := uint64(1); n <= maxReciprocal; n++ {
		words := []uint64{0, 1, Span - 1, Span - 2, Span - n, Span - n - 1}
		for k := range uint64(4) {
			for _, base := range []uint64{k * n, (Span/n - k) * n} {
				words = append(words, base, base+n-1, base+n)
			}
		}
		for range 20000 {
			words = append(words, r.Uint64N(Span))
		}
		for _, w := range words {
			if w >= Span {
				continue
			}
			if got, want := quotient(w, n), w/n; got != want {
				t.Fatalf("quotient(%d, %d) = %d, want %d", w, n, got, want)
			}
		}
	}
}
