// Package require holds the checks of package assert, each ending the test
// (t.FailNow) when it fails: for what the rest of a test cannot do without.
package require

import "github.com/pfkit/pfkit/v2/go/internal/assert"

// TestingT is what a check reports to and ends: *testing.T and *testing.B are one.
type TestingT interface {
	Errorf(format string, args ...any)
	FailNow()
}

type helper interface{ Helper() }

// stop ends the test when a check failed.
func stop(t TestingT, held bool) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	if !held {
		t.FailNow()
	}
}

// Equal checks that actual equals expected (assert.ObjectsAreEqual), and ends the test when it fails.
func Equal(t TestingT, expected, actual any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.Equal(t, expected, actual, msgAndArgs...))
}

// NotEqual checks that actual differs from expected, and ends the test when it fails.
func NotEqual(t TestingT, expected, actual any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.NotEqual(t, expected, actual, msgAndArgs...))
}

// True checks that value is true, and ends the test when it fails.
func True(t TestingT, value bool, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.True(t, value, msgAndArgs...))
}

// False checks that value is false, and ends the test when it fails.
func False(t TestingT, value bool, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.False(t, value, msgAndArgs...))
}

// Nil checks that object is nil, and ends the test when it fails.
func Nil(t TestingT, object any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.Nil(t, object, msgAndArgs...))
}

// NotNil checks that object is not nil, and ends the test when it fails.
func NotNil(t TestingT, object any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.NotNil(t, object, msgAndArgs...))
}

// Empty checks that object is empty: nil, zero, or of length 0, and ends the test when it fails.
func Empty(t TestingT, object any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.Empty(t, object, msgAndArgs...))
}

// NotEmpty checks that object is not empty, and ends the test when it fails.
func NotEmpty(t TestingT, object any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.NotEmpty(t, object, msgAndArgs...))
}

// Zero checks that i is nil or the zero value of its type, and ends the test when it fails.
func Zero(t TestingT, i any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.Zero(t, i, msgAndArgs...))
}

// Len checks that object has length n, and ends the test when it fails.
func Len(t TestingT, object any, n int, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.Len(t, object, n, msgAndArgs...))
}

// Contains checks that s (a string, map or list) holds contains, and ends the test when it fails.
func Contains(t TestingT, s, contains any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.Contains(t, s, contains, msgAndArgs...))
}

// NotContains checks that s (a string, map or list) does not hold contains, and ends the test when it fails.
func NotContains(t TestingT, s, contains any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.NotContains(t, s, contains, msgAndArgs...))
}

// ElementsMatch checks that two lists hold the same elements in any order, and ends the test when it fails.
func ElementsMatch(t TestingT, listA, listB any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.ElementsMatch(t, listA, listB, msgAndArgs...))
}

// NoError checks that err is nil, and ends the test when it fails.
func NoError(t TestingT, err error, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.NoError(t, err, msgAndArgs...))
}

// Error checks that err is not nil, and ends the test when it fails.
func Error(t TestingT, err error, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.Error(t, err, msgAndArgs...))
}

// ErrorContains checks that err is not nil and its text holds contains, and ends the test when it fails.
func ErrorContains(t TestingT, err error, contains string, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.ErrorContains(t, err, contains, msgAndArgs...))
}

// ErrorIs checks that errors.Is(err, target), and ends the test when it fails.
func ErrorIs(t TestingT, err, target error, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.ErrorIs(t, err, target, msgAndArgs...))
}

// ErrorAs checks that errors.As(err, target), and ends the test when it fails.
func ErrorAs(t TestingT, err error, target any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.ErrorAs(t, err, target, msgAndArgs...))
}

// Regexp checks that the text of str matches rx, and ends the test when it fails.
func Regexp(t TestingT, rx, str any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.Regexp(t, rx, str, msgAndArgs...))
}

// JSONEq checks that two JSON texts hold the same value, and ends the test when it fails.
func JSONEq(t TestingT, expected, actual string, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.JSONEq(t, expected, actual, msgAndArgs...))
}

// FileExists checks that path names a file, and ends the test when it fails.
func FileExists(t TestingT, path string, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.FileExists(t, path, msgAndArgs...))
}

// NoFileExists checks that path names no file, and ends the test when it fails.
func NoFileExists(t TestingT, path string, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.NoFileExists(t, path, msgAndArgs...))
}

// InDelta checks that two numbers differ by at most delta, and ends the test when it fails.
func InDelta(t TestingT, expected, actual any, delta float64, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.InDelta(t, expected, actual, delta, msgAndArgs...))
}

// InDeltaSlice checks InDelta element by element, and ends the test when it fails.
func InDeltaSlice(t TestingT, expected, actual any, delta float64, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.InDeltaSlice(t, expected, actual, delta, msgAndArgs...))
}

// Less checks that e1 < e2, and ends the test when it fails.
func Less(t TestingT, e1, e2 any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.Less(t, e1, e2, msgAndArgs...))
}

// LessOrEqual checks that e1 <= e2, and ends the test when it fails.
func LessOrEqual(t TestingT, e1, e2 any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.LessOrEqual(t, e1, e2, msgAndArgs...))
}

// Greater checks that e1 > e2, and ends the test when it fails.
func Greater(t TestingT, e1, e2 any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.Greater(t, e1, e2, msgAndArgs...))
}

// GreaterOrEqual checks that e1 >= e2, and ends the test when it fails.
func GreaterOrEqual(t TestingT, e1, e2 any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.GreaterOrEqual(t, e1, e2, msgAndArgs...))
}

// Positive checks that e, a number, is above zero, and ends the test when it fails.
func Positive(t TestingT, e any, msgAndArgs ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.Positive(t, e, msgAndArgs...))
}

// Failf reports a failure and ends the test, always.
func Failf(t TestingT, failureMessage string, msg string, args ...any) {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	stop(t, assert.Failf(t, failureMessage, msg, args...))
}
