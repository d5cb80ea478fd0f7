"""The command line of tools/docs/docs.py: check, sync, extract, run."""

import argparse
import os

from .check import cmd_check
from .run import cmd_extract, cmd_run
from .sync import cmd_sync

DEFAULT_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def main(argv=None):
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--root", default=argparse.SUPPRESS,
                        help="repository root to work on (default: the one holding this tool)")
    parser = argparse.ArgumentParser(prog="docs.py", parents=[common],
                                     description="Check and sync the snippets and facts of spec/pages/.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    sub.add_parser("check", parents=[common], help="copies, snippet order, facts, markers and links")
    sub.add_parser("sync", parents=[common], help="rewrite every embedded copy from its canonical file")
    p = sub.add_parser("extract", parents=[common], help="write the embedded copies to DIR")
    p.add_argument("dir", metavar="DIR")
    sub.add_parser("run", parents=[common], help="extract, then run the snippet checkers")
    args = parser.parse_args(argv)
    root = os.path.abspath(getattr(args, "root", DEFAULT_ROOT))
    if args.command == "check":
        return cmd_check(root)
    if args.command == "sync":
        return cmd_sync(root)
    if args.command == "extract":
        return cmd_extract(root, args.dir)
    return cmd_run(root)
