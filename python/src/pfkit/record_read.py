"""Reading a record (spec section 15, REC-1, REC-8): its size, strict JSON,
an object, match_seed_v1, the scheme and kind, numbers written as integers,
the record's schema, then what a schema cannot say; whatever fails first is
the refusal. The record kinds' modules (record_match, record_poker,
record_chess, record_selfpoker) verify what this module has read."""

from bisect import bisect_left

from . import match_seed_v2, record_schema, schemes, selfpoker_v1, spec, strictjson
from .errors import (
    INPUT_TOO_LARGE,
    INVALID_INTEGER,
    INVALID_RECORD,
    MALFORMED_REQUEST,
    SCHEME_UNSPECIFIED,
    UNKNOWN_SCHEME,
    PfkitError,
)
from .escape import CUT, cut, cut_quoted
from .reading import order_problem
from .report import not_readable_json
from .strictjson import NegativeZero

MAX_BYTES = strictjson.RECORD.max_bytes  # REC-1
MAX_DEPTH = strictjson.RECORD.max_depth

#: (scheme, kind, schema) of every record format (REC-1).
KINDS = (
    (schemes.MATCH_SEED_V2, "match", "record_match_v1.json"),
    (schemes.POKER_HMAC_V1, "leave", "record_poker_leave_v1.json"),
    (schemes.POKER_HMAC_V1, "session", "record_poker_session_v1.json"),
    (schemes.CHESS_COLOUR_V1, "game", "record_chess_v1.json"),
    (schemes.SELFPOKER_V1, "hand_end", "record_selfpoker_v1.json"),
)


#: The fixed orders a match record may list (READ-10, READ-11): the kit's
#: naming of the pieces and how many the list holds.
_ORDERS = {"mahjongWall": (spec.tile_name, match_seed_v2.MAHJONG_WALL),
           "balootDeck": (spec.baloot32_name, match_seed_v2.BALOOT_DECK)}



class Unreadable(PfkitError):
    """A record that cannot be checked: not JSON, too large, of no known kind,
    not valid against its schema, or with a seed that is not one (REC-1)."""


class Unspecified(PfkitError):
    """A record of a registered scheme that has no specification (REC-8)."""

    def __init__(self, scheme: str, why: str):
        super().__init__(SCHEME_UNSPECIFIED, why)
        self.scheme = scheme


class Record:
    """A record that passed reading: schema-valid, integers plain, seed read."""

    __slots__ = ("scheme", "kind", "schema", "data", "seed")

    def __init__(self, scheme, kind, schema, data, seed=None):
        self.scheme, self.kind, self.schema, self.data, self.seed = scheme, kind, schema, data, seed

    def __repr__(self):
        return f"Record(scheme={self.scheme!r}, kind={self.kind!r})"


def read(data) -> Record:
    """Read one record (bytes or str) in REC-1's order, with the refusals of
    REF-2 to REF-4: its size; JSON (a repeated key, the depth and LIM-5's
    bounds included); an object; match_seed_v1; scheme and kind; numbers
    written as integers; the schema (SCH-1); then what a schema cannot say,
    the selfpoker seed's value and a listed wall's or deck's pieces."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if len(data) > MAX_BYTES:
        raise Unreadable(INPUT_TOO_LARGE, f"the record has {len(data)} bytes, the limit is {MAX_BYTES}")
    try:
        doc = strictjson.parse(data, strictjson.RECORD)
    except strictjson.JsonError as e:
        raise Unreadable(e.code, not_readable_json(data, e.offset, e.reason)) from None
    if doc.kind(0) != strictjson.OBJECT:
        raise Unreadable(MALFORMED_REQUEST, "a record is a JSON object, found " + doc.type_name(0))
    top = doc.members(0)
    scheme = _top_string(doc, top, "scheme")
    if scheme in schemes.UNSPECIFIED:
        raise Unspecified(scheme, schemes.UNSPECIFIED[scheme])
    kind = _top_string(doc, top, "kind")
    schema = next((k[2] for k in KINDS if k[0] == scheme and k[1] == kind), None)
    if schema is None:
        raise Unreadable(UNKNOWN_SCHEME, f"no record format has scheme {cut_quoted(scheme)} and kind "
                                         f"{cut_quoted(kind)}; expected one of "
                                         f"{', '.join(k[0] + '/' + k[1] for k in KINDS)}")
    if doc.loose:
        path, node = _first_loose(doc, 0, None)
        found = cut(doc.text(node, CUT + 1))
        raise Unreadable(INVALID_INTEGER, record_schema.refusal(schema, record_schema.tokens(path),
                                                                "cli.refusal.fraction", found=found))
    violation = record_schema.check(schema, doc)
    if violation is not None:
        raise Unreadable(INVALID_RECORD, violation.message())
    obj = doc.value(0, signed_zero=True)
    del doc
    seed = _seed(obj["fairplay"]["seed"]) if scheme == schemes.SELFPOKER_V1 else None
    for field, (base, n) in _ORDERS.items():
        if field in obj:
            problem = order_problem(obj[field], base, n)
            if problem:
                raise Unreadable(INVALID_RECORD, record_schema.refusal(schema, [field], f"cli.refusal.order.{field}",
                                                                       why=problem))
    return Record(scheme, kind, schema, obj, seed)


def _top_string(doc, top: dict, name: str) -> str:
    """A top-level member's text; "" when it is absent or not a string (REF-3)."""
    node = top.get(name)
    return doc.string(node) if node is not None and doc.type_name(node) == "a string" else ""


def _first_loose(doc, i: int, path):
    """(path, node) of the first number written with a fraction or an
    exponent in REC-1's order (keys sorted, elements by index), within node
    i, which holds one. Only the containers on the way to it are looked into."""
    kind = doc.kind(i)
    if kind == strictjson.ARRAY:
        first = doc.loose[bisect_left(doc.loose, i)]
        for index, j in enumerate(doc.items(i)):
            if first < doc.after(j):
                return _first_loose(doc, j, (path, index))
    if kind == strictjson.OBJECT:
        members = doc.members(i)
        for key in sorted(members):
            if doc.holds_loose(members[key]):
                return _first_loose(doc, members[key], (path, key))
    return path, i


def _seed(v) -> int:
    """REF-4: a selfpoker seed the schema let through (decimal digits, as a
    string or a bare number, or the number -0) read digit for digit; at or
    above 2^63 out_of_range."""
    if isinstance(v, NegativeZero):
        raise Unreadable(INVALID_INTEGER, _seed_refusal("cli.refusal.seedSign"))
    text = v if isinstance(v, str) else getattr(v, "text", None) or str(v)
    try:
        return selfpoker_v1.parse_seed("/fairplay/seed", text)
    except PfkitError as e:
        # The digits as written, a string's without its quotes.
        raise Unreadable(e.code, _seed_refusal("cli.refusal.seedRange", found=cut(text))) from None


def _seed_refusal(code: str, **params) -> str:
    """A complaint about the hand's seed, said at its place."""
    return record_schema.refusal("record_selfpoker_v1.json", ["fairplay", "seed"], code, **params)
