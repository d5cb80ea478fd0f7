"""What a refused record says (spec REF-1 to REF-5, SCH-1, SCH-2): every
complaint of SCH-2's table, the order of SCH-1's steps on records with two
faults (the later one is never reported), REF-3's and REF-4's messages, and
the size refusals of REF-2, each message written out here from the spec's
tables and the record as made, never taken from the code's output."""

import glob
import json
import os
import subprocess
import sys

import pytest

import recordlib as R
from pfkit import records, spec
from recordlib import Num, drop, put

BRIDGE, BACKGAMMON, BALOOT = R.example("bridge.json"), R.example("backgammon.json"), R.example("baloot.json")
SESSION, CHESS, BOT = R.example("poker-session.json"), R.example("chess-players.json"), R.example("chess-bot.json")
SELFPOKER = R.example("selfpoker.json")
CUT_F = "f" * 40 + "\u2026"
# What the card pattern allows, as the catalog words it (cli.schema.pattern.card).
CARD = "a card: a rank (2 to 9, T, J, Q, K or A) then a suit (c, d, h or s)"


def refusal(rec):
    """(code, message) of a record given as parsed values or bytes."""
    r = records.verify_data("x", rec if isinstance(rec, bytes) else R.data(rec))
    assert r.report is None, r.report.failures()
    return r.code, r.message


# --- SCH-2: one row each: the place in words, counted from 1, the pointer
# after it, and the complaint in the catalog's words -------------------------

COMPLAINTS = [
    ("type", put(BRIDGE, "/seats", 5), '"seats" (/seats): expected an array, found an integer'),
    ("type list", put(CHESS, "/clientB", 5), '"clientB" (/clientB): expected null or a string, found an integer'),
    ("type of an object", put(BRIDGE, "/deals/0/0", {"a": 1}),
     "hand 1 of deal 1 (/deals/0/0): expected an array, found an object"),
    ("const, cut", put(BOT, "/commitB", "f" * 64), f'"commitB" (/commitB): expected "-", found "{CUT_F}"'),
    ("enum of strings", put(BRIDGE, "/game", "chess"),
     '"game" (/game): expected one of "backgammon", "checkers", "xiangqi", "tarneeb", "trix", "bridge", '
     '"baloot", "mahjong", found "chess"'),
    ("enum of integers", put(BACKGAMMON, "/games/0/first", 2),
     '"first" of game 1 (/games/0/first): expected one of 0, 1, found 2'),
    ("enum, an array found", put(BACKGAMMON, "/games/0/first", [0]),
     '"first" of game 1 (/games/0/first): expected one of 0, 1, found an array'),
    ("pattern", put(BRIDGE, "/deals/1/2/6", "1c"),
     f'card 7 of hand 3 of deal 2 (/deals/1/2/6): expected {CARD}, found "1c"'),
    ("pattern, escaped", put(BRIDGE, "/matchId", "a\x1b[2K\u202e"),
     '"matchId" (/matchId): expected 1 to 64 letters, digits, "-", "_" or ".", found "a\\u{001B}[2K\\u{202E}"'),
    ("format", put(SESSION, "/opened", "yesterday"),
     '"opened" (/opened): expected a date and time as RFC 3339 writes them (2026-11-30T20:00:00Z), found "yesterday"'),
    ("minimum", put(BRIDGE, "/seats/3", -1), "entry 4 of the seat order (/seats/3): expected at least 0, found -1"),
    ("maximum", put(BRIDGE, "/seats/3", 4), "entry 4 of the seat order (/seats/3): expected at most 3, found 4"),
    ("maximum, cut", put(BRIDGE, "/seats/3", 10 ** 50),
     "entry 4 of the seat order (/seats/3): expected at most 3, found " + "1" + "0" * 39 + "\u2026"),
    # A die: an array of integers between bounds, checked element by element
    # without a call for each die that holds; each die that does not, worded.
    ("die above its maximum", put(BACKGAMMON, "/games/0/rolls/2/1", 7),
     "die 2 of turn 3 of game 1 (/games/0/rolls/2/1): expected at most 6, found 7"),
    ("die below its minimum", put(BACKGAMMON, "/games/0/rolls/2/0", 0),
     "die 1 of turn 3 of game 1 (/games/0/rolls/2/0): expected at least 1, found 0"),
    ("die -0", put(BACKGAMMON, "/games/0/opening/0/1", Num("-0")),
     "die 2 of opening throw 1 of game 1 (/games/0/opening/0/1): expected at least 1, found -0"),
    ("die of 31 digits", put(BACKGAMMON, "/games/0/rolls/0/1", 10 ** 30),
     "die 2 of turn 1 of game 1 (/games/0/rolls/0/1): expected at most 6, found 1" + "0" * 30),
    ("die as a string", put(BACKGAMMON, "/games/0/rolls/2/1", "1"),
     "die 2 of turn 3 of game 1 (/games/0/rolls/2/1): expected an integer, found a string"),
    ("die as an array", put(BACKGAMMON, "/games/0/rolls/2/1", [1]),
     "die 2 of turn 3 of game 1 (/games/0/rolls/2/1): expected an integer, found an array"),
    ("minItems", put(BRIDGE, "/deals/0", BRIDGE["deals"][0][:3]),
     "deal 1 (/deals/0): expected at least 4 hands, found 3"),
    ("maxItems", put(BRIDGE, "/clientSeeds/-", "eve"),
     '"clientSeeds" (/clientSeeds): expected at most 4 client seeds, found 5'),
    ("required", drop(BRIDGE, "/commitment"), 'the record: "commitment" is missing'),
    ("additionalProperties", put(BRIDGE, "/zzz", 1), 'the record: "zzz" is not a field of this record'),
    ("additionalProperties, cut and escaped", put(BRIDGE, "/\x1b" + "k" * 45, 1),
     'the record: "\\u{001B}' + "k" * 39 + '\u2026" is not a field of this record'),
    ("a property whose schema is false", put(CHESS, "/botClientSeed", "dash"),
     "the record is a game between two players, yet it says how a bot's client seed is written (\"botClientSeed\")"),
    ("a reading of another game", put(BRIDGE, "/mahjongDraw", "close_gap"),
     'the record holds "mahjongDraw", which only a mahjong match declares'),
    ("a reading of another game, under allOf", put(BALOOT, "/backgammonOpening", "one_die_each"),
     'the record holds "backgammonOpening", which only a backgammon match declares'),
    ("false under allOf", put(BACKGAMMON, "/deals", BRIDGE["deals"]),
     'the record holds "deals", which its other fields rule out'),
    ("prefixItems", put(R.example("mahjong.json"), "/hands/0/deal/1/-", "1m"),
     "player 2's tiles of hand 1 (/hands/0/deal/1): expected at most 13 tiles, found 14"),
    ("a key as it is, not as a pointer", put(BACKGAMMON, "/games/0/a~0b~1c", 1),
     'game 1 (/games/0): "a~b/c" is not one of its fields'),
]


@pytest.mark.parametrize("name,rec,message", COMPLAINTS, ids=[c[0] for c in COMPLAINTS])
def test_sch2(name, rec, message):
    assert refusal(rec) == ("invalid_record", message)


# --- SCH-1: two faults, the first in SCH-1's order is the only one ----------

ORDER = [
    ("required in the order listed", drop(drop(BRIDGE, "/serverSeed"), "/commitment"),
     'the record: "commitment" is missing'),
    ("required before unknown members", put(drop(BRIDGE, "/seats"), "/aaa", 1), 'the record: "seats" is missing'),
    ("unknown members in the order of their bytes", put(put(BRIDGE, "/zb", 1), "/za", 1),
     'the record: "za" is not a field of this record'),
    ("UTF-8 bytes, not UTF-16 units", put(put(BRIDGE, "/\U00010000", 1), "/\uff41", 1),
     'the record: "\uff41" is not a field of this record'),
    ("unknown members before the properties", put(put(BRIDGE, "/zzz", 1), "/seats", 5),
     'the record: "zzz" is not a field of this record'),
    ("properties in the order of their keys", put(put(BRIDGE, "/seats", 5), "/clientSeeds", 5),
     '"clientSeeds" (/clientSeeds): expected an array, found an integer'),
    ("type before pattern", put(BRIDGE, "/deals/0/0/0", 5),
     "card 1 of hand 1 of deal 1 (/deals/0/0/0): expected a string, found an integer"),
    ("minItems before the elements", put(BRIDGE, "/deals/0", [["1c"]] * 3),
     "deal 1 (/deals/0): expected at least 4 hands, found 3"),
    ("elements in index order", put(put(BRIDGE, "/deals/0/1/5", "1c"), "/deals/0/0/9", "zz"),
     f'card 10 of hand 1 of deal 1 (/deals/0/0/9): expected {CARD}, found "zz"'),
    ("the properties before allOf", put(put(BACKGAMMON, "/deals", BRIDGE["deals"]), "/seats/0", 9),
     "entry 1 of the seat order (/seats/0): expected at most 3, found 9"),
    ("allOf in order", put(put(BACKGAMMON, "/deals", BRIDGE["deals"]), "/clientSeeds/-", "c"),
     '"clientSeeds" (/clientSeeds): expected at most 2 client seeds, found 3'),
    ("else: its properties in key order", put(put(BRIDGE, "/seats", [0, 1]), "/clientSeeds", ["a", "b"]),
     '"clientSeeds" (/clientSeeds): expected at least 4 client seeds, found 2'),
]


@pytest.mark.parametrize("name,rec,complaint", ORDER, ids=[c[0] for c in ORDER])
def test_sch1_order(name, rec, complaint):
    assert refusal(rec) == ("invalid_record", complaint)


@pytest.mark.long
def test_a_record_whose_every_element_fails_names_one():
    deals = b"[" + b",".join([b"[1]"] * 262144) + b"]"
    data = R.data(drop(BRIDGE, "/deals"))[:-1] + b', "deals": ' + deals + b"}"
    assert refusal(data) == ("invalid_record", '"deals" (/deals): expected at most 1000 deals, found 262144')
    one = R.data(drop(BRIDGE, "/deals"))[:-1] + b', "deals": [[1]]}'
    assert refusal(one) == ("invalid_record", "deal 1 (/deals/0): expected at least 4 hands, found 1")


# --- REF-3 ---------------------------------------------------------------

KINDS = ("expected one of match_seed_v2/match, poker_hmac_v1/leave, poker_hmac_v1/session, chess_colour_v1/game, "
         "selfpoker_v1/hand_end")

REF3 = [
    (b"[]", "malformed_request", "a record is a JSON object, found an array"),
    (b'"selfpoker_v1"', "malformed_request", "a record is a JSON object, found a string"),
    (b"5", "malformed_request", "a record is a JSON object, found an integer"),
    (b"true", "malformed_request", "a record is a JSON object, found a boolean"),
    (b"null", "malformed_request", "a record is a JSON object, found null"),
    (b'{"scheme": "match_seed_v1", "kind": 5, "x": [1.5]}', "scheme_unspecified",
     "match_seed_v1 is the site's older scheme, not yet published: older matches remain verifiable with the site's "
     "own verifier, but this tool cannot check them until the site publishes the scheme"),
    (b"{}", "unknown_scheme", f'no record format has scheme "" and kind ""; {KINDS}'),
    (b'{"scheme": 5, "kind": ["match"]}', "unknown_scheme", f'no record format has scheme "" and kind ""; {KINDS}'),
    (b'{"scheme": "selfpoker_v1", "kind": "match"}', "unknown_scheme",
     f'no record format has scheme "selfpoker_v1" and kind "match"; {KINDS}'),
    (b'{"scheme": "s\\r\\u001b[2K' + b"x" * 40 + b'", "kind": "\xe2\x80\xae\xff"}', "unknown_scheme",
     'no record format has scheme "s\\u{000D}\\u{001B}[2K' + "x" * 34 + '\u2026" and kind '
     f'"\\u{{202E}}\\u{{FFFD}}"; {KINDS}'),
]


@pytest.mark.parametrize("data,code,message", REF3, ids=[repr(r[0])[2:32] for r in REF3])
def test_ref3(data, code, message):
    assert refusal(data) == (code, message)


def _loose(where: str, found: str) -> str:
    return where + ": expected an integer with no fraction or exponent, found " + found


def _nested(depth: int, value):
    for _ in range(depth):
        value = [value]
    return value


# Said where it is as SCH-2 says a place, with the words of the record's
# schema; a member it does not name by its name, an element of a list without
# words "entry N"; the pointer after it escaped.
LOOSE = [
    (put(BRIDGE, "/seats/0", Num("2.5")), _loose("entry 1 of the seat order (/seats/0)", "2.5")),
    # the first in sorted key order: /deals before /seats
    (put(put(BRIDGE, "/seats/1", Num("1e0")), "/deals/0/0/0", Num("1.0")),
     _loose("card 1 of hand 1 of deal 1 (/deals/0/0/0)", "1.0")),
    # and in index order within an array
    (put(put(BRIDGE, "/seats/3", Num("3E0")), "/seats/2", Num("2E0")),
     _loose("entry 3 of the seat order (/seats/2)", "2E0")),
    (put(SELFPOKER, "/fairplay/seed", Num("1" * 50 + ".5")),
     _loose('"seed" of "fairplay" (/fairplay/seed)', "1" * 40 + "\u2026")),
    # before the schema, which would refuse the unknown member; its key
    # written as RFC 6901 writes it
    (put(BRIDGE, "/a~1b~0c", [Num("0.5")]), _loose('entry 1 of "a/b~c" (/a~1b~0c/0)', "0.5")),
    # a hidden character escaped in the place and in the pointer
    (put(BRIDGE, "/\x1b[2K", Num("0.0")), _loose('"\\u{001B}[2K" (/\\u{001B}[2K)', "0.0")),
    # a pointer past 40 code points cut, its place said from its first step
    (put(BRIDGE, "/deep", _nested(20, Num("1.5"))),
     _loose('a value inside "deep" (/deep' + "/0" * 17 + "/\u2026)", "1.5")),
]


@pytest.mark.parametrize("rec,message", LOOSE)
def test_ref3_loose_numbers(rec, message):
    assert refusal(rec) == ("invalid_integer", message)


# --- REF-4 ---------------------------------------------------------------

SEED = '"seed" of "fairplay" (/fairplay/seed): '
RANGE = SEED + "expected an integer from 0 to 9223372036854775807 (2^63 - 1), found "
BALOOT_0, BALOOT_1 = spec.baloot32_name(0), spec.baloot32_name(1)
DECK = [spec.baloot32_name(i) for i in range(32)]

REF4 = [
    (put(SELFPOKER, "/fairplay/seed", str(2 ** 63)), "out_of_range",
     RANGE + "9223372036854775808"),
    (put(SELFPOKER, "/fairplay/seed", 2 ** 63), "out_of_range",
     RANGE + "9223372036854775808"),
    (put(SELFPOKER, "/fairplay/seed", 10 ** 45), "out_of_range",
     RANGE + "1" + "0" * 39 + "\u2026"),
    (put(SELFPOKER, "/fairplay/seed", Num("-0")), "invalid_integer",
     SEED + "expected an integer with no sign, found -0"),
    (R.raw("reading-wall-not-a-set.json"), "invalid_record",
     '"mahjongWall" (/mahjongWall): not an order of the 136 tiles: expected "1m" 4 times, found it 5 times'),
    (put(BALOOT, "/balootDeck", [BALOOT_0] + DECK[:1] + DECK[2:]), "invalid_record",
     f'"balootDeck" (/balootDeck): not an order of the 32 cards: expected "{BALOOT_0}" once, found it twice'),
    (put(BALOOT, "/balootDeck", DECK[1:2] + DECK[1:]), "invalid_record",
     f'"balootDeck" (/balootDeck): not an order of the 32 cards: expected "{BALOOT_0}" once, found it 0 times'),
]


@pytest.mark.parametrize("rec,code,message", REF4)
def test_ref4(rec, code, message):
    assert refusal(rec) == (code, message)


# --- REF-2's size refusals -----------------------------------------------

@pytest.mark.long
def test_sizes(tmp_path):
    limit = records.MAX_BYTES
    body = R.raw("selfpoker.json")
    assert refusal(body + b" " * (limit + 1 - len(body))) == (
        "input_too_large", f"the record has {limit + 1} bytes, the limit is {limit}")
    p = tmp_path / "big.json"
    p.write_bytes(body + b" " * (limit + 5 - len(body)))
    r = records.verify_file(str(p))
    assert (r.code, r.message) == ("input_too_large", f"the file has {limit + 5} bytes, the limit is {limit}")
    # A pipe is read to one byte past the limit.
    out = subprocess.run([sys.executable, "-m", "pfkit", "verify", "/dev/stdin"], input=b" " * (limit + 100),
                         capture_output=True, env=dict(os.environ, PYTHONPATH=os.path.join(R.ROOT, "python", "src")))
    assert out.stdout.decode().splitlines()[1] == (
        f"  UNREADABLE (input_too_large): the file has more than {limit} bytes, the limit is {limit}")


# --- SCH-1's subset --------------------------------------------------------

# SCH-1's list, as the spec writes it: the keywords a record schema may use.
SCH1_KEYWORDS = {"type", "const", "enum", "pattern", "format", "minimum", "maximum", "minItems", "maxItems",
                 "prefixItems", "items", "required", "properties", "additionalProperties", "$ref", "allOf", "if",
                 "then", "else", "$schema", "$id", "$defs", "title", "description"}


def keywords(schema, where, out):
    """(where, keyword, value) of every keyword of a schema and its subschemas."""
    if isinstance(schema, bool):
        return
    for k, v in schema.items():
        out.append((where, k, v))
        if k in ("properties", "$defs"):
            for name, sub in v.items():
                keywords(sub, f"{where}/{k}/{name}", out)
        elif k in ("prefixItems", "allOf"):
            for i, sub in enumerate(v):
                keywords(sub, f"{where}/{k}/{i}", out)
        elif k in ("items", "if", "then", "else"):
            keywords(v, f"{where}/{k}", out)


def test_record_schemas_use_sch1_keywords_only():
    for path in sorted(glob.glob(os.path.join(R.ROOT, "spec", "schemas", "record_*.json"))):
        with open(path, encoding="utf-8") as f:
            found = []
            keywords(json.load(f), os.path.basename(path), found)
        assert [(w, k) for w, k, _ in found if k not in SCH1_KEYWORDS] == []
        assert {v for _, k, v in found if k == "format"} <= {"date-time"}
        assert {v for _, k, v in found if k == "additionalProperties"} <= {False}
        assert all(v.startswith("#/$defs/") for _, k, v in found if k == "$ref")
    # The walk finds a keyword outside the list where it is.
    found = []
    keywords({"properties": {"a": {"oneOf": [{"type": "string"}]}}}, "x", found)
    assert ("x/properties/a", "oneOf") in [(w, k) for w, k, _ in found]


# --- REF-6: where a syntax error falls, worked by hand ----------------------

LINE_COLUMN = [
    (b'{"a":\n  x}', 'at offset 8 (line 2, column 3): expected a value, found "x"'),
    (b'{\n"a":1,\n\n"b" 2}', 'at offset 14 (line 4, column 5): expected \':\', found "2"'),
    # é is two bytes and one character; the lone 0xFF byte counts as one.
    ('{"é\udcff":x}'.encode("utf-8", "surrogateescape"), 'at offset 7 (line 1, column 7): expected a value, found "x"'),
    (b'{"a":\n', "at offset 6 (line 2, column 1): expected a value, found the end of the input"),
]


@pytest.mark.parametrize("data,message", LINE_COLUMN)
def test_ref6_line_and_column(data, message):
    assert refusal(data) == ("malformed_request", "the record is not readable JSON: " + message)


# --- REF-7: a missing member named beside the unknown one it resembles ------

def renamed(rec, old, new):
    return put(drop(rec, "/" + old), "/" + new, rec[old])


RESEMBLES = [
    ("a swap", renamed(BRIDGE, "game", "gmae"),
     '"game" is missing; "gmae" is not a field of this record (did you mean "game"?)'),
    ("a capital", renamed(BRIDGE, "game", "Game"),
     '"game" is missing; "Game" is not a field of this record (did you mean "game"?)'),
    ("two edits, a long name", renamed(BRIDGE, "serverSeed", "sreverSeeed"),
     '"serverSeed" is missing; "sreverSeeed" is not a field of this record (did you mean "serverSeed"?)'),
    ("two edits, a short name", renamed(BRIDGE, "game", "gmaes"), '"game" is missing'),
    ("three edits, a long name", renamed(BRIDGE, "serverSeed", "sreverSeeeds"), '"serverSeed" is missing'),
    ("of two at one edit, the first in code point order", put(renamed(BRIDGE, "game", "gamex"), "/gam", "bridge"),
     '"game" is missing; "gam" is not a field of this record (did you mean "game"?)'),
    ("the closer of two", put(renamed(BRIDGE, "serverSeed", "serverSed"), "/aerverSeedx", 1),
     '"serverSeed" is missing; "serverSed" is not a field of this record (did you mean "serverSeed"?)'),
]


@pytest.mark.parametrize("name,rec,message", RESEMBLES, ids=[r[0] for r in RESEMBLES])
def test_ref7_missing_beside_what_resembles_it(name, rec, message):
    assert refusal(rec) == ("invalid_record", "the record: " + message)
