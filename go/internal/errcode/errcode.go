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

// The codes, All and their meanings are the spec's table, written into
// codes_gen.go by tools/gen/tables_gen.py (make tables).

// Meaning is the spec's word for what the code means ("" for a code the spec
// does not define).
func (c Code) Meaning() string { return meanings[c] }

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
