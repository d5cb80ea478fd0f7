package recordschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/stretchr/testify/require"
)

// library compiles the record schemas in dir with the JSON Schema 2020-12
// library, the independent side of SCH-3.
func library(t testing.TB, dir string) map[string]*jsonschema.Schema {
	files, err := filepath.Glob(filepath.Join(dir, "record_*.json"))
	require.NoError(t, err)
	require.Len(t, files, 5, dir)
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.AssertFormat = true
	c.Formats["date-time"] = func(v any) bool {
		s, ok := v.(string)
		return !ok || dateTime(s)
	}
	const base = "https://pfkit.invalid/schemas/"
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		require.NoError(t, c.AddResource(base+filepath.Base(f), bytes.NewReader(data)))
	}
	out := map[string]*jsonschema.Schema{}
	for _, f := range files {
		out[filepath.Base(f)] = c.MustCompile(base + filepath.Base(f))
	}
	return out
}

// leafLocations lists where the library's innermost complaints are, as
// unescaped JSON pointers.
func leafLocations(ve *jsonschema.ValidationError, out []string) []string {
	if len(ve.Causes) == 0 {
		loc, err := url.PathUnescape(ve.InstanceLocation)
		if err != nil {
			loc = ve.InstanceLocation
		}
		return append(out, loc)
	}
	for _, c := range ve.Causes {
		out = leafLocations(c, out)
	}
	return out
}

var schemaOf = map[string]string{"match_seed_v2/match": "record_match_v1.json", "poker_hmac_v1/leave": "record_poker_leave_v1.json",
	"poker_hmac_v1/session": "record_poker_session_v1.json", "chess_colour_v1/game": "record_chess_v1.json",
	"selfpoker_v1/hand_end": "record_selfpoker_v1.json"}

// examples are the example records that name a record format, with that
// format's schema.
func examples(t testing.TB) (docs []map[string]any, names []string) {
	files, err := filepath.Glob("../../../vectors/records/*.json")
	require.NoError(t, err)
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) != nil {
			continue // not JSON: refused before any schema
		}
		o, ok := v.(map[string]any)
		if !ok {
			continue
		}
		s, _ := o["scheme"].(string)
		k, _ := o["kind"].(string)
		if name, ok := schemaOf[s+"/"+k]; ok && !hasLoose(o) {
			docs, names = append(docs, o), append(names, name)
		}
	}
	require.Greater(t, len(docs), 80)
	return docs, names
}

// hasLoose reports a number with a fraction or an exponent, which REC-1
// refuses before any schema.
func hasLoose(v any) bool {
	switch x := v.(type) {
	case json.Number:
		return !isInteger(x)
	case map[string]any:
		for _, e := range x {
			if hasLoose(e) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if hasLoose(e) {
				return true
			}
		}
	}
	return false
}

// agree compares the three verdicts on one record: the library on the
// schemas as they were before SCH-1's subset (commit bd37116, kept in
// testdata), the library on spec/schemas, and the kit's check. Where the kit
// finds a violation, its pointer is where the library complains too, or
// holds a place it complains about.
func agree(t *testing.T, old, lib map[string]*jsonschema.Schema, kit map[string]*Schema, name string, doc any, what string) bool {
	t.Helper()
	errOld, errNew := old[name].Validate(doc), lib[name].Validate(doc)
	bad := kit[name].Check(doc)
	if (errOld == nil) != (errNew == nil) || (errNew == nil) != (bad == nil) {
		t.Errorf("%s (%s): the library before SCH-1 says %v; now %v; the kit says %v", what, name, errOld, errNew, bad)
		return false
	}
	if bad == nil {
		return true
	}
	p := bad.Pointer()
	for _, loc := range leafLocations(errNew.(*jsonschema.ValidationError), nil) {
		if loc == p || strings.HasPrefix(loc, p+"/") || p == "" {
			return true
		}
	}
	t.Errorf("%s (%s): the kit complains %v, the library elsewhere: %v", what, name, bad, errNew)
	return false
}

// SCH-3: on every example record, and on mutations of them (values swapped,
// members added and removed, arrays shortened, lengthened, deepened and
// widened, all written with random spacing and read back), the JSON Schema
// library on the schemas before and after they were written in SCH-1's
// subset and the kit's own check give one verdict.
func TestAgreesWithJSONSchema(t *testing.T) {
	// The mutations build and drop thousands of small documents: with the
	// collector's default target, collecting is a third of the test's
	// processor time (go test -cpuprofile). At 400, the test takes 15 s of
	// processor time instead of 23 (go test -run TestAgreesWithJSONSchema),
	// for a heap of a few megabytes.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	old, lib := library(t, "testdata/bd37116"), library(t, "../../../spec/schemas")
	kit, err := Load(dateTime)
	require.NoError(t, err)
	docs, names := examples(t)
	for i, d := range docs {
		agree(t, old, lib, kit, names[i], d, fmt.Sprintf("example %d", i))
	}
	n := 10000
	if testing.Short() {
		n = 200
	}
	m := newMutator(docs)
	invalid, failures := 0, 0
	for i := 0; i < n && failures < 10; i++ {
		k := m.rnd.IntN(len(docs))
		doc := clone(docs[k])
		for range 1 + m.rnd.IntN(3) {
			doc = m.mutate(doc)
		}
		doc = m.respaced(t, doc)
		if kit[names[k]].Check(doc) != nil {
			invalid++
		}
		if !agree(t, old, lib, kit, names[k], doc, fmt.Sprintf("mutation %d of example %d", i, k)) {
			failures++
		}
	}
	// Both verdicts are common, so the comparison means something.
	require.Greater(t, invalid, n/4)
	require.Less(t, invalid, n*19/20)
}

// mutator changes records at random, from a fixed seed.
type mutator struct {
	rnd    *rand.Rand
	values []any    // every value of the examples, and values at the schemas' edges
	keys   []string // every key of the examples, and a few others
}

func newMutator(docs []map[string]any) *mutator {
	m := &mutator{rnd: rand.New(rand.NewPCG(31, 5))}
	seen := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if !seen[k] {
					seen[k] = true
					m.keys = append(m.keys, k)
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
		if len(m.values) < 20000 {
			m.values = append(m.values, v)
		}
	}
	for _, d := range docs {
		walk(d)
	}
	sort.Strings(m.keys) // map order must not change the mutations
	m.keys = append(m.keys, "x", "B", "é", "a/b", "~", "\x1b[1A")
	for _, n := range []string{"-1", "0", "-0", "1", "2", "3", "4", "5", "6", "7", "9", "10", "13", "51", "52", "53", "83", "84", "99", "100",
		"101", "136", "499", "500", "501", "999", "1000", "1001", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
		strings.Repeat("9", 60), "-" + strings.Repeat("7", 60)} {
		m.values = append(m.values, json.Number(n))
	}
	for _, s := range []string{"", "-", "x", "0", "01", "5", "2c", "Ac", "1c", "Td", "7h", "8s", "1m", "9p", "E", "Wd", "Rd", "Gd", "Nd", "A", "B",
		strings.Repeat("a", 64), strings.Repeat("f", 63), strings.Repeat("0", 65), strings.Repeat("a", 65), "Ab.-_9", "a,b", "a b", "é",
		"2026-11-29T20:00:00Z", "2026-11-29t20:00:00.5z", "2026-11-29T20:00:00", "2026-13-29T20:00:00Z", "9223372036854775808", "-0", "00",
		"pairs", "round_robin", "blocks", "rounds", "three_two", "swap_last", "close_gap", "one_die_each", "first_seat_rolls", "dash", "empty",
		"published", "none", "time", "hands", "bridge", "mahjong", "baloot", "backgammon", "checkers", "match", "leave", "hand_end"} {
		m.values = append(m.values, s)
	}
	m.values = append(m.values, nil, true, false, []any{}, map[string]any{}, []any{json.Number("1")}, map[string]any{"a": json.Number("1")})
	return m
}

func clone(v any) any {
	switch x := v.(type) {
	case map[string]any:
		c := make(map[string]any, len(x))
		for k, e := range x {
			c[k] = clone(e)
		}
		return c
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = clone(e)
		}
		return c
	}
	return v
}

// place is a value inside a document and how to replace it.
type place struct {
	v   any
	set func(any)
}

// places lists every value of doc below its root, in a fixed order.
func places(doc any) []place {
	var out []place
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				out = append(out, place{x[k], func(n any) { x[k] = n }})
				walk(x[k])
			}
		case []any:
			for i := range x {
				out = append(out, place{x[i], func(n any) { x[i] = n }})
				walk(x[i])
			}
		}
	}
	walk(doc)
	return out
}

// mutate makes one change somewhere in doc and returns the document.
func (m *mutator) mutate(doc any) any {
	ps := places(doc)
	p := ps[m.rnd.IntN(len(ps))]
	switch m.rnd.IntN(10) {
	case 0, 1, 2: // a value swapped for another
		p.set(clone(m.values[m.rnd.IntN(len(m.values))]))
	case 3: // a member removed, or one added
		o, ok := p.v.(map[string]any)
		if !ok {
			o, _ = doc.(map[string]any)
		}
		keys := make([]string, 0, len(o))
		for k := range o {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if len(keys) > 0 && m.rnd.IntN(2) == 0 {
			delete(o, keys[m.rnd.IntN(len(keys))])
		} else {
			o[m.keys[m.rnd.IntN(len(m.keys))]] = clone(m.values[m.rnd.IntN(len(m.values))])
		}
	case 4: // a member added anywhere
		if o, ok := p.v.(map[string]any); ok {
			o[m.keys[m.rnd.IntN(len(m.keys))]] = clone(m.values[m.rnd.IntN(len(m.values))])
		}
	case 5: // an array shortened or lengthened by one
		if a, ok := p.v.([]any); ok && len(a) > 0 {
			if m.rnd.IntN(2) == 0 {
				p.set(a[:len(a)-1])
			} else {
				p.set(append(a, clone(a[m.rnd.IntN(len(a))])))
			}
		}
	case 6: // widened: an element repeated many times
		if a, ok := p.v.([]any); ok && len(a) > 0 {
			wide := make([]any, 0, len(a)+300)
			for range 100 + m.rnd.IntN(200) {
				wide = append(wide, clone(a[0]))
			}
			p.set(append(wide, a...))
		}
	case 7: // deepened: a value wrapped in arrays or objects
		v := p.v
		for range 1 + m.rnd.IntN(30) {
			if m.rnd.IntN(2) == 0 {
				v = []any{v}
			} else {
				v = map[string]any{"a": v}
			}
		}
		p.set(v)
	case 8: // two values swapped
		q := ps[m.rnd.IntN(len(ps))]
		a, b := clone(p.v), clone(q.v)
		p.set(b)
		q.set(a)
	case 9: // a number nudged
		if n, ok := p.v.(json.Number); ok {
			if i, err := strconv.ParseInt(string(n), 10, 64); err == nil {
				p.set(json.Number(strconv.FormatInt(i+int64(m.rnd.IntN(3))-1, 10)))
			}
		}
	}
	return doc
}

// respaced writes doc with random spacing between its tokens and reads it
// back, as a record would come.
func (m *mutator) respaced(t *testing.T, doc any) any {
	var b bytes.Buffer
	space := func() {
		for range m.rnd.IntN(3) {
			b.WriteByte(" \t\n\r"[m.rnd.IntN(4)])
		}
	}
	var write func(v any)
	write = func(v any) {
		space()
		switch x := v.(type) {
		case map[string]any:
			b.WriteByte('{')
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for i, k := range keys {
				if i > 0 {
					b.WriteByte(',')
				}
				space()
				kb, _ := json.Marshal(k)
				b.Write(kb)
				space()
				b.WriteByte(':')
				write(x[k])
			}
			space()
			b.WriteByte('}')
		case []any:
			b.WriteByte('[')
			for i, e := range x {
				if i > 0 {
					b.WriteByte(',')
				}
				write(e)
			}
			space()
			b.WriteByte(']')
		default:
			e, _ := json.Marshal(x)
			b.Write(e)
		}
		space()
	}
	write(doc)
	return decode(t, b.String())
}
