"""The published snippet and its checker."""

import importlib.util
import os
import subprocess
import sys

import pytest

import vectorlib as V

CHECK = os.path.join(V.ROOT, "python", "snippet_check.py")
SNIPPET = os.path.join(V.ROOT, "python", "snippet.py")

pytest.importorskip("numpy")


def check(*files):
    return subprocess.run([sys.executable, CHECK, *files], capture_output=True, text=True, cwd=V.ROOT, timeout=120)


@pytest.fixture(scope="module")
def checker():
    """snippet_check.py loaded in this process, as its main runs from the
    command line: each broken snippet is checked without a process (and a
    NumPy import) of its own."""
    spec = importlib.util.spec_from_file_location("snippet_check", CHECK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def valid_cases() -> int:
    return sum(1 for c in V.load(os.path.join(V.VECTORS, "selfpoker_v1", "deal.json"))["cases"]
               if "expect" in c and "input" in c and c["input"].get("dealing", "pairs") == "pairs")


def test_snippet_passes():
    r = check()
    n = valid_cases()
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.splitlines()[-1] == f"{n} passed, 0 failed" and n >= 7
    assert r.stdout.count("\nok ") + r.stdout.startswith("ok ") == n


def test_snippet_runs_on_its_own():
    r = subprocess.run([sys.executable, SNIPPET], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    # The page's example (seed 1234567890123456789, two players); the deck
    # starts with the hands and the board, in deck order.
    assert lines[0] == "commitment: matches"
    assert lines[1].startswith("deck: 7c 8s 9d 6c Qs 5h Kc 5d 5c ") and len(lines[1].split()) == 53
    assert lines[2:] == ["player 1: 7c 8s", "player 2: 9d 6c", "board: Qs 5h Kc 5d 5c"]


def test_a_copy_elsewhere_is_checked_the_same(tmp_path):
    copy = tmp_path / "from-the-docs.py"
    copy.write_text(open(SNIPPET, encoding="utf-8").read(), encoding="utf-8")
    r = check(str(copy), SNIPPET)
    assert r.returncode == 0 and r.stdout.splitlines()[-1] == f"{2 * valid_cases()} passed, 0 failed"


@pytest.mark.parametrize("old,new", [
    ('"cdhs"', '"cdsh"'),  # suits in the wrong order
    ("[card // 4] + ", "[card % 13] + "),  # the table games' layout instead of CARD-4
    ("name(deck[2 * i]), name(deck[2 * i + 1])", "name(deck[i]), name(deck[i + players])"),  # dealt round the table
    ("raise SystemExit(", "print("),  # a check that does not stop anything
    ('print("deck:", " ".join(name(card) for card in deck))',
     'print("deck:", " ".join(name(card) for card in deck[::-1]))'),
    ('print(f"player {i}:", " ".join(hand))', 'print(f"player {i - 1}:", " ".join(hand))'),
    ('f"selfpoker:{seed}"', 'f"selfpoker{seed}"'),  # the wrong commitment text
])
def test_broken_snippets_fail(tmp_path, capsys, checker, old, new):
    text = open(SNIPPET, encoding="utf-8").read()
    assert old in text
    bad = tmp_path / "bad.py"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert checker.main([str(bad)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == f"0 passed, {valid_cases()} failed"
