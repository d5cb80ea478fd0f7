package numpyrng

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The trace's permutation is the permutation, and its draws say what they
// claim: each value is the word under the mask, kept exactly when it is at most
// the bound, taken from the low half of a fresh output or the high half of the
// one before.
func TestTraceIsThePermutation(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 8))
	seeds := []uint64{0, 1, 5, 42, 1<<32 - 1, 1 << 32, 1<<63 - 1}
	for range 200 {
		seeds = append(seeds, r.Uint64()>>1)
	}
	for i, seed := range seeds {
		n := []int{1, 2, 3, 52, 257, 1000}[i%6]
		tr := TracePermutation(seed, n)
		require.Equal(t, Permutation(seed, n), tr.Permutation, "seed %d n %d", seed, n)
		require.Equal(t, Words(seed), tr.SeedWords)
		next := n - 1
		var prev *Draw
		for k := range tr.Draws {
			d := &tr.Draws[k]
			require.Equal(t, uint32(next), d.Max, "draws come for i from n-1 down to 1")
			require.Equal(t, d.Word&d.Mask, d.Value)
			require.Equal(t, d.Value <= d.Max, d.Accepted)
			require.GreaterOrEqual(t, d.Mask, d.Max)
			require.Less(t, d.Mask>>1, d.Max, "the smallest all-ones mask covering max")
			if d.High {
				require.NotNil(t, prev, "the first draw takes a fresh output")
				require.False(t, prev.High, "a high half follows a low half")
				require.Equal(t, prev.Output, d.Output)
				require.Equal(t, uint32(d.Output>>32), d.Word)
			} else {
				require.Equal(t, uint32(d.Output), d.Word)
			}
			if d.Accepted {
				next--
			}
			prev = d
		}
		require.Equal(t, 0, next, "one accepted draw for each i")
	}
	assert.Empty(t, TracePermutation(7, 1).Draws, "permutation(1) draws nothing")
}

// A rejection shows in the trace: for seed 18, permutation(3) draws a 3 under
// mask 3 three times, once from a buffered high half (the permutation vector's
// case); seed 5 draws none.
func TestTraceShowsRejections(t *testing.T) {
	for _, d := range TracePermutation(5, 3).Draws {
		assert.True(t, d.Accepted)
	}
	rejected := 0
	for _, d := range TracePermutation(18, 3).Draws {
		if !d.Accepted {
			rejected++
			assert.Equal(t, uint32(3), d.Value)
		}
	}
	assert.Equal(t, 3, rejected)
}

// Each stage against NumPy itself: SeedSequence(seed).pool, its
// generate_state(4, uint64), PCG64(seed).state and the raw 64-bit outputs
// (bit_generator.random_raw), one per low-half draw.
const numpyStagesScript = `
import sys
import numpy as np
for line in sys.stdin:
    seed, k = (int(x) for x in line.split())
    ss = np.random.SeedSequence(seed)
    st = np.random.PCG64(seed).state["state"]
    raw = np.random.PCG64(seed).random_raw(k) if k else []
    print(" ".join(str(int(v)) for v in ss.pool), "|",
          " ".join("%016x" % int(v) for v in ss.generate_state(4, np.uint64)), "|",
          "%032x %032x" % (st["state"], st["inc"]), "|",
          " ".join("%016x" % int(v) for v in raw))
`

func TestTraceAgainstNumPy(t *testing.T) {
	py := os.Getenv("PFKIT_PYTHON")
	if py == "" {
		t.Skip("PFKIT_PYTHON is not set (make test sets it to python/.venv/bin/python)")
	}
	r := rand.New(rand.NewPCG(2026, 12))
	type job struct {
		seed uint64
		n    int
	}
	jobs := []job{{0, 52}, {42, 52}, {5, 3}, {1<<32 - 1, 10}, {1 << 32, 10}, {1<<63 - 1, 257}}
	for range 50 {
		jobs = append(jobs, job{r.Uint64() >> 1, 1 + r.IntN(300)})
	}
	traces := make([]Trace, len(jobs))
	var in bytes.Buffer
	for i, j := range jobs {
		traces[i] = TracePermutation(j.seed, j.n)
		fmt.Fprintf(&in, "%d %d\n", j.seed, len(lowOutputs(traces[i])))
	}
	cmd := exec.Command(py, "-c", numpyStagesScript)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "running NumPy with %s: %s", py, stderr.String())
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	require.Len(t, lines, len(jobs))
	for i, j := range jobs {
		parts := strings.Split(lines[i], "|")
		require.Len(t, parts, 4)
		tr := traces[i]
		var pool []string
		for _, w := range tr.Pool {
			pool = append(pool, strconv.FormatUint(uint64(w), 10))
		}
		assert.Equal(t, strings.Fields(parts[0]), pool, "seed %d: pool", j.seed)
		var sw []string
		for _, w := range tr.StateWords {
			sw = append(sw, fmt.Sprintf("%016x", w))
		}
		assert.Equal(t, strings.Fields(parts[1]), sw, "seed %d: generate_state", j.seed)
		assert.Equal(t, strings.Fields(parts[2]), []string{
			fmt.Sprintf("%016x%016x", tr.State[0], tr.State[1]), fmt.Sprintf("%016x%016x", tr.Inc[0], tr.Inc[1]),
		}, "seed %d: PCG64 state and inc", j.seed)
		var raw []string
		for _, o := range lowOutputs(tr) {
			raw = append(raw, fmt.Sprintf("%016x", o))
		}
		assert.Equal(t, strings.Fields(parts[3]), raw, "seed %d: raw outputs", j.seed)
	}
}

func lowOutputs(t Trace) []uint64 {
	var out []uint64
	for _, d := range t.Draws {
		if !d.High {
			out = append(out, d.Output)
		}
	}
	return out
}
