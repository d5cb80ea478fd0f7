package strictjson

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in      string
		wantErr string
	}{
		{`{"a":1}`, ""},
		{`{"a":1,"a":2}`, "duplicate key"},
		{`{"a":{"b":1,"b":1}}`, "duplicate key"},
		{`[{"a":1},{"a":1}]`, ""}, // the same key in two objects is fine
		{`{"a":1} {}`, "after the JSON value"},
		{`{"a":`, "unexpected"},
		{``, "unexpected end"},
		{`  {"a":[1,2,3]}  `, ""},
	} {
		_, err := Parse([]byte(tc.in), Default)
		if tc.wantErr == "" {
			assert.NoError(t, err, tc.in)
		} else if assert.Error(t, err, tc.in) {
			assert.Contains(t, err.Error(), tc.wantErr, tc.in)
		}
	}
}

func TestNumbersKeepTheirText(t *testing.T) {
	v, err := Parse([]byte(`{"seed":1234567890123456789,"f":6.0,"e":6e0}`), Default)
	require.NoError(t, err)
	o := v.(Object)
	assert.Equal(t, json.Number("1234567890123456789"), o["seed"])
	assert.True(t, IsInteger(o["seed"].(json.Number)))
	assert.False(t, IsInteger(o["f"].(json.Number)))
	assert.False(t, IsInteger(o["e"].(json.Number)))
	assert.True(t, IsInteger("-5"))
	assert.False(t, IsInteger("-"))
}

func TestLimits(t *testing.T) {
	_, err := Parse([]byte(strings.Repeat("[", 33)+strings.Repeat("]", 33)), Default)
	assert.True(t, errors.Is(err, ErrTooLarge), "33 levels: %v", err)
	_, err = Parse([]byte(strings.Repeat("[", 32)+strings.Repeat("]", 32)), Default)
	assert.NoError(t, err, "32 levels")
	_, err = Parse([]byte(`"`+strings.Repeat("a", 100)+`"`), Limits{MaxBytes: 50, MaxDepth: 4})
	assert.True(t, errors.Is(err, ErrTooLarge))
}
