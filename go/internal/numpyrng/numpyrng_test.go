package numpyrng

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Known answers printed by NumPy 2.4.6 itself (SeedSequence(s).pool,
// generate_state(4, np.uint64), PCG64(s).random_raw(3),
// default_rng(s).permutation(52)). numpy_test.go compares thousands more seeds
// with a live NumPy when one is available.
var known = []struct {
	seed  uint64
	pool  [4]uint32
	state [4]uint64
	raw   [3]uint64
	perm  []int
}{
	{
		seed:  0,
		pool:  [4]uint32{0xfe40eb07, 0x4f363a36, 0x4eb2009d, 0xc89a7aa7},
		state: [4]uint64{0xdb2cd7e7b0f478be, 0xabf4641a2c71ba49, 0x20c6ed6d9d7b8d41, 0x2c4099de223c39d4},
		raw:   [3]uint64{11749869230777074271, 4976686463289251617, 755828109848996024},
		perm:  []int{38, 11, 18, 10, 23, 28, 4, 36, 34, 27, 35, 24, 21, 2, 20, 3, 1, 49, 43, 6, 22, 40, 19, 45, 16, 17, 26, 37, 30, 0, 8, 47, 48, 50, 32, 25, 46, 9, 42, 44, 13, 12, 7, 39, 51, 5, 14, 29, 41, 33, 15, 31},
	},
	{
		seed:  42,
		pool:  [4]uint32{0x631d3606, 0x7ae90ae, 0x6fc4be28, 0x2ced5c75},
		state: [4]uint64{0x9f1e2e6dcd540ab7, 0xd57873dc79fb94b6, 0x7d282a1b64d420b7, 0x336579714692d5ff},
		raw:   [3]uint64{14276969152011380360, 8095878257575067585, 15838336090824644132},
		perm:  []int{27, 7, 47, 38, 51, 17, 5, 49, 34, 23, 39, 29, 20, 18, 24, 37, 46, 41, 4, 25, 31, 26, 40, 9, 48, 21, 28, 42, 16, 44, 32, 15, 3, 30, 10, 45, 6, 11, 22, 19, 35, 0, 12, 43, 14, 50, 2, 36, 33, 1, 13, 8},
	},
	{
		seed:  1 << 32, // the first seed with two entropy words
		pool:  [4]uint32{0xe0f3eff2, 0xdccd2c4e, 0x17f18c20, 0x9b8cb8db},
		state: [4]uint64{0x50ff846cec53f444, 0x7a4918dbe8278562, 0x3bff9f6c362e2b19, 0xbdb177539a0654e3},
		raw:   [3]uint64{16412783775159424549, 10277383025879800780, 14774146505460541886},
		perm:  []int{9, 23, 22, 30, 43, 5, 42, 10, 21, 0, 49, 1, 46, 13, 26, 51, 15, 31, 27, 4, 16, 24, 11, 39, 20, 8, 35, 28, 17, 3, 33, 38, 36, 50, 47, 25, 19, 32, 14, 48, 2, 41, 29, 7, 45, 18, 44, 6, 40, 12, 34, 37},
	},
	{
		seed:  1<<63 - 1,
		pool:  [4]uint32{0x9e1e4c3, 0xc2124393, 0x2dc2f6ce, 0x2470a9a4},
		state: [4]uint64{0x7bddccf9b1009fe, 0x57427703c5f0b45b, 0xb9094b0b99e1a27f, 0x2b9a03bb82aca987},
		raw:   [3]uint64{3236778688619115796, 8668653565307110780, 15219254583519097992},
		perm:  []int{21, 16, 34, 42, 0, 39, 48, 9, 46, 18, 24, 23, 32, 30, 41, 47, 51, 25, 35, 2, 19, 31, 44, 43, 45, 1, 49, 27, 5, 36, 13, 26, 7, 3, 38, 10, 11, 37, 12, 28, 15, 29, 50, 4, 22, 33, 14, 6, 40, 8, 17, 20},
	},
}

func TestKnownAnswers(t *testing.T) {
	for _, k := range known {
		pool := Pool(Words(k.seed))
		assert.Equal(t, k.pool, pool, "pool of %d", k.seed)
		assert.Equal(t, k.state[:], GenerateState64(pool, 4), "state of %d", k.seed)
		p := NewPCG64(k.seed)
		for i, want := range k.raw {
			assert.Equal(t, want, p.Next64(), "raw word %d of %d", i, k.seed)
		}
		assert.Equal(t, k.perm, Permutation(k.seed, 52), "permutation of %d", k.seed)
	}
}

func TestWords(t *testing.T) {
	assert.Equal(t, []uint32{0}, Words(0))
	assert.Equal(t, []uint32{0xffffffff}, Words(1<<32-1))
	assert.Equal(t, []uint32{0, 1}, Words(1<<32))
	assert.Equal(t, []uint32{0xffffffff, 0x7fffffff}, Words(1<<63-1))
}

// The 32-bit buffer hands out the low half first, then the high half, and only
// then steps the generator again.
func TestNext32Buffer(t *testing.T) {
	a, b := NewPCG64(42), NewPCG64(42)
	for range 5 {
		w := a.Next64()
		assert.Equal(t, uint32(w), b.Next32())
		assert.Equal(t, uint32(w>>32), b.Next32())
	}
}

var sink int

// BenchmarkPermutation52 is the work NumPy does for
// default_rng(seed).permutation(52): seeding from a fresh seed and shuffling.
func BenchmarkPermutation52(b *testing.B) {
	var deck [52]int
	seed := uint64(1234567890123456789)
	for b.Loop() {
		PermutationInto(seed, deck[:])
		sink += deck[0]
		seed = (seed*6364136223846793005 + 1442695040888963407) >> 1
	}
}
