"""match_seed_v2: the table games' draw stream (spec section 5).

The algorithms are the spec's own (``pfkit.spec``), drawing from
``pfkit.stream``'s stream (the spec's words, each HMAC's shared part hashed
once); this module checks input in the runner contract's order (section 10.1)
and shapes the outputs.

Script API (every function raises :class:`pfkit.PfkitError` on bad input)::

    commit(server_seed) -> str
    draws(server_seed, game, match_id, client_seeds, program) -> {"results", "counter"}
    trace(server_seed, game, match_id, client_seeds, program) -> {"results", "counter", "draws"}
    inject(words, program) -> {"results", "used"}
    match(server_seed, game, match_id, client_seeds, play) -> {"seats", ..., "counter"}

A program is a list of steps: {"op": "word"}, {"op": "int", "n": N} or
{"op": "shuffle", "n": N}.
"""

from . import spec
from ._fields import OP_INPUTS, Fields, input_fields, integer, type_name
from .errors import (
    BAD_LENGTH,
    MISSING_FIELD,
    UNKNOWN_GAME,
    UNKNOWN_OP,
    WORDS_EXHAUSTED,
    WRONG_TYPE,
    PfkitError,
)
from .escape import cut_quoted
from .stream import match_stream

# Bounds of decision D-15.
MAX_CLIENT_SEEDS = 16
MAX_PROGRAM = 256
MAX_TRACE_PROGRAM = 16
MAX_TRACE_SHUFFLE = 64
MAX_SHUFFLE = 4096
MAX_WORDS = 4096
MAX_DEALS = 1000
MAX_BACKGAMMON_GAMES = 100
MAX_TURNS = 1000
MAX_MAHJONG_HANDS = 100
MAHJONG_DEAL = 53  # MJ-2: the deal is the first 53 draws of a hand
MAHJONG_WALL = 136  # MJ-1
BALOOT_DECK = 32  # CARD-2

# MS2-5: game id -> (client seeds, how the game draws after the seat order).
GAMES = {
    "backgammon": (2, "backgammon"),
    "checkers": (2, "seats"),
    "xiangqi": (2, "seats"),
    "tarneeb": (4, "deals52"),
    "trix": (4, "deals52"),
    "bridge": (4, "deals52"),
    "baloot": (4, "baloot"),
    "mahjong": (4, "mahjong"),
}


def _program(f: Fields, name: str, max_steps: int, max_shuffle: int) -> list:
    """A draws program: [(op, n)], checked step by step (op first, RUN-6)."""
    prog = []
    for i, v in enumerate(f.array(name, 1, max_steps)):
        where = f"{f.where(name)}[{i}]"
        if not isinstance(v, dict):
            raise PfkitError(WRONG_TYPE, f"{where}: expected an object, found {type_name(v)}")
        if "op" not in v:
            raise PfkitError(MISSING_FIELD, f"{where}.op: required field is missing (expected word, int or shuffle)")
        op = v["op"]
        if not isinstance(op, str):
            raise PfkitError(WRONG_TYPE, f"{where}.op: expected a string, found {type_name(op)}")
        if op == "word":
            Fields(v, where, ("op",))
            prog.append(("word", 0))
        elif op == "int":
            prog.append(("int", Fields(v, where, ("op", "n")).int_in("n", 1, spec.SPAN)))
        elif op == "shuffle":
            prog.append(("shuffle", Fields(v, where, ("op", "n")).int_in("n", 1, max_shuffle)))
        else:
            raise PfkitError(UNKNOWN_OP, f"{where}.op: expected word, int or shuffle, found {cut_quoted(op)}")
    return prog


def _run(stream, prog, after_step=None) -> list:
    results = []
    for op, n in prog:
        if op == "word":
            results.append(stream.next())
        elif op == "int":
            results.append(spec.int_below(stream, n))
        else:
            results.append(spec.shuffle(stream, range(n)))
        if after_step is not None:
            after_step(op, n)
    return results


def _match_fields(f: Fields):
    return f.seed("serverSeed"), f.id("game"), f.id("matchId"), f.ids("clientSeeds", 1, MAX_CLIENT_SEEDS)


def op_commit(inp) -> dict:
    f = input_fields(inp, OP_INPUTS["match_seed_v2/commit"])
    return {"commitment": spec.commit(f.seed("serverSeed"))}


def op_draws(inp) -> dict:
    f = input_fields(inp, OP_INPUTS["match_seed_v2/draws"])
    seed, game, match_id, client_seeds = _match_fields(f)
    prog = _program(f, "program", MAX_PROGRAM, MAX_SHUFFLE)
    stream = match_stream(seed, game, match_id, client_seeds)
    results = _run(stream, prog)
    return {"results": results, "counter": stream.k}


class _TracingStream(spec.Stream):
    """The spec's Stream, recording every draw for TRACE-1."""

    def __init__(self, key: str, prefix: str):
        super().__init__(key, prefix)
        self.draws = []

    def next(self) -> int:
        k = self.k
        message = self.prefix + str(k)
        digest = spec.hmac_hex(self.key, message)
        w = super().next()
        self.draws.append({"k": k, "message": message, "digest": digest, "word": w,
                           "n": None, "limit": None, "accepted": True})
        return w


def _judge(draws: list, ns) -> None:
    """Label the draws of one step with the n each was judged against (INT-2).

    int(n) draws until a word is below limit(n); a shuffle of L elements is
    int(L), int(L-1), ..., int(2) in turn. So walking the step's draws in order,
    n moves to the next value exactly when a draw is accepted.
    """
    n = next(ns, None)
    for d in draws:
        lim = spec.limit(n)
        d["n"], d["limit"], d["accepted"] = n, lim, d["word"] < lim
        if d["accepted"]:
            n = next(ns, None)


def op_trace(inp) -> dict:
    f = input_fields(inp, OP_INPUTS["match_seed_v2/trace"])
    seed, game, match_id, client_seeds = _match_fields(f)
    prog = _program(f, "program", MAX_TRACE_PROGRAM, MAX_TRACE_SHUFFLE)
    base = spec.match_stream(seed, game, match_id, client_seeds)
    stream = _TracingStream(base.key, base.prefix)
    start = [0]

    def after_step(op, n):
        step_draws = stream.draws[start[0]:]
        start[0] = len(stream.draws)
        if op == "int":
            _judge(step_draws, iter([n]))
        elif op == "shuffle":
            _judge(step_draws, iter(range(n, 1, -1)))

    results = _run(stream, prog, after_step)
    return {"results": results, "counter": stream.k, "draws": stream.draws}


class _InjectedWords:
    """INJ-1: the given words in order instead of HMAC output."""

    def __init__(self, words):
        self.words, self.used = words, 0

    def next(self) -> int:
        if self.used == len(self.words):
            raise PfkitError(WORDS_EXHAUSTED, f"words: the program needed more than the {len(self.words)} words given")
        self.used += 1
        return self.words[self.used - 1]


def op_inject(inp) -> dict:
    f = input_fields(inp, OP_INPUTS["match_seed_v2/inject"])
    words = [integer(f"input.words[{i}]", v, 0, spec.SPAN - 1) for i, v in enumerate(f.array("words", 0, MAX_WORDS))]
    prog = _program(f, "program", MAX_PROGRAM, MAX_SHUFFLE)
    src = _InjectedWords(words)
    results = _run(src, prog)
    return {"results": results, "used": src.used}


def _names(name, ids) -> list:
    return [name(c) for c in ids]


def op_match(inp) -> dict:
    f = input_fields(inp, OP_INPUTS["match_seed_v2/match"])
    seed, game, match_id, client_seeds = _match_fields(f)
    play = f.get("play")
    if game not in GAMES:
        raise PfkitError(UNKNOWN_GAME, f"input.game: expected one of {', '.join(GAMES)}, found {cut_quoted(game)}")
    players, kind = GAMES[game]
    if len(client_seeds) != players:
        raise PfkitError(BAD_LENGTH, f"input.clientSeeds: {game} is played by {players} players, "
                                     f"expected {players} client seeds, found {len(client_seeds)}")
    out = {}
    if kind == "seats":
        Fields.child("input.play", play)
        stream = match_stream(seed, game, match_id, client_seeds)
        out["seats"] = spec.seat_order(stream, players)
    elif kind == "backgammon":
        p = Fields.child("input.play", play, ("games", "backgammonOpening"))
        turns = [integer(f"input.play.games[{i}]", v, 0, MAX_TURNS)
                 for i, v in enumerate(p.array("games", 1, MAX_BACKGAMMON_GAMES))]
        opening = p.reading("backgammonOpening")  # READ-6
        stream = match_stream(seed, game, match_id, client_seeds)
        out["seats"] = spec.seat_order(stream, players)
        out["games"] = [spec.backgammon_game(stream, t, opening) for t in turns]
    elif kind == "deals52":
        n = Fields.child("input.play", play, ("deals",)).int_in("deals", 1, MAX_DEALS)
        stream = match_stream(seed, game, match_id, client_seeds)
        out["seats"] = spec.seat_order(stream, players)
        out["deals"] = [[_names(spec.table52_name, hand) for hand in spec.deal52(stream)] for _ in range(n)]
    elif kind == "baloot":
        p = Fields.child("input.play", play, ("hands", "balootDeal", "balootDeck"))
        buyers = []
        for i, v in enumerate(p.array("hands", 1, MAX_DEALS)):
            where = f"input.play.hands[{i}]"
            b = Fields.child(where, v, ("buyer",)).get("buyer")
            buyers.append(None if b is None else integer(where + ".buyer", b, 0, players - 1))
        deal = p.reading("balootDeal")  # READ-7
        name = p.order("balootDeck", spec.baloot32_name, BALOOT_DECK)  # READ-11
        stream = match_stream(seed, game, match_id, client_seeds)
        out["seats"] = spec.seat_order(stream, players)
        hands = []
        for buyer in buyers:
            h = spec.baloot_hand(stream, buyer, deal)
            ho = {"first": [_names(name, s) for s in h["first"]],
                  "upcard": name(h["upcard"]), "buyer": h["buyer"]}
            if buyer is not None:
                ho["rest"] = _names(name, h["rest"])
                ho["final"] = [_names(name, s) for s in h["final"]]
            hands.append(ho)
        out["hands"] = hands
    else:  # mahjong
        p = Fields.child("input.play", play, ("hands", "mahjongDraw", "mahjongDeal", "mahjongWall"))
        counts = [integer(f"input.play.hands[{i}]", v, MAHJONG_DEAL, MAHJONG_WALL)
                  for i, v in enumerate(p.array("hands", 1, MAX_MAHJONG_HANDS))]
        model = p.reading("mahjongDraw")  # READ-5
        layout = p.reading("mahjongDeal")  # READ-8
        tile = p.order("mahjongWall", spec.tile_name, MAHJONG_WALL)  # READ-10
        stream = match_stream(seed, game, match_id, client_seeds)
        out["seats"] = spec.seat_order(stream, players)
        hands = []
        for c in counts:
            h = spec.mahjong_hand(stream, c, model, layout)
            hands.append({"deal": [_names(tile, s) for s in h["deal"]],
                          "draws": _names(tile, h["draws"])})
        out["hands"] = hands
    out["counter"] = stream.k
    return out


OPS = {"commit": op_commit, "draws": op_draws, "trace": op_trace, "inject": op_inject, "match": op_match}


def _list(v):
    # Tuples are welcome from scripts; the checks see a JSON-shaped value.
    return list(v) if isinstance(v, tuple) else v


def commit(server_seed: str) -> str:
    """COMMIT-1: SHA-256 of the server seed's 64 hex characters."""
    return op_commit({"serverSeed": server_seed})["commitment"]


def draws(server_seed: str, game: str, match_id: str, client_seeds, program) -> dict:
    """Run a program on a match's stream: {"results": [...], "counter": next k}."""
    return op_draws({"serverSeed": server_seed, "game": game, "matchId": match_id,
                     "clientSeeds": _list(client_seeds), "program": _list(program)})


def trace(server_seed: str, game: str, match_id: str, client_seeds, program) -> dict:
    """As draws, listing every draw (TRACE-1) under "draws"."""
    return op_trace({"serverSeed": server_seed, "game": game, "matchId": match_id,
                     "clientSeeds": _list(client_seeds), "program": _list(program)})


def inject(words, program) -> dict:
    """Run a program on the given 52-bit words (INJ-1): {"results", "used"}."""
    return op_inject({"words": _list(words), "program": _list(program)})


def match(server_seed: str, game: str, match_id: str, client_seeds, play: dict) -> dict:
    """A whole match of one of the eight games (MS2-5), cards and tiles named."""
    return op_match({"serverSeed": server_seed, "game": game, "matchId": match_id,
                     "clientSeeds": _list(client_seeds), "play": play})
