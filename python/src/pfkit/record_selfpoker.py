"""REC-7: a selfpoker_v1 hand of the self-hosted room."""

from . import selfpoker_v1
from .reading import reading_of, readings_note
from .record_read import Record
from .report import Mismatches, Report, at, check_name, compare_list, distinct, place, run
from .words import text

SELFPOKER_NOTE = text("cli.note.selfpoker")


def verify_selfpoker(r: Record, backend=None) -> Report:
    o = r.data
    hands, board = o["hands"], o["board"]
    rep = Report(r.scheme, r.kind, text("cli.title.selfpoker", seed=r.seed, players=len(hands)))
    d = selfpoker_v1.deal(r.seed, len(hands), backend, reading_of(o, "dealing"))
    rep.equal(check_name("commitment"), "/commit", "SP-2", d["commit"], o["commit"],
              text("cli.summary.selfpoker_commitment_matches"), text("cli.summary.selfpoker_commitment_differs"))
    distinct(rep, "", False, [
        [run(h, lambda k, i=i: f"/hands/{i}/{k}", lambda k, i=i: place(at("player", i + 1), at("card", k + 1)))
         for i, h in enumerate(hands)]
        + [run(board, lambda k: f"/board/{k}", lambda k: at("boardCard", k + 1))]])
    ms = Mismatches()
    for i, h in enumerate(hands):
        compare_list(f"/hands/{i}", lambda k, i=i: place(at("player", i + 1), at("card", k + 1)), d["hands"][i], h,
                     into=ms)
    rep.lists(check_name("hands"), "/hands", "SP-4", text("cli.summary.hands_in_deck_order"), ms)
    rep.lists(check_name("board"), "/board", "SP-4", text("cli.summary.board_after_hands", count=len(board)),
              compare_list("/board", lambda k: at("boardCard", k + 1), d["board"][:len(board)], board))
    return rep.done(SELFPOKER_NOTE, readings_note(o, "dealing"))
