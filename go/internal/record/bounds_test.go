package record

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
)

const head = `{"scheme":"match_seed_v2","kind":"match","x":`

func zeros(n int) string { return strings.TrimSuffix(strings.Repeat("0,", n), ",") }

// LIM-5 and REF-2 on records too large to keep among the examples: 2^20
// values are read (and the record then refused by its schema), the value
// past the bound is refused where it begins, and a syntax error or a
// repeated key met earlier is reported instead. The record, its scheme and
// kind and the array x are four values; the array begins at offset 45, its
// element k at 46 + 2k.
func TestRecordBounds(t *testing.T) {
	for _, tc := range []struct {
		doc     string
		code    errcode.Code
		message string
	}{
		{head + "[" + zeros(1<<20-4) + "]}", errcode.InvalidRecord, `the record: "game" is missing`},
		{head + "[" + zeros(1<<20-3) + "]}", errcode.InputTooLarge, "the record is not readable JSON: at offset 2097190 (line 1, column 2097191): more than 1048576 values"},
		{head + "[" + zeros(1<<20-4) + ",-]}", errcode.InputTooLarge, "the record is not readable JSON: at offset 2097190 (line 1, column 2097191): more than 1048576 values"},
		{head + "[" + zeros(1<<20-4) + ",]}", errcode.MalformedRequest, `the record is not readable JSON: at offset 2097190 (line 1, column 2097191): expected a value, found "]"`},
		{head + "[0,0,1.e5," + zeros(1<<20) + "]}", errcode.MalformedRequest, `the record is not readable JSON: at offset 52 (line 1, column 53): expected a digit after '.', found "e"`},
		{head + "0," + `"x":[` + zeros(1<<20) + "]}", errcode.MalformedRequest, `the record is not readable JSON: at offset 47 (line 1, column 48): duplicate key "x"`},
		{head + strings.Repeat("[", 63) + strings.Repeat("]", 63) + "}", errcode.InvalidRecord, `the record: "game" is missing`},
		{head + strings.Repeat("[", 64) + strings.Repeat("]", 64) + "}", errcode.InputTooLarge, "the record is not readable JSON: at offset 108 (line 1, column 109): nesting deeper than 64 levels"},
	} {
		v := Judge([]byte(tc.doc))
		assert.Equal(t, StatusUnreadable, v.Status, "%.60s", tc.doc)
		assert.Equal(t, tc.code, v.Code, "%.60s: %s", tc.doc, v.Message)
		assert.Equal(t, tc.message, v.Message, "%.60s", tc.doc)
	}
	big := make([]byte, Limits.MaxBytes+1)
	v := Judge(big)
	assert.Equal(t, "the record has 16777217 bytes, the limit is 16777216", v.Message, "a record over the size limit is not read")
}

// hostileShapes are 16 MiB records of every shape a reader may be handed:
// many small objects, numbers, small arrays, keys, deep nesting, one long
// string, one long number, every element failing its schema, a million
// short strings with a long one, and a mix.
func hostileShapes() map[string][]byte {
	const size = 16<<20 - 64
	fill := func(pre, unit, post string) []byte {
		n := (size - len(pre) - len(post)) / (len(unit) + 1)
		return []byte(pre + strings.TrimSuffix(strings.Repeat(unit+",", n), ",") + post)
	}
	bridge := `{"scheme":"match_seed_v2","kind":"match","game":"bridge","matchId":"m","commitment":"` + strings.Repeat("0", 64) +
		`","serverSeed":"` + strings.Repeat("1", 64) + `","clientSeeds":["a","b","c","d"],"seats":[0,1,2,3],"deals":[`
	hand := func(commit, seed string) string {
		return `{"scheme":"selfpoker_v1","kind":"hand_end","commit":` + commit + `,"fairplay":{"seed":` + seed + `},"hands":[["2c","3c"],["4c","5c"]],"board":[]}`
	}
	strs := `[` + strings.TrimSuffix(strings.Repeat(`"abc",`, 1<<20-8), ",") + `]`
	shapes := map[string][]byte{
		"objects": fill(head+"[", `{"a":0}`, "]}"),
		"numbers": fill(head+"[", "0", "]}"),
		"arrays":  fill(head+"[", "[0]", "]}"),
		"deep":    fill(head+"[", strings.Repeat("[", 62)+"0"+strings.Repeat("]", 62), "]}"),
		"failing": fill(bridge, "[1]", "]}"),
		"string":  []byte(hand(`"`+strings.Repeat("a", size-200)+`"`, "5")),
		"number":  []byte(hand(`"`+strings.Repeat("0", 64)+`"`, strings.Repeat("7", size-200))),
		"strings": []byte(head + strs + `,"p":"` + strings.Repeat("p", size-len(head)-len(strs)-8) + `"}`),
		"mix": []byte(head + `[[` + zeros(1<<18) + `],[` + strings.TrimSuffix(strings.Repeat(`{"a":0},`, 1<<14), ",") + `],"` +
			strings.Repeat("b", 8<<20) + `"]}`),
	}
	var keys strings.Builder
	keys.WriteString(head + "{")
	for i := 0; keys.Len() < size-40; i++ {
		if i > 0 {
			keys.WriteByte(',')
		}
		keys.WriteString(fmt.Sprintf(`"k%09d":0`, i))
	}
	shapes["keys"] = []byte(keys.String() + "}}")
	// A 1 MiB bridge record whose every deal is [1]: within the bounds, and
	// refused at the first deal that fails, not after all of them.
	shapes["failing1"] = []byte(bridge + strings.TrimSuffix(strings.Repeat("[1],", 1<<18-40), ",") + "]}")
	return shapes
}

// Refusing a record of any shape allocates a bounded amount, counted as the
// runtime counts every allocation, garbage included: at most 64 MiB whatever
// its size, what LIM-5's bounds let a reader build, and at most 20 times its
// bytes; and its message is a few hundred bytes at most (REF-5).
func TestRefusalsCostBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sixteen-mebibyte records")
	}
	for name, data := range hostileShapes() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		v := Judge(data)
		runtime.ReadMemStats(&after)
		require.Equal(t, StatusUnreadable, v.Status, name)
		assert.LessOrEqual(t, len(v.Message), 300, "%s: %s", name, v.Message)
		allocated := after.TotalAlloc - before.TotalAlloc
		assert.LessOrEqual(t, allocated, min(uint64(20*len(data)), 64<<20), "%s: %d MiB allocated", name, allocated>>20)
		t.Logf("%-8s %5.1f MiB allocated, %s: %s", name, float64(allocated)/(1<<20), v.Code, v.Message)
	}
}
