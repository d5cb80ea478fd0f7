// The public API and the ways verifier.js is loaded: CommonJS, a classic browser
// script (a global, no module system, no Node objects), an ES module.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const vm = require('node:vm');
const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const pf = require('../verifier.js');
const long = require('../skip-long.js');

const FILE = path.join(__dirname, '..', 'verifier.js');
const SEED = pf.sha256Hex('api');

test('require() returns the API and sets no global', () => {
  assert.equal(typeof pf.evaluate, 'function');
  assert.equal(globalThis.pfkitVerifier, undefined);
  assert.ok(Object.isFrozen(pf));
  assert.deepStrictEqual(pf.schemes, ['chess_colour_v1', 'match_seed_v1', 'match_seed_v2', 'poker_hmac_v1', 'selfpoker_v1']);
});

test('every member is documented in node/README.md; what is not API is under _internal, which says so', () => {
  const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
  const api = Object.keys(pf).filter((k) => k !== '_internal');
  for (const k of api) assert.match(readme, new RegExp('(?:[`.]|new )' + k + '\\b'), k + ' is not in node/README.md');
  for (const k of Object.keys(pf.records)) assert.ok(readme.includes('records.' + k) || readme.includes('/ ' + k) || readme.includes(k + ' /'), 'records.' + k);
  assert.match(readme, /`_internal` member[\s\S]{0,200}it is not API and may change/);
  // The test-only pieces left the public object.
  for (const k of ['numpy', 'poker', 'trimSpaceBytes', 'MAX_LINE_BYTES']) assert.equal(pf[k], undefined, k);
  assert.ok(Object.isFrozen(pf._internal) && Object.isFrozen(pf._internal.numpy) && Object.isFrozen(pf._internal.poker));
  assert.deepStrictEqual(Object.keys(pf._internal), ['numpy', 'poker', 'MAX_LINE_BYTES']);
  assert.equal(pf._internal.MAX_LINE_BYTES, 1048576);
});

test('a member of per-op functions for every scheme, one function for every op of the vector files, each reaching its op', () => {
  const camel = (scheme) => scheme.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
  const vectors = path.join(__dirname, '..', '..', 'vectors');
  const inFiles = {};
  for (const dir of fs.readdirSync(vectors)) {
    if (dir === 'records' || !fs.statSync(path.join(vectors, dir)).isDirectory()) continue;
    for (const f of fs.readdirSync(path.join(vectors, dir)).filter((n) => n.endsWith('.json'))) {
      const head = JSON.parse(fs.readFileSync(path.join(vectors, dir, f), 'utf8'));
      (inFiles[head.scheme] = inFiles[head.scheme] || []).push(head.op);
    }
  }
  const codeOf = (fn) => {
    try {
      fn({});
    } catch (e) {
      return e instanceof pf.PfkitError ? e.code : String(e);
    }
    return 'no error';
  };
  const specified = [];
  for (const scheme of pf.schemes) {
    const fns = pf[camel(scheme)];
    assert.ok(fns && Object.isFrozen(fns), scheme + ': no frozen member ' + camel(scheme));
    const codes = Object.values(fns).map(codeOf);
    if (codes[0] === 'scheme_unspecified') {
      assert.ok(codes.every((c) => c === 'scheme_unspecified'), scheme);
      assert.equal(inFiles[scheme], undefined, scheme + ' is unspecified, so it has no vectors');
      continue;
    }
    assert.deepStrictEqual(Object.keys(fns).sort(), (inFiles[scheme] || []).sort(), scheme + ': per-op functions and vector files');
    assert.deepStrictEqual(codes, codes.map(() => 'missing_field'), scheme + ': each function reaches its op, which wants its fields');
    specified.push(scheme);
  }
  assert.deepStrictEqual(Object.keys(inFiles).sort(), specified, 'schemes with vector files');
});

test('as a classic script in a bare context (what a browser gives), it sets globalThis.pfkitVerifier', () => {
  // No module, no require, no Buffer, no process, no crypto: only the language.
  const ctx = vm.createContext({});
  vm.runInContext(fs.readFileSync(FILE, 'utf8'), ctx, { filename: 'verifier.js' });
  const out = vm.runInContext(`(() => {
    const v = globalThis.pfkitVerifier;
    const draws = v.evaluate('{"id":"b","scheme":"match_seed_v2","op":"draws","input":{"serverSeed":"${SEED}","game":"bridge","matchId":"m","clientSeeds":["a","b"],"program":[{"op":"shuffle","n":52}]}}');
    const deal = v.selfpokerV1.deal({ seed: '42', players: 2 });
    let refused = null;
    try { v.matchSeedV2.commit({ serverSeed: 'nope' }); } catch (e) { refused = e.code + ':' + (e instanceof v.PfkitError); }
    return JSON.stringify({ draws, deal, refused, hash: v.sha256Hex('abc') });
  })()`, ctx);
  const got = JSON.parse(out);
  assert.deepStrictEqual(got.draws.output, pf.evaluate(JSON.stringify({ id: 'b', scheme: 'match_seed_v2', op: 'draws',
    input: { serverSeed: SEED, game: 'bridge', matchId: 'm', clientSeeds: ['a', 'b'], program: [{ op: 'shuffle', n: 52 }] } })).output);
  assert.deepStrictEqual(got.deal, pf.selfpokerV1.deal({ seed: '42', players: 2 }));
  assert.equal(got.refused, 'invalid_hex:true');
  assert.equal(got.hash, crypto.createHash('sha256').update('abc').digest('hex'));
});

test('as an ES module: Node imports it (default export), a module page gets the global', long('starts a process'), () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pfkit-esm-'));
  try {
    // Node: import the file as it is.
    const nodeEsm = path.join(dir, 'node.mjs');
    fs.writeFileSync(nodeEsm, `import v from ${JSON.stringify(FILE)};\nconsole.log(v.commit(${JSON.stringify(SEED)}));\n`);
    assert.equal(execFileSync(process.execPath, [nodeEsm], { encoding: 'utf8' }).trim(), pf.commit(SEED));
    // A browser module: the same text evaluated as a module (no module object), then the global.
    fs.copyFileSync(FILE, path.join(dir, 'verifier.mjs'));
    const page = path.join(dir, 'page.mjs');
    fs.writeFileSync(page, `import './verifier.mjs';\nconsole.log(globalThis.pfkitVerifier.commit(${JSON.stringify(SEED)}));\n`);
    assert.equal(execFileSync(process.execPath, [page], { encoding: 'utf8' }).trim(), pf.commit(SEED));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('per-op functions take plain objects, return outputs and throw PfkitError with the spec code', () => {
  const m = pf.matchSeedV2.match({ serverSeed: SEED, game: 'bridge', matchId: 'm-1', clientSeeds: ['n', 'e', 's', 'w'], play: { deals: 2 } });
  assert.equal(m.deals.length, 2);
  assert.deepStrictEqual(m, pf.call('match_seed_v2', 'match', { serverSeed: SEED, game: 'bridge', matchId: 'm-1', clientSeeds: ['n', 'e', 's', 'w'], play: { deals: 2 } }));
  // All 52 cards, named rank = id % 13, suit = id / 13.
  const names = m.deals[0].flat().sort();
  const all = [...Array(52).keys()].map((c) => '23456789TJQKA'[c % 13] + 'cdhs'[Math.floor(c / 13)]).sort();
  assert.deepStrictEqual(names, all);

  const hand = pf.pokerHmacV1.hand({ serverSeed: SEED, table: 't', session: 's', hand: 1, seats: [{ seat: 4, clientSeed: 'x' }, { seat: 1, clientSeed: 'y' }] });
  const proof = pf.pokerHmacV1.proof({ serverSeed: SEED, table: 't', session: 's', hand: 1, seats: [{ seat: 1, clientSeed: 'y' }, { seat: 4, clientSeed: 'x' }], position: 17 });
  assert.equal(proof.root, hand.root);
  assert.equal(proof.card, hand.deck[17]);
  assert.equal(pf.pokerHmacV1.verifyProof({ root: proof.root, position: 17, card: proof.card, salt: proof.salt, path: proof.path }).valid, true);
  assert.equal(pf.pokerHmacV1.verifyProof({ root: proof.root, position: 17, card: (proof.card + 1) % 52, salt: proof.salt, path: proof.path }).valid, false);
  assert.equal(pf.pokerHmacV1.verifyProof({ root: proof.root, position: 16, card: proof.card, salt: proof.salt, path: proof.path }).valid, false);

  const bot = pf.chessColourV1.colour({ seedA: SEED, clientA: 'anna', seedB: null, clientB: null });
  assert.equal(bot.commitB, '-');
  assert.ok(bot.white === 'A' || bot.white === 'B');

  for (const [fn, input, codeWanted] of [
    [pf.matchSeedV2.commit, { serverSeed: SEED.toUpperCase() }, 'invalid_hex'],
    [pf.matchSeedV2.commit, {}, 'missing_field'],
    [pf.matchSeedV2.match, { serverSeed: SEED, game: 'dama', matchId: 'm', clientSeeds: ['a', 'b'], play: {} }, 'unknown_game'],
    [pf.pokerHmacV1.hand, { serverSeed: SEED, table: 't', session: 's', hand: 501, seats: [] }, 'out_of_range'],
    [pf.chessColourV1.colour, { seedA: SEED, clientA: 'a', seedB: SEED, clientB: 'b' }, 'equal_commitments'],
    [pf.selfpokerV1.deal, { seed: 1234567890123456789n, players: 2 }, 'wrong_type'],
    [pf.matchSeedV1.match, {}, 'scheme_unspecified'],
  ]) {
    assert.throws(() => fn(input), (e) => e instanceof pf.PfkitError && e.code === codeWanted && e.message.length > 0, codeWanted);
  }
  assert.throws(() => pf.call('nope', 'x', {}), (e) => e.code === 'unknown_scheme');
  assert.throws(() => pf.call('match_seed_v2', 'x', {}), (e) => e.code === 'unknown_op');
  assert.throws(() => pf.call('match_seed_v2', 'commit', []), (e) => e.code === 'malformed_request');
});

test('error messages say what was expected and what was found', () => {
  const msg = (input) => pf.evaluate({ id: 'm', scheme: 'match_seed_v2', op: 'commit', input }).error.message;
  assert.match(msg({ serverSeed: 'abc' }), /input\.serverSeed: expected 64 lowercase hex characters, found 3 characters/);
  assert.match(msg({ serverSeed: 5 }), /expected a string, found a number/);
  assert.match(msg({}), /input\.serverSeed: required field is missing/);
  assert.match(msg({ serverSeed: SEED, x: 1 }), /unexpected field "x"; expected only serverSeed/);
  const drawsMsg = pf.evaluate({ id: 'm', scheme: 'match_seed_v2', op: 'draws',
    input: { serverSeed: SEED, game: 'g', matchId: 'm', clientSeeds: ['a,1=b'], program: [{ op: 'word' }] } }).error.message;
  assert.match(drawsMsg, /input\.clientSeeds\[0\]: expected only characters from A-Z a-z 0-9 - _ \., found "," at position 1/);
});

test('evaluateLine writes one line with exactly one of output and error', () => {
  const ok = JSON.parse(pf.evaluateLine('{"id":"1","scheme":"selfpoker_v1","op":"permutation","input":{"seed":"5","n":3}}'));
  assert.deepStrictEqual(ok, { id: '1', output: { permutation: [1, 2, 0] } });
  const bad = JSON.parse(pf.evaluateLine('{"id":"2","scheme":"selfpoker_v1","op":"permutation","input":{"seed":5,"n":3}}'));
  assert.deepStrictEqual(Object.keys(bad), ['id', 'error']);
  assert.equal(bad.error.code, 'wrong_type');
  assert.ok(!pf.evaluateLine('{"id":"3","scheme":"x","op":"y","input":{}}').includes('\n'));
});

test('canonicalJSON sorts keys by byte value and escapes only what JSON needs', () => {
  assert.equal(pf.canonicalJSON({ b: 1, a: [true, null, 'x"\\\u0001é'], B: {} }), '{"B":{},"a":[true,null,"x\\"\\\\\\u0001é"],"b":1}');
  // Code point order, which is UTF-8 byte order: U+FF61 before U+1F600 although its UTF-16 units sort after.
  assert.equal(pf.canonicalJSON({ '\ud83d\ude00': 1, '\uff61': 2 }), '{"\uff61":2,"\ud83d\ude00":1}');
});

test('building blocks: card names, games, poker helpers', () => {
  assert.deepStrictEqual([0, 12, 13, 51].map(pf.cardName.table52), ['2c', 'Ac', '2d', 'As']);
  assert.deepStrictEqual([0, 7, 31].map(pf.cardName.baloot32), ['7c', 'Ac', 'As']);
  assert.deepStrictEqual([0, 3, 51].map(pf.cardName.selfpoker), ['2c', '2s', 'As']);
  assert.deepStrictEqual([0, 35, 36, 107, 108, 123, 124, 135].map(pf.cardName.tile), ['1m', '9m', '1p', '9s', 'E', 'N', 'Wd', 'Rd']);
  assert.deepStrictEqual(pf.games.map((g) => g.name + '/' + g.players), ['backgammon/2', 'checkers/2', 'xiangqi/2', 'tarneeb/4', 'trix/4', 'bridge/4', 'baloot/4', 'mahjong/4']);
  assert.equal(pf._internal.poker.padLeaf, crypto.createHash('sha256').update('pk1:pad').digest('hex'));
  assert.equal(pf._internal.poker.deckPrefix('t', 's', 3, [{ seat: 7, clientSeed: 'b' }, { seat: 2, clientSeed: 'a' }]), 'pk1:t:s:3:2=a,7=b:');
  assert.equal(pf.matchPrefix('bridge', 'm1', ['alice', 'bob']), 'pf2:bridge:m1:0=alice,1=bob:');
});
