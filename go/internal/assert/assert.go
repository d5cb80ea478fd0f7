// Package assert holds the checks the kit's Go tests make: each reports a
// failure through t.Errorf, says what was expected and what was found, and
// returns whether it held, so that a test goes on after a failed check.
// Package require has the same checks, ending the test at the first failure.
//
// They read as testify's assert package does (the same names, arguments and
// meanings, for the checks the kit uses), which the tests used before: this
// package imports only the standard library's small packages, where testify's
// brings in net/http, crypto/tls, crypto/x509 and a YAML parser: 21 s of
// processor time to compile from a cold Go cache, in make check.
package assert

import (
	"bytes"
	"fmt"
	"reflect"
)

// TestingT is what a check reports to: *testing.T and *testing.B are one.
type TestingT interface {
	Errorf(format string, args ...any)
}

type helper interface{ Helper() }

// fail reports a failed check: what failed, its details, and the test's own
// message (msgAndArgs: a value, or a format and its arguments).
func fail(t TestingT, what string, msgAndArgs []any) bool {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	if m := message(msgAndArgs); m != "" {
		what += "\nmessage: " + m
	}
	t.Errorf("%s", what)
	return false
}

func message(msgAndArgs []any) string {
	switch {
	case len(msgAndArgs) == 0:
		return ""
	case len(msgAndArgs) == 1:
		return fmt.Sprint(msgAndArgs[0])
	}
	if format, ok := msgAndArgs[0].(string); ok {
		return fmt.Sprintf(format, msgAndArgs[1:]...)
	}
	return fmt.Sprint(msgAndArgs...)
}

// ObjectsAreEqual says whether two values are equal: byte slices by their
// bytes, anything else by reflect.DeepEqual.
func ObjectsAreEqual(expected, actual any) bool {
	if expected == nil || actual == nil {
		return expected == actual
	}
	exp, ok := expected.([]byte)
	if !ok {
		return reflect.DeepEqual(expected, actual)
	}
	act, ok := actual.([]byte)
	if !ok {
		return false
	}
	if exp == nil || act == nil {
		return exp == nil && act == nil
	}
	return bytes.Equal(exp, act)
}

func show(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%#v", v)
}

// Equal checks that actual equals expected (ObjectsAreEqual).
func Equal(t TestingT, expected, actual any, msgAndArgs ...any) bool {
	if ObjectsAreEqual(expected, actual) {
		return true
	}
	return fail(t, "not equal:\nexpected: "+show(expected)+"\nactual  : "+show(actual), msgAndArgs)
}

// NotEqual checks that actual differs from expected.
func NotEqual(t TestingT, expected, actual any, msgAndArgs ...any) bool {
	if !ObjectsAreEqual(expected, actual) {
		return true
	}
	return fail(t, "should not be "+show(actual), msgAndArgs)
}

// True checks that value is true.
func True(t TestingT, value bool, msgAndArgs ...any) bool {
	if value {
		return true
	}
	return fail(t, "should be true", msgAndArgs)
}

// False checks that value is false.
func False(t TestingT, value bool, msgAndArgs ...any) bool {
	if !value {
		return true
	}
	return fail(t, "should be false", msgAndArgs)
}

// isNil says whether object is nil, or a nil pointer, map, slice, channel,
// function or interface held in an interface.
func isNil(object any) bool {
	if object == nil {
		return true
	}
	switch v := reflect.ValueOf(object); v.Kind() {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Pointer, reflect.Slice, reflect.UnsafePointer:
		return v.IsNil()
	}
	return false
}

// Nil checks that object is nil.
func Nil(t TestingT, object any, msgAndArgs ...any) bool {
	if isNil(object) {
		return true
	}
	return fail(t, "expected nil, found "+show(object), msgAndArgs)
}

// NotNil checks that object is not nil.
func NotNil(t TestingT, object any, msgAndArgs ...any) bool {
	if !isNil(object) {
		return true
	}
	return fail(t, "expected a value, found nil", msgAndArgs)
}

// isEmpty says whether object is nil, the zero value of its type, a
// collection of no elements, or a pointer to an empty value.
func isEmpty(object any) bool {
	if object == nil {
		return true
	}
	v := reflect.ValueOf(object)
	switch v.Kind() {
	case reflect.Chan, reflect.Map, reflect.Slice:
		return v.Len() == 0
	case reflect.Pointer:
		return v.IsNil() || isEmpty(v.Elem().Interface())
	}
	return v.IsZero()
}

// Empty checks that object is empty: nil, zero, or of length 0.
func Empty(t TestingT, object any, msgAndArgs ...any) bool {
	if isEmpty(object) {
		return true
	}
	return fail(t, "should be empty, found "+show(object), msgAndArgs)
}

// NotEmpty checks that object is not empty.
func NotEmpty(t TestingT, object any, msgAndArgs ...any) bool {
	if !isEmpty(object) {
		return true
	}
	return fail(t, "should not be empty, found "+show(object), msgAndArgs)
}

// Zero checks that i is nil or the zero value of its type.
func Zero(t TestingT, i any, msgAndArgs ...any) bool {
	if i == nil || reflect.ValueOf(i).IsZero() {
		return true
	}
	return fail(t, "should be zero, found "+show(i), msgAndArgs)
}

// Len checks that object (an array, channel, map, slice or string) has length n.
func Len(t TestingT, object any, n int, msgAndArgs ...any) bool {
	v := reflect.ValueOf(object)
	switch v.Kind() {
	case reflect.Array, reflect.Chan, reflect.Map, reflect.Slice, reflect.String:
	default:
		return fail(t, fmt.Sprintf("%s has no length", show(object)), msgAndArgs)
	}
	if v.Len() == n {
		return true
	}
	return fail(t, fmt.Sprintf("should have %d items, has %d: %s", n, v.Len(), show(object)), msgAndArgs)
}
