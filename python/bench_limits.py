#!/usr/bin/env python3
"""python python/bench_limits.py record|line FILE...

The time the Python package takes on hostile input (spec LIM-1): for each
file, the best of three runs of verifying it as a record, or of answering it
as one runner line, in seconds of wall time and of processor time (on a busy
machine the wall time also counts waiting for a processor). Prints one JSON
object {file: {seconds, cpuSeconds, answer}}, answer being the status and
error code. tools/bench/bench.py builds the
inputs and checks each figure against its goal of one second.
"""

import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))

from pfkit import records, runner  # noqa: E402


def answer_of(kind, data):
    if kind == "record":
        r = records.verify_data("bench", data)
        return r.status + (" " + r.code if r.code else "")
    r = runner.evaluate(data)
    return "error " + r["error"]["code"] if "error" in r else "output"


def main(args):
    if len(args) < 2 or args[0] not in ("record", "line"):
        print(__doc__.split("\n\n")[0], file=sys.stderr)
        return 2
    kind, out = args[0], {}
    for f in args[1:]:
        with open(f, "rb") as fh:
            data = fh.read()
        best, best_cpu, answer = float("inf"), float("inf"), None
        for _ in range(3):
            t, c = time.perf_counter(), time.process_time()
            answer = answer_of(kind, data)
            best_cpu = min(best_cpu, time.process_time() - c)
            best = min(best, time.perf_counter() - t)
        out[f] = {"seconds": best, "cpuSeconds": best_cpu, "answer": answer}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
