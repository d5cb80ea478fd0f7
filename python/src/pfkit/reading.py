"""The declared readings: where the published pages leave a rule open, a
request or a record may declare how it reads it; absent, the kit's reading,
listed first, holds.

The op input reader (``_fields.Fields.reading`` and ``Fields.order``) and the
records both take the readings and the check of a fixed order from here; each
scheme's module branches on the reading it was given.
"""

from . import _spec_tables
from .escape import cut_quoted, quoted
from .words import text as words_text

#: The readings a request or record may declare (READ-1), the kit's reading
#: first: it applies when none is declared. The spec's section 15.1, generated.
READINGS = _spec_tables.READINGS


def _times(k: int) -> str:
    """A count as REF-4 writes it, in the catalog's words: "once", "twice", "N times"."""
    if k in (1, 2):
        return words_text("cli.refusal.once" if k == 1 else "cli.refusal.twice")
    return words_text("cli.refusal.times", n=k)


def order_problem(names, base, n: int):
    """Why names is not an order of the pieces base names (ids 0..n-1), or
    None: a name that is no piece, else the first piece in base's order that
    names holds too often or too seldom, in REF-4's words."""
    want, got = {}, {}
    for i in range(n):
        want[base(i)] = want.get(base(i), 0) + 1
    for x in names:
        if x not in want:
            return words_text("cli.refusal.noPiece", piece=cut_quoted(x))
        got[x] = got.get(x, 0) + 1
    for x, k in want.items():
        if got.get(x, 0) != k:
            return words_text("cli.refusal.pieceCount", piece=quoted(x), want=_times(k), found=_times(got.get(x, 0)))
    return None


def reading_of(o: dict, field: str):
    """The reading a record declares, or the kit's when it declares none (READ-1)."""
    v = o.get(field, READINGS[field][0])
    return int(v) if field == "firstHand" else v


_ORDER_FIELDS = ("mahjongWall", "balootDeck")


def declared_order(o: dict, field: str, base):
    """The naming of a record's pieces: the kit's, or the fixed order the record
    lists in field (READ-10, READ-11), which read() has found an order of the
    deck's pieces (REF-4)."""
    return o[field].__getitem__ if field in o else base


def readings_note(o: dict, *fields) -> str:
    """Says the readings a verification followed (READ-1) as the rules they
    choose: those the record declared in one sentence, those left to our
    verifier in another, then the record's fields behind them."""
    record, kit, shown = [], [], []
    for f in fields:
        if f in _ORDER_FIELDS:
            rule = "listed" if f in o else "kit"
            shown.append(words_text("cli.reading.field_listed" if f in o else "cli.reading.field_standard", field=f))
        else:
            v = reading_of(o, f)
            rule = str(v)
            shown.append(words_text("cli.reading.field", field=f, value=str(v) if isinstance(v, int) else quoted(v)))
        (record if f in o else kit).append(words_text(f"cli.reading.{f}.{rule}"))
    if not record:
        note = words_text("cli.reading.kit_only", readings="; ".join(kit))
    elif not kit:
        note = words_text("cli.note.readings", readings="; ".join(record))
    else:
        note = (words_text("cli.note.readings", readings="; ".join(record)) + " "
                + words_text("cli.reading.kit_too", readings="; ".join(kit)))
    return note + " " + words_text("cli.reading.fields", fields=", ".join(shown))
