package midstate

import (
	"crypto/hmac"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// Each block function, fed random blocks from random states, must agree with
// the written-out FIPS 180-4 compression; and SHA-256 of whole messages built
// from it must equal crypto/sha256's.
func TestBlockAgainstGeneric(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 5000 {
		var s State
		for i := range s {
			s[i] = r.Uint32()
		}
		var p [64]byte
		for i := range p {
			p[i] = byte(r.Uint32())
		}
		a, b := s, s
		a.Block(&p)
		blockGeneric(&b, &p)
		require.Equal(t, b, a)
	}
}

func sha256Of(msg []byte) [32]byte {
	s := IV
	padded := append(append([]byte(nil), msg...), 0x80)
	for len(padded)%64 != 56 {
		padded = append(padded, 0)
	}
	bits := uint64(len(msg)) * 8
	for i := 7; i >= 0; i-- {
		padded = append(padded, byte(bits>>(8*i)))
	}
	for i := 0; i < len(padded); i += 64 {
		s.Block((*[64]byte)(padded[i : i+64]))
	}
	return s.Bytes()
}

func TestSHA256AgainstStdlib(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for n := range 300 {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(r.Uint32())
		}
		require.Equal(t, sha256.Sum256(msg), sha256Of(msg), "length %d", n)
	}
}

// The midstate HMAC equals crypto/hmac for every key length, every prefix
// length across block boundaries, and counters of every width.
func TestHMACAgainstStdlib(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for trial := range 600 {
		key := make([]byte, r.IntN(130))
		for i := range key {
			key[i] = byte('a' + r.IntN(26))
		}
		prefix := make([]byte, trial%200)
		for i := range prefix {
			prefix[i] = byte('0' + r.IntN(75))
		}
		h := New(string(key), string(prefix))
		for _, k := range []uint64{0, 9, 10, 99, 12345, r.Uint64N(1 << 40), 1<<64 - 1} {
			m := hmac.New(sha256.New, key)
			m.Write(prefix)
			fmt.Fprint(m, k)
			var want [32]byte
			copy(want[:], m.Sum(nil))
			require.Equal(t, want, h.Sum(k), "key %d bytes, prefix %d bytes, k=%d", len(key), len(prefix), k)
		}
	}
}

// The same tests with the assembly switched off, so the Go path is tested on
// machines that have the SHA extensions too.
func TestGenericPath(t *testing.T) {
	if !useSHANI {
		t.Skip("the Go path is the only path here and the other tests cover it")
	}
	setSHANI(false)
	defer setSHANI(true)
	TestSHA256AgainstStdlib(t)
	TestHMACAgainstStdlib(t)
}
