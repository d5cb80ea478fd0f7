"""Differential test against the Go reference's `pfkit eval`.

Runs only when PFKIT_BIN names the reference binary (make builds bin/pfkit):

    PFKIT_BIN=bin/pfkit python/.venv/bin/python -m pytest python/tests/test_against_go.py

Thousands of request lines, edge cases written out below plus vector inputs
mutated at random (fixed seed), go through both implementations; ids, error
codes and outputs must be equal line for line. Lines that start or end with
whitespace JSON does not know are left out: `pfkit eval` trims Unicode
whitespace before parsing, which the in-process path of `pfkit conform` and
the spec (RUN-1) do not.
"""

import json
import os
import random
import subprocess
import sys

import pytest

import vectorlib as V
from pfkit import strictjson

BIN = os.environ.get("PFKIT_BIN")
pytestmark = [pytest.mark.long, pytest.mark.skipif(not BIN, reason="PFKIT_BIN is not set (the Go reference binary)")]

SEED = "f47b534cbf5bb5075328e4c73c435c8802bed0a874554ed04947811750bbcb29"
NON_JSON_SPACE = "\u2028\u2029\u00a0\x0b\x0c\x85\u3000\u2000\u1680\u202f\u205f"


def req(inp: str, scheme="match_seed_v2", op="commit", rid="t") -> bytes:
    return ('{"id":"%s","scheme":"%s","op":"%s","input":%s}' % (rid, scheme, op, inp)).encode()


def nest(n: int) -> str:
    return "[" * n + "]" * n


def edge_lines() -> list:
    base = len(req('{"serverSeed":""}'))
    return [
        req('{"serverSeed":%s}' % nest(31)), req('{"serverSeed":%s}' % nest(30)),
        req('{"a":1,"a":%s}' % nest(40)), req('{"a":%s,"a":1}' % nest(40)), req('{"a" 1,"b":%s}' % nest(40)),
        req('{"a":%s' % ("[" * 40)), req('{"a":[1 %s]}' % ("[" * 40)), req('{"a":[1,%s]}' % nest(40)),
        req('{"a":{"b":1,"b":2},"c":%s}' % nest(40)), req('{"c":%s,"a":{"b":1,"b":2}}' % nest(40)),
        b"[" * 33 + b"]" * 33, b"[" * 32 + b"]" * 32, b'{"id":"x"} ' + b"[" * 40, b'{"id":"x","x":' + b"[" * 33 + b"}",
        req('{"serverSeed":NaN}'), req('{"serverSeed":-Infinity}'), req('{"serverSeed":1e5}'), req('{"serverSeed":-0}'),
        req('{"serverSeed":%s}' % ("9" * 5000)), req('{"serverSeed":01}'), req('{"serverSeed":.5}'),
        req('{"\\ud800":1,"\\udc00":2}'), b'{"id":"\xff\xfe","scheme":"x","op":"y","input":{}}',
        b'{"id":"a\xe2\x82b","scheme":"x","op":"y","input":{}}',
        b'{"id":"\xed\xa0\x80","scheme":"x","op":"y","input":{}}',
        b'{"id":"a","scheme":"x","op":"y","input":{"\xff":1,"\xfe":2}}', b'\xef\xbb\xbf{"id":"a"}',
        b'{"id":"a\\u0000b","scheme":"x","op":"y","input":{}}',
        b'{"id":"a","scheme":"x","op":"y","input":{"k":"\x7f"}}',
        b'{"id":"a","extra":1}', b'{"id":1,"extra":1}', b"null", b"{}",
        b'{"id":"a","scheme":"match_seed_v1","op":"x","input":[]}',
        req('{"seed":"\u0661","players":2}', "selfpoker_v1", "deal"),
        req('{"seed":"%s","players":2}' % ("1" * 5000), "selfpoker_v1", "deal"),
        req('{"seed":"9223372036854775807","players":23}', "selfpoker_v1", "deal"),
        req('{"seed":"1","players":-9007199254740992}', "selfpoker_v1", "deal"),
        req('{"words":[4503599627370495],"program":[{"op":"int","n":4503599627370496}]}', op="inject"),
        req('{"seedA":"%s","clientA":"a","seedB":null,"clientB":"b:"}' % SEED, "chess_colour_v1", "colour"),
        req('{"serverSeed":"%s","game":"baloot","matchId":"m","clientSeeds":["a","b","c","d"],'
            '"play":{"hands":[{"buyer":1,"x":1}]}}' % SEED, op="match"),
        req('{"serverSeed":"%s","table":"t","session":"s","hand":1,'
            '"seats":[{"seat":1,"clientSeed":"a"},{"seat":1,"clientSeed":"b"},5]}' % SEED, "poker_hmac_v1", "hand"),
        req('{"serverSeed":"%s","game":"g","matchId":"m","clientSeeds":["a"],'
            '"program":[{"op":"shuffle","n":64},{"op":"int","n":2251799813685249},{"op":"int","n":1}]}' % SEED,
            op="trace"),
        req('{"serverSeed":"%s"}' % ("a" * (2 ** 20 - base))),
        req('{"serverSeed":"%s"}' % ("a" * (2 ** 20 - base + 1))),
    ]


VALUES = [None, True, False, 0, -1, 1, 2 ** 53, 2 ** 53 - 1, -(2 ** 53), 2 ** 63, 1.5, "", "a", "0", "-", "abc:def",
          [], [1], {}, {"a": 1}, "f" * 64, "F" * 64, 52, 4096, 4097, "9223372036854775807", "9223372036854775808",
          "00", " 1"]
TEXT = ['"', "{", "}", "[", "]", ",", ":", "0", "-", "1", "e", ".", " ", "\\", "n", "N", "\x00", "\x7f", "\u00e9",
        "\ufeff", "x", "+"]


def mutate(r: random.Random, v):
    if isinstance(v, dict) and v and r.random() < 0.7:
        v = dict(v)
        k = r.choice(sorted(v))
        x = r.random()
        if x < 0.25:
            del v[k]
        elif x < 0.35:
            v[f"zz{r.randint(0, 3)}"] = r.choice(VALUES)
        elif x < 0.6:
            v[k] = r.choice(VALUES)
        else:
            v[k] = mutate(r, v[k])
        return v
    if isinstance(v, list) and v and r.random() < 0.7:
        v = list(v)
        i = r.randrange(len(v))
        x = r.random()
        if x < 0.2:
            del v[i]
        elif x < 0.3:
            v.append(r.choice(VALUES + [v[0]]))
        elif x < 0.5:
            v[i] = r.choice(VALUES)
        else:
            v[i] = mutate(r, v[i])
        return v
    return r.choice(VALUES)


def fuzz_lines(count: int, seed: int) -> list:
    r = random.Random(seed)
    base = ([(s, o, c["input"]) for _, s, o, c in V.cases("input")]
            + [(None, None, c["raw"]) for _, c in V.protocol_cases() if "raw" in c])
    out = []
    while len(out) < count:
        scheme, op, inp = r.choice(base)
        if scheme is None:
            text = inp
        else:
            for _ in range(r.randint(0, 3)):
                inp = mutate(r, inp)
            text = json.dumps({"id": f"f{len(out)}", "scheme": scheme, "op": op, "input": inp}, default=str)
        if r.random() < 0.2:
            for _ in range(r.randint(1, 3)):
                p = r.randrange(len(text) + 1)
                text = text[:p] + r.choice(TEXT) + text[p:] if r.random() < 0.6 else text[:p] + text[p + 1:]
        if (not text.strip(" \t") or "\n" in text or "\r" in text
                or text[0] in NON_JSON_SPACE or text[-1] in NON_JSON_SPACE):
            continue
        out.append(text.encode("utf-8", "surrogatepass"))
    return out


def run(args, data: bytes) -> list:
    r = subprocess.run(args, input=data, capture_output=True, cwd=V.ROOT, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    return [json.loads(x) for x in r.stdout.splitlines()]


def verdict(resp: dict):
    if "error" in resp:
        return resp["id"], "error", resp["error"]["code"]
    out = resp["output"]
    if set(out) == {"name", "version", "language", "spec", "ops"}:
        out = dict(out, language="")  # the implementation request (IMPL-1): each names its own language
    return resp["id"], "output", strictjson.canon(out)


def test_same_answers_as_the_go_reference():
    lines = edge_lines() + fuzz_lines(4000, 20261129)
    data = b"\n".join(lines) + b"\n"
    go = run([BIN, "eval"], data)
    py = run([sys.executable, os.path.join(V.ROOT, "python", "adapter.py")], data)
    assert len(go) == len(py) == len(lines)
    diffs = [(ln[:200], verdict(g), verdict(p)) for ln, g, p in zip(lines, go, py) if verdict(g) != verdict(p)]
    assert diffs == []
    codes = {verdict(g)[2] if "error" in g else "output" for g in go}
    assert len(codes) >= 15  # the mix reached (nearly) every code, and outputs
