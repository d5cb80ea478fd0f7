package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
)

// numberFields are the places a record holds a number, one of each kind (the
// same list as tools/cross/hostile.py).
var numberFields = []struct{ file, pointer string }{
	{"bridge.json", "/seats/0"},
	{"backgammon.json", "/games/0/first"},
	{"backgammon.json", "/games/0/opening/0/0"},
	{"backgammon.json", "/games/0/rolls/0/1"},
	{"baloot.json", "/hands/1/buyer"},
	{"poker-leave.json", "/seat"},
	{"poker-leave.json", "/hands/0/hand"},
	{"poker-leave.json", "/hands/0/seats/0"},
	{"poker-leave.json", "/hands/0/cards/0/position"},
	{"poker-session.json", "/hands/0/hand"},
	{"poker-session.json", "/hands/0/seats/0/seat"},
	{"selfpoker-number-seed.json", "/fairplay/seed"},
}

var stringFields = []struct{ file, pointer string }{
	{"bridge.json", "/matchId"},
	{"bridge.json", "/deals/0/0/0"},
	{"poker-session.json", "/serverSeed"},
	{"poker-session.json", "/table"},
	{"chess-players.json", "/clientA"},
	{"selfpoker.json", "/fairplay/seed"},
}

// withHole returns an example record, compact, with the value at pointer
// replaced by fill(n), n chosen so that the record has size bytes.
func withHole(tb testing.TB, file, pointer string, size int, fill func(n int) []byte) []byte {
	tb.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, file))
	require.NoError(tb, err)
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc any
	require.NoError(tb, dec.Decode(&doc))
	const hole = "\x00hole\x00"
	steps := strings.Split(pointer, "/")[1:]
	v := doc
	for i, s := range steps {
		last := i == len(steps)-1
		switch x := v.(type) {
		case map[string]any:
			if last {
				x[s] = hole
			}
			v = x[s]
		case []any:
			k, err := strconv.Atoi(s)
			require.NoError(tb, err)
			if last {
				x[k] = hole
			}
			v = x[k]
		}
	}
	text, err := json.Marshal(doc)
	require.NoError(tb, err)
	quoted, _ := json.Marshal(hole)
	n := size - (len(text) - len(quoted))
	require.Positive(tb, n)
	return bytes.Replace(text, quoted, fill(n), 1)
}

func digits(n int) []byte {
	b := bytes.Repeat([]byte("3141592653589793238462643383279502884197"), n/40+1)[:n]
	b[0] = '7'
	return b
}

func quoted(c byte) func(int) []byte {
	return func(n int) []byte {
		return append(append([]byte{'"'}, bytes.Repeat([]byte{c}, n-2)...), '"')
	}
}

// sessionWithFraction is the example session reveal opened at a time with
// frac fraction digits (none of them a trailing zero) and closed at closed.
func sessionWithFraction(tb testing.TB, frac int, closed string) []byte {
	raw, err := os.ReadFile(filepath.Join(dir, "poker-session.json"))
	require.NoError(tb, err)
	f := bytes.Repeat([]byte("7"), frac)
	s := bytes.Replace(raw, []byte(`"2026-11-29T20:00:00Z"`), append(append([]byte(`"2026-11-29T20:00:00.`), f...), []byte(`Z"`)...), 1)
	return bytes.Replace(s, []byte(`"2026-11-29T20:41:07Z"`), []byte(`"`+closed+`"`), 1)
}

func unreadable(tb testing.TB, data []byte) *Unreadable {
	tb.Helper()
	_, err := VerifyBytes(data)
	var un *Unreadable
	require.True(tb, errors.As(err, &un), "expected an unreadable record, found %v", err)
	return un
}

// A number of any length in any numeric field gets the verdict a short number
// out of range gets, and the message names the number as written, cut to its
// first 40 characters (REF-1, SCH-2).
func TestLongNumbers(t *testing.T) {
	for _, f := range numberFields {
		for _, sign := range []string{"", "-"} {
			data := withHole(t, f.file, f.pointer, 1<<20, func(n int) []byte { return append([]byte(sign), digits(n-len(sign))...) })
			un := unreadable(t, data)
			want := errcode.InvalidRecord
			if f.pointer == "/fairplay/seed" && sign == "" {
				want = errcode.OutOfRange // valid for the schema, read digit for digit after it
			}
			assert.Equal(t, want, un.Code, "%s%s %s", f.file, f.pointer, un.Message[:min(200, len(un.Message))])
			if want == errcode.InvalidRecord && f.pointer != "/games/0/first" { // an enum names no value
				cut := sign + string(digits(40-len(sign))) + "…"
				assert.Contains(t, un.Message, " ("+f.pointer+"): expected at ", f.file)
				assert.True(t, strings.HasSuffix(un.Message, ", found "+cut), "%s: %s", f.file, un.Message)
			}
		}
	}
}

// Every record with a long string is refused by the schema, quickly.
func TestLongStrings(t *testing.T) {
	for _, f := range stringFields {
		un := unreadable(t, withHole(t, f.file, f.pointer, 1<<20, quoted('a')))
		assert.Equal(t, errcode.InvalidRecord, un.Code, "%s%s", f.file, f.pointer)
	}
	un := unreadable(t, withHole(t, "selfpoker.json", "/fairplay/seed", 1<<20, quoted('7')))
	assert.Equal(t, errcode.OutOfRange, un.Code)
}

// Session times compare to the last digit of their fractions (REC-1, D-23):
// 24 hours and 10^-4001 s is too long, however many digits it takes.
func TestSessionTimesEveryDigit(t *testing.T) {
	for _, tc := range []struct {
		opened, closed string
		ok             bool
	}{
		{"2026-11-29T20:00:00Z", "2026-11-30T20:00:00." + strings.Repeat("0", 4000) + "1Z", false},
		{"2026-11-29T20:00:00Z", "2026-11-30T20:00:00." + strings.Repeat("0", 1<<20) + "1Z", false},
		{"2026-11-29T20:00:00." + strings.Repeat("0", 4000) + "1Z", "2026-11-30T20:00:00." + strings.Repeat("0", 4000) + "1Z", true},
		{"2026-11-29T20:00:00." + strings.Repeat("0", 4000) + "1Z", "2026-11-29T20:00:00Z", false},
		{"2026-11-29T20:00:00.5Z", "2026-11-30T20:00:00.5" + strings.Repeat("0", 1<<20) + "Z", true},
		{"2026-11-29T20:00:00.49999999999999999999Z", "2026-11-30T20:00:00.5Z", false},
		{"2026-11-29T20:00:00.5Z", "2026-11-30T20:00:00.49999999999999999999Z", true},
	} {
		s := sessionWithFraction(t, 0, tc.closed)
		s = bytes.Replace(s, []byte(`"2026-11-29T20:00:00.Z"`), []byte(`"`+tc.opened+`"`), 1)
		rep, err := VerifyBytes(s)
		require.NoError(t, err)
		var times *Check
		for i := range rep.Checks {
			if rep.Checks[i].Name == "session times" {
				times = &rep.Checks[i]
			}
		}
		require.NotNil(t, times)
		assert.Equal(t, tc.ok, times.OK, "%.60s … %.60s: %s", tc.opened, tc.closed, times.Summary)
	}
}

// parseDateTime against an independent reading: the RFC 3339 grammar as a
// regular expression and time.Parse's arithmetic, on valid and invalid times.
func TestParseDateTime(t *testing.T) {
	ok := []string{"2026-11-29T20:00:00Z", "2026-11-29t20:00:00z", "2026-11-29T20:00:00.5+05:30", "0000-01-01T00:00:00Z",
		"2024-02-29T00:00:00Z", "2000-02-29T00:00:00Z", "2016-12-31T23:59:60Z", "2017-01-01T00:59:60+01:00",
		"2026-11-29T20:00:00-00:00", "9999-12-31T23:59:59.999999999999Z", "2026-11-29T20:00:00.000Z"}
	bad := []string{"2026-11-29T20:00:00", "2026-11-29 20:00:00Z", "1900-02-29T00:00:00Z", "2026-13-01T00:00:00Z",
		"2026-11-31T00:00:00Z", "2026-11-29T20:60:00Z", "2026-11-29T20:00:61Z", "2016-12-31T22:59:60Z",
		"2026-11-29T20:00:00+23:60", "2026-11-29T2:00:00Z", "26-11-29T20:00:00Z", "2026-11-29T20:00:00ZZ",
		"2026-11-29T20:00:00.Z", "2026-11-29T20:00:00,5Z", "+026-11-29T20:00:00Z", "2026-11-29T20:00:0\u0661Z",
		"", "2026-11-29T20:00:00+01", "2026-11-29T20:00:00+0100", "2026-11-29T20:00:00+01:00 ", "2026-11-29T-1:00:00Z",
		"2026-00-10T20:00:00Z", "2026-11-00T20:00:00Z", "2026-11-29T24:00:00Z", "2026-11-29T20:00:00+24:00"}
	for _, s := range ok {
		_, valid := parseDateTime(s)
		assert.True(t, valid, s)
	}
	for _, s := range bad {
		_, valid := parseDateTime(s)
		assert.False(t, valid, s)
	}
	a, _ := parseDateTime("2016-12-31T23:59:59Z")
	b, _ := parseDateTime("2016-12-31T23:59:60Z")
	c, _ := parseDateTime("2017-01-01T00:00:00Z")
	assert.Equal(t, int64(1), b.secs-a.secs)
	assert.Equal(t, c, b)
	for _, s := range []string{"2026-11-29T20:00:00.05+05:30", "1970-01-01T00:00:00Z", "2000-02-29T12:34:56.789Z", "1969-12-31T23:59:59.5-08:00"} {
		want, err := time.Parse(time.RFC3339Nano, s)
		require.NoError(t, err)
		got, _ := parseDateTime(s)
		assert.Equal(t, want.Unix(), got.secs, s)
		assert.Equal(t, strings.TrimRight(fmt.Sprintf("%09d", want.Nanosecond()), "0"), got.frac, s)
		assert.Equal(t, want.Format("2006-01-02T15:04:05Z07:00"), got.plus(0), s)
	}
	assert.Equal(t, 0, compareAfter(mustTime(t, "2026-11-30T20:00:00.500Z"), mustTime(t, "2026-11-29T20:00:00.5Z"), 86400))
	assert.Equal(t, -1, compareAfter(mustTime(t, "2026-11-30T20:00:00.4999Z"), mustTime(t, "2026-11-29T20:00:00.5Z"), 86400))
	assert.Equal(t, 1, compareAfter(mustTime(t, "2026-11-30T20:00:00.51Z"), mustTime(t, "2026-11-29T20:00:00.5Z"), 86400))
}

func mustTime(t *testing.T, s string) instant {
	v, ok := parseDateTime(s)
	require.True(t, ok, s)
	return v
}

// A record file, a pipe or a device is read to the limit and one byte, never
// further (LIM-3).
func TestReadFileBounded(t *testing.T) {
	tmp := t.TempDir()
	small := filepath.Join(tmp, "small.json")
	require.NoError(t, os.WriteFile(small, []byte(`{"a":1}`), 0o644))
	data, err := ReadFile(small)
	require.NoError(t, err)
	assert.Equal(t, `{"a":1}`, string(data))

	sparse := filepath.Join(tmp, "sparse.json")
	f, err := os.Create(sparse)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(int64(Limits.MaxBytes)+1))
	f.Close()
	_, err = ReadFile(sparse)
	var un *Unreadable
	require.True(t, errors.As(err, &un))
	assert.Equal(t, errcode.InputTooLarge, un.Code)
	assert.Contains(t, un.Message, "the file has 16777217 bytes")

	r, w, err := os.Pipe()
	require.NoError(t, err)
	go func() {
		block := bytes.Repeat([]byte(" "), 1<<16)
		for i := 0; i < 1024; i++ { // 64 MiB, far more than is read
			if _, err := w.Write(block); err != nil {
				break
			}
		}
		w.Close()
	}()
	_, err = ReadFile("/dev/fd/" + strconv.Itoa(int(r.Fd())))
	r.Close()
	require.True(t, errors.As(err, &un), "%v", err)
	assert.Equal(t, errcode.InputTooLarge, un.Code)
	assert.Contains(t, un.Message, "more than 16777216 bytes")
}

// cpuTime is the processor time the process has used, all threads.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU adds cpu-ns/op, the processor time of each operation: on a busy
// machine the wall time of ns/op also counts the time spent waiting for a
// processor.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

func benchVerify(b *testing.B, data []byte, want errcode.Code) {
	b.SetBytes(int64(len(data)))
	defer reportCPU(b, cpuTime())
	for b.Loop() {
		_, err := VerifyBytes(data)
		var un *Unreadable
		if want != "" && (!errors.As(err, &un) || un.Code != want) {
			b.Fatalf("expected %s, found %v", want, err)
		}
		if want == "" && err != nil {
			b.Fatal(err)
		}
	}
}

// A 16 MiB record that is one long number, in each kind of numeric field
// (goal: under a second each, LIM-1).
func BenchmarkLongNumber(b *testing.B) {
	for _, f := range numberFields {
		b.Run(strings.TrimSuffix(f.file, ".json")+strings.ReplaceAll(f.pointer, "/", "_"), func(b *testing.B) {
			data := withHole(b, f.file, f.pointer, Limits.MaxBytes, digits)
			want := errcode.InvalidRecord
			if f.pointer == "/fairplay/seed" {
				want = errcode.OutOfRange
			}
			benchVerify(b, data, want)
		})
	}
}

// A 16 MiB record that is one long string (goal: under a second each).
func BenchmarkLongString(b *testing.B) {
	for _, f := range stringFields {
		b.Run(strings.TrimSuffix(f.file, ".json")+strings.ReplaceAll(f.pointer, "/", "_"), func(b *testing.B) {
			want := errcode.InvalidRecord
			fill := quoted('a')
			if f.pointer == "/fairplay/seed" {
				want, fill = errcode.OutOfRange, quoted('7')
			}
			benchVerify(b, withHole(b, f.file, f.pointer, Limits.MaxBytes, fill), want)
		})
	}
}

// A session reveal opened at a time with 15 million fraction digits, checked
// to the last digit against its closing time (goal: under a second).
func BenchmarkSessionFraction15M(b *testing.B) {
	benchVerify(b, sessionWithFraction(b, 15_000_000, "2026-11-30T20:00:00.7777777777777777778Z"), "")
}
