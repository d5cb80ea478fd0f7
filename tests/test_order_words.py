"""A listed order that is not one of the set's pieces (READ-10, READ-11) is
refused by the three runners in the same words, from the catalog
(cli.refusal.noPiece, cli.refusal.pieceCount): every order case of the match
vectors is sent to `pfkit eval --impl go`, `node` and `python`, and the
messages are compared byte for byte, two of them with the text written here
by hand. RUN-2 compares codes only, so this is the test that holds the words.
Run by `make docs-test`; pfkit is bin/pfkit (PFKIT_BIN names another)."""

import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PFKIT = os.environ.get("PFKIT_BIN") or os.path.join(ROOT, "bin", "pfkit")
VECTORS = os.path.join(ROOT, "vectors", "match_seed_v2", "match.json")


def order_requests():
    """The runner requests of the match cases refused for their listed wall or deck."""
    with open(VECTORS, encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    out = []
    for c in cases:
        play = c.get("input", {}).get("play")
        listed = [v for k, v in play.items() if k in ("mahjongWall", "balootDeck")] if isinstance(play, dict) else []
        names_only = all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in listed)
        if c.get("error") == "unknown_reading" and listed and names_only:
            out.append({"id": str(c["id"]), "scheme": "match_seed_v2", "op": "match", "input": c["input"]})
    return out


def answers(impl, requests):
    lines = "".join(json.dumps(r) + "\n" for r in requests)
    p = subprocess.run([PFKIT, "eval", "--impl", impl], input=lines, capture_output=True, text=True, timeout=120,
                       cwd=ROOT)
    assert p.returncode == 0, p.stderr
    return {a["id"]: a["error"] for a in map(json.loads, p.stdout.splitlines())}


def test_three_runners_word_an_order_alike():
    requests = order_requests()
    assert len(requests) >= 4, "the vectors hold order cases: a wall and a deck, a name of no piece and a count"
    go, node, python = (answers(impl, requests) for impl in ("go", "node", "python"))
    assert go == node == python
    assert go["46"] == {"code": "unknown_reading",
                        "message": 'input.play.mahjongWall: not an order of the 136 pieces: '
                                   '"F1" is no piece of this deck'}
    assert go["45"] == {"code": "unknown_reading",
                        "message": 'input.play.mahjongWall: not an order of the 136 pieces: '
                                   'expected "1m" 4 times, found it 5 times'}
