package canon

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each expected text is written out by hand from the rules in the package
// comment and VEC-3: keys sorted by byte value, no whitespace, numbers as
// written, only '"', '\\' and control characters escaped.
func TestCompact(t *testing.T) {
	cases := []struct {
		name string
		in   any
		want string
	}{
		{"keys sorted by byte value", map[string]any{"b": true, "a": nil, "B": false, "é": "x"}, `{"B":false,"a":null,"b":true,"é":"x"}`},
		{"nested arrays and objects", []any{map[string]any{"z": []any{}, "y": map[string]any{}}, "s"}, `[{"y":{},"z":[]},"s"]`},
		{"numbers as written", []any{json.Number("1e3"), json.Number("-0"), json.Number("12345678901234567890")}, `[1e3,-0,12345678901234567890]`},
		{"quote, backslash and controls escaped", "a\"b\\c\n\x01\x1f", `"a\"b\\c\u000a\u0001\u001f"`},
		{"DEL, non-ASCII and U+2028 as they are", "\x7f€\u2028", "\"\x7f€\u2028\""},
		{"a struct by its JSON names", struct {
			Z int    `json:"z"`
			A string `json:"a"`
		}{1, "x"}, `{"a":"x","z":1}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Compact(c.in)
			require.NoError(t, err)
			assert.Equal(t, c.want, string(got))
		})
	}
}

type layout struct {
	Name  string         `json:"name"`
	Deck  []int          `json:"deck"`
	Short map[string]int `json:"short"`
	Long  []string       `json:"long"`
}

func TestPretty(t *testing.T) {
	v := layout{
		Name:  "n",
		Deck:  []int{3, 1, 2, 0, 5, 4, 7, 6, 9, 8, 11, 10},
		Short: map[string]int{"b": 2, "a": 1},
		Long:  []string{"aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc"},
	}
	// Width 40: the struct's order is kept, maps sorted, arrays of numbers
	// on one line whatever their length, and what does not fit broken up.
	want := `{
  "name": "n",
  "deck": [3, 1, 2, 0, 5, 4, 7, 6, 9, 8, 11, 10],
  "short": {"a": 1, "b": 2},
  "long": [
    "aaaaaaaaaa",
    "bbbbbbbbbb",
    "cccccccccc"
  ]
}
`
	got, err := Pretty(v, 40)
	require.NoError(t, err)
	assert.Equal(t, want, string(got))

	got, err = Pretty(v, 200)
	require.NoError(t, err)
	assert.Equal(t, `{"name": "n", "deck": [3, 1, 2, 0, 5, 4, 7, 6, 9, 8, 11, 10], "short": {"a": 1, "b": 2}, "long": ["aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc"]}`+"\n", string(got))
}

func TestPrettyOrdered(t *testing.T) {
	v := map[string]any{"output": 1, "id": 2, "comment": "c", "input": 3}
	got, err := PrettyOrdered(v, 10, []string{"id", "comment"})
	require.NoError(t, err)
	assert.Equal(t, "{\n  \"id\": 2,\n  \"comment\": \"c\",\n  \"input\": 3,\n  \"output\": 1\n}\n", string(got))
}
