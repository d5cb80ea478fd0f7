package fair

import (
	"errors"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
)

// Error is a refused input. errors.Is(err, target) holds when target is an
// *Error with the same Code, whatever the messages.
type Error struct {
	Code    Code   // the specification's error code (section 11)
	Message string // what was expected and what was found
}

// Error is "code: message".
func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Is reports whether target is an *Error with the same Code, so that
// errors.Is(err, ErrInvalidHex) holds for every invalid_hex error.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// Code is an error code of the specification (section 11), such as
// "invalid_identifier".
type Code string

// The error codes a call of this package can give; the runner's other codes
// (missing_field, unknown_op, …) are about request lines and never come from
// here.
const (
	InputTooLarge     Code = "input_too_large"    // a record over 16 MiB or 64 levels (REC-1)
	SchemeUnspecified Code = "scheme_unspecified" // a record of match_seed_v1, never specified (REG-2)
	UnknownScheme     Code = "unknown_scheme"     // a record of no known scheme and kind
	MalformedRequest  Code = "malformed_request"  // a record that is not one JSON object, or repeats a key (RUN-4)
	WrongType         Code = "wrong_type"         // a chess bot and a player mixed (CC-2)
	InvalidHex        Code = "invalid_hex"        // a seed or hash that is not 64 lowercase hex characters (SEED-1, HASH-1)
	InvalidIdentifier Code = "invalid_identifier" // an id or client seed outside the identifier rule (ID-1)
	InvalidInteger    Code = "invalid_integer"    // a selfpoker seed not in canonical decimal (NUM-2)
	OutOfRange        Code = "out_of_range"       // a number outside the range the call allows (D-15)
	BadLength         Code = "bad_length"         // too few or too many client seeds, seats or path hashes
	DuplicateSeat     Code = "duplicate_seat"     // two players in one poker seat (PK-9)
	UnknownGame       Code = "unknown_game"       // a game the match mapping does not know, or does not deal that way (MS2-5)
	EqualCommitments  Code = "equal_commitments"  // both chess commitments equal (CC-4)
	InvalidRecord     Code = "invalid_record"     // a record not valid against its schema (REC-1)
	UnknownReading    Code = "unknown_reading"    // a reading the pages do not allow (READ-1)
	InternalError     Code = "internal_error"     // the reference itself failed: a bug to report, never a verdict
)

// Sentinels for errors.Is, one per code: errors.Is(err, ErrInvalidIdentifier)
// holds for every invalid_identifier error.
var (
	ErrInputTooLarge     = &Error{Code: InputTooLarge}
	ErrSchemeUnspecified = &Error{Code: SchemeUnspecified}
	ErrUnknownScheme     = &Error{Code: UnknownScheme}
	ErrMalformedRequest  = &Error{Code: MalformedRequest}
	ErrWrongType         = &Error{Code: WrongType}
	ErrInvalidHex        = &Error{Code: InvalidHex}
	ErrInvalidIdentifier = &Error{Code: InvalidIdentifier}
	ErrInvalidInteger    = &Error{Code: InvalidInteger}
	ErrOutOfRange        = &Error{Code: OutOfRange}
	ErrBadLength         = &Error{Code: BadLength}
	ErrDuplicateSeat     = &Error{Code: DuplicateSeat}
	ErrUnknownGame       = &Error{Code: UnknownGame}
	ErrEqualCommitments  = &Error{Code: EqualCommitments}
	ErrInvalidRecord     = &Error{Code: InvalidRecord}
	ErrUnknownReading    = &Error{Code: UnknownReading}
	ErrInternalError     = &Error{Code: InternalError}
)

// public is err as this package gives it: the domain code's refusal as an
// *Error with the same code and message. nil stays nil.
func public(err error) error {
	var e *errcode.Error
	if errors.As(err, &e) {
		return &Error{Code: Code(e.Code), Message: e.Message}
	}
	return err
}
