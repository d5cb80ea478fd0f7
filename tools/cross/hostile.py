"""Hostile inputs for pfkit's readers (spec section 17, LIM-1 to LIM-4).

Builds records and runner lines an attacker would send: one number, string or
session-time fraction as long as the size limit allows, nesting at and past the
limit, duplicate keys (also keys that are equal only once their escapes are
read), control and format characters, invalid UTF-8 and lone surrogates, and
records and lines one byte under and over each limit. Every input is built
from the example records in vectors/records/ and a fixed seed, so a run is
reproducible.

Used by tools/cross/differential.py (the three implementations must agree on every
input) and tools/bench/bench.py (the time and memory figures). Standard library only.
"""

import json
import os
import random

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECORDS = os.path.join(ROOT, "vectors", "records")

RECORD_LIMIT = 16 << 20  # REC-1
RECORD_DEPTH = 64
LINE_LIMIT = 1 << 20  # RUN-5
LINE_DEPTH = 32

# Every kind of number a record holds: (example record, JSON pointer, what it is).
NUMBER_FIELDS = [
    ("bridge.json", "/seats/0", "a seat of a match"),
    ("backgammon.json", "/games/0/first", "the backgammon side to move first"),
    ("backgammon.json", "/games/0/opening/0/0", "a die of an opening throw"),
    ("backgammon.json", "/games/0/rolls/0/1", "a die of a turn"),
    ("baloot.json", "/hands/1/buyer", "a baloot buyer"),
    ("poker-leave.json", "/seat", "the player's seat in a leave bundle"),
    ("poker-leave.json", "/hands/0/hand", "a hand number in a leave bundle"),
    ("poker-leave.json", "/hands/0/seats/0", "a seat of a hand in a leave bundle"),
    ("poker-leave.json", "/hands/0/cards/0/position", "a deck position of a proof"),
    ("poker-session.json", "/hands/0/hand", "a hand number in a session reveal"),
    ("poker-session.json", "/hands/0/seats/0/seat", "a seat in a session reveal"),
    ("selfpoker-number-seed.json", "/fairplay/seed", "a selfpoker seed written as a bare number"),
]

# Strings a record holds, of the kinds the schemas check differently.
STRING_FIELDS = [
    ("bridge.json", "/matchId", "a match id"),
    ("bridge.json", "/deals/0/0/0", "a card"),
    ("poker-session.json", "/serverSeed", "a server seed"),
    ("poker-session.json", "/table", "a table id"),
    ("chess-players.json", "/clientA", "a client seed"),
    ("selfpoker.json", "/fairplay/seed", "a selfpoker seed written as a string"),
]

# Every kind of integer a runner input holds: (vector file, pointer into the
# input of its first case, what it is).
RUNNER_NUMBERS = [
    ("selfpoker_v1/permutation.json", "/n", "the length of a permutation"),
    ("selfpoker_v1/deal.json", "/players", "the number of players of a selfpoker deal"),
    ("match_seed_v2/draws.json", "/program/0/n", "the size of a shuffle"),
    ("match_seed_v2/draws.json", "/program/1/n", "the limit of an int draw"),
    ("match_seed_v2/inject.json", "/words/0", "an injected word"),
    ("match_seed_v2/match.json", "/play/games/0", "the turns of a backgammon game"),
    ("poker_hmac_v1/proof.json", "/position", "a deck position"),
    ("poker_hmac_v1/proof.json", "/hand", "a hand number"),
    ("poker_hmac_v1/proof.json", "/seats/0/seat", "a seat"),
    ("poker_hmac_v1/verifyProof.json", "/card", "a card id"),
]

HOLE = "\u0000hole\u0000"


def example(name):
    with open(os.path.join(RECORDS, name), "rb") as f:
        return json.loads(f.read())


def _steps(pointer):
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]


def put(doc, pointer, value):
    """Set the value at pointer (the parent must exist)."""
    steps = _steps(pointer)
    for s in steps[:-1]:
        doc = doc[int(s)] if isinstance(doc, list) else doc[s]
    last = steps[-1]
    if isinstance(doc, list):
        doc[int(last)] = value
    else:
        doc[last] = value


def dumps(doc) -> bytes:
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def with_hole(doc, pointer, size, fill, quote=False) -> bytes:
    """doc with the value at pointer replaced by fill(n) of the length that
    makes the whole document size bytes (quotes included when quote)."""
    doc = json.loads(json.dumps(doc))
    put(doc, pointer, HOLE)
    text = dumps(doc)
    hole = dumps(HOLE)
    n = size - (len(text) - len(hole)) - (2 if quote else 0)
    if n < 1:
        raise ValueError(f"{pointer}: a document of {size} bytes leaves no room")
    body = fill(n)
    if quote:
        body = b'"' + body + b'"'
    return text.replace(hole, body, 1)


def digits(n, lead=b"1", seed=0) -> bytes:
    """n decimal digits, the first lead: a pattern, cheap to build at 16 MiB."""
    if n <= 0:
        return b""
    block = b"3141592653589793238462643383279502884197"
    if seed:
        rnd = random.Random(seed)
        block = bytes(rnd.choice(b"0123456789") for _ in range(997))
    body = (block * (n // len(block) + 1))[: n - 1]
    return lead + body


def long_number_record(name, pointer, size=RECORD_LIMIT, sign=b"") -> bytes:
    return with_hole(example(name), pointer, size, lambda n: sign + digits(n - len(sign)))


def long_string_record(name, pointer, size=RECORD_LIMIT, char=b"a") -> bytes:
    return with_hole(example(name), pointer, size, lambda n: char * n, quote=True)


def session_with_fraction(frac_digits, closed_plus=None, tail=b"7") -> bytes:
    """A session reveal whose opening time has frac_digits fraction digits
    (1 then tail repeated); closed_plus, when given, is the closing time."""
    doc = example("poker-session.json")
    put(doc, "/opened", HOLE)
    if closed_plus is not None:
        put(doc, "/closed", closed_plus)
    frac = b"1" + (tail * frac_digits)[: frac_digits - 1] if frac_digits else b""
    opened = b'"2026-11-29T20:00:00' + (b"." + frac if frac else b"") + b'Z"'
    return dumps(doc).replace(dumps(HOLE), opened, 1)


def vector_request(path):
    """scheme, op and the input of the first case of a vector file."""
    with open(os.path.join(ROOT, "vectors", path), "rb") as f:
        v = json.loads(f.read())
    return v["scheme"], v["op"], v["cases"][0]["input"]


def runner_line(scheme, op, inp, rid="h") -> bytes:
    return dumps({"id": rid, "scheme": scheme, "op": op, "input": inp})


def runner_hole_line(path, pointer, size, fill, quote=False, rid="h") -> bytes:
    """A request line of size bytes: the first case of a vector file with the
    input member at pointer replaced by fill(n) (see with_hole)."""
    scheme, op, inp = vector_request(path)
    req = {"id": rid, "scheme": scheme, "op": op, "input": inp}
    return with_hole(req, "/input" + pointer, size, fill, quote)


def runner_number_line(path, pointer, size=LINE_LIMIT, sign=b"") -> bytes:
    """A request line of size bytes whose number at pointer is as long as fits."""
    return runner_hole_line(path, pointer, size, lambda n: sign + digits(n - len(sign)))


def nested(depth, kind=b"[") -> bytes:
    close = b"]" if kind == b"[" else b"}"
    if kind == b"[":
        return b"[" * depth + b"1" + close * depth
    return b'{"a":' * depth + b"1" + close * depth


# A small process that starts the command and reports its exit status, peak
# memory and processor time (tools/cross/shapes.py reads the third). Linux
# keeps the highest resident size a process has had across exec, and a child
# begins as a copy of its parent: measured straight from this script, whose
# inputs may take hundreds of megabytes, every child would seem that large.
RSS_HELPER = """
import os, sys
pid = os.fork()
if pid == 0:
    try:
        os.execvp(sys.argv[2], sys.argv[2:])
    except OSError as e:
        os.write(2, ("cannot run %s: %s\\n" % (sys.argv[2], e)).encode())
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as f:
    f.write("%d %d %f" % (os.waitstatus_to_exitcode(status), usage.ru_maxrss * 1024, usage.ru_utime + usage.ru_stime))
"""


def measure(cmd, chunks=None, env=None):
    """Run cmd from the repository root with the byte chunks on its standard
    input; return (exit status, stdout, stderr, seconds, peak resident bytes).
    A reader that stops early (it refused the rest) is not an error."""
    import subprocess
    import sys
    import tempfile
    import threading
    import time

    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as report:
        start = time.perf_counter()
        p = subprocess.Popen([sys.executable, "-c", RSS_HELPER, report.name] + list(cmd), cwd=ROOT,
                             stdin=subprocess.PIPE if chunks is not None else subprocess.DEVNULL,
                             stdout=out, stderr=err, env=env)
        if chunks is not None:
            def feed():
                try:
                    for c in chunks:
                        p.stdin.write(c)
                    p.stdin.close()
                except (BrokenPipeError, ValueError):
                    pass
            t = threading.Thread(target=feed)
            t.start()
            p.wait()
            t.join()
        else:
            p.wait()
        el = time.perf_counter() - start
        fields = report.read().split()
    out.seek(0)
    err.seek(0)
    status, rss = (int(fields[0]), int(fields[1])) if len(fields) == 3 else (p.returncode, 0)
    return status, out.read(), err.read(), el, rss
