package strictjson_test

import (
	"encoding/json"
	"errors"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recordLimits is LIM-5's and REC-1's bounds for a record.
var recordLimits = strictjson.Limits{MaxBytes: 16 << 20, MaxDepth: 64, MaxValues: 1 << 20, MaxObjects: 1 << 16, Name: "record"}

// Every row of REF-2's table, worked out by hand: the offset counts bytes
// from 0, and the byte found there is named as REF-2 says.
func TestREF2Messages(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"a":1}`, ""},
		{"", `at offset 0: expected a value, found the end of the input`},
		{"\xef\xbb\xbf{}", `at offset 0: expected a value, found byte 0xEF`},
		{`{"a":}`, `at offset 5: expected a value, found "}"`},
		{`[1,]`, `at offset 3: expected a value, found "]"`},
		{`[`, `at offset 1: expected a value, found the end of the input`},
		{`{,}`, `at offset 1: expected a string key, found ","`},
		{`{"a":1,}`, `at offset 7: expected a string key, found "}"`},
		{`{1:2}`, `at offset 1: expected a string key, found "1"`},
		{`{"a"}`, `at offset 4: expected ':', found "}"`},
		{`{"a" 1}`, `at offset 5: expected ':', found "1"`},
		{`{"a":1 "b":2}`, `at offset 7: expected ',' or '}', found "\""`},
		{`{"a":1`, `at offset 6: expected ',' or '}', found the end of the input`},
		{`[1 2]`, `at offset 3: expected ',' or ']', found "2"`},
		{`[01]`, `at offset 2: expected ',' or ']', found "1"`},
		{`[-]`, `at offset 2: expected a digit, found "]"`},
		{`-`, `at offset 1: expected a digit, found the end of the input`},
		{`1.`, `at offset 2: expected a digit after '.', found the end of the input`},
		{`1.e5`, `at offset 2: expected a digit after '.', found "e"`},
		{`1e`, `at offset 2: expected a digit in the exponent, found the end of the input`},
		{`1e+x`, `at offset 3: expected a digit in the exponent, found "x"`},
		{`[1E-]`, `at offset 4: expected a digit in the exponent, found "]"`},
		{`tru`, `at offset 3: expected true, found the end of the input`},
		{`[trUe]`, `at offset 3: expected true, found "U"`},
		{`nul1`, `at offset 3: expected null, found "1"`},
		{`falsy`, `at offset 4: expected false, found "y"`},
		{"\"a\x01b\"", `at offset 2: expected a character of a string, found byte 0x01`},
		{"\"a\nb\"", `at offset 2: expected a character of a string, found byte 0x0A`},
		{`"abc`, `at offset 4: expected a character of a string, found the end of the input`},
		{"\"\xff", `at offset 2: expected a character of a string, found the end of the input`},
		{`"\x"`, `at offset 2: expected an escape (one of " \ / b f n r t u), found "x"`},
		{`"\`, `at offset 2: expected an escape (one of " \ / b f n r t u), found the end of the input`},
		{`"\u12"`, `at offset 5: expected four hex digits, found "\""`},
		{`"\uzzzz"`, `at offset 3: expected four hex digits, found "z"`},
		{`"\ud800\u12`, `at offset 11: expected four hex digits, found the end of the input`},
		{`{"a":1} {}`, `at offset 8: expected the end of the record, found "{"`},
		{`1 x`, `at offset 2: expected the end of the record, found "x"`},
		{"0\x80", `at offset 1: expected the end of the record, found byte 0x80`},
		{`{"a":1,"a":2}`, `at offset 7: duplicate key "a"`},
		{`{"a":{"b":1,"b":1}}`, `at offset 12: duplicate key "b"`},
		{`{"\u00e9":1,"é":2}`, `at offset 12: duplicate key "é"`},
		{"{\"\xe2\x82\":1,\"\xe2\":2}", ""}, // two U+FFFD and one (RUN-8): two keys
		{`{"\u001b[2K":1,"\u001b[2K":2}`, `at offset 15: duplicate key "\u{001B}[2K"`},
		{`{"` + strings.Repeat("k", 50) + `":1,"` + strings.Repeat("k", 50) + `":2}`, `at offset 56: duplicate key "` + strings.Repeat("k", 40) + `…"`},
		{`[{"a":1},{"a":1}]`, ""}, // the same key in two objects is fine
		{`  {"a":[1,2,3]}  `, ""},
		{`"\/\b\f\n\r\t\"\\"`, ""},
	} {
		_, err := strictjson.Parse([]byte(tc.in), recordLimits)
		if tc.want == "" {
			assert.NoError(t, err, "%q", tc.in)
			continue
		}
		var e *strictjson.Error
		if assert.True(t, errors.As(err, &e), "%q: %v", tc.in, err) {
			assert.Equal(t, tc.want, e.Error(), "%q", tc.in)
			assert.False(t, e.TooLarge, "%q", tc.in)
		}
	}
}

func TestNumbersKeepTheirText(t *testing.T) {
	v, err := strictjson.Parse([]byte(`{"seed":1234567890123456789,"f":6.0,"e":6e0}`), strictjson.Default)
	require.NoError(t, err)
	o := v.(strictjson.Object)
	assert.Equal(t, json.Number("1234567890123456789"), o["seed"])
	assert.True(t, strictjson.IsInteger(o["seed"].(json.Number)))
	assert.False(t, strictjson.IsInteger(o["f"].(json.Number)))
	assert.False(t, strictjson.IsInteger(o["e"].(json.Number)))
	assert.True(t, strictjson.IsInteger("-5"))
	assert.False(t, strictjson.IsInteger("-"))
}

// refusal parses in under lim and returns its refusal, which must be an *Error.
func refusal(t *testing.T, in string, lim strictjson.Limits) string {
	t.Helper()
	_, err := strictjson.Parse([]byte(in), lim)
	var e *strictjson.Error
	if !errors.As(err, &e) {
		t.Fatalf("%.60q: expected a refusal, found %v", in, err)
	}
	assert.Equal(t, e.TooLarge, errors.Is(err, strictjson.ErrTooLarge))
	return e.Error()
}

func TestDepth(t *testing.T) {
	_, err := strictjson.Parse([]byte(strings.Repeat("[", 32)+strings.Repeat("]", 32)), strictjson.Default)
	assert.NoError(t, err, "32 levels")
	assert.Equal(t, "at offset 32: nesting deeper than 32 levels", refusal(t, strings.Repeat("[", 33)+strings.Repeat("]", 33), strictjson.Default))
	assert.Equal(t, "at offset 64: nesting deeper than 64 levels", refusal(t, strings.Repeat(`[`, 64)+`{}`, recordLimits))
	_, err = strictjson.Parse([]byte(`"`+strings.Repeat("a", 100)+`"`), strictjson.Limits{MaxBytes: 50, MaxDepth: 4})
	assert.True(t, errors.Is(err, strictjson.ErrTooLarge))
}

// LIM-5 on small bounds, worked by hand: which value, object or member is
// the first past a bound, where it begins, and the order of the checks at
// one position.
func TestCounts(t *testing.T) {
	lim := strictjson.Limits{MaxDepth: 3, MaxValues: 4, MaxObjects: 3, Name: "record"}
	for _, tc := range []struct{ in, want string }{
		{`[1,2,3]`, ""}, // four values: the array and three numbers
		{`[1,2,3,4]`, "at offset 7: more than 4 values"},
		{`[1,2,3,x]`, `at offset 7: expected a value, found "x"`}, // no value begins at x
		{`[1,2,3,tru]`, "at offset 7: more than 4 values"},        // counted where it begins
		{`[1,2,3,"\x"]`, "at offset 7: more than 4 values"},
		// LIM-5: a value past the bound that never completes is refused
		// where it begins; within the bound it is a syntax error.
		{`[1,2,3,-x]`, "at offset 7: more than 4 values"},
		{`[1,2,3,"abc`, "at offset 7: more than 4 values"},
		{`[1,2,tru]`, `at offset 8: expected true, found "]"`},
		{`[1,2,-x]`, `at offset 6: expected a digit, found "x"`},
		{`[1,2,"abc`, "at offset 9: expected a character of a string, found the end of the input"},
		{`{"a":1,"b":2}`, ""}, // an object and two members
		{`{"a":{"b":1}}`, "at offset 6: more than 3 objects and members"},
		{`{"a":1,"b":2,"c":3}`, "at offset 13: more than 3 objects and members"},
		{`{"a":1,"b":2,"b":3}`, `at offset 13: duplicate key "b"`}, // the repeat before the count
		{`{"a":1,"b":2,"c" 3}`, "at offset 13: more than 3 objects and members"},
		{`[[[[1]]]]`, "at offset 3: nesting deeper than 3 levels"},
		{`[1,[[{}]]]`, "at offset 5: nesting deeper than 3 levels"}, // the depth before the values
		{`[1,2,[{}]]`, "at offset 6: more than 4 values"},
	} {
		_, err := strictjson.Parse([]byte(tc.in), lim)
		if tc.want == "" {
			assert.NoError(t, err, tc.in)
			continue
		}
		assert.Equal(t, tc.want, refusal(t, tc.in, lim), tc.in)
	}
	// The order at one position: the depth, then the values, then the objects.
	v := strictjson.Limits{MaxDepth: 2, MaxValues: 2, MaxObjects: 1}
	assert.Equal(t, "at offset 2: nesting deeper than 2 levels", refusal(t, `[[{}]]`, v))
	assert.Equal(t, "at offset 4: more than 2 values", refusal(t, `[[],{}]`, v))
	v.MaxValues = 3
	assert.Equal(t, "at offset 4: more than 1 objects and members", refusal(t, `[{},{}]`, v))
}

// The record's and the line's bounds, at their values: the last value,
// object or member within a bound is read, the next one refused where it
// begins.
func TestCountsAtTheBounds(t *testing.T) {
	for _, lim := range []strictjson.Limits{recordLimits, strictjson.Default} {
		in := "[" + strings.Repeat("0,", lim.MaxValues-2) + "0]" // the array and MaxValues-1 numbers
		_, err := strictjson.Parse([]byte(in), lim)
		assert.NoError(t, err)
		in = in[:len(in)-1] + ",0]"
		assert.Equal(t, "at offset "+itoa(len(in)-2)+": more than "+itoa(lim.MaxValues)+" values", refusal(t, in, lim))

		// An object with MaxObjects-1 members holds MaxObjects: one more member is over.
		var b strings.Builder
		b.WriteString("{")
		for k := 0; k < lim.MaxObjects-1; k++ {
			if k > 0 {
				b.WriteString(",")
			}
			b.WriteString(`"` + itoa(k) + `":0`)
		}
		_, err = strictjson.Parse([]byte(b.String()+"}"), lim)
		assert.NoError(t, err)
		at := b.Len() + 1
		assert.Equal(t, "at offset "+itoa(at)+": more than "+itoa(lim.MaxObjects)+" objects and members", refusal(t, b.String()+`,"x":0}`, lim))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// The hand-written parser accepts and decodes exactly what encoding/json does,
// on valid documents and on a corpus of near-misses.
func TestAgreesWithEncodingJSON(t *testing.T) {
	docs := []string{
		`{}`, `[]`, `0`, `-0`, `-1.5e+10`, `1E5`, `"a\"b\\c\/d\b\f\n\r\t"`, `"\u00e9\u20ac"`, `"\ud83d\ude00"`,
		`"\ud83d"`, `"\udc00x"`, `"caf\u00e9"`, "\"\xff\xfe\"", `[1,[2,[3]],{"a":null,"b":true,"c":false}]`,
		` { "a" : [ 1 , 2 ] } `, `01`, `1.`, `.5`, `+1`, `1e`, `-`, `[1,]`, `{"a":1,}`, `{,}`, `[`, `{"a"}`, `{"a":}`,
		`tru`, `nul`, `"abc`, "\"a\x01b\"", `"\x"`, `"\u12"`, `"\uzzzz"`, `[1 2]`, `{"a":1 "b":2}`, `{1:2}`,
		`NaN`, `Infinity`, `[-]`, `"\u0000"`, `123456789012345678901234567890`, `"\uD83D\uDE00"`, `"\uDEAD\uD83D\uDE00"`,
	}
	for _, d := range docs {
		var want any
		dec := json.NewDecoder(strings.NewReader(d))
		dec.UseNumber()
		wantErr := dec.Decode(&want)
		if wantErr == nil && dec.More() {
			wantErr = errors.New("trailing data")
		}
		got, err := strictjson.Parse([]byte(d), strictjson.Default)
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
		got, err := strictjson.Parse([]byte(d), strictjson.Default)
		require.NoError(t, err, d)
		assert.Equal(t, want, got, d)
	}
}

// REF-2's BYTE: printable ASCII quoted by TXT-2, anything else in hex.
func TestByte(t *testing.T) {
	for in, want := range map[string]string{"x": `"x"`, `"`: `"\""`, `\`: `"\\"`, " ": `" "`, "~": `"~"`,
		"\x7f": "byte 0x7F", "\x00": "byte 0x00", "\x1f": "byte 0x1F", "\xef": "byte 0xEF", "\x80": "byte 0x80"} {
		assert.Equal(t, want, strictjson.Byte([]byte(in), 0), "%q", in)
	}
	assert.Equal(t, "the end of the input", strictjson.Byte([]byte("ab"), 2))
}
