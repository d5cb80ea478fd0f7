"""The three runners refuse bad requests in the same words. Every vector case
that expects an error (about 640 of them, every scheme and op) is sent to
`pfkit eval --impl go`, `node` and `python`, and the answers, code and
message, are compared byte for byte; a few messages are also held to the text
written here by hand: a listed order that is no order of the set (READ-10,
READ-11, from the catalog's cli.refusal.noPiece and .pieceCount), a character
an identifier may not hold, a missing field with the fields expected and
found, a chess opponent half a bot. RUN-2 compares codes only, so a port may
word its messages as it likes; this test holds the kit's own three to one.
Run by `make docs-test`; pfkit is bin/pfkit (PFKIT_BIN names another)."""

import glob
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PFKIT = os.environ.get("PFKIT_BIN") or os.path.join(ROOT, "bin", "pfkit")

# Messages written by hand, by case (scheme/op/id).
BY_HAND = {
    "match_seed_v2/match/45": 'input.play.mahjongWall: not an order of the 136 pieces: expected "1m" 4 times, '
                              'found it 5 times',
    "match_seed_v2/match/46": 'input.play.mahjongWall: not an order of the 136 pieces: "F1" is no piece of this deck',
    "match_seed_v2/match/48": 'input.play.balootDeck: not an order of the 32 pieces: "2c" is no piece of this deck',
    "chess_colour_v1/colour/21": 'input.clientA: expected only characters from A-Z a-z 0-9 - _ ., found "," '
                                 'at position 1',
    "chess_colour_v1/colour/17": "input.seedB: seedB and clientB are both null (a bot) or both set (a player); "
                                 "found seedB null and clientB set",
    "match_seed_v2/draws/48": "input.serverSeed: required field is missing (expected serverSeed, game, matchId, "
                              "clientSeeds, program; found clientSeeds, game, matchId, program)",
    "match_seed_v2/commit/11": 'input.serverSeed: expected lowercase hex, found U+FF10 "０" at position 0',
    "poker_hmac_v1/hand/18": "input.seats[1].seat: seat 3 is already taken by seats[0]",
}


def refused_requests():
    """The runner request of every vector case that expects an error, by case."""
    out = {}
    # vectors/<scheme>/<op>.json; vectors/records/ holds example records,
    # some of them not JSON on purpose.
    for path in sorted(glob.glob(os.path.join(ROOT, "vectors", "*_v[0-9]*", "*.json"))):
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        for c in doc["cases"]:
            if "error" in c and "input" in c:
                name = f"{doc['scheme']}/{doc['op']}/{c['id']}"
                out[name] = {"id": name, "scheme": doc["scheme"], "op": doc["op"], "input": c["input"]}
    return out


def answers(impl, requests):
    lines = "".join(json.dumps(r) + "\n" for r in requests.values())
    p = subprocess.run([PFKIT, "eval", "--impl", impl], input=lines, capture_output=True, text=True, timeout=300,
                       cwd=ROOT)
    assert p.returncode == 0, p.stderr
    return {a["id"]: a["error"] for a in map(json.loads, p.stdout.split("\n")[:-1])}


def test_three_runners_refuse_alike():
    requests = refused_requests()
    assert len(requests) > 600 and set(BY_HAND) <= set(requests)
    go, node, python = (answers(impl, requests) for impl in ("go", "node", "python"))
    assert set(go) == set(requests)
    differ = [f"{k}:\n  go     {go[k]}\n  node   {node.get(k)}\n  python {python.get(k)}"
              for k in requests if not go[k] == node.get(k) == python.get(k)]
    assert not differ, f"{len(differ)} of {len(requests)} refusals differ:\n" + "\n".join(differ[:10])
    for name, message in BY_HAND.items():
        assert go[name]["message"] == message, name


# Refusals no vector holds, each with its message written by hand: characters
# outside ASCII shown whole, whatever their size in UTF-8 or UTF-16; numbers
# and texts of more than 40 characters cut as REF-1 cuts them; an empty name
# in a listed deck. tools/cross/refusals.py (make limits-test) sends some
# sixty thousand such requests and compares the three answers.
BEYOND_THE_VECTORS = [
    ({"scheme": "selfpoker_v1", "op": "deal", "input": {"seed": "1é", "players": 2}},
     'input.seed: expected decimal digits only, found "é" at position 1'),
    ({"scheme": "selfpoker_v1", "op": "deal", "input": {"seed": "1\U0001F600", "players": 2}},
     'input.seed: expected decimal digits only, found "\U0001F600" at position 1'),
    ({"scheme": "match_seed_v2", "op": "commit", "input": {"serverSeed": "\U0001F600" + "a" * 63}},
     'input.serverSeed: expected lowercase hex, found U+1F600 "\U0001F600" at position 0'),
    ({"scheme": "chess_colour_v1", "op": "colour", "input": {"seedA": "x", "clientA": "a"}},
     "input.seedA: expected 64 lowercase hex characters, found 1 character"),
    ({"scheme": "selfpoker_v1", "op": "trace", "input": {"n": 10 ** 400, "seed": "0"}},
     "input.n: 1" + "0" * 39 + "… is beyond 2^53-1, where JSON readers lose precision; send it as a decimal string"),
    ({"scheme": "selfpoker_v1", "op": "trace", "input": {"n": 8, "seed": "9" * 1000}},
     "input.seed: expected 0 <= seed < 2^63 (9223372036854775808), found " + "9" * 40 + "…"),
    ({"scheme": "match_seed_v2", "op": "match",
      "input": {"serverSeed": "a" * 64, "game": "baloot", "matchId": "m", "clientSeeds": ["a", "b", "c", "d"],
                "play": {"hands": [{"buyer": None}], "balootDeck": [""] * 32}}},
     'input.play.balootDeck: not an order of the 32 pieces: "" is no piece of this deck'),
]


def test_beyond_the_vectors_alike():
    requests = {str(i): dict(r, id=str(i)) for i, (r, _) in enumerate(BEYOND_THE_VECTORS)}
    for impl in ("go", "node", "python"):
        got = answers(impl, requests)
        messages = [got[str(i)]["message"] for i in range(len(BEYOND_THE_VECTORS))]
        assert messages == [m for _, m in BEYOND_THE_VECTORS], impl

