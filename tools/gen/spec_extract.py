#!/usr/bin/env python3
"""Extract the normative Python of spec/pfkit.md into python/src/pfkit/spec.py.

The spec's ```python blocks are its reference code. Copying them, in order and
unchanged, into a module lets the test suite run the vectors through the spec's
own code, so prose, code and vectors cannot drift apart unnoticed.

    python tools/gen/spec_extract.py           write python/src/pfkit/spec.py
    python tools/gen/spec_extract.py --check   exit 1 when spec.py is out of date

Options --spec and --out choose other paths (the tests use them).
"""

import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_SPEC = os.path.join(ROOT, "spec", "pfkit.md")
DEFAULT_OUT = os.path.join(ROOT, "python", "src", "pfkit", "spec.py")

HEADER = '''\
# GENERATED FILE: DO NOT EDIT.
#
# Generated from spec/pfkit.md by tools/gen/spec_extract.py: the specification's
# ```python blocks, in document order and unchanged. The blocks are normative;
# to change this code, change the specification and run
#     python tools/gen/spec_extract.py
# `python tools/gen/spec_extract.py --check` fails when this file is out of date.
"""The normative reference code of the pfkit specification (spec/pfkit.md)."""
'''

FENCE = re.compile(r"^(```+|~~~+)\s*([A-Za-z0-9_+-]*)\s*$")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


class ExtractError(Exception):
    pass


def blocks(markdown: str):
    """Yield (heading, code) for every python block."""
    heading = ""
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        m = FENCE.match(line)
        if m is None:
            h = HEADING.match(line)
            if h:
                heading = h.group(2)
            i += 1
            continue
        fence, lang = m.group(1), m.group(2).lower()
        start = i + 1
        j = start
        # A fence closes on a line of the same character, at least as long.
        while j < len(lines) and not (
            lines[j].strip().startswith(fence[0] * len(fence)) and set(lines[j].strip()) == {fence[0]}
        ):
            j += 1
        if j == len(lines):
            raise ExtractError(f"line {i + 1}: code block never closed")
        if lang == "python":
            yield heading, "\n".join(lines[start:j])
        i = j + 1


def render(markdown: str) -> str:
    parts = [HEADER]
    count = 0
    for heading, code in blocks(markdown):
        count += 1
        # The section, not the line number: an edit elsewhere in the spec must
        # not make this file stale.
        parts.append(f"\n\n# --- spec/pfkit.md, {heading} ---\n\n{code.rstrip()}\n")
    if count == 0:
        raise ExtractError("no ```python blocks found")
    text = "".join(parts)
    # Refuse to write code that does not even compile: the spec would be broken.
    compile(text, "spec.py", "exec")
    return text


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when the output is out of date; write nothing")
    ap.add_argument("--spec", default=DEFAULT_SPEC, help="the specification (default: spec/pfkit.md)")
    ap.add_argument("--out", default=DEFAULT_OUT, help="the module to write (default: python/src/pfkit/spec.py)")
    args = ap.parse_args(argv)
    try:
        with open(args.spec, encoding="utf-8") as f:
            text = render(f.read())
    except (OSError, ExtractError, SyntaxError) as e:
        print(f"spec_extract: {args.spec}: {e}", file=sys.stderr)
        return 2
    try:
        with open(args.out, encoding="utf-8", newline="") as f:
            current = f.read()
    except FileNotFoundError:
        current = None
    if args.check:
        if current != text:
            why = "is missing" if current is None else "differs from the spec's python blocks"
            print(f"spec_extract: {os.path.relpath(args.out)} {why}; run python tools/gen/spec_extract.py",
                  file=sys.stderr)
            return 1
        print(f"spec_extract: {os.path.relpath(args.out)} is up to date")
        return 0
    if current != text:
        with open(args.out, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        print(f"spec_extract: wrote {os.path.relpath(args.out)}")
    else:
        print(f"spec_extract: {os.path.relpath(args.out)} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
