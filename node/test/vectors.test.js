// Every case of every vector file, through verifier.js directly (no Go needed):
// op files (input/expect and input/error), accumulated cases expanded by the
// recipes of vectors/README.md with their digests compared, and the raw request
// lines of protocol.json (padTo cases expanded as the README says).
//
// PFKIT_SHORT=1 (make check) skips the cases: conformance runs every one
// through node/verify.js there; make test runs them here as well.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const pf = require('../verifier.js');

const VECTORS = path.join(__dirname, '..', '..', 'vectors');
const LONG = require('../skip-long.js')('every vector case: conformance runs them in make check');

// Op files are found by their schema, so new files are picked up as they come.
function opFiles() {
  const out = [];
  for (const dir of fs.readdirSync(VECTORS).sort()) {
    const d = path.join(VECTORS, dir);
    if (!fs.statSync(d).isDirectory()) continue;
    for (const f of fs.readdirSync(d).sort()) {
      if (!f.endsWith('.json')) continue;
      const raw = fs.readFileSync(path.join(d, f));
      let head;
      try {
        head = JSON.parse(raw);
      } catch {
        continue; // records/ holds deliberately broken files; they are not op files
      }
      if (head && head.schema === 'vectors_v1.json') out.push({ rel: dir + '/' + f, raw });
    }
  }
  return out;
}

// Inputs are read with the strict reader so that number text survives exactly
// (6.0, 6e0 and 9007199254740993 must reach the verifier as written); expected
// outputs are read with JSON.parse, independently of the verifier's reader.
function loadOpFile(rel, raw) {
  const strict = pf.parseJSON(raw, { maxDepth: 64 });
  const plain = JSON.parse(raw);
  return { rel, scheme: plain.scheme, op: plain.op, cases: plain.cases.map((c, i) => ({ ...c, strictInput: strict.cases[i].input })) };
}

// canonicalJSON writes a JsonNumber's text as is, so the request line carries it unchanged.
function requestLine(id, scheme, op, input) {
  return '{"id":' + JSON.stringify(id) + ',"scheme":' + JSON.stringify(scheme) + ',"op":' + JSON.stringify(op) + ',"input":' + pf.canonicalJSON(input) + '}';
}

// The canonical form of VEC-3, written here from the README's words: keys sorted
// by byte value, no whitespace, only '"', '\' and control characters escaped.
function canon(v) {
  if (v === null || typeof v === 'boolean') return String(v);
  if (typeof v === 'number') {
    assert.ok(Number.isSafeInteger(v), 'outputs hold integers only, found ' + v);
    return String(v);
  }
  if (typeof v === 'string') {
    // eslint-disable-next-line no-control-regex -- the control characters JSON escapes
    return '"' + v.replace(/[\u0000-\u001f"\\]/g, (c) => (c === '"' ? '\\"' : c === '\\' ? '\\\\' : '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))) + '"';
  }
  if (Array.isArray(v)) return '[' + v.map(canon).join(',') + ']';
  const keys = Object.keys(v).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return '{' + keys.map((k) => canon(k) + ':' + canon(v[k])).join(',') + '}';
}

const sha256 = (s) => crypto.createHash('sha256').update(s).digest('hex');
const h = (label, i) => sha256('pfkit:acc:' + label + ':' + i);
const u = (label, i) => BigInt('0x' + h(label, i).slice(0, 16));
const GAMES = [['backgammon', 2], ['checkers', 2], ['xiangqi', 2], ['tarneeb', 4], ['trix', 4], ['bridge', 4], ['baloot', 4], ['mahjong', 4]];

// The recipes of vectors/README.md ("a .. b" includes both ends).
const RECIPES = {
  'draws/v1': ['match_seed_v2', 'draws', (i) => {
    const hx = h('draws', i);
    const clientSeeds = [];
    for (let j = 0; j <= i % 4; j++) clientSeeds.push('c' + j + '-' + hx.slice(8 + 4 * j, 12 + 4 * j));
    return {
      serverSeed: hx, game: 'bridge', matchId: 'm' + i, clientSeeds,
      program: [{ op: 'shuffle', n: 1 + (i % 60) }, { op: 'int', n: 1 + i }, { op: 'int', n: 2 ** 51 + 1 + i }, { op: 'word' }],
    };
  }],
  'match/v1': ['match_seed_v2', 'match', (i) => {
    const [game, players] = GAMES[i % 8];
    const clientSeeds = [];
    for (let j = 0; j < players; j++) clientSeeds.push('p' + j + '-' + i);
    let play;
    if (game === 'backgammon') play = { games: [i % 30] };
    else if (game === 'checkers' || game === 'xiangqi') play = {};
    else if (game === 'baloot') play = { hands: [{ buyer: Math.floor(i / 8) % 5 === 4 ? null : Math.floor(i / 8) % 4 }] };
    else if (game === 'mahjong') play = { hands: [53 + ((7 * i) % 84)] };
    else play = { deals: 1 + (i % 3) };
    return { serverSeed: h('match', i), game, matchId: 'acc-' + i, clientSeeds, play };
  }],
  'hand/v1': ['poker_hmac_v1', 'hand', (i) => {
    const seats = [];
    for (let j = 0; j <= 1 + (i % 9); j++) seats.push({ seat: (i + j) % 10, clientSeed: 'c' + j + '-' + i });
    return { serverSeed: h('hand', i), table: 't' + (i % 7), session: 's' + Math.floor(i / 7), hand: 1 + (i % 500), seats };
  }],
  'colour/v1': ['chess_colour_v1', 'colour', (i) => (i % 4 === 3
    ? { seedA: h('colourA', i), clientA: 'a' + i, seedB: null, clientB: null }
    : { seedA: h('colourA', i), clientA: 'a' + i, seedB: h('colourB', i), clientB: 'b' + i })],
  'deal/v1': ['selfpoker_v1', 'deal', (i) => {
    const x = u('deal', i);
    return { seed: String(i % 4 === 0 ? x >> 33n : x >> 1n), players: 2 + (i % 22) };
  }],
  'permutation/v1': ['selfpoker_v1', 'permutation', (i) => ({ seed: String(u('permutation', i) >> 1n), n: 1 + ((37 * i) % 1000) })],
};

const files = opFiles().map((f) => loadOpFile(f.rel, f.raw));

// The API's member for a scheme: match_seed_v2 -> matchSeedV2.
const camel = (scheme) => scheme.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

test('every op verifier.js runs has an op file, and every op file is of an op it runs', () => {
  const inFiles = [...new Set(files.map((f) => f.scheme + '/' + f.op))].sort();
  const runs = [];
  for (const scheme of pf.schemes) {
    for (const [op, fn] of Object.entries(pf[camel(scheme)])) {
      let code = null;
      try {
        fn({});
      } catch (e) {
        code = e.code;
      }
      if (code !== 'scheme_unspecified') runs.push(scheme + '/' + op);
    }
  }
  assert.deepStrictEqual(inFiles, runs.sort());
  assert.ok(inFiles.includes('selfpoker_v1/trace'));
});

for (const file of files) {
  test(file.rel, LONG, async (t) => {
    for (const c of file.cases) {
      const name = file.rel + '#' + c.id;
      if (c.accumulate) {
        await t.test(name + ' (' + c.accumulate.recipe + ' x ' + c.accumulate.count + ')', () => {
          const recipe = RECIPES[c.accumulate.recipe];
          assert.ok(recipe, 'unknown recipe ' + c.accumulate.recipe);
          const [scheme, op, make] = recipe;
          assert.equal(scheme, file.scheme);
          assert.equal(op, file.op);
          const digest = crypto.createHash('sha256');
          for (let i = 0; i < c.accumulate.count; i++) {
            const id = name + '~' + i;
            const r = pf.evaluate(JSON.stringify({ id, scheme, op, input: make(i) }));
            if (r.error) assert.fail(id + ': ' + r.error.code + ': ' + r.error.message);
            assert.equal(r.id, id);
            digest.update(canon(r.output) + '\n');
          }
          assert.equal(digest.digest('hex'), c.expect.digest);
        });
        continue;
      }
      await t.test(name, () => {
        const line = requestLine(name, file.scheme, file.op, c.strictInput);
        for (const req of [line, Buffer.from(line)]) {
          const r = pf.evaluate(req);
          assert.equal(r.id, name);
          if (c.error) {
            assert.ok(r.error, 'expected error ' + c.error + ', found an output');
            assert.equal(r.error.code, c.error, r.error.message);
            assert.ok(typeof r.error.message === 'string' && r.error.message.length > 0);
            assert.equal(r.output, undefined);
          } else {
            assert.equal(r.error, undefined, r.error && r.error.code + ': ' + r.error.message);
            assert.deepStrictEqual(JSON.parse(JSON.stringify(r.output)), c.expect);
          }
        }
        // The same request through the per-op function of the API.
        if (!c.error) {
          assert.deepStrictEqual(JSON.parse(JSON.stringify(pf.call(file.scheme, file.op, c.strictInput))), c.expect);
        } else {
          assert.throws(() => pf.call(file.scheme, file.op, c.strictInput), (e) => e instanceof pf.PfkitError && e.code === c.error);
        }
      });
    }
  });
}

function checkResponse(c, r) {
  assert.equal(r.id, c.responseId);
  if (c.error) {
    assert.ok(r.error, 'expected ' + c.error);
    assert.equal(r.error.code, c.error, r.error.message);
    assert.equal(r.output, undefined);
  } else {
    assert.equal(r.error, undefined, r.error && r.error.message);
    assert.ok(r.output && typeof r.output === 'object');
  }
}

test('protocol.json: raw request lines', LONG, async (t) => {
  const doc = JSON.parse(fs.readFileSync(path.join(VECTORS, 'protocol.json'), 'utf8'));
  assert.equal(doc.schema, 'protocol_v1.json');
  for (const c of doc.cases) {
    await t.test('protocol.json#' + c.id + ' ' + c.comment, () => {
      if (c.rawHex !== undefined) {
        // Bytes that are not UTF-8: only the byte form of the line can carry them.
        assert.equal(c.raw, undefined, 'raw or rawHex, not both');
        checkResponse(c, pf.evaluate(Buffer.from(c.rawHex, 'hex')));
        return;
      }
      let raw = c.raw;
      if (c.padTo !== undefined) {
        // The marker stands for as many x as make the line exactly padTo bytes.
        assert.equal(raw.split('@@PAD@@').length, 2, 'one @@PAD@@ marker');
        raw = raw.replace('@@PAD@@', 'x'.repeat(c.padTo - Buffer.byteLength(raw) + '@@PAD@@'.length));
        assert.equal(Buffer.byteLength(raw), c.padTo);
      }
      for (const req of [raw, Buffer.from(raw, 'utf8')]) {
        const r = pf.evaluate(req);
        checkResponse(c, r);
        // The line form is one JSON object with exactly one of output and error.
        const back = JSON.parse(pf.evaluateLine(req));
        assert.deepStrictEqual(back, JSON.parse(JSON.stringify(r)));
      }
    });
  }
});
