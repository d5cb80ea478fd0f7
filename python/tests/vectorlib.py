"""Loading the vector files and expanding accumulated cases (vectors/README.md).

The recipes are written here from the README's table, independently of both
the Go generator and the package under test, so a digest that matches proves
the README, the generator and the implementation agree.
"""

import glob
import hashlib
import os

from pfkit import strictjson

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VECTORS = os.path.join(ROOT, "vectors")


def load(path: str):
    # The strict reader keeps 6.0 and 6e0 as written, so a case sends exactly
    # what the file says (json.load would turn them into the float 6.0).
    with open(path, "rb") as f:
        return strictjson.loads(f.read(), strictjson.UNBOUNDED)


def op_files() -> list:
    files = []
    for path in sorted(glob.glob(os.path.join(VECTORS, "*", "*.json"))):
        if os.path.basename(os.path.dirname(path)) == "records":
            continue  # match records for a future verify command, not op vectors
        files.append(path)
    return files


def rel(path: str) -> str:
    return os.path.relpath(path, VECTORS).replace(os.sep, "/")


def cases(kind: str, only=None) -> list:
    """[(name, scheme, op, case)] of every op file; kind "input" or "accumulate"."""
    out = []
    for path in op_files():
        doc = load(path)
        assert doc["schema"] == "vectors_v1.json", path
        if only is not None and doc["scheme"] not in only:
            continue
        for case in doc["cases"]:
            if kind in case:
                out.append((f"{rel(path)}#{case['id']}", doc["scheme"], doc["op"], case))
    return out


PAD_MARKER = "@@PAD@@"


def protocol_cases() -> list:
    """The protocol cases, each padTo line expanded as vectors/README.md says:
    the marker replaced by as many x as make the line exactly padTo bytes; each
    case's "line" is the bytes to send (rawHex decoded, or raw in UTF-8)."""
    doc = load(os.path.join(VECTORS, "protocol.json"))
    assert doc["schema"] == "protocol_v1.json"
    cases = []
    for c in doc["cases"]:
        if "rawHex" in c:
            # Bytes that are not UTF-8, sent as they are: "line" is always the
            # bytes to send, "raw" is there only for lines that are text.
            assert "raw" not in c, c["id"]
            cases.append((f"protocol.json#{c['id']}", dict(c, line=bytes.fromhex(c["rawHex"]))))
            continue
        if c.get("padTo"):
            raw = c["raw"]
            assert raw.count(PAD_MARKER) == 1, c["id"]
            fill = c["padTo"] - (len(raw.encode("utf-8")) - len(PAD_MARKER))
            c = dict(c, raw=raw.replace(PAD_MARKER, "x" * fill))
            assert len(c["raw"].encode("utf-8")) == c["padTo"]
        cases.append((f"protocol.json#{c['id']}", dict(c, line=c["raw"].encode("utf-8"))))
    return cases


def request_line(name: str, scheme: str, op: str, inp) -> str:
    return strictjson.canon({"id": name, "scheme": scheme, "op": op, "input": inp})


def h(label: str, i: int) -> str:
    return hashlib.sha256(f"pfkit:acc:{label}:{i}".encode("ascii")).hexdigest()


def u(label: str, i: int) -> int:
    return int(h(label, i)[:16], 16)


GAMES = ["backgammon", "checkers", "xiangqi", "tarneeb", "trix", "bridge", "baloot", "mahjong"]
PLAYERS = {"backgammon": 2, "checkers": 2, "xiangqi": 2, "tarneeb": 4, "trix": 4, "bridge": 4, "baloot": 4,
           "mahjong": 4}


def recipe(name: str, i: int):
    """(scheme, op, input) of request i of a recipe, per vectors/README.md."""
    if name == "draws/v1":
        hx = h("draws", i)
        return "match_seed_v2", "draws", {
            "serverSeed": hx, "game": "bridge", "matchId": f"m{i}",
            "clientSeeds": [f"c{j}-{hx[8 + 4 * j:12 + 4 * j]}" for j in range(i % 4 + 1)],
            "program": [{"op": "shuffle", "n": 1 + i % 60}, {"op": "int", "n": 1 + i},
                        {"op": "int", "n": 2 ** 51 + 1 + i}, {"op": "word"}],
        }
    if name == "match/v1":
        g = GAMES[i % 8]
        if g == "backgammon":
            play = {"games": [i % 30]}
        elif g in ("checkers", "xiangqi"):
            play = {}
        elif g in ("tarneeb", "trix", "bridge"):
            play = {"deals": 1 + i % 3}
        elif g == "baloot":
            play = {"hands": [{"buyer": None if (i // 8) % 5 == 4 else (i // 8) % 4}]}
        else:
            play = {"hands": [53 + (7 * i) % 84]}
        return "match_seed_v2", "match", {
            "serverSeed": h("match", i), "game": g, "matchId": f"acc-{i}",
            "clientSeeds": [f"p{j}-{i}" for j in range(PLAYERS[g])], "play": play,
        }
    if name == "hand/v1":
        return "poker_hmac_v1", "hand", {
            "serverSeed": h("hand", i), "table": f"t{i % 7}", "session": f"s{i // 7}", "hand": 1 + i % 500,
            "seats": [{"seat": (i + j) % 10, "clientSeed": f"c{j}-{i}"} for j in range(2 + i % 9)],
        }
    if name == "colour/v1":
        if i % 4 == 3:
            return "chess_colour_v1", "colour", {"seedA": h("colourA", i), "clientA": f"a{i}", "seedB": None,
                                                 "clientB": None}
        return "chess_colour_v1", "colour", {"seedA": h("colourA", i), "clientA": f"a{i}",
                                             "seedB": h("colourB", i), "clientB": f"b{i}"}
    if name == "deal/v1":
        x = u("deal", i)
        return "selfpoker_v1", "deal", {"seed": str(x >> 33 if i % 4 == 0 else x >> 1), "players": 2 + i % 22}
    if name == "permutation/v1":
        return "selfpoker_v1", "permutation", {"seed": str(u("permutation", i) >> 1), "n": 1 + (37 * i) % 1000}
    raise KeyError(f"unknown recipe {name!r}")


def digest(outputs) -> str:
    """VEC-3: SHA-256 over canon(output) + "\\n" for each output in order."""
    d = hashlib.sha256()
    for out in outputs:
        d.update(strictjson.canon(out).encode("utf-8"))
        d.update(b"\n")
    return d.hexdigest()


def same(a, b) -> bool:
    """Exact JSON equality: true is not 1, 1 is not 1.0 (compared canonically)."""
    return strictjson.canon(a) == strictjson.canon(b)
