#!/usr/bin/env python3
"""Checks of pfkit conform with adapters made to fail, and of every tool's
version, over the real binaries: bin/pfkit (PFKIT_BIN), node/adapter.js,
python/adapter.py, node/verify.js and python -m pfkit.

- Node's and Python's adapters with the implementation request hidden from
  them (sed renames its scheme), as an adapter written before the exchange
  answers it: unknown_scheme, every case still sent, only the exchange's own
  cases not sent (IMPL-3);
- an adapter whose answer leaves an op out: that op's cases are not sent and
  count as not implemented (IMPL-2), and the partial port passes unless
  --require names the op (CONF-4);
- an adapter that swaps the colours: each failure names the side and draw
  0's words (CONF-5);
- an answer with an empty name, and a missing adapter: the run fails as a
  whole, whatever --skip says (IMPL-3);
- a compliance report of go and an adapter answering one op wrongly: one
  failing cell, opening onto exactly the cases whose expected output the
  wrong answer breaks, read from the vector file (CONF-2);
- a --skip of a scheme that the chosen files lack is fine, a name of nothing
  is refused (CONF-1);
- an adapter behind sh -c that never answers, and one that never flushes:
  the run ends at --timeout with the adapter's whole process group, naming
  the request it waited for (CONF-3);
- version, --version and the "pfkit" member of the JSON reports (VER-5).

Run by make conformance. Exit status 0 when every check holds.

Pins: CONF-1, CONF-2, CONF-3, CONF-4, CONF-5, IMPL-2, IMPL-3, VER-5
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PFKIT = os.environ.get("PFKIT_BIN") or os.path.join(ROOT, "bin", "pfkit")
if not os.path.isabs(PFKIT):
    PFKIT = os.path.join(ROOT, PFKIT)
VENV_PY = os.path.join(ROOT, "python", ".venv", "bin", "python")
PY = VENV_PY if os.path.exists(VENV_PY) else sys.executable
VECTORS = os.path.join(ROOT, "vectors")
VERSION = open(os.path.join(ROOT, "VERSION"), encoding="utf-8").read().strip()
ADAPTERS = {
    "node": f"node {ROOT}/node/adapter.js",
    "python": f"{PY} {ROOT}/python/adapter.py",
}
problems = []


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, cwd=ROOT, **kw)


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        problems.append(what)


def cases_of(rel):
    with open(os.path.join(VECTORS, rel), encoding="utf-8") as f:
        return json.load(f)["cases"]


def old_adapters():
    hidden = """sed -u 's/"scheme":"pfkit"/"scheme":"pfkit_before"/' | """
    commit = os.path.join(VECTORS, "match_seed_v2", "commit.json")
    n = len(cases_of("match_seed_v2/commit.json"))
    impl_cases = sum(1 for c in cases_of("protocol.json") if c.get("group") == "implementation")
    for name, cmd in ADAPTERS.items():
        p = run([PFKIT, "conform", "--cmd", hidden + cmd, commit])
        check(p.returncode == 0 and "it answered the implementation request with unknown_scheme, IMPL-3" in p.stdout
              and f"{n} passed, 0 failed, 0 not implemented" in p.stdout,
              f"{name} adapter without the exchange: every case of commit.json sent and passed")
        p = run([PFKIT, "conform", "--cmd", hidden + cmd, "--only", "protocol", VECTORS])
        check(p.returncode == 1 and re.search(rf"protocol/implementation\s+0\s+0\s+{impl_cases}\n", p.stdout)
              and re.search(r"protocol/envelope\s+\d+\s+0\s+0\n", p.stdout),
              f"{name} adapter without the exchange: only its {impl_cases} cases not sent")
        p = run([PFKIT, "conform", "--cmd", cmd, "--only", "protocol", VECTORS])
        check(p.returncode == 0 and f"it says: pfkit {VERSION} (" in p.stdout,
              f"{name} adapter with the exchange: it names itself and passes protocol.json")


def unlisted_op():
    cut = """ | sed -u 's/{"scheme":"selfpoker_v1","op":"permutation"},//'"""
    n = len(cases_of("selfpoker_v1/permutation.json"))
    p = run([PFKIT, "conform", "--cmd", ADAPTERS["python"] + cut, "--only", "selfpoker_v1", VECTORS])
    check(p.returncode == 0 and "(python), 11 scheme ops\n" in p.stdout
          and "\npartial: 11 of 12 ops; not listed, so not judged: selfpoker_v1/permutation\n" in p.stdout
          and f"  selfpoker_v1/permutation: {n} of {n} cases, not listed by the implementation\n" in p.stdout
          and re.search(r"selfpoker_v1/deal\s+\d+\s+0\s+0\n", p.stdout),
          "an op the python adapter leaves out of its answer is not sent, and the partial port passes")
    p = run([PFKIT, "conform", "--cmd", ADAPTERS["python"] + cut, "--only", "selfpoker_v1",
             "--require", "selfpoker_v1/permutation", VECTORS])
    check(p.returncode == 1 and "required by --require and not listed, so the run fails: selfpoker_v1/permutation"
          in p.stdout, "--require fails the run of a port that does not list the op")


def located():
    swap = """s/"white":"A"/"white":"X"/; s/"white":"B"/"white":"A"/; s/"white":"X"/"white":"B"/"""
    swapped = ADAPTERS["python"] + f" | sed -u '{swap}'"
    with tempfile.TemporaryDirectory() as tmp:
        js = os.path.join(tmp, "r.json")
        p = run([PFKIT, "conform", "--cmd", swapped, "--report", js, os.path.join(VECTORS, "chess_colour_v1")])
        with open(js, encoding="utf-8") as f:
            doc = json.load(f)
    fails = doc["implementations"][0]["ops"]["chess_colour_v1/colour"]["failures"]
    single = [f for f in fails if "request" not in f]
    check(p.returncode == 1 and single and all(f.get("where", "").startswith("white: side ") for f in single)
          and "     where:    white: side " in p.stdout,
          f"each of the {len(single)} swapped colours is located: the side, draw 0's message and words")


def invalid_answers():
    commit = os.path.join(VECTORS, "match_seed_v2", "commit.json")
    nameless = ADAPTERS["python"] + """ | sed -u 's/"name":"pfkit"/"name":""/'"""
    for what, cmd in (("an empty name", nameless), ("a missing adapter", "./no-such-adapter")):
        p = run([PFKIT, "conform", "--cmd", cmd, "--skip", "protocol/implementation", commit])
        check(p.returncode == 1 and "the run fails as a whole" in p.stdout and "passed" not in p.stdout
              and "the run fails as a whole" in p.stderr,
              f"{what}: the run fails as a whole, whatever --skip says")


def report():
    wrong = ADAPTERS["node"] + """ | sed -u 's/"valid":true/"valid":false/'"""
    rel = "poker_hmac_v1/verifyProof.json"
    want = sorted(f"#{c['id']}" for c in cases_of(rel) if (c.get("expect") or {}).get("valid") is True)
    with tempfile.TemporaryDirectory() as tmp:
        html, js = os.path.join(tmp, "r.html"), os.path.join(tmp, "r.json")
        p = run([PFKIT, "conform", "--impl", "go", "--cmd", wrong,
                 "--only", "poker_hmac_v1/verifyProof,match_seed_v2/commit", "--report", html, "--report", js, VECTORS])
        check(p.returncode == 1, "a report with a failing implementation exits 1")
        with open(js, encoding="utf-8") as f:
            doc = json.load(f)
        with open(html, encoding="utf-8") as f:
            page = f.read()
    go, bad = doc["implementations"]
    cell = bad["ops"]["poker_hmac_v1/verifyProof"]
    got = sorted(f["case"][f["case"].rindex("#"):] for f in cell["failures"])
    check(doc["pfkit"] == {"version": VERSION} and doc["exit"] == 1, "the JSON report names the kit's version")
    check(go["totals"]["failed"] == 0 and bad["ops"]["match_seed_v2/commit"]["failed"] == 0,
          "only the wrong op fails")
    check(got == want and cell["failed"] == len(want) and len(want) > 0,
          f"its failing cell holds exactly the {len(want)} cases whose proofs are valid")
    check(all('output.valid: expected true, found false' in f["detail"] for f in cell["failures"]),
          "each failure names the first difference")
    check(page.count("<details>") == 1 and "<script" not in page and "http" not in page.split("</title>", 1)[1],
          "the page has one cell to open, no script and no address")


def skip_subset():
    p = run([PFKIT, "conform", "--skip", "selfpoker_v1", os.path.join(VECTORS, "match_seed_v2", "commit.json")])
    check(p.returncode == 0, "--skip of a scheme the chosen files lack is fine")
    p = run([PFKIT, "conform", "--skip", "selfpoker", os.path.join(VECTORS, "match_seed_v2", "commit.json")])
    check(p.returncode == 2 and p.stdout == "" and "names no scheme or op" in p.stderr, "--skip of nothing is refused")


def timeouts():
    commit = os.path.join(VECTORS, "match_seed_v2", "commit.json")
    # Python holds a piped standard output in a buffer without PYTHONUNBUFFERED.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    unflushed = (f"{PY} -c 'import sys\nfor line in sys.stdin: print(line.strip())'")
    with tempfile.TemporaryDirectory() as tmp:
        pid_file = os.path.join(tmp, "pid")
        for what, cmd in (("never answers", f"sleep 600 & echo $! > {pid_file}; wait"),
                          ("never flushes", f"echo $$ > {pid_file}; exec {unflushed}")):
            start = time.monotonic()
            p = run([PFKIT, "conform", "--timeout", "1s", "--cmd", cmd, commit], env=env, timeout=60)
            took = time.monotonic() - start
            with open(pid_file, encoding="utf-8") as f:
                pid = int(f.read())
            check(p.returncode == 1 and took < 5 and "--timeout 1s passed while waiting for the answer to the "
                  "implementation request" in p.stderr and ended(pid),
                  f"an adapter behind sh -c that {what}: ended with its group at --timeout ({took:.1f}s)")


def ended(pid):
    """Whether the process is gone, or dead and waiting to be reaped by
    whichever process adopted it (a zombie holds no pipe)."""
    for _ in range(100):
        try:
            os.kill(pid, 0)
            with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except (ProcessLookupError, FileNotFoundError):
            return True
        time.sleep(0.05)
    return False


def versions():
    for args, lang in (([PFKIT, "version"], "go"), ([PFKIT, "--version"], "go"),
                       ([PY, "-m", "pfkit", "--version"], "python"),
                       (["node", "node/verify.js", "--version"], "node"),
                       (["node", "node/verify.js", "version"], "node"),
                       (["node", "node/adapter.js", "--version"], "node")):
        env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python", "src"))
        p = run(args, env=env)
        check(p.returncode == 0 and p.stdout.startswith(f"pfkit {VERSION} ({lang})\n") and p.stderr == "",
              " ".join(os.path.basename(a) for a in args) + f" says {VERSION}")
    record = os.path.join(VECTORS, "records", "bridge.json")
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python", "src"))
    verifiers = ([PFKIT, "verify", "--json"], [PY, "-m", "pfkit", "verify", "--json"],
                 ["node", "node/verify.js", "--json"])
    docs = [run(a + [record], env=env).stdout for a in verifiers]
    check(all(json.loads(d)["pfkit"] == {"version": VERSION} for d in docs) and docs[0] == docs[1] == docs[2],
          "verify --json in Go, Python and Node: the same bytes, the kit's version first")


def main():
    for step in (versions, skip_subset, timeouts, old_adapters, unlisted_op, invalid_answers, located, report):
        step()
    if problems:
        print(f"{len(problems)} checks failed")
        return 1
    print("every check holds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
