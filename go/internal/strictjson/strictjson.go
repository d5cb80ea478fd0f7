// Package strictjson parses JSON the way the spec requires of every reader
// (RUN-3 to RUN-5, REC-1, LIM-5): numbers kept as their exact text, duplicate
// object keys rejected, nesting, size and the count of what is built bounded,
// and every refusal worded as REF-2 words it, at a byte offset. A record whose
// "seed" is a bare 19-digit number is read exactly, never through a float64,
// and a record with two "seed" keys is refused instead of silently taking one
// of them.
//
// The parser is written out by hand because audits parse millions of small
// records and encoding/json's token API spends most of its time allocating.
package strictjson

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// Limits bound what a reader accepts. A zero bound is no bound.
type Limits struct {
	MaxBytes int // the whole document
	MaxDepth int // nested arrays and objects
	// MaxValues bounds the values, each counted where it begins (LIM-5).
	MaxValues int
	// MaxObjects bounds the objects and members: each object counts one
	// where its { is read, each member one where its key has been read.
	MaxObjects int
	// Name is what the document is called where it must end: "the end of the
	// record" (REF-2).
	Name string
}

// Default limits for one runner request line (RUN-5, LIM-5).
var Default = Limits{MaxBytes: 1 << 20, MaxDepth: 32, MaxValues: 1 << 16, MaxObjects: 1 << 12, Name: "line"}

// ErrTooLarge marks a document over a limit: errors.Is(err, ErrTooLarge)
// holds for an *Error over a bound and for a document over MaxBytes.
var ErrTooLarge = errors.New("too large")

// Error is a document refused while reading, at a byte offset from its first
// byte, with REF-2's message.
type Error struct {
	Offset   int
	Message  string
	TooLarge bool // over a bound of depth, values or objects (input_too_large)
}

// Error is "at offset N: MESSAGE".
func (e *Error) Error() string { return "at offset " + strconv.Itoa(e.Offset) + ": " + e.Message }

// Is makes errors.Is(err, ErrTooLarge) hold for an error over a bound.
func (e *Error) Is(target error) bool { return target == ErrTooLarge && e.TooLarge }

// Object is a parsed JSON object.
type Object = map[string]any

// Parse reads one JSON value (RFC 8259). Objects become map[string]any, arrays
// []any, numbers json.Number, strings string, and true, false and null bool and
// nil. Invalid UTF-8 in strings becomes U+FFFD, one for each byte that is not
// part of a well-formed sequence (RUN-8). A document over MaxBytes is refused
// unread; any other refusal is an *Error.
func Parse(data []byte, lim Limits) (any, error) {
	if lim.MaxBytes > 0 && len(data) > lim.MaxBytes {
		return nil, fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLarge, len(data), lim.MaxBytes)
	}
	p := newParser(data, lim)
	defer p.release()
	p.space()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(p.data) {
		return nil, p.expected("the end of the " + p.name)
	}
	return v, nil
}

// TypeName names the JSON type of a parsed value for error messages, as
// REF-1 names them; a number is "a number" here, since a request may hold
// fractions (a record's reader, which has refused them, says "an integer").
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
	return "a value of no JSON type"
}

// IsInteger reports whether a number token is written as an integer: an optional
// minus and digits, with no fraction and no exponent.
func IsInteger(n json.Number) bool {
	s := string(n)
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
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
