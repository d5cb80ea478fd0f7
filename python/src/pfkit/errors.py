"""Error codes of the pfkit specification (spec/pfkit.md, section 11)."""

import os

MALFORMED_REQUEST = "malformed_request"
INPUT_TOO_LARGE = "input_too_large"
UNKNOWN_SCHEME = "unknown_scheme"
SCHEME_UNSPECIFIED = "scheme_unspecified"
UNKNOWN_OP = "unknown_op"
MISSING_FIELD = "missing_field"
UNKNOWN_FIELD = "unknown_field"
WRONG_TYPE = "wrong_type"
INVALID_HEX = "invalid_hex"
INVALID_IDENTIFIER = "invalid_identifier"
INVALID_INTEGER = "invalid_integer"
OUT_OF_RANGE = "out_of_range"
BAD_LENGTH = "bad_length"
DUPLICATE_SEAT = "duplicate_seat"
UNKNOWN_GAME = "unknown_game"
EQUAL_COMMITMENTS = "equal_commitments"
WORDS_EXHAUSTED = "words_exhausted"
UNKNOWN_READING = "unknown_reading"
INVALID_RECORD = "invalid_record"  # records (spec section 15); no op of the runner gives it
FILE_UNREADABLE = "file_unreadable"  # a file cannot be read: missing, a directory, no permission
NOT_IMPLEMENTED = "not_implemented"  # a port under construction lacks the op; never given here
INTERNAL_ERROR = "internal_error"  # the implementation failed: a bug to report, never a verdict

#: Every code, in the order of the spec's table.
ALL_CODES = (
    MALFORMED_REQUEST, INPUT_TOO_LARGE, UNKNOWN_SCHEME, SCHEME_UNSPECIFIED, UNKNOWN_OP,
    MISSING_FIELD, UNKNOWN_FIELD, WRONG_TYPE, INVALID_HEX, INVALID_IDENTIFIER,
    INVALID_INTEGER, OUT_OF_RANGE, BAD_LENGTH, DUPLICATE_SEAT, UNKNOWN_GAME,
    EQUAL_COMMITMENTS, WORDS_EXHAUSTED, UNKNOWN_READING, INVALID_RECORD, FILE_UNREADABLE, NOT_IMPLEMENTED,
    INTERNAL_ERROR,
)


class PfkitError(ValueError):
    """Bad input, refused with one of the spec's error codes.

    ``code`` is the stable code (one of ``ALL_CODES``); ``message`` says what
    was expected and what was found. It subclasses ValueError so that callers
    who only care that the input was bad can catch that.
    """

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def file_error(e: OSError) -> PfkitError:
    """An error of the file system as file_unreadable, naming the cause in the
    words the Go reference uses ("no such file or directory", "is a
    directory", "permission denied"). The caller names the file."""
    cause = os.strerror(e.errno) if e.errno else str(e)
    cause = cause[:1].lower() + cause[1:]
    return PfkitError(FILE_UNREADABLE, f"cannot read the file: {cause}")
