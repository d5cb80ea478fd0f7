package stats

import (
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/match"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

// Every uniformity test below passes when its p-value is above Alpha. For a
// correct implementation each test fails with probability Alpha over the
// choice of seeds; the seeds are fixed, so a run is reproducible, and with
// about ten tests the chance that correct code was ever flagged is below 1e-5.
const Alpha = 1e-6

func TestGammaQAgainstKnownValues(t *testing.T) {
	// Q(k/2, x/2) for chi-square with k degrees of freedom at its tabulated
	// critical values: 3.841 (k=1, p=0.05), 11.070 (k=5, p=0.05),
	// 35.172 (k=23, p=0.05), 49.728 (k=23, p=0.001).
	for _, tc := range []struct{ k, x, p float64 }{{1, 3.841, 0.05}, {5, 11.070, 0.05}, {23, 35.172, 0.05}, {23, 49.728, 0.001}} {
		assert.InDelta(t, tc.p, GammaQ(tc.k/2, tc.x/2), tc.p*0.01, "k=%v x=%v", tc.k, tc.x)
	}
	_, p := BinomialZ(500, 1000, 0.5)
	assert.InDelta(t, 1, p, 1e-9)
	z, _ := BinomialZ(600, 1000, 0.5)
	assert.InDelta(t, 200/math.Sqrt(1000), z, 1e-9)
}

// factorial-base index of a permutation of 0..3, in 0..23.
func ordering(p []int) int {
	idx := 0
	for i := range p {
		smaller := 0
		for j := i + 1; j < len(p); j++ {
			if p[j] < p[i] {
				smaller++
			}
		}
		idx = idx*(len(p)-i) + smaller
	}
	return idx
}

const seed = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

// shuffles4 shuffles [0,1,2,3] once in each of n matches, with shuffle, and
// counts the 24 orderings.
func shuffles4(t *testing.T, n int, shuffle func(stream.Sampler, []int) error) []int {
	counts := make([]int, 24)
	for i := range n {
		s := stream.New(seed, stream.MatchPrefix("stats", "m"+strconv.Itoa(i), []string{"a", "b", "c", "d"}))
		a := []int{0, 1, 2, 3}
		require.NoError(t, shuffle(stream.Sampler{Src: s}, a))
		counts[ordering(a)]++
	}
	return counts
}

func TestAll24OrderingsEquallyLikely(t *testing.T) {
	stat, p := ChiSquareUniform(shuffles4(t, 120000, stream.Shuffle[int]))
	t.Logf("Fisher-Yates: chi-square %.1f on 23 degrees of freedom, p = %.3g", stat, p)
	assert.Greater(t, p, Alpha)
}

// Sattolo's variant (j = int(i) instead of int(i+1)) only makes cyclic
// permutations: 6 of the 24 orderings. The same test must catch it.
func TestCatchesSattolo(t *testing.T) {
	sattolo := func(s stream.Sampler, a []int) error {
		for i := len(a) - 1; i > 0; i-- {
			j, err := s.Int(uint64(i))
			if err != nil {
				return err
			}
			a[i], a[j] = a[j], a[i]
		}
		return nil
	}
	_, p := ChiSquareUniform(shuffles4(t, 24000, sattolo))
	assert.Less(t, p, Alpha, "a Sattolo shuffle must be flagged")
}

func TestDiceUniform(t *testing.T) {
	counts := make([]int, 6)
	s := stream.Sampler{Src: stream.New(seed, stream.MatchPrefix("backgammon", "dice", []string{"a", "b"}))}
	for range 600000 {
		d, err := s.Int(6)
		require.NoError(t, err)
		counts[d]++
	}
	stat, p := ChiSquareUniform(counts)
	t.Logf("dice %v: chi-square %.2f, p = %.3g", counts, stat, p)
	assert.Greater(t, p, Alpha)
}

func TestSeatOrderUniform(t *testing.T) {
	two := make([]int, 2)
	four := make([]int, 24)
	for i := range 60000 {
		m, err := match.NewMatch(seed, "checkers", "s"+strconv.Itoa(i), []string{"a", "b"})
		require.NoError(t, err)
		two[m.Seats()[0]]++
		m, err = match.NewMatch(seed, "bridge", "s"+strconv.Itoa(i), []string{"a", "b", "c", "d"})
		require.NoError(t, err)
		four[ordering(m.Seats())]++
	}
	_, p2 := ChiSquareUniform(two)
	_, p4 := ChiSquareUniform(four)
	t.Logf("who moves first %v: p = %.3g; four seats: p = %.3g", two, p2, p4)
	assert.Greater(t, p2, Alpha)
	assert.Greater(t, p4, Alpha)
}

// The rejection rate of int(n) is (2^52 mod n) / 2^52: near 1/2 just above
// 2^51 and exactly 1/4 for 3*2^50. Counting discarded words over many draws
// checks the limit where it matters most.
func TestRejectionRateMatchesTheory(t *testing.T) {
	for _, n := range []uint64{1<<51 + 1, 1<<51 + 12345, 3 << 50} {
		q := float64(stream.Span-stream.Limit(n)) / float64(stream.Span)
		rejected, words := 0, 0
		s := stream.Sampler{
			Src: stream.New(seed, stream.MatchPrefix("stats", "reject-"+strconv.FormatUint(n, 10), []string{"a"})),
			OnDraw: func(_, _, _ uint64, kept bool) {
				words++
				if !kept {
					rejected++
				}
			},
		}
		for range 100000 {
			_, err := s.Int(n)
			require.NoError(t, err)
		}
		z, p := BinomialZ(rejected, words, q)
		t.Logf("n=%d: %d of %d words discarded, theory %.6f, z = %.2f, p = %.3g", n, rejected, words, q, z, p)
		assert.Greater(t, p, Alpha)
	}
}

// bitsSampler is int(n) over words of only `bits` bits (the top bits of the
// stream's words), with the limit computed by limit. At 52 bits a modulo bias
// is about n/2^52 and beyond any sample; at 8 bits the same mistakes are
// plain, which shows what the chi-square test catches.
func bitsSampler(src stream.Source, bits uint, n uint64, limit func(span, n uint64) uint64) uint64 {
	span := uint64(1) << bits
	for {
		w, _ := src.Next()
		w >>= stream.WordBits - bits
		if w < limit(span, n) {
			return w % n
		}
	}
}

func TestCatchesModuloBiasAndAnOffByOneLimit(t *testing.T) {
	draw := func(limit func(span, n uint64) uint64) []int {
		counts := make([]int, 6)
		src := stream.New(seed, stream.MatchPrefix("stats", "bias", []string{"a"}))
		for range 1000000 {
			counts[bitsSampler(src, 8, 6, limit)]++
		}
		return counts
	}
	right := func(span, n uint64) uint64 { return span - span%n }
	_, p := ChiSquareUniform(draw(right))
	assert.Greater(t, p, Alpha, "the correct limit over 8-bit words is uniform")
	noRejection := func(span, _ uint64) uint64 { return span }
	_, p = ChiSquareUniform(draw(noRejection))
	assert.Less(t, p, Alpha, "w %% n with no rejection must be flagged")
	offByOne := func(span, n uint64) uint64 { return span - span%n + 1 }
	_, p = ChiSquareUniform(draw(offByOne))
	assert.Less(t, p, Alpha, "keeping the word equal to the limit must be flagged")
}
