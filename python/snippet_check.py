#!/usr/bin/env python3
"""Check the published selfpoker_v1 snippet against the test vectors.

    python python/snippet_check.py [FILE ...]      (default: python/snippet.py)

Each FILE holds the snippet's text (the docs tool extracts it from every
locale's page into a temporary file). For every valid case of
vectors/selfpoker_v1/deal.json the snippet runs with its input variables set
to the case's values, and what it computes must equal the case's expected
output; then it runs again with a wrong commit, and its commitment check must
stop it. The snippet's contract, which this relies on:

* top-level assignments ``seed = ...``, ``commit = ...`` and ``players = ...``
  (the inputs, replaced here by each case's values);
* when the commitment does not match, it stops with an exception (SystemExit
  or AssertionError, for example) before dealing;
* otherwise it leaves ``deck`` (52 card ids), ``hands`` (two names a player)
  and ``board`` (five names) as globals, cards named per CARD-4 ("7c", "As";
  the suit symbols of clubs, diamonds, hearts and spades are accepted too);
* and it prints exactly "commitment: matches", "deck: " and the 52 names,
  "player N: " and two names for each player from 1, and "board: " and five
  names, which this check builds from the case's expected output.

One line is printed per case, and a last line "N passed, M failed"; the exit
status is 1 when anything failed.
"""

import ast
import builtins
import contextlib
import io
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SNIPPET = os.path.join(HERE, "snippet.py")
VECTORS = os.path.join(os.path.dirname(HERE), "vectors", "selfpoker_v1", "deal.json")
INPUTS = ("seed", "commit", "players")
SUIT_SYMBOLS = str.maketrans({"\u2663": "c", "\u2666": "d", "\u2665": "h", "\u2660": "s"})


class SnippetError(Exception):
    pass


def with_inputs(tree: ast.Module, values: dict) -> ast.Module:
    """A copy of the snippet whose first top-level assignment to each input
    variable assigns the given value instead."""
    tree = ast.parse(ast.unparse(tree))  # a fresh copy to edit
    missing = set(values)
    for node in tree.body:
        if (isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if len(targets) == 1 and isinstance(targets[0], ast.Name) and targets[0].id in missing:
                node.value = ast.Constant(values[targets[0].id])
                missing.discard(targets[0].id)
    if missing:
        raise SnippetError(f"no top-level assignment to {', '.join(sorted(missing))}")
    return ast.fix_missing_locations(tree)


def run(tree: ast.Module, values: dict, path: str):
    """Execute the snippet with the inputs replaced; return (globals, error, printed lines)."""
    code = compile(with_inputs(tree, values), path, "exec")
    env = {"__name__": "__snippet__", "__builtins__": builtins}
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            exec(code, env)
    except BaseException as e:  # SystemExit included: that is how a check may stop it
        if isinstance(e, KeyboardInterrupt):
            raise
        return env, e, out.getvalue().splitlines()
    return env, None, out.getvalue().splitlines()


def names(value):
    return [str(x).translate(SUIT_SYMBOLS) for x in value]


RANKS, SUITS = "23456789TJQKA", "cdhs"


def expected_lines(expect: dict) -> list:
    """What the snippet must print, from the vector (names by CARD-4)."""
    lines = ["commitment: matches", "deck: " + " ".join(RANKS[c // 4] + SUITS[c % 4] for c in expect["deck"])]
    lines += [f"player {i}: " + " ".join(hand) for i, hand in enumerate(expect["hands"], 1)]
    return lines + ["board: " + " ".join(expect["board"])]


def compare_printed(printed: list, expect: dict) -> list:
    want = expected_lines(expect)
    if printed == want:
        return []
    for n in range(max(len(want), len(printed))):
        w = want[n] if n < len(want) else "(nothing)"
        f = printed[n] if n < len(printed) else "(nothing)"
        if w != f:
            return [f"printed line {n + 1}: expected {w!r}, found {f!r}"]
    return []


def compare(env: dict, expect: dict) -> list:
    problems = []
    got = {}
    for var in ("deck", "hands", "board"):
        if var not in env:
            problems.append(f"the snippet defines no `{var}`")
    if problems:
        return problems
    try:
        got["deck"] = [int(c) for c in env["deck"]]
        got["hands"] = [names(h) for h in env["hands"]]
        got["board"] = names(env["board"])
    except (TypeError, ValueError) as e:
        return [f"cannot read deck, hands and board: {e}"]
    for var in ("deck", "hands", "board"):
        if got[var] != expect[var]:
            problems.append(f"{var}: expected {expect[var]}, found {got[var]}")
    return problems


def wrong_commit(commit: str) -> str:
    # Same length and alphabet, one character changed: only the value is wrong.
    return commit[:-1] + ("0" if commit[-1] != "0" else "1")


def check_file(path: str, cases: list) -> tuple:
    passed = failed = 0
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
    except (OSError, SyntaxError, ValueError) as e:
        print(f"FAIL {path}: cannot read the snippet: {e}")
        return 0, len(cases)
    for case in cases:
        inp, expect = case["input"], case["expect"]
        label = f"deal.json#{case['id']} seed {inp['seed']}, {inp['players']} players"
        values = {"seed": int(inp["seed"]), "commit": expect["commit"], "players": inp["players"]}
        problems = []
        try:
            env, err, printed = run(tree, values, path)
            if err is not None:
                problems.append(f"stopped with {type(err).__name__}: {err}")
            else:
                problems += compare(env, expect)
                problems += compare_printed(printed, expect)
            env, err, printed = run(tree, dict(values, commit=wrong_commit(expect["commit"])), path)
            if err is None:
                problems.append("a wrong commit was accepted: the commitment check did not stop the snippet")
            elif any("matches" in line or line.startswith(("deck", "player", "board")) for line in printed):
                problems.append(f"a wrong commit still printed {printed}")
        except SnippetError as e:
            problems.append(str(e))
        if problems:
            failed += 1
            print(f"FAIL {path}: {label}: " + "; ".join(problems))
        else:
            passed += 1
            print(f"ok   {path}: {label}: deck, hands, board and printout match; a wrong commit is refused")
    return passed, failed


def main(argv=None) -> int:
    files = (sys.argv[1:] if argv is None else argv) or [os.path.relpath(DEFAULT_SNIPPET)]
    if any(a in ("-h", "--help") for a in files):
        print(__doc__.strip())
        return 0
    try:
        with open(VECTORS, encoding="utf-8") as f:
            vectors = json.load(f)
    except (OSError, ValueError) as e:
        print(f"snippet_check: cannot read {VECTORS}: {e}", file=sys.stderr)
        print("0 passed, 1 failed")
        return 1
    # The published snippet deals in pairs, the kit's reading; cases that
    # declare another dealing (READ-2) are for verifiers that take the reading.
    cases = [c for c in vectors["cases"] if "input" in c and "expect" in c
             and c["input"].get("dealing", "pairs") == "pairs"]
    passed = failed = 0
    for path in files:
        p, f = check_file(path, cases)
        passed, failed = passed + p, failed + f
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
