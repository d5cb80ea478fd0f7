#!/usr/bin/env python3
"""The differential hostile-input test (spec LIM-1 to LIM-4).

Generates, from a fixed seed, records and runner lines an attacker would send:
numbers, strings and session-time fractions as long as the size allows and at
every boundary (2^53, 2^63, the 40 digits a schema validator is given), nesting
at and past each depth limit, duplicate keys (also keys made equal by escapes,
lone surrogates and invalid UTF-8), control and format characters, invalid
UTF-8 and lone surrogates, and records and lines one byte under and over each
size limit. Runs them through Go, Node and Python:

  records   pfkit verify --json, node node/verify.js --json,
            python -m pfkit verify --json (all records in one run each)
  lines     pfkit eval --impl go|node|python (one stream each)

and requires the same answer from all three: for records, the same bytes of
the --json document and of the text report, messages and escaping included
(TXT-1 to TXT-3, REF-1 to REF-5); for a line the id and the error code, or the
output. No
implementation may crash, and each run must stay within the time and memory
bounds: LIMIT_S seconds plus one second per MiB of input, and 64 MiB of peak
resident memory plus sixteen times the largest input and eight times the whole
input of the run (a verifier holds every answer until it writes its document,
and an answer may quote its record; the streams of tools/cross/streams.py hold the
stricter bound of LIM-3).

Some of these inputs cannot be written as JSON vectors at all (invalid UTF-8);
this test is what pins them (spec LIM-4).

  python3 tools/cross/differential.py                 # the size make test runs
  python3 tools/cross/differential.py --size large    # 16 MiB values (make bench)

Standard library only. Exit 1 on any disagreement or bound exceeded.

Pins: LIM-1, LIM-4, RUN-4, RUN-5
"""

import argparse
import json
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile as h  # noqa: E402

ROOT = h.ROOT
PFKIT = os.path.join(ROOT, "bin", "pfkit")
VPY = os.path.join(ROOT, "python", ".venv", "bin", "python")
PY = VPY if os.path.exists(VPY) else sys.executable
SEED = 12
LIMIT_S = 10

SIZES = {"small": 1 << 20, "large": h.RECORD_LIMIT}

# Integers at every boundary an implementation might decide differently.
BOUNDARY_INTEGERS = [
    b"0", b"-0", b"1", b"-1", b"9007199254740991", b"9007199254740992", b"-9007199254740992",
    b"9223372036854775807", b"9223372036854775808", b"18446744073709551616",
    b"1" + b"0" * 39, b"9" * 40, b"1" + b"0" * 40, b"-" + b"9" * 41, b"1.0", b"1e3", b"-0.0", b"1E+400",
]

# Characters a record's text may carry to a terminal or a reader.
HOSTILE_TEXT = [
    b"\\u0000", b"\\u001b[2K\\rVERIFIED", b"\\r", b"\\u007f", b"\\u0085", b"\\u202e", b"\\u200b", b"\\u2028",
    b"\\ufeff", b"\\ud800", b"\\udfff", b"\\ud83d\\ude00", b"\\ud83d", b"\xe2\x80\xae", b"\xef\xbb\xbf",
]

# Bytes that are not UTF-8: a lone continuation byte, 0xff, an overlong '/', a
# surrogate written in UTF-8, a sequence cut short, a code point past U+10FFFF.
INVALID_UTF8 = [b"\x80", b"\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\xe2\x82", b"\xf4\x90\x80\x80"]


def replace_value(doc, pointer, raw):
    """doc serialized with the value at pointer replaced by the raw bytes."""
    d = json.loads(json.dumps(doc))
    h.put(d, pointer, h.HOLE)
    return h.dumps(d).replace(h.dumps(h.HOLE), raw, 1)


def records(size, rnd):
    """(label, bytes) of every hostile record."""
    out = []
    for name, ptr, _ in h.NUMBER_FIELDS:
        doc = h.example(name)
        out.append((f"long number {name}{ptr}", h.long_number_record(name, ptr, size)))
        for n in BOUNDARY_INTEGERS:
            out.append((f"number {n[:12].decode()}… at {name}{ptr}", replace_value(doc, ptr, n)))
    for name, ptr in [("bridge.json", "/seats/1"), ("poker-session.json", "/hands/0/hand")]:
        out.append((f"long negative number {name}{ptr}", h.long_number_record(name, ptr, size, sign=b"-")))
    for name, ptr, _ in h.STRING_FIELDS:
        out.append((f"long string {name}{ptr}", h.long_string_record(name, ptr, size)))
        doc = h.example(name)
        for t in HOSTILE_TEXT:
            out.append((f"text {t!r} in {name}{ptr}", replace_value(doc, ptr, b'"x' + t + b'y"')))
        for b in INVALID_UTF8:
            out.append((f"bytes {b!r} in {name}{ptr}", replace_value(doc, ptr, b'"x' + b + b'y"')))
    # The same card or tile shown twice from one deck (DIST-1): a copy of one
    # onto another place of the same record.
    for name, src, dst in [("bridge.json", "/deals/0/0/0", "/deals/0/1/0"),
                           ("bridge.json", "/deals/1/3/12", "/deals/1/3/11"),
                           ("baloot.json", "/hands/0/first/0/0", "/hands/0/upcard"),
                           ("mahjong.json", "/hands/0/deal/0/0", "/hands/0/draws/0"),
                           ("selfpoker.json", "/hands/0/0", "/board/0"), ("selfpoker.json", "/hands/0/0", "/hands/0/1"),
                           ("poker-leave.json", "/hands/0/cards/0", "/hands/0/board/0"),
                           ("poker-session.json", "/hands/0/deck/0", "/hands/0/deck/51")]:
        doc = h.example(name)
        value = doc
        for step in src.split("/")[1:]:
            value = value[int(step)] if isinstance(value, list) else value[step]
        d = json.loads(json.dumps(doc))
        h.put(d, dst, value)
        out.append((f"{name}: {src} shown again at {dst}", h.dumps(d)))
    out.append(("long digit string as a seed", h.long_string_record("selfpoker.json", "/fairplay/seed", size, b"7")))
    out += session_times(size)
    out += nesting()
    out += duplicate_keys()
    for b in INVALID_UTF8 + [b"\x1b", b"\x00"]:
        out.append((f"bytes {b!r} outside a string", h.dumps(h.example("chess-bot.json"))[:-1] + b"," + b + b"}"))
        out.append((f"bytes {b!r} in a key", h.dumps(h.example("chess-bot.json"))[:-1] + b',"k' + b + b'":1}'))
    # Size limits: the whole record, padded with JSON whitespace.
    base = h.dumps(h.example("selfpoker.json"))
    for extra, what in [(0, "exactly the limit"), (1, "one byte over the limit")]:
        pad = h.RECORD_LIMIT + extra - len(base)
        out.append((f"record of {what}", base[:-1] + b" " * pad + b"}"))
    # A random sample of single-byte corruptions of every example record.
    for name in sorted(os.listdir(h.RECORDS)):
        if not name.endswith(".json") or name == "index.json":
            continue
        with open(os.path.join(h.RECORDS, name), "rb") as f:
            data = f.read()
        for _ in range(3):
            i = rnd.randrange(len(data))
            c = bytearray(data)
            c[i] = rnd.choice(b'"\\{}[],:0123456789-eE.\x00\x1f\x7f\x80\xff \t\n')
            out.append((f"byte {i} of {name} changed", bytes(c)))
    return out


def session_times(size):
    doc = h.example("poker-session.json")

    def session(opened, closed):
        d = json.loads(json.dumps(doc))
        d["opened"], d["closed"] = h.HOLE, "\u0001hole\u0001"
        text = h.dumps(d)
        return (text.replace(h.dumps(h.HOLE), b'"' + opened + b'"')
                .replace(h.dumps("\u0001hole\u0001"), b'"' + closed + b'"'))

    day0, day1 = b"2026-11-29T20:00:00", b"2026-11-30T20:00:00"
    long_digits = size - 3000
    out = [("long opening fraction", h.session_with_fraction(long_digits))]
    for k in (0, 8, 9, 3999, 4000, 4001, long_digits):
        tiny = b"." + b"0" * k + b"1"
        out.append((f"24 h and 10^-{k + 1} s", session(day0 + b"Z", day1 + tiny + b"Z")))
        out.append((f"exactly 24 h, fractions of {k + 1} digits", session(day0 + tiny + b"Z", day1 + tiny + b"Z")))
        out.append((f"closed 10^-{k + 1} s before it opened", session(day0 + tiny + b"Z", day0 + b"Z")))
    out.append(("trailing zeros of a fraction", session(day0 + b".5Z", day1 + b".5" + b"0" * long_digits + b"Z")))
    out.append(("24 h across an offset and a leap second",
                session(b"2016-12-31T23:59:60Z", b"2017-01-02T00:59:59.9+01:00")))
    out.append(("a fraction with no digits", session(day0 + b".Z", day1 + b"Z")))
    out.append(("a fraction of other digits", session(day0 + b".\xd9\xa1Z", day1 + b"Z")))
    return out


def nesting():
    out = []
    base = h.dumps(h.example("chess-bot.json"))
    for depth in (62, 63, 64, 65, 100000):
        for kind in (b"[", b"{"):
            deep = h.nested(depth, kind)
            out.append((f"{kind.decode()} nested {depth} deep in an unknown member",
                        base[:-1] + b',"deep":' + deep + b"}"))
    doc = h.example("selfpoker.json")
    for depth in (61, 62, 63, 64):
        out.append((f"hands nested {depth} deep", replace_value(doc, "/hands/0/0", h.nested(depth))))
    out.append(("unclosed nesting", base[:-1] + b',"deep":' + b"[" * 70))
    return out


def duplicate_keys():
    base = h.dumps(h.example("chess-bot.json"))[1:-1]
    pairs = [
        (b'"scheme"', b'"scheme"'),
        (b'"sch\\u0065me"', b'"scheme"'),
        (b'"\\u0073cheme"', b'"s\\u0063heme"'),
        (b'"k\\ud800"', b'"k\\udbff"'),
        (b'"k\\ud800"', b'"k\\ufffd"'),
        (b'"k\\ud800\\udc00"', b'"k\\ud800"'),
        (b'"k\xff"', b'"k\\ufffd"'),
        (b'"k\xff"', b'"k\xfe"'),
        (b'"k\\/"', b'"k/"'),
        (b'"k\\u0000"', b'"k"'),
    ]
    out = []
    for a, b in pairs:
        out.append((f"keys {a!r} and {b!r}", b"{" + base + b"," + a + b":1," + b + b":2}"))
        out.append((f"keys {a!r} and {b!r}, nested", b"{" + base + b',"x":{' + a + b":1," + b + b":2}}"))
    return out


def lines(size, rnd):
    """(label, line) of every hostile runner line; no line holds a newline."""
    out = []
    limit = h.LINE_LIMIT
    for path, ptr, _ in h.RUNNER_NUMBERS:
        out.append((f"long number {path}{ptr}", h.runner_number_line(path, ptr, limit)))
        out.append((f"long number {path}{ptr}, one byte over", h.runner_number_line(path, ptr, limit + 1)))
        scheme, op, inp = h.vector_request(path)
        req = {"id": "b", "scheme": scheme, "op": op, "input": inp}
        for n in BOUNDARY_INTEGERS:
            out.append((f"number {n[:12].decode()}… at {path}{ptr}", replace_value(req, "/input" + ptr, n)))
    scheme, op, inp = h.vector_request("poker_hmac_v1/hand.json")
    req = {"id": "s", "scheme": scheme, "op": op, "input": inp}
    for ptr in ("/id", "/input/table", "/input/serverSeed", "/input/seats/0/clientSeed"):
        for t in HOSTILE_TEXT:
            out.append((f"text {t!r} at {ptr}", replace_value(req, ptr, b'"x' + t + b'y"')))
        for b in INVALID_UTF8:
            out.append((f"bytes {b!r} at {ptr}", replace_value(req, ptr, b'"x' + b + b'y"')))
        out.append((f"long string at {ptr}", h.with_hole(req, ptr, limit, lambda n: b"q" * n, quote=True)))
        out.append((f"long string at {ptr}, one byte over",
                    h.with_hole(req, ptr, limit + 1, lambda n: b"q" * n, quote=True)))
    for depth in (30, 31, 32, 33, 100000):
        out.append((f"input nested {depth} deep",
                    h.runner_line(scheme, op, {}, "n")[:-2] + b'"x":' + h.nested(depth) + b"}}"))
    plain = h.runner_line("selfpoker_v1", "permutation", {"seed": "5", "n": 3}, "p")
    dups = [(b'"id":"a","id":"b"', "id twice"), (b'"id":"a","i\\u0064":"b"', "id and an escaped id"),
            (b'"id":"\\ud800","id":"\\udbff"', "two lone surrogates")]
    for inner, what in dups:
        out.append((f"duplicate keys: {what}", b"{" + inner + plain[len(b'{"id":"p"'):]))
    out.append(("duplicate input keys made equal by an escape", plain[:-2] + b',"\\u006e":4}}'))
    for b in INVALID_UTF8:
        out.append((f"bytes {b!r} outside a string", plain[:-1] + b + b"}"))
    for extra in (0, 1):
        pad = limit + extra - len(plain)
        out.append((f"padded inside to the limit{' and one byte' if extra else ''}", plain[:-1] + b" " * pad + b"}"))
        out.append((f"surrounded by whitespace, inside {'over' if extra else 'at'} the limit",
                    b" \t" * 1000 + plain[:-1] + b" " * pad + b"}" + b"\t \r" * 1000))
    out.append(("a blank line of 3 MiB", b" " * (3 << 20)))
    out.append(("a control byte in a string", plain.replace(b'"5"', b'"5\x1b"')))
    out.append(("a lone CR", b"\r"))
    out.append(("a NUL line", b"\x00"))
    for _ in range(40):
        c = bytearray(plain)
        c[rnd.randrange(len(c))] = rnd.choice(b'"\\{}[],:0123456789-eE.\x00\x1f\x7f\x80\xff \t\r')
        out.append(("a byte changed", bytes(c)))
    return out


def first_difference(a, b):
    """Where two outputs part: the line and the two versions of it."""
    la, lb = a.splitlines(), b.splitlines()
    for n, (x, y) in enumerate(zip(la, lb), 1):
        if x != y:
            return f"line {n}: {x[:200]!r} against {y[:200]!r}"
    return f"one output has {len(la)} lines, the other {len(lb)}"


def check_bounds(impl, what, el, rss, total, largest):
    problems = []
    limit_s = LIMIT_S + total / (1 << 20)
    if el > limit_s:
        problems.append(f"{impl} {what}: {el:.1f} s, the bound is {limit_s:.1f} s")
    limit_rss = (64 << 20) + 16 * largest + 8 * total
    if rss > limit_rss:
        problems.append(f"{impl} {what}: peak RSS {rss / 2**20:.1f} MiB, the bound is {limit_rss / 2**20:.1f} MiB")
    return problems


def batches(recs, most=20 << 20):
    """Consecutive groups of (index, record) of at most `most` bytes, a
    longer record alone: a verifier holds every answer until it writes its
    document, and an answer may quote its record's long value."""
    group, size = [], 0
    for i, (_, data) in enumerate(recs):
        if group and size + len(data) > most:
            yield group
            group, size = [], 0
        group.append((i, data))
        size += len(data)
    if group:
        yield group


def verify_all(tmp, recs):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python", "src"))
    cmds = {
        "go": [PFKIT, "verify", "--json"],
        "node": ["node", "node/verify.js", "--json"],
        "python": [PY, "-m", "pfkit", "verify", "--json"],
    }
    answers, problems = {impl: [] for impl in cmds}, []
    texts = {}  # implementation -> the text report of the batch being read
    stats = {impl: [0.0, 0, 0] for impl in cmds}  # seconds, most RSS, runs
    for group in batches(recs):
        files = []
        for i, data in group:
            p = os.path.join(tmp, f"r{i:04d}.json")
            with open(p, "wb") as f:
                f.write(data)
            files.append(p)
        total, largest = sum(len(d) for _, d in group), max(len(d) for _, d in group)
        for impl, cmd in cmds.items():
            status, out, err, el, rss = h.measure(cmd + files, env=env)
            try:
                doc = json.loads(out)
            except ValueError:
                problems.append(f"{impl} verify: no JSON document (exit {status}): "
                                f"{err.decode(errors='replace')[-500:]}")
                answers[impl] += [{"crashed": True}] * len(files)
                continue
            if doc.get("exit") != status:
                problems.append(f"{impl} verify: the document says exit {doc.get('exit')}, the process exited {status}")
            answers[impl] += [out] * len(files)  # the document's bytes, once per record of the batch
            problems += check_bounds(impl, f"verify of records {group[0][0]}-{group[-1][0]}", el, rss, total, largest)
            texts[impl] = h.measure(cmd[:-1] + files, env=env)[1]
            st = stats[impl]
            st[0], st[1], st[2] = st[0] + el, max(st[1], rss), st[2] + 1
        for impl, text in texts.items():
            if text != texts["go"]:
                problems.append(f"text reports of records {group[0][0]}-{group[-1][0]}: go and {impl} differ at "
                                + first_difference(texts["go"], text))
        for p in files:
            os.remove(p)
    total = sum(len(d) for _, d in recs)
    for impl, (el, rss, runs) in stats.items():
        print(f"  {impl:6} verify: {len(recs)} records, {total / 2**20:.1f} MiB in {runs} runs, {el:.2f} s, "
              f"peak RSS {rss / 2**20:.1f} MiB")
    return answers, problems


def eval_all(lns):
    stream = b"".join(line + b"\n" for _, line in lns)
    total, largest = len(stream), max(len(line) for _, line in lns)
    answers, problems = {}, []
    for impl in ("go", "node", "python"):
        chunks = [stream[i:i + (1 << 20)] for i in range(0, len(stream), 1 << 20)]
        status, out, err, el, rss = h.measure([PFKIT, "eval", "--impl", impl], chunks)
        if status != 0:
            problems.append(f"{impl} eval: exit {status}: {err.decode(errors='replace')[-500:]}")
        got = []
        for line in out.splitlines():
            try:
                r = json.loads(line)
            except ValueError:
                problems.append(f"{impl} eval: a response that is not JSON: {line[:200]!r}")
                continue
            got.append({"id": r.get("id"), "code": r["error"]["code"]} if "error" in r else r)
        answers[impl] = got
        problems += check_bounds(impl, "eval", el, rss, total, largest)
        print(f"  {impl:6} eval:   {len(lns)} lines, {total / 2**20:.1f} MiB in {el:.2f} s, "
              f"peak RSS {rss / 2**20:.1f} MiB")
    return answers, problems


def compare(kind, labels, answers):
    ref = answers.get("go")
    if ref is None:
        return [f"{kind}: the Go reference gave no answers"]
    problems = []
    for impl, got in answers.items():
        if len(got) != len(ref):
            problems.append(f"{kind}: {impl} gave {len(got)} answers, go {len(ref)}")
            continue
        for label, a, b in zip(labels, ref, got):
            if a == b:
                continue
            if isinstance(a, bytes):  # a verify document: say where it parts, once a batch
                problems.append(f"{kind} document with {label[:100]}: go and {impl} differ at {first_difference(a, b)}")
                break
            problems.append(f"{kind} {label[:100]}: go {json.dumps(a)[:300]}; {impl} {json.dumps(b)[:300]}")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", choices=sorted(SIZES), default="small",
                    help="how long the long values are: small (1 MiB, make test) or large (16 MiB, make bench)")
    args = ap.parse_args()
    size = SIZES[args.size]
    rnd = random.Random(SEED)
    recs, lns = records(size, rnd), lines(size, rnd)
    print(f"differential: {len(recs)} records and {len(lns)} runner lines "
          f"(seed {SEED}, long values of {size >> 20} MiB)")
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        answers, p = verify_all(tmp, recs)
        problems += p + compare("record", [label for label, _ in recs], answers)
    answers, p = eval_all(lns)
    problems += p + compare("line", [label for label, _ in lns], answers)
    for p in problems[:50]:
        print("FAIL " + p)
    if len(problems) > 50:
        print(f"… and {len(problems) - 50} more")
    if problems:
        print(f"{len(problems)} problems")
        return 1
    print("the three implementations agree on every hostile input, within the bounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
