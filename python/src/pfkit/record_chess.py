"""REC-6: a chess_colour_v1 game record."""

from . import chess_colour_v1, spec
from .reading import reading_of, readings_note
from .record_read import Record
from .report import Mismatch, Report, check_name
from .words import text

CHESS_NOTE_PLAYERS = text("cli.note.chess_players")
CHESS_NOTE_BOT = text("cli.note.chess_bot")


def verify_chess(r: Record) -> Report:
    c = r.data
    bot = c["seedB"] is None
    rep = Report(r.scheme, r.kind, text("cli.title.chess_bot" if bot else "cli.title.chess_players"))
    rep.equal(check_name("side_commitment", side="A"), "/commitA", "CC-1", spec.commit(c["seedA"]), c["commitA"],
              text("cli.summary.side_commitment_matches", side="A"),
              text("cli.summary.side_commitment_differs", side="A"))
    if not bot:
        rep.equal(check_name("side_commitment", side="B"), "/commitB", "CC-1", spec.commit(c["seedB"]), c["commitB"],
                  text("cli.summary.side_commitment_matches", side="B"),
                  text("cli.summary.side_commitment_differs", side="B"))
    if c["commitA"] == c["commitB"]:
        rep.failed(check_name("distinct_commitments"), "/commitB", "CC-4",
                   text("cli.summary.same_seed"),
                   Mismatch("/commitB", check_name("side_commitment", side="B"), text("cli.value.other_commitment"),
                            c["commitB"]))
        return rep.done()
    white = chess_colour_v1.white(c["seedA"], c["clientA"], c["seedB"], c["clientB"], reading_of(c, "botClientSeed"))
    rep.equal(check_name("white"), "/white", "CC-3", white, c["white"],
              text("cli.summary.white_by_bot" if bot else "cli.summary.white_by_xor", side=white),
              text("cli.summary.differ", n=1))
    if bot:
        return rep.done(CHESS_NOTE_BOT, readings_note(c, "botClientSeed"))
    return rep.done(CHESS_NOTE_PLAYERS)
