// The strict JSON reader and the envelope of the runner contract (RUN-1..7,
// NUM-1, NUM-2): exact number text, duplicate keys, limits, UTF-8, and the order
// in which problems are reported.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const pf = require('../verifier.js');

const SEED = '3c8dce6d343faf434f338eb09f5f7f0643af3cf2da4afa8993805eff14447858';
const commitLine = (extra) => '{"id":"x","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"' + SEED + '"' + (extra || '') + '}}';
const code = (req) => {
  const r = pf.evaluate(req);
  return r.error ? r.error.code : 'ok';
};
const drawsWithN = (nText) => '{"id":"x","scheme":"match_seed_v2","op":"draws","input":{"serverSeed":"' + SEED +
  '","game":"g","matchId":"m","clientSeeds":["a"],"program":[{"op":"int","n":' + nText + '}]}}';

test('numbers keep their text: fractions, exponents and integers beyond 2^53 - 1 are invalid_integer', () => {
  assert.equal(code(drawsWithN('6')), 'ok');
  assert.equal(code(drawsWithN('-0')), 'out_of_range');
  for (const t of ['6.0', '6e0', '6E0', '6e+0', '60e-1', '0.6e1', '9007199254740992', '9007199254740993', '-9007199254740992', '1e400', '123456789012345678901234567890']) {
    assert.equal(code(drawsWithN(t)), 'invalid_integer', t);
  }
  // 2^53 - 1 is an integer a JSON reader holds exactly; it is then out of int's range.
  assert.equal(code(drawsWithN('9007199254740991')), 'out_of_range');
  assert.equal(code(drawsWithN('4503599627370496')), 'ok');
  assert.equal(code(drawsWithN('4503599627370497')), 'out_of_range');
  assert.equal(code(drawsWithN('"6"')), 'wrong_type');
});

test('the reader keeps number text exactly', () => {
  const v = pf.parseJSON('{"a":9007199254740993,"b":6.0,"c":-0,"d":1E5}');
  assert.ok(v.a instanceof pf.JsonNumber);
  assert.deepStrictEqual([v.a.text, v.b.text, v.c.text, v.d.text], ['9007199254740993', '6.0', '-0', '1E5']);
  assert.equal(pf.canonicalJSON(v), '{"a":9007199254740993,"b":6.0,"c":-0,"d":1E5}');
});

test('JSON syntax errors are malformed_request with a null id', () => {
  for (const line of ['', 'hello', '{', '{"id":"x"', '{"id":"x",}', '[1,]', '{"id" "x"}', '{"id":"x"} {}', '{"id":01}', '{"id":1.}',
    '{"id":-}', '{"id":.5}', '{"id":tru}', '{"id":"\\x"}', '{"id":"\\u12"}', '{"id":"a\u0001b"}', '{\'id\':1}', '\ufeff{}', '{"id":"x"}\u0000',
    '{"id":"x",,"a":1}', '{"a":1 "b":2}', '[1 2]', '{"id":NaN}', '{"id":Infinity}', '{"id":+1}']) {
    const r = pf.evaluate(line);
    assert.equal(r.id, null, JSON.stringify(line));
    assert.equal(r.error && r.error.code, 'malformed_request', JSON.stringify(line));
  }
});

test('a repeated key, at any depth, is malformed_request, even written with escapes', () => {
  assert.equal(code(commitLine(',"serverSeed":"' + SEED + '"')), 'malformed_request');
  assert.equal(code('{"id":"x","id":"x","scheme":"s","op":"o","input":{}}'), 'malformed_request');
  assert.equal(code(commitLine(',"\\u0073erverSeed":"x"')), 'malformed_request');
  assert.equal(code(commitLine(',"extra":[{"a":1,"a":2}]')), 'malformed_request');
  // Distinct keys that differ only past a surrogate are not duplicates.
  assert.equal(code(commitLine(',"\\ud83d\\ude00":1,"\\ud83d\\ude01":2')), 'unknown_field');
  // Lone surrogates read as U+FFFD, as Go's reader does, so these two collide.
  assert.equal(code(commitLine(',"\\ud800":1,"\\udc00":2')), 'malformed_request');
  assert.equal(code(commitLine(',"\\ud800":1,"\ufffd":2')), 'malformed_request');
  // A duplicate is reported where it is met: before a later syntax error.
  assert.equal(pf.evaluate(commitLine(',"serverSeed":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]')).error.code, 'malformed_request');
});

test('nesting: 32 levels are read, 33 are input_too_large', () => {
  // The request object is level 1 and input level 2; 30 more arrays reach 32.
  const nest = (n) => '['.repeat(n) + ']'.repeat(n);
  assert.equal(code(commitLine(',"x":' + nest(30))), 'unknown_field');
  assert.equal(code(commitLine(',"x":' + nest(31))), 'input_too_large');
  assert.equal(pf.evaluate(commitLine(',"x":' + nest(31))).id, null);
  // Depth is met before a syntax error further on, and after one earlier on.
  assert.equal(code('{"id":"x","input":' + '['.repeat(40)), 'input_too_large');
  assert.equal(code('{"id" "x","input":' + '['.repeat(40)), 'malformed_request');
});

test('size: a line of exactly 1 MiB is read, one byte more is input_too_large', () => {
  const base = commitLine(',"pad":""');
  const fill = (total) => base.replace('"pad":""', '"pad":"' + 'a'.repeat(total - base.length) + '"');
  const exact = fill(1048576);
  assert.equal(Buffer.byteLength(exact), 1048576);
  assert.equal(code(exact), 'unknown_field');
  assert.equal(code(fill(1048577)), 'input_too_large');
  assert.equal(pf.evaluate(fill(1048577)).id, null);
  // Bytes are counted, not characters: é is two bytes in UTF-8.
  const wide = base.replace('"pad":""', '"pad":"' + 'é'.repeat((1048576 - base.length) / 2 + 1) + '"');
  assert.ok(wide.length <= 1048576 && Buffer.byteLength(wide) > 1048576);
  assert.equal(code(wide), 'input_too_large');
  assert.equal(code(Buffer.from(wide)), 'input_too_large');
  // Surrounding JSON whitespace is trimmed first and not counted.
  assert.equal(code(' \t' + exact + '\r\n'), 'unknown_field');
});

test('only JSON whitespace surrounds a request; other spaces make it malformed', () => {
  assert.equal(code('  \t' + commitLine() + ' \r'), 'ok');
  for (const sp of ['\u000b', '\u000c', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u0085']) {
    assert.equal(code(sp + commitLine()), 'malformed_request', JSON.stringify(sp));
    assert.equal(code(commitLine() + sp), 'malformed_request', JSON.stringify(sp));
    // The same as bytes: a UTF-8 byte order mark is not whitespace either.
    assert.equal(code(Buffer.from(sp + commitLine())), 'malformed_request', JSON.stringify(sp));
  }
});

test('invalid UTF-8 reads as U+FFFD one byte at a time, as in Go', () => {
  const bytes = (...parts) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
  const head = '{"id":"x","scheme":"match_seed_v2","op":"commit","input":{"';
  // F0 9F is a cut-off four-byte sequence: two replacement characters, like FF FE.
  assert.equal(code(bytes(head, [0xf0, 0x9f], '":1,"', [0xff, 0xfe], '":2}}')), 'malformed_request');
  assert.equal(code(bytes(head, [0xf0, 0x9f], '":1,"', [0xff], '":2}}')), 'unknown_field');
  // Invalid bytes outside strings are syntax errors; inside an id they are invalid characters.
  assert.equal(code(bytes('{"id":"x"', [0x80], '}')), 'malformed_request');
  const r = pf.evaluate(bytes('{"id":"x', [0xc3], '","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"' + SEED + '"}}'));
  assert.equal(r.id, 'x\ufffd');
  assert.equal(r.output.commitment, pf.commit(SEED));
  // Valid multi-byte text passes through.
  assert.equal(pf.evaluate(bytes('{"id":"\u00e9\ud83c\udca1","scheme":"s","op":"o","input":{}}')).id, '\u00e9\ud83c\udca1');
});

test('the envelope: exactly id, scheme, op and input, in that order of checks', () => {
  const env = (o) => pf.evaluate(JSON.stringify(o));
  const input = { serverSeed: SEED };
  assert.deepStrictEqual(env({ id: 'a', scheme: 'match_seed_v2', op: 'commit', input }).output, { commitment: pf.commit(SEED) });
  // Not an object.
  for (const line of ['[]', '"x"', '1', 'null', 'true']) assert.deepStrictEqual([pf.evaluate(line).id, code(line)], [null, 'malformed_request']);
  // An extra member comes before a bad id, and still echoes a string id.
  assert.deepStrictEqual([env({ id: 'a', scheme: 's', op: 'o', input: {}, x: 1 }).id, code(JSON.stringify({ id: 'a', x: 1 }))], ['a', 'malformed_request']);
  assert.equal(env({ id: 7, scheme: 's', op: 'o', input: {}, x: 1 }).id, null);
  assert.deepStrictEqual(env({ scheme: 's', op: 'o', input: {} }).id, null);
  assert.deepStrictEqual(env({ id: null, scheme: 's', op: 'o', input: {} }).id, null);
  for (const o of [{ id: 'a', op: 'o', input: {} }, { id: 'a', scheme: 1, op: 'o', input: {} }, { id: 'a', scheme: 's', input: {} },
    { id: 'a', scheme: 's', op: null, input: {} }, { id: 'a', scheme: 's', op: 'o' }, { id: 'a', scheme: 's', op: 'o', input: [] },
    { id: 'a', scheme: 's', op: 'o', input: 'x' }]) {
    const r = env(o);
    assert.deepStrictEqual([r.id, r.error.code], ['a', 'malformed_request'], JSON.stringify(o));
  }
  // Then the scheme, with scheme_unspecified first, then the op.
  assert.equal(env({ id: 'a', scheme: 'match_seed_v1', op: 'nothing', input: { junk: 1 } }).error.code, 'scheme_unspecified');
  assert.equal(env({ id: 'a', scheme: 'MATCH_SEED_V2', op: 'commit', input }).error.code, 'unknown_scheme');
  assert.equal(env({ id: 'a', scheme: 'toString', op: 'commit', input }).error.code, 'unknown_scheme');
  assert.equal(env({ id: 'a', scheme: '__proto__', op: 'commit', input }).error.code, 'unknown_scheme');
  assert.equal(env({ id: 'a', scheme: 'match_seed_v2', op: 'constructor', input }).error.code, 'unknown_op');
  assert.equal(env({ id: 'a', scheme: 'match_seed_v2', op: 'hand', input }).error.code, 'unknown_op');
});

test('input fields: unknown first, then in the op table order: missing, type, value', () => {
  const draws = (input) => pf.evaluate(JSON.stringify({ id: 'a', scheme: 'match_seed_v2', op: 'draws', input })).error.code;
  const good = { serverSeed: SEED, game: 'g', matchId: 'm', clientSeeds: ['a'], program: [{ op: 'word' }] };
  assert.equal(draws({ ...good, zzz: 1, serverSeed: 'bad' }), 'unknown_field');
  assert.equal(draws({ ...good, serverSeed: 'bad', game: 'a:b' }), 'invalid_hex');
  assert.equal(draws({ ...good, game: 'a:b', clientSeeds: [] }), 'invalid_identifier');
  assert.equal(draws({ ...good, clientSeeds: [], program: [] }), 'bad_length');
  assert.equal(draws({ ...good, clientSeeds: ['ok', 5, 'a:b'] }), 'wrong_type');
  assert.equal(draws({ ...good, clientSeeds: ['ok', 'a:b', 5] }), 'invalid_identifier');
  assert.equal(draws({ ...good, clientSeeds: Array(17).fill('a') }), 'bad_length');
  assert.equal(draws({ ...good, clientSeeds: ['x'.repeat(65)] }), 'invalid_identifier');
  assert.equal(draws({ ...good, program: [{ op: 'dice', extra: 1 }] }), 'unknown_op');
  assert.equal(draws({ ...good, program: [{ n: 5 }] }), 'missing_field');
  assert.equal(draws({ ...good, program: [{ op: 5 }] }), 'wrong_type');
  assert.equal(draws({ ...good, program: [{ op: 'word', n: 1 }] }), 'unknown_field');
  assert.equal(draws({ ...good, program: [{ op: 'int' }] }), 'missing_field');
  assert.equal(draws({ ...good, program: [{ op: 'shuffle', n: 4097 }] }), 'out_of_range');
  assert.equal(draws({ ...good, program: ['word'] }), 'wrong_type');
  const { program, ...noProgram } = good;
  assert.equal(draws(noProgram), 'missing_field');
});

test('cross-field checks come after all fields', () => {
  const match = (input) => pf.evaluate(JSON.stringify({ id: 'a', scheme: 'match_seed_v2', op: 'match', input })).error.code;
  assert.equal(match({ serverSeed: SEED, game: 'poker', matchId: 'm', clientSeeds: ['a'], play: 5 }), 'unknown_game');
  assert.equal(match({ serverSeed: SEED, game: 'bridge', matchId: 'm', clientSeeds: ['a'], play: 5 }), 'bad_length');
  assert.equal(match({ serverSeed: SEED, game: 'bridge', matchId: 'm', clientSeeds: ['a', 'b', 'c', 'd'], play: 5 }), 'wrong_type');
  assert.equal(match({ serverSeed: SEED, game: 'poker', matchId: 'm', clientSeeds: ['a'] }), 'missing_field');
  const colour = (input) => pf.evaluate(JSON.stringify({ id: 'a', scheme: 'chess_colour_v1', op: 'colour', input })).error.code;
  assert.equal(colour({ seedA: SEED, clientA: 'a', seedB: null, clientB: 'a:b' }), 'invalid_identifier');
  assert.equal(colour({ seedA: SEED, clientA: 'a', seedB: null, clientB: 'b' }), 'wrong_type');
  assert.equal(colour({ seedA: SEED, clientA: 'a', seedB: SEED, clientB: 'b' }), 'equal_commitments');
  const hand = (seats) => pf.evaluate(JSON.stringify({ id: 'a', scheme: 'poker_hmac_v1', op: 'hand', input: { serverSeed: SEED, table: 't', session: 's', hand: 1, seats } })).error.code;
  // A seat taken twice is reported at the second element, before later elements are read.
  assert.equal(hand([{ seat: 1, clientSeed: 'a' }, { seat: 1, clientSeed: 'b' }, { seat: 10, clientSeed: 'c' }]), 'duplicate_seat');
  assert.equal(hand([{ seat: 1, clientSeed: 'a' }, { seat: 10, clientSeed: 'b' }, { seat: 1, clientSeed: 'c' }]), 'out_of_range');
});

test('no bad input produces an output, and nothing throws', () => {
  const weird = [undefined, null, 0, '', [], {}, () => 1, Symbol('s'), new Uint8Array([0xff]), { id: 'a', scheme: 'x', op: 'y', input: { f: () => 1 } },
    { id: 'a', scheme: 'match_seed_v2', op: 'commit', input: { serverSeed: 10n } }];
  const cyclic = { id: 'a', scheme: 'match_seed_v2', op: 'commit', input: {} };
  cyclic.input.self = cyclic.input;
  weird.push(cyclic);
  for (const w of weird) {
    const r = pf.evaluate(w);
    assert.ok(r.error && typeof r.error.code === 'string' && r.error.code !== 'internal_error', String(w));
    assert.equal(r.output, undefined);
  }
  assert.equal(pf.evaluate(cyclic).error.code, 'input_too_large');
});

test('requests built in JavaScript follow the same rules as lines', () => {
  const r = pf.evaluate({ id: 'js', scheme: 'match_seed_v2', op: 'draws', input: { serverSeed: SEED, game: 'g', matchId: 'm', clientSeeds: ['a'], program: [{ op: 'int', n: 6 }] } });
  assert.equal(r.id, 'js');
  assert.equal(r.output.counter, 1);
  const n = (v) => pf.evaluate({ id: 'js', scheme: 'match_seed_v2', op: 'inject', input: { words: [v], program: [{ op: 'word' }] } });
  assert.equal(n(6.5).error.code, 'invalid_integer');
  assert.equal(n(2 ** 53).error.code, 'invalid_integer');
  assert.equal(n(NaN).error.code, 'invalid_integer');
  assert.equal(n(2 ** 52).error.code, 'out_of_range');
  assert.deepStrictEqual(n(2 ** 52 - 1).output, { results: [2 ** 52 - 1], used: 1 });
  assert.deepStrictEqual(n(5n).output, { results: [5], used: 1 });
  // Members set to undefined are left out, as JSON.stringify would.
  assert.equal(pf.evaluate({ id: 'js', scheme: 'match_seed_v2', op: 'commit', input: { serverSeed: SEED, extra: undefined } }).output.commitment, pf.commit(SEED));
});
