"""REC-3: a match_seed_v2 match record, recomputed with the record's own shape."""

from . import match_seed_v2, spec
from .reading import declared_order, reading_of, readings_note
from .record_read import Record
from .report import (
    Mismatches,
    Report,
    at,
    at_seat,
    check_name,
    client_seeds,
    compare_list,
    compare_one,
    distinct,
    place,
    run,
    seat_runs,
    seat_words,
    seed_values,
)
from .stream import match_stream
from .words import text

MATCH_NOTE = text("cli.note.match")


def _throws(ts) -> list:
    """Throws as text, each of the 36 written once however often it is
    thrown: a failed match of 200,000 throws holds two texts each."""
    return [_THROW_TEXT.get((a, b)) or f"{a}-{b}" for a, b in ts]


_THROW_TEXT = {(a, b): f"{a}-{b}" for a in range(1, 7) for b in range(1, 7)}


def _names(name, ids) -> list:
    return [name(c) for c in ids]


def verify_match(r: Record) -> Report:
    m = r.data
    game, match_id, seed = m["game"], m["matchId"], m["serverSeed"]
    players, play = match_seed_v2.GAMES[game]
    rep = Report(r.scheme, r.kind, text("cli.title.match", game=game, matchId=match_id))
    rep.equal(check_name("commitment"), "/commitment", "MS2-1", spec.commit(seed), m["commitment"],
              text("cli.summary.commitment_matches"), text("cli.summary.commitment_differs"))
    stream = match_stream(seed, game, match_id, m["clientSeeds"])
    seats, seeds = spec.seat_order(stream, players), m["clientSeeds"]
    rep.lists(check_name("seat_order"), "/seats", "MS2-4",
              text("cli.summary.seats_drawn", seeds=client_seeds(seats, seeds)),
              compare_list("/seats", at_seat, seed_values(seats, seeds),
                           seed_values([int(s) for s in m["seats"]], seeds)))
    notes = [MATCH_NOTE]
    if play in _MATCH_PLAYS:
        notes += _MATCH_PLAYS[play](rep, m, stream)
    _other_seed(rep)
    return rep.done(*notes)


def _backgammon(rep: Report, m: dict, stream) -> list:
    """BG-1, BG-2: each game's opening throws, who moves first, and the rolls."""
    opening_reading = reading_of(m, "backgammonOpening")
    for gi, rg in enumerate(m["games"]):
        want = spec.backgammon_game(stream, len(rg["rolls"]), opening_reading)
        game, p = gi + 1, f"/games/{gi}"
        opening = _throws(want["opening"])
        ms = compare_list(f"{p}/opening", lambda i, game=game: place(at("game", game), at("opening", i + 1)),
                          opening, _throws(rg["opening"]))
        compare_one(f"{p}/first", place(at("game", game), at("first")),
                    text("cli.value.seat", seat=seat_words(want["first"])),
                    text("cli.value.seat", seat=seat_words(int(rg["first"]))), into=ms)
        rep.lists(check_name("game_opening", game=game), f"{p}/opening", "BG-1",
                  text("cli.summary.opening_throw" if len(opening) == 1 else "cli.summary.opening_throws",
                       throws=" ".join(opening)), ms)
        rep.lists(check_name("game_rolls", game=game), f"{p}/rolls", "BG-2",
                  text("cli.summary.turns_of_dice", count=len(want["rolls"])),
                  compare_list(f"{p}/rolls", lambda i, game=game: place(at("game", game), at("turn", i + 1)),
                               _throws(want["rolls"]), _throws(rg["rolls"])))
    return [readings_note(m, "backgammonOpening")]


def _deals52(rep: Report, m: dict, stream) -> list:
    """DEAL-1: every deal of the 52-card games, all four hands."""
    distinct(rep, "/deals", False, [
        seat_runs(rd, lambda s, i, di=di: f"/deals/{di}/{s}/{i}",
                  lambda s, i, di=di: place(at("deal", di + 1), at_seat(s), at("card", i + 1)))
        for di, rd in enumerate(m["deals"])])
    for di, rd in enumerate(m["deals"]):
        want = spec.deal52(stream)
        ms = Mismatches()
        for s in range(4):
            compare_list(f"/deals/{di}/{s}",
                         lambda i, di=di, s=s: place(at("deal", di + 1), at_seat(s), at("card", i + 1)),
                         _names(spec.table52_name, want[s]), rd[s], into=ms)
        rep.lists(check_name("deal", deal=di + 1), f"/deals/{di}", "DEAL-1",
                  text("cli.summary.cards_in_place", count=52), ms)
    return []


def _baloot(rep: Report, m: dict, stream) -> list:
    """BAL-1: both distributions of every hand, in the record's card order."""
    card_name = declared_order(m, "balootDeck", spec.baloot32_name)
    decks = []
    for hi, rh in enumerate(m["hands"]):
        hand, p = at("hand", hi + 1), f"/hands/{hi}"
        decks.append(seat_runs(rh["first"], lambda s, i, p=p: f"{p}/first/{s}/{i}",
                               lambda s, i, hand=hand: place(hand, at_seat(s), at("firstCard", i + 1)))
                     + [run([rh["upcard"]], lambda i, p=p: f"{p}/upcard",
                            lambda i, hand=hand: place(hand, at("upcard")))])
        if "final" in rh:  # the final hands repeat the first five cards: a deck of their own
            decks.append(seat_runs(rh["final"], lambda s, i, p=p: f"{p}/final/{s}/{i}",
                                   lambda s, i, hand=hand: place(hand, at_seat(s), at("finalCard", i + 1))))
    distinct(rep, "/hands", False, decks)
    deal = reading_of(m, "balootDeal")
    for hi, rh in enumerate(m["hands"]):
        buyer = None if rh["buyer"] is None else int(rh["buyer"])
        want = spec.baloot_hand(stream, buyer, deal)
        hand, p = at("hand", hi + 1), f"/hands/{hi}"
        ms = Mismatches()
        for s in range(4):
            compare_list(f"{p}/first/{s}",
                         lambda i, s=s, hand=hand: place(hand, at_seat(s), at("firstCard", i + 1)),
                         _names(card_name, want["first"][s]), rh["first"][s], into=ms)
        compare_one(f"{p}/upcard", place(hand, at("upcard")), card_name(want["upcard"]), rh["upcard"], into=ms)
        if buyer is not None and "final" in rh:
            for s in range(4):
                compare_list(f"{p}/final/{s}",
                             lambda i, s=s, hand=hand: place(hand, at_seat(s), at("finalCard", i + 1)),
                             _names(card_name, want["final"][s]), rh["final"][s], into=ms)
        rep.lists(check_name("hand", hand=hi + 1), p, "BAL-1", text("cli.summary.both_distributions"), ms)
    return [readings_note(m, "balootDeal", "balootDeck")]


def _mahjong(rep: Report, m: dict, stream) -> list:
    """MJ-2: every hand's deal and draws, in the record's tile order."""
    tile_name = declared_order(m, "mahjongWall", spec.tile_name)
    distinct(rep, "/hands", True, [
        seat_runs(rh["deal"], lambda s, i, hi=hi: f"/hands/{hi}/deal/{s}/{i}",
                  lambda s, i, hi=hi: place(at("hand", hi + 1), at_seat(s), at("tile", i + 1)))
        + [run(rh["draws"], lambda i, hi=hi: f"/hands/{hi}/draws/{i}",
               lambda i, hi=hi: place(at("hand", hi + 1), at("draw", i + 1)))]
        for hi, rh in enumerate(m["hands"])])
    model, layout = reading_of(m, "mahjongDraw"), reading_of(m, "mahjongDeal")
    for hi, rh in enumerate(m["hands"]):
        count = match_seed_v2.MAHJONG_DEAL + len(rh["draws"])
        want = spec.mahjong_hand(stream, count, model, layout)
        hand, p = at("hand", hi + 1), f"/hands/{hi}"
        ms = Mismatches()
        for s in range(4):
            compare_list(f"{p}/deal/{s}", lambda i, s=s, hand=hand: place(hand, at_seat(s), at("tile", i + 1)),
                         _names(tile_name, want["deal"][s]), rh["deal"][s], into=ms)
        compare_list(f"{p}/draws", lambda i, hand=hand: place(hand, at("draw", i + 1)),
                     _names(tile_name, want["draws"]), rh["draws"], into=ms)
        rep.lists(check_name("hand", hand=hi + 1), p, "MJ-2", text("cli.summary.tiles_in_place", count=count), ms)
    return [readings_note(m, "mahjongDraw", "mahjongDeal", "mahjongWall")]


#: What a match's record holds after the seat order, by how its game draws
#: (match_seed_v2.GAMES); the games that only draw seats hold nothing more.
_MATCH_PLAYS = {"backgammon": _backgammon, "deals52": _deals52, "baloot": _baloot, "mahjong": _mahjong}


# The requirements of the checks that compare what a match drew after its seat order.
_DEALT = frozenset({"DEAL-1", "BAL-1", "MJ-2", "BG-1", "BG-2"})


def _other_seed(rep: Report):
    """REC-11: when the commitment fails and every dealt check fails too, the
    record was drawn from another server seed; each dealt check says so in its
    summary instead of listing values that all follow from that seed, and still fails."""
    dealt = [c for c in rep.checks if c.requirement in _DEALT]
    if not rep.checks or rep.checks[0].ok or not dealt or any(c.ok for c in dealt):
        return
    for c in dealt:
        c.summary = text("cli.summary.other_seed", n=len(c.mismatches) + c.more)
        c.mismatches, c.more = [], 0
