package audit

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A sample of K of N shards holds each shard with probability K/N, so a
// forgery in one shard escapes with probability 1 - K/N: counted over many
// samples from a seeded source, within five standard deviations of the
// binomial count. Each sample is K distinct shards in increasing order.
func TestSampleIsUniform(t *testing.T) {
	const trials = 20000
	for _, tc := range []struct{ k, n int }{{1, 2}, {3, 10}, {5, 5}, {2, 1000}} {
		src := rand.NewChaCha8([32]byte{byte(tc.k), byte(tc.n)})
		hits := make([]int, tc.n+1)
		for range trials {
			got, err := sample(src, tc.k, tc.n)
			require.NoError(t, err)
			require.Len(t, got, tc.k)
			require.True(t, slices.IsSorted(got) && len(slices.Compact(slices.Clone(got))) == tc.k, "%v", got)
			for _, i := range got {
				hits[i]++
			}
		}
		p := float64(tc.k) / float64(tc.n)
		want, sd := trials*p, math.Sqrt(trials*p*(1-p))
		for i := 1; i <= tc.n; i++ {
			assert.InDelta(t, want, hits[i], 5*sd+1e-9, "shard %d of %d, %d sampled", i, tc.n, tc.k)
		}
		s := newSample([]int{1}, tc.n)
		assert.InDelta(t, 1-1/float64(tc.n), s.Escape, 1e-12)
	}
}

type failing struct{}

func (failing) Read([]byte) (int, error) { return 0, errors.New("no entropy") }

// A sample larger than the set, or a source that fails, is refused; a
// sample or a re-run needs the archive.
func TestSampleRefusals(t *testing.T) {
	_, err := sample(nil, 5, 4)
	assert.ErrorContains(t, err, "expected at most the 4 shards merged, found 5")
	_, err = sample(failing{}, 1, 4)
	assert.ErrorContains(t, err, "the random source failed: no entropy")
	for _, opt := range []MergeOptions{{Sample: 1}, {Rerun: []int{1}}, {Archive: "a", Rerun: []int{1}, Sample: 1}, {Archive: "a", Sample: -1}} {
		_, _, err := MergeChecked(nil, opt)
		assert.Error(t, err, "%+v", opt)
	}
}
