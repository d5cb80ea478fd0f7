package numpyrng

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The NumPy side of the cross-check: for each "seed n" line, the permutation
// NumPy itself computes, as one line of integers.
const numpyScript = `
import sys
import numpy as np
print("numpy", np.__version__, flush=True)
for line in sys.stdin:
    seed, n = (int(x) for x in line.split())
    print(" ".join(str(int(v)) for v in np.random.default_rng(seed).permutation(n)))
`

// TestAgainstNumPy runs NumPy on a few thousand seeds across [0, 2^64) and
// demands the same permutations. It needs PFKIT_PYTHON, a Python with NumPy;
// make test points it at the project's virtual environment.
func TestAgainstNumPy(t *testing.T) {
	py := os.Getenv("PFKIT_PYTHON")
	if py == "" {
		t.Skip("PFKIT_PYTHON is not set (make test sets it to python/.venv/bin/python)")
	}
	type job struct {
		seed uint64
		n    int
	}
	jobs := []job{{0, 52}, {1, 52}, {42, 52}, {1<<32 - 1, 52}, {1 << 32, 52}, {1<<63 - 1, 52}, {1<<64 - 1, 52}, {12345, 1000}, {1<<63 - 1, 1000}}
	r := rand.New(rand.NewPCG(2026, 11))
	for i := range 3000 {
		var seed uint64
		switch i % 3 {
		case 0:
			seed = r.Uint64() >> 1 // selfpoker's range, [0, 2^63)
		case 1:
			seed = uint64(r.Uint32()) // one entropy word
		default:
			seed = r.Uint64() >> uint(r.IntN(64)) // every bit length
		}
		jobs = append(jobs, job{seed, 52})
	}
	for range 100 {
		jobs = append(jobs, job{r.Uint64() >> 1, 1 + r.IntN(1000)})
	}
	var in bytes.Buffer
	for _, j := range jobs {
		fmt.Fprintf(&in, "%d %d\n", j.seed, j.n)
	}
	cmd := exec.Command(py, "-c", numpyScript)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "running NumPy with %s: %s", py, stderr.String())
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	require.True(t, sc.Scan())
	t.Logf("comparing %d permutations with %s", len(jobs), sc.Text())
	for _, j := range jobs {
		require.True(t, sc.Scan(), "NumPy stopped early")
		fields := strings.Fields(sc.Text())
		want := make([]int, len(fields))
		for i, f := range fields {
			want[i], _ = strconv.Atoi(f)
		}
		require.Equal(t, want, Permutation(j.seed, j.n), "default_rng(%d).permutation(%d)", j.seed, j.n)
	}
}
