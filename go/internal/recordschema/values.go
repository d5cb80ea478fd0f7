package recordschema

import (
	"cmp"
	"encoding/json"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

// hasType reports whether v has one of types; integer and number both take
// a number (SCH-1 step 1: a record's numbers are integers by then).
func hasType(types []jsonType, v any) bool {
	for _, t := range types {
		switch v.(type) {
		case nil:
			if t == tNull {
				return true
			}
		case bool:
			if t == tBoolean {
				return true
			}
		case json.Number:
			if t == tInteger || t == tNumber {
				return true
			}
		case string:
			if t == tString {
				return true
			}
		case []any:
			if t == tArray {
				return true
			}
		case object:
			if t == tObject {
				return true
			}
		}
	}
	return false
}

// object is a JSON object as strictjson reads it.
type object = map[string]any

// typeOf names v's type as REF-1 does: a record's numbers are integers.
func typeOf(v any) string {
	switch v.(type) {
	case nil:
		return typeWords[tNull]
	case bool:
		return typeWords[tBoolean]
	case json.Number:
		return typeWords[tInteger]
	case string:
		return typeWords[tString]
	case []any:
		return typeWords[tArray]
	case object:
		return typeWords[tObject]
	}
	return "a value of no JSON type"
}

// isInteger reports whether a number is written as an integer: an optional
// minus and digits, with no fraction and no exponent.
func isInteger(n json.Number) bool {
	s := strings.TrimPrefix(string(n), "-")
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// shown writes a value as SCH-2 writes C and V: a string cut and quoted, a
// number as written (cut), true, false and null, and an array or an object
// by its type.
func shown(v any) string {
	switch x := v.(type) {
	case string:
		return escape.Clipped(x)
	case json.Number:
		return escape.Cut(string(x))
	case bool:
		if x {
			return "true"
		}
		return "false"
	case nil:
		return "null"
	}
	return typeOf(v)
}

// shownList writes enum's values in the schema's order.
func shownList(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = shown(v)
	}
	return strings.Join(parts, ", ")
}

func inEnum(values []any, v any) bool {
	for _, e := range values {
		if equal(e, v) {
			return true
		}
	}
	return false
}

// equal is JSON Schema's equality of two values: numbers by value (0 and -0
// are one), strings by their code points, arrays element by element and
// objects member by member.
func equal(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		if isInteger(x) && isInteger(y) {
			return canonical(string(x)) == canonical(string(y))
		}
		return x == y
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case object:
		y, ok := b.(object)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, e := range x {
			f, ok := y[k]
			if !ok || !equal(e, f) {
				return false
			}
		}
		return true
	}
	switch b.(type) {
	case json.Number, []any, object:
		return false
	}
	return a == b
}

// canonical is an integer as JSON writes it, with -0 written 0.
func canonical(n string) string {
	if n == "-0" {
		return "0"
	}
	return n
}

// compareIntegers compares two integers written as JSON writes them (no
// leading zeros), by their sign, their count of digits and then their digits
// as text: in time proportional to their length, never through a number
// (LIM-1).
func compareIntegers(a, b string) int {
	a, b = canonical(a), canonical(b)
	negA, negB := strings.HasPrefix(a, "-"), strings.HasPrefix(b, "-")
	if negA != negB {
		if negA {
			return -1
		}
		return 1
	}
	da, db := strings.TrimPrefix(a, "-"), strings.TrimPrefix(b, "-")
	c := cmp.Compare(len(da), len(db))
	if c == 0 {
		c = strings.Compare(da, db)
	}
	if negA {
		return -c
	}
	return c
}
