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
