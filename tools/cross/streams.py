#!/usr/bin/env python3
"""Bounded memory on every input path (spec LIM-3).

Streams 256 MiB through every way each implementation reads input: records
given as a path (a pipe on /dev/stdin, and a sparse regular file, which is
never stored), runner lines on standard input (the Go runner, the Node and
Python adapters, and `pfkit eval` fronting each of them) and an audit archive.
The stream is generated as it is written: one record or line far over its
limit, then, where the path reads several, an ordinary one that must still be
answered. The long value has a shape (--shape, several allowed): one long
string (the default), or an array of small objects, numbers, keys, nested
arrays, short strings or a mix (tools/cross/shapes.py names them), which a reader
that builds values as it goes would hold by the million. Each run must give the expected verdict and code, and its peak
resident memory (the child's, with its own children, from wait4) must stay
below 64 MiB.

  python3 tools/cross/streams.py            # 256 MiB a path (make test)
  python3 tools/cross/streams.py --mib 1024
  python3 tools/cross/streams.py --shape objects --shape numbers --mib 64

Standard library only; exit 1 when a path holds more than the bound or answers
wrongly.

Pins: LIM-3
"""

import argparse
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile as h  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PFKIT = os.path.join(ROOT, "bin", "pfkit")
VPY = os.path.join(ROOT, "python", ".venv", "bin", "python")
PY = VPY if os.path.exists(VPY) else sys.executable
BOUND = 64 << 20

# An ordinary request and record, to show the reader is still in step after the
# long one.
REQUEST = b'{"id":"after","scheme":"selfpoker_v1","op":"permutation","input":{"seed":"5","n":3}}'
with open(os.path.join(ROOT, "vectors", "records", "selfpoker.json"), "rb") as f:
    RECORD = json.dumps(json.loads(f.read()), separators=(",", ":")).encode()


STREAM_SHAPES = ["long-string", "objects", "numbers", "keys", "deep", "strings", "mixed"]


def _blocks(shape):
    """The opening of the long value, then a block it repeats (about 64 KiB,
    ending in a comma), then its close."""
    if shape == "long-string":
        return b'"', b"0123456789abcdef" * 4096, b'"'
    if shape == "keys":
        return b"{", None, b'"z":0}'
    unit = {"objects": b'{"a":0}', "numbers": b"0", "deep": b"[" * 60 + b"0" + b"]" * 60, "strings": b'"aaaa"',
            "mixed": b'{"a":[0,"s",{"b":null}]}'}[shape]
    return b"[", (unit + b",") * (65536 // (len(unit) + 1)), b"0]"


def long_value(total, shape="long-string"):
    """Chunks of one JSON document of total bytes: a selfpoker record whose
    commit is one long value of the shape. No newline inside."""
    head = b'{"scheme":"selfpoker_v1","kind":"hand_end","commit":'
    tail = b"}"
    opening, block, close = _blocks(shape)
    yield head + opening
    left = total - len(head) - len(opening) - len(close) - len(tail)
    k = 0
    while left > 0:
        if block is None:  # keys: each one new
            b = b"".join(b'"k%x":0,' % i for i in range(k, k + 4096))
            k += 4096
        else:
            b = block
        n = min(left, len(b))
        yield b[:n] if n == len(b) else b" " * n
        left -= n
    yield close + tail


def stream(total, after=None, shape="long-string"):
    yield from long_value(total, shape)
    if after is not None:
        yield b"\n" + after + b"\n"


def responses(stdout):
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def expect_lines(stdout):
    r = responses(stdout)
    codes = [x.get("error", {}).get("code", "ok") for x in r]
    want = ["input_too_large", "ok"]
    return None if codes == want else f"expected responses {want}, found {codes}"


def expect_verify(stdout):
    doc = json.loads(stdout)
    rec = doc["records"][0]
    got = (rec["status"], rec.get("error", {}).get("code"))
    return None if got == ("unreadable", "input_too_large") else f"expected unreadable input_too_large, found {got}"


def expect_audit(stdout):
    doc = json.loads(stdout)
    got = doc["byStatus"]
    want = {"unreadable": 1, "verified": 1}
    return None if {k: v for k, v in got.items() if v} == want else f"expected {want}, found {got}"


def paths(sparse):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python", "src"))
    node, pyverify = ["node", "node/verify.js", "--json"], [PY, "-m", "pfkit", "verify", "--json"]
    go_verify = [PFKIT, "verify", "--json"]
    return [
        # (implementation, path, command, stdin: "record" | "lines" | None, check, env)
        ("go", "verify, a pipe", go_verify + ["/dev/stdin"], "record", expect_verify, None),
        ("go", "verify, a regular file", go_verify + [sparse], None, expect_verify, None),
        ("go", "runner lines (pfkit eval)", [PFKIT, "eval"], "lines", expect_lines, None),
        ("go", "audit, a pipe", [PFKIT, "audit", "--json", "--progress=false", "/dev/stdin"], "records", expect_audit,
         None),
        ("node", "verify.js, a pipe", node + ["/dev/stdin"], "record", expect_verify, None),
        ("node", "verify.js, a regular file", node + [sparse], None, expect_verify, None),
        ("node", "runner lines (adapter.js)", ["node", "node/adapter.js"], "lines", expect_lines, None),
        ("node", "runner lines (pfkit eval --impl node)", [PFKIT, "eval", "--impl", "node"], "lines", expect_lines,
         None),
        ("python", "verify, a pipe", pyverify + ["/dev/stdin"], "record", expect_verify, env),
        ("python", "verify, a regular file", pyverify + [sparse], None, expect_verify, env),
        ("python", "runner lines (adapter.py)", [PY, "python/adapter.py"], "lines", expect_lines, None),
        ("python", "runner lines (python -m pfkit eval)", [PY, "-m", "pfkit", "eval"], "lines", expect_lines, env),
        ("python", "runner lines (pfkit eval --impl python)", [PFKIT, "eval", "--impl", "python"], "lines",
         expect_lines, None),
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mib", type=int, default=256, help="size of each stream in MiB (default 256)")
    ap.add_argument("--shape", action="append", choices=STREAM_SHAPES + ["all"],
                    help="the long value's shape (default long-string; all: every shape)")
    args = ap.parse_args()
    shapes = args.shape or ["long-string"]
    if "all" in shapes:
        shapes = STREAM_SHAPES
    total = args.mib << 20
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        sparse = os.path.join(tmp, "sparse.json")
        with open(sparse, "wb") as f:
            f.truncate(total)  # holes: nothing is stored
        for shape, (impl, what, cmd, feed, check, env) in ((sh, p) for sh in shapes for p in paths(sparse)):
            chunks = None
            if feed == "record":
                chunks = stream(total, shape=shape)
            elif feed == "lines":
                chunks = stream(total, REQUEST, shape)
            elif feed == "records":
                chunks = stream(total, RECORD, shape)
            status, out, err, el, rss = h.measure(cmd, chunks, env)
            problem = None
            try:
                problem = check(out)
            except (ValueError, KeyError, IndexError) as e:
                problem = f"unreadable output ({e}); exit {status}; stderr: {err.decode(errors='replace')[-300:]}"
            if rss >= BOUND:
                problem = ((problem + "; " if problem else "")
                           + f"peak RSS {rss / 2**20:.1f} MiB, the bound is {BOUND >> 20} MiB")
            mark = "ok  " if problem is None else "FAIL"
            print(f"{mark} {impl:6} {what:40} {shape:11} {args.mib} MiB in {el:5.2f}s, peak RSS {rss / 2**20:5.1f} MiB"
                  + ("" if problem is None else ": " + problem), flush=True)
            failures += problem is not None
    runs = len(paths("")) * len(shapes)
    print(f"{failures} of {runs} runs failed" if failures else f"every path held less than 64 MiB ({runs} runs)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
