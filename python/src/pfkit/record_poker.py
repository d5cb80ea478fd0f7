"""REC-4 and REC-5: a poker_hmac_v1 leave bundle and a session reveal."""

from . import poker_hmac_v1, spec
from .escape import quoted
from .reading import reading_of, readings_note
from .record_read import Record
from .report import (
    Mismatch,
    Mismatches,
    Report,
    at,
    at_hand,
    check_name,
    clipped,
    compare_list,
    deck_card,
    distinct,
    hand_number,
    place,
    run,
    seat_words,
)
from .times import Instant, duration_words, floor_ns, parse_date_time, time_words
from .words import text

MAX_SESSION_SECONDS = 24 * 3600  # PK-8

# --- poker_hmac_v1 leave bundles (REC-4) ---------------------------------

LEAVE_NOTE = text("cli.note.leave")


_TABLE52_IDS = {spec.table52_name(c): c for c in range(52)}


def card_id(name: str) -> int:
    """The table52 id of a card name (CARD-1), as spec.table52_name names it."""
    return _TABLE52_IDS[name]


def verify_leave(r: Record) -> Report:
    lv = r.data
    seat = int(lv["seat"])
    rep = Report(r.scheme, r.kind, text("cli.title.leave", table=quoted(lv["table"]), session=lv["session"],
                                        seat=seat_words(seat)))
    first = reading_of(lv, "firstHand")
    distinct(rep, "/hands", False, [
        [run([pr["card"] for pr in h[part]], lambda i, hi=hi, part=part: f"/hands/{hi}/{part}/{i}/card",
             lambda i, n=int(h["hand"]), word=word: place(at_hand(n, n - first + 1), at(word, i + 1)))
         for part, word in (("cards", "ownCard"), ("board", "boardCard"))]
        for hi, h in enumerate(lv["hands"])])
    dealing = reading_of(lv, "dealing")
    top = poker_hmac_v1.hand_numbers(first)[1]
    seen = {}
    for hi, h in enumerate(lv["hands"]):
        n = int(h["hand"])
        hand = hand_number(n, n - first + 1)  # a bundle's hand counted from the first hand on
        p = f"/hands/{hi}"
        if not first <= n <= top:
            rep.failed(check_name("hand_number", hand=hand), f"{p}/hand", "PK-8",
                       text("cli.summary.hand_range", first=first, last=top),
                       Mismatch(f"{p}/hand", at("entry", hi + 1), text("cli.value.range", first=first, last=top),
                                str(n)))
            continue
        if n in seen:
            rep.failed(check_name("hand_number", hand=hand), f"{p}/hand", "PK-8",
                       text("cli.summary.hand_listed_twice", entry=seen[n] + 1, again=hi + 1))
            continue
        seen[n] = hi
        seats = [int(s) for s in h["seats"]]
        ordered = sorted(seats)
        if seat not in ordered or len(set(ordered)) != len(ordered):
            rep.failed(check_name("hand_seats", hand=hand), f"{p}/seats", "PK-9",
                       text("cli.summary.seats_without_player", seat=seat_words(seat),
                            seats=", ".join(seat_words(s) for s in seats)))
            continue
        j, players = ordered.index(seat), len(ordered)
        root = h["root"]
        for kind, code, part, positions in (
                ("cards", "own_card", "ownCard", spec.hole_positions(j, players, dealing)),
                ("board", "board_card", "boardCard", poker_hmac_v1.board_positions(players))):
            for i, pr in enumerate(h[kind]):
                pp = f"{p}/{kind}/{i}"
                label = check_name(code, hand=hand, card=i + 1)
                pos, want = int(pr["position"]), positions[i]
                if pos != want:
                    # The dealing that gives want is said in the readings note.
                    rep.failed(check_name(code + "_position", hand=hand, card=i + 1), f"{pp}/position", "PK-10",
                               text("cli.summary.differ", n=1),
                               Mismatch(f"{pp}/position", place(at_hand(n, n - first + 1), at(part, i + 1)),
                                        deck_card(want), deck_card(pos)))
                    continue
                # PK-7: recompute the leaf, climb the six siblings, compare with the root.
                leaf = spec.leaf(pos, card_id(pr["card"]), pr["salt"])
                if spec.root_from(leaf, pos, pr["path"]) == root:
                    rep.passed(label, pp, "PK-7",
                               text("cli.summary.card_in_deck", card=pr["card"], position=pos + 1))
                else:
                    rep.failed(label, pp, "PK-7",
                               text("cli.summary.card_not_in_deck", card=pr["card"], position=pos + 1),
                               Mismatch(pp, label, text("cli.value.proof_reaching", root=root[:12]),
                                        text("cli.value.proof_missing")))
    return rep.done(LEAVE_NOTE, readings_note(lv, "dealing", "firstHand"))


# --- poker_hmac_v1 session reveals (REC-5) -------------------------------

SESSION_NOTE = text("cli.note.session")


SESSION_NO_COMMITMENT_NOTE = text("cli.note.session_no_commitment")


def verify_session(r: Record) -> Report:
    s = r.data
    seed, table, session, hands = s["serverSeed"], s["table"], s["session"], s["hands"]
    rep = Report(r.scheme, r.kind, text("cli.title.session", table=quoted(table), session=session, n=len(hands)))
    committed = reading_of(s, "sessionCommitment") == "published"
    if committed:
        rep.equal(check_name("session_commitment"), "/commitment", "PK-11", spec.commit(seed), s["commitment"],
                  text("cli.summary.session_commitment_matches"), text("cli.summary.session_commitment_differs"))
    first = reading_of(s, "firstHand")
    numbering = Mismatches(*(Mismatch(f"/hands/{i}/hand", at("entry", i + 1), str(first + i), str(int(h["hand"])))
                             for i, h in enumerate(hands) if int(h["hand"]) != first + i))
    if numbering.count():
        rep.failed_many(check_name("hand_numbers"), "/hands", "PK-8",
                        text("cli.summary.hands_in_order", first=first, second=first + 1, third=first + 2), numbering)
    else:
        rep.passed(check_name("hand_numbers"), "/hands", "PK-8",
                   text("cli.summary.hands_numbered", first=first, last=first + len(hands) - 1))
    if s["rotation"] == "hands":
        rep.equal(check_name("rotation"), "/rotation", "PK-8", text("cli.value.hands", n=poker_hmac_v1.MAX_HANDS),
                  text("cli.value.hands", n=len(hands)), text("cli.summary.rotated"),
                  text("cli.summary.differ", n=1))
    if s.get("opened") and s.get("closed"):
        _session_times(rep, s["opened"], s["closed"])
    distinct(rep, "/hands", False, [
        [run(h["deck"], lambda i, hi=hi: f"/hands/{hi}/deck/{i}",
             lambda i, n=int(h["hand"]), hi=hi: place(at_hand(n, hi + 1), at("position", i + 1)))]
        for hi, h in enumerate(hands)])
    for hi, h in enumerate(hands):
        n = int(h["hand"])
        hand = hand_number(n, hi + 1)  # a reveal's hand named by its place in the list
        p = f"/hands/{hi}"
        seats = [(int(x["seat"]), x["clientSeed"]) for x in h["seats"]]
        dup = _duplicate_seat(seats)
        if dup is not None:
            rep.failed(check_name("hand_seats", hand=hand), f"{p}/seats", "PK-9",
                       text("cli.summary.seat_taken_twice", seat=seat_words(dup)))
            continue
        hv = spec.hand_value(seed, table, session, n)
        rep.equal(check_name("hand_commitment", hand=hand), f"{p}/handCommitment", "PK-2", spec.commit(hv),
                  h["handCommitment"],
                  text("cli.summary.hand_commitment_matches"), text("cli.summary.hand_commitment_differs"))
        deck, _ = poker_hmac_v1.shuffled_deck(hv, table, session, n, seats)
        rep.lists(check_name("hand_deck", hand=hand), f"{p}/deck", "PK-3", text("cli.summary.deck_from_seeds"),
                  compare_list(f"{p}/deck", lambda i, n=n, hi=hi: place(at_hand(n, hi + 1), at("position", i + 1)),
                               [spec.table52_name(c) for c in deck], h["deck"]))
        # The root of the deck as listed, with the salts the seed gives (PK-4 to PK-6).
        root = spec.tree_levels(hv, [card_id(c) for c in h["deck"]])[6][0]
        rep.equal(check_name("hand_root", hand=hand), f"{p}/root", "PK-6", root, h["root"],
                  text("cli.summary.root_matches"), text("cli.summary.root_differs"))
    return rep.done(SESSION_NOTE if committed else SESSION_NO_COMMITMENT_NOTE,
                    readings_note(s, "firstHand", "sessionCommitment"))


def _duplicate_seat(seats):
    seen = set()
    for seat, _ in seats:
        if seat in seen:
            return seat
        seen.add(seat)
    return None


def _written_time(t: Instant, written: str) -> str:
    """A time the record holds: in words, then as the record writes it, clipped."""
    return text("cli.value.time_as_written", time=time_words(t.secs, t.frac), written=clipped(written))


def _session_times(rep: Report, opened_text: str, closed_text: str):
    # The schema has checked both are RFC 3339 date-times. Instants compare
    # exactly, to the last digit of their fractions (REC-1, D-23). A session
    # longer than 24 hours by less than a nanosecond is said to have lasted one
    # nanosecond over: 24 hours and a fraction of a second.
    opened, _ = parse_date_time(opened_text)
    closed, _ = parse_date_time(closed_text)
    # The record's end of the session: in words, then as written, clipped.
    found = _written_time(closed, closed_text)
    length = floor_ns(closed) - floor_ns(opened)
    longer = duration_words(max(length, MAX_SESSION_SECONDS * 10 ** 9 + 1))
    if closed < opened:
        rep.failed(check_name("session_times"), "/closed", "PK-8", text("cli.summary.closed_before_opened"),
                   Mismatch("/closed", at("closed"),
                            text("cli.value.at_or_after", time=_written_time(opened, opened_text)), found))
    elif closed > Instant(opened.secs + MAX_SESSION_SECONDS, opened.frac):
        rep.failed(check_name("session_times"), "/closed", "PK-8", text("cli.summary.over_a_day", duration=longer),
                   Mismatch("/closed", at("closed"),
                            text("cli.value.at_most", time=time_words(opened.secs + MAX_SESSION_SECONDS, "")), found))
    else:
        rep.passed(check_name("session_times"), "/closed", "PK-8",
                   text("cli.summary.open_for", duration=duration_words(length)))
