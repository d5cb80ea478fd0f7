package numpyrng

import (
	"math/big"
	"testing"
)

var (
	two128  = new(big.Int).Lsh(big.NewInt(1), 128)
	mask64  = new(big.Int).SetUint64(1<<64 - 1)
	bigMult = new(big.Int).Add(new(big.Int).Lsh(new(big.Int).SetUint64(pcgMultHi), 64), new(big.Int).SetUint64(pcgMultLo))
)

// slowPCG is PCG64 with big integers: state = state*mult + inc mod 2^128 and
// XSL-RR output, exactly as pcg64.h describes it, with no 64-bit tricks.
type slowPCG struct{ state, inc *big.Int }

func newSlowPCG(seed uint64) *slowPCG {
	s := GenerateState64(Pool(Words(seed)), 4)
	initstate := new(big.Int).Or(new(big.Int).Lsh(new(big.Int).SetUint64(s[0]), 64), new(big.Int).SetUint64(s[1]))
	initseq := new(big.Int).Or(new(big.Int).Lsh(new(big.Int).SetUint64(s[2]), 64), new(big.Int).SetUint64(s[3]))
	p := &slowPCG{state: new(big.Int), inc: new(big.Int).Mod(new(big.Int).Or(new(big.Int).Lsh(initseq, 1), big.NewInt(1)), two128)}
	p.step()
	p.state.Mod(p.state.Add(p.state, initstate), two128)
	p.step()
	return p
}

func (p *slowPCG) step() {
	p.state.Mod(p.state.Add(p.state.Mul(p.state, bigMult), p.inc), two128)
}

func (p *slowPCG) next64() uint64 {
	p.step()
	hi := new(big.Int).Rsh(p.state, 64).Uint64()
	lo := new(big.Int).And(p.state, mask64).Uint64()
	x, rot := hi^lo, hi>>58
	return x>>rot | x<<((64-rot)&63)
}

// FuzzPCG64: the 64-bit-limb PCG64 equals the big-integer one for any seed,
// for the first outputs and after the 32-bit buffer is used.
func FuzzPCG64(f *testing.F) {
	for _, s := range []uint64{0, 1, 42, 1<<32 - 1, 1 << 32, 1<<63 - 1, 1<<64 - 1} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		fast, slow := NewPCG64(seed), newSlowPCG(seed)
		for i := range 8 {
			if a, b := fast.Next64(), slow.next64(); a != b {
				t.Fatalf("seed %d, output %d: %#x, the big-integer PCG64 gives %#x", seed, i, a, b)
			}
		}
		w := slow.next64()
		if lo, hi := fast.Next32(), fast.Next32(); lo != uint32(w) || hi != uint32(w>>32) {
			t.Fatalf("seed %d: 32-bit halves %#x %#x of %#x", seed, lo, hi, w)
		}
	})
}
