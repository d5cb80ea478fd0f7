"""python -m pfkit eval | verify: the runner (spec section 10) and the record
verifier (spec section 15)."""

import sys

USAGE = """usage: python -m pfkit eval
       python -m pfkit verify [--json] RECORD...

eval    reads runner requests (one JSON object a line) on standard input and
        writes one response line each on standard output.
verify  checks record files and prints every check, passed or failed, with
        what was expected and found; exit 0 all verified, 1 a check failed,
        2 a record unreadable, 3 a record of an unspecified scheme.

PFKIT_SELFPOKER_BACKEND=numpy|python|auto chooses how selfpoker_v1 decks are
computed (default auto: NumPy when importable).
"""


def main(argv) -> int:
    if argv == ["eval"]:
        from .runner import main as run
        return run()
    if argv[:1] == ["verify"]:
        from .verify_cmd import main as verify
        try:
            return verify(argv[1:])
        except BrokenPipeError:
            return 0
        except KeyboardInterrupt:
            return 130
    if argv in (["-h"], ["--help"], ["help"]):
        sys.stdout.write(USAGE)
        return 0
    sys.stderr.write(USAGE)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
