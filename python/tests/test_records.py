"""Record reading and verification (spec section 15), against the verdicts of
vectors/records-index.json and against cases made by hand whose expected
verdict follows from how they were made."""

import copy
import hashlib
import io
import json
import os
import subprocess
import sys

import pytest

import recordlib as R
from pfkit import records, spec, strictjson
from pfkit._record_schemas_data import SCHEMAS
from pfkit.times import duration_words, go_duration, parse_date_time
from pfkit.verify_cmd import main as verify_main
from recordlib import Num, drop, put

INDEX = R.index()
SCHEMA_DIR = os.path.join(R.ROOT, "spec", "schemas")


def verdict(rec):
    """(status, failure pointers) or (status, error code) of a record given as
    a parsed value or as bytes."""
    r = records.verify_data("x", rec if isinstance(rec, bytes) else R.data(rec))
    if r.report is not None:
        return r.status, r.report.failures()
    return r.status, r.code


FAILED, VERIFIED, UNREADABLE = records.FAILED, records.VERIFIED, records.UNREADABLE


# --- the index ----------------------------------------------------------

@pytest.mark.parametrize("entry", INDEX, ids=[e["file"] for e in INDEX])
def test_index_verdict(entry):
    r = records.verify_file(os.path.join(R.RECORDS, entry["file"]))
    assert r.status == entry["status"]
    if entry["status"] in (VERIFIED, FAILED):
        assert r.report.failures() == entry.get("failures", [])
        assert r.report.status == entry["status"]
    elif entry["status"] == UNREADABLE:
        assert r.code == entry["code"], r.message
    else:
        assert r.code == "scheme_unspecified"


def test_index_covers_every_kind():
    kinds = set()
    for e in INDEX:
        if e["status"] in (VERIFIED, FAILED):
            rec = R.example(e["file"])
            kinds.add((rec["scheme"], rec["kind"], rec.get("game")))
    assert {k[:2] for k in kinds} == {k[:2] for k in records.KINDS}
    assert {k[2] for k in kinds if k[0] == "match_seed_v2"} == {
        "backgammon", "checkers", "xiangqi", "tarneeb", "trix", "bridge", "baloot", "mahjong"}


@pytest.mark.parametrize("entry", INDEX, ids=[e["file"] for e in INDEX])
def test_validators_on_index(entry):
    # Every example that parses and names a known kind is valid against its
    # schema, except the ones the index says are not.
    try:
        rec = strictjson.loads(R.raw(entry["file"]), strictjson.RECORD)
    except strictjson.JsonError as e:
        assert entry["status"] == UNREADABLE and entry["code"] == e.code
        return
    schema = next((k[2] for k in records.KINDS if (k[0], k[1]) == (rec.get("scheme"), rec.get("kind"))), None)
    if schema is None:
        assert entry["status"] == "unspecified" or entry.get("code") == "unknown_scheme"
        return
    # A declared wall or deck that is not an order of the pieces is refused after
    # the schema, which cannot count the copies of each name (READ-10, READ-11).
    beyond_schema = entry["file"] == "reading-wall-not-a-set.json"
    valid = entry.get("code") != "invalid_record" or beyond_schema
    assert (R.violation(schema, rec) is None) == valid, R.violation(schema, rec)


# --- the validators against the schema files ------------------------------

def _schema(name):
    with open(os.path.join(SCHEMA_DIR, name), encoding="utf-8") as f:
        return json.load(f)


def _annotations_dropped(schema):
    """A schema without title, description, $schema and $id, where they are
    keywords (not where they name a property)."""
    if not isinstance(schema, dict):
        return schema
    out = {}
    for k, v in schema.items():
        if k in ("title", "description", "$schema", "$id"):
            continue
        if k in ("properties", "$defs"):
            out[k] = {n: _annotations_dropped(x) for n, x in v.items()}
        elif isinstance(v, list):
            out[k] = [_annotations_dropped(x) for x in v]
        else:
            out[k] = _annotations_dropped(v)
    return out


def test_generated_copy_is_the_schema_files():
    # pfkit/_record_schemas_data.py is written by tools/gen/schemas_gen.py; make test
    # also runs its --check. This reads the files on its own.
    names = sorted(n for n in os.listdir(SCHEMA_DIR) if n.startswith("record_"))
    assert sorted(SCHEMAS) == names == sorted(k[2] for k in records.KINDS)
    for n in names:
        assert SCHEMAS[n] == _annotations_dropped(_schema(n)), n


VALID_EXAMPLE = {
    "record_match_v1.json": ["bridge.json", "backgammon.json", "checkers.json", "baloot.json", "mahjong.json",
                             "mahjong-close-gap.json", "mahjong-rounds.json", "baloot-three-two.json",
                             "backgammon-first-seat-rolls.json"],
    "record_poker_leave_v1.json": ["poker-leave.json", "poker-leave-round-robin.json", "poker-leave-from-0.json"],
    "record_poker_session_v1.json": ["poker-session.json", "poker-session-from-0.json",
                                     "poker-session-no-commitment.json"],
    "record_chess_v1.json": ["chess-players.json", "chess-bot.json", "chess-bot-empty.json"],
    "record_selfpoker_v1.json": ["selfpoker.json", "selfpoker-number-seed.json", "selfpoker-round-robin.json"],
}


def _objects(schema, node, pointer=""):
    """(JSON pointer into a record, object schema) for each object the schema
    describes at a place the examples have, following $ref, items and
    properties."""
    if "$ref" in node:
        node = schema["$defs"][node["$ref"].rsplit("/", 1)[-1]]
    yield pointer, node
    for k, sub in node.get("properties", {}).items():
        yield from _objects(schema, sub, f"{pointer}/{k}")
    if isinstance(node.get("items"), dict):
        yield from _objects(schema, node["items"], f"{pointer}/0")


def _required_by_rules(schema, rec):
    """What the allOf if/then/else rules require of a record: record_match_v1.json's
    rules by game, record_poker_session_v1.json's by sessionCommitment."""
    out = set()
    for rule in schema.get("allOf", []):
        (field, cond), = rule["if"]["properties"].items()
        present = field in rec or field not in rule["if"].get("required", [])
        holds = present and (rec.get(field) == cond.get("const") or rec.get(field) in cond.get("enum", []))
        out |= set(rule.get("then" if holds else "else", {}).get("required", []))
    return out


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_required_and_additional_properties_follow_schema(name):
    # Read from the schema file itself: every required property removed, every
    # optional one removed, an unknown one added, at every object the example
    # records have.
    schema = _schema(name)
    checked = 0
    for example in VALID_EXAMPLE[name]:
        rec = R.example(example)
        assert R.violation(name, rec) is None
        for pointer, node in _objects(schema, schema):
            if "properties" not in node:
                continue
            try:
                obj = R.get(rec, pointer) if pointer else rec
            except (KeyError, IndexError):
                continue
            if not isinstance(obj, dict):
                continue
            required = set(node.get("required", []))
            if pointer == "":
                required |= _required_by_rules(node, rec)
            for k in node["properties"]:
                if k not in obj:
                    continue
                dropped = drop(rec, f"{pointer}/{k}")
                # Dropping a field an if/then/else rule tests can make another required.
                still = pointer != "" or _required_by_rules(node, dropped) <= set(dropped)
                res = R.violation(name, dropped)
                assert (res is None) == (k not in required and still), (example, pointer, k, res)
                checked += 1
            assert R.violation(name, put(rec, f"{pointer}/unexpected", 1)) is not None, (example, pointer)
    assert checked >= 6


# --- hand-made invalid and edge variants ----------------------------------

BRIDGE, BACKGAMMON, CHECKERS = R.example("bridge.json"), R.example("backgammon.json"), R.example("checkers.json")
BALOOT, MAHJONG = R.example("baloot.json"), R.example("mahjong.json")
LEAVE, SESSION = R.example("poker-leave.json"), R.example("poker-session.json")
CHESS, BOT, SELFPOKER = R.example("chess-players.json"), R.example("chess-bot.json"), R.example("selfpoker.json")

INVALID = [
    # missing, extra, wrong type
    ("no commitment", drop(BRIDGE, "/commitment")),
    ("no deals", drop(BRIDGE, "/deals")),
    ("extra top", put(BRIDGE, "/note", "x")),
    ("extra nested", put(BACKGAMMON, "/games/0/note", 1)),
    ("seats string", put(BRIDGE, "/seats", "2031")),
    ("seat string", put(BRIDGE, "/seats/0", "2")),
    ("seat bool", put(BRIDGE, "/seats/0", True)),
    ("seat null", put(BRIDGE, "/seats/0", None)),
    ("seat 4", put(BRIDGE, "/seats/0", 4)),
    ("seat -1", put(BRIDGE, "/seats/0", -1)),
    ("seat huge", put(BRIDGE, "/seats/0", Num("1" * 50))),
    ("matchId 65", put(BRIDGE, "/matchId", "m" * 65)),
    ("matchId empty", put(BRIDGE, "/matchId", "")),
    ("matchId colon", put(BRIDGE, "/matchId", "a:b")),
    ("matchId newline", put(BRIDGE, "/matchId", "ab\n")),
    ("client seed separator", put(BRIDGE, "/clientSeeds/0", "north,1=east")),
    ("seed upper", put(BRIDGE, "/serverSeed", BRIDGE["serverSeed"].upper())),
    ("seed 63", put(BRIDGE, "/serverSeed", BRIDGE["serverSeed"][:63])),
    ("seed trailing newline", put(BRIDGE, "/serverSeed", BRIDGE["serverSeed"] + "\n")),
    ("game unknown", put(BRIDGE, "/game", "poker")),
    ("game in capitals", put(BRIDGE, "/game", "Bridge")),
    # card, tile and die names
    ("card 1c", put(BRIDGE, "/deals/0/0/0", "1c")),
    ("card 10h", put(BRIDGE, "/deals/0/0/0", "10h")),
    ("card lower rank", put(BRIDGE, "/deals/0/0/0", "tc")),
    ("card upper suit", put(BRIDGE, "/deals/0/0/0", "TC")),
    ("card suit x", put(BRIDGE, "/deals/0/0/0", "Tx")),
    ("baloot card 6", put(BALOOT, "/hands/0/first/0/0", "6c")),
    ("baloot upcard 2", put(BALOOT, "/hands/0/upcard", "2h")),
    ("tile 0m", put(MAHJONG, "/hands/0/draws/0", "0m")),
    ("tile wd", put(MAHJONG, "/hands/0/draws/0", "wd")),
    ("tile Wd ", put(MAHJONG, "/hands/0/draws/0", "Wd ")),
    ("die 0", put(BACKGAMMON, "/games/0/rolls/0/0", 0)),
    ("die 7", put(BACKGAMMON, "/games/0/rolls/0/0", 7)),
    ("first 2", put(BACKGAMMON, "/games/0/first", 2)),
    ("first true", put(BACKGAMMON, "/games/0/first", True)),
    # lengths
    ("deal of 3 hands", drop(BRIDGE, "/deals/0/3")),
    ("hand of 12", drop(BRIDGE, "/deals/0/0/12")),
    ("hand of 14", put(BRIDGE, "/deals/0/0/-", "2c")),
    ("bridge 3 seats", drop(BRIDGE, "/seats/3")),
    ("bridge 3 client seeds", drop(BRIDGE, "/clientSeeds/3")),
    ("backgammon 3 seats", put(BACKGAMMON, "/seats/-", 2)),
    ("backgammon 4 client seeds", put(put(BACKGAMMON, "/clientSeeds/-", "c"), "/clientSeeds/-", "d")),
    ("throw of 3", put(BACKGAMMON, "/games/0/rolls/0/-", 1)),
    ("no opening", put(BACKGAMMON, "/games/0/opening", [])),
    ("no deals", put(BRIDGE, "/deals", [])),
    ("mahjong first hand 13", drop(MAHJONG, "/hands/0/deal/0/13")),
    ("mahjong second hand 14", put(MAHJONG, "/hands/0/deal/1/-", "E")),
    ("mahjong 5 hands in deal", put(MAHJONG, "/hands/0/deal/-", [])),
    ("mahjong 84 draws", put(MAHJONG, "/hands/0/draws", ["E"] * 84)),
    ("mahjong 101 hands", put(MAHJONG, "/hands", [MAHJONG["hands"][0]] * 101)),
    ("baloot first of 4", drop(BALOOT, "/hands/0/first/0/4")),
    ("baloot final of 7", drop(BALOOT, "/hands/1/final/0/7")),
    # the game rules (allOf if/then of record_match_v1.json)
    ("backgammon without games", drop(BACKGAMMON, "/games")),
    ("backgammon with deals", put(BACKGAMMON, "/deals", BRIDGE["deals"])),
    ("checkers with games", put(CHECKERS, "/games", BACKGAMMON["games"])),
    ("checkers with hands", put(CHECKERS, "/hands", BALOOT["hands"])),
    ("bridge with games", put(BRIDGE, "/games", BACKGAMMON["games"])),
    ("bridge with hands", put(BRIDGE, "/hands", BALOOT["hands"])),
    ("baloot without hands", drop(BALOOT, "/hands")),
    ("baloot with deals", put(BALOOT, "/deals", BRIDGE["deals"])),
    ("baloot hands of mahjong", put(BALOOT, "/hands", MAHJONG["hands"])),
    ("mahjong hands of baloot", put(MAHJONG, "/hands", BALOOT["hands"])),
    ("baloot no buyer with final", put(BALOOT, "/hands/0/final", BALOOT["hands"][1]["final"])),
    ("baloot buyer without final", drop(BALOOT, "/hands/1/final")),
    ("baloot buyer 4", put(BALOOT, "/hands/1/buyer", 4)),
    ("baloot buyer missing", drop(BALOOT, "/hands/0/buyer")),
    ("baloot buyer string", put(BALOOT, "/hands/0/buyer", "2")),
    # chess: if seedB is null then commitB "-" and clientB null, else hex and identifier
    ("bot with hex commitB", put(BOT, "/commitB", "a" * 64)),
    ("bot with clientB", put(BOT, "/clientB", "x")),
    ("player with clientB null", put(CHESS, "/clientB", None)),
    ("player with commitB -", put(CHESS, "/commitB", "-")),
    ("white C", put(CHESS, "/white", "C")),
    ("white lower", put(CHESS, "/white", "a")),
    ("seedB missing", drop(CHESS, "/seedB")),
    # poker
    ("leave seat 10", put(LEAVE, "/seat", 10)),
    ("leave position 52", put(LEAVE, "/hands/0/cards/0/position", 52)),
    ("leave hand -1", put(LEAVE, "/hands/0/hand", -1)),
    ("leave hand 501", put(LEAVE, "/hands/0/hand", 501)),
    ("leave path of 5", drop(LEAVE, "/hands/0/cards/0/path/5")),
    ("leave three cards", put(LEAVE, "/hands/0/cards/-", LEAVE["hands"][0]["cards"][0])),
    ("leave one seat", put(LEAVE, "/hands/0/seats", [4])),
    ("session deck of 51", drop(SESSION, "/hands/0/deck/51")),
    ("session rotation crash", put(SESSION, "/rotation", "crash")),
    ("session seat object extra", put(SESSION, "/hands/0/seats/0/x", 1)),
    ("session time with space", put(SESSION, "/opened", "2026-11-29 20:00:00Z")),
    ("session time without zone", put(SESSION, "/opened", "2026-11-29T20:00:00")),
    ("session time Feb 30", put(SESSION, "/opened", "2026-02-30T20:00:00Z")),
    ("session time Feb 29 2026", put(SESSION, "/opened", "2026-02-29T20:00:00Z")),
    ("session time hour 24", put(SESSION, "/opened", "2026-11-29T24:00:00Z")),
    ("session time signed hour", put(SESSION, "/opened", "2026-11-29T+1:00:00Z")),
    ("session time offset +24:00", put(SESSION, "/opened", "2026-11-29T20:00:00+24:00")),
    ("session time offset +0100", put(SESSION, "/opened", "2026-11-29T20:00:00+0100")),
    ("session time empty fraction", put(SESSION, "/opened", "2026-11-29T20:00:00.Z")),
    ("session leap second at 23:58", put(SESSION, "/opened", "2016-12-31T23:58:60Z")),
    ("session time trailing newline", put(SESSION, "/opened", "2026-11-29T20:00:00Z\n")),
    ("session time number", put(SESSION, "/opened", 1764446400)),
    # selfpoker
    ("one player", put(SELFPOKER, "/hands", [["7c", "8s"]])),
    ("three cards", put(SELFPOKER, "/hands/0/-", "2c")),
    ("six board cards", put(SELFPOKER, "/board/-", "2c")),
    ("24 players", put(SELFPOKER, "/hands", [["2c", "3c"]] * 24)),
    ("seed negative", put(SELFPOKER, "/fairplay/seed", -1)),
    ("seed leading zero", put(SELFPOKER, "/fairplay/seed", "01")),
    ("seed empty", put(SELFPOKER, "/fairplay/seed", "")),
    ("seed with sign", put(SELFPOKER, "/fairplay/seed", "+1")),
    ("seed arabic digit", put(SELFPOKER, "/fairplay/seed", "\u0661")),
    ("seed null", put(SELFPOKER, "/fairplay/seed", None)),
    ("seed true", put(SELFPOKER, "/fairplay/seed", True)),
    ("fairplay extra", put(SELFPOKER, "/fairplay/salt", "x")),
    ("commit 65", put(SELFPOKER, "/commit", SELFPOKER["commit"] + "0")),
]


@pytest.mark.parametrize("name,rec", INVALID, ids=[c[0] for c in INVALID])
def test_invalid_record(name, rec):
    status, code = verdict(rec)
    assert (status, code) == (UNREADABLE, "invalid_record")


# Numbers written with a fraction or an exponent, anywhere: refused before the
# schema with invalid_integer (REC-1, NUM-1), however huge the exponent.
LOOSE = [
    ("seat 2.5", put(BRIDGE, "/seats/0", Num("2.5"))),
    ("seat 1e400", put(BRIDGE, "/seats/0", Num("1e400"))),
    ("seat 1e-400", put(BRIDGE, "/seats/0", Num("1e-400"))),
    ("seat 1e999999999999", put(BRIDGE, "/seats/0", Num("1e999999999999"))),
    ("first 0.5", put(BACKGAMMON, "/games/0/first", Num("0.5"))),
    ("seed as float 1.5", put(SELFPOKER, "/fairplay/seed", Num("1.5"))),
    ("seed 1e1000000000", put(SELFPOKER, "/fairplay/seed", Num("1e1000000000"))),
    ("seed 12345678e90123456789", put(SELFPOKER, "/fairplay/seed", Num("12345678e90123456789"))),
]


@pytest.mark.parametrize("name,rec", LOOSE, ids=[c[0] for c in LOOSE])
def test_loose_numbers(name, rec):
    assert verdict(rec) == (UNREADABLE, "invalid_integer")


# Seeds of any length pass the schema; at or above 2^63 they are out of range.
@pytest.mark.parametrize("seed", [2 ** 63, str(2 ** 63), "1" * 20, 10 ** 40])
def test_seed_out_of_range(seed):
    assert verdict(put(SELFPOKER, "/fairplay/seed", seed)) == (UNREADABLE, "out_of_range")


def test_invalid_record_message_names_the_place():
    r = records.verify_data("x", R.data(put(BRIDGE, "/deals/1/2/6", "1c")))
    assert r.code == "invalid_record"
    # In SCH-2's words: the place as a person counts it, the pointer after it,
    # what the pattern allows, the value quoted.
    assert r.message == ('card 7 of hand 3 of deal 2 (/deals/1/2/6): expected a card: a rank (2 to 9, T, J, Q, K '
                         'or A) then a suit (c, d, h or s), found "1c"')


READABLE = [
    # how numbers are written: NUM-1 for integers, REC-1 for the seed
    ("seat 1.0", put(BRIDGE, "/seats/3", Num("1.0")), (UNREADABLE, "invalid_integer")),
    ("seat 1e0", put(BRIDGE, "/seats/3", Num("1e0")), (UNREADABLE, "invalid_integer")),
    ("die 30e-1", put(BACKGAMMON, "/games/0/rolls/5/1", Num("30e-1")), (UNREADABLE, "invalid_integer")),
    ("first 1.0", put(BACKGAMMON, "/games/0/first", Num("1.0")), (UNREADABLE, "invalid_integer")),
    ("buyer 2.0", put(BALOOT, "/hands/1/buyer", Num("2.0")), (UNREADABLE, "invalid_integer")),
    ("position 2e0", put(LEAVE, "/hands/0/cards/0/position", Num("2E0")), (UNREADABLE, "invalid_integer")),
    ("seat -0 is 0", put(CHECKERS, "/seats", [Num("-0") if s == 0 else s for s in CHECKERS["seats"]]), (VERIFIED, [])),
    ("seed as float 1.0", put(SELFPOKER, "/fairplay/seed", Num("1.0")), (UNREADABLE, "invalid_integer")),
    ("seed with exponent", put(SELFPOKER, "/fairplay/seed", Num("1234567890123456789e0")),
     (UNREADABLE, "invalid_integer")),
    ("seed 0.0", put(SELFPOKER, "/fairplay/seed", Num("0.0")), (UNREADABLE, "invalid_integer")),
    ("seed -0", put(SELFPOKER, "/fairplay/seed", Num("-0")), (UNREADABLE, "invalid_integer")),
    ("seed 2^63 as a string", put(SELFPOKER, "/fairplay/seed", str(2 ** 63)), (UNREADABLE, "out_of_range")),
    ("seed 9999999999999999999", put(SELFPOKER, "/fairplay/seed", "9" * 19), (UNREADABLE, "out_of_range")),
    ("seed as a bare number", put(SELFPOKER, "/fairplay/seed", 1234567890123456789), (VERIFIED, [])),
]


@pytest.mark.parametrize("name,rec,expected", READABLE, ids=[c[0] for c in READABLE])
def test_numbers_as_written(name, rec, expected):
    assert verdict(rec) == expected


def test_bare_number_seed_is_read_digit_for_digit():
    # 1234567890123456789 through a float64 is 1234567890123456768: a record
    # made from the rounded seed must fail, the exact one verify.
    exact, rounded = 1234567890123456789, int(float(1234567890123456789))
    assert rounded == 1234567890123456768
    text = R.raw("selfpoker.json").replace(b'"1234567890123456789"', b"1234567890123456789")
    assert b": 1234567890123456789}" in text
    assert records.read(text).seed == exact
    assert verdict(text) == (VERIFIED, [])
    wrong = text.replace(SELFPOKER["commit"].encode(),
                         hashlib.sha256(f"selfpoker:{rounded}".encode()).hexdigest().encode())
    assert verdict(wrong) == (FAILED, ["/commit"])
    big = put(SELFPOKER, "/fairplay/seed", 2 ** 63 - 1)
    assert records.read(R.data(big)).seed == 2 ** 63 - 1


def test_seed_messages():
    with pytest.raises(records.Unreadable) as e:
        records.read(R.data(put(SELFPOKER, "/fairplay/seed", Num("12.0"))))
    assert e.value.code == "invalid_integer" and "/fairplay/seed" in e.value.message and "12.0" in e.value.message
    with pytest.raises(records.Unreadable) as e:
        records.read(R.data(put(SELFPOKER, "/fairplay/seed", str(2 ** 63))))
    assert e.value.code == "out_of_range" and "9223372036854775808" in e.value.message


def _nest(n):
    return b"[" * n + b"]" * n


UNREADABLE_BYTES = [
    ("not JSON", b'{"scheme": "selfpoker_v1", "kind": ', "malformed_request"),
    ("empty", b"", "malformed_request"),
    ("array", b"[]", "malformed_request"),
    ("string", b'"selfpoker_v1"', "malformed_request"),
    ("NaN", R.raw("checkers.json").replace(b"[1, 0]", b"[NaN, 0]").replace(b"[0, 1]", b"[NaN, 1]"),
     "malformed_request"),
    ("BOM", b"\xef\xbb\xbf" + R.raw("checkers.json"), "malformed_request"),
    ("trailing data", R.raw("checkers.json") + b"{}", "malformed_request"),
    ("duplicate key", b'{"scheme": "selfpoker_v1", "scheme": "selfpoker_v1"}', "malformed_request"),
    ("duplicate nested key", R.raw("checkers.json").replace(b'"game"', b'"x": {"a": 1, "a": 2}, "game"'),
     "malformed_request"),
    ("duplicate key of match_seed_v1", b'{"scheme": "match_seed_v1", "scheme": "match_seed_v1"}', "malformed_request"),
    ("64 levels", b'{"scheme": "x", "a": ' + _nest(63) + b"}", "unknown_scheme"),
    ("65 levels", b'{"scheme": "x", "a": ' + _nest(64) + b"}", "input_too_large"),
    ("unknown kind", b'{"scheme": "selfpoker_v1", "kind": "hand"}', "unknown_scheme"),
    ("unknown scheme", b'{"scheme": "selfpoker_v2", "kind": "hand_end"}', "unknown_scheme"),
    ("scheme not a string", b'{"scheme": ["match_seed_v1"], "kind": "match"}', "unknown_scheme"),
    ("no scheme", b"{}", "unknown_scheme"),
    ("kind of another scheme", b'{"scheme": "selfpoker_v1", "kind": "match"}', "unknown_scheme"),
    ("only scheme and kind", b'{"scheme": "selfpoker_v1", "kind": "hand_end"}', "invalid_record"),
    ("bytes that are not UTF-8", R.raw("checkers.json").replace(b'"checkers-', b'"\xff-'), "invalid_record"),
    ("escaped lone surrogate", R.raw("checkers.json").replace(b'"checkers-', b'"\\ud800-'), "invalid_record"),
]


@pytest.mark.parametrize("name,data,code", UNREADABLE_BYTES, ids=[c[0] for c in UNREADABLE_BYTES])
def test_unreadable(name, data, code):
    assert verdict(data) == (UNREADABLE, code)


def test_unspecified_before_anything_else():
    for data in (b'{"scheme": "match_seed_v1"}', b'{"scheme": "match_seed_v1", "kind": 5, "x": [1.5]}',
                 R.raw("legacy-v1.json")):
        with pytest.raises(records.Unspecified) as e:
            records.read(data)
        assert e.value.code == "scheme_unspecified" and "match_seed_v1" in e.value.message


def test_size_limit(tmp_path):
    p = tmp_path / "big.json"
    with open(p, "wb") as f:
        f.truncate(records.MAX_BYTES + 1)
    r = records.verify_file(str(p))
    assert (r.status, r.code) == (UNREADABLE, "input_too_large")
    # A record of exactly 16 MiB is read (spaces after the object).
    body = R.raw("selfpoker.json")
    r = records.verify_data("x", body + b" " * (records.MAX_BYTES - len(body)))
    assert r.status == VERIFIED
    r = records.verify_data("x", body + b" " * (records.MAX_BYTES - len(body) + 1))
    assert (r.status, r.code) == (UNREADABLE, "input_too_large")


# --- verification, cases whose failures follow from the change ------------

def _swap(rec, p, q):
    return put(put(rec, p, R.get(rec, q)), q, R.get(rec, p))


CASES = [
    # match_seed_v2 (REC-3): the pointer of each changed value, and only those
    ("bridge cards swapped", _swap(BRIDGE, "/deals/0/0/0", "/deals/0/0/1"), ["/deals/0/0/0", "/deals/0/0/1"]),
    ("bridge cards swapped across seats", _swap(BRIDGE, "/deals/1/0/3", "/deals/1/3/9"),
     ["/deals/1/0/3", "/deals/1/3/9"]),
    ("bridge commitment", put(BRIDGE, "/commitment", spec.commit("0" * 64)), ["/commitment"]),
    ("bridge seats", _swap(BRIDGE, "/seats/0", "/seats/2"), ["/seats/0", "/seats/2"]),
    ("backgammon die", put(BACKGAMMON, "/games/0/rolls/0", [BACKGAMMON["games"][0]["rolls"][0][0] % 6 + 1,
                                                           BACKGAMMON["games"][0]["rolls"][0][1]]),
     ["/games/0/rolls/0"]),
    ("backgammon opening", put(BACKGAMMON, "/games/1/opening/0/0", BACKGAMMON["games"][1]["opening"][0][0] % 6 + 1),
     ["/games/1/opening/0"]),
    ("backgammon first", put(BACKGAMMON, "/games/0/first", 1 - BACKGAMMON["games"][0]["first"]), ["/games/0/first"]),
    # The record's shape decides what is recomputed: one turn fewer in the
    # last game is still the same stream.
    ("backgammon last roll dropped", drop(BACKGAMMON, "/games/1/rolls/3"), []),
    ("backgammon extra opening throw", put(BACKGAMMON, "/games/0/opening/-", [5, 5]), ["/games/0/opening/1"]),
    ("mahjong draw", put(MAHJONG, "/hands/0/draws/0", "Rd" if MAHJONG["hands"][0]["draws"][0] != "Rd" else "E"),
     ["/hands/0/draws/0"]),
    ("mahjong last draw dropped", put(MAHJONG, "/hands/0/draws", MAHJONG["hands"][0]["draws"][:-1]), []),
    ("mahjong no draws", put(MAHJONG, "/hands/0/draws", []), []),
    ("baloot upcard", _swap(BALOOT, "/hands/0/upcard", "/hands/0/first/2/4"),
     ["/hands/0/first/2/4", "/hands/0/upcard"]),
    ("baloot final", _swap(BALOOT, "/hands/1/final/3/7", "/hands/1/final/0/0"),
     ["/hands/1/final/0/0", "/hands/1/final/3/7"]),
    ("checkers seats", put(CHECKERS, "/seats", CHECKERS["seats"][::-1]), ["/seats/0", "/seats/1"]),
    # poker_hmac_v1 leave bundles (REC-4)
    ("leave card", put(LEAVE, "/hands/1/cards/0/card", "As" if LEAVE["hands"][1]["cards"][0]["card"] != "As" else "Ks"),
     ["/hands/1/cards/0"]),
    ("leave salt", put(LEAVE, "/hands/0/board/2/salt", "0" * 64), ["/hands/0/board/2"]),
    ("leave path", put(LEAVE, "/hands/2/cards/1/path/3", "0" * 64), ["/hands/2/cards/1"]),
    ("leave position", put(LEAVE, "/hands/0/cards/0/position", 0), ["/hands/0/cards/0/position"]),
    ("leave own cards swapped", _swap(LEAVE, "/hands/0/cards/0", "/hands/0/cards/1"),
     ["/hands/0/cards/0/position", "/hands/0/cards/1/position"]),
    ("leave root", put(LEAVE, "/hands/0/root", "0" * 64),
     ["/hands/0/cards/0", "/hands/0/cards/1"]
     + [f"/hands/0/board/{i}" for i in range(len(LEAVE["hands"][0]["board"]))]),
    ("leave hand listed twice", put(LEAVE, "/hands/-", copy.deepcopy(LEAVE["hands"][0])),
     [f"/hands/{len(LEAVE['hands'])}/hand"]),
    ("leave seat not seated", put(LEAVE, "/hands/0/seats", [1, 8]), ["/hands/0/seats"]),
    ("leave seat taken twice", put(LEAVE, "/hands/0/seats", [1, 4, 4]), ["/hands/0/seats"]),
    ("leave board cut short", put(LEAVE, "/hands/0/board", LEAVE["hands"][0]["board"][:1]), []),
    # poker_hmac_v1 session reveals (REC-5)
    ("session commitment", put(SESSION, "/commitment", "0" * 64), ["/commitment"]),
    ("session rotated after 500 hands", put(SESSION, "/rotation", "hands"), ["/rotation"]),
    ("session rotated on time", put(SESSION, "/rotation", "time"), []),
    ("session hands reordered", _swap(SESSION, "/hands/1", "/hands/2"), ["/hands/1/hand", "/hands/2/hand"]),
    ("session hand repeated", put(SESSION, "/hands/-", copy.deepcopy(SESSION["hands"][0])),
     [f"/hands/{len(SESSION['hands'])}/hand"]),
    ("session hand commitment", put(SESSION, "/hands/0/handCommitment", "0" * 64), ["/hands/0/handCommitment"]),
    ("session root", put(SESSION, "/hands/2/root", "0" * 64), ["/hands/2/root"]),
    ("session seat taken twice", put(SESSION, "/hands/0/seats/1/seat", SESSION["hands"][0]["seats"][0]["seat"]),
     ["/hands/0/seats"]),
    ("session seats listed in another order", put(SESSION, "/hands/0/seats", SESSION["hands"][0]["seats"][::-1]), []),
    ("session 24 hours", put(put(SESSION, "/opened", "2026-11-29T00:00:00Z"), "/closed", "2026-11-30T00:00:00Z"), []),
    ("session 24 hours and a nanosecond", put(put(SESSION, "/opened", "2026-11-29T00:00:00Z"), "/closed",
                                             "2026-11-30T00:00:00.000000001Z"), ["/closed"]),
    ("session 24 hours across offsets", put(put(SESSION, "/opened", "2026-11-29T02:00:00+02:00"), "/closed",
                                           "2026-11-30T00:00:00Z"), []),
    ("session 24 hours and a second across offsets",
     put(put(SESSION, "/opened", "2026-11-29T00:00:00-00:30"), "/closed", "2026-11-30T00:30:01Z"), ["/closed"]),
    ("session closed before opened", put(SESSION, "/closed", "2026-11-29T19:59:59Z"), ["/closed"]),
    ("session closed as opened", put(SESSION, "/closed", SESSION["opened"]), []),
    ("session lower-case t and z", put(put(SESSION, "/opened", "2026-11-29t20:00:00z"), "/closed",
                                       "2026-11-29t20:41:07z"), []),
    ("session leap second", put(put(SESSION, "/opened", "2016-12-31T00:00:00Z"), "/closed",
                                "2016-12-31T23:59:60Z"), []),
    ("session leap second west of UTC", put(put(SESSION, "/opened", "2016-12-31T00:00:00Z"), "/closed",
                                           "2016-12-31T15:59:60-08:00"), []),
    ("session without closing time", drop(SESSION, "/closed"), []),
    ("session without times", drop(drop(SESSION, "/closed"), "/opened"), []),
    # chess_colour_v1 (REC-6)
    ("chess colours swapped", put(CHESS, "/white", "B" if CHESS["white"] == "A" else "A"), ["/white"]),
    ("chess commitB", put(CHESS, "/commitB", "0" * 64), ["/commitB"]),
    ("chess equal commitments",
     put(put(put(CHESS, "/seedB", CHESS["seedA"]), "/commitB", CHESS["commitA"]), "/clientB", "x"), ["/commitB"]),
    ("chess record shows A's commitment twice", put(CHESS, "/commitB", CHESS["commitA"]), ["/commitB", "/commitB"]),
    ("chess bot commitA", put(BOT, "/commitA", "0" * 64), ["/commitA"]),
    # selfpoker_v1 (REC-7)
    ("selfpoker hole cards swapped", _swap(SELFPOKER, "/hands/1/0", "/hands/1/1"), ["/hands/1/0", "/hands/1/1"]),
    ("selfpoker board and hand swapped", _swap(SELFPOKER, "/hands/0/0", "/board/4"), ["/hands/0/0", "/board/4"]),
    ("selfpoker board cut short", put(SELFPOKER, "/board", SELFPOKER["board"][:3]), []),
    ("selfpoker no board", put(SELFPOKER, "/board", []), []),
    ("selfpoker commit", put(SELFPOKER, "/commit", hashlib.sha256(b"selfpoker:1234567890123456788").hexdigest()),
     ["/commit"]),
    # DIST-1: a card shown twice fails at the later showing, then wherever the
    # recomputation differs; a tile kind may be shown four times, not five.
    ("bridge card repeated in another seat", put(BRIDGE, "/deals/1/3/0", BRIDGE["deals"][1][0][0]),
     ["/deals/1/3/0", "/deals/1/3/0"]),
    ("bridge card repeated in another deal", put(BRIDGE, "/deals/1/3/0", BRIDGE["deals"][0][0][0]),
     ["/deals/1/3/0"] * (2 if BRIDGE["deals"][0][0][0] in sum(BRIDGE["deals"][1], []) else 1)),
    ("baloot upcard repeats a first card", put(BALOOT, "/hands/0/upcard", BALOOT["hands"][0]["first"][3][4]),
     ["/hands/0/upcard", "/hands/0/upcard"]),
    ("baloot final repeats the first five", _swap(BALOOT, "/hands/1/final/2/0", "/hands/1/final/2/1"),
     ["/hands/1/final/2/0", "/hands/1/final/2/1"]),
    ("selfpoker hole card on the board", put(SELFPOKER, "/board/4", SELFPOKER["hands"][2][1]),
     ["/board/4", "/board/4"]),
    ("selfpoker both hole cards alike", put(SELFPOKER, "/hands/0/1", SELFPOKER["hands"][0][0]),
     ["/hands/0/1", "/hands/0/1"]),
    ("session deck with a card twice", put(SESSION, "/hands/2/deck/30", SESSION["hands"][2]["deck"][7]),
     ["/hands/2/deck/30", "/hands/2/deck/30", "/hands/2/root"]),
    ("leave board repeats an own card", put(LEAVE, "/hands/0/board/1/card", LEAVE["hands"][0]["cards"][0]["card"]),
     ["/hands/0/board/1/card", "/hands/0/board/1"]),
]


@pytest.mark.parametrize("name,rec,failures", CASES, ids=[c[0] for c in CASES])
def test_verification(name, rec, failures):
    assert verdict(rec) == ((FAILED if failures else VERIFIED), failures)


def _leave_on_a_tree_of(deck: list, hand_value: str):
    """The leave example with hand 1 proven against a tree built over ``deck``
    (card ids, any list of 52): what a site that makes its own tree can send."""
    levels = spec.tree_levels(hand_value, deck)
    rec = put(LEAVE, "/hands/0/root", levels[6][0])
    for part in ("cards", "board"):
        for i, pr in enumerate(LEAVE["hands"][0][part]):
            pos = pr["position"]
            rec = put(rec, f"/hands/0/{part}/{i}", {"position": pos, "card": spec.table52_name(deck[pos]),
                                                   "salt": spec.salt(hand_value, pos),
                                                   "path": spec.proof_path(levels, pos)})
    return rec


def test_leave_bundle_on_a_self_made_tree():
    hv = hashlib.sha256(b"a hand value the site chose").hexdigest()
    deck = list(range(51, -1, -1))
    # A tree over a real permutation proves every card: a leave bundle alone
    # cannot tell it from the seed's deck (the session reveal can).
    assert verdict(_leave_on_a_tree_of(deck, hv)) == (VERIFIED, [])
    # Over a list holding one card three times, every proof still holds, and
    # only DIST-1 fails: at the player's second card and the first board card.
    deck[3] = deck[6] = deck[2]
    rep = records.verify_bytes(R.data(_leave_on_a_tree_of(deck, hv)))
    assert [c.name for c in rep.checks if not c.ok] == ["distinct cards"]
    assert rep.failures() == ["/hands/0/cards/1/card", "/hands/0/board/0/card"]
    assert rep.checks[0].mismatches[1].found == f"{spec.table52_name(deck[2])}, already dealt (hand 1, own card 1)"


def test_mahjong_four_of_a_kind_but_not_five():
    hand = MAHJONG["hands"][0]
    shown = sum(hand["deal"], []) + hand["draws"]
    kind = next(k for k in shown if shown.count(k) == 4)
    others = [i for i, t in enumerate(hand["draws"]) if t != kind]
    rec = put(MAHJONG, f"/hands/0/draws/{others[-1]}", kind)
    rep = records.verify_bytes(R.data(rec))
    (dist,) = [c for c in rep.checks if c.requirement == "DIST-1"]
    assert dist.name == "distinct tiles" and not dist.ok
    (m,) = dist.mismatches
    assert m.expected == "at most four tiles of a kind" and m.found.startswith(kind + ", tile 5 of its kind")
    rep = records.verify_bytes(R.raw("mahjong.json"))
    assert [c.ok for c in rep.checks if c.requirement == "DIST-1"] == [True]


def test_selfpoker_known_deal():
    # SP-4 worked out in the README: seed 1234567890123456789, two players.
    rec = {"scheme": "selfpoker_v1", "kind": "hand_end",
           "commit": hashlib.sha256(b"selfpoker:1234567890123456789").hexdigest(),
           "fairplay": {"seed": "1234567890123456789"},
           "hands": [["7c", "8s"], ["9d", "6c"]], "board": ["Qs", "5h", "Kc", "5d", "5c"]}
    assert verdict(rec) == (VERIFIED, [])
    rep = records.verify_bytes(R.data(rec))
    assert [c.name for c in rep.checks] == ["commitment", "distinct cards", "hands", "board"]
    assert any("does not prove the seed was drawn at random" in n for n in rep.notes)
    assert any("fixed before the first card" in n for n in rep.notes)


def test_mismatch_details():
    rep = records.verify_bytes(R.raw("bridge.tampered.json"))
    # The tampered card is one the deal holds already: DIST-1 fails too.
    (dist, bad) = [c for c in rep.checks if not c.ok]
    (m,) = bad.mismatches
    assert (bad.name, bad.pointer, bad.requirement) == ("deal 2", "/deals/1", "DEAL-1")
    # Deal index 1, seat index 2, card index 6: counted from 1, the seat said in order.
    assert (m.pointer, m.where) == ("/deals/1/2/6", "deal 2, third seat, card 7")
    assert m.expected == R.get(R.example("bridge.json"), "/deals/1/2/6")
    assert m.found == R.get(R.example("bridge.tampered.json"), "/deals/1/2/6")
    (d,) = dist.mismatches
    assert (dist.name, dist.pointer, dist.requirement) == ("distinct cards", "/deals", "DIST-1")
    deal = R.example("bridge.tampered.json")["deals"][1]
    seat, card = next((s, i) for s in range(4) for i in range(13) if deal[s][i] == m.found)
    assert (d.pointer, d.where, d.expected) == ("/deals/1/2/6", "deal 2, third seat, card 7", "a card not dealt before")
    ordinal = ["first", "second", "third", "fourth"][seat]
    assert d.found == f"{m.found}, already dealt (deal 2, {ordinal} seat, card {card + 1})"
    rep = records.verify_bytes(R.data(put(put(SESSION, "/opened", "2026-11-29T00:00:00+02:00"), "/closed",
                                          "2026-11-29T22:00:01Z")))
    (bad,) = [c for c in rep.checks if not c.ok]
    assert bad.summary == "a session lasts at most 24 hours; this one lasted 24 hours and 1 second"
    # Opened at midnight at +02:00 is 22:00 UTC the day before; 24 hours on, 10 PM UTC on the 29th.
    assert bad.mismatches[0].expected == "at most November 29, 2026 at 10:00:00 PM UTC"
    assert bad.mismatches[0].found == "November 29, 2026 at 10:00:01 PM UTC (2026-11-29T22:00:01Z)"


def test_every_check_reported():
    rep = records.verify_bytes(R.raw("poker-session.json"))
    n = len(SESSION["hands"])
    assert len(rep.checks) == 4 + 3 * n  # commitment, numbering, times, distinct cards; commitment, deck, root per hand
    assert all(c.ok for c in rep.checks) and rep.status == VERIFIED
    assert [c.name for c in rep.checks[:4]] == ["session commitment", "hand numbers", "session times", "distinct cards"]


def test_date_times():
    ok = ["2026-11-29T20:00:00Z", "2026-11-29t20:00:00z", "2026-11-29T20:00:00.5+05:30", "0000-01-01T00:00:00Z",
          "2024-02-29T00:00:00Z", "2000-02-29T00:00:00Z", "2016-12-31T23:59:60Z", "2017-01-01T00:59:60+01:00",
          "2026-11-29T20:00:00-00:00", "9999-12-31T23:59:59.999999999999Z"]
    bad = ["2026-11-29T20:00:00", "2026-11-29 20:00:00Z", "1900-02-29T00:00:00Z", "2026-13-01T00:00:00Z",
           "2026-11-31T00:00:00Z", "2026-11-29T20:60:00Z", "2026-11-29T20:00:61Z", "2016-12-31T22:59:60Z",
           "2026-11-29T20:00:00+23:60", "2026-11-29T2:00:00Z", "26-11-29T20:00:00Z", "2026-11-29T20:00:00ZZ",
           "2026-11-29T20:00:00.Z", "2026-11-29T20:00:00,5Z", "+026-11-29T20:00:00Z", "2026-11-29T20:00:0\u0661Z"]
    for s in ok:
        assert parse_date_time(s) is not None, s
    for s in bad:
        assert parse_date_time(s) is None, s
    a, _ = parse_date_time("2016-12-31T23:59:59Z")
    b, _ = parse_date_time("2016-12-31T23:59:60Z")
    c, _ = parse_date_time("2017-01-01T00:00:00Z")
    assert b.secs - a.secs == 1 and c == b
    assert parse_date_time("1970-01-01T00:00:00Z")[0] == (0, "")
    assert parse_date_time("2000-01-01T00:00:00+01:00")[0] == (946684800 - 3600, "")
    assert parse_date_time("2000-01-01T00:00:00.0500Z")[0] == (946684800, "05")


def test_go_duration():
    assert [go_duration(x) for x in (0, 1, 1500, 2_500_000, 10 ** 9, 2467 * 10 ** 9, 86401 * 10 ** 9,
                                             90 * 10 ** 9 + 5, -3600 * 10 ** 9)] == [
        "0s", "1ns", "1.5µs", "2.5ms", "1s", "41m7s", "24h0m1s", "1m30.000000005s", "-1h0m0s"]



@pytest.mark.parametrize("ns, words", [
    (0, "0 seconds"), (1, "a fraction of a second"), (10 ** 9, "1 second"), (61 * 10 ** 9, "1 minute and 1 second"),
    (2467 * 10 ** 9, "41 minutes and 7 seconds"), (86400 * 10 ** 9, "24 hours"),
    (86400 * 10 ** 9 + 1, "24 hours and a fraction of a second"), (7205 * 10 ** 9, "2 hours and 5 seconds"),
    (3661 * 10 ** 9 + 5 * 10 ** 8, "1 hour, 1 minute, 1 second and a fraction of a second"),
])
def test_duration_words(ns, words):
    assert duration_words(ns) == words


# --- the command ----------------------------------------------------------

def run_verify(*args):
    out, err = io.BytesIO(), io.BytesIO()
    code = verify_main(list(args), out, err)
    return code, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8")


def path(name):
    return os.path.join(R.RECORDS, name)


@pytest.mark.parametrize("names,code", [
    (["bridge.json"], 0),
    (["bridge.json", "selfpoker.json", "chess-bot.json"], 0),
    (["bridge.tampered.json"], 1),
    (["broken-schema.json"], 2),
    (["legacy-v1.json"], 3),
    (["legacy-v1.json", "bridge.json"], 3),
    (["legacy-v1.json", "broken-truncated.json"], 2),
    (["broken-truncated.json", "bridge.tampered.json", "legacy-v1.json"], 1),
    (["bridge.json", "missing.json"], 2),
])
def test_exit_codes(names, code):
    assert run_verify(*[path(n) for n in names])[0] == code
    c, out, _ = run_verify("--json", *[path(n) for n in names])
    assert c == code and json.loads(out)["exit"] == code


def test_text_report():
    code, out, _ = run_verify(path("bridge.tampered.json"), path("selfpoker.json"), path("legacy-v1.json"),
                              path("broken-duplicate-key.json"))
    assert code == 1
    lines = out.splitlines()
    assert "  FAIL  deal 2          1 value differs" in lines
    assert "  FAIL  distinct cards  1 card appears twice in the same deck" in lines
    tampered = R.example("bridge.tampered.json")["deals"][1][2][6]
    expected = R.example("bridge.json")["deals"][1][2][6]
    assert f"        deal 2, third seat, card 7: expected {expected}, record has {tampered}" in lines
    assert "  FAILED: 2 of 5 checks do not hold" in lines
    assert "  VERIFIED: 4 of 4 checks hold" in lines
    assert any(ln.startswith("  note: ") and "does not prove the seed was drawn at random" in ln for ln in lines)
    assert any(ln.startswith("  SCHEME NOT SPECIFIED: match_seed_v1") for ln in lines)
    assert any(ln.startswith("  UNREADABLE (malformed_request): ") and "duplicate key" in ln for ln in lines)


def test_json_report():
    code, out, _ = run_verify("--json", path("poker-session.tampered.json"), path("broken-float-seed.json"))
    doc = json.loads(out)
    assert code == 1 and doc["exit"] == 1
    a, b = doc["records"]
    assert a["status"] == FAILED and a["report"]["status"] == FAILED
    fails = [m["pointer"] for c in a["report"]["checks"] if not c["ok"] for m in c["mismatches"]]
    assert fails == ["/hands/1/deck/0", "/hands/1/deck/1", "/hands/1/root"]
    assert set(a["report"]["checks"][0]) == {"name", "pointer", "requirement", "ok", "summary", "more"}
    assert b == {"path": path("broken-float-seed.json"), "status": UNREADABLE,
                 "error": {"code": "invalid_integer", "message": b["error"]["message"]}}


def test_a_check_lists_64_mismatches_and_counts_the_rest():
    # REC-10: every one of the 100 turns has its first die changed, so the
    # rolls check finds 100 and lists turns 1 to 64.
    p = path("backgammon-long.tampered.json")
    _, out, _ = run_verify(p)
    lines = out.splitlines()
    i = lines.index("  FAIL  game 1 rolls    100 values differ")
    assert [ln.split(":")[0] for ln in lines[i + 1:i + 65]] == [f"        game 1, turn {t}" for t in range(1, 65)]
    assert lines[i + 65] == "        … and 36 more"
    _, out, _ = run_verify("--json", p)
    checks = json.loads(out)["records"][0]["report"]["checks"]
    rolls = next(c for c in checks if c["name"] == "game 1 rolls")
    assert [m["pointer"] for m in rolls["mismatches"]] == [f"/games/0/rolls/{t}" for t in range(64)]
    assert rolls["more"] == 36 and all(c["more"] == 0 for c in checks if c is not rolls)


def test_usage():
    assert run_verify()[0] == 2
    code, out, err = run_verify("--bogus", path("bridge.json"))
    assert code == 2 and "-bogus" in err and "usage:" in err and out == ""
    code, out, err = run_verify(path("bridge.json"), "--help")
    assert code == 0 and out.startswith("usage:") and err == ""
    # Flags may follow the file names, as in the Go reference; after -- every
    # argument is a file name.
    code, out, _ = run_verify(path("bridge.json"), "--json")
    assert code == 0 and json.loads(out)["records"][0]["status"] == VERIFIED
    code, out, err = run_verify(path("bridge.json"), "--", "--json")
    assert code == 2 and "VERIFIED" in out and "--json: file_unreadable" in err


def test_file_errors_are_not_records(tmp_path):
    """A file that cannot be read is file_unreadable, named on standard error,
    left out of the text report and listed by --json (REC-2)."""
    missing, folder = str(tmp_path / "absent.json"), str(tmp_path)
    code, out, err = run_verify(path("bridge.json"), missing, folder)
    assert code == 2
    assert out.startswith(path("bridge.json")) and "UNREADABLE" not in out and missing not in out
    assert err.splitlines() == [
        f"pfkit verify: {missing}: file_unreadable: cannot read the file: no such file or directory",
        f"pfkit verify: {folder}: file_unreadable: cannot read the file: is a directory",
    ]
    code, out, _ = run_verify("--json", missing)
    assert json.loads(out)["records"] == [{"path": missing, "status": UNREADABLE, "error": {
        "code": "file_unreadable", "message": "cannot read the file: no such file or directory"}}]


def test_no_traceback_on_odd_files(tmp_path):
    odd = {"binary.json": bytes(range(256)), "deep.json": b"[" * 100000, "surrogate.json":
           R.raw("checkers.json").replace(b'"checkers-', b'"\\ud800-'), "nul.json": b"\x00"}
    for name, data in odd.items():
        (tmp_path / name).write_bytes(data)
    paths = [str(tmp_path / n) for n in odd] + [str(tmp_path), str(tmp_path / "absent.json")]
    for args in (paths, ["--json"] + paths):
        code, out, err = run_verify(*args)
        assert code == 2 and "Traceback" not in out + err
    doc = json.loads(run_verify("--json", *paths)[1])
    assert [r["status"] for r in doc["records"]] == [UNREADABLE] * len(paths)


@pytest.mark.long
def test_module_entry_points(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.path.join(R.ROOT, "python", "src"))
    p = subprocess.run([sys.executable, "-m", "pfkit", "verify", path("selfpoker-number-seed.json")],
                       capture_output=True, env=env, timeout=60)
    assert p.returncode == 0, p.stderr
    assert b"VERIFIED" in p.stdout and b"seed 1234567890123456789" in p.stdout
    line = b'{"id":"1","scheme":"selfpoker_v1","op":"deal","input":{"seed":"42","players":2}}\n'
    p = subprocess.run([sys.executable, "-m", "pfkit", "eval"], input=line, capture_output=True, env=env, timeout=60)
    assert p.returncode == 0 and json.loads(p.stdout)["id"] == "1" and "output" in json.loads(p.stdout)
