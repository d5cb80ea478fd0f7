"""python -m pfkit eval: answer runner requests on stdin (spec section 10)."""

import sys

USAGE = """usage: python -m pfkit eval

Reads runner requests (one JSON object a line) on standard input and writes one
response line each on standard output. PFKIT_SELFPOKER_BACKEND=numpy|python|auto
chooses how selfpoker_v1 decks are computed (default auto: NumPy when importable).
"""


def main(argv) -> int:
    if argv == ["eval"]:
        from .runner import main as run
        return run()
    if argv in (["-h"], ["--help"], ["help"]):
        sys.stdout.write(USAGE)
        return 0
    sys.stderr.write(USAGE)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
