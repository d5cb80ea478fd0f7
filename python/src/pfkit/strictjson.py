"""Strict JSON reading (spec RUN-3..RUN-6, NUM-1) and the canonical form (VEC-3).

Python's json module is lenient where the spec is not: it accepts NaN and
Infinity, keeps the last of two equal keys, turns 6.0 into a float and would
recurse without bound. ``loads`` wraps it so that

* numbers with a fraction or an exponent come back as :class:`JsonFloat`,
  keeping their text, so a field check can refuse them with invalid_integer;
* integers too long to be worth converting come back as :class:`JsonBigInt`
  (they are beyond 2^53 - 1 anyway, and int() refuses very long digit strings);
* NaN, Infinity and -Infinity are syntax errors;
* an object with the same key twice is refused, at any depth;
* nesting deeper than the limit is refused with input_too_large, unless a syntax
  error or a duplicate key comes first in reading order, as a streaming reader
  (the Go reference) meets them;
* bytes that are not UTF-8 become U+FFFD one byte at a time, as Go's reader
  does, so an echoed id or a duplicate-key check matches the reference.
"""

import codecs
import json
import re

from .errors import INPUT_TOO_LARGE, MALFORMED_REQUEST, PfkitError
from .escape import quoted

MAX_BYTES = 1 << 20  # RUN-5: one request line
MAX_DEPTH = 32  # RUN-5: nested arrays and objects


class JsonFloat:
    """A JSON number written with a fraction or an exponent, kept as its text."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def __repr__(self):
        return f"JsonFloat({self.text!r})"

    def __eq__(self, other):
        return isinstance(other, JsonFloat) and other.text == self.text

    def __hash__(self):
        return hash(("JsonFloat", self.text))


class JsonBigInt:
    """A JSON integer of more digits than any accepted value has, kept as text."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def __repr__(self):
        return f"JsonBigInt({self.text!r})"

    def __eq__(self, other):
        return isinstance(other, JsonBigInt) and other.text == self.text

    def __hash__(self):
        return hash(("JsonBigInt", self.text))


# 2^53 - 1 has 16 digits; anything with more than 40 characters is far beyond.
_INT_TEXT_MAX = 40


def _parse_int(text: str):
    return int(text) if len(text) <= _INT_TEXT_MAX else JsonBigInt(text)


class NegativeZero(int):
    """The JSON number -0: zero for arithmetic, but a reader that must see how a
    number was written (a record's selfpoker seed, spec REC-1) can tell it from 0."""

    __slots__ = ()
    text = "-0"


def _parse_int_signed_zero(text: str):
    return NegativeZero(0) if text == "-0" else _parse_int(text)


class _Refused(Exception):
    pass


def _parse_constant(name: str):
    raise _Refused(f"{name} is not JSON")


_SURROGATE = re.compile("[\ud800-\udfff]")


def _pairs(pairs):
    obj = {}
    for key, value in pairs:
        # Go's reader turns an escaped lone surrogate into U+FFFD; do the same so
        # that two such keys collide here exactly when they collide there.
        if _SURROGATE.search(key):
            key = _SURROGATE.sub("\ufffd", key)
        if key in obj:
            raise _Refused(f"duplicate key {quoted(key)}")
        obj[key] = value
    return obj


def _go_replace(exc):
    # One U+FFFD per offending byte, then resume at the next byte (Go's
    # utf8.DecodeRune skips one byte on error), not Python's maximal subpart.
    if isinstance(exc, UnicodeDecodeError):
        return "\ufffd", exc.start + 1
    raise exc


codecs.register_error("pfkit-go-replace", _go_replace)

_DECODER = json.JSONDecoder(
    object_pairs_hook=_pairs, parse_float=JsonFloat, parse_int=_parse_int, parse_constant=_parse_constant
)
_DECODER_SIGNED_ZERO = json.JSONDecoder(
    object_pairs_hook=_pairs, parse_float=JsonFloat, parse_int=_parse_int_signed_zero, parse_constant=_parse_constant
)

# Strings (possibly unterminated) and brackets: enough to follow the nesting of a
# JSON text up to its first syntax error.
_STRUCTURE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.S)
_CLOSER = {"[": "]", "{": "}"}


def _depth_exceeded(text: str, max_depth: int):
    """Where the nesting first goes deeper than max_depth.

    Returns (index of that bracket, the closers of the brackets open before it,
    innermost first), or None when it never does before the first mismatched
    bracket (a syntax error the parser reports itself).
    """
    if text.count("[") + text.count("{") <= max_depth:
        return None
    stack = []
    for m in _STRUCTURE.finditer(text):
        tok = m.group()
        if tok == "[" or tok == "{":
            if len(stack) == max_depth:
                return m.start(), "".join(_CLOSER[b] for b in reversed(stack))
            stack.append(tok)
        elif tok == "]" or tok == "}":
            if not stack or _CLOSER[stack.pop()] != tok:
                return None
    return None


def _loads(text: str, decoder=_DECODER):
    try:
        value, end = decoder.raw_decode(text, _skip_ws(text, 0))
    except json.JSONDecodeError as e:
        msg = e.msg[:-3] if e.msg.endswith(" at") else e.msg  # "Invalid control character at"
        raise _Refused(f"{msg} at character {e.pos + 1}") from None
    except RecursionError:
        raise _Refused("nesting too deep") from None
    end = _skip_ws(text, end)
    if end != len(text):
        raise _Refused(f"unexpected data after the JSON value at character {end + 1}")
    return value


_WS = re.compile(r"[ \t\r\n]*")


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _lone_surrogates(v):
    if isinstance(v, str):
        return _SURROGATE.sub("\ufffd", v) if _SURROGATE.search(v) else v
    if isinstance(v, dict):
        return {k: _lone_surrogates(e) for k, e in v.items()}
    if isinstance(v, list):
        return [_lone_surrogates(e) for e in v]
    return v


def _skip_ws(text: str, i: int) -> int:
    # A regex rather than a loop: a 16 MiB record may end in megabytes of spaces.
    return _WS.match(text, i).end()


def loads(data, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH, what: str = "request",
          signed_zero: bool = False, expected: str = "one JSON object per line"):
    """Parse one JSON text strictly; raise PfkitError on any violation.

    ``data`` is bytes (measured as is) or str (measured as UTF-8). Objects
    become dicts, arrays lists, integers int (or JsonBigInt when huge), other
    numbers JsonFloat. With ``signed_zero``, -0 comes back as NegativeZero.
    """
    decoder = _DECODER_SIGNED_ZERO if signed_zero else _DECODER
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if max_bytes is not None and len(data) > max_bytes:
        raise PfkitError(INPUT_TOO_LARGE, f"{what}: expected at most {max_bytes} bytes, found {len(data)}")
    text = data.decode("utf-8", "pfkit-go-replace")
    deep = _depth_exceeded(text, max_depth) if max_depth is not None else None
    try:
        if deep is None:
            value = _loads(text, decoder)
            # An escaped surrogate that is not half of a pair reads as U+FFFD,
            # in values as in keys (_pairs), as Go's reader reads it.
            return _lone_surrogates(value) if _SURROGATE_ESCAPE.search(text) else value
        # The nesting goes too deep at index p. A streaming reader reports that
        # unless it met a syntax error or a duplicate key before p: the text
        # before p, with a value in place of the deep bracket and its open
        # brackets closed, parses exactly when it did not.
        p, closers = deep
        _loads(text[:p] + " 0" + closers, decoder)
    except _Refused as e:
        raise PfkitError(MALFORMED_REQUEST, f"{what}: expected {expected}: {e}") from None
    raise PfkitError(INPUT_TOO_LARGE, f"{what}: nesting deeper than {max_depth} levels (at character {p + 1})")


def _canon_string(s: str, out: list):
    out.append('"')
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch < " ":
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    out.append('"')


def _canon(v, out: list):
    if v is None:
        out.append("null")
    elif v is True:
        out.append("true")
    elif v is False:
        out.append("false")
    elif isinstance(v, int):
        out.append(str(int(v)))
    elif isinstance(v, (JsonFloat, JsonBigInt)):
        out.append(v.text)
    elif isinstance(v, str):
        _canon_string(v, out)
    elif isinstance(v, dict):
        out.append("{")
        for i, k in enumerate(sorted(v, key=lambda k: k.encode("utf-8", "surrogatepass"))):
            if i:
                out.append(",")
            _canon_string(k, out)
            out.append(":")
            _canon(v[k], out)
        out.append("}")
    elif isinstance(v, (list, tuple)):
        out.append("[")
        for i, e in enumerate(v):
            if i:
                out.append(",")
            _canon(e, out)
        out.append("]")
    else:
        raise TypeError(f"canon: cannot write {type(v).__name__}")


def canon(value) -> str:
    """The canonical compact JSON of VEC-3: keys sorted by byte value, no
    whitespace, integers in decimal, only '"', '\\' and control characters
    escaped (as \\u00xx)."""
    out = []
    _canon(value, out)
    return "".join(out)
