# GENERATED FILE: DO NOT EDIT.
#
# Generated from spec/pfkit.md by tools/gen/spec_extract.py: the specification's
# ```python blocks, in document order and unchanged. The blocks are normative;
# to change this code, change the specification and run
#     python tools/gen/spec_extract.py
# `python tools/gen/spec_extract.py --check` fails when this file is out of date.
"""The normative reference code of the pfkit specification (spec/pfkit.md)."""


# --- spec/pfkit.md, 2. Conventions ---

import hashlib
import hmac

SPAN = 2 ** 52  # number of distinct words


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def hmac_hex(key: str, message: str) -> str:
    return hmac.new(key.encode("ascii"), message.encode("ascii"), hashlib.sha256).hexdigest()


# --- spec/pfkit.md, 4. Commitment, words and sampling ---

def commit(seed: str) -> str:
    return sha256_hex(seed)


# --- spec/pfkit.md, 4. Commitment, words and sampling ---

def word(key: str, message: str) -> int:
    return int(hmac_hex(key, message)[:13], 16)


class Stream:
    """Word k is word(key, prefix + str(k)); k counts every draw from 0."""

    def __init__(self, key: str, prefix: str):
        self.key, self.prefix, self.k = key, prefix, 0

    def next(self) -> int:
        w = word(self.key, self.prefix + str(self.k))
        self.k += 1
        return w


# --- spec/pfkit.md, 4. Commitment, words and sampling ---

def limit(n: int) -> int:
    return SPAN - SPAN % n


def int_below(stream, n: int) -> int:
    assert 1 <= n <= SPAN
    while True:
        w = stream.next()
        if w < limit(n):
            return w % n


# --- spec/pfkit.md, 4. Commitment, words and sampling ---

def shuffle(stream, items) -> list:
    a = list(items)
    for i in range(len(a) - 1, 0, -1):
        j = int_below(stream, i + 1)
        a[i], a[j] = a[j], a[i]
    return a


# --- spec/pfkit.md, 5. match_seed_v2: table games ---

def match_stream(server_seed: str, game: str, match_id: str, client_seeds: list) -> Stream:
    seed_list = ",".join(f"{i}={s}" for i, s in enumerate(client_seeds))
    return Stream(server_seed, f"pf2:{game}:{match_id}:{seed_list}:")


# --- spec/pfkit.md, 5. match_seed_v2: table games ---

def seat_order(stream, players: int) -> list:
    return shuffle(stream, range(players))


# --- spec/pfkit.md, 5.1 Backgammon ---

def die(stream) -> int:
    return int_below(stream, 6) + 1


def backgammon_game(stream, turns: int, opening_reading: str = "one_die_each") -> dict:
    if opening_reading == "first_seat_rolls":
        opening, first = [[die(stream), die(stream)]], 0
    else:
        opening = []
        while True:
            a, b = die(stream), die(stream)
            opening.append([a, b])
            if a != b:
                break
        first = 0 if a > b else 1
    rolls = [[die(stream), die(stream)] for _ in range(turns)]
    return {"opening": opening, "first": first, "rolls": rolls}


# --- spec/pfkit.md, 5.3 Tarneeb, trix and bridge ---

def deal52(stream) -> list:
    deck = shuffle(stream, range(52))
    return [deck[13 * i: 13 * i + 13] for i in range(4)]


# --- spec/pfkit.md, 5.4 Baloot ---

def baloot_first(seat: int, deal: str = "blocks") -> list:
    if deal == "three_two":
        return [3 * seat, 3 * seat + 1, 3 * seat + 2, 12 + 2 * seat, 13 + 2 * seat]
    return [5 * seat + k for k in range(5)]


def baloot_hand(stream, buyer, deal: str = "blocks"):
    deck = shuffle(stream, range(32))
    first = [[deck[p] for p in baloot_first(i, deal)] for i in range(4)]
    upcard = deck[20]
    if buyer is None:
        return {"first": first, "upcard": upcard, "buyer": None}
    rest = shuffle(stream, deck[21:])
    final, pos = [], 0
    for seat in range(4):
        take = 2 if seat == buyer else 3
        extra = [upcard] if seat == buyer else []
        final.append(first[seat] + extra + rest[pos: pos + take])
        pos += take
    return {"first": first, "upcard": upcard, "buyer": buyer, "rest": rest, "final": final}


# --- spec/pfkit.md, 5.5 Mahjong ---

def draw_tile(stream, wall: list, model: str = "swap_last") -> int:
    j = int_below(stream, len(wall))
    if model == "close_gap":
        return wall.pop(j)
    wall[j], wall[-1] = wall[-1], wall[j]
    return wall.pop()


def mahjong_seat(seat: int, layout: str = "blocks") -> list:
    if layout == "rounds":
        held = [16 * r + 4 * seat + k for r in range(3) for k in range(4)] + [48 + seat]
    else:
        held = [13 * seat + k for k in range(13)]
    return held + [52] if seat == 0 else held


def mahjong_hand(stream, count: int, model: str = "swap_last", layout: str = "blocks") -> dict:
    wall = list(range(136))
    drawn = [draw_tile(stream, wall, model) for _ in range(count)]
    deal = [[drawn[d] for d in mahjong_seat(i, layout)] for i in range(4)]
    return {"deal": deal, "draws": drawn[53:]}


# --- spec/pfkit.md, 5.6 Names of cards and tiles ---

RANKS, SUITS = "23456789TJQKA", "cdhs"
TILE_KINDS = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + ["E", "S", "W", "N", "Wd", "Gd", "Rd"]


def table52_name(c: int) -> str:
    return RANKS[c % 13] + SUITS[c // 13]


def baloot32_name(c: int) -> str:
    return "789TJQKA"[c % 8] + SUITS[c // 8]


def tile_name(t: int) -> str:
    return TILE_KINDS[t // 4]


def selfpoker_name(c: int) -> str:
    return RANKS[c // 4] + SUITS[c % 4]


# --- spec/pfkit.md, 6. poker_hmac_v1: committed poker decks ---

def hand_value(server_seed: str, table: str, session: str, n: int) -> str:
    return hmac_hex(server_seed, f"pk1:hand:{table}:{session}:{n}")


def poker_stream(hv: str, table: str, session: str, n: int, seats: list) -> Stream:
    """seats: (seat number, client seed) pairs in any order."""
    seated = ",".join(f"{seat}={seed}" for seat, seed in sorted(seats))
    return Stream(hv, f"pk1:{table}:{session}:{n}:{seated}:")


def poker_deck(hv: str, table: str, session: str, n: int, seats: list) -> list:
    return shuffle(poker_stream(hv, table, session, n, seats), range(52))


# --- spec/pfkit.md, 6. poker_hmac_v1: committed poker decks ---

PAD = sha256_hex("pk1:pad")


def salt(hv: str, i: int) -> str:
    return hmac_hex(hv, f"pk1:salt:{i}")


def leaf(i: int, card: int, salt_hex: str) -> str:
    return sha256_hex(f"pk1:leaf:{i}:{card}:{salt_hex}")


def node(left: str, right: str) -> str:
    return sha256_hex("pk1:node:" + left + right)


def tree_levels(hv: str, deck: list) -> list:
    level = [leaf(i, card, salt(hv, i)) for i, card in enumerate(deck)] + [PAD] * 12
    levels = [level]
    while len(level) > 1:
        level = [node(level[2 * m], level[2 * m + 1]) for m in range(len(level) // 2)]
        levels.append(level)
    return levels  # levels[6][0] is the root


def proof_path(levels: list, position: int) -> list:
    return [levels[l][(position >> l) ^ 1] for l in range(6)]


def root_from(leaf_hex: str, position: int, path: list) -> str:
    h = leaf_hex
    for l, sibling in enumerate(path):
        h = node(h, sibling) if (position >> l) & 1 == 0 else node(sibling, h)
    return h


# --- spec/pfkit.md, 6. poker_hmac_v1: committed poker decks ---

def hole_positions(j: int, players: int, dealing: str = "pairs") -> list:
    if dealing == "round_robin":
        return [j, players + j]
    return [2 * j, 2 * j + 1]


# --- spec/pfkit.md, 7. chess_colour_v1: chess colours ---

class XorStream:
    def __init__(self, seed_a: str, seed_b, prefix: str):
        self.a = Stream(seed_a, prefix)
        self.b = Stream(seed_b, prefix) if seed_b is not None else None

    def next(self) -> int:
        w = self.a.next()
        return w ^ self.b.next() if self.b is not None else w


def colour(seed_a: str, client_a: str, seed_b=None, client_b=None, bot_client_seed: str = "dash") -> str:
    commit_a = commit(seed_a)
    commit_b = commit(seed_b) if seed_b is not None else "-"
    client_b = client_b if seed_b is not None else ("" if bot_client_seed == "empty" else "-")
    assert commit_a != commit_b
    prefix = f"cc1:{commit_a}:{commit_b}:0={client_a},1={client_b}:"
    return "A" if int_below(XorStream(seed_a, seed_b, prefix), 2) == 0 else "B"


# --- spec/pfkit.md, 8.1 NumPy's permutation, exactly ---

M32, M64, M128 = 2 ** 32 - 1, 2 ** 64 - 1, 2 ** 128 - 1
INIT_A, MULT_A, INIT_B, MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
MIX_MULT_L, MIX_MULT_R = 0xCA01F9DD, 0x4973F715


def seed_words(seed: int) -> list:
    words = [seed & M32]
    seed >>= 32
    while seed:
        words.append(seed & M32)
        seed >>= 32
    return words


def seed_pool(entropy: list) -> list:
    hash_const = INIT_A

    def hashmix(value: int) -> int:
        nonlocal hash_const
        value ^= hash_const
        hash_const = (hash_const * MULT_A) & M32
        value = (value * hash_const) & M32
        return value ^ (value >> 16)

    def mix(x: int, y: int) -> int:
        r = (MIX_MULT_L * x - MIX_MULT_R * y) & M32
        return r ^ (r >> 16)

    pool = [hashmix(entropy[i] if i < len(entropy) else 0) for i in range(4)]
    for src in range(4):
        for dst in range(4):
            if src != dst:
                pool[dst] = mix(pool[dst], hashmix(pool[src]))
    for src in range(4, len(entropy)):
        for dst in range(4):
            pool[dst] = mix(pool[dst], hashmix(entropy[src]))
    return pool


def generate_state64(pool: list, n: int) -> list:
    hash_const, words = INIT_B, []
    for i in range(2 * n):
        v = pool[i % 4] ^ hash_const
        hash_const = (hash_const * MULT_B) & M32
        v = (v * hash_const) & M32
        words.append(v ^ (v >> 16))
    return [words[2 * i] | (words[2 * i + 1] << 32) for i in range(n)]


# --- spec/pfkit.md, 8.1 NumPy's permutation, exactly ---

PCG_MULT = 0x2360ED051FC65DA44385DF649FCCF645


class PCG64:
    def __init__(self, seed: int):
        s = generate_state64(seed_pool(seed_words(seed)), 4)
        initstate, initseq = (s[0] << 64) | s[1], (s[2] << 64) | s[3]
        self.inc = ((initseq << 1) | 1) & M128
        self.state = 0
        self.step()
        self.state = (self.state + initstate) & M128
        self.step()
        self.buffered = None

    def step(self):
        self.state = (self.state * PCG_MULT + self.inc) & M128

    def next64(self) -> int:
        self.step()
        hi, lo = self.state >> 64, self.state & M64
        x, rot = hi ^ lo, hi >> 58
        return ((x >> rot) | (x << ((64 - rot) & 63))) & M64

    def next32(self) -> int:
        if self.buffered is not None:
            value, self.buffered = self.buffered, None
            return value
        w = self.next64()
        self.buffered = w >> 32
        return w & M32

    def interval(self, max_value: int) -> int:
        if max_value == 0:
            return 0
        mask = (1 << max_value.bit_length()) - 1
        draw = self.next32 if max_value <= M32 else self.next64
        while True:
            value = draw() & mask
            if value <= max_value:
                return value


def numpy_permutation(seed: int, n: int) -> list:
    rng, a = PCG64(seed), list(range(n))
    for i in range(n - 1, 0, -1):
        j = rng.interval(i)
        a[i], a[j] = a[j], a[i]
    return a


# --- spec/pfkit.md, 8.1 NumPy's permutation, exactly ---

def selfpoker_deal(seed: int, players: int, dealing: str = "pairs") -> dict:
    deck = numpy_permutation(seed, 52)
    return {
        "commit": sha256_hex(f"selfpoker:{seed}"),
        "deck": deck,
        "hands": [[deck[p] for p in hole_positions(i, players, dealing)] for i in range(players)],
        "board": deck[2 * players: 2 * players + 5],
    }


# --- spec/pfkit.md, 10.1 Ops ---

def selfpoker_trace(seed: int, n: int) -> dict:
    words = seed_words(seed)
    pool = seed_pool(words)
    rng, a, draws = PCG64(seed), list(range(n)), []
    out = {
        "seedWords": words,
        "pool": pool,
        "stateWords": [f"{w:016x}" for w in generate_state64(pool, 4)],
        "pcg64": {"state": f"{rng.state:032x}", "inc": f"{rng.inc:032x}"},
        "draws": draws,
    }
    output = None
    for i in range(n - 1, 0, -1):
        mask = (1 << i.bit_length()) - 1
        while True:
            half = "low" if rng.buffered is None else "high"
            word = rng.next32()
            if half == "low":
                output = (rng.buffered << 32) | word
            draws.append({"max": i, "mask": mask, "output": f"{output:016x}", "half": half,
                          "word": word, "value": word & mask, "accepted": word & mask <= i})
            if word & mask <= i:
                break
        j = word & mask
        a[i], a[j] = a[j], a[i]
    out["permutation"] = a
    return out
