"""Scheme behaviour against values worked out by hand or with hashlib and hmac
directly, independently of both the package and the spec's code."""

import hashlib
import hmac

import pytest

from pfkit import PfkitError, chess_colour_v1, match_seed_v2, poker_hmac_v1, selfpoker_v1, spec

SPAN = 2 ** 52
SEED = hashlib.sha256(b"test").hexdigest()


def H(key: str, msg: str) -> str:
    return hmac.new(key.encode(), msg.encode(), hashlib.sha256).hexdigest()


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def words(key: str, prefix: str, count: int) -> list:
    return [int(H(key, prefix + str(k))[:13], 16) for k in range(count)]


# --- the stream and the sampler -------------------------------------------

def test_worked_example_of_section_5():
    assert SEED == "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    digest = H(SEED, "pf2:bridge:m1:0=alice,1=bob:0")
    assert digest == "60355078736db5be2e0aef7bf19cabe0c97a9ce551bb512396d9676b043c746a"
    out = match_seed_v2.draws(SEED, "bridge", "m1", ["alice", "bob"], [{"op": "word"}])
    assert out == {"results": [0x60355078736DB], "counter": 1}
    assert 0x60355078736DB == 1692513593669339


def test_commit_is_sha256_of_the_hex_text():
    assert match_seed_v2.commit(SEED) == sha(SEED)
    assert match_seed_v2.commit(SEED) != hashlib.sha256(bytes.fromhex(SEED)).hexdigest()


def test_draws_continue_one_counter_across_steps():
    prefix = "pf2:dice:m:0=a:"
    w = words(SEED, prefix, 3)
    out = match_seed_v2.draws(SEED, "dice", "m", ["a"],
                              [{"op": "word"}, {"op": "int", "n": 1}, {"op": "int", "n": SPAN}])
    # int(1) costs a draw and returns 0; int(2^52) never discards and returns the word.
    assert out == {"results": [w[0], 0, w[2]], "counter": 3}


def test_shuffle_of_four_with_zero_words():
    # i=3: j=0 swaps 3,0 -> [3,1,2,0]; i=2: swaps 2,0 -> [2,1,3,0]; i=1: swaps 1,0 -> [1,2,3,0]
    assert match_seed_v2.inject([0, 0, 0], [{"op": "shuffle", "n": 4}]) == {"results": [[1, 2, 3, 0]], "used": 3}


def test_shuffle_with_top_words():
    # j = w mod (i+1) with w = i each time: no swap moves anything.
    assert match_seed_v2.inject([3, 2, 1], [{"op": "shuffle", "n": 4}])["results"] == [[0, 1, 2, 3]]
    # one element takes no draw
    assert match_seed_v2.inject([], [{"op": "shuffle", "n": 1}]) == {"results": [[0]], "used": 0}


def test_rejection_limit_of_52():
    lim = SPAN - SPAN % 52
    assert SPAN % 52 == 16 and lim == SPAN - 16
    assert match_seed_v2.inject([lim - 1], [{"op": "int", "n": 52}]) == {"results": [(lim - 1) % 52], "used": 1}
    assert match_seed_v2.inject([lim, 7], [{"op": "int", "n": 52}]) == {"results": [7], "used": 2}
    assert match_seed_v2.inject([SPAN - 1, lim, 60], [{"op": "int", "n": 52}]) == {"results": [8], "used": 3}


def test_rejection_near_half_of_the_words():
    n = 2 ** 51 + 1  # 2^52 = 2n - 2, so the limit is n and words n .. 2^52-1 are discarded
    out = match_seed_v2.inject([n, SPAN - 1, n - 1], [{"op": "int", "n": n}])
    assert out == {"results": [n - 1], "used": 3}


def test_words_exhausted():
    with pytest.raises(PfkitError) as e:
        match_seed_v2.inject([SPAN - 1], [{"op": "int", "n": 52}])
    assert e.value.code == "words_exhausted"


def test_trace_matches_draws_and_hmac():
    prog = [{"op": "int", "n": 6}, {"op": "shuffle", "n": 5}, {"op": "word"}]
    tr = match_seed_v2.trace(SEED, "g", "m", ["a", "b"], prog)
    assert {k: tr[k] for k in ("results", "counter")} == match_seed_v2.draws(SEED, "g", "m", ["a", "b"], prog)
    prefix = "pf2:g:m:0=a,1=b:"
    for d in tr["draws"]:
        assert d["message"] == prefix + str(d["k"])
        assert d["digest"] == H(SEED, d["message"]) and d["word"] == int(d["digest"][:13], 16)
    ns = [d["n"] for d in tr["draws"] if d["accepted"]]
    assert ns == [6, 5, 4, 3, 2, None]


# --- match_seed_v2 games ------------------------------------------------------

def names52(ids):
    return ["23456789TJQKA"[c % 13] + "cdhs"[c // 13] for c in ids]


def test_bridge_deal_is_one_shuffle_after_the_seats():
    seeds = ["n", "e", "s", "w"]
    m = match_seed_v2.match(SEED, "bridge", "x", seeds, {"deals": 2})
    d = match_seed_v2.draws(SEED, "bridge", "x", seeds,
                            [{"op": "shuffle", "n": 4}, {"op": "shuffle", "n": 52}, {"op": "shuffle", "n": 52}])
    seats, deck1, deck2 = d["results"]
    assert m["seats"] == seats and m["counter"] == d["counter"]
    assert m["deals"] == [[names52(deck[13 * i:13 * i + 13]) for i in range(4)] for deck in (deck1, deck2)]


def test_mahjong_whole_wall_is_the_shuffle_read_from_the_end():
    seeds = ["e", "s", "w", "n"]
    m = match_seed_v2.match(SEED, "mahjong", "x", seeds, {"hands": [136]})
    d = match_seed_v2.draws(SEED, "mahjong", "x", seeds,
                            [{"op": "shuffle", "n": 4}, {"op": "shuffle", "n": 136}, {"op": "int", "n": 1}])
    kinds = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + ["E", "S", "W", "N", "Wd", "Gd", "Rd"]
    drawn = [kinds[t // 4] for t in reversed(d["results"][1])]
    hand = m["hands"][0]
    assert hand["deal"][0] == drawn[0:13] + [drawn[52]]
    assert hand["deal"][1:] == [drawn[13:26], drawn[26:39], drawn[39:52]]
    assert hand["draws"] == drawn[53:]
    assert m["counter"] == d["counter"]


def test_baloot_hand_layout():
    m = match_seed_v2.match(SEED, "baloot", "x", ["a", "b", "c", "d"], {"hands": [{"buyer": 2}, {"buyer": None}]})
    bought, passed = m["hands"]
    assert sorted(sum(bought["final"], [])) == sorted(r + s for r in "789TJQKA" for s in "cdhs")
    for seat in range(4):
        extra = [bought["upcard"]] if seat == 2 else []
        assert bought["final"][seat][:5 + len(extra)] == bought["first"][seat] + extra
        assert len(bought["final"][seat]) == 8
    assert [bought["final"][s][5 + (s == 2):] for s in range(4)] == [
        bought["rest"][0:3], bought["rest"][3:6], bought["rest"][6:8], bought["rest"][8:11]]
    assert "rest" not in passed and "final" not in passed and passed["buyer"] is None


def test_backgammon_opening_and_dice():
    m = match_seed_v2.match(SEED, "backgammon", "x", ["a", "b"], {"games": [3, 0]})
    for g in m["games"]:
        assert all(a == b for a, b in g["opening"][:-1])
        a, b = g["opening"][-1]
        assert a != b and g["first"] == (0 if a > b else 1)
        assert all(1 <= x <= 6 for pair in g["opening"] + g["rolls"] for x in pair)
    assert [len(g["rolls"]) for g in m["games"]] == [3, 0]


def test_seat_only_games_draw_only_the_seats():
    m = match_seed_v2.match(SEED, "xiangqi", "x", ["a", "b"], {})
    assert sorted(m["seats"]) == [0, 1] and set(m) == {"seats", "counter"}


@pytest.mark.parametrize("game,seeds,play,code", [
    ("dama", ["a", "b"], {}, "unknown_game"),
    ("Bridge", ["a", "b", "c", "d"], {"deals": 1}, "unknown_game"),
    ("bridge", ["a", "b"], {"deals": 1}, "bad_length"),
    ("checkers", ["a", "b"], {"deals": 1}, "unknown_field"),
    ("baloot", ["a", "b", "c", "d"], {"hands": [{"buyer": 4}]}, "out_of_range"),
    ("mahjong", ["a", "b", "c", "d"], {"hands": [52]}, "out_of_range"),
])
def test_match_refusals(game, seeds, play, code):
    with pytest.raises(PfkitError) as e:
        match_seed_v2.match(SEED, game, "x", seeds, play)
    assert e.value.code == code


@pytest.mark.parametrize("bad", ["a,1=b", "a:b", "a=b", "a b", "", "x" * 65, "\u0430lice", "a\x00"])
def test_separator_and_look_alike_ids_are_refused(bad):
    with pytest.raises(PfkitError) as e:
        match_seed_v2.draws(SEED, "bridge", "m", [bad], [{"op": "word"}])
    assert e.value.code == "invalid_identifier"


# --- card names (CARD-1 .. CARD-4) ---------------------------------------------

def test_card_names():
    assert [spec.table52_name(c) for c in (0, 12, 13, 51)] == ["2c", "Ac", "2d", "As"]
    assert [spec.baloot32_name(c) for c in (0, 7, 31)] == ["7c", "Ac", "As"]
    assert [spec.selfpoker_name(c) for c in (0, 3, 51)] == ["2c", "2s", "As"]
    assert [spec.tile_name(t) for t in (0, 3, 4, 35, 36, 108, 135)] == ["1m", "1m", "2m", "9m", "1p", "E", "Rd"]


# --- poker_hmac_v1 ---------------------------------------------------------------

SEATS = [{"seat": 7, "clientSeed": "bob"}, {"seat": 2, "clientSeed": "alice"}]


def merkle_root(leaves):
    level = list(leaves)
    while len(level) > 1:
        level = [sha("pk1:node:" + level[i] + level[i + 1]) for i in range(0, len(level), 2)]
    return level[0]


def test_poker_hand_from_first_principles():
    out = poker_hmac_v1.hand(SEED, "t1", "s1", 3, SEATS)
    hv = H(SEED, "pk1:hand:t1:s1:3")
    assert out["handValue"] == hv and out["handCommitment"] == sha(hv)
    # seats are sorted for the message whatever order they came in
    prefix = "pk1:t1:s1:3:2=alice,7=bob:"
    inj = match_seed_v2.inject(words(hv, prefix, 60), [{"op": "shuffle", "n": 52}])
    assert out["deck"] == inj["results"][0] and out["counter"] == inj["used"]
    assert sorted(out["deck"]) == list(range(52))
    assert out["salts"] == [H(hv, f"pk1:salt:{i}") for i in range(52)]
    leaves = [sha(f"pk1:leaf:{i}:{c}:{s}") for i, (c, s) in enumerate(zip(out["deck"], out["salts"]))]
    assert out["root"] == merkle_root(leaves + [sha("pk1:pad")] * 12)


def test_poker_seat_order_does_not_matter():
    assert poker_hmac_v1.hand(SEED, "t", "s", 1, SEATS) == poker_hmac_v1.hand(SEED, "t", "s", 1, SEATS[::-1])


@pytest.mark.parametrize("position", [0, 1, 37, 51])
def test_poker_proof_round_trip_and_forgeries(position):
    hand = poker_hmac_v1.hand(SEED, "t", "s", 9, SEATS)
    p = poker_hmac_v1.proof(SEED, "t", "s", 9, SEATS, position)
    assert p["card"] == hand["deck"][position] and p["salt"] == hand["salts"][position] and p["root"] == hand["root"]
    assert p["leaf"] == sha(f"pk1:leaf:{position}:{p['card']}:{p['salt']}")
    args = (p["root"], position, p["card"], p["salt"], p["path"])
    assert poker_hmac_v1.verify_proof(*args) is True
    assert poker_hmac_v1.verify_proof(p["root"], position, (p["card"] + 1) % 52, p["salt"], p["path"]) is False
    assert poker_hmac_v1.verify_proof(p["root"], position ^ 1, p["card"], p["salt"], p["path"]) is False
    other_salt = hand["salts"][(position + 1) % 52]
    assert poker_hmac_v1.verify_proof(p["root"], position, p["card"], other_salt, p["path"]) is False
    assert poker_hmac_v1.verify_proof(SEED, position, p["card"], p["salt"], p["path"]) is False
    assert poker_hmac_v1.verify_proof(p["root"], position, p["card"], p["salt"], p["path"][::-1]) is False


def test_poker_duplicate_seat_reported_at_second_element():
    seats = [{"seat": 3, "clientSeed": "a"}, {"seat": 3, "clientSeed": "b"}]
    with pytest.raises(PfkitError) as e:
        poker_hmac_v1.hand(SEED, "t", "s", 1, seats)
    assert e.value.code == "duplicate_seat" and "input.seats[1]" in e.value.message


# --- chess_colour_v1 -------------------------------------------------------------

def test_chess_colour_two_players_from_first_principles():
    a, b = sha("a"), sha("b")
    ca, cb = sha(a), sha(b)
    msg = f"cc1:{ca}:{cb}:0=anna,1=boris:0"
    w = int(H(a, msg)[:13], 16) ^ int(H(b, msg)[:13], 16)
    out = chess_colour_v1.colour(a, "anna", b, "boris")
    assert out == {"commitA": ca, "commitB": cb, "white": "A" if w % 2 == 0 else "B"}


def test_chess_colour_bot_from_first_principles():
    whites = set()
    for i in range(16):
        a = sha(f"bot-{i}")
        w = int(H(a, f"cc1:{sha(a)}:-:0=me,1=-:0")[:13], 16)
        out = chess_colour_v1.colour(a, "me")
        assert out == {"commitA": sha(a), "commitB": "-", "white": "A" if w % 2 == 0 else "B"}
        whites.add(out["white"])
    assert whites == {"A", "B"}


def test_chess_white_is_the_colour_ops_and_takes_equal_seeds():
    # What a record's colour is compared with: the colour op's answer, and for
    # two equal seeds (which the op refuses) A, as the XOR of two equal words
    # is 0 (test_records_against_go compares such a record with the reference).
    for i in range(8):
        a, b = sha(f"white-a-{i}"), sha(f"white-b-{i}")
        assert chess_colour_v1.white(a, "x", b, "y", "dash") == chess_colour_v1.colour(a, "x", b, "y")["white"]
        for reading in ("dash", "empty"):
            assert (chess_colour_v1.white(a, "x", None, None, reading)
                    == chess_colour_v1.colour(a, "x", bot_client_seed=reading)["white"])
        assert chess_colour_v1.white(a, "x", a, "y", "dash") == "A"


def test_chess_refusals():
    a = sha("a")
    for args, code in [((a, "x", a, "y"), "equal_commitments"), ((a, "x", None, "y"), "wrong_type"),
                       ((a, "x", sha("b"), None), "wrong_type"), ((a.upper(), "x"), "invalid_hex")]:
        with pytest.raises(PfkitError) as e:
            chess_colour_v1.colour(*args)
        assert e.value.code == code


# --- selfpoker_v1 ------------------------------------------------------------------

def test_selfpoker_deal_layout_and_commit():
    seed = 1234567890123456789
    d = selfpoker_v1.deal(seed, 3, backend="python")
    assert d["commit"] == sha(f"selfpoker:{seed}")
    deck = d["deck"]
    assert sorted(deck) == list(range(52))
    name = lambda c: "23456789TJQKA"[c // 4] + "cdhs"[c % 4]  # noqa: E731
    assert d["hands"] == [[name(deck[0]), name(deck[1])], [name(deck[2]), name(deck[3])],
                          [name(deck[4]), name(deck[5])]]
    assert d["board"] == [name(c) for c in deck[6:11]]
    assert deck[:9] == [20, 27, 29, 16, 43, 14, 44, 13, 12]  # NumPy's own answer, features/selfpoker.feature
    assert selfpoker_v1.deal(str(seed), 3, backend="python") == d
    assert selfpoker_v1.commit(seed) == selfpoker_v1.commit(str(seed)) == d["commit"]


def test_numpy_known_answers_by_the_port():
    assert selfpoker_v1.permutation(42, 52, backend="python")[:6] == [27, 7, 47, 38, 51, 17]
    assert selfpoker_v1.permutation(42, 52, backend="python")[-3:] == [1, 13, 8]
    assert selfpoker_v1.permutation(0, 52, backend="python")[:5] == [38, 11, 18, 10, 23]
    assert selfpoker_v1.permutation(0, 1, backend="python") == [0]


@pytest.mark.parametrize("seed,code", [
    (5.0, "wrong_type"), (1234567890123456789.0, "wrong_type"), (True, "wrong_type"), (False, "wrong_type"),
    (None, "wrong_type"), (b"5", "wrong_type"), ([5], "wrong_type"),
    (-1, "out_of_range"), (2 ** 63, "out_of_range"), (2 ** 64, "out_of_range"),
    ("+5", "invalid_integer"), (" 5", "invalid_integer"), ("5 ", "invalid_integer"), ("05", "invalid_integer"),
    ("00", "invalid_integer"), ("-1", "invalid_integer"), ("", "invalid_integer"), ("1e5", "invalid_integer"),
    ("0x10", "invalid_integer"), ("\u0661", "invalid_integer"), ("5\n", "invalid_integer"),
    ("9223372036854775808", "out_of_range"), ("1" * 5000, "out_of_range"),
])
def test_selfpoker_api_seed_refusals(seed, code):
    for call in (lambda: selfpoker_v1.deal(seed, 2), lambda: selfpoker_v1.permutation(seed, 52),
                 lambda: selfpoker_v1.commit(seed)):
        with pytest.raises(PfkitError) as e:
            call()
        assert e.value.code == code
        assert "seed" in e.value.message and "expected" in e.value.message


def test_selfpoker_api_seed_extremes_accepted():
    for seed in (0, "0", 2 ** 63 - 1, "9223372036854775807"):
        assert len(selfpoker_v1.deal(seed, 23, backend="python")["board"]) == 5


def test_selfpoker_players_bounds():
    for players, code in [(1, "out_of_range"), (24, "out_of_range"), (2.0, "invalid_integer"), (True, "wrong_type")]:
        with pytest.raises(PfkitError) as e:
            selfpoker_v1.deal(1, players)
        assert e.value.code == code


def test_backend_names():
    assert selfpoker_v1.resolve_backend("python") == "python"
    with pytest.raises(ValueError):
        selfpoker_v1.resolve_backend("fortran")
