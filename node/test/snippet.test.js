// The published snippet passes its check against the vectors, and the check
// catches the bugs it exists for (a shuffle from the wrong end, an off-by-one
// limit, seats in arrival order, a bot's XOR, the wrong card naming).
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const CHECK = path.join(__dirname, '..', 'snippet-check.js');
const SNIPPET = path.join(__dirname, '..', 'snippet.js');

function check(...files) {
  const r = spawnSync(process.execPath, [CHECK, ...files], { encoding: 'utf8' });
  const lines = r.stdout.trim().split('\n');
  const m = /^(\d+) passed, (\d+) failed$/.exec(lines[lines.length - 1]);
  assert.ok(m, 'last line: ' + lines[lines.length - 1]);
  return { status: r.status, passed: Number(m[1]), failed: Number(m[2]), lines };
}

test('node/snippet.js passes every check', () => {
  const r = check();
  assert.equal(r.failed, 0, r.lines.filter((l) => l.startsWith('FAIL')).join('\n'));
  assert.ok(r.passed >= 100, 'only ' + r.passed + ' checks ran');
  assert.equal(r.status, 0);
});

test('the snippet uses only node:crypto and reads no files or network', () => {
  const text = fs.readFileSync(SNIPPET, 'utf8');
  const requires = [...text.matchAll(/require\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]);
  assert.deepStrictEqual(requires, ['node:crypto']);
  assert.doesNotMatch(text, /\bfetch\(|\bimport\(|process\./);
});

test('the check catches a broken snippet, and runs every file it is given', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pfkit-snippet-'));
  try {
    const text = fs.readFileSync(SNIPPET, 'utf8');
    const mutants = {
      sattolo: ['const j = int(next, i + 1);', 'const j = int(next, i);'],
      limit: ['while (w >= cut)', 'while (w > cut)'],
      seats: ['x.seat - y.seat', '0'],
      xor: ['(nextB ? nextA() ^ nextB() : nextA())', 'nextA()'],
      naming: ["'cdhs'[Math.floor(id / 13)]", "'cdhs'[id % 4]"],
      salt: ["'pk1:salt:' + i", "'pk1:salt' + i"],
      pad: ['Array(12)', 'Array(11)'],
    };
    const files = [];
    for (const [name, [from, to]] of Object.entries(mutants)) {
      assert.ok(text.includes(from), 'the snippet no longer contains ' + from);
      const f = path.join(dir, name + '.js');
      fs.writeFileSync(f, text.replace(from, to));
      const r = check(f);
      assert.ok(r.failed > 0, name + ' was not caught');
      assert.equal(r.status, 1);
      files.push(f);
    }
    // Several files: the counts add up, and one broken file fails the run.
    const one = check(SNIPPET);
    const both = check(SNIPPET, files[0]);
    assert.equal(both.passed + both.failed, 2 * (one.passed + one.failed));
    assert.equal(both.status, 1);
    // A file that is not JavaScript fails cleanly.
    const junk = path.join(dir, 'junk.js');
    fs.writeFileSync(junk, '```js\nnot code\n');
    const r = check(junk);
    assert.equal(r.status, 1);
    assert.ok(r.failed >= 1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
