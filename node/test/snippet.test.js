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
// PFKIT_SHORT=1 (make check) skips the runs over every vector: make check runs
// snippet-check.js itself once; make test runs these as well.
const LONG = require('../skip-long.js')('runs snippet-check.js over every vector');
const SNIPPET = path.join(__dirname, '..', 'snippet.js');
const SHORT = path.join(__dirname, '..', 'snippet-short.js');

function check(...files) {
  const r = spawnSync(process.execPath, [CHECK, ...files], { encoding: 'utf8' });
  const lines = r.stdout.trim().split('\n');
  const m = /^(\d+) passed, (\d+) failed$/.exec(lines[lines.length - 1]);
  assert.ok(m, 'last line: ' + lines[lines.length - 1]);
  return { status: r.status, passed: Number(m[1]), failed: Number(m[2]), lines };
}

test('node/snippet.js and node/snippet-short.js pass every check', LONG, () => {
  const r = check();
  assert.equal(r.failed, 0, r.lines.filter((l) => l.startsWith('FAIL')).join('\n'));
  assert.ok(r.passed >= 100, 'only ' + r.passed + ' checks ran');
  assert.equal(r.status, 0);
});

test('the snippets use only node:crypto and read no files or network', () => {
  for (const file of [SNIPPET, SHORT]) {
    const text = fs.readFileSync(file, 'utf8');
    const requires = [...text.matchAll(/require\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]);
    assert.deepStrictEqual(requires, ['node:crypto']);
    assert.doesNotMatch(text, /\bfetch\(|\bimport\(|process\./);
  }
});

// The player page shows the short snippet; proofOk is called where it is defined.
test('the short snippet is short, and the full one calls proofOk', () => {
  const lines = fs.readFileSync(SHORT, 'utf8').split('\n').length;
  assert.ok(lines <= 60, 'the short snippet has ' + lines + ' lines');
  const full = fs.readFileSync(SNIPPET, 'utf8');
  assert.match(full, /function proofOk\(/);
  assert.match(full.slice(full.indexOf('function proofOk(') + 1), /proofOk\(/);
});

// The example the snippet carries (a backgammon match of three turns) prints
// what the Go reference computes for the same match.
test('the snippet as published prints the Go reference\'s answer for its example', { skip: !process.env.PFKIT_BIN && 'PFKIT_BIN not set' }, () => {
  const { matchLines } = require('../snippet-check.js');
  const input = { serverSeed: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', game: 'backgammon',
    matchId: 'm1', clientSeeds: ['alice', 'bob'], play: { games: [3] } };
  const request = JSON.stringify({ id: '1', scheme: 'match_seed_v2', op: 'match', input });
  const r = spawnSync(process.env.PFKIT_BIN, ['eval'], { input: request + '\n', encoding: 'utf8' });
  const expect = JSON.parse(r.stdout).output;
  for (const file of [SNIPPET, SHORT]) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [name, value] of Object.entries(input)) {
      const line = new RegExp('^const ' + name + ' = (.*);$', 'm').exec(text);
      assert.ok(line, 'no input line for ' + name);
      assert.deepStrictEqual(JSON.parse(JSON.stringify(require('node:vm').runInNewContext('(' + line[1] + ')'))), value);
    }
    const printed = spawnSync(process.execPath, [file], { encoding: 'utf8' }).stdout.trim().split('\n');
    // Both scripts say seats in order ("first seat: alice"), as the offline page does (D-33).
    assert.deepStrictEqual(printed, matchLines(input, expect, file === SHORT));
  }
});

test('the check catches a broken snippet, and runs every file it is given', LONG, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pfkit-snippet-'));
  try {
    const text = fs.readFileSync(SNIPPET, 'utf8');
    const mutants = {
      sattolo: ['const j = int(next, i + 1);', 'const j = int(next, i);'],
      limit: ['if (w < cut)', 'if (w <= cut)'],
      seats: ['x.seat - y.seat', '0'],
      xor: ['nextA() ^ nextB()', 'nextA()'],
      naming: ["'cdhs'[Math.floor(c / 13)]", "'cdhs'[c % 4]"],
      salt: ["'pk1:salt:' + i", "'pk1:salt' + i"],
      pad: ['Array(12)', 'Array(11)'],
      seatNumbers: ["clientSeeds[s]", 's'],
      seatsShifted: ["console.log(ORDINAL[i] + ' seat: '", "console.log(ORDINAL[i + 1] + ' seat: '"],
      buyerSeat: ["bought by the ' + seat(buyer)", "bought by the ' + seat(buyer + 1)"],
      commitment: ['sha256(serverSeed) !== commitment', 'false'],
      openingTie: ['} while (a === b);', '} while (false);'],
      balootBuyer: ['rest.splice(0, 2)', 'rest.splice(0, 3)'],
      mahjongSwap: ['[wall[j], wall[r - 1]] = [wall[r - 1], wall[j]];', 'wall.push(wall.splice(j, 1)[0]);'],
      mahjongGap: ["play.mahjongDraw === 'close_gap'", 'false'],
      dealerTile: ['i === 0 ? [drawn[52]] : []', '[]'],
      leaveProof: ["(position >> l) & 1 ? node(sibling, h) : node(h, sibling)", 'node(h, sibling)'],
      leaveCardId: ["13 * 'cdhs'.indexOf(name[1])", "4 * 'cdhs'.indexOf(name[1])"],
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

test('the check catches a broken short snippet', LONG, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pfkit-snippet-'));
  try {
    const text = fs.readFileSync(SHORT, 'utf8');
    const mutants = {
      sattolo: ['const j = int(next, i + 1);', 'const j = int(next, i);'],
      limit: ['if (w < cut)', 'if (w <= cut)'],
      seatsShifted: ["console.log(ORDINAL[i] + ' seat: '", "console.log(ORDINAL[i + 1] + ' seat: '"],
      dealsFromZero: ["console.log('deal ' + d + ', '", "console.log('deal ' + (d - 1) + ', '"],
      commitment: ['sha256(serverSeed) !== commitment', 'false'],
      openingTie: ['} while (a === b);', '} while (false);'],
      seedOrder: ['clientSeeds[seatOrder[i]]', 'clientSeeds[i]'],
    };
    for (const [name, [from, to]] of Object.entries(mutants)) {
      assert.ok(text.includes(from), 'the short snippet no longer contains ' + from);
      const f = path.join(dir, name + '.js');
      fs.writeFileSync(f, text.replace(from, to));
      const r = check(f);
      assert.ok(r.failed > 0, name + ' was not caught');
      assert.equal(r.status, 1);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
