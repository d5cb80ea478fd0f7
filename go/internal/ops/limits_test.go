package ops

import (
	"encoding/json"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
)

// Integers are ranged by their digits, before any conversion (LIM-1): the
// boundaries of 2^53-1 fall where big-number arithmetic puts them.
func TestIntegerBoundaries(t *testing.T) {
	for _, tc := range []struct {
		n    string
		code errcode.Code // "" when in range
	}{
		{"0", ""}, {"-0", ""}, {"52", ""},
		{"53", errcode.OutOfRange}, {"-1", errcode.OutOfRange},
		{"9007199254740991", errcode.OutOfRange}, {"-9007199254740991", errcode.OutOfRange},
		{"9007199254740992", errcode.InvalidInteger}, {"-9007199254740992", errcode.InvalidInteger},
		{"10000000000000000", errcode.InvalidInteger}, {"9999999999999999", errcode.InvalidInteger},
		{"1" + strings.Repeat("0", 1<<20), errcode.InvalidInteger}, {"-" + strings.Repeat("9", 1<<20), errcode.InvalidInteger},
		{"1.0", errcode.InvalidInteger}, {"1e3", errcode.InvalidInteger},
	} {
		_, err := integer("n", json.Number(tc.n), 0, 52)
		if tc.code == "" {
			assert.NoError(t, err, tc.n[:min(20, len(tc.n))])
			continue
		}
		assert.Equal(t, tc.code, errcode.Of(err), tc.n[:min(20, len(tc.n))])
	}
	// Leading zeros never come from JSON, but a caller may pass them.
	x, err := integer("n", json.Number("000000000000000000000000007"), 0, 52)
	assert.NoError(t, err)
	assert.Equal(t, int64(7), x)
}

// A 1 MiB request line holding a million-digit n (goal: under a second).
func BenchmarkMillionDigitN(b *testing.B) {
	head := `{"id":"n","scheme":"selfpoker_v1","op":"permutation","input":{"seed":"5","n":`
	line := []byte(head + "7" + strings.Repeat("1", 1<<20-len(head)-3) + "}}")
	b.SetBytes(int64(len(line)))
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	start := ru.Utime.Nano() + ru.Stime.Nano()
	for b.Loop() {
		if r := Eval(line); r.Error == nil || r.Error.Code != errcode.InvalidInteger {
			b.Fatalf("expected invalid_integer, found %+v", r)
		}
	}
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	b.ReportMetric(float64(ru.Utime.Nano()+ru.Stime.Nano()-start)/float64(b.N), "cpu-ns/op")
}

// LIM-5 on a line: 65,536 values are read and the request answered; the
// value past the bound is refused where it begins, with no id; what a reader
// meets first is answered, as RUN-6 orders it. (protocol.json holds the line
// past the bound; the one at it is here.)
func TestLineBounds(t *testing.T) {
	line := func(value string) []byte {
		return []byte(`{"id":"b","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":` + value + `}}`)
	}
	zeros := func(n int) string { return strings.TrimSuffix(strings.Repeat("0,", n), ",") }
	// Six values besides the array's elements: the request, id, scheme, op,
	// input and the array itself.
	for _, tc := range []struct {
		value string
		code  errcode.Code
		id    bool
	}{
		{"[" + zeros(65530) + "]", errcode.WrongType, true},
		{"[" + zeros(65531) + "]", errcode.InputTooLarge, false},
		{"[" + zeros(65530) + ",x]", errcode.MalformedRequest, false},
		{"[" + zeros(65530) + ",nul]", errcode.InputTooLarge, false},
		{"[0,-," + zeros(70000) + "]", errcode.MalformedRequest, false},
		{`"` + strings.Repeat("0", 64) + `","serverSeed":[` + zeros(70000) + "]", errcode.MalformedRequest, false},
	} {
		r := Eval(line(tc.value))
		if assert.NotNil(t, r.Error, tc.value[:20]) {
			assert.Equal(t, tc.code, r.Error.Code, "%.20s…: %s", tc.value, r.Error.Message)
			assert.Equal(t, tc.id, r.ID != nil, "%.20s…", tc.value)
		}
	}
	// The prefix is 71 bytes and the array begins there: element k at 72 + 2k.
	r := Eval(line("[" + zeros(65531) + "]"))
	assert.Equal(t, "request: at offset 131132: more than 65536 values", r.Error.Message)
}
