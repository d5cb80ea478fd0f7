#!/usr/bin/env python3
"""Check that the three record verifiers agree on every example record.

Runs `pfkit verify --json`, `python -m pfkit verify --json` and
`node node/verify.js --json` on every file of vectors/records/ (or the files
given) and requires the same JSON document from each: the same status, error
code, checks, mismatches and notes for every record (REC-9 asks only for the
status and the mismatch pointers; the kit holds its implementations to more).
Error messages are free text and are not compared; their codes are.

Prints one line per record and `N passed, M failed` last; exit 1 on any
disagreement. Standard library only.
"""

import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def python_cmd():
    venv = os.path.join(ROOT, "python", ".venv", "bin", "python")
    return [venv if os.path.exists(venv) else sys.executable, "-m", "pfkit", "verify", "--json"]


VERIFIERS = {
    "go": [os.path.join(ROOT, "bin", "pfkit"), "verify", "--json"],
    "python": python_cmd(),
    "node": ["node", os.path.join(ROOT, "node", "verify.js"), "--json"],
}


def run(name, files):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python", "src"))
    proc = subprocess.run(VERIFIERS[name] + files, cwd=ROOT, capture_output=True, text=True, env=env)
    try:
        doc = json.loads(proc.stdout)
    except ValueError:
        raise SystemExit(f"{name}: no JSON document (exit {proc.returncode}): {proc.stderr.strip()[:500]}")
    if doc.get("exit") != proc.returncode:
        raise SystemExit(f"{name}: the document says exit {doc.get('exit')}, the process exited {proc.returncode}")
    return doc


def comparable(answer):
    """One record's answer without the free text of an error message."""
    a = dict(answer)
    if "error" in a:
        a["error"] = {"code": a["error"]["code"]}
    return a


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
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
