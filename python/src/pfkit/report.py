"""What a record verification reports (spec section 15): every check, passed
or failed, and the mismatches of each failed check.

    Report(scheme, kind, title)    checks added with passed, failed, equal, lists
    compare_list, compare_one      the mismatches of compared lists and values
    distinct(report, ...)          DIST-1 over the cards or tiles a record shows

A mismatch is (JSON pointer, where in words, expected, found). Two
implementations agree on a record when they give the same status and the same
``report.failures()`` (REC-9).
"""

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


class Check:
    """One line of a report: a named check over the part of the record at
    ``pointer``, behind a spec requirement."""

    __slots__ = ("name", "pointer", "requirement", "ok", "summary", "mismatches")

    def __init__(self, name, pointer, requirement, ok, summary, mismatches=()):
        self.name, self.pointer, self.requirement = name, pointer, requirement
        self.ok, self.summary, self.mismatches = ok, summary, list(mismatches)

    def __repr__(self):
        more = f", {len(self.mismatches)} mismatches" if self.mismatches else ""
        return f"Check({self.name!r}, ok={self.ok!r}{more})"

    def to_json(self) -> dict:
        out = {"name": self.name, "pointer": self.pointer, "requirement": self.requirement, "ok": self.ok,
               "summary": self.summary}
        if self.mismatches:
            out["mismatches"] = [m.to_json() for m in self.mismatches]
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
        self.checks.append(Check(name, pointer, req, False, summary, mismatches))

    def equal(self, name, pointer, req, expected: str, found: str, ok_summary: str) -> bool:
        if expected == found:
            self.passed(name, pointer, req, ok_summary)
            return True
        self.failed(name, pointer, req, f"expected {expected}, record has {found}",
                    Mismatch(pointer, name, expected, found))
        return False

    def lists(self, name, pointer, req, ok_summary, mismatches: list):
        """One check over several compared lists and values: passes when
        ``mismatches`` (from compare_list and compare_one) is empty."""
        if not mismatches:
            self.passed(name, pointer, req, ok_summary)
        else:
            noun = "value differs" if len(mismatches) == 1 else "values differ"
            self.failed(name, pointer, req, f"{len(mismatches)} {noun}", *mismatches)

    def done(self, *notes) -> "Report":
        self.status = VERIFIED if all(c.ok for c in self.checks) else FAILED
        self.notes = list(notes)
        return self


def compare_list(pointer: str, where, want: list, got: list) -> list:
    """Mismatches of two lists element by element; a missing element is
    "nothing"; where(i) names element i in words."""
    out = []
    for i in range(max(len(want), len(got))):
        w = want[i] if i < len(want) else "nothing"
        g = got[i] if i < len(got) else "nothing"
        if w != g:
            out.append(Mismatch(f"{pointer}/{i}", where(i), w, g))
    return out


def compare_one(pointer: str, where: str, want: str, got: str) -> list:
    return [] if want == got else [Mismatch(pointer, where, want, got)]


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
    return "nothing"


def distinct(rep: Report, pointer: str, tiles: bool, decks):
    """DIST-1: within one deck no card is shown twice, no mahjong tile kind more
    than four times; every showing beyond that is a mismatch at its own
    pointer. ``decks``: lists of runs, in the order DIST-1 gives."""
    limit = 4 if tiles else 1
    ms = []
    for deck in decks:
        count = {}
        for ri, (names, at, where) in enumerate(deck):
            for i, n in enumerate(names):
                c = count[n] = count.get(n, 0) + 1
                if c <= limit:
                    continue
                if tiles:
                    ms.append(Mismatch(at(i), where(i), "at most four tiles of a kind", f"{n}, tile {c} of its kind"))
                else:
                    ms.append(Mismatch(at(i), where(i), "a card not shown before",
                                       f"{n}, already shown as {_first_shown(deck, ri, i, n)}"))
    name = "distinct tiles" if tiles else "distinct cards"
    if not ms:
        rep.passed(name, pointer, "DIST-1", "no more than the four tiles of a kind from one wall" if tiles
                   else "no card shown twice from one deck")
    elif tiles:
        rep.failed(name, pointer, "DIST-1", "1 tile beyond the four of its kind" if len(ms) == 1
                   else f"{len(ms)} tiles beyond the four of their kind", *ms)
    else:
        rep.failed(name, pointer, "DIST-1",
                   f"{len(ms)} card{'' if len(ms) == 1 else 's'} shown again from the same deck", *ms)
