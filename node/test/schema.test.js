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
    [{ type: 'string', const: 'a' }, '5', 'at "": expected a string, found an integer'],
    [{ type: ['null', 'string'] }, '5', 'at "": expected null or a string, found an integer'],
    [{ type: ['integer', 'array'] }, '{}', 'at "": expected an integer or an array, found an object'],
    [{ type: 'number' }, '-7', null],
    [{ type: 'boolean' }, 'null', 'at "": expected a boolean, found null'],
    [{ const: 'a', enum: ['b'] }, '"c"', 'at "": expected "a", found "c"'],
    [{ const: 'a', enum: ['b'] }, '"a"', 'at "": expected one of "b", found "a"'],
    [{ enum: ['b', 0, null, true] }, '"c"', 'at "": expected one of "b", 0, null, true, found "c"'],
    [{ enum: [0, 1] }, '-0', null],
    [{ const: 1 }, '10', 'at "": expected 1, found 10'],
    [{ const: 'a' }, '[1]', 'at "": expected "a", found an array'],
    [{ const: false }, 'true', 'at "": expected false, found true'],
    [{ enum: ['a'] }, '{"a":1}', 'at "": expected one of "a", found an object'],
    [{ const: 'a' }, '"' + 'é'.repeat(41) + '"', 'at "": expected "a", found "' + 'é'.repeat(40) + '\u2026"'],
    [{ const: 1 }, '1' + '0'.repeat(60), 'at "": expected 1, found 1' + '0'.repeat(39) + '\u2026'],
    [{ pattern: '^x$', format: 'date-time' }, '"y"', 'at "": expected a string matching ^x$, found "y"'],
    [{ pattern: '^2.*$', format: 'date-time' }, '"2026-11-29T20:00:00"', 'at "": expected an RFC 3339 date-time, found "2026-11-29T20:00:00"'],
    [{ pattern: '^[a-z]+$' }, '"ab\\u0063"', null],
    [{ pattern: '^[a-z]+$' }, '"abé"', 'at "": expected a string matching ^[a-z]+$, found "abé"'],
    [{ pattern: 'b' }, '"abé"', null], // searched for, as JSON Schema does
    [{ format: 'date-time' }, '"2026-11-29t20:00:00.5z"', null],
    [{ format: 'date-time' }, '5', null], // a format applies to strings only
    [{ pattern: '^x$' }, '"\\u001b[2K"', 'at "": expected a string matching ^x$, found "\\u{001B}[2K"'],
    [{ minimum: 5, maximum: 3 }, '4', 'at "": expected at least 5, found 4'],
    [{ minimum: 5, maximum: 3 }, '6', 'at "": expected at most 3, found 6'],
    [{ minimum: 0 }, '-0', null],
    [{ minimum: 0 }, '-1', 'at "": expected at least 0, found -1'],
    [{ maximum: 6 }, '9'.repeat(50), 'at "": expected at most 6, found ' + '9'.repeat(40) + '\u2026'],
    [{ minimum: -3 }, '-4', 'at "": expected at least -3, found -4'],
    [{ maximum: 9007199254740991 }, '9007199254740992', 'at "": expected at most 9007199254740991, found 9007199254740992'],
  ];
  for (const [schema, text, want] of cases) assert.equal(complaint(schema, text), want, JSON.stringify(schema) + ' ' + text);
});

test('SCH-1: an array\'s minItems, maxItems, then its elements in index order; the pointer is the element\'s', () => {
  const cases = [
    [{ minItems: 3, items: { type: 'string' } }, '[1]', 'at "": expected at least 3 items, found 1'],
    [{ maxItems: 1, items: { type: 'string' } }, '[1,2]', 'at "": expected at most 1 items, found 2'],
    [{ items: { type: 'string' } }, '["a",1,2]', 'at "/1": expected a string, found an integer'],
    [{ prefixItems: [{ type: 'string' }], items: { type: 'integer' } }, '[1,"a"]', 'at "/0": expected a string, found an integer'],
    [{ prefixItems: [{ type: 'string' }], items: { type: 'integer' } }, '["a","b"]', 'at "/1": expected an integer, found a string'],
    [{ prefixItems: [{ type: 'string' }] }, '["a",1,{}]', null],
    [{ items: { items: { items: { const: 0 } } } }, '[[],[[0],[0,1]]]', 'at "/1/1/1": expected 0, found 1'],
  ];
  for (const [schema, text, want] of cases) assert.equal(complaint(schema, text), want, JSON.stringify(schema) + ' ' + text);
});

test('SCH-1: an object\'s required in order, then unknown members in UTF-8 byte order, then properties in that order', () => {
  const closed = { properties: { a: {}, b: {} }, additionalProperties: false };
  const cases = [
    [{ required: ['b', 'a'] }, '{}', 'at "": missing property "b"'],
    [{ required: ['a'], ...closed }, '{"x":1}', 'at "": missing property "a"'],
    [closed, '{"z":1,"Z":1,"é":1}', 'at "": unknown property "Z"'],
    // U+E000 is EE 80 80 in UTF-8 and U+10000 F0 90 80 80: U+E000 first, though UTF-16 puts U+10000 before it.
    [closed, '{"\\ud800\\udc00":1,"\\ue000":1}', 'at "": unknown property "\ue000"'],
    [closed, '{"\\u001b[1A":1}', 'at "": unknown property "\\u{001B}[1A"'],
    [closed, '{"' + 'k'.repeat(41) + '":1}', 'at "": unknown property "' + 'k'.repeat(40) + '\u2026"'],
    [{ properties: { a: { type: 'string' } }, additionalProperties: false }, '{"a":1,"b":1}', 'at "": unknown property "b"'],
    [{ properties: { b: { type: 'string' }, a: { type: 'string' } } }, '{"b":1,"a":1}', 'at "/a": expected a string, found an integer'],
    [{ properties: { a: false, b: { type: 'string' } } }, '{"b":1,"a":1}', 'at "": property "a" is not allowed here'],
    [{ properties: { a: false } }, '{"b":1}', null],
    [{ properties: { 'x/y~z': { type: 'string' } } }, '{"x/y~z":1}', 'at "/x~1y~0z": expected a string, found an integer'],
    [{ properties: { a: { properties: { [('p'.repeat(45))]: { const: 1 } } } } }, '{"a":{"' + 'p'.repeat(45) + '":2}}', 'at "/a/' + 'p'.repeat(37) + '\u2026": expected 1, found 2'],
  ];
  for (const [schema, text, want] of cases) assert.equal(complaint(schema, text), want, JSON.stringify(schema) + ' ' + text);
});

test('SCH-1: allOf in order after the value\'s own steps, then if (which reports nothing), then or else; $ref', () => {
  const cases = [
    [{ type: 'object', required: ['a'], allOf: [{ required: ['b'] }] }, '{}', 'at "": missing property "a"'],
    [{ allOf: [{ required: ['x'] }, { required: ['y'] }] }, '{}', 'at "": missing property "x"'],
    [{ allOf: [{ required: ['x'] }, { required: ['y'] }] }, '{"x":1}', 'at "": missing property "y"'],
    [{ if: { required: ['a'] }, then: { required: ['b'] }, else: { required: ['c'] } }, '{"a":1}', 'at "": missing property "b"'],
    [{ if: { required: ['a'] }, then: { required: ['b'] }, else: { required: ['c'] } }, '{}', 'at "": missing property "c"'],
    [{ if: { required: ['a'] }, then: { required: ['b'] } }, '{}', null],
    [{ allOf: [{ required: ['x'] }], if: {}, then: { required: ['y'] } }, '{}', 'at "": missing property "x"'],
    [{ properties: { a: { type: 'string' } }, if: {}, then: { required: ['y'] } }, '{"a":1}', 'at "/a": expected a string, found an integer'],
    [{ $defs: { d: { type: 'string' } }, properties: { a: { $ref: '#/$defs/d' } } }, '{"a":1}', 'at "/a": expected a string, found an integer'],
    [{ $defs: { t: { items: { $ref: '#/$defs/t' }, maxItems: 1 } }, items: { $ref: '#/$defs/t' } }, '[[[1,2]]]', 'at "/0/0": expected at most 1 items, found 2'],
  ];
  for (const [schema, text, want] of cases) assert.equal(complaint(schema, text), want, JSON.stringify(schema) + ' ' + text);
});

/** The invalid_record message of an example record changed by f, without the schema's name. */
function recordComplaint(name, f) {
  const rec = example(name);
  f(rec);
  const r = pf.verifyRecord(JSON.stringify(rec));
  assert.equal(r.error && r.error.code, 'invalid_record', name + ': ' + JSON.stringify(r.error || r.status));
  return r.error.message.replace(/^not valid against record_[a-z_0-9]+\.json: /, '');
}

test('SCH-2: every complaint on the record schemas, the first violation only', () => {
  const cases = [
    ['chess-players.json', (r) => { r.seedB = 5; }, 'at "/seedB": expected null or a string, found an integer'],
    ['selfpoker.json', (r) => { r.fairplay.seed = true; }, 'at "/fairplay/seed": expected a string or an integer, found a boolean'],
    ['chess-bot.json', (r) => { r.commitB = r.commitA; }, 'at "/commitB": expected "-", found "' + 'd87d7b1723a2507c16e6e6a7ab18df3943aaa8bc'.slice(0, 40) + '\u2026"'],
    ['poker-leave.json', (r) => { r.dealing = 'clockwise'; }, 'at "/dealing": expected one of "pairs", "round_robin", found "clockwise"'],
    ['chess-players.json', (r) => { r.white = 'C'; }, 'at "/white": expected one of "A", "B", found "C"'],
    ['selfpoker.json', (r) => { r.board[0] = 'Xx'; r.board[1] = 'Yy'; }, 'at "/board/0": expected a string matching ^[2-9TJQKA][cdhs]$, found "Xx"'],
    ['poker-session.json', (r) => { r.opened = '2026-11-29T20:00:00'; }, 'at "/opened": expected an RFC 3339 date-time, found "2026-11-29T20:00:00"'],
    ['selfpoker.json', (r) => { r.fairplay.seed = -1; }, 'at "/fairplay/seed": expected at least 0, found -1'],
    ['backgammon.json', (r) => { r.games[0].rolls[0][0] = 7; }, 'at "/games/0/rolls/0/0": expected at most 6, found 7'],
    ['selfpoker.json', (r) => { r.hands = [['7c', '8s']]; }, 'at "/hands": expected at least 2 items, found 1'],
    ['bridge.json', (r) => { r.deals[0].push(r.deals[0][0]); }, 'at "/deals/0": expected at most 4 items, found 5'],
    ['selfpoker.json', (r) => { delete r.commit; delete r.board; }, 'at "": missing property "commit"'],
    ['selfpoker.json', (r) => { r.extra = true; r.Extra = true; }, 'at "": unknown property "Extra"'],
    ['poker-session-no-commitment.json', (r) => { r.commitment = r.serverSeed; }, 'at "": property "commitment" is not allowed here'],
  ];
  for (const [name, f, want] of cases) assert.equal(recordComplaint(name, f), want, name + ': ' + want);
});
