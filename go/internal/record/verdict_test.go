package record

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
)

// Decision D-21: a failed check outranks an unreadable record, which outranks
// an unspecified scheme.
func TestExitCodePrecedence(t *testing.T) {
	for _, c := range []struct {
		counts map[string]int
		want   int
	}{
		{map[string]int{}, 0},
		{map[string]int{Verified: 3}, 0},
		{map[string]int{Verified: 3, StatusUnspecified: 1}, 3},
		{map[string]int{StatusUnspecified: 1, StatusUnreadable: 1}, 2},
		{map[string]int{StatusUnreadable: 1, Failed: 1}, 1},
		{map[string]int{StatusUnspecified: 2, StatusUnreadable: 1, Failed: 1, Verified: 5}, 1},
	} {
		assert.Equal(t, c.want, ExitCode(c.counts), "%v", c.counts)
	}
}

// One example record of each verdict, as vectors/records-index.json lists it.
func TestJudgeGivesEachVerdict(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "vectors", "records")
	for _, c := range []struct {
		file   string
		status string
		code   errcode.Code
	}{
		{"bridge.json", Verified, ""},
		{"bridge.tampered.json", Failed, ""},
		{"broken-truncated.json", StatusUnreadable, errcode.MalformedRequest},
		{"broken-schema.json", StatusUnreadable, errcode.InvalidRecord},
		{"legacy-v1.json", StatusUnspecified, errcode.SchemeUnspecified},
	} {
		data, err := os.ReadFile(filepath.Join(dir, c.file))
		require.NoError(t, err)
		v := Judge(data)
		assert.Equal(t, c.status, v.Status, c.file)
		assert.Equal(t, c.code, v.Code, c.file)
		assert.Equal(t, v.Report == nil, v.Reason() != "", c.file)
		if v.Report != nil {
			assert.Equal(t, v.Status, v.Report.Status, c.file)
		}
	}
	assert.Equal(t, "match_seed_v1", Judge([]byte(`{"scheme":"match_seed_v1","kind":"match"}`)).Scheme)
}
