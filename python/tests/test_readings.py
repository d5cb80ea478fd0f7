"""The declared readings (spec READ-1 to READ-5), computed independently.

Every expected value here comes from a few lines written from the spec's
formulas with hashlib, hmac and NumPy alone (nothing from the pfkit package),
or is worked out by hand, and is compared with the vectors that pin each
reading.
"""

import hashlib
import hmac
import json
import os

import pytest

import vectorlib as V

TILES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + ["E", "S", "W", "N", "Wd", "Gd", "Rd"]


def load(rel):
    """A vector file with only its cases that have an input and an expected output."""
    with open(os.path.join(V.VECTORS, rel), encoding="utf-8") as f:
        doc = json.load(f)
    doc["cases"] = [c for c in doc["cases"] if "input" in c and "expect" in c]
    return doc


class Words:
    """HMAC-SHA256(serverSeed, "pf2:game:match:0=a,1=b,...:k"), top 52 bits (MS2-1, WORD-1)."""

    def __init__(self, inp):
        seats = ",".join(f"{i}={s}" for i, s in enumerate(inp["clientSeeds"]))
        self.key = inp["serverSeed"].encode()
        self.prefix = f"pf2:{inp['game']}:{inp['matchId']}:{seats}:"
        self.k = 0

    def below(self, n):
        limit = 2 ** 52 - 2 ** 52 % n  # INT-2
        while True:
            digest = hmac.new(self.key, (self.prefix + str(self.k)).encode(), hashlib.sha256).hexdigest()
            self.k += 1
            w = int(digest[:13], 16)
            if w < limit:
                return w % n


    def shuffle(self, items):
        a = list(items)
        for i in range(len(a) - 1, 0, -1):  # Fisher-Yates from the top
            j = self.below(i + 1)
            a[i], a[j] = a[j], a[i]
        return a


def close_gap_match(inp):
    """A mahjong match drawn by taking the j-th tile of the remaining wall and
    closing the gap, written from the table-games page's sentence; the deal in
    blocks of 13, or in rounds of four tiles a seat, then one (READ-8)."""
    s = Words(inp)
    seats = s.shuffle(range(4))
    hands = []
    for count in inp["play"]["hands"]:
        wall = list(range(136))
        # the wall's fixed order: the kit's (kind t // 4) or the one the case lists (READ-10)
        order = inp["play"].get("mahjongWall") or [TILES[t // 4] for t in range(136)]
        drawn = [order[wall.pop(s.below(len(wall)))] for _ in range(count)]
        if inp["play"].get("mahjongDeal") == "rounds":
            deal = [[] for _ in range(4)]
            for r in range(3):
                for i in range(4):
                    deal[i] += drawn[16 * r + 4 * i:16 * r + 4 * i + 4]
            for i in range(4):
                deal[i].append(drawn[48 + i])
        else:
            deal = [drawn[13 * i:13 * i + 13] for i in range(4)]
        deal[0].append(drawn[52])
        hands.append({"deal": deal, "draws": drawn[53:]})
    return {"seats": seats, "hands": hands, "counter": s.k}


def match_cases(model):
    return [c for c in load("match_seed_v2/match.json")["cases"]
            if "expect" in c and c["input"].get("play", {}).get("mahjongDraw") == model]


def test_close_gap_vectors_follow_the_page_sentence():
    cases = match_cases("close_gap")
    assert len(cases) >= 2
    for c in cases:
        assert close_gap_match(c["input"]) == c["expect"], c["id"]


def test_the_two_draw_models_share_only_the_first_tile():
    gap = match_cases("close_gap")[0]
    swap = [c for c in match_cases("swap_last") if c["input"]["play"]["hands"] == gap["input"]["play"]["hands"]
            and c["input"]["matchId"] == gap["input"]["matchId"]][0]
    g, s = gap["expect"]["hands"][0]["deal"][0], swap["expect"]["hands"][0]["deal"][0]
    assert g[0] == s[0] and g[1:] != s[1:]
    # swap_last declared is what the kit draws when nothing is declared
    plain = [c for c in load("match_seed_v2/match.json")["cases"]
             if "expect" in c and "mahjongDraw" not in c["input"].get("play", {})
             and c["input"].get("matchId") == swap["input"]["matchId"]
             and c["input"].get("play") == {"hands": swap["input"]["play"]["hands"]}]
    assert plain and plain[0]["expect"] == swap["expect"]


def test_hand_worked_close_gap_on_a_short_wall():
    # A wall of five tiles a b c d e and the draws j = 1, 3, 0, 1, 0:
    # close_gap takes b (a c d e), then e (a c d), then a (c d), then d (c), then c;
    # swap_last takes b (a e c d), then d (a e c), then a (c e), then e (c), then c.
    js = [1, 3, 0, 1, 0]
    wall = list("abcde")
    assert [wall.pop(j) for j in js] == list("beadc")
    wall = list("abcde")
    out = []
    for j in js:
        wall[j], wall[-1] = wall[-1], wall[j]
        out.append(wall.pop())
    assert out == list("bdaec")


RANKS, SUITS = "23456789TJQKA", "cdhs"


def test_round_robin_selfpoker_vectors_follow_numpy():
    np = pytest.importorskip("numpy")
    cases = [c for c in load("selfpoker_v1/deal.json")["cases"]
             if "expect" in c and c["input"].get("dealing") == "round_robin"]
    assert len(cases) >= 3

    def name(card):
        return RANKS[card // 4] + SUITS[card % 4]  # the Dutch page's layout

    for c in cases:
        n = c["input"]["players"]
        deck = [int(x) for x in np.random.default_rng(int(c["input"]["seed"])).permutation(52)]
        assert c["expect"]["hands"] == [[name(deck[i]), name(deck[n + i])] for i in range(n)], c["id"]
        assert c["expect"]["board"] == [name(x) for x in deck[2 * n:2 * n + 5]], c["id"]


def test_round_robin_poker_positions_worked_by_hand():
    cases = {c["comment"]: c for c in load("poker_hmac_v1/hand.json")["cases"] if c["input"].get("dealing")}
    three = [c for k, c in cases.items() if k.startswith("three players dealt round robin")][0]["expect"]
    assert three["hands"] == [{"seat": 1, "positions": [0, 3]}, {"seat": 4, "positions": [1, 4]},
                              {"seat": 8, "positions": [2, 5]}]
    assert three["board"] == [6, 7, 8, 9, 10]
    pairs = [c for k, c in cases.items() if k.startswith("three players dealt in pairs")][0]["expect"]
    assert pairs["hands"] == [{"seat": 1, "positions": [0, 1]}, {"seat": 4, "positions": [2, 3]},
                              {"seat": 8, "positions": [4, 5]}]
    assert pairs["deck"] == three["deck"] and pairs["root"] == three["root"]
    ten = [c for k, c in cases.items() if k.startswith("round robin at a full table")][0]["expect"]
    assert ten["hands"] == [{"seat": s, "positions": [s, 10 + s]} for s in range(10)]
    assert ten["board"] == [20, 21, 22, 23, 24]


def test_hands_numbered_from_zero_use_the_same_formula():
    # PK-1 does not change with the numbering: hand 0's value is HMAC(seed, "pk1:hand:T:S:0").
    c = [c for c in load("poker_hmac_v1/hand.json")["cases"] if c["input"].get("firstHand") == 0 and "expect" in c][0]
    inp = c["input"]
    hv = hmac.new(inp["serverSeed"].encode(), f"pk1:hand:{inp['table']}:{inp['session']}:{inp['hand']}".encode(),
                  hashlib.sha256).hexdigest()
    assert inp["hand"] == 0 and c["expect"]["handValue"] == hv
    assert c["expect"]["handCommitment"] == hashlib.sha256(hv.encode()).hexdigest()


def play_cases(field, value):
    return [c for c in load("match_seed_v2/match.json")["cases"] if c["input"].get("play", {}).get(field) == value]


def test_first_seat_rolls_backgammon_by_hand_from_the_formula():
    cases = play_cases("backgammonOpening", "first_seat_rolls")
    assert len(cases) >= 2
    for c in cases:
        s = Words(c["input"])
        seats = s.shuffle(range(2))
        games = []
        for turns in c["input"]["play"]["games"]:
            def die(s=s):
                return s.below(6) + 1

            opening = [[die(), die()]]  # seat 0 throws two dice and moves first, doubles or not
            games.append({"opening": opening, "first": 0, "rolls": [[die(), die()] for _ in range(turns)]})
        assert {"seats": seats, "games": games, "counter": s.k} == c["expect"], c["id"]
    assert any(g["opening"][0][0] == g["opening"][0][1] for c in cases for g in c["expect"]["games"])


def test_three_two_baloot_from_the_formula():
    cases = play_cases("balootDeal", "three_two")
    assert len(cases) >= 2

    def name(c):
        return "789TJQKA"[c % 8] + "cdhs"[c // 8]

    for c in cases:
        s = Words(c["input"])
        seats = s.shuffle(range(4))
        hands = []
        for h in c["input"]["play"]["hands"]:
            deck = s.shuffle(range(32))
            # three cards a seat, then two: seat i has 3i..3i+2 and 12+2i, 13+2i
            first = [deck[3 * i:3 * i + 3] + deck[12 + 2 * i:14 + 2 * i] for i in range(4)]
            out = {"first": [[name(x) for x in f] for f in first], "upcard": name(deck[20]), "buyer": h["buyer"]}
            if h["buyer"] is not None:
                rest = s.shuffle(deck[21:])
                final, pos = [], 0
                for seat in range(4):
                    take = 2 if seat == h["buyer"] else 3
                    final.append(first[seat] + ([deck[20]] if seat == h["buyer"] else []) + rest[pos:pos + take])
                    pos += take
                out["rest"] = [name(x) for x in rest]
                out["final"] = [[name(x) for x in f] for f in final]
            hands.append(out)
        assert {"seats": seats, "hands": hands, "counter": s.k} == c["expect"], c["id"]


def test_empty_bot_client_seed_from_the_snippet_line():
    cases = [c for c in load("chess_colour_v1/colour.json")["cases"] if c["input"].get("botClientSeed") == "empty"]
    assert len(cases) >= 3
    for c in cases:
        inp = c["input"]
        commit_a = hashlib.sha256(inp["seedA"].encode()).hexdigest()
        # 'cc1:' + commitA + ':' + (commitB || '-') + ':0=' + clientA + ',1=' + clientB + ':' + k, clientB empty
        k, limit = 0, 2 ** 52  # int(2) never discards
        msg = f"cc1:{commit_a}:-:0={inp['clientA']},1=:{k}"
        w = int(hmac.new(inp["seedA"].encode(), msg.encode(), hashlib.sha256).hexdigest()[:13], 16)
        assert w < limit
        assert c["expect"] == {"commitA": commit_a, "commitB": "-", "white": "A" if w % 2 == 0 else "B"}, c["id"]


def test_declared_orders_name_the_same_ids():
    """A wall or deck listed in full renames the ids and changes nothing else."""
    cases = load("match_seed_v2/match.json")["cases"]
    for field in ("mahjongWall", "balootDeck"):
        listed = [c for c in cases if field in c["input"]["play"]]
        assert listed, field
        for c in listed:
            play = {k: v for k, v in c["input"]["play"].items() if k != field}
            plain = [d for d in cases
                     if d["input"].get("play") == play and d["input"]["matchId"] == c["input"]["matchId"]]
            assert plain, c["id"]
            order = c["input"]["play"][field]
            if field == "mahjongWall":
                kit = [TILES[t // 4] for t in range(136)]
            else:
                kit = ["789TJQKA"[x % 8] + "cdhs"[x // 8] for x in range(32)]

            def rename(n, order=order, kit=kit, field=field):
                return order[kit.index(n)] if field == "balootDeck" else None  # cards are unique

            got, want = c["expect"], plain[0]["expect"]
            assert got["seats"] == want["seats"] and got["counter"] == want["counter"]
            if field == "balootDeck":
                for hg, hw in zip(got["hands"], want["hands"]):
                    assert hg["upcard"] == rename(hw["upcard"])
                    assert hg["first"] == [[rename(x) for x in seat] for seat in hw["first"]]
