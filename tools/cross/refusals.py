#!/usr/bin/env python3
"""The three runners' refusals of mutated requests, compared (RUN-2, REF-1).

  python3 tools/cross/refusals.py [--sample N] [--out DIR]

Takes every valid vector case (a case with "expect" and "input") of every
vectors/<scheme>_vN/<op>.json and derives mutated requests from its input:
each field dropped, replaced by null, booleans, numbers at and past the
bounds (2^53, 1e400, 400 digits), strings outside ASCII, lone surrogates,
long strings, empty and oversized arrays, unknown and duplicate keys, and
inputs that are no object. It sends them in batches to `pfkit eval --impl go`,
`node` and `python` and lists every request whose three answers (compared as
JSON values) are not equal, grouped by kind, and every runner that crashed,
timed out or wrote something other than one JSON line per request. Exit
status 1 when there is either. --sample N sends every Nth request only; --out
DIR writes the report, the differences and the problems there.

RUN-2 compares codes only, so ports may word their messages as they like; the
kit holds its own three to the same message. Run by `make limits-test`
(pfkit is bin/pfkit, PFKIT_BIN names another). Standard library only.
"""

import argparse
import copy
import difflib
import glob
import json
import os
import re
import subprocess
import sys
import threading
import time
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PFKIT = os.environ.get("PFKIT_BIN") or os.path.join(ROOT, "bin", "pfkit")
BATCH = 3000
TIMEOUT = 240  # seconds for one batch of one runner
IMPLS = ("go", "node", "python")

# Raw JSON number texts that json.dumps cannot write: a placeholder string is
# put in the tree and replaced in the text after dumping.
RAW = {
    "1e400": "1e400", "-1e400": "-1e400", "neg0": "-0", "neg0.0": "-0.0", "1E2": "1E2", "1e0": "1e0",
    "5.0": "5.0", "2^64": "18446744073709551616", "1e-400": "1e-400", "big": "1" + "0" * 400,
    "-big": "-1" + "0" * 400, "big.5": "1" + "0" * 400 + ".5", "41digits": "1" + "0" * 40, "40digits": "1" + "0" * 39,
    "1e20": "1e20", "1.0e1": "1.0e1",
}


def raw(name):
    return f"\x00RAW:{name}\x00"


def dumps(obj):
    s = json.dumps(obj, ensure_ascii=True, separators=(",", ":"))
    for name, text in RAW.items():
        s = s.replace(json.dumps(raw(name)), text)
    return s


LONG = "a" * 10000
GENERIC = [
    ("null", None), ("true", True), ("false", False), ("0", 0), ("-1", -1), ("1.5", 1.5),
    ("1e400", raw("1e400")), ("-0", raw("neg0")), ("2^53", 2 ** 53), ("2^53+1", 2 ** 53 + 1),
    ("2^64", raw("2^64")), ("1e308", 1e308), ("big", raw("big")), ("-big", raw("-big")),
    ("big.5", raw("big.5")), ("41digits", raw("41digits")), ("40digits", raw("40digits")), ("1e20", raw("1e20")),
    ("1.0e1", raw("1.0e1")), ('"9"*10000', "9" * 10000), ('"-1"', "-1"), ('"01"', "01"),
    ('"12"', "12"), ('""', ""), ('"x"', "x"), ('"é"', "é"), ('"😀"', "😀"), ('"\\u0000"', "\u0000"),
    ('"\\u2028"', "\u2028"), ('"\\ud800"', "\ud800"), ('"\\udc00"', "\udc00"), ("long", LONG),
    ("[]", []), ("[1]", [1]), ('["x"]', ["x"]), ("{}", {}), ('{"a":1}', {"a": 1}),
]


def string_variants(s):
    out = [
        ("s+é", s + "é"), ("s+😀", s + "😀"), ("é+s", "é" + s), ("s+\\u0000", s + "\u0000"),
        ("\\u0000+s", "\u0000" + s), ("s+\\u2028", s + "\u2028"), ("s+\\ud800", s + "\ud800"),
        ("\\ud83d+s", "\ud83d" + s), ("s+ ", s + " "), (" +s", " " + s), ("upper", s.upper()),
        ("s+A", s + "A"), ("s[:-1]", s[:-1]), ("s*2", s * 2), ("s+long", s + LONG),
        ("fullwidth0+s", "\uff10" + s), ("s+\\t", s + "\t"), ("s+,", s + ","), ("s+é(NFD)", s + "e\u0301"),
        ("s+U+0660", s + "\u0660"), ("s+\\x7f", s + "\x7f"), ("s+\\u00a0", s + "\u00a0"),
    ]
    if s:
        out += [("s[1:]", s[1:]), ("s[0]=é", "é" + s[1:]), ("s[0]=😀", "😀" + s[1:]), ("s[-1]=G", s[:-1] + "G"),
                ("s[0]=\\ud800", "\ud800" + s[1:])]
    if s.lstrip("-").isdigit():
        out += [("num(s)", int(s)), ("s+.0", s + ".0"), ("0+s", "0" + s), ("-s", "-" + s), ("+s", "+" + s)]
    return out


def number_variants(n):
    out = [("n+1", n + 1), ("n-1", n - 1), ("-n", -n), ("n+0.5", n + 0.5), ("str(n)", str(n)),
           ("n*1000", n * 1000), ("n+2^53", n + 2 ** 53)]
    if isinstance(n, int):
        out += [("n.0", float(n))]
        if n == 5:
            out += [("5.0raw", raw("5.0"))]
    return out


def array_variants(a):
    out = [("[]", []), ("a+[null]", a + [None]), ("a+[a0]", a + a[:1]), ("a*2", a * 2), ("a*20", a * 20),
           ("reversed", a[::-1]), ("a[:-1]", a[:-1]), ("a[1:]", a[1:]), ("[a]", [a]), ("a*300", (a or [0]) * 300)]
    if len(a) >= 2:
        out += [("a[0]=a[1]", [a[1]] + a[1:]), ("a[-1]=a[0]", a[:-1] + [a[0]])]
    return out


def object_variants(o):
    out = [("+unknown", dict(o, zzUnknown=1)), ("+unknownNull", dict(o, zzUnknown=None)), ("{}", {}),
           ("+__proto__", dict(o, __proto__={"x": 1})), ("+constructor", dict(o, constructor=1))]
    for k in o:
        if k != k.upper():
            d = {(kk.upper() if kk == k else kk): v for kk, v in o.items()}
            out.append((f"rename {k}->{k.upper()}", d))
            d = {(kk + " " if kk == k else kk): v for kk, v in o.items()}
            out.append((f"rename {k}->'{k} '", d))
    return out


def leaves(obj, path=()):
    """Every node path of the tree (arrays: only first, second and last element)."""
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from leaves(v, path + (k,))
    elif isinstance(obj, list):
        idx = sorted({i for i in (0, 1, len(obj) - 1) if 0 <= i < len(obj)})
        for i in idx:
            yield from leaves(obj[i], path + (i,))


def set_at(obj, path, value, delete=False):
    obj = copy.deepcopy(obj)
    if not path:
        return value
    cur = obj
    for p in path[:-1]:
        cur = cur[p]
    if delete:
        if isinstance(cur, dict):
            del cur[path[-1]]
        else:
            del cur[path[-1]]
    else:
        cur[path[-1]] = value
    return obj


def pathstr(path):
    s = "input"
    for p in path:
        s += f"[{p}]" if isinstance(p, int) else f".{p}"
    return s


def mutations(inp):
    for path, node in leaves(inp):
        if path:
            yield pathstr(path), "drop", set_at(inp, path, None, delete=True)
        for name, v in GENERIC:
            yield pathstr(path), name, set_at(inp, path, v)
        if isinstance(node, str):
            for name, v in string_variants(node):
                yield pathstr(path), name, set_at(inp, path, v)
        elif isinstance(node, bool) or node is None:
            pass
        elif isinstance(node, (int, float)):
            for name, v in number_variants(node):
                yield pathstr(path), name, set_at(inp, path, v)
        elif isinstance(node, list):
            for name, v in array_variants(node):
                yield pathstr(path), name, set_at(inp, path, v)
        elif isinstance(node, dict):
            for name, v in object_variants(node):
                yield pathstr(path), name, set_at(inp, path, v)


def build_requests():
    """[(id, line, meta)] with meta = {scheme, op, case, path, mut}."""
    seen = set()
    out = []
    files = sorted(glob.glob(os.path.join(ROOT, "vectors", "*_v[0-9]*", "*.json")))
    ops = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        ops.append((doc["scheme"], doc["op"]))
        for c in doc["cases"]:
            if "expect" not in c or "input" not in c:
                continue
            for where, mut, inp in mutations(c["input"]):
                body = dumps(inp)
                key = (doc["scheme"], doc["op"], body)
                if key in seen:
                    continue
                seen.add(key)
                rid = f"m{len(out)}"
                line = f'{{"id":"{rid}","scheme":"{doc["scheme"]}","op":"{doc["op"]}","input":{body}}}'
                out.append((rid, line, {"scheme": doc["scheme"], "op": doc["op"], "case": c["id"],
                                        "path": where, "mut": mut}))
            # Duplicate keys in the input object (raw text).
            if isinstance(c["input"], dict) and c["input"]:
                k0 = next(iter(c["input"]))
                for dupval in ("null", '"x"', dumps(c["input"][k0])):
                    body = dumps(c["input"])
                    body = "{" + json.dumps(k0) + ":" + dupval + "," + body[1:]
                    rid = f"m{len(out)}"
                    line = f'{{"id":"{rid}","scheme":"{doc["scheme"]}","op":"{doc["op"]}","input":{body}}}'
                    out.append((rid, line, {"scheme": doc["scheme"], "op": doc["op"], "case": c["id"],
                                            "path": f"input.{k0}", "mut": f"duplicate key first={dupval[:20]}"}))
    # A few envelope mutations per op: input not an object, missing input.
    for scheme, op in ops:
        for name, v in [("input=null", "null"), ("input=[]", "[]"), ("input=1", "1"), ('input=""', '""'),
                        ("input={}", "{}"), ("no input", None)]:
            rid = f"m{len(out)}"
            tail = "" if v is None else f',"input":{v}'
            line = f'{{"id":"{rid}","scheme":"{scheme}","op":"{op}"{tail}}}'
            out.append((rid, line, {"scheme": scheme, "op": op, "case": None, "path": "input", "mut": name}))
    return out


PROBLEMS = []  # crashes, non-zero exits, non-JSON lines, timeouts


def run_impl(impl, batch):
    """Answers {id: answer} of one runner for a batch [(id, line, meta)];
    on a crash/timeout/missing answers, splits the batch to find the culprit."""
    data = "".join(line + "\n" for _, line, _ in batch).encode("utf-8")
    t0 = time.time()
    try:
        p = subprocess.run([PFKIT, "eval", "--impl", impl], input=data, capture_output=True, cwd=ROOT,
                           timeout=TIMEOUT if len(batch) > 1 else 30)
        rc, stdout, stderr, timed_out = p.returncode, p.stdout, p.stderr, False
    except subprocess.TimeoutExpired as e:
        rc, stdout, stderr, timed_out = None, e.stdout or b"", e.stderr or b"", True
    got, bad_lines = {}, []
    parts = stdout.split(b"\n")
    if parts and parts[-1] == b"":
        parts = parts[:-1]
    elif parts:
        bad_lines.append(("no final newline", parts[-1][:300]))
    ids = [rid for rid, _, _ in batch]
    # One answer line per request, in order: match by position (an answer to
    # a request the runner could not read carries id null).
    for rid, raw_line in zip(ids, parts):
        try:
            got[rid] = json.loads(raw_line.decode("utf-8"))
        except Exception as e:  # noqa: BLE001
            bad_lines.append((repr(e)[:100], raw_line[:300]))
    id_mismatch = [rid for rid in ids if rid in got and not (isinstance(got[rid], dict)
                   and got[rid].get("id") in (rid, None))]
    missing = [i for i in ids if i not in got]
    if rc == 0 and not timed_out and not missing and not bad_lines and not id_mismatch \
            and len(parts) == len(batch):
        return got
    if len(batch) == 1:
        PROBLEMS.append({"impl": impl, "id": ids[0], "line": batch[0][1][:500], "rc": rc, "timeout": timed_out,
                         "stderr": stderr.decode("utf-8", "replace")[-500:], "bad_lines": [
                             (w, b.decode("utf-8", "replace")) for w, b in bad_lines],
                         "n_lines": len(parts), "id_mismatch": bool(id_mismatch),
                         "seconds": round(time.time() - t0, 1)})
        return got
    half = len(batch) // 2
    sys.stderr.write(f"  {impl}: batch of {len(batch)} rc={rc} timeout={timed_out} missing={len(missing)} "
                     f"bad={len(bad_lines)} idmismatch={len(id_mismatch)} lines={len(parts)}; splitting\n")
    out = run_impl(impl, batch[:half])
    out.update(run_impl(impl, batch[half:]))
    return out


def seg_norm(s):
    """A message part with its quoted texts, code points and numbers blanked, to group alike ones."""
    s = re.sub(r'"(?:[^"\\]|\\.)*"', '"…"', s)
    s = re.sub(r"U\+[0-9A-F]+", "U+X", s)
    s = re.sub(r"\(expected [^)]*\)", "(expected …; found …)", s)
    s = re.sub(r"\d+", "N", s)
    return s


def tok(m):
    return re.findall(r'"(?:[^"\\]|\\.)*"|\([^)]*\)|\S+', m)


def delta(a, b):
    """Where two messages part, as normalised token runs."""
    ta, tb = tok(a), tok(b)
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ta, tb, autojunk=False).get_opcodes():
        if op != "equal":
            out.append(seg_norm(" ".join(ta[i1:i2])) + " -> " + seg_norm(" ".join(tb[j1:j2])))
    return "; ".join(out)


def desc(a):
    if a is None:
        return ("none", "")
    if "error" in a:
        return (a["error"].get("code"), a["error"].get("message", ""))
    return ("output", json.dumps(a.get("output"), sort_keys=True))


def kind(d):
    """The kind of a difference: the odd runner out against the two that agree, and where they part."""
    ds = {i: desc(d[i]) for i in IMPLS}
    # majority
    for odd in IMPLS:
        others = [i for i in IMPLS if i != odd]
        if ds[others[0]] == ds[others[1]]:
            base = others[0]
            break
    else:
        odd, base = None, "node"
    parts = []
    pairs = [(odd, base)] if odd else [("go", "node"), ("node", "python")]
    for x, y in pairs:
        (cx, mx), (cy, my) = ds[x], ds[y]
        if cx == "output" or cy == "output":
            parts.append(f"{x}:{cx} vs {y}:{cy}" if cx != cy else f"{x} vs {y}: outputs differ")
            continue
        p = f"{x} vs {y}: "
        if cx != cy:
            p += f"code {cx} != {cy}; "
        p += delta(my, mx)
        parts.append(p)
    return " || ".join(parts)


def send_all(reqs):
    """Every request to the three runners, a batch at a time: go and node side
    by side, then python (two cores). Returns {impl: {id: answer}}."""
    answers = {impl: {} for impl in IMPLS}
    for start in range(0, len(reqs), BATCH):
        batch = reqs[start:start + BATCH]
        results = {}

        def work(impl, batch=batch, results=results):
            results[impl] = run_impl(impl, batch)

        threads = [threading.Thread(target=work, args=(i,)) for i in ("go", "node")]
        for t in threads:
            t.start()
        work("python")
        for t in threads:
            t.join()
        for impl in IMPLS:
            answers[impl].update(results[impl])
    return answers


def differences(reqs, answers):
    """The requests whose three answers differ, and them grouped by kind, most first."""
    diffs = []
    for rid, line, meta in reqs:
        a = [answers[i].get(rid) for i in IMPLS]
        if not (a[0] == a[1] == a[2]):
            diffs.append({"id": rid, "line": line, "meta": meta, "go": a[0], "node": a[1], "python": a[2]})
    groups = defaultdict(list)
    for d in diffs:
        groups[kind(d)].append(d)
    order = sorted(groups.items(), key=lambda kv: (-len(kv[1]), min(len(x["line"]) for x in kv[1])))
    return diffs, order


def report(summary, order):
    """The report: the summary line, then each kind with its count, ops,
    mutations and shortest example, then the runner problems."""
    out = [summary, ""]
    for key, ds in order:
        ex = min(ds, key=lambda x: len(x["line"]))
        ops, muts = defaultdict(int), defaultdict(int)
        for d in ds:
            ops[d["meta"]["scheme"] + "/" + d["meta"]["op"]] += 1
            muts[d["meta"]["mut"]] += 1
        out.append(f"== {len(ds)} x  {key}")
        out.append(f"   ops: {sorted(ops.items(), key=lambda kv: -kv[1])}")
        out.append(f"   mutations: {sorted(muts.items(), key=lambda kv: -kv[1])[:12]}")
        out.append(f"   example: {ex['line'][:600]}")
        out.extend(f"   {i:6} {json.dumps(ex[i], ensure_ascii=False)[:600]}" for i in IMPLS)
        out.append("")
    if PROBLEMS:
        out.append("== runner problems")
        out.extend(json.dumps(p, ensure_ascii=False)[:1500] for p in PROBLEMS)
    return "\n".join(out) + "\n"


def write_out(out, report_text, diffs):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "diffs.jsonl"), "w", encoding="utf-8") as f:
        f.writelines(json.dumps(d) + "\n" for d in diffs)
    with open(os.path.join(out, "problems.json"), "w", encoding="utf-8") as f:
        json.dump(PROBLEMS, f, indent=1)
    with open(os.path.join(out, "report.txt"), "w", encoding="utf-8") as f:
        f.write(report_text)


def main(argv=None):
    ap = argparse.ArgumentParser(description="the three runners' refusals of mutated requests, compared")
    ap.add_argument("--sample", type=int, default=1, help="send every Nth request only (default 1: all)")
    ap.add_argument("--out", help="a folder for report.txt, diffs.jsonl and problems.json")
    a = ap.parse_args(argv)
    if a.sample < 1:
        ap.error("--sample is at least 1")
    t0 = time.time()
    reqs = build_requests()[::a.sample]
    answers = send_all(reqs)
    diffs, order = differences(reqs, answers)
    summary = (f"refusals: {len(reqs)} mutated requests, {len(diffs)} answered differently, {len(order)} kinds, "
               f"{len(PROBLEMS)} runner problems ({time.time() - t0:.0f} s)")
    text = report(summary, order)
    if a.out:
        write_out(a.out, text, diffs)
    sys.stdout.write(text if diffs or PROBLEMS else summary + "\n")
    return 1 if diffs or PROBLEMS else 0


if __name__ == "__main__":
    sys.exit(main())
