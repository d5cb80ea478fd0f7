"""Error codes of the pfkit specification (spec/pfkit.md, section 11)."""

import os

# The codes (MALFORMED_REQUEST, ...), ALL_CODES in the order of the spec's
# table and MEANINGS: the spec's section 11, generated into _spec_tables.py.
from ._spec_tables import *  # noqa: F403
from ._spec_tables import ALL_CODES, FILE_UNREADABLE, MEANINGS  # noqa: F401  (named for readers)


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
