// The kit's own record schema check (spec SCH-1, SCH-2): the keyword subset,
// the order of the steps on schemas written for the purpose, the first
// violation only, and every complaint of SCH-2's table on the record schemas,
// each expected message written from the spec's text.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const pf = require('../verifier.js');
const { compileSchema, checkSchema, KEYWORDS } = require('../src/record_schema.js');
const { readTape } = require('../src/json_read.js');
const { Tape } = require('../src/json_tape.js');

const ROOT = path.join(__dirname, '..', '..');
const example = (name) => JSON.parse(fs.readFileSync(path.join(ROOT, 'vectors', 'records', name), 'utf8'));
const LIMITS = { maxDepth: 64, maxValues: Infinity, maxObjects: Infinity, name: 'record' };

/** "at P: COMPLAINT" of the JSON text against the schema, or null. */
function complaint(schema, text) {
  const tape = new Tape(readTape(Buffer.from(text), LIMITS));
  try {
    const bad = checkSchema(compileSchema('test.json', schema), tape);
    return bad === null ? null : bad.message;
  } finally {
    tape.release();
  }
}

test('SCH-1: the keyword subset; every record schema keeps to it, a schema with another keyword is refused', () => {
  assert.deepEqual(KEYWORDS.slice().sort(), ['$defs', '$id', '$ref', '$schema', 'additionalProperties', 'allOf', 'const', 'description', 'else', 'enum',
    'format', 'if', 'items', 'maxItems', 'maximum', 'minItems', 'minimum', 'pattern', 'prefixItems', 'properties', 'required', 'then', 'title', 'type']);
  for (const n of fs.readdirSync(path.join(ROOT, 'spec', 'schemas')).filter((x) => x.startsWith('record_'))) {
    assert.doesNotThrow(() => compileSchema(n, JSON.parse(fs.readFileSync(path.join(ROOT, 'spec', 'schemas', n), 'utf8'))), n);
  }
  for (const bad of [{ not: {} }, { oneOf: [{}] }, { anyOf: [{}] }, { format: 'email' }, { additionalProperties: {} }, { items: false },
    { $ref: 'other.json' }, { $ref: '#/$defs/none' }, { type: 'text' }, { type: [] }, { minimum: 1.5 }, { const: [1] }, { enum: [{}] },
    { properties: { a: { uniqueItems: true } } }, { allOf: [false] }, { if: true }, { $defs: { d: {} }, $ref: '#/$defs/d', type: 'string' }]) {
    assert.throws(() => compileSchema('bad.json', bad), Error, JSON.stringify(bad));
  }
});

test('SCH-1: type, then const, then enum; a string\'s pattern, then format; a number\'s minimum, then maximum', () => {
  const cases = [
    [{ type: 'string', const: 'a' }, '5', 'the record: expected a string, found an integer'],
    [{ type: ['null', 'string'] }, '5', 'the record: expected null or a string, found an integer'],
    [{ type: ['integer', 'array'] }, '{}', 'the record: expected an integer or an array, found an object'],
    [{ type: 'number' }, '-7', null],
    [{ type: 'boolean' }, 'null', 'the record: expected a boolean, found null'],
    [{ const: 'a', enum: ['b'] }, '"c"', 'the record: expected "a", found "c"'],
    [{ const: 'a', enum: ['b'] }, '"a"', 'the record: expected one of "b", found "a"'],
    [{ enum: ['b', 0, null, true] }, '"c"', 'the record: expected one of "b", 0, null, true, found "c"'],
    [{ enum: [0, 1] }, '-0', null],
    [{ const: 1 }, '10', 'the record: expected 1, found 10'],
    [{ const: 'a' }, '[1]', 'the record: expected "a", found an array'],
    [{ const: false }, 'true', 'the record: expected false, found true'],
    [{ enum: ['a'] }, '{"a":1}', 'the record: expected one of "a", found an object'],
    [{ const: 'a' }, '"' + 'é'.repeat(41) + '"', 'the record: expected "a", found "' + 'é'.repeat(40) + '\u2026"'],
    [{ const: 1 }, '1' + '0'.repeat(60), 'the record: expected 1, found 1' + '0'.repeat(39) + '\u2026'],
    [{ pattern: '^x$', format: 'date-time' }, '"y"', 'the record: expected a string of the form the schema sets, found "y"'],
    [{ pattern: '^2.*$', format: 'date-time' }, '"2026-11-29T20:00:00"', 'the record: expected a date and time as RFC 3339 writes them (2026-11-30T20:00:00Z), found "2026-11-29T20:00:00"'],
    [{ pattern: '^[a-z]+$' }, '"ab\\u0063"', null],
    [{ pattern: '^[a-z]+$' }, '"abé"', 'the record: expected a string of the form the schema sets, found "abé"'],
    [{ pattern: 'b' }, '"abé"', null], // searched for, as JSON Schema does
    [{ format: 'date-time' }, '"2026-11-29t20:00:00.5z"', null],
    [{ format: 'date-time' }, '5', null], // a format applies to strings only
    [{ pattern: '^x$' }, '"\\u001b[2K"', 'the record: expected a string of the form the schema sets, found "\\u{001B}[2K"'],
    [{ minimum: 5, maximum: 3 }, '4', 'the record: expected at least 5, found 4'],
    [{ minimum: 5, maximum: 3 }, '6', 'the record: expected at most 3, found 6'],
    [{ minimum: 0 }, '-0', null],
    [{ minimum: 0 }, '-1', 'the record: expected at least 0, found -1'],
    [{ maximum: 6 }, '9'.repeat(50), 'the record: expected at most 6, found ' + '9'.repeat(40) + '\u2026'],
    [{ minimum: -3 }, '-4', 'the record: expected at least -3, found -4'],
    [{ maximum: 9007199254740991 }, '9007199254740992', 'the record: expected at most 9007199254740991, found 9007199254740992'],
  ];
  for (const [schema, text, want] of cases) assert.equal(complaint(schema, text), want, JSON.stringify(schema) + ' ' + text);
});

test('SCH-1: an array\'s minItems, maxItems, then its elements in index order; the pointer is the element\'s', () => {
  const cases = [
    [{ minItems: 3, items: { type: 'string' } }, '[1]', 'the record: expected at least 3 entries, found 1'],
    [{ maxItems: 1, items: { type: 'string' } }, '[1,2]', 'the record: expected at most 1 entry, found 2'],
    [{ items: { type: 'string' } }, '["a",1,2]', 'entry 2 (/1): expected a string, found an integer'],
    [{ prefixItems: [{ type: 'string' }], items: { type: 'integer' } }, '[1,"a"]', 'entry 1 (/0): expected a string, found an integer'],
    [{ prefixItems: [{ type: 'string' }], items: { type: 'integer' } }, '["a","b"]', 'entry 2 (/1): expected an integer, found a string'],
    [{ prefixItems: [{ type: 'string' }] }, '["a",1,{}]', null],
    [{ items: { items: { items: { const: 0 } } } }, '[[],[[0],[0,1]]]', 'entry 2 of entry 2 of entry 2 (/1/1/1): expected 0, found 1'],
  ];
  for (const [schema, text, want] of cases) assert.equal(complaint(schema, text), want, JSON.stringify(schema) + ' ' + text);
});

test('SCH-1: an object\'s required in order, then unknown members in UTF-8 byte order, then properties in that order', () => {
  const closed = { properties: { a: {}, b: {} }, additionalProperties: false };
  const cases = [
    [{ required: ['b', 'a'] }, '{}', 'the record: "b" is missing'],
    [{ required: ['a'], ...closed }, '{"x":1}', 'the record: "a" is missing'],
    [closed, '{"z":1,"Z":1,"é":1}', 'the record: "Z" is not a field of this record'],
    // U+E000 is EE 80 80 in UTF-8 and U+10000 F0 90 80 80: U+E000 first, though UTF-16 puts U+10000 before it.
    [closed, '{"\\ud800\\udc00":1,"\\ue000":1}', 'the record: "\ue000" is not a field of this record'],
    [closed, '{"\\u001b[1A":1}', 'the record: "\\u{001B}[1A" is not a field of this record'],
    [closed, '{"' + 'k'.repeat(41) + '":1}', 'the record: "' + 'k'.repeat(40) + '\u2026" is not a field of this record'],
    [{ properties: { a: { type: 'string' } }, additionalProperties: false }, '{"a":1,"b":1}', 'the record: "b" is not a field of this record'],
    [{ properties: { b: { type: 'string' }, a: { type: 'string' } } }, '{"b":1,"a":1}', '"a" (/a): expected a string, found an integer'],
    [{ properties: { a: false, b: { type: 'string' } } }, '{"b":1,"a":1}', 'the record holds "a", which its other fields rule out'],
    [{ properties: { a: false } }, '{"b":1}', null],
    [{ properties: { 'x/y~z': { type: 'string' } } }, '{"x/y~z":1}', '"x/y~z" (/x~1y~0z): expected a string, found an integer'],
    [{ properties: { a: { properties: { [('p'.repeat(45))]: { const: 1 } } } } }, '{"a":{"' + 'p'.repeat(45) + '":2}}', '"' + 'p'.repeat(40) + '\u2026" of "a" (/a/' + 'p'.repeat(45) + '): expected 1, found 2'],
  ];
  for (const [schema, text, want] of cases) assert.equal(complaint(schema, text), want, JSON.stringify(schema) + ' ' + text);
});

test('SCH-1: allOf in order after the value\'s own steps, then if (which reports nothing), then or else; $ref', () => {
  const cases = [
    [{ type: 'object', required: ['a'], allOf: [{ required: ['b'] }] }, '{}', 'the record: "a" is missing'],
    [{ allOf: [{ required: ['x'] }, { required: ['y'] }] }, '{}', 'the record: "x" is missing'],
    [{ allOf: [{ required: ['x'] }, { required: ['y'] }] }, '{"x":1}', 'the record: "y" is missing'],
    [{ if: { required: ['a'] }, then: { required: ['b'] }, else: { required: ['c'] } }, '{"a":1}', 'the record: "b" is missing'],
    [{ if: { required: ['a'] }, then: { required: ['b'] }, else: { required: ['c'] } }, '{}', 'the record: "c" is missing'],
    [{ if: { required: ['a'] }, then: { required: ['b'] } }, '{}', null],
    [{ allOf: [{ required: ['x'] }], if: {}, then: { required: ['y'] } }, '{}', 'the record: "x" is missing'],
    [{ properties: { a: { type: 'string' } }, if: {}, then: { required: ['y'] } }, '{"a":1}', '"a" (/a): expected a string, found an integer'],
    [{ $defs: { d: { type: 'string' } }, properties: { a: { $ref: '#/$defs/d' } } }, '{"a":1}', '"a" (/a): expected a string, found an integer'],
    [{ $defs: { t: { items: { $ref: '#/$defs/t' }, maxItems: 1 } }, items: { $ref: '#/$defs/t' } }, '[[[1,2]]]', 'entry 1 of entry 1 (/0/0): expected at most 1 entry, found 2'],
  ];
  for (const [schema, text, want] of cases) assert.equal(complaint(schema, text), want, JSON.stringify(schema) + ' ' + text);
});

/** The invalid_record message of an example record changed by f. */
function recordComplaint(name, f) {
  const rec = example(name);
  f(rec);
  const r = pf.verifyRecord(JSON.stringify(rec));
  assert.equal(r.error && r.error.code, 'invalid_record', name + ': ' + JSON.stringify(r.error || r.status));
  return r.error.message;
}

test('SCH-2: every complaint on the record schemas, the first violation only', () => {
  const cases = [
    ['chess-players.json', (r) => { r.seedB = 5; }, '"seedB" (/seedB): expected null or a string, found an integer'],
    ['selfpoker.json', (r) => { r.fairplay.seed = true; }, '"seed" of "fairplay" (/fairplay/seed): expected a string or an integer, found a boolean'],
    ['chess-bot.json', (r) => { r.commitB = r.commitA; }, '"commitB" (/commitB): expected "-", found "' + 'd87d7b1723a2507c16e6e6a7ab18df3943aaa8bc'.slice(0, 40) + '\u2026"'],
    ['poker-leave.json', (r) => { r.dealing = 'clockwise'; }, '"dealing" (/dealing): expected one of "pairs", "round_robin", found "clockwise"'],
    ['chess-players.json', (r) => { r.white = 'C'; }, '"white" (/white): expected one of "A", "B", found "C"'],
    ['selfpoker.json', (r) => { r.board[0] = 'Xx'; r.board[1] = 'Yy'; }, 'board card 1 (/board/0): expected a card: a rank (2 to 9, T, J, Q, K or A) then a suit (c, d, h or s), found "Xx"'],
    ['poker-session.json', (r) => { r.opened = '2026-11-29T20:00:00'; }, '"opened" (/opened): expected a date and time as RFC 3339 writes them (2026-11-30T20:00:00Z), found "2026-11-29T20:00:00"'],
    ['selfpoker.json', (r) => { r.fairplay.seed = -1; }, '"seed" of "fairplay" (/fairplay/seed): expected at least 0, found -1'],
    ['backgammon.json', (r) => { r.games[0].rolls[0][0] = 7; }, 'die 1 of turn 1 of game 1 (/games/0/rolls/0/0): expected at most 6, found 7'],
    ['selfpoker.json', (r) => { r.hands = [['7c', '8s']]; }, '"hands" (/hands): expected at least 2 players, found 1'],
    ['bridge.json', (r) => { r.deals[0].push(r.deals[0][0]); }, 'deal 1 (/deals/0): expected at most 4 hands, found 5'],
    ['selfpoker.json', (r) => { delete r.commit; delete r.board; }, 'the record: "commit" is missing'],
    ['selfpoker.json', (r) => { r.extra = true; r.Extra = true; }, 'the record: "Extra" is not a field of this record'],
    ['poker-session-no-commitment.json', (r) => { r.commitment = r.serverSeed; }, 'the record says no session commitment was published, yet it holds one ("commitment")'],
  ];
  for (const [name, f, want] of cases) assert.equal(recordComplaint(name, f), want, name + ': ' + want);
});
