// Package strictjson parses JSON the way the spec requires of every reader
// (WIRE-2): numbers kept as their exact text, duplicate object keys rejected,
// nesting and size bounded. A record whose "seed" is a bare 19-digit number is
// read exactly, never through a float64, and a record with two "seed" keys is
// refused instead of silently taking one of them.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Limits bound what a reader accepts.
type Limits struct {
	MaxBytes int // the whole document
	MaxDepth int // nested arrays and objects
}

// Default limits for one runner request line (WIRE-3).
var Default = Limits{MaxBytes: 1 << 20, MaxDepth: 32}

// ErrTooLarge marks a document over a limit.
var ErrTooLarge = errors.New("too large")

// Object is a parsed JSON object.
type Object = map[string]any

// Parse reads one JSON value. Objects become map[string]any, arrays []any,
// numbers json.Number, strings string, and true, false and null bool and nil.
func Parse(data []byte, lim Limits) (any, error) {
	if lim.MaxBytes > 0 && len(data) > lim.MaxBytes {
		return nil, fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLarge, len(data), lim.MaxBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := value(dec, lim, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("unexpected data after the JSON value")
	}
	return v, nil
}

func value(dec *json.Decoder, lim Limits, depth int) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			return nil, errors.New("unexpected end of JSON input")
		}
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	if depth+1 > lim.MaxDepth {
		return nil, fmt.Errorf("%w: nesting deeper than %d levels", ErrTooLarge, lim.MaxDepth)
	}
	switch d {
	case '[':
		arr := []any{}
		for dec.More() {
			v, err := value(dec, lim, depth+1)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err := dec.Token()
		return arr, err
	case '{':
		obj := Object{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			key := kt.(string)
			if _, dup := obj[key]; dup {
				return nil, fmt.Errorf("duplicate key %q", key)
			}
			v, err := value(dec, lim, depth+1)
			if err != nil {
				return nil, err
			}
			obj[key] = v
		}
		_, err := dec.Token()
		return obj, err
	}
	return nil, fmt.Errorf("unexpected %v", d)
}

// TypeName names the JSON type of a parsed value for error messages.
func TypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case Object:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// IsInteger reports whether a number token is written as an integer: an optional
// minus and digits, with no fraction and no exponent.
func IsInteger(n json.Number) bool {
	s := strings.TrimPrefix(string(n), "-")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
