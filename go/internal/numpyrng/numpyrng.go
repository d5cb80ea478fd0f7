// Package numpyrng reproduces, bit for bit, what NumPy computes for
// numpy.random.default_rng(seed).permutation(n): SeedSequence turns the seed into
// PCG64's state, PCG64 (a 128-bit LCG with the XSL-RR output) yields 64-bit
// words, the generator serves 32-bit halves from a one-word buffer, and the
// shuffle draws each index with masked rejection (random_interval). It is ported
// from NumPy's bit_generator.pyx, _pcg64.pyx, src/pcg64/pcg64.h, _generator.pyx and
// src/distributions/distributions.c, and tested against NumPy's own output.
package numpyrng

import (
	"math/bits"
)

// SeedSequence constants (bit_generator.pyx).
const (
	poolSize  = 4
	initA     = 0x43b0d7e5
	multA     = 0x931e8875
	initB     = 0x8b51f9dd
	multB     = 0x58f38ded
	mixMultL  = 0xca01f9dd
	mixMultR  = 0x4973f715
	xorShift  = 16
	mask32    = 0xffffffff
	pcgMultHi = 2549297995355413924
	pcgMultLo = 4865540595714422341
)

// Words splits a non-negative integer into 32-bit words, lowest first, as
// NumPy's _int_to_uint32_array does: 0 is one word, [0].
func Words(seed uint64) []uint32 {
	if seed == 0 {
		return []uint32{0}
	}
	var w []uint32
	for seed > 0 {
		w = append(w, uint32(seed&mask32))
		seed >>= 32
	}
	return w
}

func hashmix(value uint32, hashConst *uint32) uint32 {
	value ^= *hashConst
	*hashConst *= multA
	value *= *hashConst
	value ^= value >> xorShift
	return value
}

func mix(x, y uint32) uint32 {
	r := mixMultL*x - mixMultR*y
	r ^= r >> xorShift
	return r
}

// Pool is SeedSequence's entropy pool for the given words (no spawn key):
// SeedSequence.mix_entropy.
func Pool(entropy []uint32) [poolSize]uint32 {
	var pool [poolSize]uint32
	hc := uint32(initA)
	for i := range pool {
		if i < len(entropy) {
			pool[i] = hashmix(entropy[i], &hc)
		} else {
			pool[i] = hashmix(0, &hc)
		}
	}
	for src := range pool {
		for dst := range pool {
			if src != dst {
				pool[dst] = mix(pool[dst], hashmix(pool[src], &hc))
			}
		}
	}
	for src := poolSize; src < len(entropy); src++ {
		for dst := range pool {
			pool[dst] = mix(pool[dst], hashmix(entropy[src], &hc))
		}
	}
	return pool
}

// GenerateState64 is SeedSequence.generate_state(n, uint64): 2n 32-bit words
// cycled out of the pool and hashed, then paired little-endian into 64-bit words.
func GenerateState64(pool [poolSize]uint32, n int) []uint64 {
	out := make([]uint64, n)
	generateState64(pool, out)
	return out
}

func generateState64(pool [poolSize]uint32, out []uint64) {
	n := len(out)
	hc := uint32(initB)
	var w [2]uint32
	for i := 0; i < 2*n; i++ {
		v := pool[i%poolSize]
		v ^= hc
		hc *= multB
		v *= hc
		v ^= v >> xorShift
		w[i%2] = v
		if i%2 == 1 {
			out[i/2] = uint64(w[0]) | uint64(w[1])<<32
		}
	}
}

// PCG64 is NumPy's PCG64 bit generator with its 32-bit buffer.
type PCG64 struct {
	stateHi, stateLo uint64
	incHi, incLo     uint64
	hasUint32        bool
	uinteger         uint32
}

// NewPCG64 seeds PCG64 as NumPy does for an integer seed: the SeedSequence of its
// words, generate_state(4, uint64), then pcg64_set_seed(state[0:2], state[2:4]).
func NewPCG64(seed uint64) *PCG64 {
	p := &PCG64{}
	p.Seed(seed)
	return p
}

// Seed reseeds p in place, as NewPCG64 does, without allocating.
func (p *PCG64) Seed(seed uint64) {
	var words [2]uint32
	entropy := words[:1]
	words[0] = uint32(seed)
	if seed>>32 != 0 {
		words[1] = uint32(seed >> 32)
		entropy = words[:2]
	}
	p.seedWords(entropy)
}

// NewPCG64Words seeds from explicit 32-bit entropy words.
func NewPCG64Words(entropy []uint32) *PCG64 {
	p := &PCG64{}
	p.seedWords(entropy)
	return p
}

func (p *PCG64) seedWords(entropy []uint32) {
	var s [4]uint64
	generateState64(Pool(entropy), s[:])
	*p = PCG64{}
	p.setSeed(s[0], s[1], s[2], s[3])
}

// setSeed is pcg_setseq_128_srandom_r: inc = initseq<<1 | 1; state = 0; step;
// state += initstate; step.
func (p *PCG64) setSeed(initHi, initLo, seqHi, seqLo uint64) {
	p.incHi = seqHi<<1 | seqLo>>63
	p.incLo = seqLo<<1 | 1
	p.stateHi, p.stateLo = 0, 0
	p.step()
	var c uint64
	p.stateLo, c = bits.Add64(p.stateLo, initLo, 0)
	p.stateHi, _ = bits.Add64(p.stateHi, initHi, c)
	p.step()
}

// step is state = state * multiplier + inc (mod 2^128).
func (p *PCG64) step() {
	hi, lo := bits.Mul64(p.stateLo, pcgMultLo)
	hi += p.stateHi*pcgMultLo + p.stateLo*pcgMultHi
	var c uint64
	p.stateLo, c = bits.Add64(lo, p.incLo, 0)
	p.stateHi, _ = bits.Add64(hi, p.incHi, c)
}

// Next64 steps the LCG and returns XSL-RR of the new state: the xor of its halves
// rotated right by its top six bits.
func (p *PCG64) Next64() uint64 {
	p.step()
	return bits.RotateLeft64(p.stateHi^p.stateLo, -int(p.stateHi>>58))
}

// Next32 is pcg64_next32: the low half of a fresh word, keeping the high half for
// the next call.
func (p *PCG64) Next32() uint32 {
	if p.hasUint32 {
		p.hasUint32 = false
		return p.uinteger
	}
	n := p.Next64()
	p.hasUint32 = true
	p.uinteger = uint32(n >> 32)
	return uint32(n)
}

// Interval is random_interval(max): a uniform value in [0, max] by masking a
// draw to the smallest all-ones mask covering max and rejecting values above
// max. It uses 32-bit draws when max fits in 32 bits.
func (p *PCG64) Interval(max uint64) uint64 {
	if max == 0 {
		return 0
	}
	// The smallest all-ones mask covering max (NumPy smears the bits down with
	// shifts; counting the bit length gives the same mask).
	mask := uint64(1)<<bits.Len64(max) - 1
	if max <= mask32 {
		for {
			if v := uint64(p.Next32()) & mask; v <= max {
				return v
			}
		}
	}
	for {
		if v := p.Next64() & mask; v <= max {
			return v
		}
	}
}

// Shuffle is Generator.shuffle's fast path for a 1-d array: for i from n-1 down to
// 1, j = Interval(i), swap a[i] and a[j].
func (p *PCG64) Shuffle(a []int) {
	i := len(a) - 1
	// Larger arrays than 32 bits can index take the general path first.
	for ; i > 0 && uint64(i) > mask32; i-- {
		j := p.Interval(uint64(i))
		a[i], a[j] = a[j], a[i]
	}
	if i > 0 {
		p.shuffle32(a[:i+1])
	}
}

// shuffle32 is Shuffle once the last index fits in 32 bits, where Interval
// draws 32-bit halves: the same draws, with the state and the buffered half
// held in locals, each word's two halves taken in turn, and the rejection
// decided without a branch (pick). A profile of an audit showed the loop
// Interval makes waiting on the state in memory and on mispredicted
// rejections, which come at random.
func (p *PCG64) shuffle32(a []int) {
	n := uint32(len(a) - 1)
	if p.hasUint32 {
		p.hasUint32 = false
		n = pick(a, n, p.uinteger)
	}
	hi, lo := p.stateHi, p.stateLo
	for n > 0 {
		// step and Next64, inline
		h, l := bits.Mul64(lo, pcgMultLo)
		h += hi*pcgMultLo + lo*pcgMultHi
		var c uint64
		lo, c = bits.Add64(l, p.incLo, 0)
		hi, _ = bits.Add64(h, p.incHi, c)
		w := bits.RotateLeft64(hi^lo, -int(hi>>58))
		n = pick(a, n, uint32(w))
		if n == 0 { // the high half stays for the next draw, as in Next32
			p.hasUint32, p.uinteger = true, uint32(w>>32)
			break
		}
		n = pick(a, n, uint32(w>>32))
	}
	p.stateHi, p.stateLo = hi, lo
}

// pick is one draw of Interval(n) for the shuffle, 0 < n < 2^32: v masked to
// the smallest all-ones mask covering n, accepted when at most n. It swaps
// a[n] and a[v] and returns n-1 when v is accepted; otherwise it swaps a[n]
// with itself and returns n, for another draw. The choice is arithmetic, not
// a branch, since a rejection comes at random.
func pick(a []int, n, v uint32) uint32 {
	v &= ^uint32(0) >> (bits.LeadingZeros32(n) & 31)  // n > 0: a shift below 32
	rejected := uint32((uint64(n) - uint64(v)) >> 63) // 1 when v > n
	j := n ^ ((n ^ v) & (rejected - 1))               // v, or n when rejected
	a[n], a[j] = a[j], a[n]
	return n - 1 + rejected
}

// Permutation is default_rng(seed).permutation(n).
func Permutation(seed uint64, n int) []int {
	a := make([]int, n)
	PermutationInto(seed, a)
	return a
}

// PermutationInto writes default_rng(seed).permutation(len(a)) into a.
func PermutationInto(seed uint64, a []int) {
	for i := range a {
		a[i] = i
	}
	var p PCG64
	p.Seed(seed)
	p.Shuffle(a)
}
