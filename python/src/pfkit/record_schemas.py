"""Validators for the five record schemas (spec/schemas/record_*.json, REC-1).

Each validator accepts exactly what its JSON Schema (draft 2020-12) accepts,
written out with the standard library: the schemas are short, and a general
JSON Schema engine would be a dependency. The points where JSON Schema
differs from a casual reading are kept:

* "integer" is a number with no fractional part, however it is written:
  6, 6.0, 60e-1 and -0 all are (the record reader refuses the written forms
  afterwards, NUM-1); true is not a number at all;
* "enum": [0, 1] compares numbers by value, never booleans;
* "pattern" anchors with ^ and $ mean the whole string (no trailing newline);
* "format": "date-time" is asserted, as RFC 3339 section 5.6 defines it
  (T and Z in either case, a leap second only at 23:59 UTC);
* if/then/else and "not required" rules of record_match_v1.json,
  record_poker_session_v1.json and record_chess_v1.json, whose "if" holds
  when the property it tests is absent (unless the "if" requires it).

``validate(schema_name, value)`` returns a Result: ``errors`` lists
(JSON pointer, complaint) pairs, at most ``MAX_ERRORS`` of them (empty when
the value is valid), and ``loose`` the pointers of integers written with a
fraction or an exponent, which the schema accepts but NUM-1 does not.
"""

import json
import re
from fractions import Fraction

from ._fields import type_name
from .strictjson import JsonBigInt, JsonFloat

MAX_ERRORS = 5
SEED_MAX = 2 ** 63 - 1

_HEX = frozenset("0123456789abcdef")
_ID = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")
_RANKS52, _RANKS32, _SUITS = frozenset("23456789TJQKA"), frozenset("789TJQKA"), frozenset("cdhs")
_TILES = frozenset([f"{r}{s}" for s in "mps" for r in range(1, 10)] + ["E", "S", "W", "N", "Wd", "Gd", "Rd"])
_SEED_DIGITS = frozenset("0123456789")

GAMES = ("backgammon", "checkers", "xiangqi", "tarneeb", "trix", "bridge", "baloot", "mahjong")
TWO_PLAYER_GAMES = ("backgammon", "checkers", "xiangqi")
ROTATIONS = ("time", "hands", "empty", "restart")
DEALINGS = ("pairs", "round_robin")  # READ-2
MAHJONG_DRAWS = ("swap_last", "close_gap")  # READ-5
SESSION_COMMITMENTS = ("published", "none")  # READ-4


class _Stop(Exception):
    """Enough complaints collected: the record is invalid either way."""


class Result:
    __slots__ = ("errors", "loose")

    def __init__(self):
        self.errors = []
        self.loose = []

    @property
    def valid(self) -> bool:
        return not self.errors

    def fail(self, pointer: str, message: str):
        self.errors.append((pointer or "/", message))
        if len(self.errors) >= MAX_ERRORS:
            raise _Stop

    def message(self, schema_name: str) -> str:
        return f"not valid against {schema_name}: " + "; ".join(f"at {p}: {m}" for p, m in self.errors)


def escape(key: str) -> str:
    """A key as an RFC 6901 reference token."""
    return key.replace("~", "~0").replace("/", "~1")


def _show(v) -> str:
    """A found value as JSON text, cut short."""
    if isinstance(v, (JsonFloat, JsonBigInt)) or hasattr(v, "text"):
        text = v.text
    elif isinstance(v, str):
        text = json.dumps(v, ensure_ascii=False)
    elif v is None or isinstance(v, (bool, int)):
        text = json.dumps(v)
    else:
        text = type_name(v)
    return text if len(text) <= 60 else text[:57] + "..."


# --- numbers -------------------------------------------------------------

HUGE = object()  # an integer far beyond every bound in these schemas (|v| >= 10^30)
_NUMBER = re.compile(r"(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?", re.ASCII)


def integer_value(v):
    """The value of v when it is a JSON number with no fractional part (an
    int, or HUGE), else None. Never builds a huge int from a long exponent."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return int(v)
    if isinstance(v, JsonBigInt):
        return HUGE
    if not isinstance(v, JsonFloat):
        return None
    m = _NUMBER.fullmatch(v.text)
    if m is None:
        return None
    sign, whole, frac, exp = m.groups()
    frac = frac or ""
    digits = (whole + frac).lstrip("0")
    if not digits:
        return 0
    stripped = digits.rstrip("0")
    shift = len(digits) - len(stripped) - len(frac)  # value = stripped * 10^(shift + exponent)
    if exp:
        e = exp.lstrip("+-").lstrip("0")
        if len(e) > 12:  # an exponent of a trillion digits' size: the value is huge or tiny
            return HUGE if not exp.startswith("-") else None
        shift += int(exp)
    if shift < 0:
        return None  # stripped has no trailing zero, so a negative power leaves a fraction
    if len(stripped) + shift > 30:
        return HUGE
    value = int(stripped) * 10 ** shift
    return -value if sign else value


def _integer(c: Result, v, p: str, lo: int, hi: int, loose_ok: bool = False) -> bool:
    x = integer_value(v)
    if x is None:
        if isinstance(v, JsonFloat):
            c.fail(p, f"expected an integer from {lo} to {hi}, found {_show(v)}, which has a fractional part")
        else:
            c.fail(p, f"expected an integer from {lo} to {hi}, found {type_name(v)}")
        return False
    if x is HUGE or not lo <= x <= hi:
        c.fail(p, f"expected an integer from {lo} to {hi}, found {_show(v)}")
        return False
    if isinstance(v, JsonFloat) and not loose_ok:
        c.loose.append(p)
    return True


# --- strings -------------------------------------------------------------

def _string(c: Result, v, p: str, ok, what: str) -> bool:
    if not isinstance(v, str):
        c.fail(p, f"expected {what}, found {type_name(v)}")
        return False
    if not ok(v):
        c.fail(p, f"expected {what}, found {_show(v)}")
        return False
    return True


def is_hex64(s: str) -> bool:
    return len(s) == 64 and _HEX.issuperset(s)


def is_identifier(s: str) -> bool:
    return 1 <= len(s) <= 64 and _ID.issuperset(s)


def is_card(s: str) -> bool:
    return len(s) == 2 and s[0] in _RANKS52 and s[1] in _SUITS


def is_baloot_card(s: str) -> bool:
    return len(s) == 2 and s[0] in _RANKS32 and s[1] in _SUITS


def is_tile(s: str) -> bool:
    return s in _TILES


def is_seed_text(s: str) -> bool:
    # ^(0|[1-9][0-9]*)$: any length; a seed at or above 2^63 is out_of_range
    # when the seed is read, after the schema.
    return len(s) >= 1 and _SEED_DIGITS.issuperset(s) and (s == "0" or s[0] != "0")


def _hex64(c, v, p):
    _string(c, v, p, is_hex64, "64 lowercase hex characters")


def _identifier(c, v, p):
    _string(c, v, p, is_identifier, "an identifier of 1 to 64 characters from A-Z a-z 0-9 . _ -")


def _card(c, v, p):
    _string(c, v, p, is_card, "a card name: rank 23456789TJQKA then suit c d h s")


def _baloot_card(c, v, p):
    _string(c, v, p, is_baloot_card, "a Baloot card name: rank 789TJQKA then suit c d h s")


def _tile(c, v, p):
    _string(c, v, p, is_tile, "a tile name: 1-9 then m p s, or E S W N Wd Gd Rd")


def _const(value):
    def check(c, v, p):
        if v != value or not isinstance(v, str):
            c.fail(p, f"expected \"{value}\", found {_show(v)}")
    return check


def _enum(values):
    def check(c, v, p):
        if not isinstance(v, str) or v not in values:
            c.fail(p, f"expected one of {', '.join(values)}, found {_show(v)}")
    return check


# --- RFC 3339 date-time --------------------------------------------------

_DATE_TIME = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?"
    r"(?:([Zz])|([+-])([0-9]{2}):([0-9]{2}))", re.ASCII)


def _leap_year(y: int) -> bool:
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def _days_in(y: int, m: int) -> int:
    if m == 2:
        return 29 if _leap_year(y) else 28
    return 30 if m in (4, 6, 9, 11) else 31


def parse_date_time(s: str):
    """An RFC 3339 date-time as (seconds since 1970-01-01T00:00:00Z as an exact
    Fraction, offset in minutes), or None when s is not one. A leap second
    (23:59:60 UTC) counts as the instant one second after 23:59:59."""
    m = _DATE_TIME.fullmatch(s)
    if m is None:
        return None
    y, mo, d, h, mi, sec = (int(x) for x in m.group(1, 2, 3, 4, 5, 6))
    if not (1 <= mo <= 12 and 1 <= d <= _days_in(y, mo) and h <= 23 and mi <= 59 and sec <= 60):
        return None
    offset = 0
    if m.group(9):
        oh, om = int(m.group(10)), int(m.group(11))
        if oh > 23 or om > 59:
            return None
        offset = (oh * 60 + om) * (1 if m.group(9) == "+" else -1)
    if sec == 60 and (h * 60 + mi - offset) % 1440 != 23 * 60 + 59:
        return None
    value = Fraction(days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec - offset * 60)
    frac = (m.group(7) or "").rstrip("0")
    if frac:
        # Exact to 4000 decimal places; int() refuses longer digit strings.
        frac = frac[:4000]
        value += Fraction(int(frac), 10 ** len(frac))
    return value, offset


def days_from_civil(y: int, m: int, d: int) -> int:
    """Days from 1970-01-01 to a proleptic Gregorian date (any year)."""
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(z: int):
    z += 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return y + (m <= 2), m, d


def _date_time(c, v, p):
    _string(c, v, p, lambda s: parse_date_time(s) is not None, "an RFC 3339 date-time such as 2026-11-29T18:04:05Z")


# --- structure -----------------------------------------------------------

def _array(c: Result, v, p: str, lo: int, hi: int, item=None, what: str = "items"):
    if not isinstance(v, list):
        c.fail(p, f"expected an array of {_count(lo, hi)} {what}, found {type_name(v)}")
        return None
    if not lo <= len(v) <= hi:
        c.fail(p, f"expected {_count(lo, hi)} {what}, found {len(v)}")
    if item is not None:
        for i, x in enumerate(v):
            item(c, x, f"{p}/{i}")
    return v


def _count(lo: int, hi: int) -> str:
    if lo == hi:
        return str(lo)
    return f"{lo} to {hi}"


def _object(c: Result, v, p: str, props: dict, required, what: str = "an object"):
    """Checks type, required and additionalProperties: false, then each
    property present with its validator; returns the object or None."""
    if not isinstance(v, dict):
        c.fail(p, f"expected {what}, found {type_name(v)}")
        return None
    for k in required:
        if k not in v:
            c.fail(p, f"missing property \"{k}\"")
    for k, x in v.items():
        check = props.get(k)
        if check is None:
            c.fail(f"{p}/{escape(k)}", f"property \"{k}\" is not allowed; expected only {', '.join(props)}")
        else:
            check(c, x, f"{p}/{k}")
    return v


def _items(item, lo, hi, what="items"):
    return lambda c, v, p: _array(c, v, p, lo, hi, item, what)


def _int(lo, hi):
    return lambda c, v, p: _integer(c, v, p, lo, hi)


# --- record_match_v1.json ------------------------------------------------

def _throw(c, v, p):
    _array(c, v, p, 2, 2, _int(1, 6), "dice")


def _first(c, v, p):
    # "enum": [0, 1]: numbers equal by value, however written.
    x = integer_value(v)
    if x is None or x is HUGE or x not in (0, 1):
        c.fail(p, f"expected 0 or 1, found {_show(v) if x is not None else type_name(v)}")
    elif isinstance(v, JsonFloat):
        c.loose.append(p)


_BACKGAMMON_GAME = {
    "opening": _items(_throw, 1, 1000, "throws"),
    "first": _first,
    "rolls": _items(_throw, 0, 1000, "throws"),
}


def _backgammon_game(c, v, p):
    _object(c, v, p, _BACKGAMMON_GAME, ("opening", "first", "rolls"), "a backgammon game object")


def _hand13(c, v, p):
    _array(c, v, p, 13, 13, _card, "cards")


def _deal(c, v, p):
    _array(c, v, p, 4, 4, _hand13, "hands")


def _buyer(c, v, p):
    if v is None:
        return
    if integer_value(v) is None:
        c.fail(p, f"expected null or an integer from 0 to 3, found {type_name(v)}")
        return
    _integer(c, v, p, 0, 3)


_BALOOT_HAND = {
    "first": _items(lambda c, v, p: _array(c, v, p, 5, 5, _baloot_card, "cards"), 4, 4, "hands"),
    "upcard": _baloot_card,
    "buyer": _buyer,
    "final": _items(lambda c, v, p: _array(c, v, p, 8, 8, _baloot_card, "cards"), 4, 4, "hands"),
}


def _baloot_hand(c, v, p):
    o = _object(c, v, p, _BALOOT_HAND, ("first", "upcard", "buyer"), "a Baloot hand object")
    if o is None:
        return
    # if buyer is an integer (or absent) then final is required, else final is not allowed
    if "buyer" not in o or integer_value(o["buyer"]) is not None:
        if "final" not in o:
            c.fail(p, "missing property \"final\": a hand with a buyer has the second distribution")
    elif "final" in o:
        c.fail(f"{p}/final", "property \"final\" is not allowed when buyer is not an integer (no one bought)")


_MAHJONG_DEAL_SIZES = (14, 13, 13, 13)


def _mahjong_deal(c, v, p):
    if not isinstance(v, list):
        c.fail(p, f"expected an array of 4 hands of 14, 13, 13 and 13 tiles, found {type_name(v)}")
        return
    if len(v) != 4:  # prefixItems of four, "items": false, "minItems": 4
        c.fail(p, f"expected 4 hands of 14, 13, 13 and 13 tiles, found {len(v)} hands")
    for i, x in enumerate(v[:4]):
        n = _MAHJONG_DEAL_SIZES[i]
        _array(c, x, f"{p}/{i}", n, n, _tile, "tiles")


_MAHJONG_HAND = {"deal": _mahjong_deal, "draws": _items(_tile, 0, 83, "tiles")}


def _mahjong_hand(c, v, p):
    _object(c, v, p, _MAHJONG_HAND, ("deal", "draws"), "a mahjong hand object")


_MATCH = {
    "scheme": _const("match_seed_v2"),
    "kind": _const("match"),
    "game": _enum(GAMES),
    "matchId": _identifier,
    "commitment": _hex64,
    "serverSeed": _hex64,
    "clientSeeds": _items(_identifier, 2, 4, "client seeds"),
    "seats": _items(_int(0, 3), 2, 4, "seats"),
    "games": _items(_backgammon_game, 1, 100, "games"),
    "deals": _items(_deal, 1, 1000, "deals"),
    "hands": _items(None, 1, 1000, "hands"),
    "mahjongDraw": _enum(MAHJONG_DRAWS),
}
_MATCH_REQUIRED = ("scheme", "kind", "game", "matchId", "commitment", "serverSeed", "clientSeeds", "seats")
# What each game records besides the seat order, and what it must not carry.
_MATCH_PLAY = {
    "backgammon": "games", "checkers": None, "xiangqi": None,
    "tarneeb": "deals", "trix": "deals", "bridge": "deals",
    "baloot": "hands", "mahjong": "hands",
}


def _match(c: Result, o):
    o = _object(c, o, "", _MATCH, _MATCH_REQUIRED, "a record object")
    if o is None:
        return
    game = o.get("game")
    if not isinstance(game, str) or game not in _MATCH_PLAY:
        return  # the enum has already complained (or "game" is missing)
    two = game in TWO_PLAYER_GAMES
    for name in ("clientSeeds", "seats"):
        v = o.get(name)
        if isinstance(v, list) and (len(v) > 2 if two else len(v) < 4):
            c.fail(f"/{name}", f"{game} is played by {2 if two else 4}, expected {2 if two else 4} {name}, found {len(v)}")
    play = _MATCH_PLAY[game]
    if play is not None and play not in o:
        c.fail("", f"missing property \"{play}\": a {game} record lists its {play}")
    for other in ("games", "deals", "hands"):
        if other != play and other in o:
            c.fail(f"/{other}", f"a {game} record has no {other}" + (f"; it lists {play}" if play else ""))
    if game != "mahjong" and "mahjongDraw" in o:
        c.fail("/mahjongDraw", f"a {game} record draws no tiles, so it declares no mahjongDraw")
    hands = o.get("hands")
    if play == "hands" and isinstance(hands, list):
        if game == "baloot":
            for i, h in enumerate(hands):
                _baloot_hand(c, h, f"/hands/{i}")
        else:
            if len(hands) > 100:
                c.fail("/hands", f"expected 1 to 100 hands, found {len(hands)}")
            for i, h in enumerate(hands):
                _mahjong_hand(c, h, f"/hands/{i}")


# --- record_poker_leave_v1.json ------------------------------------------

_PROOF = {
    "position": _int(0, 51),
    "card": _card,
    "salt": _hex64,
    "path": _items(_hex64, 6, 6, "hashes"),
}


def _proof(c, v, p):
    _object(c, v, p, _PROOF, ("position", "card", "salt", "path"), "a proof object")


def _first_hand(c, v, p):
    # "enum": [1, 0]: numbers equal by value, however written.
    x = integer_value(v)
    if x is None or x is HUGE or x not in (0, 1):
        c.fail(p, f"expected 1 or 0, found {_show(v) if x is not None else type_name(v)}")
    elif isinstance(v, JsonFloat):
        c.loose.append(p)


_LEAVE_HAND = {
    "hand": _int(0, 500),
    "seats": _items(_int(0, 9), 2, 10, "seats"),
    "handCommitment": _hex64,
    "root": _hex64,
    "cards": _items(_proof, 2, 2, "proofs"),
    "board": _items(_proof, 0, 5, "proofs"),
}


def _leave_hand(c, v, p):
    _object(c, v, p, _LEAVE_HAND, tuple(_LEAVE_HAND), "a hand object")


_LEAVE = {
    "scheme": _const("poker_hmac_v1"),
    "kind": _const("leave"),
    "table": _identifier,
    "session": _identifier,
    "seat": _int(0, 9),
    "dealing": _enum(DEALINGS),
    "firstHand": _first_hand,
    "hands": _items(_leave_hand, 1, 500, "hands"),
}


def _leave(c, o):
    _object(c, o, "", _LEAVE, tuple(k for k in _LEAVE if k not in ("dealing", "firstHand")), "a record object")


# --- record_poker_session_v1.json ----------------------------------------

_SEAT = {"seat": _int(0, 9), "clientSeed": _identifier}


def _seat(c, v, p):
    _object(c, v, p, _SEAT, ("seat", "clientSeed"), "a seat object")


_SESSION_HAND = {
    "hand": _int(0, 500),
    "seats": _items(_seat, 2, 10, "seats"),
    "handCommitment": _hex64,
    "root": _hex64,
    "deck": _items(_card, 52, 52, "cards"),
}


def _session_hand(c, v, p):
    _object(c, v, p, _SESSION_HAND, tuple(_SESSION_HAND), "a hand object")


_SESSION = {
    "scheme": _const("poker_hmac_v1"),
    "kind": _const("session"),
    "table": _identifier,
    "session": _identifier,
    "sessionCommitment": _enum(SESSION_COMMITMENTS),
    "firstHand": _first_hand,
    "commitment": _hex64,
    "serverSeed": _hex64,
    "rotation": _enum(ROTATIONS),
    "opened": _date_time,
    "closed": _date_time,
    "hands": _items(_session_hand, 1, 500, "hands"),
}


def _session(c, o):
    required = tuple(k for k in _SESSION if k not in ("opened", "closed", "sessionCommitment", "firstHand", "commitment"))
    o = _object(c, o, "", _SESSION, required, "a record object")
    if o is None:
        return
    # if sessionCommitment is "none" then commitment is not allowed, else it is required (READ-4)
    if o.get("sessionCommitment") == "none":
        if "commitment" in o:
            c.fail("/commitment", "a session that declares sessionCommitment \"none\" carries no commitment")
    elif "commitment" not in o:
        c.fail("", "missing property \"commitment\": the session commitment (a session that published none declares sessionCommitment \"none\")")


# --- record_chess_v1.json ------------------------------------------------

def _null_or(check, what):
    def run(c, v, p):
        if v is not None:
            if not isinstance(v, str):
                c.fail(p, f"expected null or {what}, found {type_name(v)}")
            else:
                check(c, v, p)
    return run


def _commit_b(c, v, p):
    if v != "-":
        _string(c, v, p, is_hex64, "\"-\" (a bot) or 64 lowercase hex characters")


_CHESS = {
    "scheme": _const("chess_colour_v1"),
    "kind": _const("game"),
    "seedA": _hex64,
    "commitA": _hex64,
    "clientA": _identifier,
    "seedB": _null_or(_hex64, "64 lowercase hex characters"),
    "commitB": _commit_b,
    "clientB": _null_or(_identifier, "an identifier"),
    "white": _enum(("A", "B")),
}


def _chess(c, o):
    o = _object(c, o, "", _CHESS, tuple(_CHESS), "a record object")
    if o is None:
        return
    # if seedB is null (or absent) then commitB is "-" and clientB null, else
    # commitB is hex and clientB an identifier
    if o.get("seedB") is None:
        if "commitB" in o and o["commitB"] != "-":
            c.fail("/commitB", f"a bot (seedB null) has the commitment \"-\", found {_show(o['commitB'])}")
        if "clientB" in o and o["clientB"] is not None:
            c.fail("/clientB", f"a bot (seedB null) has no client seed: expected null, found {_show(o['clientB'])}")
    else:
        if "commitB" in o and not (isinstance(o["commitB"], str) and is_hex64(o["commitB"])):
            c.fail("/commitB", f"a player (seedB set) has a commitment of 64 lowercase hex characters, found {_show(o['commitB'])}")
        if "clientB" in o and not (isinstance(o["clientB"], str) and is_identifier(o["clientB"])):
            c.fail("/clientB", f"a player (seedB set) has a client seed identifier, found {_show(o['clientB'])}")


# --- record_selfpoker_v1.json --------------------------------------------

def _seed(c, v, p):
    if isinstance(v, str):
        if not is_seed_text(v):
            c.fail(p, f"expected a decimal seed string matching ^(0|[1-9][0-9]*)$, found {_show(v)}")
        return
    x = integer_value(v)
    if x is None:
        c.fail(p, f"expected a decimal string or a non-negative integer, found "
                  + (f"{_show(v)}, which has a fractional part" if isinstance(v, JsonFloat) else type_name(v)))
    elif x is not HUGE and x < 0:
        c.fail(p, f"expected a decimal string or a non-negative integer, found {_show(v)}")
    # Any size is valid here; at or above 2^63 the seed reader says out_of_range.


_FAIRPLAY = {"seed": _seed}

_SELFPOKER = {
    "scheme": _const("selfpoker_v1"),
    "kind": _const("hand_end"),
    "dealing": _enum(DEALINGS),
    "commit": _hex64,
    "fairplay": lambda c, v, p: _object(c, v, p, _FAIRPLAY, ("seed",), "an object holding the seed"),
    "hands": _items(lambda c, v, p: _array(c, v, p, 2, 2, _card, "cards"), 2, 23, "hands"),
    "board": _items(_card, 0, 5, "cards"),
}


def _selfpoker(c, o):
    _object(c, o, "", _SELFPOKER, tuple(k for k in _SELFPOKER if k != "dealing"), "a record object")


SCHEMAS = {
    "record_match_v1.json": _match,
    "record_poker_leave_v1.json": _leave,
    "record_poker_session_v1.json": _session,
    "record_chess_v1.json": _chess,
    "record_selfpoker_v1.json": _selfpoker,
}


def validate(schema_name: str, value) -> Result:
    """Validate a parsed JSON value against one of the record schemas."""
    check = SCHEMAS[schema_name]
    c = Result()
    try:
        check(c, value)
    except _Stop:
        pass
    return c
