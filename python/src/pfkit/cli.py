"""Command-line arguments as the Go reference reads them.

Flags may come before or after the other arguments, with one dash or two
(``-json``, ``--json``, ``--json=false``); after ``--`` every argument is
positional, and ``-`` alone is positional. ``-h``, ``-help`` and ``--help``
ask for the help. Anything else that starts with a dash is refused.
"""

import os
import signal
import sys

from .escape import line, quoted

# The spellings Go's strconv.ParseBool accepts, for --flag=value.
_BOOLS = {
    "1": True, "t": True, "T": True, "TRUE": True, "true": True, "True": True,
    "0": False, "f": False, "F": False, "FALSE": False, "false": False, "False": False,
}


# How a closed pipe ends a command: as it ends cat, head or Go's pfkit, killed
# by SIGPIPE (a shell shows 141), with nothing said. Never 0: a run cut short
# is not a success (README, "Command-line manners").
CLOSED_PIPE_STATUS = 128 + 13


def quiet_pipe():
    """Lets SIGPIPE end the process (Python ignores it and raises
    BrokenPipeError instead); call it first thing in a command's main."""
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)


def closed_pipe() -> int:
    """Where there is no SIGPIPE: the status to end with after a
    BrokenPipeError, standard output pointed at the null device so that
    Python's last flush says nothing."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return CLOSED_PIPE_STATUS


class HelpRequested(Exception):
    """-h or --help: print the help on standard output and exit 0."""


class UsageError(Exception):
    """Arguments the command does not take: the message and the usage on
    standard error, exit 2."""


def parse(argv, bools=()):
    """Split argv into ({flag: True/False}, [positional]). bools names the
    boolean flags the command takes (without dashes); each starts False."""
    flags = {name: False for name in bools}
    pos = []
    args = list(argv)
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if a == "--":
            pos.extend(args[i:])
            break
        if len(a) < 2 or not a.startswith("-"):
            pos.append(a)
            continue
        body = a[2:] if a.startswith("--") else a[1:]
        name, eq, value = body.partition("=")
        if not name or name.startswith("-") or name.startswith("="):
            raise UsageError(f"bad flag syntax: {a}")
        if name in ("h", "help"):
            raise HelpRequested()
        if name not in flags:
            raise UsageError(f"unknown flag --{name}")
        if not eq:
            flags[name] = True
        elif value in _BOOLS:
            flags[name] = _BOOLS[value]
        else:
            raise UsageError(f"invalid value {quoted(value)} for --{name}: expected true or false")
    return flags, pos


def refuse_arguments(argv, prog, usage):
    """For a command that takes no arguments: the exit status to stop with
    (0 after help, 2 after a stray word or flag), or None to go on."""
    try:
        _, pos = parse(argv)
    except HelpRequested:
        sys.stdout.write(usage)
        return 0
    except UsageError as e:
        sys.stderr.write(line(f"{prog}: {e}") + f"\n\n{usage}")
        return 2
    if pos:
        sys.stderr.write(f"{prog}: unexpected argument {quoted(pos[0])}\n\n{usage}")
        return 2
    return None


def unknown_command(word: str, names, prog: str = "pfkit", help_line: str = "python -m pfkit --help") -> str:
    """The refusal of a first word that names no command: the word alone, the
    command it most resembles, and where the usage is, in two lines (pfkit
    words it alike)."""
    msg = f"{prog}: unknown command {quoted(word)}"
    near = closest(word, names)
    if near:
        msg += f"; did you mean {near}?"
    return line(msg) + "\n" + line(f'run "{help_line}" for usage') + "\n"


def closest(word: str, names) -> str:
    """The name at the least edit distance from word (the first of several),
    when that distance is at most 2 and less than word's length; "" otherwise."""
    best, best_d = "", 3
    for n in names:
        d = edit_distance(word, n)
        if d < best_d and d < len(word):
            best, best_d = n, d
    return best


def edit_distance(a: str, b: str) -> int:
    """The Levenshtein distance between a and b, in characters."""
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[len(b)]
