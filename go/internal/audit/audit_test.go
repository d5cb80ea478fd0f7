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
	"github.com/pfkit/pfkit/v2/go/internal/record"
)

// An archive with tampered records, a broken line, an over-long line and a
// legacy record: every record is judged, in order, and the run never stops.
func TestAuditFindsEveryProblem(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, archive.Generate(&buf, "mixed", 400, 50))
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	lines[10] = `{"scheme": "selfpoker_v1", "kind": `                                                 // truncated
	lines[20] = `{"scheme":"match_seed_v1","kind":"match"}`                                           // legacy
	lines[30] = `{"scheme":"selfpoker_v1","kind":"hand_end","x":"` + strings.Repeat("y", 3000) + `"}` // too long
	path := filepath.Join(t.TempDir(), "a.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n\n"), 0o644))
	var order []int
	s, err := Run(path, Options{Workers: 3, MaxLine: 2000, Each: func(o Outcome) { order = append(order, o.Seq) }})
	require.NoError(t, err)
	assert.Equal(t, 400, s.Total)
	// 400/50 = 8 tampered records, none of them on the three edited lines.
	assert.Equal(t, 8, s.ByStatus[Failed])
	assert.Equal(t, 2, s.ByStatus[Unreadable])
	assert.Equal(t, 1, s.ByStatus[Unspecified])
	assert.Equal(t, 389, s.ByStatus[Verified])
	for i, seq := range order {
		require.Equal(t, i, seq, "outcomes come back in archive order")
	}
	assert.Equal(t, "line 11", s.Examples[0].Where)
	assert.Equal(t, "line 31", s.Examples[2].Where)
	assert.Contains(t, s.Examples[2].Reason, "input_too_large", "the long line is refused for its length, unread")
	assert.Equal(t, 1, record.ExitCode(s.ByStatus))
}

// The record limit applies to a line without the white space around it
// (AUD-1, as RUN-1): a record of exactly 16 MiB verifies whether its line
// ends in LF or CRLF, and one byte more is input_too_large; the same at a
// small limit, where a line fits in one read.
func TestLineLimitAfterTrimming(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, archive.Generate(&buf, "selfpoker", 1, 0))
	rec := strings.TrimSpace(buf.String())
	pad := func(n int) string { return rec[:len(rec)-1] + strings.Repeat(" ", n-len(rec)) + "}" }
	for _, max := range []int{record.Limits.MaxBytes, 2000} {
		at, over := pad(max), pad(max+1)
		require.Len(t, at, max)
		input := at + "\n" + at + "\r\n" + " \t" + at + " \r\n" + over + "\n" + over + "\r\n" + at
		path := filepath.Join(t.TempDir(), "a.jsonl")
		require.NoError(t, os.WriteFile(path, []byte(input), 0o644))
		var got []string
		opt := Options{MaxLine: max, Each: func(o Outcome) { got = append(got, o.Status) }}
		if max == record.Limits.MaxBytes {
			opt.MaxLine = 0 // the default is the record limit
		}
		_, err := Run(path, opt)
		require.NoError(t, err)
		assert.Equal(t, []string{Verified, Verified, Verified, Unreadable, Unreadable, Verified}, got, "limit %d", max)
	}
}

// Verified records counted in runs of one kind (addInRun) give the summary
// that adding each outcome gives: a mixed archive with tampered records, its
// kinds interleaved, summed both ways.
func TestRunsCountAsEachRecord(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, archive.Generate(&buf, "mixed", 300, 7))
	items := make(chan Item)
	go func() {
		for i, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
			items <- Item{Seq: i, Line: i + 1, Data: []byte(l)}
		}
		close(items)
	}()
	each := newSummary()
	s := Stream(items, Options{Workers: 2, Each: func(o Outcome) { each.add(o) }})
	assert.Equal(t, each, s)
	assert.Len(t, s.ByKind, 3, "selfpoker hands, matches (bridge and backgammon) and chess games")
	assert.Equal(t, 300/7, s.ByStatus[Failed])
}
