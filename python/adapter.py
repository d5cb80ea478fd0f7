#!/usr/bin/env python3
"""The pfkit runner adapter (spec section 10.2).

`pfkit conform --impl python` starts this script from the repository root. It
makes the package importable from python/src without installing it, then
answers one response line per request line on stdin, flushing each, and exits 0
at the end of its input.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))

from pfkit import cli  # noqa: E402
from pfkit.version import __version__  # noqa: E402

USAGE = """usage: python3 python/adapter.py < requests.jsonl

The Python implementation's runner adapter (spec section 10.2): one response
line for each request line on standard input. Takes no arguments; pfkit
conform --impl python starts it. --version prints the kit's version.
"""


def adapter(argv) -> int:
    if argv in (["--version"], ["-version"]):
        sys.stdout.write(f"pfkit {__version__} (python)\n")
        return 0
    stop = cli.refuse_arguments(argv, "python/adapter.py", USAGE)
    if stop is not None:
        return stop
    from pfkit.runner import main  # the schemes, once there are requests to answer
    return main()


if __name__ == "__main__":
    cli.quiet_pipe()
    try:
        code = adapter(sys.argv[1:])
    except BrokenPipeError:
        code = cli.closed_pipe()
    sys.exit(code)
