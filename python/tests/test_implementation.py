"""The implementation exchange (spec IMPL-1) and the version (VER-5): the
runner names itself, its version and every op it implements, which are the
ops the vector files hold."""

import json
import os
import subprocess
import sys

import pytest

from pfkit.runner import evaluate

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
with open(os.path.join(ROOT, "VERSION"), encoding="utf-8") as _f:
    VERSION = _f.read().strip()
HELLO = b'{"id":"pfkit/implementation","scheme":"pfkit","op":"implementation","input":{}}'


def vector_ops():
    """scheme/op of every vector file, read from the files themselves."""
    out = []
    for scheme in os.listdir(os.path.join(ROOT, "vectors")):
        d = os.path.join(ROOT, "vectors", scheme)
        if scheme == "records" or not os.path.isdir(d):
            continue
        for f in os.listdir(d):
            with open(os.path.join(d, f), encoding="utf-8") as fh:
                doc = json.load(fh)
            out.append(f"{doc['scheme']}/{doc['op']}")
    return sorted(out)


def test_the_implementation_request_is_answered():
    r = evaluate(HELLO)
    assert r["id"] == "pfkit/implementation"
    out = r["output"]
    assert list(out) == ["name", "version", "language", "spec", "ops"]
    assert (out["name"], out["version"], out["language"]) == ("pfkit", VERSION, "python")
    # The spec release is the version's first two numbers (VER-1), as the
    # spec's first paragraph states it.
    with open(os.path.join(ROOT, "spec", "pfkit.md"), encoding="utf-8") as f:
        assert f"Version {out['spec']}." in f.read(1000)
    assert [f"{o['scheme']}/{o['op']}" for o in out["ops"]] == vector_ops()


@pytest.mark.parametrize("line, code", [
    (b'{"id":"a","scheme":"pfkit","op":"implementation","input":{"b":1,"a":2}}', "unknown_field"),
    (b'{"id":"a","scheme":"pfkit","op":"who","input":{"x":1}}', "unknown_op"),
    (b'{"id":"a","scheme":"PFKIT","op":"implementation","input":{}}', "unknown_scheme"),
    (b'{"id":"a","scheme":"pfkit","op":"implementation","input":null}', "malformed_request"),
])
def test_the_implementation_request_is_checked_as_any_request(line, code):
    assert evaluate(line)["error"]["code"] == code


def test_the_first_unknown_field_in_byte_order():
    r = evaluate(b'{"id":"a","scheme":"pfkit","op":"implementation","input":{"b":1,"a":2}}')
    assert r["error"]["message"].startswith('input."a": ')


@pytest.mark.parametrize("args", [
    ["-m", "pfkit", "--version"], ["-m", "pfkit", "version"], ["-m", "pfkit", "-version"],
    [os.path.join(ROOT, "python", "adapter.py"), "--version"],
])
def test_version(args):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python", "src"))
    p = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env)
    assert (p.returncode, p.stdout, p.stderr) == (0, f"pfkit {VERSION} (python)\n", "")


def test_verify_json_begins_with_the_version():
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python", "src"))
    record = os.path.join(ROOT, "vectors", "records", "bridge.json")
    p = subprocess.run([sys.executable, "-m", "pfkit", "verify", "--json", record],
                       capture_output=True, text=True, env=env)
    assert p.stdout.startswith('{\n  "pfkit": {\n    "version": "' + VERSION + '"\n  },\n  "records": [')
