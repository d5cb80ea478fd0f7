"""The strict JSON reader, the envelope, and the adapter as a process."""

import io
import json
import os
import subprocess
import sys

import pytest

import pfkit
import vectorlib as V
from pfkit import PfkitError, strictjson
from pfkit.runner import evaluate, serve

PY = sys.executable
ADAPTER = os.path.join(V.ROOT, "python", "adapter.py")
SRC = os.path.join(V.ROOT, "python", "src")
SEED = "3c8dce6d343faf434f338eb09f5f7f0643af3cf2da4afa8993805eff14447858"


def line(inp: str, scheme="match_seed_v2", op="commit", rid="r") -> str:
    return '{"id":"%s","scheme":"%s","op":"%s","input":%s}' % (rid, scheme, op, inp)


def code(text) -> str:
    resp = evaluate(text)
    return resp["error"]["code"] if "error" in resp else "output"


def nest(n: int) -> str:
    return "[" * n + "]" * n


# --- strict JSON ------------------------------------------------------------

@pytest.mark.parametrize("text,expected", [
    ('{"a":1,"a":2}', "malformed_request"),
    ('{"a":{"b":1,"b":2}}', "malformed_request"),
    ('[{"x":[{"k":1,"k":1}]}]', "malformed_request"),
    ('{"a":NaN}', "malformed_request"),
    ('{"a":Infinity}', "malformed_request"),
    ('{"a":-Infinity}', "malformed_request"),
    ('{"a":01}', "malformed_request"),
    ('{"a":1,}', "malformed_request"),
    ("{'a':1}", "malformed_request"),
    ('{"a":"\t"}', "malformed_request"),
    ('{"a":1} x', "malformed_request"),
    ("\ufeff{}", "malformed_request"),
    ('{"a":%s}' % nest(31), "ok"),
    ('{"a":%s}' % nest(32), "input_too_large"),
    (nest(32), "ok"),
    (nest(33), "input_too_large"),
    # in reading order: a duplicate key before the deep bracket wins, after it loses
    ('{"a":1,"a":%s}' % nest(40), "malformed_request"),
    ('{"a":%s,"a":1}' % nest(40), "input_too_large"),
    ('{"a" 1,"b":%s}' % nest(40), "malformed_request"),
    ('{"a":[1 %s]}' % ("[" * 40), "malformed_request"),
    ('{"a":%s' % ("[" * 40), "input_too_large"),
])
def test_strict_reader(text, expected):
    try:
        strictjson.loads(text)
        got = "ok"
    except PfkitError as e:
        got = e.code
    assert got == expected


def test_numbers_keep_their_form():
    v = strictjson.loads('{"a":6.0,"b":6e0,"c":-0,"d":9007199254740993,"e":%s}' % ("9" * 5000))
    assert v["a"] == strictjson.JsonFloat("6.0") and v["b"] == strictjson.JsonFloat("6e0")
    assert v["c"] == 0 and v["d"] == 9007199254740993 and isinstance(v["e"], strictjson.JsonBigInt)


def test_size_limit_counts_bytes():
    base = len(line('{"serverSeed":""}'))
    fits = line('{"serverSeed":"%s"}' % ("a" * (2 ** 20 - base)))
    assert len(fits.encode()) == 2 ** 20 and code(fits) == "invalid_hex"
    assert code(line('{"serverSeed":"%s"}' % ("a" * (2 ** 20 - base + 1)))) == "input_too_large"
    # multi-byte characters count as their UTF-8 bytes
    assert code(line('{"serverSeed":"%s"}' % ("\u00e9" * ((2 ** 20 - base) // 2 + 1)))) == "input_too_large"


def test_bytes_that_are_not_utf8_become_one_replacement_each():
    resp = evaluate(b'{"id":"a\xe2\x82b\xff","scheme":"x","op":"y","input":{}}')
    assert resp["id"] == "a\ufffd\ufffdb\ufffd" and resp["error"]["code"] == "unknown_scheme"
    assert code(b'{"id":"a","scheme":"x","op":"y","input":{"\xff":1,"\xfe":2}}') == "malformed_request"


def test_canonical_form():
    assert strictjson.canon({"b": [1, True, None], "a": "x\ny\"\\\u00e9", "A": {}}) == \
        '{"A":{},"a":"x\\u000ay\\"\\\\\u00e9","b":[1,true,null]}'


# --- the envelope -------------------------------------------------------------

@pytest.mark.parametrize("text,rid,expected", [
    ("hello", None, "malformed_request"),
    ("[]", None, "malformed_request"),
    ('{"scheme":"x","op":"y","input":{}}', None, "malformed_request"),
    ('{"id":7,"scheme":"x","op":"y","input":{}}', None, "malformed_request"),
    ('{"id":"a","scheme":"x","op":"y","input":{},"expect":{}}', "a", "malformed_request"),
    ('{"id":"a","scheme":1,"op":"y","input":{}}', "a", "malformed_request"),
    ('{"id":"a","scheme":"x","op":"y","input":null}', "a", "malformed_request"),
    ('{"id":"a","scheme":"match_seed_v1","op":"nothing","input":{}}', "a", "scheme_unspecified"),
    ('{"id":"a","scheme":"match_seed_v1","op":"commit","input":{"serverSeed":"%s"}}' % SEED, "a", "scheme_unspecified"),
    ('{"id":"a","scheme":"Match_seed_v2","op":"commit","input":{}}', "a", "unknown_scheme"),
    ('{"id":"a","scheme":"match_seed_v2","op":"verify","input":{}}', "a", "unknown_op"),
    ('{"id":"a","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"%s","x":1}}' % SEED, "a",
     "unknown_field"),
])
def test_envelope(text, rid, expected):
    resp = evaluate(text)
    assert resp["id"] == rid and resp["error"]["code"] == expected
    assert resp["error"]["message"]


def test_check_order_of_fields():
    # unknown fields before everything, then fields in the op table's order
    assert code(line('{"zz":1}')) == "unknown_field"
    draws = '{"serverSeed":"%s","game":"%s","matchId":"m","clientSeeds":%s,"program":[]}'
    assert code(line(draws % ("x", "a:b", "[]"), op="draws")) == "invalid_hex"
    assert code(line(draws % (SEED, "a:b", "[]"), op="draws")) == "invalid_identifier"
    assert code(line(draws % (SEED, "g", "[]"), op="draws")) == "bad_length"
    assert code(line(draws % (SEED, "g", '[1,"a:"]'), op="draws")) == "wrong_type"
    # a step's op is checked before its other fields
    assert code(line('{"words":[],"program":[{"op":"dice","n":1.5}]}', op="inject")) == "unknown_op"
    assert code(line('{"words":[],"program":[{"op":"int","n":1.5}]}', op="inject")) == "invalid_integer"
    assert code(line('{"words":[],"program":[{"op":"int","n":9007199254740992}]}', op="inject")) == "invalid_integer"
    assert code(line('{"words":[],"program":[{"op":"int","n":4503599627370497}]}', op="inject")) == "out_of_range"
    # a number seed is wrong_type over the wire, whatever its value
    assert code(line('{"seed":5,"players":2}', scheme="selfpoker_v1", op="deal")) == "wrong_type"


def test_serve_answers_each_line_in_order_and_skips_blank_ones():
    inp = io.BytesIO(("\n".join([line('{"serverSeed":"%s"}' % SEED, rid="1"), "", "   ", "oops",
                                 line('{}', rid="3")]) + "\n").encode())
    out = io.BytesIO()
    assert serve(inp, out, backend="python") == 0
    got = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [g["id"] for g in got] == ["1", None, "3"]
    assert got[0]["output"]["commitment"] == pfkit.match_seed_v2.commit(SEED)
    assert got[1]["error"]["code"] == "malformed_request" and got[2]["error"]["code"] == "missing_field"


def adapter_run(args, data: bytes, env=None):
    return subprocess.run(args, input=data, capture_output=True, cwd=V.ROOT, timeout=60,
                          env=dict(os.environ, **(env or {})))


@pytest.mark.long
def test_adapter_process():
    lines = [line('{"serverSeed":"%s"}' % SEED, rid="a"), '{"id":"b"',
             line('{"seed":"42","n":6}', "selfpoker_v1", "permutation", "c")]
    r = adapter_run([PY, ADAPTER], ("\n".join(lines) + "\n").encode())
    assert r.returncode == 0 and r.stderr == b""
    got = [json.loads(x) for x in r.stdout.splitlines()]
    assert [g["id"] for g in got] == ["a", None, "c"]
    assert got[2]["output"]["permutation"] == pfkit.selfpoker_v1.permutation(42, 6, backend="python")


def test_adapter_answers_as_lines_arrive():
    p = subprocess.Popen([PY, ADAPTER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=V.ROOT)
    try:
        for i in range(3):
            p.stdin.write((line("{}", rid=str(i)) + "\n").encode())
            p.stdin.flush()
            assert json.loads(p.stdout.readline())["id"] == str(i)
        p.stdin.close()
        assert p.wait(timeout=30) == 0
    finally:
        p.kill()
        p.wait()


@pytest.mark.long
def test_python_m_pfkit_eval():
    r = adapter_run([PY, "-m", "pfkit", "eval"], (line("{}") + "\n").encode(), env={"PYTHONPATH": SRC})
    assert r.returncode == 0 and json.loads(r.stdout)["error"]["code"] == "missing_field"
    r = adapter_run([PY, "-m", "pfkit"], b"", env={"PYTHONPATH": SRC})
    assert r.returncode == 2 and b"usage" in r.stderr


def test_bad_backend_setting_stops_the_adapter():
    r = adapter_run([PY, ADAPTER], b"", env={"PFKIT_SELFPOKER_BACKEND": "fortran"})
    assert r.returncode == 2 and b"fortran" in r.stderr and r.stdout == b""


def test_read_lines_holds_at_most_the_limit_and_one_byte():
    from pfkit.runner import read_lines

    class Counting(io.BytesIO):
        """A stream that remembers the longest piece it was asked for."""
        most = 0

        def readline(self, size=-1):
            Counting.most = max(Counting.most, size)
            return super().readline(size)

    lines = [b"  a  ", b"", b" \t\r", b"x" * 10, b"x" * 11, b"0123456789" + b" " * 100 + b"y",
             b" " * 300 + b"b" + b" " * 300, b"z" * 1000 + b"\r", b"last"]
    got = list(read_lines(Counting(b"\n".join(lines)), limit=10))
    assert got == [(b"a", False), (b"x" * 10, False), (None, True), (None, True), (b"b", False), (None, True),
                   (b"last", False)]
    assert 0 < Counting.most <= 1 << 16


def test_serve_answers_a_line_over_the_limit_and_goes_on():
    big = b'{"id":"big","pad":"' + b"a" * (1 << 21) + b'"}'
    out = io.BytesIO()
    serve(io.BytesIO(big + b"\n" + b'{"id":"next"}\n'), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(a["id"], a["error"]["code"]) for a in answers] == [(None, "input_too_large"),
                                                                ("next", "malformed_request")]


def test_lone_surrogates_in_values_read_as_replacement_characters():
    v = strictjson.loads(b'{"a":"x\\ud800y","b":["\\udfff"],"c":"\\ud83d\\ude00","d":"\\\\ud800"}')
    assert v == {"a": "x\ufffdy", "b": ["\ufffd"], "c": "\U0001f600", "d": "\\ud800"}
