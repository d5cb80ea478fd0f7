package record

import (
	"bytes"
	"encoding/json"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/archive"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// agreePlain checks the plain reader against the general path on data: when
// readPlain reads a record, readGeneral reads the same kind and the same typed
// form from it, and both verify to the same report. It reports whether the
// plain reader read the record.
func agreePlain(t testing.TB, data []byte) bool {
	agreeBrief(t, data)
	p := readPlain(data)
	if p == nil {
		return false
	}
	g, err := readGeneral(data)
	if err != nil {
		t.Fatalf("the plain reader read a record the general path refuses (%v):\n%s", err, data)
	}
	if p.Kind != g.Kind {
		t.Fatalf("the plain reader read a %v, the general path a %v:\n%s", p.Kind, g.Kind, data)
	}
	switch p.Kind.Kind {
	case "match":
		gm, err := matchOf(g)
		require.NoError(t, err)
		require.Equal(t, gm, *p.match, "%s", data)
	case "hand_end":
		gs, err := selfpokerOf(g)
		require.NoError(t, err)
		require.Equal(t, gs, p.selfpoker, "%s", data)
	default:
		t.Fatalf("the plain reader read a %v", p.Kind)
	}
	pr, perr := Verify(p)
	gr, gerr := Verify(g)
	require.Equal(t, gerr, perr, "%s", data)
	require.Equal(t, gr, pr, "%s", data)
	return true
}

// agreeBrief checks JudgeBrief against JudgeSeeing on data: a record judged
// briefly is one JudgeSeeing verifies, of the same kind, showing see the same
// deal; any other gets JudgeSeeing's very verdict. And every plain record
// JudgeSeeing verifies is judged briefly, so the audits' shortcut is taken.
func agreeBrief(t testing.TB, data []byte) {
	var full, brief []Dealt
	v := JudgeSeeing(data, func(d *Dealt) { full = append(full, copyDealt(d)) })
	b, kind := JudgeBrief(data, func(d *Dealt) { brief = append(brief, copyDealt(d)) })
	if kind == "" {
		require.Equal(t, v, b, "%s", data)
		if v.Status == Verified && readPlain(data) != nil {
			t.Fatalf("a plain record that verifies was not judged briefly:\n%s", data)
		}
		return
	}
	require.Equal(t, Verified, v.Status, "judged briefly as verified:\n%s", data)
	require.Equal(t, Verdict{Status: Verified}, b)
	require.Equal(t, KindName(v.Report.Scheme, v.Report.Kind), kind, "%s", data)
	require.Equal(t, full, brief, "%s", data)
}

// copyDealt copies what a Dealt holds for the kinds read plainly, since it is
// valid only during the call that shows it.
func copyDealt(d *Dealt) Dealt {
	c := *d
	c.ClientSeeds, c.Seats, c.Hands, c.Deal52IDs = slices.Clone(d.ClientSeeds), slices.Clone(d.Seats), slices.Clone(d.Hands), slices.Clone(d.Deal52IDs)
	c.Deals = nil
	for _, deal := range d.Deals {
		c.Deals = append(c.Deals, [4][]string{slices.Clone(deal[0]), slices.Clone(deal[1]), slices.Clone(deal[2]), slices.Clone(deal[3])})
	}
	c.Backgammon = nil
	for _, g := range d.Backgammon {
		c.Backgammon = append(c.Backgammon, BackgammonDealt{slices.Clone(g.Opening), g.First, slices.Clone(g.Rolls)})
	}
	return c
}

// The plain reader reads the plain records it is there for, the example
// records of those kinds and generated archives with tampered records, exactly
// as the general path does; it leaves every other example to the general path.
func TestPlainReaderReadsPlainRecords(t *testing.T) {
	for _, f := range []string{"selfpoker.json", "selfpoker-number-seed.json", "bridge.json", "trix.json", "backgammon.json", "checkers.json", "xiangqi.json"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		require.NoError(t, err)
		assert.True(t, agreePlain(t, data), f)
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	require.NoError(t, err)
	for _, p := range paths {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		agreePlain(t, data)
	}
	for _, kind := range []string{"selfpoker", "bridge", "backgammon"} {
		var buf jsonLines
		require.NoError(t, archive.Generate(&buf, kind, 300, 7))
		for _, l := range bytes.Split(bytes.TrimSpace(buf.data), []byte("\n")) {
			assert.True(t, agreePlain(t, l), "%s", l)
		}
	}
}

// Records outside the plain form, valid or not, go the general way: the plain
// reader never reads them, and Read gives the general path's answer.
func TestPlainReaderLeavesTheRestToTheGeneralPath(t *testing.T) {
	sp := `{"board":["3h","Jh","5c","5h","4s"],"commit":"d38f77bcf30e13ce5e33ec63616b3dd97d178c63eb9c2b5f1c6e03f3052e674b","fairplay":{"seed":"8594669731963626082"},"hands":[["7c","6s"],["7s","2h"]],"kind":"hand_end","scheme":"selfpoker_v1"}`
	require.True(t, agreePlain(t, []byte(sp)), "the base record is plain")
	require.True(t, agreePlain(t, []byte(" \t"+strings.ReplaceAll(sp, ",", " ,\r\n\t")+"\n")), "JSON space is plain")
	for _, c := range []struct {
		name, from, to string
		verified       bool // a valid record, verified the general way
	}{
		{"an escaped card", `"7c"`, `"\u0037c"`, true},
		{"an escaped key", `"board"`, `"b\u006fard"`, true},
		{"a declared reading", `"kind"`, `"dealing":"pairs","kind"`, true},
		{"a duplicate key", `"kind"`, `"kind":"hand_end","kind"`, false},
		{"an unknown key", `"kind"`, `"note":"x","kind"`, false},
		{"a seed with a leading zero", `"8594669731963626082"`, `"08594669731963626082"`, false},
		{"a seed of 2^63", `"8594669731963626082"`, `"9223372036854775808"`, false},
		{"a seed as a fraction", `"8594669731963626082"`, `8594669731963626082.0`, false},
		{"a seed with an exponent", `"8594669731963626082"`, `8e18`, false},
		{"a lowercase rank", `"Jh"`, `"jh"`, false},
		{"an uppercase hex digit", `"d38f`, `"D38f`, false},
		{"a three-card hand", `["7c","6s"]`, `["7c","6s","8c"]`, false},
		{"six board cards", `"4s"]`, `"4s","8c"]`, false},
		{"a non-ASCII byte", `"7c"`, "\"7\xc3\xa7\"", false},
		{"a byte-order mark", `{"board"`, "\xef\xbb\xbf{\"board\"", false},
		{"data after the object", `"selfpoker_v1"}`, `"selfpoker_v1"}}`, false},
		{"a control character", `"7c"`, "\"7\x01\"", false},
		{"a truncated record", `"selfpoker_v1"}`, `"selfpoker_v1"`, false},
	} {
		data := []byte(strings.Replace(sp, c.from, c.to, 1))
		require.NotEqual(t, sp, string(data), c.name)
		assert.Nil(t, readPlain(data), c.name)
		rep, err := VerifyBytes(data)
		if c.verified {
			require.NoError(t, err, c.name)
			assert.Equal(t, Verified, rep.Status, c.name)
		} else if err == nil {
			assert.Equal(t, Failed, rep.Status, c.name)
		}
	}
	// One byte over the size limit is refused as too large, not read plainly.
	big := []byte(strings.Replace(sp, `"kind"`, `"kind"`+strings.Repeat(" ", Limits.MaxBytes), 1))
	assert.Nil(t, readPlain(big))
	_, err := Read(big)
	var un *Unreadable
	require.ErrorAs(t, err, &un)
	assert.Equal(t, "input_too_large", string(un.Code))
}

// Thousands of random mutations of plain records, written back with random
// space: whatever the plain reader reads, the general path reads the same way.
func TestPlainReaderAgreesWithTheGeneralPath(t *testing.T) {
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
	r := rand.New(rand.NewPCG(3, 4))
	read, left := 0, 0
	trials := 20000
	if testing.Short() {
		trials = 1000
	}
	for trial := range trials {
		rec := clone(seeds[trial%len(seeds)]).(strictjson.Object)
		for range 1 + r.IntN(3) {
			mutate(r, rec)
		}
		data, err := json.Marshal(rec)
		require.NoError(t, err)
		if trial%4 == 0 {
			data = spaced(r, data)
		}
		if agreePlain(t, data) {
			read++
		} else {
			left++
		}
	}
	t.Logf("%d mutated records read plainly, %d left to the general path", read, left)
	assert.Greater(t, read, trials/50, "some mutations keep records plain (numbers, cards, ids changed in range)")
}

// spaced puts random JSON space after some structural characters.
func spaced(r *rand.Rand, data []byte) []byte {
	var out []byte
	for _, c := range data {
		out = append(out, c)
		if (c == ',' || c == ':' || c == '[' || c == '{') && r.IntN(3) == 0 {
			out = append(out, " \t\r\n"[r.IntN(4)])
		}
	}
	return out
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

// Judge reads records into pooled forms. A verdict keeps nothing of its form:
// after thousands of other records went through the same forms, every verdict
// is still the one the record gets on its own, read into a form of its own.
func TestVerdictsOutliveTheirForms(t *testing.T) {
	var lines [][]byte
	for _, kind := range []string{"selfpoker", "bridge", "backgammon"} {
		var buf jsonLines
		require.NoError(t, archive.Generate(&buf, kind, 400, 3))
		lines = append(lines, bytes.Split(bytes.TrimSpace(buf.data), []byte("\n"))...)
	}
	verdicts := make([]Verdict, len(lines))
	failed := 0
	for i, l := range lines {
		verdicts[i] = Judge(l)
		if verdicts[i].Status == Failed {
			failed++
		}
	}
	for i, l := range lines {
		rep, err := Verify(readPlain(l))
		require.Equal(t, verdictOf(rep, err), verdicts[i], "%s", l)
	}
	assert.Greater(t, failed, 300, "tampered records, whose reports show the record's values")
}

// A hostile value is measured before it is copied: a 4 MiB hash, seed, match id
// or client seed sends the record the general way without the plain reader
// copying it (the general path then refuses it with its own message).
func TestPlainReaderCopiesNoHostileValue(t *testing.T) {
	sp := `{"board":[],"commit":"d38f77bcf30e13ce5e33ec63616b3dd97d178c63eb9c2b5f1c6e03f3052e674b","fairplay":{"seed":"8594669731963626082"},"hands":[["7c","6s"],["7s","2h"]],"kind":"hand_end","scheme":"selfpoker_v1"}`
	bridge, err := os.ReadFile(filepath.Join(dir, "bridge.json"))
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(bridge, &m))
	long := strings.Repeat("7", 4<<20)
	for _, c := range []struct{ name, base, from, to string }{
		{"commit", sp, `"d38f77bcf30e13ce5e33ec63616b3dd97d178c63eb9c2b5f1c6e03f3052e674b"`, `"` + long + `"`},
		{"seed as a string", sp, `"8594669731963626082"`, `"` + long + `"`},
		{"seed as a number", sp, `"8594669731963626082"`, long},
		{"match id", string(bridge), `"` + m["matchId"].(string) + `"`, `"` + long + `"`},
		{"client seed", string(bridge), `"` + m["clientSeeds"].([]any)[0].(string) + `"`, `"` + long + `"`},
	} {
		data := []byte(strings.Replace(c.base, c.from, c.to, 1))
		require.Greater(t, len(data), 4<<20, c.name)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		r := readPlain(data)
		runtime.ReadMemStats(&after)
		assert.Nil(t, r, c.name)
		assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<10), "%s: bytes allocated", c.name)
	}
}
