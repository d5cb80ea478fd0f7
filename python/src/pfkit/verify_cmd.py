"""python -m pfkit verify [--json] RECORD...: check records (spec section 15).

Prints every check of every record, passed or failed, with what the reference
computes and what the record says; exits as REC-2 says.
"""

import json
import sys

from . import escape, records, selfpoker_v1

USAGE = """usage: python -m pfkit verify [--json] RECORD...

Checks each record file (vectors/records/ has examples of every kind) and
prints every check, passed or failed, with what was expected and found.
--json writes one JSON document: {"records": [...], "exit": N}.

Exit status: 0 every record verified; 1 a check failed; 2 a record was
unreadable (or bad usage); 3 a record named an unspecified scheme.
"""

MAX_SHOWN = 10  # mismatches printed per check; --json has them all

def format_result(r: records.FileResult) -> str:
    """The text report of one record. Every line goes through escape.line and
    the file name through escape.text (TXT-2, TXT-3), so nothing in a record
    or its name reaches the terminal as a control or format character."""
    lines = [escape.text(r.path)]
    if r.status == records.UNREADABLE:
        lines.append(f"  UNREADABLE ({r.code}): {r.message}")
    elif r.status == records.UNSPECIFIED:
        lines.append(f"  SCHEME NOT SPECIFIED: {r.message}")
        lines.append("  Nothing was checked: there is no published definition to check the record against.")
    else:
        rep = r.report
        lines.append(f"  {rep.title}")
        width = max((len(c.name) for c in rep.checks), default=0)
        for c in rep.checks:
            lines.append(f"  {'ok  ' if c.ok else 'FAIL'}  {c.name:<{width}}  {c.summary}")
            for i, m in enumerate(c.mismatches):
                if i == MAX_SHOWN:
                    lines.append(f"        … and {len(c.mismatches) - MAX_SHOWN} more")
                    break
                lines.append(f"        {m.where}: expected {m.expected}, record has {m.found}")
        for n in rep.notes:
            lines.append(f"  note: {n}")
        failed = sum(1 for c in rep.checks if not c.ok)
        if failed:
            lines.append(f"  FAILED: {failed} of {len(rep.checks)} checks failed")
        else:
            lines.append(f"  VERIFIED: all {len(rep.checks)} checks hold")
    return "\n".join(escape.line(line) for line in lines)


def _write(out, text: str):
    out.write(text.encode("utf-8", "replace"))


def _verify(path: str, backend) -> records.FileResult:
    try:
        return records.verify_file(path, backend)
    except Exception as e:  # a bug, not a bad record: say so and go on with the next file
        return records.FileResult(path, records.UNREADABLE, code="internal_error",
                                  message=f"internal error in pfkit (please report it): {type(e).__name__}: {e}")


def main(argv, stdout=None, stderr=None) -> int:
    stdout = stdout if stdout is not None else sys.stdout.buffer
    stderr = stderr if stderr is not None else sys.stderr.buffer
    as_json = False
    args = list(argv)
    # Options come first, as in the Go reference: anything after the first
    # path (or after --) is a path.
    while args and args[0].startswith("-") and args[0] != "-":
        opt = args.pop(0)
        if opt == "--":
            break
        if opt in ("--json", "-json"):
            as_json = True
        elif opt in ("-h", "--help", "-help"):
            _write(stdout, USAGE)
            return 0
        else:
            _write(stderr, f"pfkit verify: unknown option {opt}\n\n{USAGE}")
            return 2
    if not args:
        _write(stderr, USAGE)
        return 2
    try:
        backend = selfpoker_v1.resolve_backend()
    except (ValueError, RuntimeError) as e:  # an unusable PFKIT_SELFPOKER_BACKEND
        _write(stderr, f"pfkit verify: {e}\n")
        return 2
    results = [_verify(p, backend) for p in args]
    code = records.exit_code(r.status for r in results)
    if as_json:
        doc = {"records": [r.to_json() for r in results], "exit": code}
        _write(stdout, escape.json_doc(json.dumps(doc, indent=2, ensure_ascii=False)) + "\n")
    else:
        _write(stdout, "\n\n".join(format_result(r) for r in results) + "\n")
    return code
