package fair

import "github.com/pfkit/pfkit/go/internal/errcode"

// Error is a refused input: Code is the specification's error code and Message
// says what was expected and what was found. errors.Is(err, target) holds when
// target is an *Error with the same Code, whatever the messages.
type Error = errcode.Error

// Code is an error code of the specification (section 11), such as
// "invalid_identifier".
type Code = errcode.Code

// The error codes a call of this package can give; the runner's other codes
// (malformed_request, unknown_scheme, …) are about request lines and never
// come from here.
const (
	InputTooLarge     = errcode.InputTooLarge     // a record over 16 MiB or 64 levels (REC-1)
	SchemeUnspecified = errcode.SchemeUnspecified // a record of match_seed_v1, never specified (REG-2)
	UnknownScheme     = errcode.UnknownScheme     // a record of no known scheme and kind
	MalformedRequest  = errcode.MalformedRequest  // a record that is not one JSON object, or repeats a key (RUN-4)
	WrongType         = errcode.WrongType         // a chess bot and a player mixed (CC-2)
	InvalidHex        = errcode.InvalidHex        // a seed or hash that is not 64 lowercase hex characters (SEED-1, HASH-1)
	InvalidIdentifier = errcode.InvalidIdentifier // an id or client seed outside the identifier rule (ID-1)
	InvalidInteger    = errcode.InvalidInteger    // a selfpoker seed not in canonical decimal (NUM-2)
	OutOfRange        = errcode.OutOfRange        // a number outside the range the call allows (D-15)
	BadLength         = errcode.BadLength         // too few or too many client seeds, seats or path hashes
	DuplicateSeat     = errcode.DuplicateSeat     // two players in one poker seat (PK-9)
	UnknownGame       = errcode.UnknownGame       // a game the match mapping does not know, or does not deal that way (MS2-5)
	EqualCommitments  = errcode.EqualCommitments  // both chess commitments equal (CC-4)
	InvalidRecord     = errcode.InvalidRecord     // a record not valid against its schema (REC-1)
	UnknownReading    = errcode.UnknownReading    // a reading the pages do not allow (READ-1)
	InternalError     = errcode.InternalError     // the reference itself failed: a bug to report, never a verdict
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
