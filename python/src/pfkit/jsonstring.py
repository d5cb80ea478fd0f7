"""The text of a JSON string as RUN-8 reads it, from the bytes of a document.

Every byte that is not part of a well-formed UTF-8 sequence is one U+FFFD, and
an escaped surrogate that is not half of a pair is one U+FFFD too. Python's
decoder with ``errors="replace"`` writes one U+FFFD per maximal subpart
instead, which differs only where a well-formed sequence is cut short (E2 82,
F0 9F 98: one U+FFFD where RUN-8 reads two or three); such a prefix is first
overwritten with as many bytes FF, each of which the decoder replaces on its
own. Everything runs in C, so a 16 MiB string costs time in proportion to its
length and one copy of its text (LIM-1), never a Python call per byte.
"""

import json
import re

# A well-formed sequence cut short after its first two or three bytes (the
# Unicode Standard's table 3-7), where the next byte does not continue it.
_CUT3 = re.compile(rb"(?:\xF0[\x90-\xBF]|[\xF1-\xF3][\x80-\xBF]|\xF4[\x80-\x8F])[\x80-\xBF](?![\x80-\xBF])")
_CUT2 = re.compile(rb"(?:\xE0[\xA0-\xBF]|[\xE1-\xEC\xEE\xEF][\x80-\xBF]|\xED[\x80-\x9F]"
                   rb"|\xF0[\x90-\xBF]|[\xF1-\xF3][\x80-\xBF]|\xF4[\x80-\x8F])(?![\x80-\xBF])")
_HIGH = re.compile(rb"[\x80-\xFF]")
_ESCAPED_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_scanstring = json.decoder.scanstring

# Below this many bytes a slice is copied; above it the decoder reads the
# document's buffer in place, so that a long string is not held twice.
_IN_PLACE = 1 << 16


def _slice(data, start: int, end: int):
    return data[start:end] if end - start < _IN_PLACE else memoryview(data)[start:end]


def utf8(data, start: int = 0, end: int = None) -> str:
    """data[start:end] read as UTF-8 by RUN-8's rule."""
    if end is None:
        end = len(data)
    if not _HIGH.search(data, start, end):
        return str(_slice(data, start, end), "ascii")
    if _CUT2.search(data, start, end) or _CUT3.search(data, start, end):
        part = _CUT3.sub(b"\xff\xff\xff", data[start:end])
        return str(_CUT2.sub(b"\xff\xff", part), "utf-8", "replace")
    return str(_slice(data, start, end), "utf-8", "replace")


def has_escaped_surrogate(data) -> bool:
    """Whether a document may hold an escape in U+D800 to U+DFFF."""
    return _ESCAPED_SURROGATE.search(data) is not None


def plain(data, start: int, end: int) -> str:
    """The text of a string token data[start:end], quotes included, that holds
    no escape."""
    if end - start < _IN_PLACE:
        part = data[start + 1:end - 1]
        if part.isascii():
            return part.decode("ascii")
    return utf8(data, start + 1, end - 1)


def escaped(data, start: int, end: int) -> str:
    """The text of a string token data[start:end], quotes included, that holds
    escapes; the reader has checked that every escape is well formed."""
    text = _scanstring(utf8(data, start, end), 1)[0]
    if _ESCAPED_SURROGATE.search(data, start, end) and _SURROGATE.search(text):
        text = _SURROGATE.sub("\ufffd", text)
    return text
