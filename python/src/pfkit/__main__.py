"""python -m pfkit eval | verify: the runner (spec section 10) and the record
verifier (spec section 15)."""

import sys

from . import cli
from .version import __version__

USAGE = """usage: python -m pfkit eval
       python -m pfkit verify [--json] RECORD...
       python -m pfkit version
       python -m pfkit help [COMMAND]

eval    reads runner requests (one JSON object a line) on standard input and
        writes one response line each on standard output.
verify  checks record files and prints every check, passed or failed, with
        what was expected and found; exit 0 all verified, 1 a check failed,
        2 a record or file unreadable, 3 a record of an unspecified scheme
        (for several records, the first of 1, 2, 3 that applies).
version prints the kit's version (also --version).

Flags may come before or after file names; python -m pfkit COMMAND --help
describes one command.

PFKIT_SELFPOKER_BACKEND=numpy|python|auto chooses how selfpoker_v1 decks are
computed (default auto: NumPy when importable).
"""

EVAL_USAGE = """usage: python -m pfkit eval

Reads runner requests (one JSON object a line) on standard input and writes
one response line each on standard output, flushed as it is written (spec
section 10). Takes no arguments.
"""


def _eval(argv) -> int:
    stop = cli.refuse_arguments(argv, "pfkit eval", EVAL_USAGE)
    if stop is not None:
        return stop
    from .runner import main as run
    return run()


def _verify(argv) -> int:
    from .verify_cmd import main as verify
    try:
        return verify(argv)
    except BrokenPipeError:
        return cli.closed_pipe()
    except KeyboardInterrupt:
        return 130


VERSION_USAGE = """usage: python -m pfkit version

Prints the kit's version (also python -m pfkit --version). Takes no
arguments.
"""


def _version(argv) -> int:
    stop = cli.refuse_arguments(argv, "pfkit version", VERSION_USAGE)
    if stop is not None:
        return stop
    sys.stdout.write(f"pfkit {__version__} (python)\n")
    return 0


COMMANDS = {"eval": _eval, "verify": _verify, "version": _version}


def main(argv) -> int:
    if not argv:
        sys.stderr.write(USAGE)
        return 2
    if argv[0] in COMMANDS:
        return COMMANDS[argv[0]](argv[1:])
    if argv in (["-version"], ["--version"]):
        return _version([])
    if (argv in (["-h"], ["-help"], ["--help"], ["help"])
            or (argv[0] == "help" and argv[1:] in (["-h"], ["-help"], ["--help"]))):
        sys.stdout.write(USAGE)
        return 0
    if argv[0] == "help" and len(argv) == 2 and argv[1] in COMMANDS:
        return COMMANDS[argv[1]](["--help"])
    if argv[0] == "help" and len(argv) > 1:
        sys.stderr.write(cli.unknown_command(argv[1], list(COMMANDS), prog="pfkit help"))
        return 2
    sys.stderr.write(cli.unknown_command(argv[0], [*COMMANDS, "help"]))
    return 2


if __name__ == "__main__":
    cli.quiet_pipe()
    try:
        code = main(sys.argv[1:])
    except BrokenPipeError:
        code = cli.closed_pipe()
    sys.exit(code)
