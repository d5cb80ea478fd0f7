package assert

import (
	"cmp"
	"fmt"
	"reflect"
)

// compare orders two values of one type, an integer, float or string kind:
// -1, 0 or 1, and false when they cannot be ordered.
func compare(a, b any) (int, bool) {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	if !va.IsValid() || !vb.IsValid() || va.Type() != vb.Type() {
		return 0, false
	}
	switch va.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return cmp.Compare(va.Int(), vb.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return cmp.Compare(va.Uint(), vb.Uint()), true
	case reflect.Float32, reflect.Float64:
		return cmp.Compare(va.Float(), vb.Float()), true
	case reflect.String:
		return cmp.Compare(va.String(), vb.String()), true
	}
	return 0, false
}

// order checks that compare(e1, e2) is one of allowed, saying which relation failed.
func order(t TestingT, e1, e2 any, relation string, allowed []int, msgAndArgs []any) bool {
	c, ok := compare(e1, e2)
	if !ok {
		return fail(t, fmt.Sprintf("cannot order %#v and %#v", e1, e2), msgAndArgs)
	}
	for _, a := range allowed {
		if c == a {
			return true
		}
	}
	return fail(t, fmt.Sprintf("%#v is not %s %#v", e1, relation, e2), msgAndArgs)
}

// Less checks that e1 < e2.
func Less(t TestingT, e1, e2 any, msgAndArgs ...any) bool {
	return order(t, e1, e2, "less than", []int{-1}, msgAndArgs)
}

// LessOrEqual checks that e1 <= e2.
func LessOrEqual(t TestingT, e1, e2 any, msgAndArgs ...any) bool {
	return order(t, e1, e2, "less than or equal to", []int{-1, 0}, msgAndArgs)
}

// Greater checks that e1 > e2.
func Greater(t TestingT, e1, e2 any, msgAndArgs ...any) bool {
	return order(t, e1, e2, "greater than", []int{1}, msgAndArgs)
}

// GreaterOrEqual checks that e1 >= e2.
func GreaterOrEqual(t TestingT, e1, e2 any, msgAndArgs ...any) bool {
	return order(t, e1, e2, "greater than or equal to", []int{1, 0}, msgAndArgs)
}

// Positive checks that e, a number, is above zero.
func Positive(t TestingT, e any, msgAndArgs ...any) bool {
	if v := reflect.ValueOf(e); v.IsValid() {
		return order(t, e, reflect.Zero(v.Type()).Interface(), "greater than", []int{1}, msgAndArgs)
	}
	return fail(t, "nil is not a number", msgAndArgs)
}
