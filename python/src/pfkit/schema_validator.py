"""The record schema check (spec SCH-1 to SCH-3, REC-1).

The schemas are not written here: ``_record_schemas_data.py`` is a copy
generated from spec/schemas by tools/schemas_gen.py (``make schemas``), which
refuses a schema with a keyword outside SCH-1's subset. This module checks a
record read by :mod:`pfkit.strictjson` against one of them, on the record's
nodes, without building the record: in SCH-1's order, stopping at the first
violation, which it words as SCH-2 says.

    check(schema_name, doc) -> Violation or None

Every number a record holds is an integer by the time its schema is checked
(REC-1 refuses fractions and exponents first), so ``integer`` and ``number``
both take a number, and numbers compare exactly, by their digits.
"""

import re

from . import strictjson as sj
from ._record_schemas_data import SCHEMAS
from .escape import cut, cut_quoted
from .times import parse_date_time

# The JSON Schema type of each kind of node, and how a complaint names a type.
_SCHEMA_TYPE = {sj.NULL: "null", sj.FALSE: "boolean", sj.TRUE: "boolean", sj.INT: "number", sj.LOOSE: "number",
                sj.STR: "string", sj.ESTR: "string", sj.ARRAY: "array", sj.OBJECT: "object"}
_TYPE_WORDS = {"null": "null", "boolean": "a boolean", "object": "an object", "array": "an array",
               "number": "a number", "integer": "an integer", "string": "a string"}


class Violation:
    """The first violation SCH-1 finds: the pointer of the value it concerns
    (RFC 6901) and SCH-2's complaint."""

    __slots__ = ("pointer", "complaint")

    def __init__(self, pointer: str, complaint: str):
        self.pointer, self.complaint = pointer, complaint

    def message(self, schema_name: str) -> str:
        """REF-3's message of an invalid_record refusal."""
        return f"not valid against {schema_name}: at {cut_quoted(self.pointer)}: {self.complaint}"

    def __repr__(self):
        return f"Violation({self.pointer!r}, {self.complaint!r})"


def check(schema_name: str, doc, node: int = 0):
    """The first violation of the record's node against a record schema, or
    None when the record is valid against it."""
    root = SCHEMAS[schema_name]
    found = _Checker(root, doc).check(root, node, None)
    if found is None:
        return None
    path, complaint = found
    return Violation(pointer(path), complaint)


def pointer(path) -> str:
    """The JSON pointer of a path (parent, token) ... None, innermost last."""
    tokens = []
    while path is not None:
        path, token = path
        tokens.append(token if isinstance(token, str) else str(token))
    return "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in reversed(tokens))


_PATTERNS = {}


def _pattern(p: str):
    """A schema pattern as JSON Schema reads it (ECMA-262): $ is the end of the
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


def _literal(c) -> str:
    """A schema's const or enum value as a complaint writes it (SCH-2)."""
    if c is None:
        return "null"
    if isinstance(c, bool):
        return "true" if c else "false"
    if isinstance(c, int):
        return cut(str(c))
    return cut_quoted(c)


def _compare(text: str, k: int) -> int:
    """-1, 0 or 1 as the integer written text is below, equal to or above k,
    decided by the count of digits before any conversion (LIM-1)."""
    negative = text[0] == "-"
    digits = text[1:] if negative else text
    if len(digits) > len(str(abs(k))):
        return -1 if negative else 1
    x = int(text)
    return (x > k) - (x < k)


class _Checker:
    __slots__ = ("root", "doc")

    def __init__(self, root, doc):
        self.root, self.doc = root, doc

    def resolve(self, ref: str):
        s = self.root
        for part in ref[2:].split("/"):
            s = s[part.replace("~1", "/").replace("~0", "~")]
        return s

    def shown(self, i: int) -> str:
        """SCH-2's V: a string cut and quoted, a number as written and cut,
        true, false, null, and an array or an object by its type."""
        doc = self.doc
        kind = doc.kind(i)
        if kind in (sj.STR, sj.ESTR):
            return cut_quoted(doc.string(i))
        if kind in (sj.INT, sj.LOOSE):
            return cut(doc.text(i, 41))
        return ("null", "false", "true")[kind] if kind <= sj.TRUE else doc.type_name(i)

    def equal(self, i: int, c) -> bool:
        """JSON Schema's equality of node i and a schema's literal."""
        kind = self.doc.kind(i)
        if c is None or isinstance(c, bool):
            return kind == (sj.NULL if c is None else sj.TRUE if c else sj.FALSE)
        if isinstance(c, int):
            return kind == sj.INT and _compare(self.doc.text(i), c) == 0
        return kind in (sj.STR, sj.ESTR) and self.doc.string(i) == c

    def check(self, s, i: int, path):
        """SCH-1's steps for node i at path against schema s: None, or (path,
        complaint) of the first violation."""
        if s is True:
            return None
        while "$ref" in s:
            s = self.resolve(s["$ref"])
        doc = self.doc
        kind = doc.kind(i)
        types = s.get("type")
        if types is not None:
            names = types if isinstance(types, list) else [types]
            have = _SCHEMA_TYPE[kind]
            if not any(n == have or (n == "integer" and have == "number") for n in names):
                return path, f"expected {' or '.join(_TYPE_WORDS[n] for n in names)}, found {doc.type_name(i)}"
        if "const" in s and not self.equal(i, s["const"]):
            return path, f"expected {_literal(s['const'])}, found {self.shown(i)}"
        if "enum" in s and not any(self.equal(i, c) for c in s["enum"]):
            return path, f"expected one of {', '.join(_literal(c) for c in s['enum'])}, found {self.shown(i)}"
        if kind in (sj.STR, sj.ESTR):
            found = self.string(s, i, path)
        elif kind == sj.INT:
            found = self.number(s, i, path)
        elif kind == sj.ARRAY:
            found = self.array(s, i, path)
        elif kind == sj.OBJECT:
            found = self.object(s, i, path)
        else:
            found = None
        return found or self.applicators(s, i, path)

    def string(self, s, i: int, path):
        if "pattern" in s and _pattern(s["pattern"]).search(self.doc.string(i)) is None:
            return path, f"expected a string matching {s['pattern']}, found {self.shown(i)}"
        if s.get("format") == "date-time" and parse_date_time(self.doc.string(i)) is None:
            return path, f"expected an RFC 3339 date-time, found {self.shown(i)}"
        return None

    def number(self, s, i: int, path):
        text = self.doc.text(i)
        if "minimum" in s and _compare(text, s["minimum"]) < 0:
            return path, f"expected at least {s['minimum']}, found {self.shown(i)}"
        if "maximum" in s and _compare(text, s["maximum"]) > 0:
            return path, f"expected at most {s['maximum']}, found {self.shown(i)}"
        return None

    def array(self, s, i: int, path):
        doc = self.doc
        if "minItems" in s or "maxItems" in s:
            n = doc.count(i)
            if "minItems" in s and n < s["minItems"]:
                return path, f"expected at least {s['minItems']} items, found {n}"
            if "maxItems" in s and n > s["maxItems"]:
                return path, f"expected at most {s['maxItems']} items, found {n}"
        prefix, items = s.get("prefixItems", ()), s.get("items")
        if not prefix and items is None:
            return None
        for index, j in enumerate(doc.items(i)):
            sub = prefix[index] if index < len(prefix) else items
            if sub is None:
                break
            found = self.check(sub, j, (path, index))
            if found:
                return found
        return None

    def object(self, s, i: int, path):
        members = self.doc.members(i)
        for name in s.get("required", ()):
            if name not in members:
                return path, f"missing property {cut_quoted(name)}"
        props = s.get("properties", {})
        if s.get("additionalProperties") is False:
            unknown = [k for k in members if k not in props]
            if unknown:
                return path, f"unknown property {cut_quoted(min(unknown))}"
        for name in sorted(k for k in members if k in props):
            sub = props[name]
            if sub is False:
                return path, f"property {cut_quoted(name)} is not allowed here"
            found = self.check(sub, members[name], (path, name))
            if found:
                return found
        return None

    def applicators(self, s, i: int, path):
        """Step 7: allOf in order, then if, and then or else."""
        for sub in s.get("allOf", ()):
            found = self.check(sub, i, path)
            if found:
                return found
        if "if" in s:
            branch = s.get("then") if self.check(s["if"], i, path) is None else s.get("else")
            if branch is not None:
                return self.check(branch, i, path)
        return None
