package stream

import (
	"crypto/sha256"
	"strings"
	"testing"

	"github.com/pfkit/pfkit/v2/go/internal/midstate"
	"github.com/pfkit/pfkit/v2/go/internal/sidebyside"
)

// benchPrefix is the worst realistic case: four 64-character client
// seeds and a 64-character match id, a 326-byte prefix that a plain HMAC
// re-hashes on every draw (about seven compressions).
var benchPrefix = MatchPrefix("bridge", strings.Repeat("m", 64), []string{
	strings.Repeat("a", 64), strings.Repeat("b", 64), strings.Repeat("c", 64), strings.Repeat("d", 64),
})

const benchKey = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

var sink int

// BenchmarkShuffle52 is one 52-card shuffle on a fresh stream.
func BenchmarkShuffle52(b *testing.B) {
	for b.Loop() {
		p, _ := Sampler{Src: New(benchKey, benchPrefix)}.Permutation(52)
		sink += p[0]
	}
}

// BenchmarkShuffle52PlainHMAC is the same shuffle with a plain HMAC per draw,
// the readable reference path.
func BenchmarkShuffle52PlainHMAC(b *testing.B) {
	for b.Loop() {
		p, _ := Sampler{Src: &plain{key: benchKey, prefix: benchPrefix}}.Permutation(52)
		sink += p[0]
	}
}

// BenchmarkSHA256Block102 is 102 single-block crypto/sha256.Sum256 calls: the
// figure earlier reports called a bound. It is not one, since each call also
// pads and finalises; it stays as a comparison.
func BenchmarkSHA256Block102(b *testing.B) {
	var msg [55]byte // 55 bytes + padding fill exactly one block
	for b.Loop() {
		for i := range 102 {
			msg[0] = byte(i)
			d := sha256.Sum256(msg[:])
			sink += int(d[0])
		}
	}
}

// BenchmarkSerialFloor102 is 102 chained compressions with the kit's own
// block function, each waiting for the one before: what a shuffle's 51 draws
// of two compressions each would cost if nothing overlapped.
func BenchmarkSerialFloor102(b *testing.B) {
	var p [64]byte
	for b.Loop() {
		s := midstate.IV
		for range 102 {
			s.Block(&p)
		}
		sink += int(s[0])
	}
}

// BenchmarkInterleavedFloor102 is 102 independent compressions, two at a
// time with the kit's interleaved block function: the floor for a shuffle
// whose draws are computed side by side, with nothing else to do.
func BenchmarkInterleavedFloor102(b *testing.B) {
	var p [64]byte
	for b.Loop() {
		for i := 0; i < 102; i += 2 {
			x, y := midstate.IV, midstate.IV
			p[0] = byte(i)
			midstate.Block2(&x, &y, &p, &p)
			sink += int(x[0] ^ y[0])
		}
	}
}

// BenchmarkShuffleFloors measures the shuffle and the floors side by side
// (package sidebyside): the figures make bench reports. Where the words go
// sixteen at a time (AVX-512) the two-lane floor is none, and lanes16, 1,632
// compressions sixteen at a time counted as sixteen shuffles' 102, is the
// floor.
func BenchmarkShuffleFloors(b *testing.B) {
	var p [64]byte
	ops := []sidebyside.Op{
		{Name: "shuffle52", Do: func() {
			p, _ := Sampler{Src: New(benchKey, benchPrefix)}.Permutation(52)
			sink += p[0]
		}},
		{Name: "serial", Do: func() {
			s := midstate.IV
			for range 102 {
				s.Block(&p)
			}
			sink += int(s[0])
		}},
		{Name: "interleaved", Do: func() {
			for i := 0; i < 102; i += 2 {
				x, y := midstate.IV, midstate.IV
				midstate.Block2(&x, &y, &p, &p)
				sink += int(x[0] ^ y[0])
			}
		}},
		{Name: "sum256", Do: func() {
			var msg [55]byte
			for i := range 102 {
				msg[0] = byte(i)
				d := sha256.Sum256(msg[:])
				sink += int(d[0])
			}
		}},
		{Name: "plainhmac", Do: func() {
			p, _ := Sampler{Src: &plain{key: benchKey, prefix: benchPrefix}}.Permutation(52)
			sink += p[0]
		}},
	}
	var lanes [16][64]byte
	var ab [2][16]uint32
	if midstate.Lanes16(&lanes, &ab) {
		ops = append(ops, sidebyside.Op{Name: "lanes16", Per: 16, Do: func() {
			for range 51 {
				midstate.Lanes16(&lanes, &ab)
				sink += int(ab[0][0])
			}
		}})
	}
	sidebyside.Run(b, ops...)
}
