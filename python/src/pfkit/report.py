"""What a record verification reports (spec section 15): every check, passed
or failed, and the mismatches of each failed check.

    Report(scheme, kind, title)    checks added with passed, failed, equal, lists
    Mismatches                     a check's first 64 mismatches, the rest counted (REC-10)
    compare_list, compare_one      the mismatches of compared lists and values
    distinct(report, ...)          DIST-1 over the cards or tiles a record shows

A mismatch is (JSON pointer, where in words, expected, found). Two
implementations agree on a record when they give the same status and the same
``report.failures()`` (REC-9).
"""

from .escape import quoted
from .poker_hmac_v1 import MAX_HANDS
from .words import text


def check_name(code: str, **params) -> str:
    """A check's name (REC-9): the catalog's cli.check.<code> with its parameters."""
    return text("cli.check." + code, **params)


def at(key: str, n: int = None) -> str:
    """One part of a mismatch's place, cli.at.<key>, with its number: deal 3, seat 2."""
    return text("cli.at." + key) if n is None else text("cli.at." + key, n=n)


def place(*parts: str) -> str:
    """The parts of a place joined, in the catalog's order of cli.at."""
    return ", ".join(parts)


def seat_words(n: int) -> str:
    """A seat in order, as the pages say it (D-33): a record's seat i, numbered
    from 0, is the (i + 1)th seat ("third seat"); a number no table has is said
    as the record writes it ("seat numbered 12")."""
    return text(f"cli.seat.nth.{n + 1}") if 0 <= n < 10 else text("cli.seat.other", n=str(n))


def at_seat(n: int) -> str:
    """The seat part of a place: "deal 2, third seat, card 7"."""
    return text("cli.at.seat", seat=seat_words(n))


def hand_number(number: int, count: int):
    """A poker hand as the pages say it (READ-3). count is the hand counted
    from 1: its place in a session reveal's list, or a leave bundle's number
    from the first hand on. The record's number when the two agree, else the
    count with the record's number beside it ("1 (number 0 in the record)");
    a hand no session can hold (a count outside 1 to 500) by the record's
    number alone ("numbered 500 in the record"), never as a hand 501."""
    if not 1 <= count <= MAX_HANDS:
        return text("cli.hand.numbered", number=number)
    return number if count == number else text("cli.hand.counted", n=count, number=number)


def at_hand(number: int, count: int) -> str:
    """The hand part of a poker place: "hand 1 (number 0 in the record)"."""
    return text("cli.at.hand", n=hand_number(number, count))


def deck_card(i: int) -> str:
    """A deck position said as people count: index i is card i + 1 of the deck."""
    return text("cli.value.deck_card", n=i + 1)


def client_seeds(seats, seeds) -> str:
    """A seat order said by the client seeds it puts in the seats, from the
    first seat on; seats holds indexes into seeds (MS2-4)."""
    return ", ".join(quoted(seeds[ix]) if 0 <= ix < len(seeds) else str(ix) for ix in seats)


def seed_values(seats, seeds) -> list:
    """A seat order's values as a mismatch shows them: client seed "north", or,
    for an index the list has no seed at, the index as the record writes it."""
    return [text("cli.value.client_seed", seed=quoted(seeds[ix])) if 0 <= ix < len(seeds)
            else text("cli.value.client_seed_numbered", n=ix) for ix in seats]


#: Clipping a long value in a report line: a value of more than CLIP_OVER
#: characters (code points) keeps its first CLIP_HEAD and last CLIP_TAIL around
#: "…", 30 characters in all, so that a line stays short whatever a record
#: holds while the ends stay in view (as go/internal/record/time_words.go).
CLIP_OVER, CLIP_HEAD, CLIP_TAIL = 40, 23, 6


def clipped(s: str) -> str:
    return s if len(s) <= CLIP_OVER else s[:CLIP_HEAD] + "…" + s[-CLIP_TAIL:]

VERIFIED, FAILED, UNREADABLE, UNSPECIFIED = "verified", "failed", "unreadable", "unspecified"
STATUSES = (VERIFIED, FAILED, UNREADABLE, UNSPECIFIED)


class Mismatch:
    """One value the record gets wrong."""

    __slots__ = ("pointer", "where", "expected", "found")

    def __init__(self, pointer: str, where: str, expected: str, found: str):
        self.pointer, self.where, self.expected, self.found = pointer, where, expected, found

    def __repr__(self):
        return f"Mismatch({self.pointer!r}, expected={self.expected!r}, found={self.found!r})"

    def to_json(self) -> dict:
        return {"pointer": self.pointer, "where": self.where, "expected": self.expected, "found": self.found}


MAX_MISMATCHES = 64  # REC-10


class Mismatches:
    """A check's mismatches (REC-10): the first MAX_MISMATCHES kept in the
    order found, the rest only counted, so a record that differs from its
    deal in every value costs no more than one that differs in 64."""

    __slots__ = ("kept", "more")

    def __init__(self, *ms):
        self.kept, self.more = [], 0
        for m in ms:
            self.add(m)

    def full(self) -> bool:
        """The next mismatch will only be counted: a caller may skip building it."""
        return len(self.kept) >= MAX_MISMATCHES

    def add(self, m: Mismatch):
        if len(self.kept) >= MAX_MISMATCHES:
            self.more += 1
        else:
            self.kept.append(m)

    def count(self) -> int:
        """Every mismatch found, kept or not."""
        return len(self.kept) + self.more


class Check:
    """One line of a report: a named check over the part of the record at
    ``pointer``, behind a spec requirement; ``mismatches`` are the first
    MAX_MISMATCHES found, ``more`` counts the rest (REC-10)."""

    __slots__ = ("name", "pointer", "requirement", "ok", "summary", "mismatches", "more")

    def __init__(self, name, pointer, requirement, ok, summary, mismatches: Mismatches = None):
        self.name, self.pointer, self.requirement = name, pointer, requirement
        self.ok, self.summary = ok, summary
        self.mismatches = mismatches.kept if mismatches else []
        self.more = mismatches.more if mismatches else 0

    def __repr__(self):
        more = f", {len(self.mismatches)} mismatches" if self.mismatches else ""
        return f"Check({self.name!r}, ok={self.ok!r}{more})"

    def to_json(self) -> dict:
        out = {"name": self.name, "pointer": self.pointer, "requirement": self.requirement, "ok": self.ok,
               "summary": self.summary}
        if self.mismatches:
            out["mismatches"] = [m.to_json() for m in self.mismatches]
        out["more"] = self.more
        return out


class Report:
    """The verdict on one record: every check, and notes on what they prove."""

    __slots__ = ("scheme", "kind", "status", "title", "checks", "notes")

    def __init__(self, scheme, kind, title):
        self.scheme, self.kind, self.title = scheme, kind, title
        self.status = VERIFIED
        self.checks = []
        self.notes = []

    def __repr__(self):
        failed = sum(1 for c in self.checks if not c.ok)
        return f"Report({self.title!r}, status={self.status!r}, checks={len(self.checks)}, failed={failed})"

    def failures(self) -> list:
        """The pointer of every mismatch, and of every failed check that has
        none: what two implementations must agree on (REC-9)."""
        out = []
        for c in self.checks:
            if c.ok:
                continue
            if not c.mismatches:
                out.append(c.pointer)
            out.extend(m.pointer for m in c.mismatches)
        return out

    def to_json(self) -> dict:
        return {"scheme": self.scheme, "kind": self.kind, "status": self.status, "title": self.title,
                "checks": [c.to_json() for c in self.checks], "notes": list(self.notes)}

    # building

    def passed(self, name, pointer, req, summary):
        self.checks.append(Check(name, pointer, req, True, summary))

    def failed(self, name, pointer, req, summary, *mismatches):
        self.failed_many(name, pointer, req, summary, Mismatches(*mismatches))

    def failed_many(self, name, pointer, req, summary, mismatches: Mismatches):
        self.checks.append(Check(name, pointer, req, False, summary, mismatches))

    def equal(self, name, pointer, req, expected: str, found: str, ok_summary: str, fail_summary: str) -> bool:
        """One value compared. A failure's summary says in words what failed
        (fail_summary); the two values are its one detail line, never
        repeated in the summary."""
        if expected == found:
            self.passed(name, pointer, req, ok_summary)
            return True
        self.failed(name, pointer, req, fail_summary,
                    Mismatch(pointer, name, expected, found))
        return False

    def lists(self, name, pointer, req, ok_summary, mismatches: Mismatches):
        """One check over several compared lists and values: passes when
        ``mismatches`` (from compare_list and compare_one) found none."""
        n = mismatches.count()
        if not n:
            self.passed(name, pointer, req, ok_summary)
        else:
            self.failed_many(name, pointer, req, text("cli.summary.differ", n=n), mismatches)

    def done(self, *notes) -> "Report":
        self.status = VERIFIED if all(c.ok for c in self.checks) else FAILED
        self.notes = list(notes)
        return self


def compare_list(pointer: str, where, want: list, got: list, into: Mismatches = None) -> Mismatches:
    """Mismatches of two lists element by element, added to ``into`` (or
    new ones), which it returns; a missing element is "nothing"; where(i)
    names element i in words."""
    out = Mismatches() if into is None else into
    for i in range(max(len(want), len(got))):
        w = want[i] if i < len(want) else text("cli.value.nothing")
        g = got[i] if i < len(got) else text("cli.value.nothing")
        if w == g:
            continue
        if out.full():
            out.more += 1
        else:
            out.add(Mismatch(f"{pointer}/{i}", where(i), w, g))
    return out


def compare_one(pointer: str, where: str, want: str, got: str, into: Mismatches = None) -> Mismatches:
    out = Mismatches() if into is None else into
    if want != got:
        out.add(Mismatch(pointer, where, want, got))
    return out


# --- distinct cards and tiles (DIST-1) -----------------------------------

def run(names, pointer, where) -> tuple:
    """A row of cards or tiles a record shows: names[i] sits at pointer(i),
    where(i) says the same in words."""
    return names, pointer, where


def seat_runs(got, pointer, where) -> list:
    """What four seats show, seat 0 to 3, as runs of one deck."""
    return [run(got[s], lambda i, s=s: pointer(s, i), lambda i, s=s: where(s, i)) for s in range(4)]


def _first_shown(deck, ri: int, i: int, name: str) -> str:
    for rj, (names, _, where) in enumerate(deck[:ri + 1]):
        for j, n in enumerate(names):
            if rj == ri and j == i:
                break
            if n == name:
                return where(j)
    return text("cli.value.nothing")


def distinct(rep: Report, pointer: str, tiles: bool, decks):
    """DIST-1: within one deck no card is shown twice, no mahjong tile kind more
    than four times; every showing beyond that is a mismatch at its own
    pointer. ``decks``: lists of runs, in the order DIST-1 gives."""
    limit = 4 if tiles else 1
    ms = Mismatches()
    for deck in decks:
        count = {}
        for ri, (names, at, where) in enumerate(deck):
            for i, n in enumerate(names):
                c = count[n] = count.get(n, 0) + 1
                if c <= limit:
                    continue
                if ms.full():  # counted only (REC-10): where it was first shown takes a look back
                    ms.more += 1
                elif tiles:
                    ms.add(Mismatch(at(i), where(i), text("cli.value.four_of_a_kind"),
                                    text("cli.value.tile_of_kind", tile=n, n=c)))
                else:
                    ms.add(Mismatch(at(i), where(i), text("cli.value.unshown_card"),
                                    text("cli.value.shown_again", card=n, at=_first_shown(deck, ri, i, n))))
    name = check_name("distinct_tiles" if tiles else "distinct_cards")
    n = ms.count()
    if not n:
        rep.passed(name, pointer, "DIST-1", text("cli.summary.four_tiles_at_most" if tiles
                                                 else "cli.summary.no_card_twice"))
    else:
        rep.failed_many(name, pointer, "DIST-1", text("cli.summary.tiles_beyond_four" if tiles
                                                      else "cli.summary.cards_shown_again", n=n), ms)



def not_readable_json(data: bytes, offset: int, message: str) -> str:
    """REF-2's refusal of a record that is not readable JSON: the byte offset,
    the line and column it falls on (REF-6), the reader's message; the words
    of pfkit verify."""
    line, column = line_column(data, offset)
    return f"the record is not readable JSON: at offset {offset} (line {line}, column {column}): {message}"


def line_column(data: bytes, offset: int) -> tuple:
    """REF-6: lines from 1, each ending at a line feed; columns from 1, counting
    the bytes before the offset on its line that do not continue a UTF-8
    sequence (0x80 to 0xBF)."""
    head = bytes(data[:offset])
    start = head.rfind(b"\n") + 1
    rest = head[start:]
    return head.count(b"\n") + 1, sum(1 for b in rest if b < 0x80 or b > 0xBF) + 1
