// Package errcode holds the error codes of the pfkit specification (spec/pfkit.md,
// "Error codes"). Every implementation answers bad input with one of these codes,
// so a port can be compared with the reference on failures as well as on outputs.
package errcode

import (
	"errors"
	"fmt"
	"io/fs"
)

// Code is a stable, spec-defined error code.
type Code string

// The codes, in the order of the spec's table.
const (
	MalformedRequest  Code = "malformed_request"  // the line is not a JSON object of the request shape
	InputTooLarge     Code = "input_too_large"    // the line or the record exceeds the size or depth limit
	UnknownScheme     Code = "unknown_scheme"     // the scheme is not registered
	SchemeUnspecified Code = "scheme_unspecified" // the scheme is registered but never specified (match_seed_v1)
	UnknownOp         Code = "unknown_op"         // the scheme has no such op
	MissingField      Code = "missing_field"      // a required input field is absent
	UnknownField      Code = "unknown_field"      // the input has a field the op does not define
	WrongType         Code = "wrong_type"         // a field has the wrong JSON type
	InvalidHex        Code = "invalid_hex"        // a seed or hash is not lowercase hex of the required length
	InvalidIdentifier Code = "invalid_identifier" // an id or client seed breaks the identifier rule
	InvalidInteger    Code = "invalid_integer"    // not an integer in canonical form, or unsafe as a JSON number
	OutOfRange        Code = "out_of_range"       // an integer outside the range the op allows
	BadLength         Code = "bad_length"         // an array with too few or too many elements
	DuplicateSeat     Code = "duplicate_seat"     // the same seat twice in one hand
	UnknownGame       Code = "unknown_game"       // the match op was given a game it does not map
	EqualCommitments  Code = "equal_commitments"  // both chess commitments are equal, so the XOR cancels
	WordsExhausted    Code = "words_exhausted"    // the injected words ran out before the program finished
	UnknownReading    Code = "unknown_reading"    // a reading field names a reading the spec does not define
	InvalidRecord     Code = "invalid_record"     // a record is not valid against its schema
	FileUnreadable    Code = "file_unreadable"    // a file cannot be read: missing, a directory, no permission
	NotImplemented    Code = "not_implemented"    // a port under construction lacks the op; the reference never gives it
	InternalError     Code = "internal_error"     // the implementation failed: a bug to report, never a verdict
)

// All lists every code once, for documentation checks and schemas.
var All = []Code{
	MalformedRequest, InputTooLarge, UnknownScheme, SchemeUnspecified, UnknownOp,
	MissingField, UnknownField, WrongType, InvalidHex, InvalidIdentifier,
	InvalidInteger, OutOfRange, BadLength, DuplicateSeat, UnknownGame,
	EqualCommitments, WordsExhausted, UnknownReading, InvalidRecord, FileUnreadable, NotImplemented, InternalError,
}

// Error is a failure with a spec code and a message saying what was expected and
// what was found.
type Error struct {
	Code    Code
	Message string
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Is makes errors.Is match by code: errors.Is(err, &Error{Code: InvalidHex}) holds
// for every invalid_hex error, whatever its message.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// Within returns err with its message placed under a field path: a domain error
// about "seedB" becomes one about "input.seedB". Other errors pass unchanged.
func Within(path string, err error) error {
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	return &Error{Code: e.Code, Message: path + "." + e.Message}
}

// New returns an *Error with a formatted message.
func New(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Of returns the code of err when it is or wraps an *Error, and "" otherwise.
func Of(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// File turns an error of the file system into FileUnreadable, naming the cause
// in the system's words ("no such file or directory", "is a directory",
// "permission denied"). The caller names the file.
func File(err error) *Error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &Error{Code: FileUnreadable, Message: "cannot read the file: " + err.Error()}
}
