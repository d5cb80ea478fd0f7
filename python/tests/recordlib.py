"""Shared helpers for the record tests: the example records, a writer that
keeps numbers as written, and tampered variants of every kind."""

import copy
import json
import os
import random

from pfkit import record_schema, strictjson

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECORDS = os.path.join(ROOT, "vectors", "records")


def index() -> list:
    with open(os.path.join(ROOT, "vectors", "records-index.json"), encoding="utf-8") as f:
        return json.load(f)["records"]


def raw(name: str) -> bytes:
    with open(os.path.join(RECORDS, name), "rb") as f:
        return f.read()


def example(name: str):
    """An example record parsed as the reader parses it (numbers as written)."""
    return strictjson.loads(raw(name), strictjson.RECORD, signed_zero=True)


class Num:
    """A number to be written exactly as given: Num("1.0"), Num("-0")."""

    def __init__(self, text: str):
        self.text = text


def dump(v) -> str:
    """JSON text of a parsed record, keys in their order, numbers as written."""
    if isinstance(v, (Num, strictjson.JsonFloat, strictjson.JsonBigInt, strictjson.NegativeZero)):
        return v.text
    if v is None or isinstance(v, (bool, str)):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, dict):
        return "{" + ", ".join(json.dumps(k, ensure_ascii=False) + ": " + dump(x) for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(dump(x) for x in v) + "]"
    raise TypeError(type(v).__name__)


def data(v) -> bytes:
    return dump(v).encode("utf-8", "surrogatepass")


def violation(schema_name: str, value):
    """The schema check's first violation (SCH-1) of a record given as
    Python values, written and read back; None when it is valid."""
    return record_schema.check(schema_name, strictjson.parse(data(value), strictjson.RECORD))


def _tokens(pointer: str) -> list:
    """The keys and indexes of an RFC 6901 pointer (~1 is "/", ~0 is "~")."""
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]


def _at(v, tokens):
    for part in tokens:
        v = v[int(part)] if isinstance(v, list) else v[part]
    return v


def get(v, pointer: str):
    return _at(v, _tokens(pointer))


def put(v, pointer: str, value):
    """A copy of v with the value at pointer replaced ("-" appends)."""
    v = copy.deepcopy(v)
    parts = _tokens(pointer)
    parent = _at(v, parts[:-1])
    last = parts[-1]
    if isinstance(parent, list):
        if last == "-":
            parent.append(value)
        else:
            parent[int(last)] = value
    else:
        parent[last] = value
    return v


def drop(v, pointer: str):
    v = copy.deepcopy(v)
    parts = _tokens(pointer)
    parent = _at(v, parts[:-1])
    if isinstance(parent, list):
        del parent[int(parts[-1])]
    else:
        del parent[parts[-1]]
    return v


# --- tampered variants ---------------------------------------------------

RANKS, SUITS = "23456789TJQKA", "cdhs"
CARDS = [r + s for s in SUITS for r in RANKS]
BALOOT = [r + s for s in SUITS for r in "789TJQKA"]
TILES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + ["E", "S", "W", "N", "Wd", "Gd", "Rd"]
HEX = "0123456789abcdef"


def _leaves(v, pointer=""):
    """(pointer, value) of every scalar in v."""
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _leaves(x, f"{pointer}/{k}")
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _leaves(x, f"{pointer}/{i}")
    else:
        yield pointer, v


def _containers(v, pointer=""):
    if isinstance(v, (dict, list)):
        yield pointer, v
        items = v.items() if isinstance(v, dict) else enumerate(v)
        for k, x in items:
            yield from _containers(x, f"{pointer}/{k}")


def _other(r: random.Random, pool, current):
    return r.choice([x for x in pool if x != current])


def _hex_flip(r: random.Random, s: str) -> str:
    i = r.randrange(len(s))
    return s[:i] + _other(r, HEX, s[i]) + s[i + 1:]


def semantic(r: random.Random, rec):
    """One change that keeps the record schema-valid: another card, tile or
    die, a hex character, seats, numbers, lengths, times. Returns (what, record)."""
    leaves = [(p, x) for p, x in _leaves(rec) if not p.startswith(("/scheme", "/kind"))]
    p, x = r.choice(leaves)
    key = p.rsplit("/", 1)[-1]
    path = p.split("/")
    game = rec.get("game")
    if isinstance(x, str) and len(x) == 64 and all(c in HEX for c in x):
        return f"hex {p}", put(rec, p, _hex_flip(r, x))
    if isinstance(x, str) and x in TILES and game == "mahjong":
        return f"tile {p}", put(rec, p, _other(r, TILES, x))
    if isinstance(x, str) and x in BALOOT and game == "baloot":
        return f"card {p}", put(rec, p, _other(r, BALOOT, x))
    if isinstance(x, str) and x in CARDS:
        if r.random() < 0.5:  # swap with another card of the same record
            others = [(q, y) for q, y in leaves if y in CARDS and q != p and y != x]
            if others:
                q, y = r.choice(others)
                return f"swap {p} {q}", put(put(rec, p, y), q, x)
        return f"card {p}", put(rec, p, _other(r, CARDS, x))
    if key == "white":
        return "white", put(rec, p, _other(r, "AB", x))
    if isinstance(x, str) and (key in ("clientA", "clientB", "matchId", "clientSeed", "table", "session")
                               or "clientSeeds" in path):
        return f"id {p}", put(rec, p, x + r.choice(["x", "1", "-", "."]))
    if key == "rotation":
        return "rotation", put(rec, p, r.choice(["time", "hands", "empty", "restart"]))
    if key in ("opened", "closed"):
        return f"time {p}", put(rec, p, r.choice([
            "2026-11-29T18:00:00Z", "2026-11-30T18:00:00Z", "2026-11-30T18:00:00.000000001Z",
            "2026-11-29T20:00:00+02:00", "2026-11-28T18:00:00Z", "2026-11-30T17:59:59.999Z",
            "2026-11-29T17:59:59-01:00"]))
    if isinstance(x, bool) or x is None:
        return "noop", rec
    if isinstance(x, int):
        if "seats" in path or key in ("seat", "first", "buyer"):
            hi = {"first": 1, "buyer": 3}.get(key, 9 if rec.get("scheme") == "poker_hmac_v1" else 3)
            return f"int {p}", put(rec, p, r.randint(0, hi))
        if key == "hand":
            return f"hand {p}", put(rec, p, r.randint(1, 4))
        if key == "position":
            return f"position {p}", put(rec, p, r.randint(0, 51))
        if key == "seed":
            return "seed", put(rec, p, x + r.choice([1, -1, 1000]))
        return f"die {p}", put(rec, p, _other(r, range(1, 7), x))
    if key == "seed" and isinstance(x, str) and x.isascii() and x.isdigit():
        return "seed", put(rec, p, str(int(x) + 1))
    return "noop", rec


def shape(r: random.Random, rec):
    """A change of length that keeps the record schema-valid where it can:
    an element dropped, repeated or moved."""
    arrays = [(p, v) for p, v in _containers(rec) if isinstance(v, list) and len(v) >= 2]
    if not arrays:
        return "noop", rec
    p, v = r.choice(arrays)
    x = r.random()
    if x < 0.4:
        return f"drop {p}", drop(rec, f"{p}/{r.randrange(len(v))}")
    if x < 0.7:
        return f"repeat {p}", put(rec, f"{p}/-", copy.deepcopy(r.choice(v)))
    i, j = r.sample(range(len(v)), 2)
    return f"move {p}", put(put(rec, f"{p}/{i}", copy.deepcopy(v[j])), f"{p}/{j}", copy.deepcopy(v[i]))


WRONG = [None, True, 5, Num("1.0"), Num("1e0"), Num("-0"), Num("2.5"), -1, 10 ** 20, "", "x", "1c", "Tx", "ac",
         "A" * 65, "f" * 63, "F" * 64, [], {}, ["2c"], {"a": 1}]


def structural(r: random.Random, rec):
    """A change that may break the schema: a value of another type or form,
    a property removed or added, a number written with a fraction."""
    x = r.random()
    if x < 0.4:
        p, _ = r.choice(list(_leaves(rec)))
        return f"wrong {p}", put(rec, p, copy.deepcopy(r.choice(WRONG)))
    objs = [(p, v) for p, v in _containers(rec) if isinstance(v, dict)]
    p, o = r.choice(objs)
    if x < 0.65 and o:
        k = r.choice(list(o))
        return f"remove {p}/{k}", drop(rec, f"{p}/{k}")
    if x < 0.8:
        return f"add {p}/extra", put(rec, f"{p}/extra", 1)
    ints = [(q, v) for q, v in _leaves(rec) if isinstance(v, int) and not isinstance(v, bool)]
    if ints:
        q, v = r.choice(ints)
        return f"written {q}", put(rec, q, Num(r.choice([f"{v}.0", f"{v}e0", f"{v}.00", f"{v}0e-1", f"{v}E+0"])))
    return "noop", rec
