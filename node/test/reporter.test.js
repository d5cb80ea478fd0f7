// summary-reporter.js, the reporter make node-test uses: one line when every
// test passes; each failing test, its error and its file's output when one
// fails; node --test's exit status either way.
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const long = require('../skip-long.js');

const REPORTER = path.join(__dirname, '..', 'summary-reporter.js');

function runSuite(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pfkit-reporter-'));
  try {
    fs.mkdirSync(path.join(dir, 'test'));
    for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, 'test', name), body);
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT; // a run of its own, not a subtest of this one
    const p = spawnSync(process.execPath, ['--test', '--test-reporter=' + REPORTER, 'test/'], { cwd: dir, env, encoding: 'utf8' });
    return { code: p.status, out: p.stdout, err: p.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const HEAD = "const test = require('node:test');\nconst assert = require('node:assert');\n";

test('a passing run is one line', long('starts node --test'), () => {
  const r = runSuite({
    'a.test.js': HEAD + "test('one', () => {});\ntest('two', () => { console.log('chatter'); });\n",
    'b.test.js': HEAD + "test('three', () => {});\ntest('four', { skip: true }, () => {});\n",
  });
  assert.equal(r.code, 0, r.out + r.err);
  assert.match(r.out, /^node --test: 3 passed, 0 failed, 1 skipped \(4 tests, \d+\.\d s\)\n$/);
  assert.equal(r.err, '');
});

test('a failing run names each failing test, its error and its file\'s output, then the line', long('starts node --test'), () => {
  const r = runSuite({
    'a.test.js': HEAD + "test('fine', () => {});\n",
    'b.test.js': HEAD + "test('wrong sum', () => { console.log('seen before the failure'); assert.equal(1 + 1, 3); });\n" +
      "test('group', async (t) => { await t.test('inner boom', () => { throw new Error('boom-4711'); }); });\n",
  });
  assert.equal(r.code, 1);
  const lines = r.out.trimEnd().split('\n');
  assert.match(lines[lines.length - 1], /^node --test: 1 passed, 3 failed \(4 tests, \d+\.\d s\)$/);
  assert.match(r.out, /^not ok wrong sum \(.*b\.test\.js:3\)\n/m);
  assert.match(r.out, /AssertionError.*2 == 3/);
  assert.match(r.out, /seen before the failure/);
  assert.match(r.out, /^not ok inner boom \(/m);
  assert.match(r.out, /boom-4711/);
  assert.doesNotMatch(r.out, /^not ok group/m, 'a parent whose subtest failed is not listed again');
  assert.doesNotMatch(r.out, /not ok fine|^ok /m);
});

test('a file that does not load is a failure with what it printed', long('starts node --test'), () => {
  const r = runSuite({ 'c.test.js': 'this is not javascript(\n' });
  assert.equal(r.code, 1);
  assert.match(r.out, /^not ok .*c\.test\.js/m);
  assert.match(r.out, /SyntaxError/);
  assert.match(r.out, /node --test: 0 passed, 1 failed \(1 test, /);
});
