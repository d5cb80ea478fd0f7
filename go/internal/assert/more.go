package assert

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"regexp"
	"strings"
)

// contains says whether s holds element: a substring of a string, a key of a
// map, an element (ObjectsAreEqual) of an array or slice; ok is false when s
// is none of these.
func contains(s, element any) (ok, found bool) {
	v := reflect.ValueOf(s)
	switch v.Kind() {
	case reflect.String:
		e := reflect.ValueOf(element)
		if e.Kind() != reflect.String {
			return false, false
		}
		return true, strings.Contains(v.String(), e.String())
	case reflect.Map:
		for _, k := range v.MapKeys() {
			if ObjectsAreEqual(k.Interface(), element) {
				return true, true
			}
		}
		return true, false
	case reflect.Array, reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			if ObjectsAreEqual(v.Index(i).Interface(), element) {
				return true, true
			}
		}
		return true, false
	}
	return false, false
}

// Contains checks that s (a string, map or list) holds contains.
func Contains(t TestingT, s, contains any, msgAndArgs ...any) bool {
	return holds(t, s, contains, true, msgAndArgs)
}

// NotContains checks that s (a string, map or list) does not hold contains.
func NotContains(t TestingT, s, contains any, msgAndArgs ...any) bool {
	return holds(t, s, contains, false, msgAndArgs)
}

func holds(t TestingT, s, element any, want bool, msgAndArgs []any) bool {
	ok, found := contains(s, element)
	switch {
	case !ok:
		return fail(t, show(s)+" cannot hold "+show(element), msgAndArgs)
	case found == want:
		return true
	case want:
		return fail(t, show(s)+" does not hold "+show(element), msgAndArgs)
	}
	return fail(t, show(s)+" should not hold "+show(element), msgAndArgs)
}

// ElementsMatch checks that listA and listB hold the same elements, each as
// many times, in any order.
func ElementsMatch(t TestingT, listA, listB any, msgAndArgs ...any) bool {
	if isEmpty(listA) && isEmpty(listB) {
		return true
	}
	a, b := reflect.ValueOf(listA), reflect.ValueOf(listB)
	for _, v := range []reflect.Value{a, b} {
		if k := v.Kind(); k != reflect.Array && k != reflect.Slice {
			return fail(t, show(v.Interface())+" is not a list", msgAndArgs)
		}
	}
	used := make([]bool, b.Len())
	var extraA []any
	for i := 0; i < a.Len(); i++ {
		found := false
		for j := 0; j < b.Len(); j++ {
			if !used[j] && ObjectsAreEqual(a.Index(i).Interface(), b.Index(j).Interface()) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			extraA = append(extraA, a.Index(i).Interface())
		}
	}
	var extraB []any
	for j, u := range used {
		if !u {
			extraB = append(extraB, b.Index(j).Interface())
		}
	}
	if len(extraA) == 0 && len(extraB) == 0 {
		return true
	}
	return fail(t, fmt.Sprintf("the lists differ: only in the first %#v, only in the second %#v", extraA, extraB), msgAndArgs)
}

// NoError checks that err is nil.
func NoError(t TestingT, err error, msgAndArgs ...any) bool {
	if err == nil {
		return true
	}
	return fail(t, "unexpected error: "+err.Error(), msgAndArgs)
}

// Error checks that err is not nil.
func Error(t TestingT, err error, msgAndArgs ...any) bool {
	if err != nil {
		return true
	}
	return fail(t, "expected an error, found none", msgAndArgs)
}

// ErrorContains checks that err is not nil and its text holds contains.
func ErrorContains(t TestingT, err error, contains string, msgAndArgs ...any) bool {
	if err == nil {
		return fail(t, "expected an error holding "+show(contains)+", found none", msgAndArgs)
	}
	if strings.Contains(err.Error(), contains) {
		return true
	}
	return fail(t, "the error "+show(err.Error())+" does not hold "+show(contains), msgAndArgs)
}

// ErrorIs checks that errors.Is(err, target).
func ErrorIs(t TestingT, err, target error, msgAndArgs ...any) bool {
	if errors.Is(err, target) {
		return true
	}
	return fail(t, fmt.Sprintf("the error %v is not %v", err, target), msgAndArgs)
}

// ErrorAs checks that errors.As(err, target), which then holds the error found.
func ErrorAs(t TestingT, err error, target any, msgAndArgs ...any) bool {
	if errors.As(err, target) {
		return true
	}
	return fail(t, fmt.Sprintf("no error in the chain of %v is a %T", err, target), msgAndArgs)
}

// Regexp checks that the text of str (fmt.Sprint) matches rx, a
// *regexp.Regexp or the text of one.
func Regexp(t TestingT, rx, str any, msgAndArgs ...any) bool {
	re, ok := rx.(*regexp.Regexp)
	if !ok {
		re = regexp.MustCompile(fmt.Sprint(rx))
	}
	if re.MatchString(fmt.Sprint(str)) {
		return true
	}
	return fail(t, fmt.Sprintf("%s does not match %s", show(fmt.Sprint(str)), show(re.String())), msgAndArgs)
}

// JSONEq checks that two JSON texts hold the same value.
func JSONEq(t TestingT, expected, actual string, msgAndArgs ...any) bool {
	var exp, act any
	if err := json.Unmarshal([]byte(expected), &exp); err != nil {
		return fail(t, "the expected text is not JSON: "+err.Error(), msgAndArgs)
	}
	if err := json.Unmarshal([]byte(actual), &act); err != nil {
		return fail(t, "the actual text is not JSON: "+err.Error()+": "+show(actual), msgAndArgs)
	}
	if reflect.DeepEqual(exp, act) {
		return true
	}
	return fail(t, "not the same JSON:\nexpected: "+expected+"\nactual  : "+actual, msgAndArgs)
}

// FileExists checks that path names a file (not a folder).
func FileExists(t TestingT, path string, msgAndArgs ...any) bool {
	info, err := os.Lstat(path)
	switch {
	case err != nil:
		return fail(t, "no file "+path+": "+err.Error(), msgAndArgs)
	case info.IsDir():
		return fail(t, path+" is a folder, not a file", msgAndArgs)
	}
	return true
}

// NoFileExists checks that path names no file (nothing, or a folder).
func NoFileExists(t TestingT, path string, msgAndArgs ...any) bool {
	info, err := os.Lstat(path)
	if err != nil || info.IsDir() {
		return true
	}
	return fail(t, "the file "+path+" exists", msgAndArgs)
}

// Failf reports a failure, always.
func Failf(t TestingT, failureMessage string, msg string, args ...any) bool {
	return fail(t, failureMessage, append([]any{msg}, args...))
}

// toFloat is a number's value as a float64, for any integer or float kind.
func toFloat(x any) (float64, bool) {
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(v.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return float64(v.Uint()), true
	case reflect.Float32, reflect.Float64:
		return v.Float(), true
	}
	return 0, false
}

// InDelta checks that expected and actual, numbers, differ by at most delta.
func InDelta(t TestingT, expected, actual any, delta float64, msgAndArgs ...any) bool {
	e, okE := toFloat(expected)
	a, okA := toFloat(actual)
	switch {
	case !okE || !okA:
		return fail(t, fmt.Sprintf("%s and %s are not both numbers", show(expected), show(actual)), msgAndArgs)
	case math.IsNaN(e) && math.IsNaN(a):
		return true
	case math.IsNaN(e) || math.IsNaN(a) || math.IsNaN(delta):
		return fail(t, fmt.Sprintf("expected %v within %v of %v: NaN", a, delta, e), msgAndArgs)
	case math.Abs(e-a) <= delta:
		return true
	}
	return fail(t, fmt.Sprintf("expected %v within %v of %v, the difference is %v", a, delta, e, math.Abs(e-a)), msgAndArgs)
}

// InDeltaSlice checks InDelta element by element on two lists of one length.
func InDeltaSlice(t TestingT, expected, actual any, delta float64, msgAndArgs ...any) bool {
	e, a := reflect.ValueOf(expected), reflect.ValueOf(actual)
	if e.Kind() != reflect.Slice || a.Kind() != reflect.Slice {
		return fail(t, "InDeltaSlice compares two slices", msgAndArgs)
	}
	if e.Len() != a.Len() {
		return fail(t, fmt.Sprintf("expected %d numbers, found %d", e.Len(), a.Len()), msgAndArgs)
	}
	ok := true
	for i := 0; i < e.Len(); i++ {
		ok = InDelta(t, e.Index(i).Interface(), a.Index(i).Interface(), delta, fmt.Sprintf("at index %d", i)) && ok
	}
	return ok
}
