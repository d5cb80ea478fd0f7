"""Text a verifier shows (spec TXT-1 to TXT-3).

Names, values, keys and file names come from whoever wrote the record; shown
raw, a carriage return and an ANSI escape could erase a line and draw a fake
verdict, and U+202E could reorder one. Every such text goes through here::

    text(s)     TXT-2: hidden characters as \\u{XXXX}, \\ as \\\\, " as \\"
    quoted(s)   text(s) between double quotes, as messages quote a record
    cut(s)      REF-1: s cut to its first 40 code points and "…" when longer
    cut_quoted(s)  quoted(cut(s)): how a refusal shows text from a record
    line(s)     TXT-3: one output line with only its hidden characters escaped
    json_doc(s) TXT-3: an encoded JSON document with them as \\uXXXX escapes

Lone surrogates (from "\\ud800" in JSON, or from file names that are not
UTF-8, which Python keeps as surrogate escapes, one per byte) read as U+FFFD.
"""

import re
from bisect import bisect_right

#: TXT-1's hidden characters, inclusive ranges: the spec's list, written out so
#: that it does not follow the Unicode version of unicodedata.
HIDDEN = (
    (0x0000, 0x001F), (0x007F, 0x009F), (0x00AD, 0x00AD), (0x034F, 0x034F),
    (0x0600, 0x0605), (0x061C, 0x061C), (0x06DD, 0x06DD), (0x070F, 0x070F),
    (0x0890, 0x0891), (0x08E2, 0x08E2), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x2028, 0x202E), (0x2060, 0x206F),
    (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFFB), (0xFFFD, 0xFFFD), (0x110BD, 0x110BD), (0x110CD, 0x110CD),
    (0x13430, 0x1343F), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)


def _class(ranges) -> str:
    # Lone surrogates too: str can hold them, and they read as U+FFFD.
    return "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in ranges) + "\\ud800-\\udfff"


_TEXT = re.compile(f'[{_class(HIDDEN)}\\\\"]')
_LINE = re.compile(f"[{_class(HIDDEN)}]")
# In an encoded document, tab, line feed and carriage return stand only
# between members (inside strings the encoder escaped them).
_JSON = re.compile(f"[{_class(((0x00, 0x08), (0x0B, 0x0C), (0x0E, 0x1F)) + HIDDEN[1:])}]")


_STARTS = [lo for lo, _ in HIDDEN]  # HIDDEN is sorted and its ranges apart: one range can hold cp


def is_hidden(cp: int) -> bool:
    i = bisect_right(_STARTS, cp) - 1
    return i >= 0 and cp <= HIDDEN[i][1]


def _escape(m) -> str:
    ch = m.group()
    if ch == "\\" or ch == '"':
        return "\\" + ch
    cp = ord(ch)
    if 0xD800 <= cp <= 0xDFFF:
        cp = 0xFFFD
    return f"\\u{{{cp:04X}}}"


def text(s: str) -> str:
    """TXT-2: s with every hidden character written \\u{XXXX} (a lone surrogate
    as \\u{FFFD}), a backslash as \\\\ and a double quote as \\"."""
    return _TEXT.sub(_escape, s)


def quoted(s: str) -> str:
    """text(s) between double quotes: how a message quotes what a record holds."""
    return '"' + _TEXT.sub(_escape, s) + '"'


#: REF-1: how many code points of a record's text a refusal shows.
CUT = 40


def cut(s: str) -> str:
    """REF-1: s when it has at most 40 code points, else its first 40 and "…"."""
    return s if len(s) <= CUT else s[:CUT] + "\u2026"


def cut_quoted(s: str) -> str:
    """REF-1: text from a record as a refusal shows it, cut, escaped and quoted."""
    return quoted(cut(s))


def line(s: str) -> str:
    """TXT-3: one line of a text report with its hidden characters escaped and
    nothing else, so that text already escaped passes unchanged."""
    return _LINE.sub(_escape, s)


def _json_escape(m) -> str:
    cp = ord(m.group())
    if 0xD800 <= cp <= 0xDFFF:
        cp = 0xFFFD
    if cp > 0xFFFF:
        cp -= 0x10000
        return f"\\u{0xD800 + (cp >> 10):04x}\\u{0xDC00 + (cp & 0x3FF):04x}"
    return f"\\u{cp:04x}"


def json_doc(doc: str) -> str:
    """TXT-3: an encoded JSON document (json.dumps with ensure_ascii=False)
    with every hidden character in its strings written as \\uXXXX; the line
    feeds between members stay, and the document reads back the same."""
    return _JSON.sub(_json_escape, doc)
