// NumPy's default_rng(seed).permutation(n), exactly (spec 8.1): SeedSequence,
// PCG64 with the XSL-RR output and the one-word 32-bit buffer, and masked
// rejection (random_interval). No BigInt: 32-bit words and 16-bit limbs.
'use strict';

const { range } = require('./sampling.js');

const MIX_MULT_L = 0xca01f9dd | 0, MIX_MULT_R = 0x4973f715 | 0;
const INIT_A = 0x43b0d7e5 | 0, MULT_A = 0x931e8875 | 0, INIT_B = 0x8b51f9dd | 0, MULT_B = 0x58f38ded | 0;

/** SeedSequence's pool of four 32-bit words from the entropy words (NP-1). */
function seedPool(entropy) {
  let hashConst = INIT_A;
  const hashmix = (value) => {
    value = (value ^ hashConst) | 0;
    hashConst = Math.imul(hashConst, MULT_A);
    value = Math.imul(value, hashConst);
    return (value ^ (value >>> 16)) | 0;
  };
  const mix = (x, y) => {
    const r = (Math.imul(MIX_MULT_L, x) - Math.imul(MIX_MULT_R, y)) | 0;
    return (r ^ (r >>> 16)) | 0;
  };
  const pool = [0, 0, 0, 0].map((_, i) => hashmix(i < entropy.length ? entropy[i] : 0));
  for (let src = 0; src < 4; src++) {
    for (let dst = 0; dst < 4; dst++) {
      if (src !== dst) pool[dst] = mix(pool[dst], hashmix(pool[src]));
    }
  }
  for (let src = 4; src < entropy.length; src++) {
    for (let dst = 0; dst < 4; dst++) pool[dst] = mix(pool[dst], hashmix(entropy[src]));
  }
  return pool;
}

/** generate_state(4, uint64) as eight 32-bit words: 64-bit word i is words[2i] | words[2i+1] << 32. */
function generateState(pool) {
  let hashConst = INIT_B;
  const words = [];
  for (let i = 0; i < 8; i++) {
    let v = (pool[i % 4] ^ hashConst) | 0;
    hashConst = Math.imul(hashConst, MULT_B);
    v = Math.imul(v, hashConst);
    words.push((v ^ (v >>> 16)) >>> 0);
  }
  return words;
}

// PCG64's multiplier 0x2360ED051FC65DA44385DF649FCCF645 in 16-bit limbs, lowest first.
const M0 = 0xf645, M1 = 0x9fcc, M2 = 0xdf64, M3 = 0x4385, M4 = 0x5da4, M5 = 0x1fc6, M6 = 0xed05, M7 = 0x2360;
const L16 = 65536;

/**
 * PCG64 (XSL-RR 128/64) with NumPy's one-word 32-bit buffer (NP-2, NP-3). The
 * 128-bit state and increment are eight 16-bit limbs each, lowest first; a
 * column of the product sums at most eight 32-bit partial products, which
 * stays exact in a double (below 2^36).
 */
class PCG64 {
  /** words: SeedSequence entropy, 32-bit words lowest first. */
  constructor(words) {
    const w = generateState(seedPool(words));
    // initstate = s0 << 64 | s1 and initseq = s2 << 64 | s3, with s_i = w[2i] | w[2i+1] << 32.
    const initstate = limbs16([w[2], w[3], w[0], w[1]]);
    const initseq = limbs16([w[6], w[7], w[4], w[5]]);
    // inc = initseq << 1 | 1 (mod 2^128)
    const inc = new Array(8);
    let carry = 1;
    for (let i = 0; i < 8; i++) {
      const v = initseq[i] * 2 + carry;
      inc[i] = v & 0xffff;
      carry = v >>> 16;
    }
    this.i0 = inc[0]; this.i1 = inc[1]; this.i2 = inc[2]; this.i3 = inc[3];
    this.i4 = inc[4]; this.i5 = inc[5]; this.i6 = inc[6]; this.i7 = inc[7];
    this.s = [0, 0, 0, 0, 0, 0, 0, 0];
    this.step();
    let c = 0;
    for (let i = 0; i < 8; i++) {
      const v = this.s[i] + initstate[i] + c;
      this.s[i] = v & 0xffff;
      c = v >>> 16;
    }
    this.step();
    this.hasBuffered = false;
    this.buffered = 0;
    this.outHi = 0;
    this.outLo = 0;
  }

  /**
   * state = state * multiplier + inc (mod 2^128), column by column. Each column
   * sum is below 2^36, exact in a double; dividing by 2^16 is exact too, so
   * floor gives the carry without a (slow) floating-point remainder.
   */
  step() {
    const s = this.s;
    const s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3], s4 = s[4], s5 = s[5], s6 = s[6], s7 = s[7];
    let t, c;
    t = s0 * M0 + this.i0;
    c = Math.floor(t / L16); s[0] = t - c * L16;
    t = c + s0 * M1 + s1 * M0 + this.i1;
    c = Math.floor(t / L16); s[1] = t - c * L16;
    t = c + s0 * M2 + s1 * M1 + s2 * M0 + this.i2;
    c = Math.floor(t / L16); s[2] = t - c * L16;
    t = c + s0 * M3 + s1 * M2 + s2 * M1 + s3 * M0 + this.i3;
    c = Math.floor(t / L16); s[3] = t - c * L16;
    t = c + s0 * M4 + s1 * M3 + s2 * M2 + s3 * M1 + s4 * M0 + this.i4;
    c = Math.floor(t / L16); s[4] = t - c * L16;
    t = c + s0 * M5 + s1 * M4 + s2 * M3 + s3 * M2 + s4 * M1 + s5 * M0 + this.i5;
    c = Math.floor(t / L16); s[5] = t - c * L16;
    t = c + s0 * M6 + s1 * M5 + s2 * M4 + s3 * M3 + s4 * M2 + s5 * M1 + s6 * M0 + this.i6;
    c = Math.floor(t / L16); s[6] = t - c * L16;
    t = c + s0 * M7 + s1 * M6 + s2 * M5 + s3 * M4 + s4 * M3 + s5 * M2 + s6 * M1 + s7 * M0 + this.i7;
    s[7] = t - Math.floor(t / L16) * L16;
  }

  /** Steps, then leaves XSL-RR of the new state in outHi:outLo (unsigned 32-bit halves). */
  next64() {
    this.step();
    const s = this.s;
    const xhi = ((s[7] << 16) | s[6]) ^ ((s[3] << 16) | s[2]);
    const xlo = ((s[5] << 16) | s[4]) ^ ((s[1] << 16) | s[0]);
    const rot = s[7] >>> 10; // the state's top six bits
    let hi, lo;
    if (rot === 0) { hi = xhi; lo = xlo; }
    else if (rot < 32) { lo = (xlo >>> rot) | (xhi << (32 - rot)); hi = (xhi >>> rot) | (xlo << (32 - rot)); }
    else if (rot === 32) { hi = xlo; lo = xhi; }
    else { const r2 = rot - 32; lo = (xhi >>> r2) | (xlo << (32 - r2)); hi = (xlo >>> r2) | (xhi << (32 - r2)); }
    this.outHi = hi >>> 0;
    this.outLo = lo >>> 0;
  }

  /** pcg64_next32: the low half of a fresh output, keeping the high half for the next call. */
  next32() {
    if (this.hasBuffered) {
      this.hasBuffered = false;
      return this.buffered;
    }
    this.next64();
    this.hasBuffered = true;
    this.buffered = this.outHi;
    return this.outLo;
  }

  /** random_interval(max) for 0 <= max < 2^32 (NP-4): masked rejection on 32-bit draws. */
  interval(max) {
    if (max === 0) return 0;
    let mask = max;
    mask |= mask >>> 1; mask |= mask >>> 2; mask |= mask >>> 4; mask |= mask >>> 8; mask |= mask >>> 16;
    for (;;) {
      const v = (this.next32() & mask) >>> 0;
      if (v <= max) return v;
    }
  }
}

/** 32-bit words, lowest first, as 16-bit limbs, lowest first. */
function limbs16(words) {
  const out = [];
  for (const w of words) out.push(w & 0xffff, w >>> 16);
  return out;
}

function permutationOfWords(words, n) {
  const rng = new PCG64(words);
  const a = range(n);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.interval(i);
    const t = a[i]; a[i] = a[j]; a[j] = t;
  }
  return a;
}

const hex8 = (w) => (w >>> 0).toString(16).padStart(8, '0');
const hexLimbs16 = (limbs) => limbs.slice().reverse().map((l) => l.toString(16).padStart(4, '0')).join('');

/**
 * TRACE-2: permutation(n) for a seed's entropy words with every stage shown,
 * the seed words, SeedSequence's pool, generate_state's four 64-bit words, the
 * PCG64 state and increment after seeding (hex), and every 32-bit draw of every
 * random_interval(i) with its mask, the output it halves and its verdict.
 */
function traceOfWords(words, n) {
  const pool = seedPool(words).map((w) => w >>> 0);
  const w = generateState(pool);
  const rng = new PCG64(words);
  const out = {
    seedWords: words.slice(),
    pool,
    stateWords: [0, 1, 2, 3].map((i) => hex8(w[2 * i + 1]) + hex8(w[2 * i])),
    pcg64: {
      state: hexLimbs16(rng.s),
      inc: hexLimbs16([rng.i0, rng.i1, rng.i2, rng.i3, rng.i4, rng.i5, rng.i6, rng.i7]),
    },
    draws: [],
  };
  const a = range(n);
  let output = '';
  for (let i = n - 1; i > 0; i--) {
    let mask = i;
    mask |= mask >>> 1; mask |= mask >>> 2; mask |= mask >>> 4; mask |= mask >>> 8; mask |= mask >>> 16;
    for (;;) {
      const half = rng.hasBuffered ? 'high' : 'low';
      const word = rng.next32() >>> 0;
      if (half === 'low') output = hex8(rng.outHi) + hex8(rng.outLo);
      const value = (word & mask) >>> 0;
      out.draws.push({ max: i, mask, output, half, word, value, accepted: value <= i });
      if (value <= i) {
        const t = a[i]; a[i] = a[value]; a[value] = t;
        break;
      }
    }
  }
  out.permutation = a;
  return out;
}

module.exports = { seedPool, generateState, PCG64, permutationOfWords, traceOfWords };
