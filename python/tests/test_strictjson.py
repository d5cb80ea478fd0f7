"""The JSON reader (spec REF-2, LIM-5, RUN-4, RUN-8): every row of REF-2's
table on a hand-worked input with its offset and message, LIM-5's bounds one
below and one past for records and request lines and the order of the checks
at one position, and RUN-8's decoding against a decoder written here from the
Unicode Standard's table 3-7. Offsets and messages are worked out from the
spec's text, byte by byte; none is taken from the reader."""

import random

import pytest

from pfkit import jsonstring
from pfkit import strictjson as sj

RECORD, LINE = sj.RECORD, sj.LINE


def refusal(data: bytes, lim=RECORD):
    """(code, offset, reason) of the reader's refusal, or None."""
    try:
        sj.parse(data, lim)
    except sj.JsonError as e:
        assert e.message == f"at offset {e.offset}: {e.reason}"
        return e.code, e.offset, e.reason
    return None


M, T = "malformed_request", "input_too_large"

# (input, offset, message): one or more rows for each row of REF-2's table.
REF2 = [
    # where a value must begin: the first byte, after ':', after '[', after ',' in an array
    (b"x", 0, 'expected a value, found "x"'),
    (b"\xef\xbb\xbf{}", 0, "expected a value, found byte 0xEF"),  # a byte-order mark
    (b'{"a":}', 5, 'expected a value, found "}"'),
    (b"[x]", 1, 'expected a value, found "x"'),
    (b"[1,]", 3, 'expected a value, found "]"'),
    (b'{"\xc3\xa9":x}', 6, 'expected a value, found "x"'),  # é is two bytes: offset 6, not 5
    (b"[\x7f]", 1, "expected a value, found byte 0x7F"),
    (b"[ ]", 2, None),  # an empty array is read
    (b'[\\]', 1, 'expected a value, found "\\\\"'),
    # after '{', or after ',' in an object
    (b"{1}", 1, 'expected a string key, found "1"'),
    (b'{"a":1,}', 7, 'expected a string key, found "}"'),
    (b"{'a':1}", 1, "expected a string key, found \"'\""),
    (b'{"a":1, 2}', 8, 'expected a string key, found "2"'),
    # after a key
    (b'{"a" 1}', 5, "expected ':', found \"1\""),
    (b'{"a",1}', 4, "expected ':', found \",\""),
    # after a member's value
    (b'{"a":1 "b":2}', 7, "expected ',' or '}', found \"\\\"\""),
    (b'{"a":1]', 6, "expected ',' or '}', found \"]\""),
    # after an element of an array
    (b"[1 2]", 3, "expected ',' or ']', found \"2\""),
    (b"[1}", 2, "expected ',' or ']', found \"}\""),
    (b"[01]", 2, "expected ',' or ']', found \"1\""),
    (b"[1.5.3]", 4, "expected ',' or ']', found \".\""),
    # after '-'
    (b"-x", 1, 'expected a digit, found "x"'),
    (b"[-]", 2, 'expected a digit, found "]"'),
    (b"[-\xe2\x82\xac]", 2, "expected a digit, found byte 0xE2"),
    # after '.'
    (b"1.x", 2, "expected a digit after '.', found \"x\""),
    (b"[0.]", 3, "expected a digit after '.', found \"]\""),
    # after e, E, e+, e-
    (b"[1e]", 3, 'expected a digit in the exponent, found "]"'),
    (b"1E+x", 3, 'expected a digit in the exponent, found "x"'),
    (b"[2.5e-,1]", 6, 'expected a digit in the exponent, found ","'),
    # in true, false, null: the first byte that differs
    (b"[tru]", 4, 'expected true, found "]"'),
    (b"fals3", 4, 'expected false, found "3"'),
    (b"nUll", 1, 'expected null, found "U"'),
    (b"[t\x00]", 2, "expected true, found byte 0x00"),
    # a byte 0x00 to 0x1F inside a string
    (b'"a\nb"', 2, "expected a character of a string, found byte 0x0A"),
    (b'{"k\x1f":1}', 3, "expected a character of a string, found byte 0x1F"),
    (b'["\xc3\xa9\t"]', 4, "expected a character of a string, found byte 0x09"),
    # after a backslash in a string
    (b'"\\x"', 2, 'expected an escape (one of " \\ / b f n r t u), found "x"'),
    (b'"\\\'"', 2, "expected an escape (one of \" \\ / b f n r t u), found \"'\""),
    (b'"ab\\\xc3\xa9"', 4, 'expected an escape (one of " \\ / b f n r t u), found byte 0xC3'),
    # after \u, the first byte that is not a hex digit
    (b'"\\u12g4"', 5, 'expected four hex digits, found "g"'),
    (b'"\\u"', 3, 'expected four hex digits, found "\\""'),
    (b'"\\uD83D\\uDE0"', 12, 'expected four hex digits, found "\\""'),
    # after the record's value and the white space after it
    (b"{} x", 3, 'expected the end of the record, found "x"'),
    (b"{}{}", 2, 'expected the end of the record, found "{"'),
    (b"1 \x00", 2, "expected the end of the record, found byte 0x00"),
    (b'"\xe2\x82\xac" \xe2\x82\xac', 6, "expected the end of the record, found byte 0xE2"),
    # the end of the bytes where more must come: N is their length
    (b"", 0, "expected a value, found the end of the input"),
    (b"   ", 3, "expected a value, found the end of the input"),
    (b'{"a":', 5, "expected a value, found the end of the input"),
    (b"[1,", 3, "expected a value, found the end of the input"),
    (b"{", 1, "expected a string key, found the end of the input"),
    (b'{"a"', 4, "expected ':', found the end of the input"),
    (b'{"a":1', 6, "expected ',' or '}', found the end of the input"),
    (b"[1", 2, "expected ',' or ']', found the end of the input"),
    (b"-", 1, "expected a digit, found the end of the input"),
    (b"1.", 2, "expected a digit after '.', found the end of the input"),
    (b"1e-", 3, "expected a digit in the exponent, found the end of the input"),
    (b"[nul", 4, "expected null, found the end of the input"),
    (b'"abc', 4, "expected a character of a string, found the end of the input"),
    (b'"\xe2\x82', 3, "expected a character of a string, found the end of the input"),
    (b'"\\', 2, 'expected an escape (one of " \\ / b f n r t u), found the end of the input'),
    (b'"\\u12', 5, "expected four hex digits, found the end of the input"),
]


@pytest.mark.parametrize("data,offset,message", REF2, ids=[repr(r[0])[2:-1][:40] for r in REF2])
def test_ref2_syntax(data, offset, message):
    want = None if message is None else (M, offset, message)
    assert refusal(data) == want


DUPLICATES = [
    (b'{"a":1,"a":2}', 7, 'duplicate key "a"'),
    (b'{"a":{"b":1,"b":2}}', 12, 'duplicate key "b"'),
    # equal after their escapes are read
    (b'{"a":1,"\\u0061":2}', 7, 'duplicate key "a"'),
    (b'{"\\u001b":1,"\\u001b":2}', 12, 'duplicate key "\\u{001B}"'),  # escaped and quoted by TXT-2
    # multi-byte UTF-8 before the offset: bytes are counted, not characters
    (b'{"\xc3\xa9":1,"\xc3\xa9":2}', 8, 'duplicate key "\u00e9"'),
    # RUN-8: every byte not part of a well-formed sequence is one U+FFFD
    (b'{"\xe2\x82":1,"\xff\xfe":2}', 8, 'duplicate key "\\u{FFFD}\\u{FFFD}"'),
    # a lone surrogate is one U+FFFD, as a byte that is not UTF-8 is
    (b'{"\\ud800":1,"\\udfff":2}', 12, 'duplicate key "\\u{FFFD}"'),
    (b'{"\\ud800":1,"\xff":2}', 12, 'duplicate key "\\u{FFFD}"'),
    (b'{"\\ud83d\\ude00":1,"\xf0\x9f\x98\x80":2}', 18, 'duplicate key "\U0001F600"'),
    # cut to 40 code points, then "…"
    (b'{"' + b"k" * 50 + b'":1,"' + b"k" * 50 + b'":2}', 56, 'duplicate key "' + "k" * 40 + '\u2026"'),
    # the repeat is found when the second key has been read, before its value
    (b'{"a":1,"a":' + b"[" * 70, 7, 'duplicate key "a"'),
    (b'{"a":1,"a"', 7, 'duplicate key "a"'),
]


@pytest.mark.parametrize("data,offset,message", DUPLICATES, ids=[repr(r[0])[2:-1][:40] for r in DUPLICATES])
def test_ref2_duplicate_keys(data, offset, message):
    assert refusal(data) == (M, offset, message)


def test_keys_that_differ_after_run8():
    # The spec's example: two U+FFFD, then one; different keys.
    doc = sj.parse(b'{"\xE2\x82":1,"\xE2":2}', RECORD)
    assert doc.value() == {"\ufffd\ufffd": 1, "\ufffd": 2}
    assert sj.loads(b'{"\xE2\x82":1,"\xE2":2}', LINE) == {"\ufffd\ufffd": 1, "\ufffd": 2}


def values(n: int) -> bytes:
    """An array holding n - 1 zeros: n values."""
    return b"[" + b",".join([b"0"] * (n - 1)) + b"]"


def objects(n: int) -> bytes:
    """An array holding n empty objects: n objects and members, n + 1 values."""
    return b"[" + b",".join([b"{}"] * n) + b"]"


def members(n: int) -> bytes:
    """One object with n - 1 members: n objects and members."""
    return b"{" + b",".join(b'"k%d":0' % i for i in range(n - 1)) + b"}"


@pytest.mark.long
@pytest.mark.parametrize("lim,depth,nvalues,nobjects", [(RECORD, 64, 1 << 20, 1 << 16), (LINE, 32, 1 << 16, 1 << 12)],
                         ids=["record", "line"])
def test_lim5_bounds(lim, depth, nvalues, nobjects):
    nest = lambda n: b"[" * n + b"]" * n  # noqa: E731
    assert refusal(nest(depth), lim) is None
    assert refusal(nest(depth + 1), lim) == (T, depth, f"nesting deeper than {depth} levels")
    # The value past the bound is refused where it begins: the last zero,
    # at 1 + 2 * (its index among the zeros).
    assert refusal(values(nvalues), lim) is None
    assert refusal(values(nvalues + 1), lim) == (T, 1 + 2 * (nvalues - 1), f"more than {nvalues} values")
    # An object past the bound at its "{", a member at its key's '"'.
    assert refusal(objects(nobjects), lim) is None
    assert refusal(objects(nobjects + 1), lim) == (T, 1 + 3 * nobjects, f"more than {nobjects} objects and members")
    assert refusal(members(nobjects), lim) is None
    over = members(nobjects + 1)
    key = b'"k%d"' % (nobjects - 1)
    assert refusal(over, lim) == (T, over.index(key), f"more than {nobjects} objects and members")
    # Whatever follows the refused value is never read.
    if lim is LINE:
        assert refusal(values(nvalues + 1)[:-1] + b",x", lim)[2] == f"more than {nvalues} values"


@pytest.mark.long
def test_lim5_order_at_one_position():
    n = 1 << 16
    # A "[" that is both one level too deep and one value too many: the depth.
    # Level 1 and the zeros: 1 + (n - 32) values; 31 more levels; the 33rd
    # level's "[" is value n + 1.
    head = b"[" + b"0," * (n - 32)
    data = head + b"[" * 32
    assert refusal(data, LINE) == (T, len(data) - 1, "nesting deeper than 32 levels")
    # One zero more and one level less: that "[" is value n + 1 at level 32,
    # and the count refuses it.
    data = b"[" + b"0," * (n - 31) + b"[" * 31
    assert refusal(data, LINE) == (T, len(data) - 1, f"more than {n} values")
    # A "{" that is both value n + 1 and object 4097: the count of values.
    head = b"[" + b"{}," * 4096 + b"0," * (n - 4097)
    assert refusal(head + b"{}]", LINE) == (T, len(head), f"more than {n} values")
    # With one value fewer before it, it is value n and object 4097.
    head = b"[" + b"{}," * 4096 + b"0," * (n - 4098)
    assert refusal(head + b"{}]", LINE) == (T, len(head), "more than 4096 objects and members")
    # A key both repeated and past the bound of members: the repeat.
    head = b"{" + b",".join(b'"k%d":0' % i for i in range(4095)) + b","
    assert refusal(head + b'"k0":0}', LINE) == (M, len(head), 'duplicate key "k0"')
    assert refusal(head + b'"new":0}', LINE) == (T, len(head), "more than 4096 objects and members")
    # A value past the bound is refused where it begins, even if it would not read.
    head = values(n)[:-1] + b","
    assert refusal(head + b"tru]", LINE) == (T, len(head), f"more than {n} values")
    assert refusal(head + b"x]", LINE) == (M, len(head), 'expected a value, found "x"')
    # A syntax error met earlier is reported instead of a bound met later (RUN-6).
    assert refusal(b'{"a" 1,"b":' + b"[" * 40, LINE) == (M, 5, "expected ':', found \"1\"")
    assert refusal(b'{"a":' + b"[" * 40 + b', "a" x', LINE) == (T, 36, "nesting deeper than 32 levels")


# RUN-8's examples, as strings of a document.
RUN8 = [
    (b"\xe2\x82\xac", "\u20ac"),
    (b"\xe2\x82", "\ufffd\ufffd"),
    (b"\xe2", "\ufffd"),
    (b"\xf0\x9f\x98", "\ufffd\ufffd\ufffd"),
    (b"\xc0\xaf", "\ufffd\ufffd"),
    (b"\xe0\x80\xaf", "\ufffd\ufffd\ufffd"),
    (b"\xed\xa0\x80", "\ufffd\ufffd\ufffd"),
    (b"\xf4\x90\x80\x80", "\ufffd\ufffd\ufffd\ufffd"),
    (b"\x80", "\ufffd"),
    (b"\xff", "\ufffd"),
    (b"\\uD800\\u0041", "\ufffdA"),
    (b"\\uDC00\\uD800\\uDC00", "\ufffd\U00010000"),
    (b"\\ud83d\\ude00", "\U0001f600"),
    (b"\\\\ud800", "\\ud800"),
    (b"a\\u0000\\n\\/\\\"", 'a\x00\n/"'),
]


@pytest.mark.parametrize("raw,text", RUN8, ids=[repr(r[0])[2:-1] for r in RUN8])
def test_run8(raw, text):
    doc = b'["' + raw + b'"]'
    assert sj.parse(doc, RECORD).value() == [text]
    assert sj.loads(doc, LINE) == [text]


def run8_by_hand(b: bytes) -> str:
    """RUN-8 written from table 3-7: at each position, a complete well-formed
    sequence is its character, anything else one U+FFFD for one byte."""
    ranges = [((0x00, 0x7F),), ((0xC2, 0xDF), (0x80, 0xBF)),
              ((0xE0, 0xE0), (0xA0, 0xBF), (0x80, 0xBF)), ((0xE1, 0xEC), (0x80, 0xBF), (0x80, 0xBF)),
              ((0xED, 0xED), (0x80, 0x9F), (0x80, 0xBF)), ((0xEE, 0xEF), (0x80, 0xBF), (0x80, 0xBF)),
              ((0xF0, 0xF0), (0x90, 0xBF), (0x80, 0xBF), (0x80, 0xBF)),
              ((0xF1, 0xF3), (0x80, 0xBF), (0x80, 0xBF), (0x80, 0xBF)),
              ((0xF4, 0xF4), (0x80, 0x8F), (0x80, 0xBF), (0x80, 0xBF))]
    out, i = [], 0
    while i < len(b):
        for seq in ranges:
            part = b[i:i + len(seq)]
            if len(part) == len(seq) and all(lo <= x <= hi for x, (lo, hi) in zip(part, seq)):
                out.append(part.decode("utf-8"))
                i += len(seq)
                break
        else:
            out.append("\ufffd")
            i += 1
    return "".join(out)


@pytest.mark.long
def test_run8_against_a_decoder_written_from_the_table():
    r = random.Random(20261201)
    alphabet = [0x41, 0x7E, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED,
                0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
    for _ in range(5000):
        b = bytes(r.choice(alphabet) for _ in range(r.randint(0, 12)))
        assert jsonstring.utf8(b) == run8_by_hand(b), b
        assert sj.parse(b'"' + b + b'"', RECORD).value() == run8_by_hand(b), b


def test_numbers_keep_their_text():
    v = sj.parse(b'[6.0, 6e0, -0, 9007199254740993, %s, 1E+2]' % (b"9" * 5000), RECORD).value(signed_zero=True)
    assert v[0] == sj.JsonFloat("6.0") and v[1] == sj.JsonFloat("6e0") and v[5] == sj.JsonFloat("1E+2")
    assert isinstance(v[2], sj.NegativeZero) and v[2] == 0 and v[3] == 9007199254740993
    assert v[4] == sj.JsonBigInt("9" * 5000)
    assert sj.parse(b"-0", LINE).value() == 0 and not isinstance(sj.parse(b"-0", LINE).value(), sj.NegativeZero)


@pytest.mark.long
def test_a_long_string_and_a_long_number():
    n = 1 << 19
    for body, text in ((b"a" * n, "a" * n), (b"\\n" * n, "\n" * n), (b"\xff" * n, "\ufffd" * n),
                       (b"\xe2\x82" * n, "\ufffd" * (2 * n)), ("é€😀".encode() * n, "é€😀" * n),
                       (b"\\u00e9\xff" * n, "é\ufffd" * n)):
        assert sj.parse(b'"' + body + b'"', RECORD).value() == text
    assert sj.parse(b"1" * (1 << 21), RECORD).value() == sj.JsonBigInt("1" * (1 << 21))


def test_loads_is_parse_then_value():
    # loads takes a shortcut through the json module for a well-formed
    # document; it must give what the reader gives, and the same refusals.
    cases = [b'{"a":[1,-0,2.5,"x\\u00e9\xc3\xa9",true,null,{}],"b":{"c":"\xff"}}', b"[]", b'"\\ud800"',
             b'{"a":1,"a":2}', b"[NaN]", b"[" * 33 + b"]" * 33, values((1 << 16) + 1), b'{"\xE2\x82":1,"\xE2":2}',
             b"[1.0e5, 12345678901234567890123456789012345678901]", b"\xef\xbb\xbf[]", b"[\"\x01\"]", b"[1] [2]"]
    for data in cases:
        try:
            want = sj.parse(data, LINE).value()
        except sj.JsonError as e:
            with pytest.raises(sj.JsonError) as got:
                sj.loads(data, LINE)
            assert (got.value.code, got.value.message) == (e.code, e.message)
            continue
        assert sj.loads(data, LINE) == want
        assert sj.loads(data, RECORD, signed_zero=True) == sj.parse(data, RECORD).value(signed_zero=True)
