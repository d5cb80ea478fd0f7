"""The record schema check (spec SCH-1 to SCH-3, REC-1).

The schemas are not written here: ``_record_schemas_data.py`` is a copy
generated from spec/schemas by tools/gen/schemas_gen.py (``make schemas``), which
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
from .escape import text as escaped
from .times import parse_date_time
from .words import text

# The JSON Schema type of each kind of node, and how a complaint names a type.
_SCHEMA_TYPE = {sj.NULL: "null", sj.FALSE: "boolean", sj.TRUE: "boolean", sj.INT: "number", sj.LOOSE: "number",
                sj.STR: "string", sj.ESTR: "string", sj.ARRAY: "array", sj.OBJECT: "object"}
_TYPE_WORDS = {"null": "null", "boolean": "a boolean", "object": "an object", "array": "an array",
               "number": "a number", "integer": "an integer", "string": "a string"}


# The catalog's codes of SCH-2's complaints (spec/catalog/en.po, cli.schema.*).
_C = "cli.schema."
# A complaint in an object inside the record says "is not one of its fields"
# where the record's own says "is not a field of this record".
_INNER = (_C + "unknown", _C + "missingBeside")


def _known(code: str) -> bool:
    """Whether the catalog has the code (text gives back a code it does not have)."""
    return text(code) != code


class Violation:
    """The first violation SCH-1 finds: where (its tokens, outermost first: a
    member's name, an element's index), SCH-2's complaint as a catalog code
    with its parameters, and for a list's bounds the bound (count)."""

    __slots__ = ("tokens", "code", "params", "count", "schema", "record_keys")

    def __init__(self, tokens, code: str, params: dict, count: int = -1, schema: str = ""):
        self.tokens, self.code, self.params, self.count = tokens, code, params, count
        # the record schema's name without "record_" and ".json": "poker_leave_v1"
        self.schema = schema
        # a refusal's tokens may be any keys the record holds, a violation's
        # are names its schema gives
        self.record_keys = False

    def list_words(self, prefix: str, key: str) -> str:
        """The code of the words for the elements of the list at key (prefix
        cli.schema.item) or for their count (cli.schema.items): the schema's
        own first, then every schema's, then prefix alone ("entry N")."""
        if key:
            for code in (f"{prefix}.{self.schema}.{key}", f"{prefix}.{key}"):
                if _known(code):
                    return code
        return prefix

    @property
    def pointer(self) -> str:
        """The JSON pointer (RFC 6901) of the value the complaint concerns."""
        return "".join("/" + (str(t) if isinstance(t, int) else t.replace("~", "~0").replace("/", "~1"))
                       for t in self.tokens)

    def place(self):
        """Where the value is, in words, counted from 1 (D-33), and the key by
        which the catalog words the elements of a list there ("deals.n" for the
        hands of a deal): (place, key)."""
        if not self.tokens:
            return text(_C + "record"), ""
        parts, key = [], []
        for i, t in enumerate(self.tokens):
            if isinstance(t, str):
                parts.append(cut_quoted(t))
                key.append(t)
                continue
            code = self.list_words(_C + "item", ".".join(key))
            # An element named by what it is stands for its list: "deal 1", not "deal 1 of "deals"".
            if code != _C + "item" and i > 0 and isinstance(self.tokens[i - 1], str):
                parts.pop()
            parts.append(text(code, n=t + 1))
            key.append("n")
        place = parts[0]
        for p in parts[1:]:
            place = text(_C + "of", inner=p, outer=place)
        return place, ".".join(key)

    def message(self) -> str:
        """SCH-2's message: where, with the pointer after it in parentheses,
        then the complaint (or one sentence for a member ruled out)."""
        place, key = self.place()
        where = place
        if self.tokens:
            pointer = self.pointer
            if self.record_keys:
                # The record's own keys, escaped, and a pointer past REF-1's 40
                # code points cut, its place said from its first step, so that
                # the message stays short (REF-3, REF-5).
                shown = cut(pointer)
                if shown != pointer:
                    first, _ = Violation(self.tokens[:1], "", {}, schema=self.schema).place()
                    place = text(_C + "inside", place=first)
                pointer = escaped(shown)
            where = text(_C + "where", place=place, pointer=pointer)
        if self.code.startswith(_C + "forbidden"):
            return text(self.code, where=where, **self.params)
        code, params = self.code, dict(self.params)
        if self.tokens and code in _INNER:
            code += ".inner"
        elif self.count >= 0:
            params["items"] = text(self.list_words(_C + "items", key), n=self.count)
        return text(_C + "refusal", where=where, complaint=text(code, **params))

    def __repr__(self):
        return f"Violation({self.pointer!r}, {self.code!r}, {self.params!r})"


def check(schema_name: str, doc, node: int = 0):
    """The first violation of the record's node against a record schema, or
    None when the record is valid against it."""
    found = _Checker(doc).check(_compiled(schema_name), node, None)
    if found is None:
        return None
    path, (code, params, count) = found
    return Violation(tokens(path), code, params, count, _schema(schema_name))


def refusal(schema_name: str, tokens, code: str, **params) -> str:
    """A complaint the schema check does not make, about a value a record's
    rules refuse (REF-3, REF-4, REF-8), said at its place as SCH-2 says a
    violation's: schema_name the record's schema ("" when it is not known),
    tokens the place outermost first (a member's name, an element's index),
    code and params the complaint's catalog code and parameters. Its tokens
    may be any keys the record holds: the pointer is escaped, and one past 40
    code points is cut and its place said from its first step, so that the
    message stays short (REF-5)."""
    v = Violation(list(tokens), code, params, schema=_schema(schema_name))
    v.record_keys = True
    return v.message()


def _schema(schema_name: str) -> str:
    """A record schema's file name without "record_" and ".json", by which the
    catalog gives one schema's lists their own words."""
    return schema_name.removeprefix("record_").removesuffix(".json")


def tokens(path) -> list:
    """The tokens of a path (parent, token) ... None, innermost last, outermost first."""
    out = []
    while path is not None:
        path, token = path
        out.append(token)
    return out[::-1]


def pattern_words(pattern: str) -> str:
    """What a pattern allows, in the catalog's words, found by the pattern as the schema writes it."""
    code = _C + "pattern:" + pattern
    return text(code if _known(code) else _C + "pattern.unworded")


def _complaint(code: str, count: int = -1, **params):
    return code, params, count


def _forbidden(name: str):
    """A member whose schema is false, with the words that say why when the catalog has them for its name."""
    code = _C + "forbidden." + name
    return _complaint(code if _known(code) else _C + "forbidden", name=cut_quoted(name))


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


def _compare(text, k: int) -> int:
    """-1, 0 or 1 as the integer written text (str or bytes) is below, equal
    to or above k, decided by the count of digits before any conversion (LIM-1)."""
    if len(text) < 19:
        x = int(text)
        return (x > k) - (x < k)
    negative = text[0] in ("-", 0x2D)
    if len(text) - negative > len(str(abs(k))):
        return -1 if negative else 1
    x = int(text)
    return (x > k) - (x < k)


# The kinds of node each JSON Schema type takes, as a mask of bits.
_KINDS = {"null": 1 << sj.NULL, "boolean": 1 << sj.FALSE | 1 << sj.TRUE,
          "integer": 1 << sj.INT | 1 << sj.LOOSE, "number": 1 << sj.INT | 1 << sj.LOOSE,
          "string": 1 << sj.STR | 1 << sj.ESTR, "array": 1 << sj.ARRAY, "object": 1 << sj.OBJECT}
_ABSENT = object()


class _Schema:
    """One schema, its keywords read once (and a $ref followed), so that a
    record of half a million values is checked without a dictionary lookup
    for every keyword of every value."""

    __slots__ = ("kinds", "types", "const", "enum", "pattern", "regex", "date_time", "minimum", "maximum",
                 "min_items", "max_items", "prefix", "items", "required", "properties", "closed", "all_of",
                 "if_", "then", "else_", "applies", "int_range")

    def __init__(self, s: dict, compiled):
        names = s.get("type")
        self.types = None if names is None else (names if isinstance(names, list) else [names])
        self.kinds = None if names is None else sum(_KINDS[n] for n in set(self.types))
        self.const, self.enum = s.get("const", _ABSENT), s.get("enum")
        self.pattern = s.get("pattern")
        self.regex = None if self.pattern is None else _pattern(self.pattern)
        self.date_time = s.get("format") == "date-time"
        self.minimum, self.maximum = s.get("minimum"), s.get("maximum")
        self.min_items, self.max_items = s.get("minItems"), s.get("maxItems")
        self.prefix = [compiled(x) for x in s.get("prefixItems", ())]
        self.items = compiled(s["items"]) if "items" in s else None
        self.required = s.get("required", ())
        self.properties = {k: (False if v is False else compiled(v)) for k, v in s.get("properties", {}).items()}
        self.closed = s.get("additionalProperties") is False
        self.all_of = [compiled(x) for x in s.get("allOf", ())]
        self.if_ = compiled(s["if"]) if "if" in s else None
        self.then = compiled(s["then"]) if "then" in s else None
        self.else_ = compiled(s["else"]) if "else" in s else None
        self.applies = bool(self.all_of) or self.if_ is not None
        # An integer between bounds and nothing else (a die, a seat): an array
        # of them is checked without a call for each element that holds.
        plain = self.types == ["integer"] and self.const is _ABSENT and self.enum is None and not self.applies
        bounds = (self.minimum, self.maximum)
        self.int_range = bounds if plain and all(b is None or type(b) is int for b in bounds) else None


class _Compiled:
    """The schemas of one record schema, each compiled once."""

    def __init__(self, root: dict):
        self.root, self.done = root, {}

    def __call__(self, s):
        if s is True:
            return None
        while "$ref" in s:
            target = self.root
            for part in s["$ref"][2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            s = target
        c = self.done.get(id(s))
        if c is None:
            c = self.done[id(s)] = _Schema(s, self)
        return c


_SCHEMA_SETS = {}


def _compiled(schema_name: str) -> _Schema:
    if schema_name not in _SCHEMA_SETS:
        _SCHEMA_SETS[schema_name] = _Compiled(SCHEMAS[schema_name])(SCHEMAS[schema_name])
    return _SCHEMA_SETS[schema_name]


class _Checker:
    __slots__ = ("doc", "heads", "tails", "data")

    def __init__(self, doc):
        self.doc, self.heads, self.tails, self.data = doc, doc.heads, doc.tails, doc.data

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
        kind = self.heads[i] & 15
        if c is None or isinstance(c, bool):
            return kind == (sj.NULL if c is None else sj.TRUE if c else sj.FALSE)
        if isinstance(c, int):
            return kind == sj.INT and _compare(self.number_text(i), c) == 0
        return kind in (sj.STR, sj.ESTR) and self.doc.string(i) == c

    def number_text(self, i: int) -> bytes:
        return self.data[self.heads[i] >> 4:self.tails[i]]

    def check(self, s, i: int, path):
        """SCH-1's steps for node i at path against schema s (compiled; None
        takes anything): None, or (path, complaint) of the first violation."""
        if s is None:
            return None
        kind = self.heads[i] & 15
        if s.kinds is not None and not s.kinds >> kind & 1:
            return path, _complaint(_C + "expected", expected=" or ".join(_TYPE_WORDS[n] for n in s.types),
                                    found=self.doc.type_name(i))
        if s.const is not _ABSENT and not self.equal(i, s.const):
            return path, _complaint(_C + "expected", expected=_literal(s.const), found=self.shown(i))
        if s.enum is not None and not any(self.equal(i, c) for c in s.enum):
            return path, _complaint(_C + "enum", values=", ".join(_literal(c) for c in s.enum), found=self.shown(i))
        if kind == sj.INT:
            found = self.number(s, i, path) if s.minimum is not None or s.maximum is not None else None
        elif kind == sj.ARRAY:
            found = self.array(s, i, path)
        elif kind == sj.OBJECT:
            found = self.object(s, i, path)
        elif kind in (sj.STR, sj.ESTR):
            found = self.string(s, i, path)
        else:
            found = None
        if found or not s.applies:
            return found
        return self.applicators(s, i, path)

    def string(self, s, i: int, path):
        if s.regex is not None and s.regex.search(self.doc.string(i)) is None:
            return path, _complaint(_C + "pattern", allowed=pattern_words(s.pattern), found=self.shown(i))
        if s.date_time and parse_date_time(self.doc.string(i)) is None:
            return path, _complaint(_C + "dateTime", found=self.shown(i))
        return None

    def number(self, s, i: int, path):
        text = self.number_text(i)
        if s.minimum is not None and _compare(text, s.minimum) < 0:
            return path, _complaint(_C + "minimum", min=str(s.minimum), found=self.shown(i))
        if s.maximum is not None and _compare(text, s.maximum) > 0:
            return path, _complaint(_C + "maximum", max=str(s.maximum), found=self.shown(i))
        return None

    def array(self, s, i: int, path):
        if s.min_items is not None or s.max_items is not None:
            n = self.doc.count(i)
            if s.min_items is not None and n < s.min_items:
                return path, _complaint(_C + "minItems", s.min_items, found=n)
            if s.max_items is not None and n > s.max_items:
                return path, _complaint(_C + "maxItems", s.max_items, found=n)
        prefix, items = s.prefix, s.items
        if not prefix and items is None:
            return None
        if not prefix and items.int_range is not None:
            return self.integers(items, i, path)
        heads, tails = self.heads, self.tails
        j, end, index = i + 1, tails[i], 0
        while j < end:
            found = self.check(prefix[index] if index < len(prefix) else items, j, (path, index))
            if found:
                return found
            j = tails[j] if heads[j] & 15 >= sj.ARRAY else j + 1
            index += 1
        return None

    def integers(self, items, i: int, path):
        """array's loop for items that are integers between bounds: an
        element written as an integer of fewer than 19 characters within
        them holds (as number and _compare find); check says why any other
        does not."""
        heads, tails, data = self.heads, self.tails, self.data
        lo, hi = items.int_range
        lo = -(1 << 64) if lo is None else lo
        hi = 1 << 64 if hi is None else hi
        j, end, index = i + 1, tails[i], 0
        while j < end:
            h = heads[j]
            if h & 15 == sj.INT:
                text = data[h >> 4:tails[j]]
                if len(text) < 19 and lo <= int(text) <= hi:
                    j += 1
                    index += 1
                    continue
            found = self.check(items, j, (path, index))
            if found:
                return found
            j = tails[j] if h & 15 >= sj.ARRAY else j + 1
            index += 1
        return None

    def object(self, s, i: int, path):
        members = self.doc.members(i)
        for name in s.required:
            if name not in members:
                near = resembling(s.properties, members, name) if s.closed else None
                if near is None:
                    return path, _complaint(_C + "missing", name=cut_quoted(name))
                return path, _complaint(_C + "missingBeside", name=cut_quoted(name), unknown=cut_quoted(near))
        props = s.properties
        if s.closed:
            unknown = [k for k in members if k not in props]
            if unknown:
                return path, _complaint(_C + "unknown", name=cut_quoted(min(unknown)))
        for name in sorted(k for k in members if k in props):
            sub = props[name]
            if sub is False:
                return path, _forbidden(name)
            found = self.check(sub, members[name], (path, name))
            if found:
                return found
        return None

    def applicators(self, s, i: int, path):
        """Step 7: allOf in order, then if, and then or else."""
        for sub in s.all_of:
            found = self.check(sub, i, path)
            if found:
                return found
        if s.if_ is not None:
            branch = s.then if self.check(s.if_, i, path) is None else s.else_
            if branch is not None:
                return self.check(branch, i, path)
        return None


def resembling(properties, members, name: str):
    """REF-7: the member properties does not name that resembles name, at the
    least swap distance, at most 1 for a name of 2 to 5 characters and 2 for
    a longer one (none for a name of one character), the first in code point
    order of several; or None. Only members within 2 characters of the name's
    length are measured."""
    limit = 2 if len(name) > 5 else min(1, len(name) - 1)
    near = [(swap_distance(k, name), k) for k in members
            if k not in properties and len(name) - 2 <= len(k) <= len(name) + 2]
    best = min(near, default=None)
    return best[1] if best is not None and best[0] <= limit else None


def swap_distance(a: str, b: str) -> int:
    """The optimal string alignment distance: Levenshtein's, with a swap of two
    neighbouring characters as one edit."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]
