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
"""

import os
import stat
import sys
from bisect import bisect_left

from . import chess_colour_v1, match_seed_v2, poker_hmac_v1, record_schema, schemes, selfpoker_v1, spec, strictjson
from .errors import (
    INPUT_TOO_LARGE,
    INVALID_INTEGER,
    INVALID_RECORD,
    MALFORMED_REQUEST,
    SCHEME_UNSPECIFIED,
    UNKNOWN_SCHEME,
    PfkitError,
    file_error,
)
from .escape import CUT, cut, cut_quoted
from .reading import READINGS, order_problem
from .record_schema import pointer
from .report import (
    FAILED,
    STATUSES,
    UNREADABLE,
    UNSPECIFIED,
    VERIFIED,
    Check,
    Mismatch,
    Mismatches,
    Report,
    compare_list,
    compare_one,
    distinct,
    not_readable_json,
    run,
    seat_runs,
)
from .strictjson import NegativeZero
from .times import Instant, floor_ns, format_rfc3339, go_duration, parse_date_time
from .words import text

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

MAX_SESSION_SECONDS = 24 * 3600  # PK-8

#: The fixed orders a match record may list (READ-10, READ-11): the kit's
#: naming of the pieces and how many the list holds.
_ORDERS = {"mahjongWall": (spec.tile_name, match_seed_v2.MAHJONG_WALL),
           "balootDeck": (spec.baloot32_name, match_seed_v2.BALOOT_DECK)}

__all__ = [
    "FAILED", "KINDS", "MAX_BYTES", "MAX_DEPTH", "STATUSES", "UNREADABLE", "UNSPECIFIED", "VERIFIED",
    "Check", "FileResult", "Mismatch", "Record", "Report", "Unreadable", "Unspecified",
    "exit_code", "read", "verify", "verify_bytes", "verify_data", "verify_file",
]


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
        raise Unreadable(INVALID_INTEGER, f"at {cut_quoted(pointer(path))}: expected an integer with no fraction "
                                          f"or exponent, found {cut(doc.text(node, CUT + 1))}")
    violation = record_schema.check(schema, doc)
    if violation is not None:
        raise Unreadable(INVALID_RECORD, violation.message(schema))
    obj = doc.value(0, signed_zero=True)
    del doc
    seed = _seed(obj["fairplay"]["seed"]) if scheme == schemes.SELFPOKER_V1 else None
    for field, (base, n) in _ORDERS.items():
        if field in obj:
            problem = order_problem(obj[field], base, n)
            if problem:
                raise Unreadable(INVALID_RECORD, f"at {cut_quoted('/' + field)}: not an order of the {n} pieces: "
                                                 f"{problem}")
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


_SEED = '"/fairplay/seed"'


def _seed(v) -> int:
    """REF-4: a selfpoker seed the schema let through (decimal digits, as a
    string or a bare number, or the number -0) read digit for digit; at or
    above 2^63 out_of_range."""
    if isinstance(v, NegativeZero):
        raise Unreadable(INVALID_INTEGER, f"at {_SEED}: expected an integer with no sign, found -0")
    text = v if isinstance(v, str) else getattr(v, "text", None) or str(v)
    try:
        return selfpoker_v1.parse_seed("/fairplay/seed", text)
    except PfkitError as e:
        # The digits as written, a string's without its quotes.
        raise Unreadable(e.code, f"at {_SEED}: expected 0 <= seed < 2^63 (9223372036854775808), "
                                 f"found {cut(text)}") from None


# --- match_seed_v2 matches (REC-3) ---------------------------------------

MATCH_NOTE = text("cli.note.match")


def _reading(o: dict, field: str):
    """The reading a record declares, or the kit's when it declares none (READ-1)."""
    v = o.get(field, READINGS[field][0])
    return int(v) if field == "firstHand" else v


_ORDER_RULES = {"mahjongWall": "CARD-3", "balootDeck": "CARD-2"}


def _declared_order(o: dict, field: str, base):
    """The naming of a record's pieces: the kit's, or the fixed order the record
    lists in field (READ-10, READ-11), which read() has found an order of the
    deck's pieces (REF-4)."""
    return o[field].__getitem__ if field in o else base


def _readings_note(o: dict, *fields) -> str:
    """Names the readings a verification followed (READ-1)."""
    parts = []
    for f in fields:
        if f in _ORDER_RULES:
            parts.append(f"{f} as listed in the record (declared)" if f in o
                         else f"{f} {_ORDER_RULES[f]} (the kit's reading)")
            continue
        v = _reading(o, f)
        text = str(v) if isinstance(v, int) else f'"{v}"'
        parts.append(f"{f} {text} " + ("(declared)" if f in o else "(the kit's reading)"))
    return "Readings followed: " + "; ".join(parts) + "."


def _throws(ts) -> list:
    """Throws as text, each of the 36 written once however often it is
    thrown: a failed match of 200,000 throws holds two texts each."""
    return [_THROW_TEXT.get((a, b)) or f"{a}-{b}" for a, b in ts]


_THROW_TEXT = {(a, b): f"{a}-{b}" for a in range(1, 7) for b in range(1, 7)}


def _names(name, ids) -> list:
    return [name(c) for c in ids]


def _verify_match(r: Record) -> Report:
    m = r.data
    game, match_id, seed = m["game"], m["matchId"], m["serverSeed"]
    players, play = match_seed_v2.GAMES[game]
    rep = Report(r.scheme, r.kind, text("cli.title.match", game=game, matchId=match_id))
    rep.equal("commitment", "/commitment", "MS2-1", spec.commit(seed), m["commitment"],
              text("cli.summary.commitment_matches"))
    stream = spec.match_stream(seed, game, match_id, m["clientSeeds"])
    seats = [str(s) for s in spec.seat_order(stream, players)]
    rep.lists("seat order", "/seats", "MS2-4", text("cli.summary.seats_drawn", seats=" ".join(seats)),
              compare_list("/seats", lambda i: f"seat {i}", seats, [str(int(s)) for s in m["seats"]]))
    notes = [MATCH_NOTE]
    if play in _MATCH_PLAYS:
        notes += _MATCH_PLAYS[play](rep, m, stream)
    _other_seed(rep)
    return rep.done(*notes)


def _backgammon(rep: Report, m: dict, stream) -> list:
    """BG-1, BG-2: each game's opening throws, who moves first, and the rolls."""
    opening_reading = _reading(m, "backgammonOpening")
    for gi, rg in enumerate(m["games"]):
        want = spec.backgammon_game(stream, len(rg["rolls"]), opening_reading)
        name, p = f"game {gi + 1}", f"/games/{gi}"
        opening = _throws(want["opening"])
        ms = compare_list(f"{p}/opening", lambda i, name=name: f"{name}, opening throw {i + 1}",
                          opening, _throws(rg["opening"]))
        compare_one(f"{p}/first", f"{name}, first to move", text("cli.value.seat", seat=want["first"]),
                    text("cli.value.seat", seat=int(rg["first"])), into=ms)
        rep.lists(f"{name} opening", f"{p}/opening", "BG-1",
                  text("cli.summary.opening_throws", throws=" ".join(opening)), ms)
        rep.lists(f"{name} rolls", f"{p}/rolls", "BG-2", text("cli.summary.turns_of_dice", count=len(want["rolls"])),
                  compare_list(f"{p}/rolls", lambda i, name=name: f"{name}, turn {i + 1}",
                               _throws(want["rolls"]), _throws(rg["rolls"])))
    return [_readings_note(m, "backgammonOpening")]


def _deals52(rep: Report, m: dict, stream) -> list:
    """DEAL-1: every deal of the 52-card games, all four hands."""
    distinct(rep, "/deals", False, [
        seat_runs(rd, lambda s, i, di=di: f"/deals/{di}/{s}/{i}",
                  lambda s, i, di=di: f"deal {di + 1}, seat {s}, card {i + 1}")
        for di, rd in enumerate(m["deals"])])
    for di, rd in enumerate(m["deals"]):
        want = spec.deal52(stream)
        ms = Mismatches()
        for s in range(4):
            compare_list(f"/deals/{di}/{s}", lambda i, di=di, s=s: f"deal {di + 1}, seat {s}, card {i + 1}",
                         _names(spec.table52_name, want[s]), rd[s], into=ms)
        rep.lists(f"deal {di + 1}", f"/deals/{di}", "DEAL-1", text("cli.summary.cards_in_place", count=52), ms)
    return []


def _baloot(rep: Report, m: dict, stream) -> list:
    """BAL-1: both distributions of every hand, in the record's card order."""
    card_name = _declared_order(m, "balootDeck", spec.baloot32_name)
    decks = []
    for hi, rh in enumerate(m["hands"]):
        name, p = f"hand {hi + 1}", f"/hands/{hi}"
        decks.append(seat_runs(rh["first"], lambda s, i, p=p: f"{p}/first/{s}/{i}",
                               lambda s, i, name=name: f"{name}, seat {s}, first distribution card {i + 1}")
                     + [run([rh["upcard"]], lambda i, p=p: f"{p}/upcard",
                            lambda i, name=name: f"{name}, turned-up card")])
        if "final" in rh:  # the final hands repeat the first five cards: a deck of their own
            decks.append(seat_runs(rh["final"], lambda s, i, p=p: f"{p}/final/{s}/{i}",
                                   lambda s, i, name=name: f"{name}, seat {s}, card {i + 1} "
                                                           "after the second distribution"))
    distinct(rep, "/hands", False, decks)
    deal = _reading(m, "balootDeal")
    for hi, rh in enumerate(m["hands"]):
        buyer = None if rh["buyer"] is None else int(rh["buyer"])
        want = spec.baloot_hand(stream, buyer, deal)
        name, p = f"hand {hi + 1}", f"/hands/{hi}"
        ms = Mismatches()
        for s in range(4):
            compare_list(f"{p}/first/{s}",
                         lambda i, s=s, name=name: f"{name}, seat {s}, first distribution card {i + 1}",
                         _names(card_name, want["first"][s]), rh["first"][s], into=ms)
        compare_one(f"{p}/upcard", f"{name}, turned-up card", card_name(want["upcard"]), rh["upcard"], into=ms)
        if buyer is not None and "final" in rh:
            for s in range(4):
                compare_list(f"{p}/final/{s}",
                             lambda i, s=s, name=name: f"{name}, seat {s}, card {i + 1} "
                                                       "after the second distribution",
                             _names(card_name, want["final"][s]), rh["final"][s], into=ms)
        rep.lists(name, p, "BAL-1", text("cli.summary.both_distributions"), ms)
    return [_readings_note(m, "balootDeal", "balootDeck")]


def _mahjong(rep: Report, m: dict, stream) -> list:
    """MJ-2: every hand's deal and draws, in the record's tile order."""
    tile_name = _declared_order(m, "mahjongWall", spec.tile_name)
    distinct(rep, "/hands", True, [
        seat_runs(rh["deal"], lambda s, i, hi=hi: f"/hands/{hi}/deal/{s}/{i}",
                  lambda s, i, hi=hi: f"hand {hi + 1}, seat {s}, tile {i + 1} of the deal")
        + [run(rh["draws"], lambda i, hi=hi: f"/hands/{hi}/draws/{i}",
               lambda i, hi=hi: f"hand {hi + 1}, draw {i + 1} after the deal")]
        for hi, rh in enumerate(m["hands"])])
    model, layout = _reading(m, "mahjongDraw"), _reading(m, "mahjongDeal")
    for hi, rh in enumerate(m["hands"]):
        count = match_seed_v2.MAHJONG_DEAL + len(rh["draws"])
        want = spec.mahjong_hand(stream, count, model, layout)
        name, p = f"hand {hi + 1}", f"/hands/{hi}"
        ms = Mismatches()
        for s in range(4):
            compare_list(f"{p}/deal/{s}", lambda i, s=s, name=name: f"{name}, seat {s}, tile {i + 1} of the deal",
                         _names(tile_name, want["deal"][s]), rh["deal"][s], into=ms)
        compare_list(f"{p}/draws", lambda i, name=name: f"{name}, draw {i + 1} after the deal",
                     _names(tile_name, want["draws"]), rh["draws"], into=ms)
        rep.lists(name, p, "MJ-2", text("cli.summary.tiles_in_place", count=count), ms)
    return [_readings_note(m, "mahjongDraw", "mahjongDeal", "mahjongWall")]


#: What a match's record holds after the seat order, by how its game draws
#: (match_seed_v2.GAMES); the games that only draw seats hold nothing more.
_MATCH_PLAYS = {"backgammon": _backgammon, "deals52": _deals52, "baloot": _baloot, "mahjong": _mahjong}


# The requirements of the checks that compare what a match drew after its seat order.
_DEALT = frozenset({"DEAL-1", "BAL-1", "MJ-2", "BG-1", "BG-2"})


def _other_seed(rep: Report):
    """REC-11: when the commitment fails and every dealt check fails too, the
    record was drawn from another server seed; each dealt check says so in its
    summary instead of listing values that all follow from that seed, and still fails."""
    dealt = [c for c in rep.checks if c.requirement in _DEALT]
    if not rep.checks or rep.checks[0].ok or not dealt or any(c.ok for c in dealt):
        return
    for c in dealt:
        c.summary = text("cli.summary.other_seed", n=len(c.mismatches) + c.more)
        c.mismatches, c.more = [], 0


# --- poker_hmac_v1 leave bundles (REC-4) ---------------------------------

LEAVE_NOTE = text("cli.note.leave")


_TABLE52_IDS = {spec.table52_name(c): c for c in range(52)}


def card_id(name: str) -> int:
    """The table52 id of a card name (CARD-1), as spec.table52_name names it."""
    return _TABLE52_IDS[name]


def _verify_leave(r: Record) -> Report:
    lv = r.data
    seat = int(lv["seat"])
    rep = Report(r.scheme, r.kind, text("cli.title.leave", table=lv["table"], session=lv["session"], seat=seat))
    distinct(rep, "/hands", False, [
        [run([pr["card"] for pr in h[part]], lambda i, hi=hi, part=part: f"/hands/{hi}/{part}/{i}/card",
             lambda i, n=int(h["hand"]), word=word: f"hand {n}, {word} card {i + 1}")
         for part, word in (("cards", "own"), ("board", "board"))]
        for hi, h in enumerate(lv["hands"])])
    dealing = _reading(lv, "dealing")
    first = _reading(lv, "firstHand")
    top = poker_hmac_v1.hand_numbers(first)[1]
    seen = {}
    for hi, h in enumerate(lv["hands"]):
        n = int(h["hand"])
        name, p = f"hand {n}", f"/hands/{hi}"
        if not first <= n <= top:
            rep.failed(f"{name} number", f"{p}/hand", "PK-8", poker_hmac_v1.numbering(first),
                       Mismatch(f"{p}/hand", f"entry {hi + 1}", text("cli.value.range", first=first, last=top), str(n)))
            continue
        if n in seen:
            rep.failed(f"{name} number", f"{p}/hand", "PK-8",
                       text("cli.summary.hand_listed_twice", hand=n, entry=seen[n] + 1, again=hi + 1))
            continue
        seen[n] = hi
        seats = [int(s) for s in h["seats"]]
        ordered = sorted(seats)
        if seat not in ordered or len(set(ordered)) != len(ordered):
            rep.failed(f"{name} seats", f"{p}/seats", "PK-9",
                       text("cli.summary.seats_without_player", seat=seat, seats=" ".join(str(s) for s in seats)))
            continue
        j, players = ordered.index(seat), len(ordered)
        root = h["root"]
        for kind, label_kind, positions in (("cards", "own", spec.hole_positions(j, players, dealing)),
                                            ("board", "board", poker_hmac_v1.board_positions(players))):
            for i, pr in enumerate(h[kind]):
                pp = f"{p}/{kind}/{i}"
                label = f"{name}, {label_kind} card {i + 1}"
                pos, want = int(pr["position"]), positions[i]
                if pos != want:
                    rep.failed(f"{label} position", f"{pp}/position", "PK-10",
                               text("cli.summary.position_expected", expected=want, dealing=f'"{dealing}"', found=pos),
                               Mismatch(f"{pp}/position", label, str(want), str(pos)))
                    continue
                # PK-7: recompute the leaf, climb the six siblings, compare with the root.
                leaf = spec.leaf(pos, card_id(pr["card"]), pr["salt"])
                if spec.root_from(leaf, pos, pr["path"]) == root:
                    rep.passed(label, pp, "PK-7",
                               text("cli.summary.card_in_deck", card=pr["card"], position=pos))
                else:
                    rep.failed(label, pp, "PK-7",
                               text("cli.summary.card_not_in_deck", card=pr["card"], position=pos),
                               Mismatch(pp, label, text("cli.value.proof_reaching", root=root[:12]),
                                        text("cli.value.proof_missing")))
    return rep.done(LEAVE_NOTE, _readings_note(lv, "dealing", "firstHand"))


# --- poker_hmac_v1 session reveals (REC-5) -------------------------------

SESSION_NOTE = text("cli.note.session")


SESSION_NO_COMMITMENT_NOTE = text("cli.note.session_no_commitment")


def _verify_session(r: Record) -> Report:
    s = r.data
    seed, table, session, hands = s["serverSeed"], s["table"], s["session"], s["hands"]
    rep = Report(r.scheme, r.kind, text("cli.title.session", table=table, session=session, hands=len(hands)))
    committed = _reading(s, "sessionCommitment") == "published"
    if committed:
        rep.equal("session commitment", "/commitment", "PK-11", spec.commit(seed), s["commitment"],
                  text("cli.summary.session_commitment_matches"))
    first = _reading(s, "firstHand")
    numbering = Mismatches(*(Mismatch(f"/hands/{i}/hand", f"entry {i + 1}", str(first + i), str(int(h["hand"])))
                             for i, h in enumerate(hands) if int(h["hand"]) != first + i))
    if numbering.count():
        rep.failed_many("hand numbers", "/hands", "PK-8",
                        text("cli.summary.hands_in_order", first=first, second=first + 1, third=first + 2), numbering)
    else:
        rep.passed("hand numbers", "/hands", "PK-8",
                   text("cli.summary.hands_numbered", first=first, last=first + len(hands) - 1))
    if s["rotation"] == "hands":
        rep.equal("rotation", "/rotation", "PK-8", text("cli.value.hands", n=poker_hmac_v1.MAX_HANDS),
                  text("cli.value.hands", n=len(hands)), text("cli.summary.rotated"))
    if s.get("opened") and s.get("closed"):
        _session_times(rep, s["opened"], s["closed"])
    distinct(rep, "/hands", False, [
        [run(h["deck"], lambda i, hi=hi: f"/hands/{hi}/deck/{i}",
             lambda i, n=int(h["hand"]): f"hand {n}, position {i}")]
        for hi, h in enumerate(hands)])
    for hi, h in enumerate(hands):
        n = int(h["hand"])
        name, p = f"hand {n}", f"/hands/{hi}"
        seats = [(int(x["seat"]), x["clientSeed"]) for x in h["seats"]]
        dup = _duplicate_seat(seats)
        if dup is not None:
            rep.failed(f"{name} seats", f"{p}/seats", "PK-9", text("cli.summary.seat_taken_twice", seat=dup))
            continue
        hv = spec.hand_value(seed, table, session, n)
        rep.equal(f"{name} commitment", f"{p}/handCommitment", "PK-2", spec.commit(hv), h["handCommitment"],
                  text("cli.summary.hand_commitment_matches"))
        deck = spec.poker_deck(hv, table, session, n, seats)
        rep.lists(f"{name} deck", f"{p}/deck", "PK-3", text("cli.summary.deck_from_seeds"),
                  compare_list(f"{p}/deck", lambda i, name=name: f"{name}, position {i}",
                               _names(spec.table52_name, deck), h["deck"]))
        # The root of the deck as listed, with the salts the seed gives (PK-4 to PK-6).
        root = spec.tree_levels(hv, [card_id(c) for c in h["deck"]])[6][0]
        rep.equal(f"{name} root", f"{p}/root", "PK-6", root, h["root"],
                  text("cli.summary.root_matches"))
    return rep.done(SESSION_NOTE if committed else SESSION_NO_COMMITMENT_NOTE,
                    _readings_note(s, "firstHand", "sessionCommitment"))


def _duplicate_seat(seats):
    seen = set()
    for seat, _ in seats:
        if seat in seen:
            return seat
        seen.add(seat)
    return None


def _session_times(rep: Report, opened_text: str, closed_text: str):
    # The schema has checked both are RFC 3339 date-times. Instants compare
    # exactly, to the last digit of their fractions (REC-1, D-23).
    opened, opened_offset = parse_date_time(opened_text)
    closed, _ = parse_date_time(closed_text)
    shown = go_duration(floor_ns(closed) - floor_ns(opened))
    if closed < opened:
        rep.failed("session times", "/closed", "PK-8", text("cli.summary.closed_before_opened"),
                   Mismatch("/closed", "closing time", text("cli.value.at_or_after", time=opened_text), closed_text))
    elif closed > Instant(opened.secs + MAX_SESSION_SECONDS, opened.frac):
        rep.failed("session times", "/closed", "PK-8", text("cli.summary.over_a_day", duration=shown),
                   Mismatch("/closed", "closing time",
                            text("cli.value.at_most",
                                 time=format_rfc3339(opened.secs + MAX_SESSION_SECONDS, opened_offset)), closed_text))
    else:
        rep.passed("session times", "/closed", "PK-8", text("cli.summary.open_for", duration=shown))


# --- chess_colour_v1 games (REC-6) ---------------------------------------

CHESS_NOTE_PLAYERS = text("cli.note.chess_players")
CHESS_NOTE_BOT = text("cli.note.chess_bot")


def _verify_chess(r: Record) -> Report:
    c = r.data
    bot = c["seedB"] is None
    rep = Report(r.scheme, r.kind, text("cli.title.chess_bot" if bot else "cli.title.chess_players"))
    rep.equal("A's commitment", "/commitA", "CC-1", spec.commit(c["seedA"]), c["commitA"],
              text("cli.summary.side_commitment_matches", side="A"))
    if not bot:
        rep.equal("B's commitment", "/commitB", "CC-1", spec.commit(c["seedB"]), c["commitB"],
                  text("cli.summary.side_commitment_matches", side="B"))
    if c["commitA"] == c["commitB"]:
        rep.failed("distinct commitments", "/commitB", "CC-4",
                   text("cli.summary.same_seed"),
                   Mismatch("/commitB", "B's commitment", text("cli.value.other_commitment"), c["commitB"]))
        return rep.done()
    white = chess_colour_v1.white(c["seedA"], c["clientA"], c["seedB"], c["clientB"], _reading(c, "botClientSeed"))
    rep.equal("White", "/white", "CC-3", white, c["white"],
              text("cli.summary.white_by_xor", side=white))
    if bot:
        return rep.done(CHESS_NOTE_BOT, _readings_note(c, "botClientSeed"))
    return rep.done(CHESS_NOTE_PLAYERS)


# --- selfpoker_v1 hands (REC-7) ------------------------------------------

SELFPOKER_NOTE = text("cli.note.selfpoker")


def _verify_selfpoker(r: Record, backend=None) -> Report:
    o = r.data
    hands, board = o["hands"], o["board"]
    rep = Report(r.scheme, r.kind, text("cli.title.selfpoker", seed=r.seed, players=len(hands)))
    d = selfpoker_v1.deal(r.seed, len(hands), backend, _reading(o, "dealing"))
    rep.equal("commitment", "/commit", "SP-2", d["commit"], o["commit"],
              text("cli.summary.selfpoker_commitment_matches"))
    distinct(rep, "", False, [
        [run(h, lambda k, i=i: f"/hands/{i}/{k}", lambda k, i=i: f"player {i + 1}, card {k + 1}")
         for i, h in enumerate(hands)]
        + [run(board, lambda k: f"/board/{k}", lambda k: f"board card {k + 1}")]])
    ms = Mismatches()
    for i, h in enumerate(hands):
        compare_list(f"/hands/{i}", lambda k, i=i: f"player {i + 1}, card {k + 1}", d["hands"][i], h, into=ms)
    rep.lists("hands", "/hands", "SP-4", text("cli.summary.hands_in_deck_order"), ms)
    rep.lists("board", "/board", "SP-4", text("cli.summary.board_after_hands", count=len(board)),
              compare_list("/board", lambda k: f"board card {k + 1}", d["board"][:len(board)], board))
    return rep.done(SELFPOKER_NOTE, _readings_note(o, "dealing"))


# --- entry points --------------------------------------------------------

_VERIFIERS = {
    "match": _verify_match,
    "leave": _verify_leave,
    "session": _verify_session,
    "game": _verify_chess,
}


def verify(record: Record, backend=None) -> Report:
    """Check a record against the reference and report every check.
    ``backend`` chooses how selfpoker_v1 decks are dealt (see selfpoker_v1)."""
    if record.kind == "hand_end":
        return _verify_selfpoker(record, backend)
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
