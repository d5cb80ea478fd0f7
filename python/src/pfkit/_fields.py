"""Reading an op's input object field by field, in the spec's check order.

RUN-6 fixes which problem is reported when several are present: unknown fields
first, then the fields in the order the op table lists them; for each field
missing, then type, then value; for an array its length, then each element. The
ops call these readers in that order and the first failure raises.

Values come from the strict JSON reader (ints, JsonFloat, JsonBigInt, str,
list, dict, bool, None) or from Python callers of the API; a Python float is
treated like a JSON number with a fraction, and numpy integers like ints.
"""

import numbers

from . import _spec_tables
from .errors import (
    BAD_LENGTH,
    INVALID_HEX,
    INVALID_IDENTIFIER,
    INVALID_INTEGER,
    MISSING_FIELD,
    OUT_OF_RANGE,
    UNKNOWN_FIELD,
    UNKNOWN_READING,
    WRONG_TYPE,
    PfkitError,
)
from .escape import cut, cut_quoted, quoted
from .reading import READINGS, order_problem
from .strictjson import JsonBigInt, JsonFloat, code_point_key

MAX_SAFE = 2 ** 53 - 1  # NUM-1

#: The input fields of each op ("scheme/op"), in check order (section 10.1), generated.
OP_INPUTS = _spec_tables.OP_INPUTS
MAX_ID_LEN = 64  # ID-1
ID_CHARS = "A-Z a-z 0-9 - _ ."
_ID_OK = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")
_HEX_OK = frozenset("0123456789abcdef")


def all_digits(s: str) -> bool:
    """Whether s is nothing but the ASCII digits 0-9 (or empty). In C, a byte
    at a time: a seed may have sixteen million digits, and str.isdigit or a
    set test would take a unicode lookup or an object for each (LIM-1)."""
    return s.isascii() and not s.encode("ascii").translate(None, b"0123456789")


def type_name(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, (numbers.Number, JsonFloat, JsonBigInt)):
        return "a number"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, (list, tuple)):
        return "an array"
    if isinstance(v, dict):
        return "an object"
    return f"a Python {type(v).__name__}"


def describe_char(ch: str) -> str:
    if ch == "\ufffd":
        return "U+FFFD (a byte that is not UTF-8, or a replacement character)"
    if " " <= ch < "\x7f":
        return quoted(ch)
    return f"U+{ord(ch):04X} {quoted(ch)}"


def show(v) -> str:
    """A found value as a message shows it: a number as written, a string
    quoted, both cut (REF-1's way, TXT-2's escapes)."""
    if isinstance(v, (JsonFloat, JsonBigInt)):
        return cut(v.text)
    if isinstance(v, str):
        return cut_quoted(v)
    return cut(str(v))


def check_id(where: str, s: str) -> str:
    """ID-1: 1 to 64 characters from A-Z a-z 0-9 - _ ."""
    if not s:
        raise PfkitError(INVALID_IDENTIFIER,
                         f"{where}: expected 1-{MAX_ID_LEN} characters from {ID_CHARS}, found an empty string")
    for i, ch in enumerate(s):
        if ch not in _ID_OK:
            raise PfkitError(INVALID_IDENTIFIER, f"{where}: expected only characters from {ID_CHARS}, "
                                                 f"found {describe_char(ch)} at position {i}")
    if len(s) > MAX_ID_LEN:
        raise PfkitError(INVALID_IDENTIFIER, f"{where}: expected at most {MAX_ID_LEN} characters, found {len(s)}")
    return s


def check_hex(where: str, s: str, size: int = 64) -> str:
    """SEED-1 and HASH-1: exactly `size` lowercase hex characters."""
    if len(s) != size:
        found = "1 character" if len(s) == 1 else f"{len(s)} characters"
        raise PfkitError(INVALID_HEX, f"{where}: expected {size} lowercase hex characters, found {found}")
    for i, ch in enumerate(s):
        if ch not in _HEX_OK:
            if "A" <= ch <= "F":
                raise PfkitError(INVALID_HEX,
                                 f"{where}: expected lowercase hex, found uppercase {quoted(ch)} at position {i}")
            raise PfkitError(INVALID_HEX, f"{where}: expected lowercase hex, found {describe_char(ch)} at position {i}")
    return s


def integer(where: str, v, lo: int, hi: int) -> int:
    """NUM-1: an integer with no fraction or exponent, |v| <= 2^53 - 1, in [lo, hi]."""
    if isinstance(v, bool) or not isinstance(v, (numbers.Number, JsonFloat, JsonBigInt)):
        raise PfkitError(WRONG_TYPE, f"{where}: expected an integer, found {type_name(v)}")
    if isinstance(v, JsonFloat) or (isinstance(v, numbers.Number) and not isinstance(v, numbers.Integral)):
        raise PfkitError(INVALID_INTEGER, f"{where}: expected an integer with no fraction or exponent, found {show(v)}")
    if isinstance(v, JsonBigInt):
        raise PfkitError(INVALID_INTEGER, f"{where}: {show(v)} is beyond 2^53-1, where JSON readers lose precision; "
                                          "send it as a decimal string")
    x = int(v)
    if abs(x) > MAX_SAFE:
        raise PfkitError(INVALID_INTEGER, f"{where}: {x} is beyond 2^53-1, where JSON readers lose precision; "
                                          "send it as a decimal string")
    if x < lo or x > hi:
        raise PfkitError(OUT_OF_RANGE, f"{where}: expected an integer from {lo} to {hi}, found {x}")
    return x


def count(lo: int, hi: int) -> str:
    return f"{lo} elements" if lo == hi else f"from {lo} to {hi} elements"


class Fields:
    """The fields of one input object; unknown fields are refused on creation."""

    def __init__(self, obj: dict, path: str, known):
        self.obj = obj
        self.path = path
        self.known = tuple(known)
        unknown = sorted((k for k in obj if k not in known), key=code_point_key)
        if unknown:
            raise PfkitError(UNKNOWN_FIELD,
                             f"{path}: unexpected field {cut_quoted(unknown[0])}; expected only {', '.join(known)}")

    def where(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def get(self, name: str):
        if name not in self.obj:
            raise PfkitError(MISSING_FIELD, f"{self.where(name)}: required field is missing "
                                            f"(expected {', '.join(self.known)}; "
                                            f"found {', '.join(sorted(self.obj, key=code_point_key)) or 'no fields'})")
        return self.obj[name]

    def string(self, name: str) -> str:
        v = self.get(name)
        if not isinstance(v, str):
            raise PfkitError(WRONG_TYPE, f"{self.where(name)}: expected a string, found {type_name(v)}")
        return v

    def seed(self, name: str) -> str:
        return check_hex(self.where(name), self.string(name), 64)

    def hash(self, name: str) -> str:
        return check_hex(self.where(name), self.string(name), 64)

    def id(self, name: str) -> str:
        return check_id(self.where(name), self.string(name))

    def int_in(self, name: str, lo: int, hi: int) -> int:
        return integer(self.where(name), self.get(name), lo, hi)

    def array(self, name: str, lo: int, hi: int) -> list:
        v = self.get(name)
        if not isinstance(v, (list, tuple)):
            raise PfkitError(WRONG_TYPE, f"{self.where(name)}: expected an array, found {type_name(v)}")
        if not lo <= len(v) <= hi:
            raise PfkitError(BAD_LENGTH, f"{self.where(name)}: expected {count(lo, hi)}, found {len(v)}")
        return list(v)

    def ids(self, name: str, lo: int, hi: int) -> list:
        out = []
        for i, v in enumerate(self.array(name, lo, hi)):
            where = f"{self.where(name)}[{i}]"
            if not isinstance(v, str):
                raise PfkitError(WRONG_TYPE, f"{where}: expected a string, found {type_name(v)}")
            out.append(check_id(where, v))
        return out

    def reading(self, name: str):
        """An optional declared reading (READ-1): absent, the kit's, which
        READINGS lists first; present, one of READINGS[name]."""
        allowed = READINGS[name]
        if name not in self.obj:
            return allowed[0]
        v = self.string(name)
        if v not in allowed:
            raise PfkitError(UNKNOWN_READING, f"{self.where(name)}: expected one of "
                                              f"{', '.join(chr(34) + a + chr(34) for a in allowed)}, found {show(v)}")
        return v

    def order(self, name: str, base, n: int):
        """An optional fixed order listed in full (READ-10, READ-11): absent,
        base (the kit's naming of ids 0..n-1); present, n names holding each of
        base's names as often, returned as a naming function."""
        if name not in self.obj:
            return base
        names = self.array(name, n, n)
        for i, v in enumerate(names):
            if not isinstance(v, str):
                raise PfkitError(WRONG_TYPE, f"{self.where(name)}[{i}]: expected a name, found {type_name(v)}")
        problem = order_problem(names, base, n)
        if problem:
            raise PfkitError(UNKNOWN_READING, f"{self.where(name)}: not an order of the {n} pieces: {problem}")
        return names.__getitem__

    @staticmethod
    def child(where: str, v, known=()) -> "Fields":
        if not isinstance(v, dict):
            raise PfkitError(WRONG_TYPE, f"{where}: expected an object, found {type_name(v)}")
        return Fields(v, where, known)


def input_fields(inp, known) -> Fields:
    """The top-level input object of an op."""
    if not isinstance(inp, dict):
        raise PfkitError(WRONG_TYPE, f"input: expected an object, found {type_name(inp)}")
    return Fields(inp, "input", known)
