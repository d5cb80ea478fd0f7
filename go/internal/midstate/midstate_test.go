package midstate

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The block functions, fed random blocks from random states, must agree with
// the written-out FIPS 180-4 compression, one block at a time and two side by
// side. The subtest names the path exercised: with the SHA extensions the
// assembly is compared with the written-out function; without them Block is
// that function, and the comparison with crypto/sha256 below is the check.
func TestBlockAgainstGeneric(t *testing.T) {
	path := "go"
	if useSHANI {
		path = "sha-extensions"
	}
	t.Run("path="+path, func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 8))
		for range 5000 {
			var s, s2 State
			for i := range s {
				s[i], s2[i] = r.Uint32(), r.Uint32()
			}
			var p, p2 [64]byte
			for i := range p {
				p[i], p2[i] = byte(r.Uint32()), byte(r.Uint32())
			}
			a, b := s, s
			a.Block(&p)
			blockGeneric(&b, &p)
			require.Equal(t, b, a)
			x, y, x2, y2 := s, s2, s, s2
			Block2(&x, &y, &p, &p2)
			blockGeneric(&x2, &p)
			blockGeneric(&y2, &p2)
			require.Equal(t, x2, x, "lane A")
			require.Equal(t, y2, y, "lane B")
		}
	})
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

// Sum64 is crypto/sha256 of a 64-byte message, on both paths; the first
// case is sha256 of "test" in hex, hashed again, by Python's hashlib.
func TestSum64(t *testing.T) {
	for _, sha := range []bool{useSHANI, false} {
		setSHANI(t, sha)
		var p [64]byte
		copy(p[:], "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")
		sum := Sum64(&p)
		require.Equal(t, "7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c", hex.EncodeToString(sum[:]), "path %s", pathName(sha, false))
		r := rand.New(rand.NewPCG(13, 14))
		for range 50 {
			for i := range p {
				p[i] = byte(r.Uint32())
			}
			require.Equal(t, sha256.Sum256(p[:]), Sum64(&p), "path %s", pathName(sha, false))
		}
	}
}

// The midstate HMAC equals crypto/hmac for every key length, every prefix
// length across block boundaries, and counters of every width; Words, which
// computes counters side by side, equals Word counter by counter, across the
// counters that gain a digit (where one message of a pair can need a second
// block and the other not).
func TestHMACAgainstStdlib(t *testing.T) {
	t.Run("path="+Path(), testHMACAgainstStdlib)
}

func testHMACAgainstStdlib(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	// kept is opened again for every trial, keeping its room (Keep): the
	// blocks it made for the trial before, of a prefix one byte shorter or
	// another key, are never taken for this one's.
	var kept HMAC
	kept.Keep()
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
		kept.InitBytes(string(key), prefix)
		for _, k := range []uint64{0, 9, 10, 99, 12345, r.Uint64N(1 << 40), 1<<64 - 1} {
			m := hmac.New(sha256.New, key)
			m.Write(prefix)
			fmt.Fprint(m, k)
			var want [32]byte
			copy(want[:], m.Sum(nil))
			require.Equal(t, want, h.Sum(k), "key %d bytes, prefix %d bytes, k=%d", len(key), len(prefix), k)
		}
		for _, k := range []uint64{0, 5, 95, 996, 99997, 1e12 - 3, 1<<64 - 41} {
			// Up to 40 words: several calls to the assembly, each of up
			// to maxRun pairs, and an odd word at the end.
			got, inRoom := make([]uint64, 1+r.IntN(40)), make([]uint64, 0, 40)
			h.Words(k, got)
			inRoom = inRoom[:len(got)]
			kept.Words(k, inRoom)
			for i, w := range got {
				require.Equal(t, h.Word(k+uint64(i)), w, "prefix %d bytes, Words(%d)[%d]", len(prefix), k, i)
				require.Equal(t, w, inRoom[i], "prefix %d bytes, Words(%d)[%d] in a kept room", len(prefix), k, i)
			}
		}
	}
}

// The same test on the paths this machine does not take by itself, so that
// each is tested where a faster one exists: crypto/sha256 with saved states
// (CPUs without the SHA extensions, purego builds), and the SHA extensions
// two words at a time (CPUs without AVX-512).
func TestOtherPaths(t *testing.T) {
	for _, p := range []struct {
		name   string
		faster bool // this machine takes a faster path by itself
		set    func(t *testing.T)
	}{
		{pathName(false, false), useSHANI, func(t *testing.T) { setSHANI(t, false) }},
		{pathName(true, false), useAVX512, func(t *testing.T) { setAVX512(t, false) }},
	} {
		t.Run(p.name, func(t *testing.T) {
			if !p.faster {
				t.Skip("the path this machine takes: TestHMACAgainstStdlib covers it")
			}
			p.set(t)
			TestHMACAgainstStdlib(t)
		})
	}
}

func TestDecimal(t *testing.T) {
	for _, k := range []uint64{0, 8, 9, 99, 1234, 9999999, 1<<64 - 3} {
		d := newDecimal(k)
		for i := range uint64(3) {
			require.Equal(t, strconv.FormatUint(k+i, 10), string(d.digits()))
			d.inc()
		}
	}
}

// The sixteen-lane assembly, from random inner and outer states over random
// blocks of one to three per message, at two strides, gives for each lane the
// first two words of the state the written-out compression reaches: the
// inner blocks, then the outer block of the inner digest.
func TestWordsAVX512AgainstGeneric(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 here")
	}
	r := rand.New(rand.NewPCG(15, 16))
	for trial := range 300 {
		var inner, outer State
		for i := range inner {
			inner[i], outer[i] = r.Uint32(), r.Uint32()
		}
		nblocks := 1 + trial%3
		stride := 64 * (nblocks + trial%2) // with room between messages on odd trials
		buf := make([]byte, 16*stride)
		for i := range buf {
			buf[i] = byte(r.Uint32())
		}
		var got [2][16]uint32
		hmacWordsAVX512((*[8]uint32)(&inner), (*[8]uint32)(&outer), &buf[0], stride, nblocks, &got)
		for lane := range 16 {
			s := inner
			for b := range nblocks {
				blockGeneric(&s, (*[64]byte)(buf[lane*stride+64*b:]))
			}
			var blk [64]byte
			outerBlock(&blk, &s)
			o := outer
			blockGeneric(&o, &blk)
			require.Equal(t, [2]uint32{o[0], o[1]}, [2]uint32{got[0][lane], got[1][lane]}, "trial %d, %d blocks, lane %d", trial, nblocks, lane)
		}
	}
}

// A kept room serves prefixes whose last blocks are alike, differing in
// their full blocks and keys only, and is made again for a prefix whose last
// block differs: in a byte (':' and ';'), or in the length before it (one,
// two or three full blocks before a ':'), with one-block and two-block
// messages (a 60-byte tail), on both paths.
func TestKeptRoomAcrossLikePrefixes(t *testing.T) {
	for _, avx := range []bool{useAVX512, false} {
		setAVX512(t, avx)
		var kept HMAC
		kept.Keep()
		for i, p := range []struct{ key, prefix string }{
			{"k1", strings.Repeat("a", 64) + ":"},
			{"k2", strings.Repeat("b", 64) + ":"},
			{"k2", strings.Repeat("b", 64) + ";"},
			{"k", ":"},
			{"k", strings.Repeat("x", 64) + ":"},
			{"k", strings.Repeat("y", 128) + ":"},
			{"k1", strings.Repeat("x", 64) + strings.Repeat("c", 60)},
			{strings.Repeat("k", 80), strings.Repeat("y", 64) + strings.Repeat("c", 60)},
			{"k2", strings.Repeat("y", 128) + strings.Repeat("c", 60)},
		} {
			kept.Init(p.key, p.prefix)
			// Each prefix starts with the counters the one before ended
			// with, so that the room's blocks have the widths its digits
			// need.
			for _, k := range []uint64{0, 12345, 90, 0} {
				got := make([]uint64, 40)
				kept.Words(k, got)
				for j, w := range got {
					m := hmac.New(sha256.New, []byte(p.key))
					fmt.Fprintf(m, "%s%d", p.prefix, k+uint64(j))
					require.Equal(t, binary.BigEndian.Uint64(m.Sum(nil))>>12, w, "%s, prefix %d, word %d", pathName(useSHANI, avx), i, k+uint64(j))
				}
			}
		}
	}
}
