"""tools/cross/refusals.py: the requests it derives, how it names a
difference, and a sampled run over the three runners that finds none.
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import refusals  # noqa: E402

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "refusals.py")


def test_requests_cover_every_op_and_mutation_kind():
    reqs = refusals.build_requests()
    assert len(reqs) > 50000
    ops = {(m["scheme"], m["op"]) for _, _, m in reqs}
    assert len(ops) == 12
    muts = {m["mut"] for _, _, m in reqs}
    for wanted in ("drop", "null", '"😀"', '"\\ud800"', "big", "+unknown", "no input", "input=[]"):
        assert wanted in muts, wanted
    assert any(m.startswith("duplicate key") for m in muts)
    ids = [rid for rid, _, _ in reqs]
    assert len(set(ids)) == len(ids)
    for rid, line, _ in reqs[:: len(reqs) // 50]:
        assert f'"id":"{rid}"' in line


def test_kind_names_the_odd_runner_out():
    msg = {"code": "invalid_hex", "message": 'input.serverSeed: expected lowercase hex, found "G" at position 3'}
    odd = {"code": "invalid_hex", "message": 'input.serverSeed: expected lowercase hex, found "G" at byte 3'}
    d = {"go": {"id": "m1", "error": odd}, "node": {"id": "m1", "error": msg}, "python": {"id": "m1", "error": msg}}
    # The odd one first, then where its message parts from the others'.
    assert refusals.kind(d) == "go vs node: position -> byte"
    d["python"] = {"id": "m1", "error": dict(msg, code="wrong_type")}
    assert refusals.kind(d) == "go vs node: position -> byte || node vs python: code invalid_hex != wrong_type; "


def test_a_sampled_run_finds_no_difference():
    p = subprocess.run([sys.executable, SCRIPT, "--sample", "200"], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.startswith("refusals: ") and ", 0 answered differently, 0 kinds, 0 runner problems" in p.stdout


def test_refusals():
    p = subprocess.run([sys.executable, SCRIPT, "--sample", "0"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "--sample is at least 1" in p.stderr
    p = subprocess.run([sys.executable, SCRIPT, "--bogus"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "unrecognized arguments: --bogus" in p.stderr
    assert json.loads(json.dumps(refusals.IMPLS)) == ["go", "node", "python"]
