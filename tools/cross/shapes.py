#!/usr/bin/env python3
"""Memory and processor time by shape, not only by size (LIM-3, LIM-5, REC-10).

A reader fed long strings and blank runs holds almost nothing; an attacker
sends shapes that build many small values instead. This tool generates each
shape, inside every limit of the spec, for every path that reads input:

  shapes    objects      [{"a":0},{"a":0},…]
            numbers      [0,0,…]
            keys         {"k0":0,"k1":0,…}, one object of many members
            deep         arrays nested to the depth limit, one after another
            strings      ["aaaa","aaaa",…], many short strings
            long-string  one string as long as the record
            mixed        [{"a":[0,"s",{"b":null}]},…]
            schema       a bridge record whose deals are [[1],[1],…]: every
                         element fails its schema
            at-bounds    as many objects and values as LIM-5 allows, then a
                         long string: the largest tree a reader may build
            wrong        the largest backgammon record the schema allows
                         (100 games of 1,000 turns), every turn wrong: a
                         report of 100,000 mismatches but for REC-10 (verify
                         and audit only)
  paths     verify       one 16 MiB record through pfkit verify, node/verify.js
                         and python -m pfkit verify (a regular file)
            runner       256 MiB of 1 MiB request lines of the shape (in
                         input.serverSeed) through pfkit eval, node/adapter.js
                         and python/adapter.py, then an ordinary request
            audit        pfkit audit over 8 records of 16 MiB of the shape

and measures each run's peak resident memory (wait4's ru_maxrss, what
/usr/bin/time -v reports as "Maximum resident set size") and processor time
(user and system), against the goals:

  verify   <= 96 MiB; <= 1 s of processor time in Go, 4 s in Node and Python
           (a run over its time goal is run again, up to three runs in all,
           and judged on the least: a busy machine only ever adds time)
  runner   < 64 MiB (LIM-3)
  audit    <= 128 MiB with the default workers

  python3 tools/cross/shapes.py                    # every shape, path and implementation
  python3 tools/cross/shapes.py --quick            # what make limits-test runs: 8
                                             # lines a runner, 2 audit records
  python3 tools/cross/shapes.py --table [--root DIR]
                                             # the figures of the rows that
                                             # measured the problem, for the
                                             # tree at DIR (default: this one)

Prints one line a run and exits 1 when a goal is missed (not with --table,
which only measures). Standard library only.

Pins: LIM-3, LIM-5, REC-10
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile  # noqa: E402  (its process helper measures the commands here too)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VPY = os.path.join(ROOT, "python", ".venv", "bin", "python")
PY = VPY if os.path.exists(VPY) else sys.executable
MIB = 1 << 20
RECORD = 16 * MIB  # REC-1
LINE = MIB  # RUN-5

GOALS = {  # path -> (bytes, {implementation: processor seconds})
    "verify": (96 * MIB, {"go": 1.0, "node": 4.0, "python": 4.0}),
    "runner": (64 * MIB - 1, {}),
    "audit": (128 * MIB, {}),
}

SHAPES = ["objects", "numbers", "keys", "deep", "strings", "long-string", "mixed", "schema", "at-bounds", "wrong"]

_UNITS = {  # shape -> (one element, separator): the array the shape repeats
    "objects": (b'{"a":0}', b","),
    "numbers": (b"0", b","),
    "deep": (b"[" * 60 + b"0" + b"]" * 60, b","),
    "strings": (b'"aaaa"', b","),
    "mixed": (b'{"a":[0,"s",{"b":null}]}', b","),
    "schema": (b"[1]", b","),
}


def _array(unit, sep, n):
    """A JSON array of n bytes at most, as many units as fit, padded with
    spaces to exactly n bytes."""
    k = max(0, (n - 2 + len(sep)) // (len(unit) + len(sep)))
    body = b"[" + sep.join([unit] * k) + b"]"
    return body[:-1] + b" " * (n - len(body)) + b"]"


def _keys(n):
    parts, size, i = [], 2, 0
    while True:
        m = b'"k%x":0' % i
        if size + len(m) + 1 > n:
            break
        parts.append(m)
        size += len(m) + 1
        i += 1
    body = b"{" + b",".join(parts) + b"}"
    return body[:-1] + b" " * (n - len(body)) + b"}"


def _at_bounds(n, objects, values):
    """An array of objects {"a":0} (two toward each bound), then zeros, up to
    a few below LIM-5's bounds, then one string to n bytes."""
    k = objects // 2 - 64
    body = b"[" + b",".join([b'{"a":0}'] * k + [b"0"] * (values - 2 * k - 64)) + b',"'
    return body + b"a" * (n - len(body) - 2) + b'"]'


def value(shape, n, line=False):
    """A JSON value of the shape, exactly n bytes long (within a request
    line's bounds when line)."""
    if shape == "at-bounds":
        return _at_bounds(n, 1 << 12, 1 << 16) if line else _at_bounds(n, 1 << 16, 1 << 20)
    if shape == "keys":
        return _keys(n)
    if shape == "long-string":
        return b'"' + b"a" * (n - 2) + b'"'
    unit, sep = _UNITS[shape]
    return _array(unit, sep, n)


_BRIDGE_HEAD = None


def record(shape, size=RECORD):
    """A record of size bytes: a bridge match whose deals are the shape (its
    schema fails), or for "schema" every deal [1]; for "wrong" the largest
    backgammon record, every turn wrong, padded with spaces."""
    global _BRIDGE_HEAD
    if shape == "wrong":
        with open(os.path.join(ROOT, "vectors", "records", "backgammon.json"), "rb") as f:
            doc = json.loads(f.read())
        game = doc["games"][0]
        doc["games"] = [dict(game, rolls=[[1, 2]] * 1000) for _ in range(100)]
        data = json.dumps(doc, separators=(",", ":")).encode()
        return data[:-1] + b" " * (size - len(data)) + b"}"
    if _BRIDGE_HEAD is None:
        with open(os.path.join(ROOT, "vectors", "records", "bridge.json"), "rb") as f:
            doc = json.loads(f.read())
        doc.pop("deals")
        _BRIDGE_HEAD = json.dumps(doc, separators=(",", ":")).encode()[:-1] + b',"deals":'
    return _BRIDGE_HEAD + value(shape, size - len(_BRIDGE_HEAD) - 1) + b"}"


def bare_record(shape, size=RECORD):
    """{"scheme":"match_seed_v2","kind":"match","x":…} of size bytes."""
    head = b'{"scheme":"match_seed_v2","kind":"match","x":'
    return head + value(shape, size - len(head) - 1) + b"}"


def line(shape, size=LINE, rid=b"a"):
    """A request line of size bytes (no newline): a commit whose serverSeed
    is the shape, or for "schema" a draws program of [1] steps."""
    if shape == "schema":
        head = b'{"id":"' + rid + b'","scheme":"match_seed_v2","op":"draws","input":{"serverSeed":"' + b"0" * 64 + \
            b'","game":"bridge","matchId":"m","clientSeeds":["a","b"],"program":'
        return head + _array(b'{"op":"word"}', b",", size - len(head) - 2) + b"}}"
    head = b'{"id":"' + rid + b'","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":'
    return head + value(shape, size - len(head) - 2, line=True) + b"}}"


ORDINARY = b'{"id":"after","scheme":"selfpoker_v1","op":"permutation","input":{"seed":"5","n":3}}'

def measure(cmd, cwd, stdin_path=None, env=None):
    """(exit status, stdout, peak resident bytes, processor seconds, wall seconds)."""
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as rep, tempfile.TemporaryFile() as out:
        src = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        try:
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", hostile.RSS_HELPER, rep.name] + cmd, cwd=cwd, stdin=src, stdout=out,
                           stderr=subprocess.DEVNULL, env=env)
            wall = time.perf_counter() - t
        finally:
            if stdin_path:
                src.close()
        status, rss, cpu = rep.read().split()
        out.seek(0)
        return int(status), out.read(), int(rss), float(cpu), wall


def write(path, chunks):
    with open(path, "wb") as f:
        for c in chunks:
            f.write(c)
    return path


class Tree:
    """The commands of one checkout (this one, or --root)."""

    def __init__(self, root):
        self.root = root
        self.pfkit = os.path.join(root, "bin", "pfkit")
        self.env = dict(os.environ, PYTHONPATH=os.path.join(root, "python", "src"))

    def verify(self, impl):
        return {"go": [self.pfkit, "verify", "--json"], "node": ["node", "node/verify.js", "--json"],
                "python": [PY, "-m", "pfkit", "verify", "--json"]}[impl]

    def runner(self, impl):
        return {"go": [self.pfkit, "eval"], "node": ["node", "node/adapter.js"],
                "python": [PY, "python/adapter.py"]}[impl]

    def audit(self):
        return [self.pfkit, "audit", "--json", "--progress=false"]

    def run(self, cmd, stdin_path=None):
        return measure(cmd, self.root, stdin_path, self.env)


def answers(out):
    return [json.loads(x) for x in out.splitlines() if x.strip()]


def show(mark, what, rss, cpu, wall, note=""):
    print(f"{mark} {what:58} {rss / MIB:7.1f} MiB {cpu:6.2f} s cpu {wall:6.2f} s wall{note}", flush=True)


def verify_best(tree, impl, rec, tries=3):
    """One verify, run again (tries in all) while it misses its processor
    time goal: the least processor time of the runs, the largest peak memory,
    the last run's status and output. A neighbour on a shared machine only
    ever adds processor time, so the least of a few runs is the program's
    own; a program over its goal is over it every time and still fails."""
    best = None
    for _ in range(tries):
        status, out, rss, cpu, wall = tree.run(tree.verify(impl) + [rec])
        if best is not None:
            rss, cpu, wall = max(rss, best[2]), min(cpu, best[3]), min(wall, best[4])
        best = (status, out, rss, cpu, wall)
        if cpu <= GOALS["verify"][1][impl]:
            break
    return best


def check(tree, tmp, stream_mib, audit_records, shapes, impls):
    """Every shape through every path; the number of missed goals."""
    missed = 0

    def judge(path, impl, what, rss, cpu, wall, problem):
        nonlocal missed
        limit, cpus = GOALS[path]
        if rss > limit:
            problem = (problem + "; " if problem else "") + f"peak over {limit / MIB:.0f} MiB"
        if impl in cpus and cpu > cpus[impl]:
            problem = (problem + "; " if problem else "") + f"processor time over {cpus[impl]:.0f} s"
        missed += problem is not None
        show("ok  " if problem is None else "FAIL", what, rss, cpu, wall, "" if problem is None else ": " + problem)

    for shape in shapes:
        want = "failed" if shape == "wrong" else "unreadable"
        rec = write(os.path.join(tmp, "r.json"), [record(shape)])
        for impl in impls:
            status, out, rss, cpu, wall = verify_best(tree, impl, rec)
            problem = None
            try:
                got = json.loads(out)["records"][0]
                if got["status"] != want:
                    problem = f"expected {want}, found {got['status']}"
            except (ValueError, KeyError, IndexError):
                problem = f"no report (exit {status})"
            judge("verify", impl, f"{impl:6} verify  {shape}", rss, cpu, wall, problem)
        one = line(shape) + b"\n" if shape != "wrong" else None
        lines = write(os.path.join(tmp, "lines"), [one] * stream_mib + [ORDINARY + b"\n"]) if one else None
        for impl in impls if one else ():
            status, out, rss, cpu, wall = tree.run(tree.runner(impl), lines)
            got = answers(out)
            problem = None
            if len(got) != stream_mib + 1 or "error" in got[-1] or any("error" not in a for a in got[:-1]):
                problem = f"expected {stream_mib} refusals and an answer, found {len(got)} answers"
            judge("runner", impl, f"{impl:6} runner  {shape}, {stream_mib} lines of 1 MiB", rss, cpu, wall, problem)
        if "go" in impls:
            arc = write(os.path.join(tmp, "a.jsonl"), [record(shape, RECORD - 1) + b"\n"] * audit_records)
            # The default workers, and eight: memory must not grow with them.
            for workers in ([], ["--workers", "8"]):
                status, out, rss, cpu, wall = tree.run(tree.audit() + workers + [arc])
                problem = None
                try:
                    if json.loads(out)["byStatus"].get(want) != audit_records:
                        problem = f"expected every record {want}"
                except (ValueError, KeyError):
                    problem = f"no summary (exit {status})"
                judge("audit", "go", f"go     audit   {shape}, {audit_records} records of 16 MiB {' '.join(workers)}",
                      rss, cpu, wall, problem)
            os.remove(arc)
        os.remove(rec)
        if lines:
            os.remove(lines)
    return missed


def table_rows():
    """The rows that measured the problem: (name, implementations, make)
    where make(tmp) gives ("verify" | "runner" | "audit", input path)."""
    def rec(shape, size=RECORD, make=record):
        return lambda tmp: ("verify", write(os.path.join(tmp, "t.json"), [make(shape, size)]))

    def lines(shape, n):
        return lambda tmp: ("runner", write(os.path.join(tmp, "t.lines"),
                                            [line(shape, rid=b"%d" % i) + b"\n" for i in range(n)]))

    def archive(parts):
        return lambda tmp: ("audit", write(os.path.join(tmp, "t.jsonl"), parts()))

    def honest(size):
        with open(os.path.join(ROOT, "vectors", "records", "backgammon.json"), "rb") as f:
            data = json.dumps(json.loads(f.read()), separators=(",", ":")).encode()
        return data[:-1] + b" " * (size - len(data) - 1) + b"}\n"

    all3 = ("go", "node", "python")
    return [
        ("verify, 16 MiB record of [{\"a\":0},…]", all3, rec("objects", make=bare_record)),
        ("verify, 16 MiB record of [0,0,…]", all3, rec("numbers", make=bare_record)),
        ("audit, 8 records of 16 MiB [{\"a\":0},…]", ("go",),
         archive(lambda: [bare_record("objects", RECORD - 1) + b"\n"] * 8)),
        ("runner, 256 lines of 1 MiB serverSeed [0,0,…]", all3, lines("numbers", 256)),
        ("runner, 48 lines of 1 MiB serverSeed [{\"a\":0},…]", all3, lines("objects", 48)),
        ("verify, 1 MiB bridge record of [1] deals", all3, rec("schema", MIB)),
        ("verify, 4 MiB bridge record of [1] deals", all3, rec("schema", 4 * MIB)),
        ("runner, 16 lines of 1 MiB of {\"op\":\"word\"} steps", all3, lines("schema", 16)),
        ("verify, a record at LIM-5's bounds, 16 MiB", all3, rec("at-bounds")),
        ("verify, 100 games of 1,000 turns all wrong (REC-10)", all3, rec("wrong", 604 * 1024)),
        ("audit, 64 verified records padded to 1 MiB", ("go",), archive(lambda: [honest(MIB)] * 64)),
        ("audit, 4 verified records padded to 16 MiB", ("go",), archive(lambda: [honest(RECORD)] * 4)),
    ]


def table(tree, tmp):
    for name, impls, make in table_rows():
        path, data = make(tmp)
        for impl in impls:
            if path == "verify":
                r = tree.run(tree.verify(impl) + [data])
            elif path == "runner":
                r = tree.run(tree.runner(impl), data)
            else:
                r = tree.run(tree.audit() + [data])
            show("    ", f"{impl:6} {name}", r[2], r[3], r[4])
        os.remove(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="8 lines a runner and 2 audit records (make limits-test)")
    ap.add_argument("--table", action="store_true", help="measure the rows that showed the problem")
    ap.add_argument("--root", default=ROOT, help="the checkout to measure (default: this one)")
    ap.add_argument("--shape", action="append", choices=SHAPES, help="only these shapes")
    ap.add_argument("--impl", action="append", choices=["go", "node", "python"], help="only these implementations")
    args = ap.parse_args()
    tree = Tree(os.path.abspath(args.root))
    with tempfile.TemporaryDirectory() as tmp:
        if args.table:
            table(tree, tmp)
            return 0
        stream_mib, audit_records = (8, 2) if args.quick else (256, 8)
        missed = check(tree, tmp, stream_mib, audit_records, args.shape or SHAPES,
                       args.impl or ["go", "node", "python"])
    print(f"{missed} goals missed" if missed else "every shape on every path within its goal")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
