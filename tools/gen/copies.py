"""Writes, or checks, the generated copies a generator computes: the one loop
schemas_gen.py, tables_gen.py and words/catalog.py share. A copy is stale when the file differs
from what the generator gives today, or is missing."""

import os


def sync(root: str, want: dict, check: bool) -> list:
    """The relative paths of want (path -> text) whose file under root is
    stale, in want's order; unless check, each is written anew."""
    stale = []
    for rel, text in want.items():
        path = os.path.join(root, rel)
        try:
            with open(path, encoding="utf-8") as f:
                have = f.read()
        except FileNotFoundError:
            have = None
        if have == text:
            continue
        stale.append(rel)
        if not check:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    return stale
