"""pfkit.stream's words against the spec's Stream and against the hmac module.

The stream hashes a key's pads and the prefix once and copies SHA-256's state
for every draw, so its words could go wrong where a block ends: a key longer
than SHA-256's block (hashed first), a prefix that fills a block or leaves no
room for the counter and the padding, a counter whose digits grow by one. Each
case below is checked three ways: pfkit.stream.Stream, spec.Stream (the
reference, a new HMAC for every message), and hmac.digest, the standard
library's one-shot HMAC, read from its bytes' hex as WORD-1 writes it.
"""

import hmac

import pytest

from pfkit import poker_hmac_v1, spec, stream

# Counters on both sides of every change of digit count up to seven digits.
COUNTERS = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 9999, 10000, 99999, 100000, 999999, 1000000, 9999999]

# Keys of the lengths HMAC treats differently: empty, shorter than a block,
# a block exactly (every seed and hand value), longer (hashed first).
KEYS = ["", "k", "f" * 63, "0123456789abcdef" * 4, "e" * 65, "K" * 200]


def hmac_word(key: str, message: str) -> int:
    """WORD-1 from the standard library's HMAC: the digest's first 13 hex digits."""
    return int(hmac.digest(key.encode("ascii"), message.encode("ascii"), "sha256").hex()[:13], 16)


def words_at(make, key: str, prefix: str, k: int, n: int = 2) -> list:
    """n words of a stream made by make(key, prefix), from counter k on."""
    s = make(key, prefix)
    s.k = k
    return [s.next() for _ in range(n)] + [s.k]


def prefix_of(length: int) -> str:
    """A prefix of that many bytes, every one different from its neighbours."""
    return "".join("pf2:abcdefghijklmnopqrstuvwxyz0123456789,=ABCDEFGHIJKLMNOPQRSTUVWXYZ"[i % 67]
                   for i in range(length))


@pytest.mark.parametrize("length", range(201))
def test_every_prefix_length(length):
    """Prefixes of 0 to 200 bytes, with every counter, under a seed-sized key."""
    key, prefix = "0123456789abcdef" * 4, prefix_of(length)
    for k in COUNTERS:
        want = [hmac_word(key, prefix + str(k)), hmac_word(key, prefix + str(k + 1)), k + 2]
        assert words_at(stream.Stream, key, prefix, k) == want, (length, k)
        assert words_at(spec.Stream, key, prefix, k) == want, (length, k)


@pytest.mark.parametrize("key", KEYS, ids=lambda k: f"key{len(k)}")
@pytest.mark.parametrize("length", [0, 1, 54, 55, 56, 63, 64, 65, 118, 119, 120, 127, 128, 200])
def test_keys_around_the_block(key, length):
    prefix = prefix_of(length)
    for k in COUNTERS:
        want = [hmac_word(key, prefix + str(k)), hmac_word(key, prefix + str(k + 1)), k + 2]
        assert words_at(stream.Stream, key, prefix, k) == want, (len(key), length, k)
        assert words_at(spec.Stream, key, prefix, k) == want, (len(key), length, k)


def test_a_long_run_in_order():
    """3,000 draws in a row, as a shuffle makes them, the same from both streams."""
    fast = stream.match_stream("ab" * 32, "bridge", "m-1", ["north", "east", "south", "west"])
    ref = spec.match_stream("ab" * 32, "bridge", "m-1", ["north", "east", "south", "west"])
    assert [fast.next() for _ in range(3000)] == [ref.next() for _ in range(3000)]
    assert fast.k == ref.k == 3000


def test_of_keeps_key_prefix_and_counter():
    ref = spec.poker_stream("cd" * 32, "t", "s", 7, [(3, "c"), (1, "a")])
    ref.next()
    fast = stream.of(ref)
    assert (fast.key, fast.prefix, fast.k) == (ref.key, ref.prefix, 1)
    assert fast.next() == ref.next()


def test_match_and_poker_streams_are_the_specs():
    m = stream.match_stream("00" * 32, "backgammon", "g", ["a", "b"])
    r = spec.match_stream("00" * 32, "backgammon", "g", ["a", "b"])
    assert (m.key, m.prefix, m.k) == (r.key, r.prefix, 0)
    p = stream.poker_stream("11" * 32, "t", "s", 0, [(2, "x"), (0, "y")])
    q = spec.poker_stream("11" * 32, "t", "s", 0, [(2, "x"), (0, "y")])
    assert (p.key, p.prefix, p.k) == (q.key, q.prefix, 0)


@pytest.mark.parametrize("n", [0, 1, 499, 500])
def test_poker_deck_is_the_specs(n):
    hv = spec.hand_value("9f" * 32, "table-1", "session-1", n)
    seats = [(4, "dora"), (0, "ann"), (9, "ivy")]
    deck, counter = poker_hmac_v1.shuffled_deck(hv, "table-1", "session-1", n, seats)
    assert deck == spec.poker_deck(hv, "table-1", "session-1", n, seats)
    ref = spec.poker_stream(hv, "table-1", "session-1", n, seats)
    spec.shuffle(ref, range(52))
    assert counter == ref.k >= 51
