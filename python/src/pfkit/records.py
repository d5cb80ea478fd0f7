"""Records and their verification (spec section 15, REC-1 to REC-9).

A record is what a player or an auditor holds after the fact: what the site
published before a deal (commitments, roots) and after it (revealed seeds, the
cards, dice and tiles as played). This module reads records and checks them
against the spec's own algorithms (``pfkit.spec``)::

    read(data) -> Record                 raises Unreadable or Unspecified
    verify(record) -> Report
    verify_bytes(data) -> Report         read, then verify
    verify_file(path) -> FileResult      never raises for a bad record
    exit_code(statuses) -> int           REC-2

A Report lists every check, passed or failed; a failed check lists its
mismatches as (JSON pointer, where in words, expected, found). Two
implementations agree on a record when they give the same status and the same
``report.failures()`` (REC-9).

Reading is record_read's; each kind is verified by its own module, as Node's
record_*.js: record_match (REC-3), record_poker (REC-4, REC-5), record_chess
(REC-6), record_selfpoker (REC-7). This module is their front: the kinds by
name, record files and standard input, and the exit code.
"""

import os
import stat
import sys

from .errors import INPUT_TOO_LARGE, file_error
from .record_chess import verify_chess
from .record_match import verify_match
from .record_poker import verify_leave, verify_session
from .record_read import KINDS, MAX_BYTES, MAX_DEPTH, Record, Unreadable, Unspecified, read
from .record_selfpoker import verify_selfpoker
from .report import FAILED, STATUSES, UNREADABLE, UNSPECIFIED, VERIFIED, Check, Mismatch, Report

__all__ = [
    "FAILED", "KINDS", "MAX_BYTES", "MAX_DEPTH", "STATUSES", "UNREADABLE", "UNSPECIFIED", "VERIFIED",
    "Check", "FileResult", "Mismatch", "Record", "Report", "Unreadable", "Unspecified",
    "exit_code", "read", "verify", "verify_bytes", "verify_data", "verify_file",
]

_VERIFIERS = {
    "match": verify_match,
    "leave": verify_leave,
    "session": verify_session,
    "game": verify_chess,
}


def verify(record: Record, backend=None) -> Report:
    """Check a record against the reference and report every check.
    ``backend`` chooses how selfpoker_v1 decks are dealt (see selfpoker_v1)."""
    if record.kind == "hand_end":
        return verify_selfpoker(record, backend)
    return _VERIFIERS[record.kind](record)


def verify_bytes(data, backend=None) -> Report:
    return verify(read(data), backend)


class FileResult:
    """One record's outcome: status, and a report (verified, failed) or an
    error code and message (unreadable, unspecified)."""

    __slots__ = ("path", "status", "report", "code", "message")

    def __init__(self, path, status, report=None, code=None, message=None):
        self.path, self.status, self.report, self.code, self.message = path, status, report, code, message

    def __repr__(self):
        # What a REPL user needs at a glance: the verdict and, without a
        # report, the error's code; .report and .message hold the rest.
        why = f", failures={self.report.failures()!r}" if self.report is not None and self.report.failures() else ""
        if self.report is None:
            why = f", code={self.code!r}"
        return f"FileResult({self.path!r}, status={self.status!r}{why})"

    def to_json(self) -> dict:
        out = {"path": self.path, "status": self.status}
        if self.report is not None:
            out["report"] = self.report.to_json()
        else:
            out["error"] = {"code": self.code, "message": self.message}
        return out


def verify_data(path: str, data, backend=None) -> FileResult:
    return _verified(path, lambda: read(data), backend)


def verify_file(path: str, backend=None) -> FileResult:
    """Read and verify one file. A file that cannot be read at all (missing, a
    directory, no permission) is unreadable with file_unreadable: it is not a
    record, and nothing about a record is claimed."""
    try:
        return _verified(path, lambda: read(read_file(path)), backend)
    except OSError as e:
        err = file_error(e)
        return FileResult(path, UNREADABLE, code=err.code, message=err.message)


def _verified(path: str, reading, backend) -> FileResult:
    """The outcome of reading() a record, then verifying it; the record's
    bytes are let go once it is read, before it is verified."""
    try:
        record = reading()
    except Unspecified as e:
        return FileResult(path, UNSPECIFIED, code=e.code, message=e.message)
    except Unreadable as e:
        return FileResult(path, UNREADABLE, code=e.code, message=e.message)
    rep = verify(record, backend)
    return FileResult(path, rep.status, report=rep)


STDIN_NAME = "-"  # the file name that stands for standard input (TXT-4); a file named - is ./-


def read_file(path: str) -> bytearray:
    """The bytes of a record file, holding at most the limit and one byte
    (LIM-3): a regular file over the limit is refused by its size, unread; a
    pipe or a device is read until it gives one byte more (REF-2). They grow
    in place, never held twice."""
    data = bytearray()
    # "-" is standard input (TXT-4), left open for whoever reads it next.
    stdin = path == STDIN_NAME
    with open(sys.stdin.fileno() if stdin else path, "rb", buffering=0, closefd=not stdin) as f:
        info = os.fstat(f.fileno())
        if stat.S_ISREG(info.st_mode) and info.st_size > MAX_BYTES:
            raise Unreadable(INPUT_TOO_LARGE, f"the file has {info.st_size} bytes, the limit is {MAX_BYTES}")
        while len(data) <= MAX_BYTES:
            chunk = f.read(min(1 << 20, MAX_BYTES + 1 - len(data)))
            if not chunk:
                break
            data += chunk
    if len(data) > MAX_BYTES:
        raise Unreadable(INPUT_TOO_LARGE, f"the file has more than {MAX_BYTES} bytes, the limit is {MAX_BYTES}")
    return data


def exit_code(statuses) -> int:
    """REC-2: 1 when any check failed, else 2 when any record was unreadable,
    else 3 when any record named an unspecified scheme, else 0."""
    statuses = set(statuses)
    for status, code in ((FAILED, 1), (UNREADABLE, 2), (UNSPECIFIED, 3)):
        if status in statuses:
            return code
    return 0
