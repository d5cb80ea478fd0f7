package schema

import (
	"bytes"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// dateTime stands in for the record package's RFC 3339 reader, which a real
// program passes to Load: the grammar of RFC 3339 section 5.6.
var dateTime = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$`)

func testSet(t *testing.T) *Set {
	set, err := Load(dateTime.MatchString)
	require.NoError(t, err)
	return set
}

func readJSON(t *testing.T, path string) any {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	require.NoError(t, dec.Decode(&v))
	return v
}

// The stand-ins are sound only while the schemas keep to what bounded's
// comment says: no number bound or literal as large as 10^MaxDigits, and no
// uniqueItems or multipleOf.
func TestSchemasAllowStandIns(t *testing.T) {
	files, err := filepath.Glob("../../../spec/schemas/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	// A literal of MaxDigits-1 digits or fewer: a negative number of MaxDigits
	// characters keeps its place beside it.
	limit := new(big.Rat).SetFrac(new(big.Int).Exp(big.NewInt(10), big.NewInt(MaxDigits-1), nil), big.NewInt(1))
	for _, f := range files {
		var walk func(v any, where string)
		walk = func(v any, where string) {
			switch x := v.(type) {
			case map[string]any:
				for k, e := range x {
					switch k {
					case "uniqueItems", "multipleOf":
						t.Errorf("%s%s: %s", f, where, k)
					case "properties", "$defs", "definitions", "patternProperties":
						for name, sub := range e.(map[string]any) {
							walk(sub, where+"/"+k+"/"+name)
						}
						continue
					}
					walk(e, where+"/"+k)
				}
			case []any:
				for i, e := range x {
					walk(e, where+"/"+strconv.Itoa(i))
				}
			case json.Number:
				r, ok := new(big.Rat).SetString(string(x))
				require.True(t, ok)
				assert.True(t, new(big.Rat).Abs(r).Cmp(limit) < 0, "%s%s: %s", f, where, x)
			}
		}
		walk(readJSON(t, f), "")
	}
}

// validateDirect is Validate without stand-ins: the library reads every value
// as written.
func validateDirect(set *Set, name string, doc any) string {
	err := set.compiled[name].Validate(doc)
	if err == nil {
		return ""
	}
	all := leaves(err.(*jsonschema.ValidationError), nil, nil)
	sort.Strings(all)
	if len(all) > maxComplaints {
		all = all[:maxComplaints]
	}
	return "not valid against " + name + ": " + strings.Join(all, "; ")
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Every number of every example record, replaced by long numbers, gets the
// same verdict and the same message with its stand-in as when the library
// reads it whole.
func TestStandInsGiveTheSameVerdict(t *testing.T) {
	schemas := testSet(t)
	kinds := map[string]string{"match": "record_match_v1.json", "leave": "record_poker_leave_v1.json",
		"session": "record_poker_session_v1.json", "game": "record_chess_v1.json", "hand_end": "record_selfpoker_v1.json"}
	numbers := []string{"1" + strings.Repeat("0", MaxDigits), strings.Repeat("9", MaxDigits+1), "-" + strings.Repeat("7", 300), strings.Repeat("31", 150)}
	files, err := filepath.Glob("../../../vectors/records/*.json")
	require.NoError(t, err)
	checked := 0
	seen := map[string]bool{} // each place of each schema once
	for _, f := range files {
		if strings.Contains(f, "tampered") || strings.Contains(f, "broken") || strings.Contains(f, "hostile") || strings.HasSuffix(f, "index.json") {
			continue
		}
		doc, ok := readJSON(t, f).(map[string]any)
		if !ok {
			continue
		}
		name, ok := kinds[doc["kind"].(string)]
		if !ok {
			continue
		}
		var visit func(v any, shape string, set func(any))
		visit = func(v any, shape string, set func(any)) {
			switch x := v.(type) {
			case map[string]any:
				for k, e := range x {
					k := k
					visit(e, shape+"/"+k, func(n any) { x[k] = n })
				}
				return
			case []any:
				for i, e := range x {
					i := i
					visit(e, shape+"/*", func(n any) { x[i] = n })
				}
				return
			}
			if seen[name+shape] || set == nil {
				return
			}
			seen[name+shape] = true
			var values []any
			for _, n := range numbers {
				values = append(values, json.Number(n))
			}
			for _, n := range values {
				set(n)
				got := errText(schemas.Validate(name, doc))
				want := validateDirect(schemas, name, doc)
				assert.Equal(t, want, got, "%s %s = %.30v", filepath.Base(f), shape, n)
				checked++
			}
			set(v)
		}
		visit(doc, "", nil)
	}
	assert.Greater(t, checked, 300)
}

// A document with no long value is validated as it is, not copied.
func TestBoundedKeepsShortDocuments(t *testing.T) {
	set := testSet(t)
	doc := map[string]any{"a": []any{json.Number("12"), "xy", map[string]any{"b": nil}}}
	long := map[string]replaced{}
	got, err := set.bounded(doc, nil, long)
	require.NoError(t, err)
	assert.True(t, same(got, doc))
	assert.Empty(t, long)

	doc["a"].([]any)[2].(map[string]any)["b"] = json.Number("-" + strings.Repeat("5", 100))
	got, err = set.bounded(doc, nil, long)
	require.NoError(t, err)
	assert.False(t, same(got, doc))
	assert.Equal(t, json.Number("-"+strings.Repeat("5", 100)), doc["a"].([]any)[2].(map[string]any)["b"], "the original is untouched")
	assert.Equal(t, json.Number(standIn("-1")), got.(map[string]any)["a"].([]any)[2].(map[string]any)["b"])
	assert.Equal(t, strings.Repeat("5", 100), strings.TrimPrefix(long["/a/2/b"].orig, "-"))

	_, err = set.bounded([]any{json.Number("1." + strings.Repeat("0", 100))}, nil, long)
	assert.ErrorContains(t, err, "at /0: a number of 102 characters with a fraction or an exponent")
}

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
