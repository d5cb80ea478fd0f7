"""Real NumPy against the spec's pure-Python restatement of it (NP-1 to NP-5).

Seeds are drawn with a fixed random seed, spread over every bit length up to
63 and uniformly over [0, 2^63), plus the edges where SeedSequence changes
shape (one 32-bit word below 2^32, two from 2^32 on).
"""

import random

import pytest

from pfkit import selfpoker_v1, spec

np = pytest.importorskip("numpy")

EDGES = [0, 1, 2, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 1, 2 ** 62, 2 ** 63 - 2,
         2 ** 63 - 1]


def spread_seeds(count: int, rng_seed: int) -> list:
    rng = random.Random(rng_seed)
    seeds, seen = list(EDGES), set(EDGES)
    while len(seeds) < count:
        if len(seeds) % 2:
            s = rng.getrandbits(rng.randint(1, 63))  # every magnitude
        else:
            s = rng.randrange(2 ** 63)  # uniform: mostly two-word seeds
        if s not in seen:
            seen.add(s)
            seeds.append(s)
    return seeds


SEEDS = spread_seeds(5000, 20261129)


def test_seed_spread():
    assert len(set(SEEDS)) == len(SEEDS) == 5000 and min(SEEDS) == 0 and max(SEEDS) == 2 ** 63 - 1
    assert sum(s < 2 ** 32 for s in SEEDS) > 1000 and sum(s >= 2 ** 62 for s in SEEDS) > 1000


def test_permutation_52_matches_numpy():
    bad = [s for s in SEEDS if np.random.default_rng(s).permutation(52).tolist() != spec.numpy_permutation(s, 52)]
    assert bad == []


def test_other_sizes_match_numpy():
    rng = random.Random(7)
    for s in SEEDS[:400]:
        n = rng.randint(1, 1000)
        assert np.random.default_rng(s).permutation(n).tolist() == spec.numpy_permutation(s, n), (s, n)


def test_seed_sequence_state_matches_numpy():
    for s in SEEDS[:1000]:
        want = np.random.SeedSequence(s).generate_state(4, np.uint64).tolist()
        assert spec.generate_state64(spec.seed_pool(spec.seed_words(s)), 4) == want, s


def test_raw_pcg64_outputs_match_numpy():
    for s in SEEDS[:300]:
        port = spec.PCG64(s)
        assert [port.next64() for _ in range(16)] == np.random.PCG64(s).random_raw(16).tolist(), s


def test_package_backends_agree():
    for s in SEEDS[:500]:
        assert selfpoker_v1.deal(s, 23, backend="numpy") == selfpoker_v1.deal(s, 23, backend="python"), s


def test_trace_stages_match_numpy():
    # TRACE-2: every stage of the trace against what NumPy itself exposes.
    rng = random.Random(11)
    for s in SEEDS[:200] + [18, 42]:
        n = rng.randint(1, 300)
        t = selfpoker_v1.trace(s, n)
        ss = np.random.SeedSequence(s)
        assert t["seedWords"] == spec.seed_words(s) and (s < 2 ** 32) == (len(t["seedWords"]) == 1), s
        assert t["pool"] == ss.pool.tolist(), s
        assert t["stateWords"] == ["%016x" % w for w in ss.generate_state(4, np.uint64).tolist()], s
        st = np.random.PCG64(s).state["state"]
        assert t["pcg64"] == {"state": "%032x" % st["state"], "inc": "%032x" % st["inc"]}, s
        fresh = [int(d["output"], 16) for d in t["draws"] if d["half"] == "low"]
        assert fresh == (np.random.PCG64(s).random_raw(len(fresh)).tolist() if fresh else []), s
        # Each 32-bit draw is what Generator.integers(0, 2**32 - 1, dtype=uint32)
        # hands out next: the low half of a fresh output, then its high half.
        g = np.random.Generator(np.random.PCG64(s))
        words = [int(g.integers(0, 2 ** 32 - 1, endpoint=True, dtype=np.uint32)) for _ in t["draws"]]
        assert [d["word"] for d in t["draws"]] == words, s
        assert t["permutation"] == np.random.default_rng(s).permutation(n).tolist(), s
        for d in t["draws"]:
            assert d["value"] == d["word"] & d["mask"] and d["accepted"] == (d["value"] <= d["max"])
