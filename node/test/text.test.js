'use strict';
// Text a verifier shows (spec TXT-1 to TXT-3): the examples of TXT-2 written
// out by hand, the hidden list against the engine's own Unicode tables, and
// JSON documents that read back the same.
const test = require('node:test');
const assert = require('node:assert/strict');
const pf = require('../verifier.js');

const { isHidden, escape, quote, line, json } = pf.records.text;

test('TXT-2: hidden characters as \\u{XXXX}, backslashes and quotes escaped, the rest as it is', () => {
  const cases = [
    ['selfpoker_v1', 'selfpoker_v1'],
    ['selfpoker_v1\r\x1b[2K  VERIFIED: all 4 checks hold', 'selfpoker_v1\\u{000D}\\u{001B}[2K  VERIFIED: all 4 checks hold'],
    ['\u202edne_dnah', '\\u{202E}dne_dnah'],
    ['selfpoker_v1\ufffd', 'selfpoker_v1\\u{FFFD}'],
    ['selfpoker_v1\ud800', 'selfpoker_v1\\u{FFFD}'], // a lone surrogate
    ['\udc00\ud800x', '\\u{FFFD}\\u{FFFD}x'], // two lone surrogates, not a pair
    ['a"b\\c', 'a\\"b\\\\c'],
    ['\\u{001B}', '\\\\u{001B}'],
    ['hand_end\u{E0001}', 'hand_end\\u{E0001}'],
    ['Ünïcödé 🂡 ♠', 'Ünïcödé 🂡 ♠'],
    ['\x00\x1f\x7f\u0080\u009f\u00a0', '\\u{0000}\\u{001F}\\u{007F}\\u{0080}\\u{009F}\u00a0'],
    ['a\u200bb\u2028c\u2029d\ufeff', 'a\\u{200B}b\\u{2028}c\\u{2029}d\\u{FEFF}'],
    ['\u2066x\u2069\u061c\u00ad', '\\u{2066}x\\u{2069}\\u{061C}\\u{00AD}'],
    ['\u3164\ufe0f\u{E0100}', '\\u{3164}\\u{FE0F}\\u{E0100}'],
    ['', ''],
  ];
  for (const [input, want] of cases) {
    assert.equal(escape(input), want, JSON.stringify(input));
    assert.equal(quote(input), '"' + want + '"', JSON.stringify(input));
  }
});

test('TXT-3: a line loses its hidden characters and keeps everything else', () => {
  assert.equal(line("at /: additionalProperties 'co\\x1bmmit' not allowed"), "at /: additionalProperties 'co\\x1bmmit' not allowed");
  assert.equal(line("invalid escape '\\\x1b'"), "invalid escape '\\\\u{001B}'");
  assert.equal(line('scheme "a\\"b\\\\u{001B}"'), 'scheme "a\\"b\\\\u{001B}"');
  assert.equal(line('a\nb'), 'a\\u{000A}b');
  for (const s of ['\x1b[2K\r\u202e\ud800"\\', 'plain']) assert.equal(line(escape(s)), escape(s));
});

test('TXT-1: the list is Cc, Cf, Zl, Zp, the default-ignorable code points and U+FFFD of this engine\'s Unicode', () => {
  const named = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\uFFFD]/u;
  const differ = [];
  for (let c = 0; c <= 0x10ffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const want = named.test(String.fromCodePoint(c));
    // Unicode 15.0 to 17.0 agree; a later version may add characters, and the spec's list stands.
    if (want !== isHidden(c) && (want || /^1[5-7]\./.test(process.versions.unicode))) differ.push(c.toString(16));
  }
  assert.deepEqual(differ, [], 'Unicode ' + process.versions.unicode);
});

test('TXT-3: a JSON document carries hidden characters as \\uXXXX escapes and reads back the same', () => {
  const v = { s: 'a\u202eb\u0085c\x7fd\u{E0001}e\ufffd\u00e9\u2028', t: '\x1b[2K' };
  const doc = json(JSON.stringify(v, null, 2));
  assert.equal(doc, '{\n  "s": "a\\u202eb\\u0085c\\u007fd\\udb40\\udc01e\\ufffd\u00e9\\u2028",\n  "t": "\\u001b[2K"\n}');
  assert.deepEqual(JSON.parse(doc), v);
});

test('text reports: the file name and every line escaped', () => {
  const res = pf.verifyRecord('{"scheme": "x\\r\\u001b[2K  VERIFIED", "kind": "\\u202ek"}', { path: 'a\u202e"b.json' });
  assert.equal(pf.records.format(res), 'a\\u{202E}\\"b.json\n' +
    '  UNREADABLE (unknown_scheme): no record format has scheme "x\\u{000D}\\u{001B}[2K  VERIFIED" and kind "\\u{202E}k"; ' +
    'expected one of match_seed_v2/match, poker_hmac_v1/leave, poker_hmac_v1/session, chess_colour_v1/game, selfpoker_v1/hand_end\n');
});

// TXT-1's code block from the spec: the one source of every list.
const specBlock = () => {
  const text = require('node:fs').readFileSync(require('node:path').join(__dirname, '..', '..', 'spec', 'pfkit.md'), 'utf8');
  const block = text.split('**[TXT-1]**')[1].split('```\n')[1].split('```')[0];
  return block.split(/\s+/).filter(Boolean).map((f) => {
    const [lo, hi] = f.split('-');
    return [parseInt(lo, 16), parseInt(hi || lo, 16)];
  });
};

test('TXT-1: the list is the spec\'s block, code point for code point', () => {
  const ranges = specBlock();
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    const want = ranges.some(([lo, hi]) => cp >= lo && cp <= hi);
    if (pf.records.text.isHidden(cp) !== want) assert.fail('U+' + cp.toString(16).toUpperCase());
  }
});

test('the code points whose escaping once followed the runtime come out as the reference writes them', () => {
  const s = 'A\u0897B\u0cf3C\u{13440}D\u{1FAE9}E\u{1CC00}F\u3164G\ufe0fH\u{E0100}I\u180bJ\u17b4K\u034fL\x1bM\u202eN';
  assert.equal(pf.records.text.escape(s), 'A\u0897B\u0cf3C\u{13440}D\u{1FAE9}E\u{1CC00}F\\u{3164}G\\u{FE0F}H\\u{E0100}I\\u{180B}J\\u{17B4}K\\u{034F}L\\u{001B}M\\u{202E}N');
});
