"""python -m pfkit verify [--json] RECORD...: check records (spec section 15).

Prints every check of every record, passed or failed, with what the reference
computes and what the record says; exits as REC-2 says.
"""

import json
import sys

from . import cli, escape
from .errors import FILE_UNREADABLE
from .version import __version__
from .words import text

USAGE = """usage: python -m pfkit verify [--json] RECORD...

Checks each record file (vectors/records/ has examples of every kind) and
prints every check, passed or failed, with what was expected and found. A
file that cannot be read (missing, a directory, no permission) is named on
standard error; --json lists it too, with the code file_unreadable. - reads
one record from standard input (once), and the report names it -.
--json writes one JSON document: {"pfkit": {"version": V}, "records": [...],
"exit": N}.
Flags may come before or after the file names; after -- every argument is a
file name.

Exit status: 0 every record verified; 1 a check failed; 2 a record or file
was unreadable (or bad usage); 3 a record named an unspecified scheme. For
several records, the first of 1, 2 and 3 that applies.
"""

# The records and what they import are imported once the command line is
# accepted (in main, first): its help and refusals are answered without them,
# in a third of the time.


def format_result(r) -> str:
    """The text report of one record (a records.FileResult). Every line goes
    through escape.line and the file name through escape.text (TXT-2, TXT-3),
    so nothing in a record or its name reaches the terminal as a control or
    format character."""
    from . import records
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
            for m in c.mismatches:
                lines.append("        " + text("cli.report.mismatch", where=m.where, expected=m.expected,
                                                 found=m.found))
            if c.more:  # REC-10
                lines.append("        " + text("cli.report.more", n=c.more))
        for n in rep.notes:
            lines.append("  " + text("cli.report.note", note=n))
        failed = sum(1 for c in rep.checks if not c.ok)
        if failed:
            lines.append("  " + text("cli.report.failed", failed=failed, total=len(rep.checks)))
        else:
            lines.append("  " + text("cli.report.verified", n=len(rep.checks)))
    return "\n".join(escape.line(line) for line in lines)


def stdin_twice(n: int) -> str:
    """The refusal of - named n times, in the words of pfkit verify."""
    return f"- (standard input) can be named once, found {n} times"


def _write(out, text: str):
    out.write(text.encode("utf-8", "replace"))


def _verify(path: str, backend):
    from . import records
    try:
        return records.verify_file(path, backend)
    except Exception as e:  # a bug, not a bad record: say so and go on with the next file
        return records.FileResult(path, records.UNREADABLE, code="internal_error",
                                  message=f"internal error in pfkit (please report it): {type(e).__name__}: {e}")


def main(argv, stdout=None, stderr=None) -> int:
    stdout = stdout if stdout is not None else sys.stdout.buffer
    stderr = stderr if stderr is not None else sys.stderr.buffer
    try:
        flags, args = cli.parse(argv, bools=("json",))
    except cli.HelpRequested:
        _write(stdout, USAGE)
        return 0
    except cli.UsageError as e:
        _write(stderr, escape.line(f"pfkit verify: {e}") + f"\n\n{USAGE}")
        return 2
    as_json = flags["json"]
    if not args:
        _write(stderr, f"pfkit verify: expected at least one RECORD\n\n{USAGE}")
        return 2
    from . import records, selfpoker_v1
    stdin_count = args.count(records.STDIN_NAME)
    if stdin_count > 1:
        _write(stderr, escape.line(f"pfkit verify: {stdin_twice(stdin_count)}") + f"\n\n{USAGE}")
        return 2
    try:
        backend = selfpoker_v1.chosen_backend()
    except (ValueError, RuntimeError) as e:  # an unusable PFKIT_SELFPOKER_BACKEND
        _write(stderr, f"pfkit verify: {e}\n")
        return 2
    results = []
    for p in args:
        r = _verify(p, backend)
        results.append(r)
        # A file that cannot be read is not a record: it is named on standard
        # error, and only --json lists it among the records.
        if r.code == FILE_UNREADABLE:
            _write(stderr, escape.line(f"pfkit verify: {escape.text(p)}: {r.code}: {r.message}") + "\n")
    code = records.exit_code(r.status for r in results)
    if as_json:
        doc = {"pfkit": {"version": __version__}, "records": [r.to_json() for r in results], "exit": code}
        _write(stdout, escape.json_doc(json.dumps(doc, indent=2, ensure_ascii=False)) + "\n")
    else:
        shown = [format_result(r) for r in results if r.code != FILE_UNREADABLE]
        if shown:
            _write(stdout, "\n\n".join(shown) + "\n")
    return code
