// The NumPy port (spec 8.1) against values printed by NumPy itself, and against a
// slow BigInt transcription of the spec's normative Python, on many seeds.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const pf = require('../verifier.js');

// Printed by NumPy 2.4.6:
//   [int(x) for x in np.random.SeedSequence(seed).generate_state(4, np.uint64)]
//   [int(x) for x in np.random.PCG64(seed).random_raw(5)]
const NUMPY_STATE = {
  0: ['15793235383387715774', '12390638538380655177', '2361836109651742017', '3188717715514472916'],
  1: ['7434755675892716031', '10007452063617845036', '5266248848659119178', '15045448681910192573'],
  42: ['11465652750463011511', '15382171918060459190', '9018504550953525431', '3703499796004394495'],
  4294967295: ['3028043900922232328', '2320167514380599704', '17098690511671083926', '6235634683512324349'],
  4294967296: ['5836529245451711556', '8811601478698894690', '4323349454413245209', '13668837544996263139'],
  '9223372036854775807': ['557844713081670142', '6287718887852127323', '13333270685005488767', '3141827793930463623'],
  '1234567890123456789': ['13589536766635760589', '13797067485561159624', '5315775478558726379', '775733000179039606'],
};
const NUMPY_RAW = {
  0: ['11749869230777074271', '4976686463289251617', '755828109848996024', '304881062738325533', '15002187965291974971'],
  1: ['9441442522235856127', '17532960557476522086', '2659275481604167885', '17499493567006797778', '5752274989370667689'],
  42: ['14276969152011380360', '8095878257575067585', '15838336090824644132', '12864169557245331597', '1737265434024182251'],
  4294967295: ['4647538520743280031', '4041050679407036418', '5299467714154781845', '11418189674231792917', '17247932440015301090'],
  4294967296: ['16412783775159424549', '10277383025879800780', '14774146505460541886', '17644565593934502278', '1081258858114640722'],
  '9223372036854775807': ['3236778688619115796', '8668653565307110780', '15219254583519097992', '5625014300010495238', '8783718435944158414'],
  '1234567890123456789': ['4655492881408851770', '20944670354628289', '17475150333397096351', '14225170493407362774', '1713558209292648138'],
};

test('NumPy known answers quoted in the spec', () => {
  const p42 = pf.numpyPermutation('42', 52);
  assert.deepStrictEqual(p42.slice(0, 6), [27, 7, 47, 38, 51, 17]);
  assert.deepStrictEqual(p42.slice(-3), [1, 13, 8]);
  assert.deepStrictEqual(pf.numpyPermutation('0', 52).slice(0, 5), [38, 11, 18, 10, 23]);
});

test('whole permutations printed by NumPy', () => {
  // list(np.random.default_rng(seed).permutation(n))
  assert.deepStrictEqual(pf.numpyPermutation('42', 52), [27, 7, 47, 38, 51, 17, 5, 49, 34, 23, 39, 29, 20, 18, 24, 37, 46, 41, 4, 25, 31,
    26, 40, 9, 48, 21, 28, 42, 16, 44, 32, 15, 3, 30, 10, 45, 6, 11, 22, 19, 35, 0, 12, 43, 14, 50, 2, 36, 33, 1, 13, 8]);
  assert.deepStrictEqual(pf.numpyPermutation('0', 52), [38, 11, 18, 10, 23, 28, 4, 36, 34, 27, 35, 24, 21, 2, 20, 3, 1, 49, 43, 6, 22,
    40, 19, 45, 16, 17, 26, 37, 30, 0, 8, 47, 48, 50, 32, 25, 46, 9, 42, 44, 13, 12, 7, 39, 51, 5, 14, 29, 41, 33, 15, 31]);
  assert.deepStrictEqual(pf.numpyPermutation('9223372036854775807', 60), [34, 59, 46, 9, 56, 25, 0, 48, 21, 30, 36, 42, 16, 53, 32, 18, 31,
    38, 13, 55, 23, 54, 41, 2, 47, 19, 57, 50, 51, 24, 43, 49, 39, 1, 35, 27, 5, 26, 7, 3, 44, 10, 11, 37, 12, 28, 15, 29, 58, 4, 45, 22, 33,
    14, 52, 6, 40, 8, 17, 20]);
});

test('300 permutations of 1 to 1000 elements hash to what NumPy printed', () => {
  // h = sha256(); for i in range(300): seed = (i * 0x9E3779B97F4A7C15 >> 1) % 2**63; n = 1 + (37 * i) % 1000
  //   h.update((','.join(str(x) for x in default_rng(seed).permutation(n)) + '\n').encode())
  const h = crypto.createHash('sha256');
  for (let i = 0; i < 300; i++) {
    const seed = ((BigInt(i) * 0x9E3779B97F4A7C15n) >> 1n) % (2n ** 63n);
    h.update(pf.numpyPermutation(String(seed), 1 + ((37 * i) % 1000)).join(',') + '\n');
  }
  assert.equal(h.digest('hex'), '7b87c32ec2b28f94fc41f1e161c384bd03e64d403538340cbcd6adb3a0af94c9');
});

test('SeedSequence.generate_state(4, uint64) as NumPy prints it', () => {
  for (const [seed, want] of Object.entries(NUMPY_STATE)) {
    const w = pf._internal.numpy.generateState(pf._internal.numpy.seedPool(pf._internal.numpy.seedWords(seed)));
    const got = [0, 1, 2, 3].map((i) => String(BigInt(w[2 * i]) | (BigInt(w[2 * i + 1]) << 32n)));
    assert.deepStrictEqual(got, want, 'seed ' + seed);
  }
});

test('PCG64 outputs as NumPy prints them (random_raw)', () => {
  for (const [seed, want] of Object.entries(NUMPY_RAW)) {
    const g = new pf._internal.numpy.PCG64(pf._internal.numpy.seedWords(seed));
    const got = want.map(() => {
      g.next64();
      return String((BigInt(g.outHi) << 32n) | BigInt(g.outLo));
    });
    assert.deepStrictEqual(got, want, 'seed ' + seed);
  }
});

test('next32 serves the low half, then the buffered high half', () => {
  const a = new pf._internal.numpy.PCG64(pf._internal.numpy.seedWords('42'));
  const x = BigInt(NUMPY_RAW[42][0]), y = BigInt(NUMPY_RAW[42][1]);
  assert.deepStrictEqual([a.next32(), a.next32(), a.next32(), a.next32()].map(BigInt),
    [x & 0xffffffffn, x >> 32n, y & 0xffffffffn, y >> 32n]);
});

// --- The spec's Python (section 8.1), transcribed with BigInt, slow and plain. ---
const M32 = (1n << 32n) - 1n, M64 = (1n << 64n) - 1n, M128 = (1n << 128n) - 1n;
const INIT_A = 0x43B0D7E5n, MULT_A = 0x931E8875n, INIT_B = 0x8B51F9DDn, MULT_B = 0x58F38DEDn;
const MIX_MULT_L = 0xCA01F9DDn, MIX_MULT_R = 0x4973F715n;
const PCG_MULT = 0x2360ED051FC65DA44385DF649FCCF645n;

function refSeedWords(seed) {
  const words = [seed & M32];
  seed >>= 32n;
  while (seed) { words.push(seed & M32); seed >>= 32n; }
  return words;
}

function refPool(entropy) {
  let hashConst = INIT_A;
  const hashmix = (value) => {
    value ^= hashConst;
    hashConst = (hashConst * MULT_A) & M32;
    value = (value * hashConst) & M32;
    return value ^ (value >> 16n);
  };
  const mix = (x, y) => {
    const r = (MIX_MULT_L * x - MIX_MULT_R * y) & M32;
    return r ^ (r >> 16n);
  };
  const pool = [0, 1, 2, 3].map((i) => hashmix(i < entropy.length ? entropy[i] : 0n));
  for (let src = 0; src < 4; src++) for (let dst = 0; dst < 4; dst++) if (src !== dst) pool[dst] = mix(pool[dst], hashmix(pool[src]));
  for (let src = 4; src < entropy.length; src++) for (let dst = 0; dst < 4; dst++) pool[dst] = mix(pool[dst], hashmix(entropy[src]));
  return pool;
}

function refState64(pool, n) {
  let hashConst = INIT_B;
  const words = [];
  for (let i = 0; i < 2 * n; i++) {
    let v = pool[i % 4] ^ hashConst;
    hashConst = (hashConst * MULT_B) & M32;
    v = (v * hashConst) & M32;
    words.push(v ^ (v >> 16n));
  }
  return [...Array(n).keys()].map((i) => words[2 * i] | (words[2 * i + 1] << 32n));
}

class RefPCG64 {
  constructor(seed) {
    const s = refState64(refPool(refSeedWords(seed)), 4);
    const initstate = (s[0] << 64n) | s[1], initseq = (s[2] << 64n) | s[3];
    this.inc = ((initseq << 1n) | 1n) & M128;
    this.state = 0n;
    this.step();
    this.state = (this.state + initstate) & M128;
    this.step();
    this.buffered = null;
  }

  step() { this.state = (this.state * PCG_MULT + this.inc) & M128; }

  next64() {
    this.step();
    const hi = this.state >> 64n, lo = this.state & M64;
    const x = hi ^ lo, rot = hi >> 58n;
    return ((x >> rot) | (x << ((64n - rot) & 63n))) & M64;
  }

  next32() {
    if (this.buffered !== null) { const v = this.buffered; this.buffered = null; return v; }
    const w = this.next64();
    this.buffered = w >> 32n;
    return w & M32;
  }

  interval(max) {
    if (max === 0n) return 0n;
    const mask = (1n << BigInt(max.toString(2).length)) - 1n;
    for (;;) {
      const v = (max <= M32 ? this.next32() : this.next64()) & mask;
      if (v <= max) return v;
    }
  }
}

function refPermutation(seed, n) {
  const rng = new RefPCG64(seed);
  const a = [...Array(n).keys()];
  for (let i = n - 1; i > 0; i--) {
    const j = Number(rng.interval(BigInt(i)));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

test('the BigInt transcription of the spec agrees with NumPy on the printed values', () => {
  for (const [seed, want] of Object.entries(NUMPY_RAW)) {
    const g = new RefPCG64(BigInt(seed));
    assert.deepStrictEqual(want.map(() => String(g.next64())), want);
  }
  assert.deepStrictEqual(refPermutation(42n, 52).slice(0, 6), [27, 7, 47, 38, 51, 17]);
});

test('verifier.js agrees with the BigInt transcription on 400 seeds across the 63-bit range', () => {
  let x = 0x2545F4914F6CDD1Dn;
  const next = () => { x ^= (x << 13n) & M64; x ^= x >> 7n; x ^= (x << 17n) & M64; return x; };
  const seeds = [0n, 1n, 2n, M32 - 1n, M32, M32 + 1n, (1n << 62n), (1n << 63n) - 1n];
  while (seeds.length < 400) {
    const r = next();
    // A spread of magnitudes: one 32-bit word, two words, and the full 63 bits.
    seeds.push(seeds.length % 3 === 0 ? r >> 33n : seeds.length % 3 === 1 ? r >> 20n : r >> 1n);
  }
  seeds.forEach((seed, i) => {
    const n = [1, 2, 3, 52, 136, 1000][i % 6];
    assert.deepStrictEqual(pf.numpyPermutation(String(seed), n), refPermutation(seed, n), 'seed ' + seed + ', n ' + n);
  });
});

test('seeds are read as exact decimal text, never through a float', () => {
  // 2^53 + 1 rounds to 2^53 as a double; the two seeds must give different decks.
  assert.notDeepStrictEqual(pf.numpyPermutation('9007199254740993', 52), pf.numpyPermutation('9007199254740992', 52));
  assert.deepStrictEqual(pf.numpyPermutation('9007199254740993', 52), refPermutation(9007199254740993n, 52));
  assert.deepStrictEqual(pf.numpyPermutation(9007199254740993n, 52), refPermutation(9007199254740993n, 52));
  assert.deepStrictEqual(pf._internal.numpy.seedWords('4294967296'), [0, 1]);
  assert.deepStrictEqual(pf._internal.numpy.seedWords('4294967295'), [4294967295]);
  assert.deepStrictEqual(pf._internal.numpy.seedWords('0'), [0]);
});

test('seed text is refused unless canonical and below 2^63', () => {
  const code = (seed) => {
    try { pf.numpyPermutation(seed, 5); return 'ok'; } catch (e) { return e.code; }
  };
  assert.equal(code('9223372036854775807'), 'ok');
  assert.equal(code('9223372036854775808'), 'out_of_range');
  assert.equal(code('99999999999999999999999999'), 'out_of_range');
  for (const bad of ['', '-1', '+1', '01', ' 1', '1 ', '1e3', '1.0', '0x10', '\uff11']) assert.equal(code(bad), 'invalid_integer', JSON.stringify(bad));
  assert.equal(code(5), 'wrong_type');
});

test('the deal follows the deck: two cards a player, then five on the board, named rank = id / 4', () => {
  const out = pf.selfpokerV1.deal({ seed: '42', players: 3 });
  const deck = pf.numpyPermutation('42', 52);
  assert.deepStrictEqual(out.deck, deck);
  const name = (c) => '23456789TJQKA'[Math.floor(c / 4)] + 'cdhs'[c % 4];
  assert.deepStrictEqual(out.hands, [[name(deck[0]), name(deck[1])], [name(deck[2]), name(deck[3])], [name(deck[4]), name(deck[5])]]);
  assert.deepStrictEqual(out.board, deck.slice(6, 11).map(name));
  assert.equal(out.commit, crypto.createHash('sha256').update('selfpoker:42').digest('hex'));
});
