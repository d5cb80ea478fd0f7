// What a refusal says (spec REF-1 to REF-5) and what a record or a line may
// build (LIM-5): every row of REF-2's table on an input worked out by hand,
// its offset counted in bytes; the bounds one below and one past for records
// and request lines, and the order of the checks at one position; REF-3's
// and REF-4's messages. Every expected message is written from the spec's
// text.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const pf = require('../verifier.js');

const RECORDS = path.join(__dirname, '..', '..', 'vectors', 'records');
const example = (name) => JSON.parse(fs.readFileSync(path.join(RECORDS, name), 'utf8'));
const bytes = (...parts) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));
const NOT_JSON = 'the record is not readable JSON: ';

/** [code, message] of a record refused. */
function refusal(data) {
  const r = pf.verifyRecord(data);
  assert.ok(r.error, 'expected a refusal, got ' + r.status);
  return [r.error.code, r.error.message];
}

test('REF-2: every row of the table, at the byte offset', () => {
  const M = 'malformed_request';
  const rows = [
    // where a value must begin: the first byte, after ':', after '[' or ',' in an array
    ['x', 0, 'expected a value, found "x"'],
    ['  ]', 2, 'expected a value, found "]"'],
    ['{"a":}', 5, 'expected a value, found "}"'],
    ['[x]', 1, 'expected a value, found "x"'],
    ['[1,]', 3, 'expected a value, found "]"'],
    ['{"a":+1}', 5, 'expected a value, found "+"'],
    // after '{' or ',' in an object
    ['{1}', 1, 'expected a string key, found "1"'],
    ['{"a":1,}', 7, 'expected a string key, found "}"'],
    ["{'a':1}", 1, 'expected a string key, found "\'"'],
    // after a key, after a member's value, after an element
    ['{"a" 1}', 5, 'expected \':\', found "1"'],
    ['{"a":1 "b":2}', 7, 'expected \',\' or \'}\', found "\\""'],
    ['{"a":1]', 6, 'expected \',\' or \'}\', found "]"'],
    ['[1 2]', 3, 'expected \',\' or \']\', found "2"'],
    ['[1}', 2, 'expected \',\' or \']\', found "}"'],
    // numbers
    ['{"a":-x}', 6, 'expected a digit, found "x"'],
    ['{"a":-}', 6, 'expected a digit, found "}"'],
    ['{"a":1.}', 7, 'expected a digit after \'.\', found "}"'],
    ['{"a":1.e5}', 7, 'expected a digit after \'.\', found "e"'],
    ['{"a":1e}', 7, 'expected a digit in the exponent, found "}"'],
    ['{"a":1E+}', 8, 'expected a digit in the exponent, found "}"'],
    ['{"a":1e-x}', 8, 'expected a digit in the exponent, found "x"'],
    ['{"a":01}', 6, 'expected \',\' or \'}\', found "1"'],
    // literals: the first byte that differs
    ['{"a":tru}', 8, 'expected true, found "}"'],
    ['{"a":trUe}', 7, 'expected true, found "U"'],
    ['{"a":fals}', 9, 'expected false, found "}"'],
    ['{"a":nil}', 6, 'expected null, found "i"'],
    // strings
    ['{"a":"x\ty"}', 7, 'expected a character of a string, found byte 0x09'],
    ['{"a":"x\u0000"}', 7, 'expected a character of a string, found byte 0x00'],
    ['{"a":"x\u001f"}', 7, 'expected a character of a string, found byte 0x1F'],
    ['{"a":"\\x"}', 7, 'expected an escape (one of " \\ / b f n r t u), found "x"'],
    ['{"a":"\\\u001b"}', 7, 'expected an escape (one of " \\ / b f n r t u), found byte 0x1B'],
    ['{"a":"\\u12g4"}', 10, 'expected four hex digits, found "g"'],
    ['{"a":"\\u"}', 8, 'expected four hex digits, found "\\""'],
    ['{"a":"\\ud800\\u12"}', 16, 'expected four hex digits, found "\\""'],
    // after the record's value
    ['{} x', 3, 'expected the end of the record, found "x"'],
    ['{}{}', 2, 'expected the end of the record, found "{"'],
    ['{}\u0000', 2, 'expected the end of the record, found byte 0x00'],
    ['{} \\', 3, 'expected the end of the record, found "\\\\"'],
    // the end of the bytes where more must come: N is their length
    ['', 0, 'expected a value, found the end of the input'],
    ['   ', 3, 'expected a value, found the end of the input'],
    ['{', 1, 'expected a string key, found the end of the input'],
    ['{"a"', 4, 'expected \':\', found the end of the input'],
    ['{"a":', 5, 'expected a value, found the end of the input'],
    ['{"a":1', 6, 'expected \',\' or \'}\', found the end of the input'],
    ['[1', 2, 'expected \',\' or \']\', found the end of the input'],
    ['{"a":"x', 7, 'expected a character of a string, found the end of the input'],
    ['{"a":"\\', 7, 'expected an escape (one of " \\ / b f n r t u), found the end of the input'],
    ['{"a":"\\u12', 10, 'expected four hex digits, found the end of the input'],
    ['{"a":-', 6, 'expected a digit, found the end of the input'],
    ['{"a":1.', 7, 'expected a digit after \'.\', found the end of the input'],
    ['{"a":1e', 7, 'expected a digit in the exponent, found the end of the input'],
    ['{"a":nu', 7, 'expected null, found the end of the input'],
    // a repeated key: N is its opening quote
    ['{"a":1,"a":2}', 7, 'duplicate key "a"'],
    ['{"a":[{"b":1,"c":{},"b":2}]}', 20, 'duplicate key "b"'],
    ['{"\\u0061":1, "a":2}', 13, 'duplicate key "a"'],
    ['{"\\ud800":1,"\\udc00":2}', 12, 'duplicate key "\\u{FFFD}"'],
    ['{"' + 'k'.repeat(50) + '":1,"' + 'k'.repeat(50) + '":2}', 56, 'duplicate key "' + 'k'.repeat(40) + '\u2026"'],
    ['{"\\u001b[1A":1,"\\u001b[1A":2}', 15, 'duplicate key "\\u{001B}[1A"'],
  ];
  for (const [text, offset, message] of rows) {
    assert.deepEqual(atOffset(refusal(text)), [M, offset, message], JSON.stringify(text));
  }
});

/** [code, offset, message] of a REF-2 refusal on one line: its column is REF-6's test's. */
function atOffset([code, text]) {
  const m = /^the record is not readable JSON: at offset (\d+) \(line 1, column \d+\): (.*)$/s.exec(text);
  return m ? [code, Number(m[1]), m[2]] : [code, text];
}

test('REF-6: the line and column of a syntax error, worked by hand', () => {
  const M = 'malformed_request';
  const cases = [
    [bytes('{"a":\n  x}'), 'at offset 8 (line 2, column 3): expected a value, found "x"'],
    [bytes('{\n"a":1,\n\n"b" 2}'), 'at offset 14 (line 4, column 5): expected \':\', found "2"'],
    // é, 🂡 and € are one character each, however many bytes.
    [bytes('{"é":x}'), 'at offset 6 (line 1, column 6): expected a value, found "x"'],
    [bytes('{"🂡":1 x}'), 'at offset 10 (line 1, column 8): expected \',\' or \'}\', found "x"'],
    [bytes('["é€🂡",]'), 'at offset 13 (line 1, column 8): expected a value, found "]"'],
    // 0xFF and 0xC3 begin no valid sequence, but neither continues one: each counts.
    [bytes('{"a":"', [0xff, 0xc3], '"', [0x80], '}'), 'at offset 9 (line 1, column 10): expected \',\' or \'}\', found byte 0x80'],
    [bytes('{"a":\n'), 'at offset 6 (line 2, column 1): expected a value, found the end of the input'],
  ];
  for (const [data, message] of cases) {
    assert.deepEqual(refusal(data), [M, NOT_JSON + message], data.toString('hex'));
  }
});

test('REF-2: offsets count bytes, whatever they are; BYTE names a byte outside 0x20-0x7E by its value', () => {
  const M = 'malformed_request';
  const cases = [
    // A UTF-8 byte-order mark is three bytes, and no white space.
    [bytes([0xef, 0xbb, 0xbf], '{}'), 0, 'expected a value, found byte 0xEF'],
    // é is two bytes, 🂡 four: the offset is past them in bytes.
    [bytes('{"é":x}'), 6, 'expected a value, found "x"'],
    [bytes('{"🂡":1 x}'), 10, 'expected \',\' or \'}\', found "x"'],
    [bytes('["é€🂡",]'), 13, 'expected a value, found "]"'],
    // Bytes that are not UTF-8 inside a string are read (RUN-8); outside one they are named.
    [bytes('{"a":"', [0xff, 0xc3], '"', [0x80], '}'), 9, 'expected \',\' or \'}\', found byte 0x80'],
    [bytes('{"a":', [0xc3, 0xa9], '}'), 5, 'expected a value, found byte 0xC3'],
    [bytes('{"a":1}', [0x7f]), 7, 'expected the end of the record, found byte 0x7F'],
    // A lone surrogate, raw or escaped, is U+FFFD: one per byte raw (ED A0 80: three), one escaped.
    [bytes('{"', [0xed, 0xa0, 0x80], '":1,"', [0xef, 0xbf, 0xbd, 0xef, 0xbf, 0xbd, 0xef, 0xbf, 0xbd], '":2}'), 9, 'duplicate key "\\u{FFFD}\\u{FFFD}\\u{FFFD}"'],
    [bytes('{"\\udc00\\ud800\\udc00":1,"', [0xef, 0xbf, 0xbd, 0xf0, 0x90, 0x80, 0x80], '":2}'), 24, 'duplicate key "\\u{FFFD}\ud800\udc00"'],
    // E2 82 is two U+FFFD and E2 one: different keys (RUN-8); E2 82 and FF FE the same two.
    [bytes('{"', [0xe2, 0x82], '":1,"', [0xff, 0xfe], '":2}'), 8, 'duplicate key "\\u{FFFD}\\u{FFFD}"'],
  ];
  for (const [data, offset, message] of cases) {
    assert.deepEqual(atOffset(refusal(data)), [M, offset, message], data.toString('hex'));
  }
  // {"\xE2\x82":1,"\xE2":2} holds two keys: it is read, and refused for its scheme.
  assert.equal(refusal(bytes('{"', [0xe2, 0x82], '":1,"', [0xe2], '":2}'))[0], 'unknown_scheme');
  // The same bytes given as text: a string is read as its UTF-8.
  assert.deepEqual(refusal('{"é":x}'), [M, NOT_JSON + 'at offset 6 (line 1, column 6): expected a value, found "x"']);
});

/** n copies of s joined by ','. */
const run = (s, n) => (n === 0 ? '' : s + (',' + s).repeat(n - 1));

test('LIM-5: a record holds 2^20 values and 2^16 objects and members; the first one past is refused where it begins', () => {
  const TOO = 'input_too_large';
  // [0,0,…]: the array is value 1, zero k is value k + 1 and begins at 1 + 2(k - 1).
  assert.deepEqual(refusal('[' + run('0', 1048575) + ']'), ['malformed_request', 'a record is a JSON object, found an array']);
  assert.deepEqual(refusal('[' + run('0', 1048576) + ']'), [TOO, NOT_JSON + 'at offset 2097151 (line 1, column 2097152): more than 1048576 values']);
  // [{},{},…]: object k is object k and begins at 1 + 3(k - 1).
  assert.deepEqual(refusal('[' + run('{}', 65536) + ']'), ['malformed_request', 'a record is a JSON object, found an array']);
  assert.deepEqual(refusal('[' + run('{}', 65537) + ']'), [TOO, NOT_JSON + 'at offset 196609 (line 1, column 196610): more than 65536 objects and members']);
  // One object of many members: the object counts one, each member one more where its key has been read.
  const keys = (n) => Array.from({ length: n }, (_, i) => '"k' + i + '":0');
  assert.equal(refusal('{' + keys(65535).join(',') + '}')[0], 'unknown_scheme');
  const past = keys(65536);
  const at = ('{' + past.slice(0, -1).join(',') + ',').length;
  assert.deepEqual(atOffset(refusal('{' + past.join(',') + '}')), [TOO, at, 'more than 65536 objects and members']);
  // {"a":0}: an object and a member each; the 32769th object is the 65537th.
  assert.deepEqual(atOffset(refusal('[' + run('{"a":0}', 32769) + ']')), [TOO, (1 + 8 * 32768), 'more than 65536 objects and members']);
  // Keys are not values: 2^20 values of which 2^15 - 1 are members' values pass.
  assert.equal(refusal('[' + run('{"a":0}', 32767) + ',' + run('0', 1048576 - 1 - 2 * 32767) + ']')[0], 'malformed_request');
});

test('LIM-5: at one position, the depth, then the values, then the objects; at a key, the repeated key, then the members', () => {
  const TOO = 'input_too_large';
  // 64 brackets open (the innermost at level 64), then zeros to the 2^20th value: 64 + 2·1048512 = 2097088.
  const deep = '['.repeat(64) + '0,'.repeat(1048512);
  assert.deepEqual(refusal(deep + '['), [TOO, NOT_JSON + 'at offset 2097088 (line 1, column 2097089): nesting deeper than 64 levels']);
  assert.deepEqual(refusal(deep + '0'), [TOO, NOT_JSON + 'at offset 2097088 (line 1, column 2097089): more than 1048576 values']);
  // 65536 objects and 2^20 values, then a { at 1 + 3·65536 + 2·983039 = 2162687: the values come first.
  const full = '[' + '{},'.repeat(65536) + '0,'.repeat(983039);
  assert.deepEqual(refusal(full + '{}]'), [TOO, NOT_JSON + 'at offset 2162687 (line 1, column 2162688): more than 1048576 values']);
  assert.deepEqual(refusal(full.slice(0, -2) + '{}]'), [TOO, NOT_JSON + 'at offset 2162685 (line 1, column 2162686): more than 65536 objects and members']);
  // An object at its bound of members: a repeated key is reported, not the bound.
  const keys = Array.from({ length: 65535 }, (_, i) => '"k' + i + '":0').join(',');
  const at = ('{' + keys + ',').length;
  assert.deepEqual(atOffset(refusal('{' + keys + ',"k7":0}')), ['malformed_request', at, 'duplicate key "k7"']);
  assert.deepEqual(atOffset(refusal('{' + keys + ',"k":0}')), [TOO, at, 'more than 65536 objects and members']);
  // What a reader meets first is reported: a syntax error before the bound, the bound before a later one.
  assert.deepEqual(refusal('[' + run('0', 10) + ' x,' + run('0', 1048576) + ']'), ['malformed_request', NOT_JSON + 'at offset 21 (line 1, column 22): expected \',\' or \']\', found "x"']);
  assert.deepEqual(refusal('[' + run('0', 1048576) + ' x]'), [TOO, NOT_JSON + 'at offset 2097151 (line 1, column 2097152): more than 1048576 values']);
  // 64 levels are read, the 65th [ is refused at its offset.
  assert.equal(refusal('['.repeat(64) + ']'.repeat(64))[0], 'malformed_request');
  assert.deepEqual(refusal('['.repeat(65) + ']'.repeat(65)), [TOO, NOT_JSON + 'at offset 64 (line 1, column 65): nesting deeper than 64 levels']);
  assert.deepEqual(refusal('{"a":1,"a":' + '['.repeat(70)), ['malformed_request', NOT_JSON + 'at offset 7 (line 1, column 8): duplicate key "a"']);
});

test('LIM-5: a request line holds 2^16 values and 2^12 objects and members', () => {
  // The request, its id, scheme and op and its input are five values, and
  // with the array six; the request and its four members, the input and its
  // member a are seven objects and members.
  const line = (inner) => '{"id":"x","scheme":"s","op":"o","input":{"a":[' + inner + ']}}';
  const head = line('').length - 3;
  const answer = (l) => {
    const r = pf.evaluate(l);
    return [r.id, r.error.code, r.error.message];
  };
  assert.equal(answer(line(run('0', 65530)))[1], 'unknown_scheme');
  assert.deepEqual(answer(line(run('0', 65531))), [null, 'input_too_large', 'request: at offset ' + (head + 2 * 65530) + ': more than 65536 values']);
  assert.equal(answer(line(run('{}', 4089)))[1], 'unknown_scheme');
  assert.deepEqual(answer(line(run('{}', 4090))), [null, 'input_too_large', 'request: at offset ' + (head + 3 * 4089) + ': more than 4096 objects and members']);
  // The same bounds on bytes, and on the runner's order: a syntax error met first is malformed_request.
  assert.equal(pf.evaluate(Buffer.from(line(run('0', 65531)))).error.code, 'input_too_large');
  assert.deepEqual(answer('{"id" 1,' + line(run('0', 70000)).slice(1)), [null, 'malformed_request', 'request: expected one JSON object per line: at offset 6: expected \':\', found "1"']);
  // Nesting: the request is level 1 and its input level 2; the 33rd level is refused at its bracket.
  const nest = (k) => '{"id":"x","scheme":"s","op":"o","input":{"a":' + '['.repeat(k) + ']'.repeat(k) + '}}';
  assert.equal(answer(nest(30))[1], 'unknown_scheme');
  assert.deepEqual(answer(nest(31)), [null, 'input_too_large', 'request: at offset 75: nesting deeper than 32 levels']);
});

test('REF-3: the refusals after the JSON, in REC-1\'s order', () => {
  const M = 'malformed_request';
  for (const [text, type] of [['[]', 'an array'], ['null', 'null'], ['"x"', 'a string'], ['5', 'an integer'], ['true', 'a boolean'], ['false', 'a boolean']]) {
    assert.deepEqual(refusal(text), [M, 'a record is a JSON object, found ' + type], text);
  }
  assert.deepEqual(refusal('{"scheme":"match_seed_v1","kind":5,"x":1.5}'), ['scheme_unspecified',
    'match_seed_v1 is the site\'s older scheme, not yet published: older matches remain verifiable with the site\'s own verifier, ' +
    'but this tool cannot check them until the site publishes the scheme']);
  const unknown = (s, k) => 'no record format has scheme ' + s + ' and kind ' + k + '; expected one of match_seed_v2/match, ' +
    'poker_hmac_v1/leave, poker_hmac_v1/session, chess_colour_v1/game, selfpoker_v1/hand_end';
  assert.deepEqual(refusal('{}'), ['unknown_scheme', unknown('""', '""')]);
  assert.deepEqual(refusal('{"scheme":5,"kind":["hand_end"]}'), ['unknown_scheme', unknown('""', '""')]);
  assert.deepEqual(refusal('{"scheme":"selfpoker_v1","kind":"hand"}'), ['unknown_scheme', unknown('"selfpoker_v1"', '"hand"')]);
  assert.deepEqual(refusal('{"scheme":"x\\u00e9\\n\\"","kind":"\\u202ek"}'), ['unknown_scheme', unknown('"xé\\u{000A}\\""', '"\\u{202E}k"')]);
  assert.deepEqual(refusal('{"scheme":"' + 's'.repeat(39) + '🂡🂡","kind":"k"}'), ['unknown_scheme', unknown('"' + 's'.repeat(39) + '🂡\u2026"', '"k"')]);
  // A loose number: the first in sorted key order, as written and cut, at its place said as SCH-2 says one (a
  // member the schema does not name by its name, an element of a list without words "entry N"), the pointer escaped.
  const loose = (where, found) => ['invalid_integer', where + ': expected an integer with no fraction or exponent, found ' + found];
  assert.deepEqual(refusal('{"scheme":"match_seed_v2","kind":"match","b":[1,{"y":2.5,"x":1e0}],"a":{"~/":1.0}}'),
    loose('"~/" of "a" (/a/~0~1)', '1.0'));
  assert.deepEqual(refusal('{"scheme":"match_seed_v2","kind":"match","b":[1,{"y":2.5,"x":1e0}]}'),
    loose('"x" of entry 2 of "b" (/b/1/x)', '1e0'));
  assert.deepEqual(refusal('{"scheme":"match_seed_v2","kind":"match","z":1.' + '0'.repeat(100) + '}'),
    loose('"z" (/z)', '1.' + '0'.repeat(38) + '\u2026'));
  assert.deepEqual(refusal('{"scheme":"match_seed_v2","kind":"match","deals":[[[0,1.5]]]}'),
    loose('card 2 of hand 1 of deal 1 (/deals/0/0/1)', '1.5'));
  assert.deepEqual(refusal('{"scheme":"match_seed_v2","kind":"match","\\u001b[2K":0.0}'),
    loose('"\\u{001B}[2K" (/\\u{001B}[2K)', '0.0'));
  // A pointer past 40 code points is cut, and its place said from its first step.
  assert.deepEqual(refusal('{"scheme":"match_seed_v2","kind":"match","deep":' + '['.repeat(20) + '1.5' + ']'.repeat(20) + '}'),
    loose('a value inside "deep" (/deep' + '/0'.repeat(17) + '/\u2026)', '1.5'));
  // Not valid against its schema: where, in words, then SCH-2's complaint.
  assert.deepEqual(refusal('{"scheme":"chess_colour_v1","kind":"game"}'),
    ['invalid_record', 'the record: "seedA" is missing']);
});

test('REF-4: a selfpoker seed past 2^63 or written -0, and a fixed order that is not one', () => {
  const sp = example('selfpoker.json');
  const seed = (text) => refusal(JSON.stringify(sp).replace('"seed":"1234567890123456789"', '"seed":' + text));
  const range = (found) => ['out_of_range', '"seed" of "fairplay" (/fairplay/seed): expected an integer from 0 to 9223372036854775807 (2^63 - 1), found ' + found];
  assert.deepEqual(seed('9223372036854775808'), range('9223372036854775808'));
  assert.deepEqual(seed('"9223372036854775808"'), range('9223372036854775808'));
  assert.deepEqual(seed('1'.repeat(45)), range('1'.repeat(40) + '\u2026'));
  assert.deepEqual(seed('-0'), ['invalid_integer', '"seed" of "fairplay" (/fairplay/seed): expected an integer with no sign, found -0']);
  // 2^63 - 1 is a seed: the record is read and checked.
  assert.equal(pf.verifyRecord(JSON.stringify(sp).replace('"seed":"1234567890123456789"', '"seed":9223372036854775807')).status, 'failed');
  // A fixed order: the first piece of the kit's order held too often or too seldom (CARD-2: 7c 8c 9c …; CARD-3: 1m 2m …).
  const wall = example('mahjong-wall-sets.json');
  const withWall = (from, to) => {
    const w = wall.mahjongWall.slice();
    w[w.indexOf(from)] = to;
    return refusal(JSON.stringify(Object.assign({}, wall, { mahjongWall: w })));
  };
  assert.deepEqual(withWall('2m', '1m'), ['invalid_record', '"mahjongWall" (/mahjongWall): not an order of the 136 tiles: expected "1m" 4 times, found it 5 times']);
  assert.deepEqual(withWall('1m', '2m'), ['invalid_record', '"mahjongWall" (/mahjongWall): not an order of the 136 tiles: expected "1m" 4 times, found it 3 times']);
  assert.deepEqual(withWall('Rd', 'Gd'), ['invalid_record', '"mahjongWall" (/mahjongWall): not an order of the 136 tiles: expected "Gd" 4 times, found it 5 times']);
  const deck = example('baloot-deck-by-rank.json');
  const withDeck = (from, to) => {
    const d = deck.balootDeck.map((x) => (x === from ? to : x));
    return refusal(JSON.stringify(Object.assign({}, deck, { balootDeck: d })));
  };
  assert.deepEqual(withDeck('8c', '7c'), ['invalid_record', '"balootDeck" (/balootDeck): not an order of the 32 cards: expected "7c" once, found it twice']);
  assert.deepEqual(withDeck('7c', '8c'), ['invalid_record', '"balootDeck" (/balootDeck): not an order of the 32 cards: expected "7c" once, found it 0 times']);
});

test('REF-5: one message, a few hundred bytes, whatever the record holds', () => {
  const bridge = example('bridge.json');
  // A bridge record whose deals hold 262,144 entries [1], every one of them a schema failure.
  const text = JSON.stringify(bridge).replace(/"deals":\[.*\]\}$/, '"deals":[' + run('[1]', 262144) + ']}');
  assert.ok(text.length > 1 << 20);
  assert.deepEqual(refusal(text), ['invalid_record', '"deals" (/deals): expected at most 1000 deals, found 262144']);
  // Nearly 16 MiB of é where the commit goes: the complaint shows its first 40.
  const sp = JSON.stringify(example('selfpoker.json'));
  const sixteen = Buffer.from(sp.replace(/"commit":"[0-9a-f]+"/, '"commit":"' + '\u00e9'.repeat((8 << 20) - 1000) + '"'));
  assert.ok(sixteen.length > 16 * 1024 * 1024 - 2000 && sixteen.length <= 16 * 1024 * 1024);
  assert.deepEqual(refusal(sixteen), ['invalid_record', '"commit" (/commit): ' +
    'expected 64 hex digits (0 to 9 and a to f), found "' + '\u00e9'.repeat(40) + '\u2026"']);
  // Over 16 MiB, a record is refused by its size (REF-2's last paragraph).
  assert.deepEqual(refusal(Buffer.alloc(16 * 1024 * 1024 + 1, 0x20)), ['input_too_large', 'the record has 16777217 bytes, the limit is 16777216']);
});

test('READ-10, READ-11: a listed wall or deck that is not the set hands the page its piece and counts, outside the JSON', () => {
  const wall = fs.readFileSync(path.join(__dirname, '..', '..', 'vectors', 'records', 'reading-wall-not-a-set.json'));
  const rec = JSON.parse(wall);
  // Counted here from the vector itself: the set holds each tile 4 times.
  const ones = rec.mahjongWall.filter((x) => x === '1m').length;
  const deck = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'vectors', 'records', 'baloot-deck-by-rank.json')));
  deck.balootDeck[1] = deck.balootDeck[0]; // one card twice, another missing
  const cases = [
    // [record, field, piece, want, found]
    [wall, 'mahjongWall', '1m', 4, ones],
    [JSON.stringify(deck), 'balootDeck', deck.balootDeck[0], 1, 2],
  ];
  for (const [data, field, piece, want, found] of cases) {
    const res = pf.verifyRecord(data);
    assert.equal(res.status, 'unreadable');
    assert.equal(res.error.code, 'invalid_record');
    assert.deepEqual(res.error.violation, { schema: 'record_match_v1.json', pointer: '/' + field, code: 'cli.refusal.order.' + field,
      params: { piece, want, found }, field });
    assert.ok(!JSON.stringify(res).includes('violation'), 'the JSON report stays the same bytes as the other verifiers\'');
  }
  assert.equal(ones, 5);
});
