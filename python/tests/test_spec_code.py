"""The spec's own code against the vectors.

pfkit.spec is generated from the ```python blocks of spec/pfkit.md. Here every
valid case and every accumulated digest is recomputed by calling those
functions directly, with no validation and none of the package's code, which
proves the normative blocks and the vectors agree. (Error cases need input
checks the blocks do not contain; the package's tests cover them.)
"""

import os
import subprocess
import sys

import pytest

import vectorlib as V
from pfkit import spec

TOOL = os.path.join(V.ROOT, "tools", "gen", "spec_extract.py")


class ListStream:
    """Words from a list, for the inject op."""

    def __init__(self, words):
        self.words, self.k = list(words), 0

    def next(self):
        self.k += 1
        return self.words[self.k - 1]


def run_program(stream, program):
    results = []
    for step in program:
        if step["op"] == "word":
            results.append(stream.next())
        elif step["op"] == "int":
            results.append(spec.int_below(stream, step["n"]))
        else:
            results.append(spec.shuffle(stream, range(step["n"])))
    return results


def poker(inp):
    hv = spec.hand_value(inp["serverSeed"], inp["table"], inp["session"], inp["hand"])
    seats = [(s["seat"], s["clientSeed"]) for s in inp["seats"]]
    deck = spec.poker_deck(hv, inp["table"], inp["session"], inp["hand"], seats)
    # The counter is not returned by poker_deck: replay PK-3's stream to count.
    seated = ",".join(f"{s}={c}" for s, c in sorted(seats))
    stream = spec.Stream(hv, f"pk1:{inp['table']}:{inp['session']}:{inp['hand']}:{seated}:")
    assert spec.shuffle(stream, range(52)) == deck
    return hv, deck, stream.k, spec.tree_levels(hv, deck)


def spec_output(scheme, op, inp):
    """The op's output computed only with pfkit.spec."""
    if scheme == "match_seed_v2":
        if op == "commit":
            return {"commitment": spec.commit(inp["serverSeed"])}
        if op == "inject":
            stream = ListStream(inp["words"])
            return {"results": run_program(stream, inp["program"]), "used": stream.k}
        stream = spec.match_stream(inp["serverSeed"], inp["game"], inp["matchId"], inp["clientSeeds"])
        if op in ("draws", "trace"):
            return {"results": run_program(stream, inp["program"]), "counter": stream.k}
        game, play = inp["game"], inp["play"]
        players = V.PLAYERS[game]
        out = {"seats": spec.seat_order(stream, players)}
        if game == "backgammon":
            opening = play.get("backgammonOpening", "one_die_each")
            out["games"] = [spec.backgammon_game(stream, t, opening) for t in play["games"]]
        elif game in ("tarneeb", "trix", "bridge"):
            out["deals"] = [[[spec.table52_name(c) for c in hand] for hand in spec.deal52(stream)]
                            for _ in range(play["deals"])]
        elif game == "baloot":
            out["hands"] = []
            for h in play["hands"]:
                r = spec.baloot_hand(stream, h["buyer"], play.get("balootDeal", "blocks"))
                name = play["balootDeck"].__getitem__ if "balootDeck" in play else spec.baloot32_name
                ho = {"first": [[name(c) for c in s] for s in r["first"]], "upcard": name(r["upcard"]),
                      "buyer": r["buyer"]}
                if r["buyer"] is not None:
                    ho["rest"] = [name(c) for c in r["rest"]]
                    ho["final"] = [[name(c) for c in s] for s in r["final"]]
                out["hands"].append(ho)
        elif game == "mahjong":
            out["hands"] = []
            for count in play["hands"]:
                r = spec.mahjong_hand(stream, count, play.get("mahjongDraw", "swap_last"),
                                      play.get("mahjongDeal", "blocks"))
                tile = play["mahjongWall"].__getitem__ if "mahjongWall" in play else spec.tile_name
                out["hands"].append({"deal": [[tile(t) for t in s] for s in r["deal"]],
                                     "draws": [tile(t) for t in r["draws"]]})
        out["counter"] = stream.k
        return out
    if scheme == "poker_hmac_v1":
        if op == "verifyProof":
            leaf = spec.leaf(inp["position"], inp["card"], inp["salt"])
            return {"valid": spec.root_from(leaf, inp["position"], inp["path"]) == inp["root"]}
        hv, deck, counter, levels = poker(inp)
        if op == "hand":
            m = len(inp["seats"])
            seats = sorted(s["seat"] for s in inp["seats"])
            dealing = inp.get("dealing", "pairs")
            return {"handValue": hv, "handCommitment": spec.sha256_hex(hv), "deck": deck,
                    "salts": [spec.salt(hv, i) for i in range(52)], "root": levels[6][0], "counter": counter,
                    "hands": [{"seat": seat, "positions": spec.hole_positions(j, m, dealing)}
                              for j, seat in enumerate(seats)],
                    "board": [2 * m + k for k in range(5)]}
        pos = inp["position"]
        return {"position": pos, "card": deck[pos], "salt": spec.salt(hv, pos), "leaf": levels[0][pos],
                "path": spec.proof_path(levels, pos), "root": levels[6][0]}
    if scheme == "chess_colour_v1":
        a, b = inp["seedA"], inp["seedB"]
        return {"commitA": spec.commit(a), "commitB": "-" if b is None else spec.commit(b),
                "white": spec.colour(a, inp["clientA"], b, inp["clientB"], inp.get("botClientSeed", "dash"))}
    if scheme == "selfpoker_v1":
        seed = int(inp["seed"])
        if op == "permutation":
            return {"permutation": spec.numpy_permutation(seed, inp["n"])}
        if op == "trace":
            return spec.selfpoker_trace(seed, inp["n"])
        d = spec.selfpoker_deal(seed, inp["players"], inp.get("dealing", "pairs"))
        return {"commit": d["commit"], "deck": d["deck"],
                "hands": [[spec.selfpoker_name(c) for c in h] for h in d["hands"]],
                "board": [spec.selfpoker_name(c) for c in d["board"]]}
    raise AssertionError(f"no spec mapping for {scheme}/{op}")


VALID = [c for c in V.cases("input") if "expect" in c[3]]
ACC = V.cases("accumulate")


@pytest.mark.long
@pytest.mark.parametrize("name,scheme,op,case", VALID, ids=[c[0] for c in VALID])
def test_valid_case_by_spec_code(name, scheme, op, case):
    expect = dict(case["expect"])
    if scheme == "match_seed_v2" and op == "trace":
        # results and counter here; every draw line in test_trace_draws_follow_the_spec
        del expect["draws"]
    assert V.same(spec_output(scheme, op, case["input"]), expect)


@pytest.mark.long
@pytest.mark.parametrize("name,scheme,op,case", ACC, ids=[c[0] for c in ACC])
def test_accumulated_by_spec_code(name, scheme, op, case):
    acc = case["accumulate"]
    outputs = [spec_output(scheme, op, V.recipe(acc["recipe"], i)[2]) for i in range(acc["count"])]
    assert V.digest(outputs) == case["expect"]["digest"]


def test_trace_draws_follow_the_spec():
    """Every line of every trace vector, checked field by field with spec code."""
    checked, expected = 0, 0
    for _, scheme, op, case in VALID:
        if scheme != "match_seed_v2" or op != "trace":
            continue
        inp = case["input"]
        stream = spec.match_stream(inp["serverSeed"], inp["game"], inp["matchId"], inp["clientSeeds"])
        draws = case["expect"]["draws"]
        expected += case["expect"]["counter"]
        assert [d["k"] for d in draws] == list(range(case["expect"]["counter"]))
        for d in draws:
            assert d["message"] == stream.prefix + str(d["k"])
            assert d["digest"] == spec.hmac_hex(inp["serverSeed"], d["message"])
            assert d["word"] == spec.word(inp["serverSeed"], d["message"])
            if d["n"] is None:
                assert d["limit"] is None and d["accepted"] is True
            else:
                assert d["limit"] == spec.limit(d["n"]) and d["accepted"] == (d["word"] < d["limit"])
            checked += 1
    assert checked == expected > 0


def test_spec_py_is_up_to_date():
    r = subprocess.run([sys.executable, TOOL, "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_spec_extract_check_detects_a_stale_file(tmp_path):
    out = tmp_path / "spec.py"
    assert subprocess.run([sys.executable, TOOL, "--out", str(out)], capture_output=True).returncode == 0
    assert subprocess.run([sys.executable, TOOL, "--check", "--out", str(out)], capture_output=True).returncode == 0
    out.write_text(out.read_text() + "\n# edited by hand\n")
    r = subprocess.run([sys.executable, TOOL, "--check", "--out", str(out)], capture_output=True, text=True)
    assert r.returncode == 1 and "differs" in r.stderr
    out.unlink()
    assert subprocess.run([sys.executable, TOOL, "--check", "--out", str(out)], capture_output=True).returncode == 1


def test_spec_extract_copies_every_block_in_order(tmp_path):
    md = tmp_path / "s.md"
    md.write_text("# A\n\n```python\nX = 1\n```\n\n```json\n{}\n```\n\n## B\n\n````python\nY = X + 1\n````\n")
    out = tmp_path / "o.py"
    done = subprocess.run([sys.executable, TOOL, "--spec", str(md), "--out", str(out)], capture_output=True)
    assert done.returncode == 0
    ns = {}
    exec(out.read_text(), ns)
    assert ns["Y"] == 2 and "DO NOT EDIT" in out.read_text()
    text = out.read_text()
    assert text.index("X = 1") < text.index("Y = X + 1") and "{}" not in text.split('"""', 2)[2]
