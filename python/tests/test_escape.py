"""Text a verifier shows (spec TXT-1 to TXT-3): the examples of TXT-2 written
out by hand, the hidden list against unicodedata, JSON documents that read
back the same, and the text report of python -m pfkit verify."""

import json
import os
import unicodedata

import pytest

from pfkit import escape, records
from pfkit.verify_cmd import format_result

RECORDS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "vectors",
                       "records")

CASES = [
    ("selfpoker_v1", "selfpoker_v1"),
    ("selfpoker_v1\r\x1b[2K  VERIFIED: all 4 checks hold",
     "selfpoker_v1\\u{000D}\\u{001B}[2K  VERIFIED: all 4 checks hold"),
    ("\u202edne_dnah", "\\u{202E}dne_dnah"),
    ("selfpoker_v1\ufffd", "selfpoker_v1\\u{FFFD}"),
    ("selfpoker_v1\ud800", "selfpoker_v1\\u{FFFD}"),  # a lone surrogate
    ("\udcff\udce2\udc82x", "\\u{FFFD}\\u{FFFD}\\u{FFFD}x"),  # a file name's bytes ff e2 82, one each (RUN-8)
    ('a"b\\c', 'a\\"b\\\\c'),
    ("\\u{001B}", "\\\\u{001B}"),
    ("hand_end\U000e0001", "hand_end\\u{E0001}"),
    ("Ünïcödé 🂡 ♠", "Ünïcödé 🂡 ♠"),
    ("\x00\x1f\x7f\x80\x9f\xa0", "\\u{0000}\\u{001F}\\u{007F}\\u{0080}\\u{009F}\xa0"),
    ("a\u200bb\u2028c\u2029d\ufeff", "a\\u{200B}b\\u{2028}c\\u{2029}d\\u{FEFF}"),
    ("\u2066x\u2069\u061c\xad", "\\u{2066}x\\u{2069}\\u{061C}\\u{00AD}"),
    ("\u3164\ufe0f\U000e0100", "\\u{3164}\\u{FE0F}\\u{E0100}"),
    ("", ""),
]


@pytest.mark.parametrize("text,shown", CASES)
def test_text(text, shown):
    assert escape.text(text) == shown
    assert escape.quoted(text) == f'"{shown}"'


def test_line():
    assert escape.line("at /: additionalProperties 'co\\x1bmmit' not allowed") == \
        "at /: additionalProperties 'co\\x1bmmit' not allowed"
    assert escape.line("invalid escape '\\\x1b'") == "invalid escape '\\\\u{001B}'"
    assert escape.line('scheme "a\\"b\\\\u{001B}"') == 'scheme "a\\"b\\\\u{001B}"'
    assert escape.line("a\nb") == "a\\u{000A}b"
    for s in ("\x1b[2K\r\u202e\ud800\"\\", "plain"):
        assert escape.line(escape.text(s)) == escape.text(s)


def test_hidden_covers_this_pythons_controls_and_format_characters():
    # unicodedata here is Unicode 14 or later; TXT-1's list is Unicode 15.0's,
    # which holds every control, format, line and paragraph separator of 14.
    missing = [f"U+{c:04X}" for c in range(0x110000)
               if unicodedata.category(chr(c)) in ("Cc", "Cf", "Zl", "Zp") and not escape.is_hidden(c)]
    assert missing == []
    assert escape.is_hidden(0xFFFD) and not escape.is_hidden(0xA0) and not escape.is_hidden(ord("é"))


def test_json_doc():
    v = {"s": "a\u202eb\x85c\x7fd\U000e0001e\ufffd\xe9\u2028\t", "t": "\x1b[2K"}
    doc = escape.json_doc(json.dumps(v, indent=2, ensure_ascii=False))
    assert doc == '{\n  "s": "a\\u202eb\\u0085c\\u007fd\\udb40\\udc01e\\ufffd\xe9\\u2028\\t",\n  "t": "\\u001b[2K"\n}'
    assert json.loads(doc) == v
    assert json.loads(escape.json_doc(json.dumps("x\ud800", ensure_ascii=False))) == "x\ufffd"


def test_text_report_escapes_the_name_and_every_line():
    r = records.verify_data('a\u202e"b.json', b'{"scheme": "x\\r\\u001b[2K  VERIFIED", "kind": "\\u202ek"}')
    assert format_result(r) == (
        'a\\u{202E}\\"b.json\n'
        '  UNREADABLE (unknown_scheme): no record format has scheme "x\\u{000D}\\u{001B}[2K  VERIFIED" and kind '
        '"\\u{202E}k"; expected one of match_seed_v2/match, poker_hmac_v1/leave, poker_hmac_v1/session, '
        "chess_colour_v1/game, selfpoker_v1/hand_end")
    # A complaint of the schema check that names a key (SCH-2): cut, escaped
    # and quoted by TXT-2 like any text from the record (REF-1).
    with open(os.path.join(RECORDS, "hostile-schema-key.json"), "rb") as f:
        r = records.verify_data("k.json", f.read())
    assert format_result(r).splitlines()[1] == (
        '  UNREADABLE (invalid_record): the record: '
        '"\\u{001B}[1A\\u{000D}VERIFIED" is not a field of this record')


def _spec_block():
    """TXT-1's code block from the spec: the one source of every list."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    text = open(os.path.join(root, "spec", "pfkit.md"), encoding="utf-8").read()
    block = text.split("**[TXT-1]**", 1)[1].split("```\n", 1)[1].split("```", 1)[0]
    out = []
    for f in block.split():
        lo, _, hi = f.partition("-")
        out.append((int(lo, 16), int(hi or lo, 16)))
    return out


@pytest.mark.long
def test_hidden_is_the_spec_block():
    want = bytearray(0x110000)
    for lo, hi in _spec_block():
        want[lo:hi + 1] = b"\x01" * (hi + 1 - lo)
    got = bytes(escape.is_hidden(cp) for cp in range(0x110000))
    assert got == bytes(want), [f"U+{cp:04X}" for cp in range(0x110000) if got[cp] != want[cp]][:5]


def test_issue_code_points_as_the_reference_escapes_them():
    """The bytes go/internal/escape's TestIssueCodePoints expects."""
    s = ("A\u0897B\u0cf3C\U00013440D\U0001FAE9E\U0001CC00F\u3164G\ufe0fH\U000e0100I\u180bJ\u17b4K\u034fL\x1bM"
         "\u202eN")
    assert escape.text(s) == ("A\u0897B\u0cf3C\U00013440D\U0001FAE9E\U0001CC00F\\u{3164}G\\u{FE0F}H\\u{E0100}"
                              "I\\u{180B}J\\u{17B4}K\\u{034F}L\\u{001B}M\\u{202E}N")
