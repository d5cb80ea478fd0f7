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

// The hand-written parser accepts and decodes exactly what encoding/json does,
// on valid documents and on a corpus of near-misses.
func TestAgreesWithEncodingJSON(t *testing.T) {
	docs := []string{
		`{}`, `[]`, `0`, `-0`, `-1.5e+10`, `1E5`, `"a\"b\\c\/d\b\f\n\r\t"`, `"\u00e9\u20ac"`, `"\ud83d\ude00"`,
		`"\ud83d"`, `"\udc00x"`, `"caf\u00e9"`, "\"\xff\xfe\"", `[1,[2,[3]],{"a":null,"b":true,"c":false}]`,
		` { "a" : [ 1 , 2 ] } `, `01`, `1.`, `.5`, `+1`, `1e`, `-`, `[1,]`, `{"a":1,}`, `{,}`, `[`, `{"a"}`, `{"a":}`,
		`tru`, `nul`, `"abc`, "\"a\x01b\"", `"\x"`, `"\u12"`, `"\uzzzz"`, `[1 2]`, `{"a":1 "b":2}`, `{1:2}`,
		`NaN`, `Infinity`, `[-]`, `"\u0000"`, `123456789012345678901234567890`,
	}
	for _, d := range docs {
		var want any
		dec := json.NewDecoder(strings.NewReader(d))
		dec.UseNumber()
		wantErr := dec.Decode(&want)
		if wantErr == nil && dec.More() {
			wantErr = errors.New("trailing data")
		}
		got, err := Parse([]byte(d), Default)
		if wantErr != nil {
			assert.Error(t, err, "%q: encoding/json refuses it (%v)", d, wantErr)
			continue
		}
		if assert.NoError(t, err, "%q", d) {
			assert.Equal(t, want, got, "%q", d)
		}
	}
}

// Short strings come from a table; the table must not change what is read.
func TestShortStrings(t *testing.T) {
	for _, d := range []string{`["","b"]`, `["","",""]`, `["a","bc","def",""]`, `["\"",""]`, `["\\",""]`, `["a\"","b"]`, `{"a":"","b":"x"}`, `[" ","  "]`, `["é",""]`} {
		var want any
		require.NoError(t, json.Unmarshal([]byte(d), &want), d)
		got, err := Parse([]byte(d), Default)
		require.NoError(t, err, d)
		assert.Equal(t, want, got, d)
	}
}
