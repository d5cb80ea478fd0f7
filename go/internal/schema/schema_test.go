package schema

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/go/internal/strictjson"
)

// The date-time format is decided by the checker the caller passes, and by
// nothing else: the same session record is valid or not with the checker.
func TestDateTimeCheckerIsExplicit(t *testing.T) {
	_, err := Load(nil)
	require.Error(t, err, "a set without a date-time checker is refused")

	data, err := os.ReadFile(filepath.Join("..", "..", "..", "vectors", "records", "poker-session.json"))
	require.NoError(t, err)
	doc, err := strictjson.Parse(data, strictjson.Limits{MaxBytes: 1 << 24, MaxDepth: 64})
	require.NoError(t, err)

	var asked []string
	yes, err := Load(func(s string) bool { asked = append(asked, s); return true })
	require.NoError(t, err)
	require.NoError(t, yes.Validate("record_poker_session_v1.json", doc))
	assert.ElementsMatch(t, []string{"2026-11-29T20:00:00Z", "2026-11-29T20:41:07Z"}, asked, "both session times go to the checker")

	no, err := Load(func(string) bool { return false })
	require.NoError(t, err)
	err = no.Validate("record_poker_session_v1.json", doc)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "/opened")
	assert.Contains(t, yes.Names(), "record_poker_session_v1.json")
}
