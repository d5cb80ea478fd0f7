package assert

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// recorder stands for a test: it keeps what a check reports.
type recorder struct{ reports []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.reports = append(r.reports, fmt.Sprintf(format, args...))
}

type pathError struct{ path string }

func (e *pathError) Error() string { return "bad path " + e.path }

// Each check on values it must pass and on values it must fail, worked out
// by hand from the check's documented meaning (testify's, for the same name).
func TestChecksPassAndFail(t *testing.T) {
	var nilMap map[string]int
	var nilPtr *int
	zero, one := 0, 1
	wrapped := fmt.Errorf("reading: %w", fs.ErrNotExist)
	var asTarget *pathError
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name      string
		pass      func(TestingT) bool
		failing   func(TestingT) bool
		failWords string // what the failing check's report holds
	}{
		{"Equal", func(t TestingT) bool { return Equal(t, []int{1, 2}, []int{1, 2}) },
			func(t TestingT) bool { return Equal(t, int64(1), 1) }, "not equal"},
		{"Equal bytes", func(t TestingT) bool { return Equal(t, []byte("ab"), []byte{'a', 'b'}) },
			func(t TestingT) bool { return Equal(t, []byte("ab"), "ab") }, "not equal"},
		{"Equal nil", func(t TestingT) bool { return Equal(t, nil, nil) },
			func(t TestingT) bool { return Equal(t, nil, nilPtr) }, "not equal"},
		{"NotEqual", func(t TestingT) bool { return NotEqual(t, "a", "b") },
			func(t TestingT) bool { return NotEqual(t, map[string]int{"a": 1}, map[string]int{"a": 1}) }, "should not be"},
		{"True", func(t TestingT) bool { return True(t, 1 < 2) }, func(t TestingT) bool { return True(t, false) }, "true"},
		{"False", func(t TestingT) bool { return False(t, 2 < 1) }, func(t TestingT) bool { return False(t, true) }, "false"},
		{"Nil", func(t TestingT) bool { return Nil(t, nilMap) }, func(t TestingT) bool { return Nil(t, &zero) }, "expected nil"},
		{"NotNil", func(t TestingT) bool { return NotNil(t, &zero) }, func(t TestingT) bool { return NotNil(t, nilPtr) }, "found nil"},
		{"Empty", func(t TestingT) bool {
			return Empty(t, "") && Empty(t, []int{}) && Empty(t, 0) && Empty(t, &zero) && Empty(t, nil)
		},
			func(t TestingT) bool { return Empty(t, &one) }, "should be empty"},
		{"NotEmpty", func(t TestingT) bool { return NotEmpty(t, "a") && NotEmpty(t, map[int]int{1: 1}) },
			func(t TestingT) bool { return NotEmpty(t, [2]int{}) }, "should not be empty"},
		{"Zero", func(t TestingT) bool { return Zero(t, 0) && Zero(t, "") && Zero(t, nil) },
			func(t TestingT) bool { return Zero(t, 0.5) }, "should be zero"},
		{"Len", func(t TestingT) bool { return Len(t, "héllo", 6) && Len(t, map[int]int{1: 1}, 1) },
			func(t TestingT) bool { return Len(t, []int{1, 2}, 3) }, "should have 3 items, has 2"},
		{"Len of no length", func(t TestingT) bool { return Len(t, [0]int{}, 0) },
			func(t TestingT) bool { return Len(t, 5, 0) }, "has no length"},
		{"Contains", func(t TestingT) bool {
			return Contains(t, "a pfkit report", "kit") && Contains(t, []string{"x", "y"}, "y") && Contains(t, map[string]int{"k": 1}, "k")
		}, func(t TestingT) bool { return Contains(t, []string{"x"}, "xy") }, "does not hold"},
		{"Contains in no container", func(t TestingT) bool { return Contains(t, []any{1, "a"}, 1) },
			func(t TestingT) bool { return Contains(t, 12, 1) }, "cannot hold"},
		{"NotContains", func(t TestingT) bool { return NotContains(t, "abc", "d") },
			func(t TestingT) bool { return NotContains(t, "abc", "b") }, "should not hold"},
		{"ElementsMatch", func(t TestingT) bool {
			return ElementsMatch(t, []int{1, 2, 2}, []int{2, 1, 2}) && ElementsMatch(t, []int{}, nil)
		},
			func(t TestingT) bool { return ElementsMatch(t, []int{1, 2, 2}, []int{1, 1, 2}) }, "the lists differ"},
		{"NoError", func(t TestingT) bool { return NoError(t, nil) },
			func(t TestingT) bool { return NoError(t, errors.New("boom")) }, "unexpected error: boom"},
		{"Error", func(t TestingT) bool { return Error(t, errors.New("x")) }, func(t TestingT) bool { return Error(t, nil) }, "found none"},
		{"ErrorContains", func(t TestingT) bool { return ErrorContains(t, wrapped, "reading") },
			func(t TestingT) bool { return ErrorContains(t, wrapped, "writing") }, "does not hold"},
		{"ErrorIs", func(t TestingT) bool { return ErrorIs(t, wrapped, fs.ErrNotExist) },
			func(t TestingT) bool { return ErrorIs(t, wrapped, fs.ErrExist) }, "is not"},
		{"ErrorAs", func(t TestingT) bool {
			return ErrorAs(t, fmt.Errorf("w: %w", &pathError{"p"}), &asTarget) && asTarget.path == "p"
		},
			func(t TestingT) bool { return ErrorAs(t, wrapped, &asTarget) }, "no error in the chain"},
		{"Regexp", func(t TestingT) bool {
			return Regexp(t, `^\d+ passed`, "12 passed") && Regexp(t, regexp.MustCompile("2+"), 123)
		},
			func(t TestingT) bool { return Regexp(t, `^\d+$`, "12a") }, "does not match"},
		{"JSONEq", func(t TestingT) bool { return JSONEq(t, `{"a": [1, 2], "b": null}`, `{"b":null,"a":[1,2]}`) },
			func(t TestingT) bool { return JSONEq(t, `{"a": 1}`, `{"a": 1.5}`) }, "not the same JSON"},
		{"FileExists", func(t TestingT) bool { return FileExists(t, file) },
			func(t TestingT) bool { return FileExists(t, dir) }, "is a folder"},
		{"NoFileExists", func(t TestingT) bool { return NoFileExists(t, filepath.Join(dir, "none")) && NoFileExists(t, dir) },
			func(t TestingT) bool { return NoFileExists(t, file) }, "exists"},
		{"InDelta", func(t TestingT) bool { return InDelta(t, 0.1, 0.125, 0.03) && InDelta(t, 3, uint8(4), 1) },
			func(t TestingT) bool { return InDelta(t, 1.0, 1.2, 0.1) }, "within 0.1"},
		{"InDeltaSlice", func(t TestingT) bool { return InDeltaSlice(t, []float64{1, 2}, []float64{1.05, 1.95}, 0.1) },
			func(t TestingT) bool { return InDeltaSlice(t, []float64{1, 2}, []float64{1, 3}, 0.1) }, "at index 1"},
		{"Less", func(t TestingT) bool { return Less(t, 1, 2) && Less(t, "a", "b") }, func(t TestingT) bool { return Less(t, 2, 2) }, "less than"},
		{"LessOrEqual", func(t TestingT) bool { return LessOrEqual(t, 2.5, 2.5) }, func(t TestingT) bool { return LessOrEqual(t, uint(3), uint(2)) }, "less than or equal"},
		{"Greater", func(t TestingT) bool { return Greater(t, int64(3), int64(2)) }, func(t TestingT) bool { return Greater(t, 1, 2) }, "greater than"},
		{"GreaterOrEqual", func(t TestingT) bool { return GreaterOrEqual(t, 2, 2) }, func(t TestingT) bool { return GreaterOrEqual(t, 1, 2) }, "greater than or equal"},
		{"order of two types", func(t TestingT) bool { return Less(t, int32(1), int32(2)) }, func(t TestingT) bool { return Less(t, 1, int64(2)) }, "cannot order"},
		{"Positive", func(t TestingT) bool { return Positive(t, 0.5) && Positive(t, uint16(1)) }, func(t TestingT) bool { return Positive(t, 0) }, "greater than"},
		{"Failf", func(TestingT) bool { return true }, func(t TestingT) bool { return Failf(t, "gave up", "after %d tries", 3) }, "after 3 tries"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var ok recorder
			if !c.pass(&ok) || len(ok.reports) != 0 {
				t.Errorf("should pass, reported %q", ok.reports)
			}
			var bad recorder
			if c.failing(&bad) || len(bad.reports) != 1 || !strings.Contains(bad.reports[0], c.failWords) {
				t.Errorf("should fail once saying %q, reported %q", c.failWords, bad.reports)
			}
		})
	}
}

// A test's own message follows the report: a value as it is, a format with its arguments.
func TestMessages(t *testing.T) {
	var r recorder
	Equal(&r, 1, 2, "the %s of seat %d", "card", 3)
	True(&r, false, "plain")
	if len(r.reports) != 2 || !strings.HasSuffix(r.reports[0], "message: the card of seat 3") || !strings.HasSuffix(r.reports[1], "message: plain") {
		t.Errorf("reports %q", r.reports)
	}
}
