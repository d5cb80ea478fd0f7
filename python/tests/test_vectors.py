"""Every vector through the package: request lines as conform sends them, the
same inputs through the Python API, accumulated recipes with their digests,
and protocol.json's raw lines. The cases are marked long: conformance runs
every one through the Python runner in make check, and make test runs them
here as well."""

import json

import pytest

import pfkit
import vectorlib as V
from pfkit import PfkitError

INPUT_CASES = V.cases("input")
ACC_CASES = V.cases("accumulate")
PROTOCOL_CASES = V.protocol_cases()


def test_every_op_has_vectors():
    # A file missed by the glob, or an op without vectors, would go unnoticed.
    covered = {(scheme, op) for _, scheme, op, _ in INPUT_CASES + ACC_CASES}
    registered = {(scheme, op) for scheme, ops in pfkit.ops.SCHEMES.items() for op in ops}
    assert covered == registered
    assert PROTOCOL_CASES and ACC_CASES


@pytest.mark.long
@pytest.mark.parametrize("name,scheme,op,case", INPUT_CASES, ids=[c[0] for c in INPUT_CASES])
def test_case_over_the_wire(name, scheme, op, case):
    resp = pfkit.evaluate(V.request_line(name, scheme, op, case["input"]))
    assert resp["id"] == name
    if "error" in case:
        assert "output" not in resp, f"expected error {case['error']}, found output"
        assert resp["error"]["code"] == case["error"], resp["error"]["message"]
        assert resp["error"]["message"]
    else:
        assert "error" not in resp, resp.get("error")
        assert V.same(resp["output"], case["expect"])


@pytest.mark.long
@pytest.mark.parametrize("name,scheme,op,case", INPUT_CASES, ids=[c[0] for c in INPUT_CASES])
def test_case_through_call(name, scheme, op, case):
    if "error" in case:
        with pytest.raises(PfkitError) as e:
            pfkit.call(scheme, op, case["input"])
        assert e.value.code == case["error"], e.value.message
    else:
        assert V.same(pfkit.call(scheme, op, case["input"]), case["expect"])


@pytest.mark.long
@pytest.mark.parametrize("name,scheme,op,case", ACC_CASES, ids=[c[0] for c in ACC_CASES])
def test_accumulated_over_the_wire(name, scheme, op, case):
    acc = case["accumulate"]
    outputs = []
    for i in range(acc["count"]):
        r_scheme, r_op, inp = V.recipe(acc["recipe"], i)
        assert (r_scheme, r_op) == (scheme, op)
        resp = pfkit.evaluate(V.request_line(f"{name}~{i}", scheme, op, inp))
        assert "output" in resp, (i, resp)
        outputs.append(resp["output"])
    assert V.digest(outputs) == case["expect"]["digest"]


@pytest.mark.long
@pytest.mark.parametrize("name,case", PROTOCOL_CASES, ids=[c[0] for c in PROTOCOL_CASES])
def test_protocol_line(name, case):
    resp = pfkit.evaluate(case["line"])
    assert resp["id"] == case["responseId"]
    if case["error"]:
        assert resp["error"]["code"] == case["error"], resp["error"]["message"]
    else:
        assert "output" in resp and "error" not in resp
    # The written line is one JSON object that the strict reader accepts.
    line = pfkit.runner.encode(resp)
    assert line.endswith(b"\n") and b"\n" not in line[:-1]
    assert pfkit.strictjson.loads(line[:-1]) == json.loads(line)
