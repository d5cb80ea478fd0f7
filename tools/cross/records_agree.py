#!/usr/bin/env python3
"""Check that the three record verifiers agree on every example record.

Runs `pfkit verify --json`, `python -m pfkit verify --json` and
`node node/verify.js --json` on every file of vectors/records/ (or the files
given) and requires the same bytes from each: the same document, status,
error code and message (REF-1 to REF-5, SCH-1 to SCH-3), checks, mismatches
and notes for every record (REC-9 asks only for the status and the mismatch
pointers; the kit holds its implementations to every byte).

Then the text reports (TXT-1 to TXT-3), on the same files, on hostile records
made here (a byte-order mark, a repeated key, data after the record, a record
cut short, nesting past 64, eight unknown members, unknown members holding
the code points whose escaping once followed each runtime's Unicode tables)
and on copies of examples under hostile names (a carriage return and ANSI
escapes drawing a fake verdict, U+202E, a zero-width space, quotes and
backslashes, bytes that are not UTF-8): the three print the same bytes, in
text and in JSON, and no output may hold a control or format character other
than the line feeds (nor may the line that names an unreadable file on
standard error).

    python3 tools/cross/records_agree.py [-v] [RECORD...]

Prints each disagreement, and `N passed, M failed` last; with -v (or
VERBOSE=1 in the environment, as in `make records-agree VERBOSE=1`) also one
line for each record that agrees. Exit 1 on any disagreement. Standard
library only.
"""

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VERBOSE = os.environ.get("VERBOSE", "") not in ("", "0")


def python_cmd():
    venv = os.path.join(ROOT, "python", ".venv", "bin", "python")
    return [venv if os.path.exists(venv) else sys.executable, "-m", "pfkit", "verify", "--json"]


VERIFIERS = {
    "go": [os.path.join(ROOT, "bin", "pfkit"), "verify", "--json"],
    "python": python_cmd(),
    "node": ["node", os.path.join(ROOT, "node", "verify.js"), "--json"],
}


def env():
    return dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python", "src"))


def run(name, files):
    proc = subprocess.run(VERIFIERS[name] + files, cwd=ROOT, capture_output=True, text=True, env=env())
    try:
        doc = json.loads(proc.stdout)
    except ValueError:
        raise SystemExit(f"{name}: no JSON document (exit {proc.returncode}): {proc.stderr.strip()[:500]}") from None
    if doc.get("exit") != proc.returncode:
        raise SystemExit(f"{name}: the document says exit {doc.get('exit')}, the process exited {proc.returncode}")
    return doc


def comparable(answer):
    """One record's answer, every member (the messages too)."""
    return answer


# Copies of examples under names that try to steer the terminal (TXT-2 shows
# file names escaped): (example, name).
HOSTILE_NAMES = [
    ("bridge.json", "fake\r\x1b[2K  VERIFIED: all 5 checks hold\x1b[8m.json"),
    ("bridge.tampered.json", "\u202enosj.deifirev"),
    ("selfpoker.duplicate.json", "zero\u200bwidth \u2066isolate\u2069.json"),
    ("hostile-fake-verified.json", 'quote"back\\slash\u0085next line.json'),
    ("poker-leave.duplicate.json", "tag\U000e0041 and \ufffd.json"),
]
# Names that are not UTF-8: each invalid byte is one U+FFFD (TXT-2), and the
# file they name is the one opened (Node reads its arguments as bytes).
BYTES_NAMES = [("selfpoker.json", b"not-utf8-\xff\xe2\x82.json"), ("selfpoker.tampered.json", b"bad-\xff\xfe.json"),
               ("bridge.json", b"ends-in-\xe2\x82")]

# Code points whose escaping once followed each runtime's Unicode version
# (TXT-1 fixes the list).
ISSUE_CODE_POINTS = "\u0897\u0cf3\U00013440\U0001fae9\U0001cc00\u3164\ufe0f\U000e0100\u180b\u17b4\u034f\x1b\u202e"


def hostile_records(tmp):
    """Records every reader must refuse in the spec's words (REF-2, SCH-2)."""
    sp = open(os.path.join(ROOT, "vectors", "records", "selfpoker.json"), "rb").read().strip()
    doc = json.loads(sp)
    unknown = dict(doc, **{k: 1 for k in ("omega", "beta", "zeta", "alpha", "kappa", "delta", "gamma", "mu")})
    made = {
        "refuse-bom.json": b"\xef\xbb\xbf" + sp,
        "refuse-duplicate.json": sp[:-1] + b',"kind":"hand_end"}',
        "refuse-trailing.json": sp + b" x",
        "refuse-truncated.json": sp[:50],
        "refuse-deep.json": b"[" * 65 + b"]" * 65,
        "refuse-eight-unknown.json": json.dumps(unknown).encode(),
        "refuse-unknown-code-points.json": json.dumps(
            dict(doc, **{f"A{c}B": 1 for c in ISSUE_CODE_POINTS}), ensure_ascii=False).encode(),
        "refuse-scheme-code-points.json": json.dumps(
            dict(doc, scheme="selfpoker_v1" + ISSUE_CODE_POINTS), ensure_ascii=False).encode(),
    }
    paths = []
    for name, data in made.items():
        with open(os.path.join(tmp, name), "wb") as f:
            f.write(data)
        paths.append(os.path.join(tmp, name))
    return paths

# What must never reach the terminal raw: an independent reading of TXT-1's
# set from this Python's Unicode tables (controls, format characters, line and
# paragraph separators) and U+FFFD.
def hidden_in(text: str) -> list:
    return sorted({f"U+{ord(c):04X}" for c in text
                   if c != "\n" and (unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") or c == "\ufffd")})


def text_report(name, files, json_doc=False) -> bytes:
    cmd = [c for c in VERIFIERS[name] if json_doc or c != "--json"]
    return subprocess.run(cmd + files, cwd=ROOT, capture_output=True, env=env()).stdout


def compare_text(files) -> int:
    tmp = tempfile.mkdtemp(prefix="pfkit-text-")
    try:
        hostile = []
        for example, name in HOSTILE_NAMES:
            shutil.copy(os.path.join(ROOT, "vectors", "records", example), os.path.join(tmp, name))
            hostile.append(os.path.join(tmp, name))
        bytes_paths = []
        for example, raw in BYTES_NAMES:
            bytes_paths.append(os.path.join(os.fsencode(tmp), raw))
            shutil.copy(os.path.join(ROOT, "vectors", "records", example), bytes_paths[-1])
        refusals = hostile_records(tmp)
        args = files + hostile + refusals
        out = {name: text_report(name, args) for name in VERIFIERS}
        out_json = {name: text_report(name, refusals + hostile, json_doc=True) for name in VERIFIERS}
        out_bytes = {name: text_report(name, bytes_paths) + text_report(name, bytes_paths, json_doc=True)
                     for name in VERIFIERS}
        twice = text_report("go", refusals[5:6])
        if twice != text_report("go", refusals[5:6]):
            raise SystemExit("DIFFER text: go words eight unknown members differently from run to run")
    finally:
        shutil.rmtree(tmp)
    failed = 0
    for name, data in list(out.items()) + [(n + " (a name not UTF-8)", d) for n, d in out_bytes.items()] + [
            (n + " (--json)", d) for n, d in out_json.items()]:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            failed += 1
            print(f"DIFFER text: {name} writes bytes that are not UTF-8: {e}")
            continue
        if hidden_in(text):
            failed += 1
            print(f"DIFFER text: {name} lets {', '.join(hidden_in(text))} reach the terminal")
    for what, outs in (("text reports", out), ("JSON reports of refusals and hostile names", out_json),
                       ("reports of names that are not UTF-8", out_bytes)):
        for name in ("node", "python"):
            if outs[name] != outs["go"]:
                failed += 1
                print(f"DIFFER text: {name}'s {what} differ from go's")
                show_first_difference(outs["go"], outs[name])
    # A file that cannot be read is named on standard error: escaped too.
    missing = os.path.join(tmp, "missing\r\x1b[2K\u202e.json")
    for name in VERIFIERS:
        cmd = [c for c in VERIFIERS[name] if c != "--json"]
        err = subprocess.run(cmd + [missing], cwd=ROOT, capture_output=True, env=env()).stderr
        err = err.decode("utf-8", "replace")
        if hidden_in(err) or "missing\\u{000D}\\u{001B}[2K\\u{202E}.json: file_unreadable" not in err:
            failed += 1
            print(f"DIFFER text: {name} names an unreadable file on standard error as {err.strip()!r}")
    if not failed and VERBOSE:
        print(f"ok     text reports of {len(args)} records ({len(hostile)} under hostile names, "
              f"{len(refusals)} refused in the spec's words) and {len(BYTES_NAMES)} names that are not UTF-8, "
              "text and JSON, byte for byte in "
              "go, node and python; no control or format character")
    return failed


def show_first_difference(a: bytes, b: bytes):
    for i, (x, y) in enumerate(zip(a.split(b"\n"), b.split(b"\n"))):
        if x != y:
            print(f"  line {i + 1}:\n    {x!r}\n    {y!r}")
            return
    print(f"  one output is longer: {len(a)} and {len(b)} bytes")


def main():
    global VERBOSE
    args = sys.argv[1:]
    if "-v" in args:
        VERBOSE = True
        args = [a for a in args if a != "-v"]
    files = args or sorted(glob.glob(os.path.join(ROOT, "vectors", "records", "*.json")))
    files = [os.path.relpath(f, ROOT) for f in files]
    missing = [n for n, cmd in VERIFIERS.items() if cmd[0] != "node" and not os.path.exists(cmd[0])]
    if not os.path.exists(VERIFIERS["node"][1]):
        missing.append("node (node/verify.js)")
    if missing:
        raise SystemExit(f"missing verifiers: {', '.join(missing)} (run make bin setup)")
    docs = {name: run(name, files) for name in VERIFIERS}
    passed = failed = 0
    raw = {name: text_report(name, files, json_doc=True) for name in VERIFIERS}
    for name in ("node", "python"):
        if raw[name] != raw["go"]:
            failed += 1
            print(f"DIFFER json: {name}'s --json document differs from go's")
            show_first_difference(raw["go"], raw[name])
    for i, f in enumerate(files):
        answers = {name: comparable(doc["records"][i]) for name, doc in docs.items()}
        ref = answers["go"]
        differ = [name for name, a in answers.items() if a != ref]
        status = ref["status"] + (" (" + ref["error"]["code"] + ")" if "error" in ref else "")
        if differ:
            failed += 1
            print(f"DIFFER {f}: go says {status}; {', '.join(differ)} differ")
            for name in differ:
                print(f"  {name}: {json.dumps(answers[name])[:400]}")
        else:
            passed += 1
            if VERBOSE:
                print(f"ok     {f}: {status} in go, python and node")
    exits = {name: doc["exit"] for name, doc in docs.items()}
    if len(set(exits.values())) != 1:
        failed += 1
        print(f"DIFFER exit codes: {exits}")
    text_failed = compare_text(files)
    failed += text_failed
    passed += 0 if text_failed else 1
    print(f"{passed} passed, {failed} failed (records-agree: {len(files)} records, then the text reports; "
          "go, python and node)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
