"""Strict JSON reading (spec RUN-3 to RUN-8, LIM-5, REF-2, NUM-1) and the
canonical form (VEC-3).

A record or a request line is read into a :class:`Doc`: the document's bytes
and two arrays of integers, one node per value and per key, in reading order.
Nothing else is built while reading, so a record of 16 MiB costs its bytes and
at most 16 bytes a node, whatever its shape; :meth:`Doc.value` builds Python
objects (dicts, lists, str, int) only for a document that is worth it, such
as a record its schema accepts.

The reader refuses, at the first place where it meets it and with REF-2's
words and byte offset: a syntax error, a key repeated in its object (found
when the second key has been read, RUN-4), nesting deeper than the limit, and
more values or more objects and members than LIM-5 allows. Numbers keep their
text (NUM-1); strings are read by RUN-8's rule (:mod:`pfkit.jsonstring`).

A compiled expression finds each token of well-formed input and the loop
spends one turn a value; anything it does not take (an escape in a string, an
error) goes through :class:`_Reader`'s byte-exact steps, which know the whole
grammar and word every refusal.
"""

import json
import re
from array import array
from bisect import bisect_left

from . import jsonstring
from .errors import INPUT_TOO_LARGE, MALFORMED_REQUEST, PfkitError
from .escape import cut_quoted, quoted


class Limits:
    """What one document may hold (RUN-5, REC-1, LIM-5); None is no bound."""

    __slots__ = ("max_bytes", "max_depth", "max_values", "max_objects", "what")

    def __init__(self, max_bytes, max_depth, max_values, max_objects, what):
        self.max_bytes, self.max_depth, self.what = max_bytes, max_depth, what
        self.max_values, self.max_objects = max_values, max_objects


RECORD = Limits(16 << 20, 64, 1 << 20, 1 << 16, "record")
LINE = Limits(1 << 20, 32, 1 << 16, 1 << 12, "line")
#: The kit's own files (vectors, indexes), which no one hands a verifier.
UNBOUNDED = Limits(None, None, None, None, "document")

# The kinds of node. A container's tail is the index of the node after it; a
# scalar's, the offset after its last byte. Keys are string nodes.
NULL, FALSE, TRUE, INT, LOOSE, STR, ESTR, ARRAY, OBJECT = range(9)
_LITERALS = {0x74: (TRUE, b"true"), 0x66: (FALSE, b"false"), 0x6E: (NULL, b"null")}
_TYPE_NAMES = ("null", "a boolean", "a boolean", "an integer", "an integer", "a string", "a string",
               "an array", "an object")


class JsonError(PfkitError):
    """A document that is not read: its code (malformed_request or
    input_too_large), the offset of the byte at fault and REF-2's message."""

    def __init__(self, code: str, offset: int, reason: str):
        super().__init__(code, f"at offset {offset}: {reason}")
        self.offset, self.reason = offset, reason


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


class NegativeZero(int):
    """The JSON number -0: zero for arithmetic, but a reader that must see how a
    number was written (a record's selfpoker seed, spec REC-1) can tell it from 0."""

    __slots__ = ()
    text = "-0"


# 2^53 - 1 has 16 digits; anything with more than 40 characters is far beyond.
_INT_TEXT_MAX = 40


def code_point_key(k: str) -> bytes:
    """The sort key that orders names by code point (their UTF-8 bytes sort
    so, a lone surrogate included), as Go's byte order and Node's
    compareCodePoints do."""
    return k.encode("utf-8", "surrogatepass")


# A string token this long or longer is read once for a document (Doc.long);
# one this short or shorter is built once however often it occurs.
_LONG = 1 << 16
_SHORT = 18

_WS = re.compile(rb"[ \t\n\r]*")
_DIGITS = re.compile(rb"[0-9]*")
# A run of a string that needs no decision: at most 1024 pieces a match, so
# that the engine's backtracking record stays small on a long string.
_STRING_RUN = re.compile(rb'(?:[^"\\\x00-\x1f]+|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4}){0,1024}')
_HEX = re.compile(rb"[0-9a-fA-F]{0,4}")

_W = rb"[ \t\n\r]*"
_VALUE = (rb'("[^"\\\x00-\x1f]*")'  # a string with no escape
          rb"|(-?(?:0|[1-9][0-9]*)(?![.eE0-9]))"  # an integer
          rb"|(-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?(?![.eE0-9]))"  # with a fraction or exponent
          rb"|(true|false|null)"
          rb"|([\[{])")
_KEY = rb'"([^"\\\x00-\x1f]*)"' + _W + b":" + _W
TOP, ARRAY_FIRST, ARRAY_NEXT, OBJECT_FIRST, OBJECT_NEXT, END = range(6)
_FAST = (
    re.compile(_W + b"(?:" + _VALUE + b")"),
    re.compile(_W + b"(?:" + _VALUE + rb"|(\]))"),
    re.compile(_W + b"(?:," + _W + b"(?:" + _VALUE + rb")|(\]))"),
    re.compile(_W + b"(?:" + _KEY + b"(?:" + _VALUE + rb")|(\}))"),
    re.compile(_W + b"(?:," + _W + _KEY + b"(?:" + _VALUE + rb")|(\}))"),
)
_AFTER_VALUE = (END, ARRAY_NEXT, ARRAY_NEXT, OBJECT_NEXT, OBJECT_NEXT)


def found(data, i: int) -> str:
    """REF-2's BYTE: the byte at offset i, or the end of the input."""
    if i >= len(data):
        return "the end of the input"
    b = data[i]
    return quoted(chr(b)) if 0x20 <= b <= 0x7E else f"byte 0x{b:02X}"


class _Reader:
    """One document being read: the nodes so far, the open containers and
    their keys, and the counts LIM-5 bounds."""

    __slots__ = ("data", "lim", "heads", "tails", "stack", "keys", "values", "objects", "loose")

    def __init__(self, data, lim: Limits):
        self.data, self.lim = data, lim
        self.heads, self.tails = array("q"), array("q")
        self.stack = []  # the node of every open container, outermost first
        self.keys = []  # for each, the keys its object has read (None: an array)
        self.values = self.objects = 0
        self.loose = array("q")  # the nodes of numbers with a fraction or an exponent

    def fail(self, code: str, offset: int, reason: str):
        raise JsonError(code, offset, reason)

    def expected(self, offset: int, what: str):
        self.fail(MALFORMED_REQUEST, offset, f"expected {what}, found {found(self.data, offset)}")

    def too_many_values(self, offset: int):
        self.fail(INPUT_TOO_LARGE, offset, f"more than {self.lim.max_values} values")

    def too_many_objects(self, offset: int):
        self.fail(INPUT_TOO_LARGE, offset, f"more than {self.lim.max_objects} objects and members")

    def too_deep(self, offset: int):
        self.fail(INPUT_TOO_LARGE, offset, f"nesting deeper than {self.lim.max_depth} levels")

    def after_close(self) -> int:
        if not self.stack:
            return END
        return ARRAY_NEXT if self.keys[-1] is None else OBJECT_NEXT

    def run(self):
        """Read the whole document: the fast loop, with a byte-exact step
        wherever the expressions do not match."""
        data, heads, tails, stack, keys = self.data, self.heads, self.tails, self.stack, self.keys
        head, tail = heads.append, tails.append
        lim = self.lim
        max_depth, max_values, max_objects = (x if x is not None else 1 << 62
                                              for x in (lim.max_depth, lim.max_values, lim.max_objects))
        values = objects = 0
        loose = self.loose.append
        state, pos = TOP, 0
        while state != END:
            m = _FAST[state].match(data, pos)
            if m is None:
                self.values, self.objects = values, objects
                state, pos = self.step(state, pos)
                values, objects = self.values, self.objects
                continue
            g = m.lastindex
            pos = m.end()
            if state >= OBJECT_FIRST:
                if g == 7:
                    tails[stack.pop()] = len(heads)
                    keys.pop()
                    state = self.after_close()
                    continue
                at, end = m.start(1) - 1, m.end(1) + 1
                key = m.group(1)
                if not key.isascii():
                    key = jsonstring.utf8(key).encode()
                seen = keys[-1]
                if key in seen:
                    self.fail(MALFORMED_REQUEST, at, "duplicate key " + cut_quoted(jsonstring.plain(data, at, end)))
                seen.add(key)
                objects += 1
                if objects > max_objects:
                    self.too_many_objects(at)
                head(at << 4 | STR)
                tail(end)
                v = g - 1
            elif g == 6:
                tails[stack.pop()] = len(heads)
                keys.pop()
                state = self.after_close()
                continue
            else:
                v = g
            start = m.start(g)
            if v == 5:
                if len(stack) >= max_depth:
                    self.too_deep(start)
                values += 1
                if values > max_values:
                    self.too_many_values(start)
                stack.append(len(heads))
                if data[start] == 0x7B:
                    objects += 1
                    if objects > max_objects:
                        self.too_many_objects(start)
                    head(start << 4 | OBJECT)
                    keys.append(set())
                    state = OBJECT_FIRST
                else:
                    head(start << 4 | ARRAY)
                    keys.append(None)
                    state = ARRAY_FIRST
                tail(0)
                continue
            values += 1
            if values > max_values:
                self.too_many_values(start)
            if v == 1:
                head(start << 4 | STR)
            elif v == 2:
                head(start << 4 | INT)
            elif v == 3:
                loose(len(heads))
                head(start << 4 | LOOSE)
            else:
                head(start << 4 | _LITERALS[data[start]][0])
            tail(m.end(g))
            state = _AFTER_VALUE[state]
        self.values, self.objects = values, objects
        end = _WS.match(data, pos).end()
        if end != len(data):
            self.expected(end, f"the end of the {lim.what}")

    # --- the byte-exact steps --------------------------------------------

    def step(self, state: int, pos: int):
        """One step from state at pos, by the grammar: what the fast loop's
        expressions did not take, a valid escape or an error. Returns the new
        state and position, or raises the error REF-2 words."""
        data = self.data
        pos = _WS.match(data, pos).end()
        b = data[pos] if pos < len(data) else None
        if state == TOP:
            return self.value(pos, END)
        if state == ARRAY_FIRST:
            return self.close(pos) if b == 0x5D else self.value(pos, ARRAY_NEXT)
        if state == OBJECT_FIRST:
            return self.close(pos) if b == 0x7D else self.member(pos)
        closer = 0x5D if state == ARRAY_NEXT else 0x7D
        if b == closer:
            return self.close(pos)
        if b != 0x2C:
            self.expected(pos, "',' or ']'" if state == ARRAY_NEXT else "',' or '}'")
        pos = _WS.match(data, pos + 1).end()
        return self.value(pos, ARRAY_NEXT) if state == ARRAY_NEXT else self.member(pos)

    def close(self, pos: int):
        self.tails[self.stack.pop()] = len(self.heads)
        self.keys.pop()
        return self.after_close(), pos + 1

    def member(self, pos: int):
        """A key, its checks (RUN-4, then LIM-5), the ':' and the value."""
        data = self.data
        if pos >= len(data) or data[pos] != 0x22:
            self.expected(pos, "a string key")
        end, escapes = self.string(pos)
        text = (jsonstring.escaped if escapes else jsonstring.plain)(data, pos, end)
        key, seen = text.encode(), self.keys[-1]
        if key in seen:
            self.fail(MALFORMED_REQUEST, pos, "duplicate key " + cut_quoted(text))
        seen.add(key)
        self.objects += 1
        if self.lim.max_objects is not None and self.objects > self.lim.max_objects:
            self.too_many_objects(pos)
        self.heads.append(pos << 4 | (ESTR if escapes else STR))
        self.tails.append(end)
        pos = _WS.match(data, end).end()
        if pos >= len(data) or data[pos] != 0x3A:
            self.expected(pos, "':'")
        return self.value(_WS.match(data, pos + 1).end(), OBJECT_NEXT)

    def value(self, pos: int, after: int):
        """The value that begins at pos, with LIM-5's checks in their order:
        the depth, the count of values, for an object the count of objects."""
        data, lim = self.data, self.lim
        b = data[pos] if pos < len(data) else None
        if b is None or b not in b'{["-0123456789tfn':
            self.expected(pos, "a value")
        if b in b"{[" and lim.max_depth is not None and len(self.stack) >= lim.max_depth:
            self.too_deep(pos)
        self.values += 1
        if lim.max_values is not None and self.values > lim.max_values:
            self.too_many_values(pos)
        if b in b"{[":
            if b == 0x7B:
                self.objects += 1
                if lim.max_objects is not None and self.objects > lim.max_objects:
                    self.too_many_objects(pos)
            self.stack.append(len(self.heads))
            self.heads.append(pos << 4 | (OBJECT if b == 0x7B else ARRAY))
            self.tails.append(0)
            self.keys.append(set() if b == 0x7B else None)
            return (OBJECT_FIRST if b == 0x7B else ARRAY_FIRST), pos + 1
        if b == 0x22:
            end, escapes = self.string(pos)
            kind = ESTR if escapes else STR
        elif b in b"tfn":
            kind, word = _LITERALS[b]
            end = self.literal(pos, word)
        else:
            end, loose = self.number(pos)
            kind = LOOSE if loose else INT
            if loose:
                self.loose.append(len(self.heads))
        self.heads.append(pos << 4 | kind)
        self.tails.append(end)
        return after, end

    def string(self, pos: int):
        """The end of the string token at pos, and whether it holds escapes."""
        data, i, escapes = self.data, pos + 1, False
        while True:
            j = _STRING_RUN.match(data, i).end()
            if j != i:
                escapes = escapes or data.find(b"\\", i, j) >= 0
                i = j
                continue
            b = data[i] if i < len(data) else None
            if b == 0x22:
                return i + 1, escapes
            if b is None or b < 0x20:
                self.expected(i, "a character of a string")
            # A backslash that does not start a well-formed escape.
            if i + 1 >= len(data) or data[i + 1] not in b'"\\/bfnrtu':
                self.expected(i + 1, 'an escape (one of " \\ / b f n r t u)')
            self.expected(_HEX.match(data, i + 2).end(), "four hex digits")

    def number(self, pos: int):
        """The end of the number at pos, and whether it has a fraction or an exponent."""
        data, i = self.data, pos
        if data[i] == 0x2D:
            i += 1
        if i < len(data) and data[i] == 0x30:
            i += 1
        else:
            j = _DIGITS.match(data, i).end()
            if j == i:
                self.expected(i, "a digit")
            i = j
        loose = False
        if i < len(data) and data[i] == 0x2E:
            j = _DIGITS.match(data, i + 1).end()
            if j == i + 1:
                self.expected(j, "a digit after '.'")
            i, loose = j, True
        if i < len(data) and data[i] in b"eE":
            i += 1
            if i < len(data) and data[i] in b"+-":
                i += 1
            j = _DIGITS.match(data, i).end()
            if j == i:
                self.expected(i, "a digit in the exponent")
            i, loose = j, True
        return i, loose

    def literal(self, pos: int, word: bytes) -> int:
        data = self.data
        for k, c in enumerate(word):
            if pos + k >= len(data) or data[pos + k] != c:
                self.expected(pos + k, word.decode())
        return pos + len(word)


class Doc:
    """A document read: its bytes and its nodes. Node 0 is the document's
    value; a container's children follow it, an object's as key, value, key,
    value. ``loose`` lists, in order, the nodes of the numbers written with a
    fraction or an exponent."""

    __slots__ = ("data", "heads", "tails", "loose", "values", "objects", "long")

    def __init__(self, reader: _Reader):
        self.data, self.heads, self.tails = reader.data, reader.heads, reader.tails
        self.loose, self.values, self.objects = reader.loose, reader.values, reader.objects
        # The text of each long string, read once: the schema check and the
        # record built after it hold the same object, not two copies.
        self.long = {}

    def kind(self, i: int) -> int:
        return self.heads[i] & 15

    def type_name(self, i: int) -> str:
        """REF-1's name of the node's JSON type."""
        return _TYPE_NAMES[self.heads[i] & 15]

    def after(self, i: int) -> int:
        """The index of the node after node i and everything it holds."""
        return self.tails[i] if self.heads[i] & 15 >= ARRAY else i + 1

    def items(self, i: int):
        """The nodes of an array's elements, or of an object's keys and
        values, one at a time (an array may hold a million)."""
        j, end = i + 1, self.tails[i]
        heads, tails = self.heads, self.tails
        while j < end:
            yield j
            j = tails[j] if heads[j] & 15 >= ARRAY else j + 1

    def count(self, i: int) -> int:
        """How many elements an array holds."""
        heads, tails = self.heads, self.tails
        j, end, n = i + 1, tails[i], 0
        while j < end:
            n += 1
            j = tails[j] if heads[j] & 15 >= ARRAY else j + 1
        return n

    def members(self, i: int) -> dict:
        """An object's members: each key's text and its value's node."""
        out, key = {}, None
        for j in self.items(i):
            if key is None:
                key = self.string(j)
            else:
                out[key], key = j, None
        return out

    def holds_loose(self, i: int) -> bool:
        """Whether node i is, or holds, a number with a fraction or an exponent."""
        k = bisect_left(self.loose, i)
        return k < len(self.loose) and self.loose[k] < self.after(i)

    def text(self, i: int, most: int = None) -> str:
        """A number as written (its first ``most`` characters)."""
        start, end = self.heads[i] >> 4, self.tails[i]
        if most is not None:
            end = min(end, start + most)
        return self.data[start:end].decode("ascii")

    def string(self, i: int) -> str:
        h = self.heads[i]
        start, end = h >> 4, self.tails[i]
        if end - start < _LONG:
            return (jsonstring.escaped if h & 15 == ESTR else jsonstring.plain)(self.data, start, end)
        text = self.long.get(i)
        if text is None:
            text = self.long[i] = (jsonstring.escaped if h & 15 == ESTR else jsonstring.plain)(self.data, start, end)
        return text

    def value(self, i: int = 0, signed_zero: bool = False):
        """Node i as Python values: dict, list, str, int (JsonBigInt past 40
        characters; with signed_zero, -0 as NegativeZero), JsonFloat, bool, None."""
        return _Builder(self, signed_zero).build(i)[0]


class _Builder:
    __slots__ = ("doc", "signed_zero", "short")

    def __init__(self, doc: Doc, signed_zero: bool):
        self.doc, self.signed_zero = doc, signed_zero
        self.short = {}  # short strings seen, built once: a card name is one object however often dealt

    def build(self, i: int):
        """(the value of node i, the index of the node after it)."""
        doc = self.doc
        h = doc.heads[i]
        kind = h & 15
        if kind == ARRAY:
            out, j, end = [], i + 1, doc.tails[i]
            while j < end:
                v, j = self.build(j)
                out.append(v)
            return out, end
        if kind == OBJECT:
            obj, j, end = {}, i + 1, doc.tails[i]
            while j < end:
                key = doc.string(j)
                obj[key], j = self.build(j + 1)
            return obj, end
        if kind == STR:
            start, end = h >> 4, doc.tails[i]
            if end - start > _SHORT:
                return doc.string(i), i + 1
            raw = bytes(doc.data[start:end])
            text = self.short.get(raw)
            if text is None:
                text = self.short[raw] = jsonstring.plain(raw, 0, len(raw))
            return text, i + 1
        if kind == INT:
            text = doc.data[h >> 4:doc.tails[i]]
            if len(text) > _INT_TEXT_MAX:
                return JsonBigInt(text.decode("ascii")), i + 1
            if self.signed_zero and text == b"-0":
                return NegativeZero(0), i + 1
            return int(text), i + 1
        if kind == ESTR:
            return doc.string(i), i + 1
        if kind == LOOSE:
            return JsonFloat(doc.text(i)), i + 1
        return (None, False, True)[kind], i + 1


def parse(data, lim: Limits) -> Doc:
    """Read one JSON document (bytes; a str is read as its UTF-8) within lim;
    raise JsonError for what REF-2 refuses. The caller refuses a document over
    lim.max_bytes before reading it."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    reader = _Reader(data, lim)
    reader.run()
    return Doc(reader)


def loads(data, lim: Limits = LINE, signed_zero: bool = False):
    """parse, then the document's value as Python values (Doc.value), with
    the same result and the same refusals (faster for a document that is
    well formed)."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    value = _well_formed(data, lim, signed_zero)
    return parse(data, lim).value(0, signed_zero) if value is _NOT_SURE else value


class _Refused(Exception):
    pass


def _members(pairs):
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise _Refused
    return obj


def _refuse(_text):
    raise _Refused


def _integer(text: str):
    return int(text) if len(text) <= _INT_TEXT_MAX else JsonBigInt(text)


def _signed_integer(text: str):
    return NegativeZero(0) if text == "-0" else _integer(text)


_DECODERS = {signed_zero: json.JSONDecoder(object_pairs_hook=_members, parse_float=JsonFloat, parse_constant=_refuse,
                                           parse_int=_signed_integer if signed_zero else _integer)
             for signed_zero in (False, True)}
_NOT_SURE = object()


def _well_formed(data: bytes, lim: Limits, signed_zero: bool):
    """The value of a document that is well formed and within lim, read by the
    json module's scanner, which is written in C; _NOT_SURE for any other, which
    the reader then reads itself. The text is decoded by RUN-8's rule first,
    and a document with an escaped surrogate is left to the reader (the
    scanner keeps a lone one), so that strings read the same; and only when
    the document's brackets, colons and commas show that it holds no more
    values, objects and members than lim allows, so that nothing is built
    past the bounds."""
    if jsonstring.has_escaped_surrogate(data):
        return _NOT_SURE
    if lim.max_values is not None:
        colons, opens = data.count(b":"), data.count(b"{")
        if data.count(b",") + data.count(b"[") + colons + 1 > lim.max_values or opens + colons > lim.max_objects:
            return _NOT_SURE
    try:
        value = _DECODERS[signed_zero].decode(jsonstring.utf8(data))
    except (ValueError, RecursionError, _Refused):
        return _NOT_SURE
    if lim.max_depth is not None and data.count(b"[") + data.count(b"{") > lim.max_depth \
            and _depth(value) > lim.max_depth:
        return _NOT_SURE
    return value


def _depth(v) -> int:
    if isinstance(v, list):
        return 1 + max((_depth(x) for x in v if isinstance(x, (list, dict))), default=0)
    if isinstance(v, dict):
        return 1 + max((_depth(x) for x in v.values() if isinstance(x, (list, dict))), default=0)
    return 0


# What canon escapes in a string: the quote, the backslash and the controls.
_CANON_ESCAPED = re.compile('["\\\\\x00-\x1f]')


def _canon_escape(m) -> str:
    ch = m.group()
    return "\\" + ch if ch in '"\\' else "\\u%04x" % ord(ch)


def _canon_string(s: str, out: list):
    out.append('"' + _CANON_ESCAPED.sub(_canon_escape, s) + '"')


def _canon(v, out: list):
    # Containers and strings first, the commonest (no value is both a list
    # and an int, a str or a dict, so the order gives each the same text).
    if isinstance(v, (list, tuple)):
        if all(type(e) is int for e in v):  # a deck, a permutation: each int as the int branch writes it
            out.append("[" + ",".join(map(str, v)) + "]")
            return
        out.append("[")
        for i, e in enumerate(v):
            if i:
                out.append(",")
            _canon(e, out)
        out.append("]")
    elif isinstance(v, str):
        _canon_string(v, out)
    elif v is None:
        out.append("null")
    elif v is True:
        out.append("true")
    elif v is False:
        out.append("false")
    elif isinstance(v, int):
        out.append(str(int(v)))
    elif isinstance(v, (JsonFloat, JsonBigInt)):
        out.append(v.text)
    elif isinstance(v, dict):
        out.append("{")
        for i, k in enumerate(sorted(v, key=code_point_key)):
            if i:
                out.append(",")
            _canon_string(k, out)
            out.append(":")
            _canon(v[k], out)
        out.append("}")
    else:
        raise TypeError(f"canon: cannot write {type(v).__name__}")


def canon(value) -> str:
    """The canonical compact JSON of VEC-3: keys sorted by byte value, no
    whitespace, integers in decimal, only '"', '\\' and control characters
    escaped (as \\u00xx)."""
    out = []
    _canon(value, out)
    return "".join(out)
