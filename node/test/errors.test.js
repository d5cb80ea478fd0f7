'use strict';
// The error codes: verifier.js's list is the spec's section 11 table.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const pf = require('../verifier.js');

test('ERROR_CODES is the spec table, in its order', () => {
  const spec = fs.readFileSync(path.join(__dirname, '..', '..', 'spec', 'pfkit.md'), 'utf8');
  const section = /\n## 11\. Error codes\n([\s\S]*?)\n## /.exec(spec)[1];
  const codes = [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
  assert.ok(codes.includes('file_unreadable'));
  assert.deepEqual([...pf.ERROR_CODES], codes);
});

// The op table (section 10.1) and the registry (section 9), generated into
// spec_tables.js, are what the runner dispatches on: every op it runs has its
// fields, and every scheme it knows is registered.
test('the ops and schemes of verifier.js are the generated tables', () => {
  const { OP_INPUTS, SPECIFIED_SCHEMES, UNSPECIFIED } = require('../src/spec_tables.js');
  const { OP_NAMES, SCHEME_IDS } = require('../src/ops.js');
  const ops = Object.entries(OP_NAMES).flatMap(([s, names]) => names.map((n) => s + '/' + n));
  assert.deepEqual(ops.sort(), Object.keys(OP_INPUTS).sort());
  assert.deepEqual(Object.keys(OP_NAMES), [...SPECIFIED_SCHEMES]);
  assert.deepEqual(SCHEME_IDS, [...SPECIFIED_SCHEMES, ...Object.keys(UNSPECIFIED)].sort());
  assert.deepEqual(OP_INPUTS['poker_hmac_v1/hand'], ['serverSeed', 'table', 'session', 'hand', 'seats', 'firstHand', 'dealing']);
});

// READ-3's range is written once, in poker_hmac_v1.js: the op refuses with it.
test('a hand outside its numbering is refused by poker_hmac_v1.checkHand', () => {
  const { checkHand, handNumbers } = require('../src/poker_hmac_v1.js');
  assert.deepEqual(handNumbers(0), { first: 0, last: 499 });
  assert.deepEqual(handNumbers(1), { first: 1, last: 500 });
  checkHand(0, 499, 'input.hand');
  checkHand(1, 500, 'input.hand');
  for (const [first, hand] of [[1, 0], [0, 500], [1, 501]]) {
    assert.throws(() => checkHand(first, hand, 'input.hand'), (e) => e.code === 'out_of_range' &&
      e.message === 'input.hand: hands numbered from ' + first + ' run from ' + first + ' to ' + (first + 499) + ', found ' + hand);
  }
});
