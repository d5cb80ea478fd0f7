"""pfkit audit --stats against SciPy: every p-value the report gives is
computed again here with scipy.stats from the counts in its JSON, and the
exact distributions of the metrics are derived here another way (by
enumeration and math.comb), never read from pfkit. Holm's adjustment is
recomputed from SciPy's p-values. Run by `make stats-test` and docs-test
(PFKIT_BIN names the Go binary; bin/pfkit by default).

Pins: STAT-1, STAT-2, STAT-3, STAT-4, STAT-5
"""

import itertools
import json
import math
import os
import subprocess

import pytest
from scipy import stats

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PFKIT = os.environ.get("PFKIT_BIN") or os.path.join(ROOT, "bin", "pfkit")


def hcp_distribution():
    """P(HCP = h) for 13 cards of 52: choose how many aces, kings, queens
    and jacks the hand holds, the rest from the 36 other cards."""
    dist = [0] * 38
    for a, k, q, j in itertools.product(range(5), repeat=4):
        honours = a + k + q + j
        if honours > 13:
            continue
        ways = math.comb(4, a) * math.comb(4, k) * math.comb(4, q) * math.comb(4, j) * math.comb(36, 13 - honours)
        dist[4 * a + 3 * k + 2 * q + j] += ways
    total = math.comb(52, 13)
    return [w / total for w in dist]


def hole_distribution():
    """Two cards of 52 (rank = id // 4): a point an ace, two for a pair."""
    dist = [0] * 5
    for x, y in itertools.combinations(range(52), 2):
        rx, ry = x // 4, y // 4
        dist[(rx == 12) + (ry == 12) + 2 * (rx == ry)] += 1
    return [w / 1326 for w in dist]


def pips_distribution():
    dist = [0] * 25
    for a, b in itertools.product(range(1, 7), repeat=2):
        dist[4 * a if a == b else a + b] += 1
    return [w / 36 for w in dist]


def honours_distribution():
    """Winds and dragons (28 of 136 tiles) among 13 tiles of the wall."""
    return [math.comb(28, x) * math.comb(108, 13 - x) / math.comb(136, 13) for x in range(14)]


DISTS = {"bridge": hcp_distribution(), "tarneeb": hcp_distribution(), "trix": hcp_distribution(),
         "selfpoker": hole_distribution(), "backgammon": pips_distribution(), "mahjong": honours_distribution()}


def moments(dist):
    mean = sum(v * p for v, p in enumerate(dist))
    return mean, sum((v - mean) ** 2 * p for v, p in enumerate(dist))


def run(*args):
    return subprocess.run([PFKIT, *args], capture_output=True, text=True, check=False, timeout=300)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """An archive with every kind the generator deals, a regular, and a
    server grinding for seat 0 in bridge, so that some tests are flagged and
    the rest are not."""
    tmp = tmp_path_factory.mktemp("stats")
    path = tmp / "archive.jsonl"
    with open(path, "w") as out:
        for extra in (["--kind", "mixed", "--count", "3000"],
                      ["--kind", "bridge", "--count", "400", "--grind", "2", "--first", "9000"],
                      ["--kind", "backgammon", "--count", "300", "--grind-client", "regular", "--first", "9000"]):
            r = run("archive", "generate", *extra)
            assert r.returncode == 0, r.stderr
            out.write(r.stdout)
    r = run("audit", "--json", "--stats", "--stats-regulars", "200", "--progress=false", str(path))
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)["stats"]


def expected_p(test, s):
    """The p-value of one test, from the counts of the report."""
    game, kind = test["game"], test["id"].split("/")[1]
    g = s["games"].get(game, {})
    if kind == "positions":
        deals = g["deals"]
        e = deals / 52
        x = sum((o - e) ** 2 / e for row in g["positions"] for o in row) * 51 / 52
        assert test["statistic"] == pytest.approx(x, rel=1e-9)
        return stats.chi2.sf(x, 51 * 51)
    if kind == "faces":
        res = stats.chisquare(g["faces"])
        assert test["statistic"] == pytest.approx(res.statistic, rel=1e-9)
        return res.pvalue
    if kind in ("first", "white") or (kind == "seats" and len(g["seatOrders"]) == 2):
        counts = g[{"first": "first", "white": "white", "seats": "seatOrders"}[kind]]
        return stats.binomtest(counts[0], sum(counts), 0.5).pvalue
    if kind == "seats":
        counts = g["seatOrders"]
        if test["df"] != len(counts) - 1:  # pooled by who sits in seat 0
            per = len(counts) // (test["df"] + 1)
            counts = [sum(counts[i:i + per]) for i in range(0, len(counts), per)]
        res = stats.chisquare(counts)
        assert test["statistic"] == pytest.approx(res.statistic, rel=1e-9)
        return res.pvalue
    mean, var = moments(DISTS[game])
    if kind == "strength":
        hist = g["strength"][int(test["id"].split("/")[2])]
        n, total = sum(hist), sum(v * c for v, c in enumerate(hist))
    else:  # a regular: [records, hands, strength]
        seed = json.loads(test["id"].split("/", 2)[2])
        _, n, total = s["clientSeeds"][game][seed]
    z = (total - n * mean) / math.sqrt(n * var)
    assert test["statistic"] == pytest.approx(z, rel=1e-9, abs=1e-12)
    return 2 * stats.norm.sf(abs(z))


def test_every_p_value_agrees_with_scipy(report):
    assert report["tests"], "the archive is large enough for every kind of test"
    kinds = {t["id"].split("/")[1] for t in report["tests"]}
    assert kinds >= {"positions", "faces", "first", "white", "seats", "strength", "regular"}
    for t in report["tests"]:
        want = expected_p(t, report)
        assert t["p"] == pytest.approx(want, rel=1e-6, abs=1e-300), t["id"]


def test_holm_over_every_test(report):
    tests = report["tests"]
    ps = [expected_p(t, report) for t in tests]
    m, running = len(ps), 0.0
    adjusted = [0.0] * m
    for j, i in enumerate(sorted(range(m), key=lambda i: ps[i])):
        running = max(running, min(1.0, (m - j) * ps[i]))
        adjusted[i] = running
    for t, a in zip(tests, adjusted):
        assert t["adjusted"] == pytest.approx(a, rel=1e-6, abs=1e-300), t["id"]
        assert t["flagged"] == (t["adjusted"] <= report["rate"]), t["id"]
    assert report["flagged"] == sum(t["flagged"] for t in tests)


def test_grinding_is_flagged_and_honest_games_are_not(report):
    flagged = {t["id"] for t in report["tests"] if t["flagged"]}
    assert "bridge/strength/0" in flagged  # the ground seat
    assert not any(i.startswith(("chess/", "selfpoker/")) for i in flagged)
