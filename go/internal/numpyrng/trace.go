package numpyrng

import "math/bits"

// Trace is Permutation(seed, n) with every stage of the computation exposed, so
// that a port whose deck differs can find the first stage where it parts from
// NumPy: the seed's 32-bit words, SeedSequence's pool, the four 64-bit words of
// generate_state, PCG64's state and increment after seeding, and every 32-bit
// draw of every random_interval.
type Trace struct {
	SeedWords   []uint32
	Pool        [poolSize]uint32
	StateWords  [4]uint64
	State, Inc  [2]uint64 // high half first
	Draws       []Draw
	Permutation []int
}

// Draw is one 32-bit draw of random_interval(Max).
type Draw struct {
	Max, Mask uint32
	Output    uint64 // the 64-bit PCG64 output the draw is half of
	High      bool   // the buffered high half; otherwise a fresh output's low half
	Word      uint32
	Value     uint32 // Word & Mask
	Accepted  bool   // Value <= Max
}

// TracePermutation computes default_rng(seed).permutation(n) for n < 2^32 and
// records each stage. It does not share Shuffle's unrolled loop, so a test comparing the
// two checks one against the other.
func TracePermutation(seed uint64, n int) Trace {
	t := Trace{SeedWords: Words(seed)}
	t.Pool = Pool(t.SeedWords)
	generateState64(t.Pool, t.StateWords[:])
	var p PCG64
	p.setSeed(t.StateWords[0], t.StateWords[1], t.StateWords[2], t.StateWords[3])
	t.State = [2]uint64{p.stateHi, p.stateLo}
	t.Inc = [2]uint64{p.incHi, p.incLo}
	a := make([]int, n)
	for i := range a {
		a[i] = i
	}
	var last uint64
	for i := n - 1; i > 0; i-- {
		max := uint32(i)
		mask := uint32(1)<<bits.Len32(max) - 1
		for {
			// Next32 (NP-3), with the output it reads kept for the trace.
			d := Draw{Max: max, Mask: mask, High: p.hasUint32}
			if p.hasUint32 {
				d.Word, p.hasUint32 = p.uinteger, false
			} else {
				last = p.Next64()
				d.Word, p.uinteger, p.hasUint32 = uint32(last), uint32(last>>32), true
			}
			d.Output = last
			d.Value = d.Word & mask
			d.Accepted = d.Value <= max
			t.Draws = append(t.Draws, d)
			if d.Accepted {
				a[i], a[d.Value] = a[d.Value], a[i]
				break
			}
		}
	}
	t.Permutation = a
	return t
}
