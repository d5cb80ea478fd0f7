"""Instants and durations: RFC 3339 date-times as records hold them (REC-1,
D-23) and as reports write them, and durations as the reference prints them.

    parse_date_time(s) -> (Instant, offset minutes) or None
    format_rfc3339(seconds, offset_minutes) -> str
    go_duration(ns) -> str                 Go's time.Duration text
    duration_words(ns) -> str              a session's length in words
    floor_ns(instant) -> int
"""

import re
from typing import NamedTuple

from . import words

_DATE_TIME = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?"
    r"(?:([Zz])|([+-])([0-9]{2}):([0-9]{2}))", re.ASCII)

_NS = 10 ** 9
_MAX_NS, _MIN_NS = 2 ** 63 - 1, -2 ** 63


def _leap_year(y: int) -> bool:
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def _days_in(y: int, m: int) -> int:
    if m == 2:
        return 29 if _leap_year(y) else 28
    return 30 if m in (4, 6, 9, 11) else 31


class Instant(NamedTuple):
    """An instant: whole seconds since 1970-01-01T00:00:00Z and the digits of
    the fraction of a second, without trailing zeros. Tuples compare by their
    seconds, then by their fractions as strings, which is the order of the
    instants: every digit counts, and no digit string is turned into a number,
    so comparing takes time proportional to the length (REC-1, LIM-2)."""

    secs: int
    frac: str


def parse_date_time(s: str):
    """An RFC 3339 date-time as (Instant, offset in minutes), or None when s
    is not one. A leap second (23:59:60 UTC) counts as the instant one second
    after 23:59:59."""
    # The schema checks both times of a session and the verifier then reads
    # them: a time may have millions of fraction digits, so the last answers
    # are kept, found by identity, never by comparing the text (LIM-1).
    for text, answer in _recent_date_times:
        if text is s:
            return answer
    answer = _parse_date_time(s)
    _recent_date_times.insert(0, (s, answer))
    del _recent_date_times[2:]
    return answer


_recent_date_times = []


def _parse_date_time(s: str):
    m = _DATE_TIME.fullmatch(s)
    if m is None:
        return None
    y, mo, d, h, mi, sec = (int(x) for x in m.group(1, 2, 3, 4, 5, 6))
    if not (1 <= mo <= 12 and 1 <= d <= _days_in(y, mo) and h <= 23 and mi <= 59 and sec <= 60):
        return None
    offset = 0
    if m.group(9):
        oh, om = int(m.group(10)), int(m.group(11))
        if oh > 23 or om > 59:
            return None
        offset = (oh * 60 + om) * (1 if m.group(9) == "+" else -1)
    if sec == 60 and (h * 60 + mi - offset) % 1440 != 23 * 60 + 59:
        return None
    secs = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec - offset * 60
    return Instant(secs, (m.group(7) or "").rstrip("0")), offset


def days_from_civil(y: int, m: int, d: int) -> int:
    """Days from 1970-01-01 to a proleptic Gregorian date (any year)."""
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(z: int):
    z += 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return y + (m <= 2), m, d


def format_rfc3339(seconds: int, offset_minutes: int) -> str:
    """Whole seconds since the epoch as RFC 3339 in the given offset ("Z" for 0)."""
    local = seconds + offset_minutes * 60
    days, secs = divmod(local, 86400)
    y, mo, d = civil_from_days(days)
    zone = "Z"
    if offset_minutes:
        sign = "+" if offset_minutes > 0 else "-"
        zone = f"{sign}{abs(offset_minutes) // 60:02d}:{abs(offset_minutes) % 60:02d}"
    return f"{y:04d}-{mo:02d}-{d:02d}T{secs // 3600:02d}:{secs // 60 % 60:02d}:{secs % 60:02d}{zone}"


def floor_ns(t: Instant) -> int:
    """The instant in whole nanoseconds, rounded down: the fraction's first nine digits."""
    return t.secs * _NS + int(t.frac[:9].ljust(9, "0"))


def go_duration(ns: int) -> str:
    """A duration written as Go's time.Duration prints it ("41m7s",
    "24h0m1.5s"), saturating as Go's Time.Sub does."""
    ns = max(_MIN_NS, min(_MAX_NS, ns))
    if ns == 0:
        return "0s"
    sign, u = ("-" if ns < 0 else ""), abs(ns)

    def decimal(value, digits):
        whole, frac = divmod(value, 10 ** digits)
        return str(whole) + ("." + f"{frac:0{digits}d}".rstrip("0") if frac else "")

    if u < 1000:
        return f"{sign}{u}ns"
    if u < 10 ** 6:
        return f"{sign}{decimal(u, 3)}µs"
    if u < _NS:
        return f"{sign}{decimal(u, 6)}ms"
    secs = decimal(u % (60 * _NS), 9) + "s"
    minutes, hours = (u // (60 * _NS)) % 60, u // (3600 * _NS)
    if hours:
        return f"{sign}{hours}h{minutes}m{secs}"
    if minutes:
        return f"{sign}{minutes}m{secs}"
    return sign + secs


def duration_words(ns: int) -> str:
    """A session's length in words ("41 minutes and 7 seconds", "24 hours and
    a fraction of a second"), as go/internal/record/duration_words.go says it:
    the hours, minutes and seconds that are not zero, any rest below a second as
    a fraction. ns is never negative (said only once the session closed after it
    opened) and saturates as Go's Time.Sub does."""
    ns = min(_MAX_NS, ns)
    parts = [words.text(code, n=n) for code, n in (("cli.duration.hours", ns // (3600 * _NS)),
                                            ("cli.duration.minutes", ns // (60 * _NS) % 60),
                                            ("cli.duration.seconds", ns // _NS % 60)) if n]
    if ns % _NS:
        parts.append(words.text("cli.duration.fraction"))
    if not parts:
        return words.text("cli.duration.seconds", n=0)
    out = parts[0]
    for p in parts[1:-1]:
        out = words.text("cli.duration.comma", first=out, next=p)
    return words.text("cli.duration.and", first=out, last=parts[-1]) if len(parts) > 1 else out


def time_words(secs: int, frac: str) -> str:
    """An instant in words, in UTC, to the second ("November 30, 2026 at
    8:00:00 PM UTC"), then "and a fraction of a second" when its fraction is
    not zero: never the fraction's digits (LIM-1)."""
    days, rem = divmod(secs, 86400)
    y, mo, d = civil_from_days(days)
    hour, code = rem // 3600, "cli.time.am"
    if hour >= 12:
        hour, code = hour - 12, "cli.time.pm"
    out = words.text(code, month=words.text(f"cli.month.{mo}"), day=d, year=y, hour=hour or 12,
                     minute=f"{rem // 60 % 60:02d}", second=f"{rem % 60:02d}")
    return words.text("cli.time.fraction", time=out) if frac else out
