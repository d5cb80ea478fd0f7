package record

import (
	"encoding/json"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/go/internal/archive"
	"github.com/pfkit/pfkit/go/internal/strictjson"
)

// The fast validators accept the plain records they are there for...
func TestFastValidatorsAcceptPlainRecords(t *testing.T) {
	for _, f := range []string{"selfpoker.json", "selfpoker-number-seed.json", "bridge.json", "trix.json", "backgammon.json", "checkers.json", "xiangqi.json"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		require.NoError(t, err)
		v, err := strictjson.Parse(data, Limits)
		require.NoError(t, err)
		o := v.(strictjson.Object)
		name := map[string]string{"selfpoker_v1": "record_selfpoker_v1.json", "match_seed_v2": "record_match_v1.json"}[o["scheme"].(string)]
		assert.True(t, fastValid[name](o), f)
	}
}

// ... and never a record the schema refuses: thousands of random mutations of
// valid records, each either refused by the fast validator or valid against
// the schema.
func TestFastValidatorsNeverAcceptWhatTheSchemaRefuses(t *testing.T) {
	var seeds []strictjson.Object
	for _, kind := range []string{"selfpoker", "bridge", "backgammon"} {
		var buf jsonLines
		require.NoError(t, archive.Generate(&buf, kind, 3, 0))
		seeds = append(seeds, buf.objects(t)...)
	}
	for _, f := range []string{"checkers.json", "selfpoker-number-seed.json"} {
		data, _ := os.ReadFile(filepath.Join(dir, f))
		v, err := strictjson.Parse(data, Limits)
		require.NoError(t, err)
		seeds = append(seeds, v.(strictjson.Object))
	}
	schemas, err := Schemas()
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(3, 4))
	accepted, refused := 0, 0
	for trial := range 20000 {
		base := seeds[trial%len(seeds)]
		name := map[string]string{"selfpoker_v1": "record_selfpoker_v1.json", "match_seed_v2": "record_match_v1.json"}[base["scheme"].(string)]
		rec := clone(base).(strictjson.Object)
		for range 1 + r.IntN(3) {
			mutate(r, rec)
		}
		if !fastValid[name](rec) {
			refused++
			continue
		}
		accepted++
		if err := schemas.Validate(name, rec); err != nil {
			b, _ := json.Marshal(rec)
			t.Fatalf("the fast validator accepted a record the schema refuses (%v):\n%s", err, b)
		}
	}
	t.Logf("%d mutated records accepted by the fast path, %d left to the schema", accepted, refused)
	assert.Greater(t, accepted, 100, "some mutations keep records valid (numbers, cards, ids changed in range)")
}

type jsonLines struct{ data []byte }

func (j *jsonLines) Write(p []byte) (int, error) { j.data = append(j.data, p...); return len(p), nil }

func (j *jsonLines) objects(t *testing.T) []strictjson.Object {
	var out []strictjson.Object
	start := 0
	for i, c := range j.data {
		if c == '\n' {
			v, err := strictjson.Parse(j.data[start:i], Limits)
			require.NoError(t, err)
			out = append(out, v.(strictjson.Object))
			start = i + 1
		}
	}
	return out
}

func clone(v any) any {
	switch x := v.(type) {
	case strictjson.Object:
		o := strictjson.Object{}
		for k, e := range x {
			o[k] = clone(e)
		}
		return o
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = clone(e)
		}
		return a
	}
	return v
}

// replacements are values a mutation may put anywhere: right and wrong types,
// near-miss strings and numbers at and beyond the edges.
var replacements = []any{
	nil, true, "", "2c", "Ac", "1c", "AC", "10h", "zz", "-", "0", "9223372036854775807", "9223372036854775808", "01",
	json.Number("0"), json.Number("1"), json.Number("3"), json.Number("4"), json.Number("6"), json.Number("7"), json.Number("-1"),
	json.Number("1.0"), json.Number("1e3"), json.Number("9223372036854775807"), json.Number("9223372036854775808"),
	[]any{}, []any{"2c"}, []any{"2c", "3c"}, strictjson.Object{}, "bridge", "mahjong", "match_seed_v2", "selfpoker_v1",
	"ab" + string(rune(0x430)), "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdeF",
	"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
}

// mutate changes one random place (values are cloned as they are placed, so
// no two places share an object and the record stays a tree): replaces a value, deletes or adds a key,
// or drops or duplicates an array element.
func mutate(r *rand.Rand, rec strictjson.Object) {
	var places []func()
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case strictjson.Object:
			// Sorted keys keep the run the same every time.
			for _, k := range slices.Sorted(maps.Keys(x)) {
				k, e := k, x[k]
				places = append(places,
					func() { x[k] = clone(replacements[r.IntN(len(replacements))]) },
					func() { delete(x, k) },
					func() { x[k+"x"] = clone(e) })
				if a, ok := e.([]any); ok && len(a) > 0 {
					places = append(places,
						func() { x[k] = a[:len(a)-1] },
						func() { x[k] = append(clone(a).([]any), clone(a[0])) })
				}
				walk(e)
			}
		case []any:
			for i, e := range x {
				i, e := i, e
				places = append(places, func() { x[i] = clone(replacements[r.IntN(len(replacements))]) })
				if a, ok := e.([]any); ok && len(a) > 0 {
					places = append(places,
						func() { x[i] = a[:len(a)-1] },
						func() { x[i] = append(clone(a).([]any), clone(a[0])) })
				}
				walk(e)
			}
		}
	}
	walk(rec)
	if len(places) > 0 {
		places[r.IntN(len(places))]()
	}
}
