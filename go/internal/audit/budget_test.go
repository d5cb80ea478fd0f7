package audit

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/archive"
)

// runWith audits the archive at path with a budget it can inspect.
func runWith(t *testing.T, path string, opt Options) (*Summary, *budget) {
	t.Helper()
	admit := newBudget(opt.Budget)
	batches := make(chan *batch, 2*workers(opt))
	var readErr error
	go func() {
		out := &batcher{out: batches, admit: admit}
		defer close(batches)
		defer out.flush()
		readErr = readLines(path, out, opt, &Archive{}, &ShardInfo{}, new(int))
	}()
	s := judgeBatches(batches, admit, opt)
	require.NoError(t, readErr)
	return s, admit
}

// Records are admitted to the workers against the budget (LIM-3): with more
// workers than cores and lines of a quarter of a mebibyte, what is being read and judged
// at once never costs more than the budget, however many workers wait; the
// whole budget is given back; and small records still go many at a time.
func TestBudgetBoundsWhatIsInFlight(t *testing.T) {
	dir := t.TempDir()
	big := `{"scheme":"match_seed_v2","kind":"match","x":[` + strings.TrimSuffix(strings.Repeat("[0],", 1<<16), ",") + `]}`
	path := filepath.Join(dir, "big.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(strings.Repeat(big+"\n", 12)), 0o644))
	const size = 10 << 20 // one such line costs 4.25 MiB: two fit
	s, admit := runWith(t, path, Options{Workers: 8, Budget: size})
	assert.Equal(t, 12, s.Total)
	assert.Equal(t, 12, s.ByStatus[Unreadable])
	assert.LessOrEqual(t, admit.peak, int64(size))
	assert.GreaterOrEqual(t, admit.peak, 2*judgeCost(len(big)), "two lines in flight at once")
	assert.Equal(t, admit.size, admit.free, "every batch gives its cost back")

	// A line that costs more than the whole budget is judged alone.
	s, admit = runWith(t, path, Options{Workers: 8, Budget: 2 << 20})
	assert.Equal(t, 12, s.ByStatus[Unreadable])
	assert.Equal(t, int64(2<<20), admit.peak)
	assert.Equal(t, admit.size, admit.free)

	var buf bytes.Buffer
	require.NoError(t, archive.Generate(&buf, "selfpoker", 5000, 0))
	small := filepath.Join(dir, "small.jsonl")
	require.NoError(t, os.WriteFile(small, buf.Bytes(), 0o644))
	s, admit = runWith(t, small, Options{Workers: 8})
	assert.Equal(t, 5000, s.ByStatus[Verified])
	assert.Less(t, admit.peak, int64(DefaultBudget), "small records are not held back")
	assert.Equal(t, admit.size, admit.free)
}
