#!/usr/bin/env python3
"""How much grinding pfkit audit --stats catches, and how often it cries wolf.

For each game the archive generator deals (bridge, backgammon, selfpoker,
chess) and each K in 2 and 4, the archives of a server that deals every record
from the best of K server seeds for seat 0 (`pfkit archive generate --grind K`)
are audited with --stats at the default false-alarm rate (1e-6 for the whole
report), and the script finds the smallest archive the report flags: sizes
doubling from 25 records until one is flagged, then halving the gap to within
a tenth. The archive of n records is the first n of every larger one, so
the search walks one stream of records; the same for a regular's client seed
in bridge (`--grind-client`). Then it audits many honest archives of each game
(`--first` tells them apart) and counts those flagged, with the smallest Holm-
adjusted p-value seen.

  python3 tools/bench/stats_power.py            the tables spec/pfkit.md quotes
  python3 tools/bench/stats_power.py --quick    a short run for make stats-test

It prints a Markdown table of each part; PFKIT_BIN names the binary.

Pins: STAT-6
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PFKIT = os.environ.get("PFKIT_BIN") or os.path.join(ROOT, "bin", "pfkit")
GAMES = ("bridge", "backgammon", "selfpoker", "chess")


def audit(tmp, gen_args):
    """Generates an archive and audits it with --stats: the statistics."""
    path = os.path.join(tmp, "archive.jsonl")
    subprocess.run([PFKIT, "archive", "generate", "--out", path, *gen_args], check=True, timeout=3600)
    r = subprocess.run([PFKIT, "audit", "--json", "--stats", "--progress=false", path],
                       capture_output=True, text=True, check=False, timeout=3600)
    if r.returncode != 0:
        raise SystemExit(f"pfkit audit {' '.join(gen_args)}: exit {r.returncode}: {r.stderr}")
    return json.loads(r.stdout)["stats"]


def smallest_flagged(tmp, kind, extra, limit):
    """The smallest archive size flagged, doubling then bisecting; None when
    none up to limit is."""
    n, last_clean = 25, 0
    while n <= limit:
        if audit(tmp, ["--kind", kind, "--count", str(n), *extra])["flagged"]:
            break
        last_clean, n = n, n * 2
    else:
        return None
    lo, hi = last_clean, n
    while hi - lo > max(1, hi // 10):
        mid = (lo + hi) // 2
        if audit(tmp, ["--kind", kind, "--count", str(mid), *extra])["flagged"]:
            hi = mid
        else:
            lo = mid
    return hi


def false_alarms(tmp, kind, archives, size):
    flagged, smallest = 0, 1.0
    for a in range(archives):
        s = audit(tmp, ["--kind", kind, "--count", str(size), "--first", str(10_000_000 + a * size)])
        flagged += s["flagged"] > 0
        smallest = min([smallest] + [t["adjusted"] for t in s["tests"]])
    return flagged, smallest


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="bridge and chess only, K = 4, two small honest archives each")
    args = ap.parse_args()
    games = ("bridge", "chess") if args.quick else GAMES
    ks = (4,) if args.quick else (2, 4)
    archives, size = (2, 2000) if args.quick else (40, 25_000)
    limit = 3200 if args.quick else 1_000_000
    with tempfile.TemporaryDirectory() as tmp:
        failed = False
        print("| game, grinding for | K | smallest archive flagged (records) |")
        print("|---|---|---|")
        for kind in games:
            for k in ks:
                n = smallest_flagged(tmp, kind, ["--grind", str(k)], limit)
                failed = failed or n is None
                print(f"| {kind}, seat 0 | {k} | {n if n else f'none up to {limit:,}'} |", flush=True)
        if not args.quick:
            for k in ks:
                n = smallest_flagged(tmp, "bridge", ["--grind", str(k), "--grind-client", "regular"], limit)
                print(f"| bridge, a regular's client seed | {k} | {n} |", flush=True)
        print()
        print("| game | honest archives | records each | records in all | flagged | smallest Holm-adjusted p |")
        print("|---|---|---|---|---|---|")
        for kind in games:
            flagged, smallest = false_alarms(tmp, kind, archives, size)
            failed = failed or flagged > 0
            print(f"| {kind} | {archives} | {size:,} | {archives * size:,} | {flagged} | {smallest:.3g} |", flush=True)
    # A false alarm at this rate, or grinding never caught, is worth a look.
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
