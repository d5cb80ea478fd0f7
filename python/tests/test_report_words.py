"""The report's words for times, long values and seats, against English worked
out by hand (the same cases as go/internal/record/time_words_test.go)."""

import pytest

from pfkit.report import at_hand, clipped, seat_words
from pfkit.times import parse_date_time, time_words


@pytest.mark.parametrize("text, want", [
    ("2026-11-30T20:00:00Z", "November 30, 2026 at 8:00:00 PM UTC"),
    ("2026-11-30T00:00:00Z", "November 30, 2026 at 12:00:00 AM UTC"),
    ("2026-11-30T12:00:00Z", "November 30, 2026 at 12:00:00 PM UTC"),
    ("2026-01-01T11:59:59Z", "January 1, 2026 at 11:59:59 AM UTC"),
    ("2026-11-29T00:00:00+02:00", "November 28, 2026 at 10:00:00 PM UTC"),
    ("2024-02-29T23:30:05.5-01:00", "March 1, 2024 at 12:30:05 AM UTC and a fraction of a second"),
    ("2026-11-30T20:00:00.000Z", "November 30, 2026 at 8:00:00 PM UTC"),
])
def test_time_words(text, want):
    t, _ = parse_date_time(text)
    assert time_words(t.secs, t.frac) == want


@pytest.mark.parametrize("text, want", [
    ("", ""),
    ("2026-11-30T20:00:00.00000000000000000000", "2026-11-30T20:00:00.00000000000000000000"),
    ("2026-11-30T20:00:00.0000000000000000000001Z", "2026-11-30T20:00:00.000…00001Z"),
    ("é" * 41, "é" * 23 + "…" + "é" * 6),
])
def test_clipped(text, want):
    assert clipped(text) == want


@pytest.mark.parametrize("n, want", [(0, "first seat"), (2, "third seat"), (9, "tenth seat"),
                                     (10, "seat numbered 10"), (-1, "seat numbered -1")])
def test_seat_words(n, want):
    assert seat_words(n) == want


# A poker hand (READ-3): counted from 1 (its place in a reveal's list, or its
# number from the first hand on), the record's number beside the count when
# that is another, and by the record's number alone when no session of 500
# hands can hold it.
@pytest.mark.parametrize("number, count, want", [
    (3, 3, "hand 3"),
    (500, 500, "hand 500"),
    (0, 1, "hand 1 (number 0 in the record)"),
    (499, 500, "hand 500 (number 499 in the record)"),
    (2, 3, "hand 3 (number 2 in the record)"),
    (500, 501, "hand numbered 500 in the record"),
    (501, 501, "hand numbered 501 in the record"),
    (0, 0, "hand numbered 0 in the record"),
    (-7, -7, "hand numbered -7 in the record"),
])
def test_hand_numbers(number, count, want):
    assert at_hand(number, count) == want
