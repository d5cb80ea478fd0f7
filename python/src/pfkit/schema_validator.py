"""Validation of records against the record schemas (spec/schemas/record_*.json, REC-1).

The schemas themselves are not written here: ``_record_schemas_data.py`` is a
copy generated from spec/schemas by tools/schemas_gen.py (``make schemas``), and
``make test`` fails while it is stale. This module interprets the copy with a
validator for the part of JSON Schema 2020-12 that the record schemas use
(the generator refuses a schema that uses any other keyword). It follows the
Go reference's validator (santhosh-tekuri/jsonschema) in what it accepts and
in how it words each complaint, as verifier.js does:

* "integer" is a number with no fractional part, however it is written (6,
  6.0 and 60e-1 all are; the record reader refuses the last two before the
  schema, NUM-1); true is not a number at all;
* "enum" and "const" compare numbers by value and never equal a boolean;
* "pattern" is searched for, with ``$`` meaning the end of the string (not
  before a final newline, as Python's ``re`` would have it) and ASCII classes;
* "format": "date-time" is asserted as RFC 3339 section 5.6 defines it (T and
  Z in either case, a leap second only at 23:59 UTC);
* text from the record (names of properties, times) is quoted as Go's %q
  quotes it, so that no control character reaches a terminal.

``validate(schema_name, value)`` returns a Result whose ``errors`` lists
(JSON pointer, complaint) pairs: the innermost complaints, sorted and cut to
``MAX_ERRORS``, as the reference lists them (empty when the value is valid).
"""

import re
import unicodedata
from decimal import Decimal

from ._record_schemas_data import SCHEMAS
from .strictjson import JsonBigInt, JsonFloat
from .times import parse_date_time

MAX_ERRORS = 5


class Result:
    __slots__ = ("errors",)

    def __init__(self, errors=()):
        self.errors = list(errors)

    @property
    def valid(self) -> bool:
        return not self.errors

    def message(self, schema_name: str) -> str:
        return f"not valid against {schema_name}: " + "; ".join(f"at {p}: {m}" for p, m in self.errors)


def validate(schema_name: str, value) -> Result:
    """Validate a parsed JSON value (strictjson's numbers included) against one
    of the record schemas."""
    root = SCHEMAS[schema_name]
    tree = _check(root, root, value, "")
    if tree is None:
        return Result()
    leaves = []
    _leaves(tree, leaves)
    # The reference sorts the complaints as text (byte order of UTF-8, which
    # is code point order) and keeps the first five.
    leaves.sort(key=lambda e: f"at {e[0]}: {e[1]}")
    return Result(leaves[:MAX_ERRORS])


# --- Go's quoting --------------------------------------------------------

_GO_ESCAPES = {7: "\\a", 8: "\\b", 12: "\\f", 10: "\\n", 13: "\\r", 9: "\\t", 11: "\\v"}


def _go_is_print(cp: int) -> bool:
    """unicode.IsPrint: letters, marks, numbers, punctuation, symbols, and the ASCII space."""
    if cp < 0x7F:
        return cp >= 0x20
    if cp < 0xA1 or cp == 0xAD:
        return False
    return unicodedata.category(chr(cp))[0] in "LMNPS"


def _go_escape(cp: int, quote: int) -> str:
    if cp == quote or cp == 0x5C:
        return "\\" + chr(cp)
    if 0xD800 <= cp <= 0xDFFF:
        return "\\ufffd"  # a lone surrogate is no rune: verifier.js prints it so
    if _go_is_print(cp):
        return chr(cp)
    if cp in _GO_ESCAPES:
        return _GO_ESCAPES[cp]
    if cp < 0x20 or cp == 0x7F:
        return f"\\x{cp:02x}"
    if cp < 0x10000:
        return f"\\u{cp:04x}"
    return f"\\U{cp:08x}"


def go_quote(s: str) -> str:
    """strconv.Quote (Go's %q of a string)."""
    return '"' + "".join(_go_escape(ord(ch), 0x22) for ch in s) + '"'


def _schema_quote(s: str) -> str:
    """The validator's quote: %q, then \\" unescaped and ' escaped, in single quotes."""
    return "'" + go_quote(s)[1:-1].replace('\\"', '"').replace("'", "\\'") + "'"


def _sharp_v(x) -> str:
    """A schema literal as Go's %#v prints the validator's copy of it."""
    if x is None:
        return "<nil>"
    if isinstance(x, bool):
        return "true" if x else "false"
    return go_quote(str(x))


# --- values --------------------------------------------------------------

def _json_type(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, str):
        return "string"
    if isinstance(v, (int, JsonFloat, JsonBigInt)):
        return "number"
    if isinstance(v, list):
        return "array"
    if isinstance(v, dict):
        return "object"
    raise TypeError(f"not a parsed JSON value: {type(v).__name__}")


def _is_integer(v) -> bool:
    """A number with no fractional part, however written (JSON Schema's "integer")."""
    if isinstance(v, bool):
        return False
    if isinstance(v, (int, JsonBigInt)):
        return True
    if not isinstance(v, JsonFloat):
        return False
    _, digits, exponent = Decimal(v.text).as_tuple()
    # Digits after the point, if any, are all zeros: looked up, never multiplied out.
    return exponent >= 0 or not any(digits[max(0, len(digits) + exponent):])


def _number_text(v) -> str:
    return getattr(v, "text", None) or str(v)


def _compare(v, k: int) -> int:
    """-1, 0 or 1 as the number v is below, equal to or above the integer k, exactly."""
    if isinstance(v, JsonBigInt):
        return -1 if v.text.startswith("-") else 1  # more digits than any bound has
    x = Decimal(v.text) if isinstance(v, JsonFloat) else v
    return -1 if x < k else 1 if x > k else 0


def _equals(v, x) -> bool:
    """JSON Schema equality of a value and a schema literal (string, integer, boolean, null)."""
    if isinstance(x, bool) or x is None:
        return v is x
    if isinstance(x, int):
        return _json_type(v) == "number" and _compare(v, x) == 0
    return isinstance(v, str) and v == x


_PATTERNS = {}


def _pattern(p: str):
    """A schema pattern as Go's and JavaScript's engines read it: $ ends the
    text, and classes such as \\d are ASCII."""
    rx = _PATTERNS.get(p)
    if rx is None:
        out, i, in_class = [], 0, False
        while i < len(p):
            ch = p[i]
            if ch == "\\":
                out.append(p[i:i + 2])
                i += 2
                continue
            if ch == "[":
                in_class = True
            elif ch == "]":
                in_class = False
            elif ch == "$" and not in_class:
                ch = r"\Z"
            out.append(ch)
            i += 1
        rx = _PATTERNS[p] = re.compile("".join(out), re.ASCII)
    return rx


# --- the validator -------------------------------------------------------

class _Node:
    __slots__ = ("loc", "message", "causes")

    def __init__(self, loc, message, causes=()):
        self.loc, self.message, self.causes = loc, message, list(causes)


def _leaves(node: _Node, out: list):
    if not node.causes:
        out.append((node.loc or "/", node.message))
        return
    for c in node.causes:
        _leaves(c, out)


def _resolve(root, ref: str):
    s = root
    for part in ref[2:].split("/"):
        s = s[part.replace("~1", "/").replace("~0", "~")]
    return s


def _check(root, s, v, loc: str):
    """None when v is valid against s, else the tree of complaints, built as
    the reference's validator builds it: the type first (a wrong type is the
    only complaint), then the value's own keywords, then the applicators."""
    if s is True:
        return None
    if s is False:
        return _Node(loc, "not allowed")
    t = _json_type(v)
    if "type" in s:
        types = s["type"] if isinstance(s["type"], list) else [s["type"]]
        if not any(x == t or (x == "integer" and _is_integer(v)) for x in types):
            return _Node(loc, f"expected {' or '.join(types)}, but got {t}")
    errors = _literal_errors(s, v, t, loc)
    by_type = _BY_TYPE.get(t)
    if by_type is not None:
        errors += by_type(root, s, v, loc)
    errors += _applicator_errors(root, s, v, loc)
    if not errors:
        return None
    return errors[0] if len(errors) == 1 else _Node(loc, "", errors)


def _literal_errors(s, v, t: str, loc: str) -> list:
    """const, enum and format."""
    errors = []
    if "const" in s and not _equals(v, s["const"]):
        c = s["const"]
        errors.append(_Node(loc, "const failed" if isinstance(c, (dict, list)) else f"value must be {_sharp_v(c)}"))
    if "enum" in s and not any(_equals(v, x) for x in s["enum"]):
        e = s["enum"]
        if any(isinstance(x, (dict, list)) for x in e):
            message = "enum failed"
        elif len(e) == 1:
            message = f"value must be {_sharp_v(e[0])}"
        else:
            message = "value must be one of " + ", ".join(_sharp_v(x) for x in e)
        errors.append(_Node(loc, message))
    if s.get("format") == "date-time" and t == "string" and parse_date_time(v) is None:
        errors.append(_Node(loc, f"{_schema_quote(v)} is not valid {_schema_quote('date-time')}"))
    return errors


def _object_errors(root, s, v: dict, loc: str) -> list:
    errors = []
    missing = [p for p in s.get("required", ()) if p not in v]
    if missing:
        errors.append(_Node(loc, "missing properties: " + ", ".join(_schema_quote(p) for p in missing)))
    props = s.get("properties", {})
    for p, sub in props.items():
        if p in v:
            e = _check(root, sub, v[p], f"{loc}/{p.replace('~', '~0').replace('/', '~1')}")
            if e is not None:
                errors.append(e)
    if s.get("additionalProperties") is False:
        extra = sorted(k for k in v if k not in props)
        if extra:
            errors.append(_Node(loc, f"additionalProperties {', '.join(_schema_quote(k) for k in extra)} not allowed"))
    return errors


def _array_errors(root, s, v: list, loc: str) -> list:
    errors = []
    if "minItems" in s and len(v) < s["minItems"]:
        errors.append(_Node(loc, f"minimum {s['minItems']} items required, but found {len(v)} items"))
    if "maxItems" in s and len(v) > s["maxItems"]:
        errors.append(_Node(loc, f"maximum {s['maxItems']} items required, but found {len(v)} items"))
    prefix = s.get("prefixItems", ())
    for i, x in enumerate(v):
        if i < len(prefix):
            e = _check(root, prefix[i], x, f"{loc}/{i}")
        elif "items" in s:
            e = _check(root, s["items"], x, f"{loc}/{i}")
        else:
            break
        if e is not None:
            errors.append(e)
    return errors


def _string_errors(root, s, v: str, loc: str) -> list:
    if "pattern" in s and _pattern(s["pattern"]).search(v) is None:
        return [_Node(loc, f"does not match pattern {_schema_quote(s['pattern'])}")]
    return []


def _number_errors(root, s, v, loc: str) -> list:
    errors = []
    if "minimum" in s and _compare(v, s["minimum"]) < 0:
        errors.append(_Node(loc, f"must be >= {s['minimum']} but found {_number_text(v)}"))
    if "maximum" in s and _compare(v, s["maximum"]) > 0:
        errors.append(_Node(loc, f"must be <= {s['maximum']} but found {_number_text(v)}"))
    return errors


_BY_TYPE = {"object": _object_errors, "array": _array_errors, "string": _string_errors, "number": _number_errors}


def _applicator_errors(root, s, v, loc: str) -> list:
    """$ref, not, allOf, anyOf, oneOf and if-then-else, in that order."""
    errors = []
    if "$ref" in s:
        e = _check(root, _resolve(root, s["$ref"]), v, loc)
        if e is not None:
            errors.append(_Node(loc, f"doesn't validate with {s['$ref']}", e.causes if e.message == "" else [e]))
    if "not" in s and _check(root, s["not"], v, loc) is None:
        errors.append(_Node(loc, "not failed"))
    for x in s.get("allOf", ()):
        e = _check(root, x, v, loc)
        if e is not None:
            errors.append(_Node(loc, "allOf failed", [e]))
    if "anyOf" in s:
        errors += _any_of(root, s["anyOf"], v, loc)
    if "oneOf" in s:
        errors += _one_of(root, s["oneOf"], v, loc)
    if "if" in s:
        errors += _if_then_else(root, s, v, loc)
    return errors


def _any_of(root, subs, v, loc: str) -> list:
    causes = []
    for x in subs:
        e = _check(root, x, v, loc)
        if e is None:
            return []
        causes.append(e)
    return [_Node(loc, "anyOf failed", causes)]


def _one_of(root, subs, v, loc: str) -> list:
    errors, causes, matched = [], [], -1
    for i, x in enumerate(subs):
        e = _check(root, x, v, loc)
        if e is not None:
            causes.append(e)
        elif matched == -1:
            matched = i
        else:
            errors.append(_Node(loc, f"valid against schemas at indexes {matched} and {i}"))
            break
    if matched == -1:
        errors.append(_Node(loc, "oneOf failed", causes))
    return errors


def _if_then_else(root, s, v, loc: str) -> list:
    if _check(root, s["if"], v, loc) is None:
        e = _check(root, s["then"], v, loc) if "then" in s else None
        return [] if e is None else [_Node(loc, "if-then failed", [e])]
    e = _check(root, s["else"], v, loc) if "else" in s else None
    return [] if e is None else [_Node(loc, "if-else failed", [e])]
