package recordschema

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dateTime stands in for the record package's RFC 3339 reader: the grammar of
// RFC 3339 section 5.6, the same for the kit's check and the library's.
var dateTime = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$`).MatchString

func decode(t testing.TB, s string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	require.NoError(t, dec.Decode(&v), s)
	return v
}

func checkWith(t *testing.T, schema, doc string) string {
	t.Helper()
	s, err := Compile("t.json", []byte(schema), dateTime)
	require.NoError(t, err, schema)
	if bad := s.Check(decode(t, doc)); bad != nil {
		return bad.Error()
	}
	return ""
}

// SCH-2's table, each row on a small schema, worked by hand.
func TestComplaints(t *testing.T) {
	long := strings.Repeat("x", 45)
	for _, tc := range []struct{ schema, doc, want string }{
		{`{"type":"string"}`, `5`, `the record: expected a string, found an integer`},
		{`{"type":["null","string"]}`, `1`, `the record: expected null or a string, found an integer`},
		{`{"type":["string","integer"]}`, `true`, `the record: expected a string or an integer, found a boolean`},
		{`{"type":"object"}`, `[]`, `the record: expected an object, found an array`},
		{`{"type":"array"}`, `null`, `the record: expected an array, found null`},
		{`{"const":"match"}`, `"x"`, `the record: expected "match", found "x"`},
		{`{"const":"-"}`, `{}`, `the record: expected "-", found an object`},
		{`{"enum":["a","b"]}`, `[1]`, `the record: expected one of "a", "b", found an array`},
		{`{"enum":[1,0]}`, `2`, `the record: expected one of 1, 0, found 2`},
		{`{"enum":[1,0]}`, `-0`, ``}, // -0 is 0
		{`{"enum":[1,0]}`, `"1"`, `the record: expected one of 1, 0, found "1"`},
		{`{"pattern":"^[a-f]{2}$"}`, `"abc"`, `the record: expected a string of the form the schema sets, found "abc"`},
		{`{"pattern":"^[a-f]{2}$"}`, `"ab\n"`, `the record: expected a string of the form the schema sets, found "ab\u{000A}"`}, // $ is the end
		{`{"pattern":"^a$"}`, `5`, ``},   // a pattern says nothing of a number
		{`{"pattern":"b"}`, `"abc"`, ``}, // searched for, not anchored
		{`{"format":"date-time"}`, `"2026-11-29 20:00:00Z"`, `the record: expected a date and time as RFC 3339 writes them (2026-11-30T20:00:00Z), found "2026-11-29 20:00:00Z"`},
		{`{"minimum":0,"maximum":3}`, `-1`, `the record: expected at least 0, found -1`},
		{`{"minimum":0,"maximum":3}`, `4`, `the record: expected at most 3, found 4`},
		{`{"minimum":0,"maximum":3}`, `-0`, ``},
		{`{"minimum":1}`, `-` + strings.Repeat("9", 50), `the record: expected at least 1, found -` + strings.Repeat("9", 39) + `…`},
		{`{"maximum":500}`, `501`, `the record: expected at most 500, found 501`},
		{`{"maximum":500}`, `499`, ``},
		{`{"minItems":2,"maxItems":3}`, `[1]`, `the record: expected at least 2 entries, found 1`},
		{`{"minItems":2,"maxItems":3}`, `[1,2,3,4]`, `the record: expected at most 3 entries, found 4`},
		{`{"required":["b","a"]}`, `{}`, `the record: "b" is missing`},
		{`{"properties":{"a":{}},"additionalProperties":false}`, `{"z":1,"é":1,"B":1,"a":1}`, `the record: "B" is not a field of this record`},
		{`{"properties":{"a":false}}`, `{"a":1}`, `the record holds "a", which its other fields rule out`},
		{`{"properties":{"a":false}}`, `{"b":1}`, ``},
		{`{"properties":{"a":{"items":{"properties":{"b/c":{"type":"string"}}}}}}`, `{"a":[{},{"b/c":1}]}`, `"b/c" of entry 2 of "a" (/a/1/b~1c): expected a string, found an integer`},
		{`{"properties":{"a":{"required":["x"]}}}`, `{"a":{}}`, `"a" (/a): "x" is missing`},
		{`{"type":"string"}`, `"` + long + `"`, ``},
		{`{"const":"y"}`, `"` + long + `"`, `the record: expected "y", found "` + long[:40] + `…"`},
		{`{"additionalProperties":false}`, `{"` + long + `":1}`, `the record: "` + long[:40] + `…" is not a field of this record`},
		{`{"properties":{"` + long + `":{"items":{"type":"null"}}}}`, `{"` + long + `":[0]}`, `entry 1 of "` + long[:40] + `…" (/` + long + `/0): expected null, found an integer`},
		{`{"additionalProperties":false}`, "{\"\\u001b[1A\":1}", `the record: "\u{001B}[1A" is not a field of this record`},
	} {
		assert.Equal(t, tc.want, checkWith(t, tc.schema, tc.doc), "%s on %s", tc.schema, tc.doc)
	}
}

// SCH-1's order: the first violation in its steps is the one reported.
func TestOrder(t *testing.T) {
	for _, tc := range []struct{ schema, doc, want string }{
		// type, then const, then enum
		{`{"type":"string","const":"a","enum":["b"]}`, `1`, `the record: expected a string, found an integer`},
		{`{"const":"a","enum":["b"]}`, `"c"`, `the record: expected "a", found "c"`},
		{`{"const":"a","enum":["b"]}`, `"a"`, `the record: expected one of "b", found "a"`},
		// then pattern, then format
		{`{"pattern":"^x$","format":"date-time"}`, `"y"`, `the record: expected a string of the form the schema sets, found "y"`},
		// minimum before maximum cannot both fail; the keywords before the type's own
		{`{"enum":[9],"maximum":3}`, `5`, `the record: expected one of 9, found 5`},
		// minItems, maxItems, then each element in index order
		{`{"minItems":3,"items":{"type":"null"}}`, `[1,2]`, `the record: expected at least 3 entries, found 2`},
		{`{"items":{"type":"null"}}`, `[null,1,true]`, `entry 2 (/1): expected null, found an integer`},
		{`{"prefixItems":[{"type":"null"},{"type":"string"}],"items":{"type":"boolean"}}`, `[null,"s",true,1]`, `entry 4 (/3): expected a boolean, found an integer`},
		{`{"prefixItems":[{"type":"null"},{"type":"string"}],"items":{"type":"boolean"}}`, `[null,2]`, `entry 2 (/1): expected a string, found an integer`},
		// required in its order, then the first unknown member, then the named members in byte order
		{`{"required":["a"],"additionalProperties":false}`, `{"b":1}`, `the record: "a" is missing`},
		{`{"properties":{"a":{"type":"null"}},"additionalProperties":false}`, `{"a":1,"b":1}`, `the record: "b" is not a field of this record`},
		{`{"properties":{"b":{"type":"null"},"a":{"type":"null"},"B":{"type":"null"}}}`, `{"b":1,"a":1,"B":1}`, `"B" (/B): expected null, found an integer`},
		{`{"properties":{"b":{"type":"null"},"a":false}}`, `{"b":1,"a":1}`, `the record holds "a", which its other fields rule out`},
		// a value's own keywords, then allOf in order, then if and then or else
		{`{"type":"object","allOf":[{"required":["x"]},{"required":["y"]}]}`, `{}`, `the record: "x" is missing`},
		{`{"required":["z"],"allOf":[{"required":["x"]}]}`, `{}`, `the record: "z" is missing`},
		{`{"allOf":[{"required":["x"]}],"if":{"required":["a"]},"then":{"required":["t"]}}`, `{"a":1}`, `the record: "x" is missing`},
		{`{"if":{"required":["a"]},"then":{"required":["t"]},"else":{"required":["e"]}}`, `{"a":1}`, `the record: "t" is missing`},
		{`{"if":{"required":["a"]},"then":{"required":["t"]},"else":{"required":["e"]}}`, `{}`, `the record: "e" is missing`},
		{`{"if":{"required":["a"]},"else":{"required":["e"]}}`, `{"a":1}`, ``},
		// a $ref is checked as the schema it names
		{`{"$defs":{"d":{"type":"integer","maximum":6}},"items":{"$ref":"#/$defs/d"}}`, `[1,7]`, `entry 2 (/1): expected at most 6, found 7`},
	} {
		assert.Equal(t, tc.want, checkWith(t, tc.schema, tc.doc), "%s on %s", tc.schema, tc.doc)
	}
}

// A failing element stops the check: an array of a million failing elements
// is not walked past the first one, and costs no complaint but one.
func TestStopsAtTheFirstViolation(t *testing.T) {
	s, err := Compile("t.json", []byte(`{"items":{"type":"array","items":{"type":"string"}}}`), dateTime)
	require.NoError(t, err)
	doc := make([]any, 1<<20)
	for i := range doc {
		doc[i] = []any{json.Number("1")}
	}
	allocs := testing.AllocsPerRun(10, func() { _ = s.Check(doc) })
	assert.LessOrEqual(t, allocs, 12.0)
	assert.Equal(t, `entry 1 of entry 1 (/0/0): expected a string, found an integer`, s.Check(doc).Error())
}

// schemaKeywords lists the keywords a schema document uses, walking every
// place a schema may stand (read independently of Compile).
func schemaKeywords(v any, out map[string]bool) {
	obj, ok := v.(map[string]any)
	if !ok {
		return
	}
	for k, e := range obj {
		out[k] = true
		switch k {
		case "properties", "$defs", "patternProperties", "dependentSchemas":
			for _, sub := range e.(map[string]any) {
				schemaKeywords(sub, out)
			}
		case "items", "not", "if", "then", "else", "contains", "additionalProperties", "unevaluatedItems", "unevaluatedProperties", "propertyNames":
			schemaKeywords(e, out)
		case "allOf", "anyOf", "oneOf", "prefixItems":
			for _, sub := range e.([]any) {
				schemaKeywords(sub, out)
			}
		}
	}
}

// SCH-1: a record schema uses only the keywords it lists, and every record
// schema compiles; a schema with another keyword does not.
func TestRecordSchemasUseSCH1sKeywords(t *testing.T) {
	files, err := filepath.Glob("../../../spec/schemas/record_*.json")
	require.NoError(t, err)
	require.Len(t, files, 5)
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		used := map[string]bool{}
		schemaKeywords(decode(t, string(data)), used)
		for k := range used {
			assert.True(t, slices.Contains(Keywords, k), "%s uses %s, which SCH-1 does not list", filepath.Base(f), k)
		}
	}
	all, err := Load(dateTime)
	require.NoError(t, err)
	assert.Len(t, all, 5)
	for _, bad := range []string{`{"oneOf":[{}]}`, `{"not":{}}`, `{"uniqueItems":true}`, `{"items":false}`, `{"format":"email"}`,
		`{"additionalProperties":{}}`, `{"$ref":"other.json"}`, `{"$defs":{"a":{}},"$ref":"#/$defs/a","type":"string"}`, `{"patternProperties":{}}`,
		`{"minimum":1.5}`, `{"type":"float"}`, `{"multipleOf":2}`, `{"contains":{}}`} {
		_, err := Compile("t.json", []byte(bad), dateTime)
		assert.Error(t, err, bad)
	}
	_, err = Compile("t.json", []byte(`{}`), nil)
	assert.Error(t, err, "a date-time checker is required")
	assert.Equal(t, 0, compareIntegers("-0", "0"))
	assert.Equal(t, -1, compareIntegers("-10", "-9"))
	assert.Equal(t, 1, compareIntegers("10", "9"))
	assert.Equal(t, -1, compareIntegers("99", "100"))
	assert.Equal(t, 1, compareIntegers("0", "-1"))
	assert.True(t, bytes.Contains([]byte(strings.Join(Keywords, " ")), []byte("prefixItems")))
}
