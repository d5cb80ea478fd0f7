#!/usr/bin/env python3
"""Check that the three record verifiers agree on every example record.

Runs `pfkit verify --json`, `python -m pfkit verify --json` and
`node node/verify.js --json` on every file of vectors/records/ (or the files
given) and requires the same JSON document from each: the same status, error
code, checks, mismatches and notes for every record (REC-9 asks only for the
status and the mismatch pointers; the kit holds its implementations to more).
Error messages are free text and are not compared; their codes are.

Then the text reports (TXT-1 to TXT-3), on the same files and on copies of
examples under hostile names (a carriage return and ANSI escapes drawing a
fake verdict, U+202E, a zero-width space, quotes and backslashes, a byte that
is not UTF-8): Go and Node must print the same bytes; Python the same bytes
too, except the wording after `UNREADABLE (malformed_request): `, which comes
from its JSON reader (built on the json module); and no output may
hold a control or format character other than the line feeds (nor may the
line that names an unreadable file on standard error).

Prints one line per record and `N passed, M failed` last; exit 1 on any
disagreement. Standard library only.
"""

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


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
    """One record's answer without the free text of an error message."""
    a = dict(answer)
    if "error" in a:
        a["error"] = {"code": a["error"]["code"]}
    return a


# Copies of examples under names that try to steer the terminal (TXT-2 shows
# file names escaped): (example, name).
HOSTILE_NAMES = [
    ("bridge.json", "fake\r\x1b[2K  VERIFIED: all 5 checks hold\x1b[8m.json"),
    ("bridge.tampered.json", "\u202enosj.deifirev"),
    ("selfpoker.duplicate.json", "zero\u200bwidth \u2066isolate\u2069.json"),
    ("hostile-fake-verified.json", 'quote"back\\slash\u0085next line.json'),
    ("poker-leave.duplicate.json", "tag\U000e0041 and \ufffd.json"),
]
# A name that is not UTF-8: Go and Python read the file; Node receives its
# arguments already decoded and cannot open it, so it is left out there.
BYTES_NAME = ("selfpoker.json", b"not-utf8-\xff\xe2\x82.json")

# What must never reach the terminal raw: an independent reading of TXT-1's
# set from this Python's Unicode tables (controls, format characters, line and
# paragraph separators) and U+FFFD.
def hidden_in(text: str) -> list:
    return sorted({f"U+{ord(c):04X}" for c in text
                   if c != "\n" and (unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") or c == "\ufffd")})


def text_report(name, files) -> bytes:
    cmd = [c for c in VERIFIERS[name] if c != "--json"]
    return subprocess.run(cmd + files, cwd=ROOT, capture_output=True, env=env()).stdout


def free_wording(line: str) -> str:
    """A line with the wording of Python's own JSON reader cut off."""
    for code in ("malformed_request",):
        prefix = f"  UNREADABLE ({code}): "
        if line.startswith(prefix):
            return prefix
    return line


def compare_text(files) -> int:
    tmp = tempfile.mkdtemp(prefix="pfkit-text-")
    try:
        hostile = []
        for example, name in HOSTILE_NAMES:
            shutil.copy(os.path.join(ROOT, "vectors", "records", example), os.path.join(tmp, name))
            hostile.append(os.path.join(tmp, name))
        example, raw = BYTES_NAME
        bytes_path = os.path.join(os.fsencode(tmp), raw)
        shutil.copy(os.path.join(ROOT, "vectors", "records", example), bytes_path)
        args = files + hostile
        out = {name: text_report(name, args) for name in VERIFIERS}
        out_bytes = {name: text_report(name, [bytes_path]) for name in ("go", "python")}
    finally:
        shutil.rmtree(tmp)
    failed = 0
    for name, data in list(out.items()) + [(n + " (a name not UTF-8)", d) for n, d in out_bytes.items()]:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            failed += 1
            print(f"DIFFER text: {name} writes bytes that are not UTF-8: {e}")
            continue
        if hidden_in(text):
            failed += 1
            print(f"DIFFER text: {name} lets {', '.join(hidden_in(text))} reach the terminal")
    if out["node"] != out["go"]:
        failed += 1
        print("DIFFER text: node's text reports differ from go's")
        show_first_difference(out["go"], out["node"])
    go_lines = [free_wording(ln) for ln in out["go"].decode("utf-8", "replace").split("\n")]
    py_lines = [free_wording(ln) for ln in out["python"].decode("utf-8", "replace").split("\n")]
    if go_lines != py_lines:
        failed += 1
        print("DIFFER text: python's text reports differ from go's")
        show_first_difference("\n".join(go_lines).encode(), "\n".join(py_lines).encode())
    if out_bytes["go"] != out_bytes["python"]:
        failed += 1
        print("DIFFER text: a file name that is not UTF-8 is shown differently by go and python")
        show_first_difference(out_bytes["go"], out_bytes["python"])
    # A file that cannot be read is named on standard error: escaped too.
    missing = os.path.join(tmp, "missing\r\x1b[2K\u202e.json")
    for name in VERIFIERS:
        cmd = [c for c in VERIFIERS[name] if c != "--json"]
        err = subprocess.run(cmd + [missing], cwd=ROOT, capture_output=True, env=env()).stderr
        err = err.decode("utf-8", "replace")
        if hidden_in(err) or "missing\\u{000D}\\u{001B}[2K\\u{202E}.json: file_unreadable" not in err:
            failed += 1
            print(f"DIFFER text: {name} names an unreadable file on standard error as {err.strip()!r}")
    if not failed:
        print(f"ok     text reports of {len(args)} records ({len(hostile)} under hostile names) byte for byte in "
              "go, node and python; a name that is not UTF-8 alike in go and python; no control or format character")
    return failed


def show_first_difference(a: bytes, b: bytes):
    for i, (x, y) in enumerate(zip(a.split(b"\n"), b.split(b"\n"))):
        if x != y:
            print(f"  line {i + 1}:\n    {x!r}\n    {y!r}")
            return
    print(f"  one output is longer: {len(a)} and {len(b)} bytes")


def main():
    files = sys.argv[1:] or sorted(glob.glob(os.path.join(ROOT, "vectors", "records", "*.json")))
    files = [os.path.relpath(f, ROOT) for f in files]
    missing = [n for n, cmd in VERIFIERS.items() if cmd[0] != "node" and not os.path.exists(cmd[0])]
    if not os.path.exists(VERIFIERS["node"][1]):
        missing.append("node (node/verify.js)")
    if missing:
        raise SystemExit(f"missing verifiers: {', '.join(missing)} (run make bin setup)")
    docs = {name: run(name, files) for name in VERIFIERS}
    passed = failed = 0
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
            print(f"ok     {f}: {status} in go, python and node")
    exits = {name: doc["exit"] for name, doc in docs.items()}
    if len(set(exits.values())) != 1:
        failed += 1
        print(f"DIFFER exit codes: {exits}")
    text_failed = compare_text(files)
    failed += text_failed
    passed += 0 if text_failed else 1
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
