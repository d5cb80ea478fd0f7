// int(n) and the shuffle on hand-picked words, with expected values worked out by
// hand from spec section 4 (or computed here with BigInt, independently of the
// verifier's double arithmetic).
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const pf = require('../verifier.js');

const SPAN = 2 ** 52;
const words = (...w) => new pf.WordList(w);

test('shuffle of [0, 1, 2, 3] with words 0, 0, 0 gives [1, 2, 3, 0]', () => {
  // i = 3: j = 0, swap 3 and 0 -> [3, 1, 2, 0]; i = 2: j = 0 -> [2, 1, 3, 0]; i = 1: j = 0 -> [1, 2, 3, 0].
  const src = words(0, 0, 0);
  assert.deepStrictEqual(pf.shuffle(src, [0, 1, 2, 3]), [1, 2, 3, 0]);
  assert.equal(src.used, 3);
});

test('shuffle with words 3, 2, 1 swaps every element with itself', () => {
  assert.deepStrictEqual(pf.shuffle(words(3, 2, 1), [0, 1, 2, 3]), [0, 1, 2, 3]);
});

test('shuffle of [0..4] with words 1, 1, 1, 1 gives [0, 2, 3, 4, 1]', () => {
  // i = 4: swap 4 and 1 -> [0, 4, 2, 3, 1]; i = 3: swap 3 and 1 -> [0, 3, 2, 4, 1];
  // i = 2: swap 2 and 1 -> [0, 2, 3, 4, 1]; i = 1: j = 1, no change.
  assert.deepStrictEqual(pf.shuffle(words(1, 1, 1, 1), [0, 1, 2, 3, 4]), [0, 2, 3, 4, 1]);
});

test('a shuffle of one element takes no draw; of none, neither', () => {
  const src = words();
  assert.deepStrictEqual(pf.shuffle(src, ['x']), ['x']);
  assert.deepStrictEqual(pf.shuffle(src, []), []);
  assert.equal(src.used, 0);
});

test('the shuffle works on a copy and keeps the items themselves', () => {
  const items = ['a', 'b', 'c'];
  assert.deepStrictEqual(pf.shuffle(words(0, 0), items), ['b', 'c', 'a']);
  assert.deepStrictEqual(items, ['a', 'b', 'c']);
});

test('limit(52) = 2^52 - 16: the word 2^52 - 16 is discarded, 2^52 - 17 kept', () => {
  assert.equal(pf.limit(52), SPAN - 16);
  let src = words(SPAN - 17);
  assert.equal(pf.intBelow(src, 52), (SPAN - 17) % 52);
  assert.equal((SPAN - 17) % 52, 51); // 2^52 = 16 (mod 52), so 2^52 - 17 = -1 = 51
  assert.equal(src.used, 1);
  src = words(SPAN - 16, 5);
  assert.equal(pf.intBelow(src, 52), 5);
  assert.equal(src.used, 2);
});

test('int(6) keeps 2^52 - 5 and discards 2^52 - 4', () => {
  // 2^52 = 4 (mod 6): limit(6) = 2^52 - 4.
  assert.equal(pf.limit(6), SPAN - 4);
  assert.equal(pf.intBelow(words(SPAN - 5), 6), 5);
  const src = words(SPAN - 4, SPAN - 5);
  assert.equal(pf.intBelow(src, 6), 5);
  assert.equal(src.used, 2);
});

test('int(1) returns 0 and still consumes one draw, even for the largest word', () => {
  const src = words(SPAN - 1, 7);
  assert.equal(pf.intBelow(src, 1), 0);
  assert.equal(src.used, 1);
});

test('int(2^52) returns the word itself and never discards', () => {
  assert.equal(pf.limit(SPAN), SPAN);
  assert.equal(pf.intBelow(words(SPAN - 1), SPAN), SPAN - 1);
});

test('int(2^51 + 1): the limit is 2^51 + 1, so almost half the words are discarded', () => {
  const n = 2 ** 51 + 1;
  assert.equal(pf.limit(n), 2 ** 51 + 1);
  const src = words(2 ** 51 + 1, 2 ** 51);
  assert.equal(pf.intBelow(src, n), 2 ** 51);
  assert.equal(src.used, 2);
});

test('int(n) refuses n outside 1 to 2^52', () => {
  for (const n of [0, -1, SPAN + 1, 1.5, NaN]) {
    assert.throws(() => pf.intBelow(words(0), n), (e) => e instanceof pf.PfkitError && e.code === 'out_of_range', String(n));
  }
});

test('words running out is words_exhausted, also inside a rejection loop', () => {
  assert.throws(() => pf.intBelow(words(), 6), (e) => e.code === 'words_exhausted');
  assert.throws(() => pf.intBelow(words(SPAN - 1), 52), (e) => e.code === 'words_exhausted');
});

test('limit(n) and the remainder agree with BigInt arithmetic for random and extreme n', () => {
  const B = 2n ** 52n;
  let x = 12345;
  const next = () => { x = (x * 1103515245 + 12345) % 2147483648; return x; };
  const ns = [1, 2, 3, 5, 6, 7, 52, 136, 4096, 2 ** 26 + 1, 2 ** 31 - 1, 2 ** 32 + 1, 2 ** 51 - 1, 2 ** 51, 2 ** 51 + 1,
    2 ** 52 - 1, 2 ** 52, 3 * 2 ** 50 + 7, 4503599627370449];
  for (let i = 0; i < 2000; i++) ns.push(1 + ((next() * 2147483648 + next()) % SPAN));
  for (const n of ns) {
    const N = BigInt(n);
    const limit = B - (B % N);
    assert.equal(BigInt(pf.limit(n)), limit, 'limit(' + n + ')');
    // The largest kept word and a few others, reduced mod n.
    for (const w of [0n, 1n, limit - 1n, limit / 2n, limit - N]) {
      if (w < 0n || w >= limit) continue;
      assert.equal(BigInt(pf.intBelow(words(Number(w)), n)), w % N, w + ' mod ' + n);
    }
  }
});

test('the match seat order is the first draws: shuffle([0 .. P-1])', () => {
  const seed = pf.sha256Hex('test');
  const out = pf.matchSeedV2.match({ serverSeed: seed, game: 'checkers', matchId: 'm1', clientSeeds: ['alice', 'bob'], play: {} });
  const s = pf.matchStream(seed, 'checkers', 'm1', ['alice', 'bob']);
  assert.deepStrictEqual(out.seats, pf.shuffle(s, [0, 1]));
  assert.equal(out.counter, 1);
  // With two players the one draw is int(2): seat order [1, 0] exactly when the word is even (j = 0 swaps).
  const w = pf.word(seed, 'pf2:checkers:m1:0=alice,1=bob:0');
  assert.deepStrictEqual(out.seats, w % 2 === 0 ? [1, 0] : [0, 1]);
});

test('inject runs a program on given words', () => {
  assert.deepStrictEqual(pf.matchSeedV2.inject({ words: [0, 0, 0], program: [{ op: 'shuffle', n: 4 }] }), { results: [[1, 2, 3, 0]], used: 3 });
  assert.deepStrictEqual(pf.matchSeedV2.inject({ words: [5, SPAN - 1], program: [{ op: 'word' }, { op: 'int', n: 1 }] }), { results: [5, 0], used: 2 });
});
