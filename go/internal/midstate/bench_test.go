package midstate

import (
	"crypto/sha256"
	"encoding"
	"hash"
	"strconv"
	"strings"
	"testing"

	"github.com/pfkit/pfkit/v2/go/internal/sidebyside"
)

// The prefix of the stream benchmarks: a match_seed_v2 message with four
// 64-character client seeds and a 64-character match id, 326 bytes.
var (
	benchKey    = strings.Repeat("k", 64)
	benchPrefix = "pf2:bridge:" + strings.Repeat("m", 64) + ":0=" + strings.Repeat("a", 64) + ",1=" +
		strings.Repeat("b", 64) + ",2=" + strings.Repeat("c", 64) + ",3=" + strings.Repeat("d", 64) + ":"
	sinkW uint64
)

// BenchmarkWords is 52 words on each path. On a machine with the SHA
// extensions every path it can take runs: sixteen words at a time with
// AVX-512 where the CPU has it, two at a time, and the crypto/sha256 path
// that CPUs without the extensions (and purego builds) take. Each
// sub-benchmark sets the switches for its own run and puts them back after.
func BenchmarkWords(b *testing.B) {
	type path struct{ sha, avx bool }
	paths := []path{{useSHANI, useAVX512}}
	if useAVX512 {
		paths = append(paths, path{useSHANI, false})
	}
	if useSHANI {
		paths = append(paths, path{false, false})
	}
	for _, p := range paths {
		b.Run("path="+pathName(p.sha, p.avx), func(b *testing.B) {
			setSHANI(b, p.sha)
			setAVX512(b, p.avx)
			h := New(benchKey, benchPrefix)
			var out [52]uint64
			for b.Loop() {
				h.Words(0, out[:])
				sinkW += out[51]
			}
		})
	}
}

// stdSaved is the straightforward HMAC with crypto/sha256 and saved states:
// the inner and outer hashes after their pads (and the prefix) are marshalled
// once and restored for every word. The fallback must be no slower.
type stdSaved struct {
	inner, outer []byte
	h            hash.Hash
}

func newStdSaved(key, prefix string) *stdSaved {
	var ipad, opad [64]byte
	copy(ipad[:], key)
	copy(opad[:], key)
	for i := range ipad {
		ipad[i] ^= 0x36
		opad[i] ^= 0x5c
	}
	in, out := sha256.New(), sha256.New()
	in.Write(ipad[:])
	in.Write([]byte(prefix))
	out.Write(opad[:])
	s := &stdSaved{h: sha256.New()}
	s.inner, _ = in.(encoding.BinaryMarshaler).MarshalBinary()
	s.outer, _ = out.(encoding.BinaryMarshaler).MarshalBinary()
	return s
}

func (s *stdSaved) word(k uint64) uint64 {
	s.h.(encoding.BinaryUnmarshaler).UnmarshalBinary(s.inner)
	s.h.Write([]byte(strconv.FormatUint(k, 10)))
	d := s.h.Sum(nil)
	s.h.(encoding.BinaryUnmarshaler).UnmarshalBinary(s.outer)
	s.h.Write(d)
	d = s.h.Sum(d[:0])
	return (uint64(d[0])<<56 | uint64(d[1])<<48 | uint64(d[2])<<40 | uint64(d[3])<<32 |
		uint64(d[4])<<24 | uint64(d[5])<<16 | uint64(d[6])<<8 | uint64(d[7])) >> 12
}

// BenchmarkWordsStdlibSaved is the same 52 words with stdSaved.
func BenchmarkWordsStdlibSaved(b *testing.B) {
	s := newStdSaved(benchKey, benchPrefix)
	h := New(benchKey, benchPrefix)
	if s.word(7) != h.Word(7) {
		b.Fatal("the reference disagrees with the kit")
	}
	for b.Loop() {
		for k := range uint64(52) {
			sinkW += s.word(k)
		}
	}
}

// BenchmarkFallback measures the path without the SHA extensions against
// stdSaved side by side (package sidebyside): the figure make bench reports.
func BenchmarkFallback(b *testing.B) {
	setSHANI(b, false)
	h := New(benchKey, benchPrefix)
	s := newStdSaved(benchKey, benchPrefix)
	var out [52]uint64
	sidebyside.Run(b,
		sidebyside.Op{Name: "fallback", Do: func() { h.Words(0, out[:]); sinkW += out[51] }},
		sidebyside.Op{Name: "stdsaved", Do: func() {
			for k := range uint64(52) {
				sinkW += s.word(k)
			}
		}},
	)
}
