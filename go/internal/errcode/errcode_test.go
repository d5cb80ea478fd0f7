package errcode

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const root = "../../.."

// specCodes reads the codes of the spec's section 11 table, in order.
func specCodes(t *testing.T) []Code {
	data, err := os.ReadFile(filepath.Join(root, "spec", "pfkit.md"))
	require.NoError(t, err)
	section := regexp.MustCompile(`(?s)\n## 11\. Error codes\n(.*?)\n## `).FindSubmatch(data)
	require.NotNil(t, section, "spec/pfkit.md has no section 11")
	var codes []Code
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\|").FindAllSubmatch(section[1], -1) {
		codes = append(codes, Code(m[1]))
	}
	return codes
}

// The codes here, and the enums of every schema that lists them, are the
// spec's table, in its order.
func TestCodesAreTheSpecTable(t *testing.T) {
	want := specCodes(t)
	require.Contains(t, want, FileUnreadable)
	assert.Equal(t, want, All)
	for _, name := range []string{"protocol_v1.json", "response_v1.json", "vectors_v1.json"} {
		data, err := os.ReadFile(filepath.Join(root, "spec", "schemas", name))
		require.NoError(t, err)
		var doc any
		require.NoError(t, json.Unmarshal(data, &doc))
		enum := findEnum(doc, "malformed_request")
		require.NotNil(t, enum, name)
		var got []Code
		for _, c := range enum {
			got = append(got, Code(c.(string)))
		}
		assert.Equal(t, want, got, name)
	}
}

// findEnum returns the first enum in a schema that holds value.
func findEnum(v any, value string) []any {
	switch x := v.(type) {
	case map[string]any:
		if e, ok := x["enum"].([]any); ok {
			for _, s := range e {
				if s == value {
					return e
				}
			}
		}
		for _, c := range x {
			if e := findEnum(c, value); e != nil {
				return e
			}
		}
	case []any:
		for _, c := range x {
			if e := findEnum(c, value); e != nil {
				return e
			}
		}
	}
	return nil
}

func TestFileNamesTheCause(t *testing.T) {
	_, err := os.Open(filepath.Join(t.TempDir(), "absent.json"))
	e := File(err)
	assert.Equal(t, FileUnreadable, e.Code)
	assert.Equal(t, "cannot read the file: no such file or directory", e.Message)
}

// Each code carries the spec table's meaning, without Markdown's backticks.
func TestMeaning(t *testing.T) {
	assert.Equal(t, "the match op was given a game it does not map (MS2-5)", UnknownGame.Meaning())
	for _, c := range All {
		assert.NotEmpty(t, c.Meaning(), c)
	}
	assert.Empty(t, Code("nope").Meaning())
}
