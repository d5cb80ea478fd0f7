/*!
 * pfkit verifier.js: the provably-fair table-game verifier for browsers and Node.
 *
 * One self-contained file with no dependencies and no network access. It
 * implements every scheme of spec/pfkit.md (match_seed_v2, poker_hmac_v1,
 * chess_colour_v1, selfpoker_v1; match_seed_v1 answers scheme_unspecified) and
 * the runner contract of section 10, so that it answers every request exactly as
 * the Go reference does.
 *
 * Loading it:
 *   browser, classic script   <script src="verifier.js"></script>  -> globalThis.pfkitVerifier
 *   browser, ES module        import './verifier.js';               -> globalThis.pfkitVerifier
 *   Node (CommonJS)           const pfkit = require('./verifier.js');
 *   Node (ES module)          import pfkit from './verifier.js';
 *
 * The API is documented in node/README.md.
 */
(function (root, factory) {
  'use strict';
  const api = factory();
  if (typeof module === 'object' && module !== null && typeof module.exports === 'object') {
    module.exports = api;
  } else if (root) {
    root.pfkitVerifier = api;
  }
})(typeof globalThis !== 'undefined' ? globalThis : typeof self !== 'undefined' ? self : undefined, function () {
  'use strict';

  const VERSION = '1.0.0';

  // ---------------------------------------------------------------------------
  // Errors (spec section 11)
  // ---------------------------------------------------------------------------

  const ERROR_CODES = Object.freeze([
    'malformed_request', 'input_too_large', 'unknown_scheme', 'scheme_unspecified',
    'unknown_op', 'missing_field', 'unknown_field', 'wrong_type', 'invalid_hex',
    'invalid_identifier', 'invalid_integer', 'out_of_range', 'bad_length',
    'duplicate_seat', 'unknown_game', 'equal_commitments', 'words_exhausted',
    'invalid_record', 'internal_error',
  ]);

  /** A refusal with a spec error code; the message says what was expected and found. */
  class PfkitError extends Error {
    constructor(code, message) {
      super(message);
      this.name = 'PfkitError';
      this.code = code;
    }
  }

  function fail(code, message) {
    throw new PfkitError(code, message);
  }

  // ---------------------------------------------------------------------------
  // Text helpers
  // ---------------------------------------------------------------------------

  /** UTF-8 bytes of a string; a lone surrogate becomes U+FFFD, as TextEncoder does. */
  function utf8Encode(s) {
    let n = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) n += 1;
      else if (c < 0x800) n += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { n += 4; i++; }
      else n += 3;
    }
    const out = new Uint8Array(n);
    let p = 0;
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c < 0x80) { out[p++] = c; continue; }
      if (c < 0x800) { out[p++] = 0xc0 | (c >> 6); out[p++] = 0x80 | (c & 63); continue; }
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && (d & 0xfc00) === 0xdc00) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
          out[p++] = 0xf0 | (cp >> 18); out[p++] = 0x80 | ((cp >> 12) & 63);
          out[p++] = 0x80 | ((cp >> 6) & 63); out[p++] = 0x80 | (cp & 63);
          continue;
        }
        c = 0xfffd;
      }
      out[p++] = 0xe0 | (c >> 12); out[p++] = 0x80 | ((c >> 6) & 63); out[p++] = 0x80 | (c & 63);
    }
    return out;
  }

  function utf8Length(s) {
    let n = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) n += 1;
      else if (c < 0x800) n += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { n += 4; i++; }
      else n += 3;
    }
    return n;
  }

  /**
   * Decodes UTF-8 the way Go's encoding/json reads it: every byte that does not
   * start a valid sequence becomes one U+FFFD. Two implementations that replaced
   * invalid bytes differently could disagree on whether two keys are duplicates.
   */
  function utf8DecodeLikeGo(b) {
    // Valid UTF-8 (every ordinary line) decodes natively; ignoreBOM keeps a leading
    // U+FEFF, which the reader must then refuse like any other stray character.
    if (DECODER !== null) {
      try {
        return DECODER.decode(b);
      } catch (e) {
        // invalid UTF-8: decoded below, byte by byte
      }
    }
    let out = '';
    let chunk = [];
    const flush = () => { out += String.fromCharCode.apply(null, chunk); chunk = []; };
    for (let i = 0; i < b.length;) {
      const c = b[i];
      let cp = -1, size = 1;
      if (c < 0x80) { cp = c; }
      else if (c >= 0xc2 && c <= 0xdf) {
        if (i + 1 < b.length && (b[i + 1] & 0xc0) === 0x80) { cp = ((c & 31) << 6) | (b[i + 1] & 63); size = 2; }
      } else if (c >= 0xe0 && c <= 0xef) {
        const lo = c === 0xe0 ? 0xa0 : 0x80, hi = c === 0xed ? 0x9f : 0xbf;
        if (i + 2 < b.length && b[i + 1] >= lo && b[i + 1] <= hi && (b[i + 2] & 0xc0) === 0x80) {
          cp = ((c & 15) << 12) | ((b[i + 1] & 63) << 6) | (b[i + 2] & 63); size = 3;
        }
      } else if (c >= 0xf0 && c <= 0xf4) {
        const lo = c === 0xf0 ? 0x90 : 0x80, hi = c === 0xf4 ? 0x8f : 0xbf;
        if (i + 3 < b.length && b[i + 1] >= lo && b[i + 1] <= hi && (b[i + 2] & 0xc0) === 0x80 && (b[i + 3] & 0xc0) === 0x80) {
          cp = ((c & 7) << 18) | ((b[i + 1] & 63) << 12) | ((b[i + 2] & 63) << 6) | (b[i + 3] & 63); size = 4;
        }
      }
      if (cp < 0) { cp = 0xfffd; size = 1; }
      if (cp >= 0x10000) {
        cp -= 0x10000;
        chunk.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 1023));
      } else {
        chunk.push(cp);
      }
      if (chunk.length >= 8192) flush();
      i += size;
    }
    flush();
    return out;
  }

  // A runner line is trimmed of the whitespace JSON allows around a value (space,
  // tab, CR, LF) and nothing else, before its size is measured (RUN-1, RUN-5). A
  // line that is empty after trimming is blank: a runner skips it.
  function isJsonSpace(c) {
    return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
  }

  /** Trims JSON whitespace from both ends of a byte array; returns a subarray. */
  function trimSpaceBytes(b) {
    let start = 0, end = b.length;
    while (start < end && isJsonSpace(b[start])) start++;
    while (end > start && isJsonSpace(b[end - 1])) end--;
    return b.subarray(start, end);
  }

  /** The same over a string. */
  function trimSpace(s) {
    let start = 0, end = s.length;
    while (start < end && isJsonSpace(s.charCodeAt(start))) start++;
    while (end > start && isJsonSpace(s.charCodeAt(end - 1))) end--;
    return start === 0 && end === s.length ? s : s.slice(start, end);
  }

  const HEX = '0123456789abcdef';

  function hexOfWords(words, count) {
    let s = '';
    for (let i = 0; i < count; i++) {
      const w = words[i];
      s += HEX[(w >>> 28) & 15] + HEX[(w >>> 24) & 15] + HEX[(w >>> 20) & 15] + HEX[(w >>> 16) & 15] +
        HEX[(w >>> 12) & 15] + HEX[(w >>> 8) & 15] + HEX[(w >>> 4) & 15] + HEX[w & 15];
    }
    return s;
  }

  // TextEncoder and TextDecoder are not part of the language, but every browser
  // and Node 11+ has them, and they are far faster than charCodeAt loops; without
  // them, utf8Encode and the byte-by-byte decoder do the work.
  const ENCODER = typeof TextEncoder === 'function' ? new TextEncoder() : null;
  const DECODER = typeof TextDecoder === 'function' ? new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }) : null;
  const SCRATCH = new Uint8Array(16384);

  /**
   * UTF-8 bytes of a string in a shared scratch buffer when they fit (valid only
   * until the next call), else in a new array.
   */
  function scratchBytes(s) {
    if (ENCODER !== null && s.length * 3 <= SCRATCH.length) return SCRATCH.subarray(0, ENCODER.encodeInto(s, SCRATCH).written);
    return ENCODER !== null ? ENCODER.encode(s) : utf8Encode(s);
  }

  function toBytes(data) {
    if (typeof data === 'string') return ENCODER !== null ? ENCODER.encode(data) : utf8Encode(data);
    if (data instanceof Uint8Array) return data;
    if (typeof ArrayBuffer !== 'undefined' && ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (typeof ArrayBuffer !== 'undefined' && data instanceof ArrayBuffer) return new Uint8Array(data);
    throw new TypeError('expected a string or bytes');
  }

  // ---------------------------------------------------------------------------
  // SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), synchronous, pure JS.
  // ---------------------------------------------------------------------------

  const K = new Int32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]);

  const IV = new Int32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);

  /**
   * One compression: the state st (8 words) absorbs the block whose 16
   * big-endian words are W[0..15]; the result goes to out (which may be st).
   *
   * The 64 rounds are written out in full, the textbook round
   *   T1 = h + S1(e) + Ch(e, f, g) + K[i] + W[i];  T2 = S0(a) + Maj(a, b, c)
   *   h = g; g = f; f = e; e = d + T1; d = c; c = b; b = a; a = T1 + T2
   * with the working variables renamed from one round to the next instead of
   * moved (round i only writes the variables playing d and h), and the message
   * schedule kept in sixteen locals: before round i >= 16, w[i % 16] becomes
   *   W[i] = W[i-16] + s0(W[i-15]) + W[i-7] + s1(W[i-2]).
   * Ch(e, f, g) is written g ^ (e & (f ^ g)) and Maj(a, b, c) as
   * (a & b) | (c & (a | b)). Laid out this way V8 keeps the whole state in
   * registers: about twice as fast as the loop form. Tests check every path
   * against node:crypto.
   */
  function compress(st, W, out) {
    let a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7], t = 0;
    let w0 = W[0], w1 = W[1], w2 = W[2], w3 = W[3], w4 = W[4], w5 = W[5], w6 = W[6], w7 = W[7];
    let w8 = W[8], w9 = W[9], w10 = W[10], w11 = W[11], w12 = W[12], w13 = W[13], w14 = W[14], w15 = W[15];
    // rounds 0-15
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + K[0] + w0) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + K[1] + w1) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + K[2] + w2) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + K[3] + w3) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + K[4] + w4) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + K[5] + w5) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + K[6] + w6) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + K[7] + w7) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + K[8] + w8) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + K[9] + w9) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + K[10] + w10) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + K[11] + w11) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + K[12] + w12) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + K[13] + w13) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + K[14] + w14) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + K[15] + w15) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    // rounds 16-31
    w0 = (w0 + (((w1 >>> 7) | (w1 << 25)) ^ ((w1 >>> 18) | (w1 << 14)) ^ (w1 >>> 3)) + w9 + (((w14 >>> 17) | (w14 << 15)) ^ ((w14 >>> 19) | (w14 << 13)) ^ (w14 >>> 10))) | 0;
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + K[16] + w0) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    w1 = (w1 + (((w2 >>> 7) | (w2 << 25)) ^ ((w2 >>> 18) | (w2 << 14)) ^ (w2 >>> 3)) + w10 + (((w15 >>> 17) | (w15 << 15)) ^ ((w15 >>> 19) | (w15 << 13)) ^ (w15 >>> 10))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + K[17] + w1) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    w2 = (w2 + (((w3 >>> 7) | (w3 << 25)) ^ ((w3 >>> 18) | (w3 << 14)) ^ (w3 >>> 3)) + w11 + (((w0 >>> 17) | (w0 << 15)) ^ ((w0 >>> 19) | (w0 << 13)) ^ (w0 >>> 10))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + K[18] + w2) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    w3 = (w3 + (((w4 >>> 7) | (w4 << 25)) ^ ((w4 >>> 18) | (w4 << 14)) ^ (w4 >>> 3)) + w12 + (((w1 >>> 17) | (w1 << 15)) ^ ((w1 >>> 19) | (w1 << 13)) ^ (w1 >>> 10))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + K[19] + w3) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    w4 = (w4 + (((w5 >>> 7) | (w5 << 25)) ^ ((w5 >>> 18) | (w5 << 14)) ^ (w5 >>> 3)) + w13 + (((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + K[20] + w4) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    w5 = (w5 + (((w6 >>> 7) | (w6 << 25)) ^ ((w6 >>> 18) | (w6 << 14)) ^ (w6 >>> 3)) + w14 + (((w3 >>> 17) | (w3 << 15)) ^ ((w3 >>> 19) | (w3 << 13)) ^ (w3 >>> 10))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + K[21] + w5) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    w6 = (w6 + (((w7 >>> 7) | (w7 << 25)) ^ ((w7 >>> 18) | (w7 << 14)) ^ (w7 >>> 3)) + w15 + (((w4 >>> 17) | (w4 << 15)) ^ ((w4 >>> 19) | (w4 << 13)) ^ (w4 >>> 10))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + K[22] + w6) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    w7 = (w7 + (((w8 >>> 7) | (w8 << 25)) ^ ((w8 >>> 18) | (w8 << 14)) ^ (w8 >>> 3)) + w0 + (((w5 >>> 17) | (w5 << 15)) ^ ((w5 >>> 19) | (w5 << 13)) ^ (w5 >>> 10))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + K[23] + w7) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    w8 = (w8 + (((w9 >>> 7) | (w9 << 25)) ^ ((w9 >>> 18) | (w9 << 14)) ^ (w9 >>> 3)) + w1 + (((w6 >>> 17) | (w6 << 15)) ^ ((w6 >>> 19) | (w6 << 13)) ^ (w6 >>> 10))) | 0;
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + K[24] + w8) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    w9 = (w9 + (((w10 >>> 7) | (w10 << 25)) ^ ((w10 >>> 18) | (w10 << 14)) ^ (w10 >>> 3)) + w2 + (((w7 >>> 17) | (w7 << 15)) ^ ((w7 >>> 19) | (w7 << 13)) ^ (w7 >>> 10))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + K[25] + w9) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    w10 = (w10 + (((w11 >>> 7) | (w11 << 25)) ^ ((w11 >>> 18) | (w11 << 14)) ^ (w11 >>> 3)) + w3 + (((w8 >>> 17) | (w8 << 15)) ^ ((w8 >>> 19) | (w8 << 13)) ^ (w8 >>> 10))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + K[26] + w10) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    w11 = (w11 + (((w12 >>> 7) | (w12 << 25)) ^ ((w12 >>> 18) | (w12 << 14)) ^ (w12 >>> 3)) + w4 + (((w9 >>> 17) | (w9 << 15)) ^ ((w9 >>> 19) | (w9 << 13)) ^ (w9 >>> 10))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + K[27] + w11) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    w12 = (w12 + (((w13 >>> 7) | (w13 << 25)) ^ ((w13 >>> 18) | (w13 << 14)) ^ (w13 >>> 3)) + w5 + (((w10 >>> 17) | (w10 << 15)) ^ ((w10 >>> 19) | (w10 << 13)) ^ (w10 >>> 10))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + K[28] + w12) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    w13 = (w13 + (((w14 >>> 7) | (w14 << 25)) ^ ((w14 >>> 18) | (w14 << 14)) ^ (w14 >>> 3)) + w6 + (((w11 >>> 17) | (w11 << 15)) ^ ((w11 >>> 19) | (w11 << 13)) ^ (w11 >>> 10))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + K[29] + w13) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    w14 = (w14 + (((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3)) + w7 + (((w12 >>> 17) | (w12 << 15)) ^ ((w12 >>> 19) | (w12 << 13)) ^ (w12 >>> 10))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + K[30] + w14) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    w15 = (w15 + (((w0 >>> 7) | (w0 << 25)) ^ ((w0 >>> 18) | (w0 << 14)) ^ (w0 >>> 3)) + w8 + (((w13 >>> 17) | (w13 << 15)) ^ ((w13 >>> 19) | (w13 << 13)) ^ (w13 >>> 10))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + K[31] + w15) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    // rounds 32-47
    w0 = (w0 + (((w1 >>> 7) | (w1 << 25)) ^ ((w1 >>> 18) | (w1 << 14)) ^ (w1 >>> 3)) + w9 + (((w14 >>> 17) | (w14 << 15)) ^ ((w14 >>> 19) | (w14 << 13)) ^ (w14 >>> 10))) | 0;
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + K[32] + w0) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    w1 = (w1 + (((w2 >>> 7) | (w2 << 25)) ^ ((w2 >>> 18) | (w2 << 14)) ^ (w2 >>> 3)) + w10 + (((w15 >>> 17) | (w15 << 15)) ^ ((w15 >>> 19) | (w15 << 13)) ^ (w15 >>> 10))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + K[33] + w1) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    w2 = (w2 + (((w3 >>> 7) | (w3 << 25)) ^ ((w3 >>> 18) | (w3 << 14)) ^ (w3 >>> 3)) + w11 + (((w0 >>> 17) | (w0 << 15)) ^ ((w0 >>> 19) | (w0 << 13)) ^ (w0 >>> 10))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + K[34] + w2) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    w3 = (w3 + (((w4 >>> 7) | (w4 << 25)) ^ ((w4 >>> 18) | (w4 << 14)) ^ (w4 >>> 3)) + w12 + (((w1 >>> 17) | (w1 << 15)) ^ ((w1 >>> 19) | (w1 << 13)) ^ (w1 >>> 10))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + K[35] + w3) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    w4 = (w4 + (((w5 >>> 7) | (w5 << 25)) ^ ((w5 >>> 18) | (w5 << 14)) ^ (w5 >>> 3)) + w13 + (((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + K[36] + w4) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    w5 = (w5 + (((w6 >>> 7) | (w6 << 25)) ^ ((w6 >>> 18) | (w6 << 14)) ^ (w6 >>> 3)) + w14 + (((w3 >>> 17) | (w3 << 15)) ^ ((w3 >>> 19) | (w3 << 13)) ^ (w3 >>> 10))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + K[37] + w5) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    w6 = (w6 + (((w7 >>> 7) | (w7 << 25)) ^ ((w7 >>> 18) | (w7 << 14)) ^ (w7 >>> 3)) + w15 + (((w4 >>> 17) | (w4 << 15)) ^ ((w4 >>> 19) | (w4 << 13)) ^ (w4 >>> 10))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + K[38] + w6) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    w7 = (w7 + (((w8 >>> 7) | (w8 << 25)) ^ ((w8 >>> 18) | (w8 << 14)) ^ (w8 >>> 3)) + w0 + (((w5 >>> 17) | (w5 << 15)) ^ ((w5 >>> 19) | (w5 << 13)) ^ (w5 >>> 10))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + K[39] + w7) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    w8 = (w8 + (((w9 >>> 7) | (w9 << 25)) ^ ((w9 >>> 18) | (w9 << 14)) ^ (w9 >>> 3)) + w1 + (((w6 >>> 17) | (w6 << 15)) ^ ((w6 >>> 19) | (w6 << 13)) ^ (w6 >>> 10))) | 0;
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + K[40] + w8) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    w9 = (w9 + (((w10 >>> 7) | (w10 << 25)) ^ ((w10 >>> 18) | (w10 << 14)) ^ (w10 >>> 3)) + w2 + (((w7 >>> 17) | (w7 << 15)) ^ ((w7 >>> 19) | (w7 << 13)) ^ (w7 >>> 10))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + K[41] + w9) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    w10 = (w10 + (((w11 >>> 7) | (w11 << 25)) ^ ((w11 >>> 18) | (w11 << 14)) ^ (w11 >>> 3)) + w3 + (((w8 >>> 17) | (w8 << 15)) ^ ((w8 >>> 19) | (w8 << 13)) ^ (w8 >>> 10))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + K[42] + w10) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    w11 = (w11 + (((w12 >>> 7) | (w12 << 25)) ^ ((w12 >>> 18) | (w12 << 14)) ^ (w12 >>> 3)) + w4 + (((w9 >>> 17) | (w9 << 15)) ^ ((w9 >>> 19) | (w9 << 13)) ^ (w9 >>> 10))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + K[43] + w11) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    w12 = (w12 + (((w13 >>> 7) | (w13 << 25)) ^ ((w13 >>> 18) | (w13 << 14)) ^ (w13 >>> 3)) + w5 + (((w10 >>> 17) | (w10 << 15)) ^ ((w10 >>> 19) | (w10 << 13)) ^ (w10 >>> 10))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + K[44] + w12) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    w13 = (w13 + (((w14 >>> 7) | (w14 << 25)) ^ ((w14 >>> 18) | (w14 << 14)) ^ (w14 >>> 3)) + w6 + (((w11 >>> 17) | (w11 << 15)) ^ ((w11 >>> 19) | (w11 << 13)) ^ (w11 >>> 10))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + K[45] + w13) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    w14 = (w14 + (((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3)) + w7 + (((w12 >>> 17) | (w12 << 15)) ^ ((w12 >>> 19) | (w12 << 13)) ^ (w12 >>> 10))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + K[46] + w14) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    w15 = (w15 + (((w0 >>> 7) | (w0 << 25)) ^ ((w0 >>> 18) | (w0 << 14)) ^ (w0 >>> 3)) + w8 + (((w13 >>> 17) | (w13 << 15)) ^ ((w13 >>> 19) | (w13 << 13)) ^ (w13 >>> 10))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + K[47] + w15) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    // rounds 48-63
    w0 = (w0 + (((w1 >>> 7) | (w1 << 25)) ^ ((w1 >>> 18) | (w1 << 14)) ^ (w1 >>> 3)) + w9 + (((w14 >>> 17) | (w14 << 15)) ^ ((w14 >>> 19) | (w14 << 13)) ^ (w14 >>> 10))) | 0;
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + K[48] + w0) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    w1 = (w1 + (((w2 >>> 7) | (w2 << 25)) ^ ((w2 >>> 18) | (w2 << 14)) ^ (w2 >>> 3)) + w10 + (((w15 >>> 17) | (w15 << 15)) ^ ((w15 >>> 19) | (w15 << 13)) ^ (w15 >>> 10))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + K[49] + w1) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    w2 = (w2 + (((w3 >>> 7) | (w3 << 25)) ^ ((w3 >>> 18) | (w3 << 14)) ^ (w3 >>> 3)) + w11 + (((w0 >>> 17) | (w0 << 15)) ^ ((w0 >>> 19) | (w0 << 13)) ^ (w0 >>> 10))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + K[50] + w2) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    w3 = (w3 + (((w4 >>> 7) | (w4 << 25)) ^ ((w4 >>> 18) | (w4 << 14)) ^ (w4 >>> 3)) + w12 + (((w1 >>> 17) | (w1 << 15)) ^ ((w1 >>> 19) | (w1 << 13)) ^ (w1 >>> 10))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + K[51] + w3) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    w4 = (w4 + (((w5 >>> 7) | (w5 << 25)) ^ ((w5 >>> 18) | (w5 << 14)) ^ (w5 >>> 3)) + w13 + (((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + K[52] + w4) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    w5 = (w5 + (((w6 >>> 7) | (w6 << 25)) ^ ((w6 >>> 18) | (w6 << 14)) ^ (w6 >>> 3)) + w14 + (((w3 >>> 17) | (w3 << 15)) ^ ((w3 >>> 19) | (w3 << 13)) ^ (w3 >>> 10))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + K[53] + w5) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    w6 = (w6 + (((w7 >>> 7) | (w7 << 25)) ^ ((w7 >>> 18) | (w7 << 14)) ^ (w7 >>> 3)) + w15 + (((w4 >>> 17) | (w4 << 15)) ^ ((w4 >>> 19) | (w4 << 13)) ^ (w4 >>> 10))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + K[54] + w6) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    w7 = (w7 + (((w8 >>> 7) | (w8 << 25)) ^ ((w8 >>> 18) | (w8 << 14)) ^ (w8 >>> 3)) + w0 + (((w5 >>> 17) | (w5 << 15)) ^ ((w5 >>> 19) | (w5 << 13)) ^ (w5 >>> 10))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + K[55] + w7) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    w8 = (w8 + (((w9 >>> 7) | (w9 << 25)) ^ ((w9 >>> 18) | (w9 << 14)) ^ (w9 >>> 3)) + w1 + (((w6 >>> 17) | (w6 << 15)) ^ ((w6 >>> 19) | (w6 << 13)) ^ (w6 >>> 10))) | 0;
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + K[56] + w8) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    w9 = (w9 + (((w10 >>> 7) | (w10 << 25)) ^ ((w10 >>> 18) | (w10 << 14)) ^ (w10 >>> 3)) + w2 + (((w7 >>> 17) | (w7 << 15)) ^ ((w7 >>> 19) | (w7 << 13)) ^ (w7 >>> 10))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + K[57] + w9) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    w10 = (w10 + (((w11 >>> 7) | (w11 << 25)) ^ ((w11 >>> 18) | (w11 << 14)) ^ (w11 >>> 3)) + w3 + (((w8 >>> 17) | (w8 << 15)) ^ ((w8 >>> 19) | (w8 << 13)) ^ (w8 >>> 10))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + K[58] + w10) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    w11 = (w11 + (((w12 >>> 7) | (w12 << 25)) ^ ((w12 >>> 18) | (w12 << 14)) ^ (w12 >>> 3)) + w4 + (((w9 >>> 17) | (w9 << 15)) ^ ((w9 >>> 19) | (w9 << 13)) ^ (w9 >>> 10))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + K[59] + w11) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    w12 = (w12 + (((w13 >>> 7) | (w13 << 25)) ^ ((w13 >>> 18) | (w13 << 14)) ^ (w13 >>> 3)) + w5 + (((w10 >>> 17) | (w10 << 15)) ^ ((w10 >>> 19) | (w10 << 13)) ^ (w10 >>> 10))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + K[60] + w12) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    w13 = (w13 + (((w14 >>> 7) | (w14 << 25)) ^ ((w14 >>> 18) | (w14 << 14)) ^ (w14 >>> 3)) + w6 + (((w11 >>> 17) | (w11 << 15)) ^ ((w11 >>> 19) | (w11 << 13)) ^ (w11 >>> 10))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + K[61] + w13) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    w14 = (w14 + (((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3)) + w7 + (((w12 >>> 17) | (w12 << 15)) ^ ((w12 >>> 19) | (w12 << 13)) ^ (w12 >>> 10))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + K[62] + w14) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    w15 = (w15 + (((w0 >>> 7) | (w0 << 25)) ^ ((w0 >>> 18) | (w0 << 14)) ^ (w0 >>> 3)) + w8 + (((w13 >>> 17) | (w13 << 15)) ^ ((w13 >>> 19) | (w13 << 13)) ^ (w13 >>> 10))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + K[63] + w15) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    out[0] = (st[0] + a) | 0; out[1] = (st[1] + b) | 0; out[2] = (st[2] + c) | 0; out[3] = (st[3] + d) | 0;
    out[4] = (st[4] + e) | 0; out[5] = (st[5] + f) | 0; out[6] = (st[6] + g) | 0; out[7] = (st[7] + h) | 0;
  }

  /** Loads 64 bytes of b from offset p into W[0..15] as big-endian words. */
  function loadBlock(W, b, p) {
    for (let i = 0; i < 16; i++, p += 4) {
      W[i] = (b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3];
    }
  }

  /**
   * Hashes msg into st, which already holds the state after `before` bytes, and
   * returns nothing: st becomes the final digest words. `before` must be a
   * multiple of 64 (whole blocks absorbed so far).
   */
  function finish(st, W, msg, before) {
    const n = msg.length;
    let p = 0;
    for (; p + 64 <= n; p += 64) {
      loadBlock(W, msg, p);
      compress(st, W, st);
    }
    const rest = n - p;
    const tail = new Uint8Array(rest < 56 ? 64 : 128);
    tail.set(msg.subarray(p));
    tail[rest] = 0x80;
    const bits = (before + n) * 8;
    const end = tail.length;
    // The bit length is written as a 64-bit big-endian integer; inputs here stay far below 2^53 bits.
    const hi = Math.floor(bits / 4294967296), lo = bits >>> 0;
    tail[end - 8] = hi >>> 24; tail[end - 7] = hi >>> 16; tail[end - 6] = hi >>> 8; tail[end - 5] = hi;
    tail[end - 4] = lo >>> 24; tail[end - 3] = lo >>> 16; tail[end - 2] = lo >>> 8; tail[end - 1] = lo;
    for (let q = 0; q < end; q += 64) {
      loadBlock(W, tail, q);
      compress(st, W, st);
    }
  }

  const scratchW = new Int32Array(64);

  /** SHA-256 of bytes, as 8 digest words. */
  function sha256Words(bytes) {
    const st = new Int32Array(IV);
    finish(st, scratchW, bytes, 0);
    return st;
  }

  function wordsToBytes(words) {
    const out = new Uint8Array(words.length * 4);
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      out[4 * i] = w >>> 24; out[4 * i + 1] = w >>> 16; out[4 * i + 2] = w >>> 8; out[4 * i + 3] = w;
    }
    return out;
  }

  /** SHA-256 of a string (its UTF-8 bytes) or of bytes, as raw bytes. */
  function sha256(data) {
    return wordsToBytes(sha256Words(toBytes(data)));
  }

  /** SHA-256 as 64 lowercase hex characters. */
  function sha256Hex(data) {
    return hexOfWords(sha256Words(toBytes(data)), 8);
  }

  /**
   * The HMAC key block as 16 big-endian words: the key itself, zero-padded, or
   * its SHA-256 when longer than a block (seeds and hand values are exactly 64).
   */
  function keyWords(key) {
    const kw = new Int32Array(16);
    let k = typeof key === 'string' ? scratchBytes(key) : toBytes(key);
    if (k.length > 64) k = wordsToBytes(sha256Words(k));
    for (let i = 0; i < k.length; i++) kw[i >> 2] |= k[i] << (24 - 8 * (i & 3));
    return kw;
  }

  /** The SHA-256 state after the one block key XOR pad (pad repeated in each byte of padWord). */
  function padState(kw, padWord) {
    for (let i = 0; i < 16; i++) scratchW[i] = kw[i] ^ padWord;
    const st = new Int32Array(8);
    compress(IV, scratchW, st);
    return st;
  }

  const IPAD = 0x36363636, OPAD = 0x5c5c5c5c;

  /** HMAC-SHA256 by the book, with no caching: the plain path the fast stream is tested against. */
  function hmacWords(key, message) {
    const kw = keyWords(key);
    const inner = padState(kw, IPAD);
    finish(inner, scratchW, toBytes(message), 64);
    const outer = padState(kw, OPAD);
    finish(outer, scratchW, wordsToBytes(inner), 64);
    return outer;
  }

  function hmacSha256(key, message) {
    return wordsToBytes(hmacWords(key, message));
  }

  function hmacSha256Hex(key, message) {
    return hexOfWords(hmacWords(key, message), 8);
  }

  // ---------------------------------------------------------------------------
  // Words, the draw stream and sampling (spec section 4)
  // ---------------------------------------------------------------------------

  const SPAN = 4503599627370496; // 2^52, exact as a double

  /** The top 52 bits of a digest given as words: first 13 hex characters (WORD-1). */
  function wordOfDigest(d) {
    return (d[0] >>> 0) * 1048576 + (d[1] >>> 12);
  }

  /** word(key, message) computed on the plain HMAC path. */
  function word(key, message) {
    return wordOfDigest(hmacWords(key, message));
  }

  /** commit(seed) = SHA256(seed text) (COMMIT-1). */
  function commit(seed) {
    return sha256Hex(seed);
  }

  /**
   * The draw stream of one key and message prefix: draw k is
   * HMAC(key, prefix + decimal(k)). Every draw shares the key pads and the prefix,
   * so their SHA-256 states are computed once: the state after ipad and the
   * prefix's whole blocks, the prefix's remaining bytes, and the state after opad.
   * A draw then compresses only the block(s) holding the counter, and the outer
   * block: two compressions for most prefixes, whatever their length.
   */
  class DrawStream {
    constructor(key, prefix) {
      const kw = keyWords(key);
      this.key = key;
      this.k = 0;
      const inner = padState(kw, IPAD);
      this.outer = padState(kw, OPAD);
      const pre = typeof prefix === 'string' ? scratchBytes(prefix) : toBytes(prefix);
      this.prefix = typeof prefix === 'string' ? prefix : utf8DecodeLikeGo(pre);
      const len = pre.length;
      const whole = len - (len % 64);
      for (let p = 0; p < whole; p += 64) {
        loadBlock(scratchW, pre, p);
        compress(inner, scratchW, inner);
      }
      this.inner = inner;
      this.tailLen = len - whole;
      this.innerBytes = 64 + len; // bytes hashed before the counter
      // The last one or two blocks of the inner message, as big-endian words in
      // b0 and b1: the prefix's last bytes (fewer than 64), then per draw the
      // counter's digits and 0x80, then zeros and the bit length. base holds the
      // words of the prefix's last bytes alone, to restore before each draw.
      this.base = new Int32Array(16);
      for (let i = 0; i < this.tailLen; i++) this.base[i >> 2] |= pre[whole + i] << (24 - 8 * (i & 3));
      this.b0 = new Int32Array(16);
      this.b1 = new Int32Array(16);
      this.nd = 0; // the digit count the blocks are laid out for
      this.two = false;
      this.mid = new Int32Array(8);
      // Outer block: the 32-byte inner digest (written here by the inner
      // compression), the 0x80 padding byte, zeros, and the length of opad and
      // digest, 96 bytes = 768 bits.
      this.ow = new Int32Array(16);
      this.ow[8] = 0x80000000 | 0;
      this.ow[15] = 768;
      this.digest = new Int32Array(8);
    }

    /** Lays the blocks out for counters of nd digits: the prefix bytes, zeros, the bit length. */
    layout(nd) {
      const t = this.tailLen;
      this.two = t + nd + 9 > 64; // the digits, 0x80 and the 8-byte length need a second block
      this.b0.set(this.base);
      this.b1.fill(0);
      const last = this.two ? this.b1 : this.b0;
      const bits = (this.innerBytes + nd) * 8;
      last[14] = Math.floor(bits / 4294967296);
      last[15] = bits | 0;
      this.nd = nd;
    }

    /** Counter of the next draw. */
    get counter() {
      return this.k;
    }

    /** The message of draw k. */
    message(k) {
      return this.prefix + String(k);
    }

    /** Computes the HMAC of draw k into this.digest (8 words) and returns it. */
    digestOf(k) {
      const digits = String(k);
      const t = this.tailLen, nd = digits.length;
      if (nd !== this.nd) this.layout(nd);
      const b0 = this.b0, b1 = this.b1, base = this.base;
      // Restore the words that hold the digits and 0x80 (bytes t to t + nd), then
      // write those bytes in.
      const first = t >> 2, last = (t + nd) >> 2;
      for (let i = first; i <= last; i++) {
        if (i < 16) b0[i] = base[i];
        else b1[i - 16] = 0;
      }
      for (let i = 0; i <= nd; i++) {
        const p = t + i;
        const v = (i < nd ? digits.charCodeAt(i) : 0x80) << (24 - 8 * (p & 3));
        if (p < 64) b0[p >> 2] |= v;
        else b1[(p - 64) >> 2] |= v;
      }
      // The inner digest goes straight into the first words of the outer block.
      if (this.two) {
        compress(this.inner, b0, this.mid);
        compress(this.mid, b1, this.ow);
      } else {
        compress(this.inner, b0, this.ow);
      }
      compress(this.outer, this.ow, this.digest);
      return this.digest;
    }

    /** The full HMAC of draw k as hex. */
    digestHex(k) {
      return hexOfWords(this.digestOf(k), 8);
    }

    /** The word of draw k, without moving the counter. */
    wordAt(k) {
      return wordOfDigest(this.digestOf(k));
    }

    /** The next word; advances the counter. */
    next() {
      const d = this.digestOf(this.k);
      this.k++;
      return (d[0] >>> 0) * 1048576 + (d[1] >>> 12);
    }
  }

  /** The same stream on the plain HMAC path: for tests and for readers comparing the two. */
  class PlainDrawStream {
    constructor(key, prefix) {
      this.key = key;
      this.prefix = prefix;
      this.k = 0;
    }

    get counter() {
      return this.k;
    }

    next() {
      const w = word(this.key, this.prefix + String(this.k));
      this.k++;
      return w;
    }
  }

  /** A source that serves given words, in order, and refuses to go past them (INJ-1). */
  class WordList {
    constructor(words) {
      this.words = words;
      this.used = 0;
    }

    next() {
      if (this.used === this.words.length) {
        fail('words_exhausted', 'words: the program needed more than the ' + this.words.length + ' words given');
      }
      return this.words[this.used++];
    }
  }

  /**
   * x mod n for integers 0 <= x <= 2^52 and 1 <= n <= 2^52. x % n is exact too,
   * but V8 runs it through a library call. The rounded quotient fl(x / n) cannot
   * reach the next integer q + 1: that would take (q + 1) - x / n >= 1 / n to be
   * below half an ulp of q + 1, i.e. n(q + 1) > 2^53, while n(q + 1) <= x + n <= 2^53.
   * So floor(x / n) is exact and q * n <= x is exact; the sign test is only a guard.
   */
  function mod(x, n) {
    const r = x - Math.floor(x / n) * n;
    return r < 0 ? r + n : r;
  }

  /** limit(n) = 2^52 - (2^52 mod n) (INT-2). */
  function limitOf(n) {
    return SPAN - mod(SPAN, n);
  }

  function checkN(n) {
    if (!Number.isInteger(n) || n < 1 || n > SPAN) {
      fail('out_of_range', 'n: expected an integer 1 <= n <= 2^52 (4503599627370496), found ' + String(n));
    }
  }

  /**
   * int(n) (INT-1..3): draws words until one is below limit(n), returns it mod n.
   * onDraw, when given, hears (n, limit, word, accepted) for every word judged.
   */
  function intBelow(source, n, onDraw) {
    checkN(n);
    const limit = limitOf(n);
    for (;;) {
      const w = source.next();
      const ok = w < limit;
      if (onDraw) onDraw(n, limit, w, ok);
      if (ok) return mod(w, n);
    }
  }

  /** Fisher-Yates from the top (SHUF-1): returns a shuffled copy of items. */
  function shuffle(source, items, onDraw) {
    const a = Array.from(items);
    for (let i = a.length - 1; i > 0; i--) {
      const j = intBelow(source, i + 1, onDraw);
      const t = a[i]; a[i] = a[j]; a[j] = t;
    }
    return a;
  }

  function range(n) {
    const a = new Array(n);
    for (let i = 0; i < n; i++) a[i] = i;
    return a;
  }

  // ---------------------------------------------------------------------------
  // Card and tile names (spec section 5.6)
  // ---------------------------------------------------------------------------

  const RANKS = '23456789TJQKA';
  const SUITS = 'cdhs';
  const TILE_KINDS = (function () {
    const k = [];
    for (const s of 'mps') for (let r = 1; r <= 9; r++) k.push(r + s);
    return k.concat(['E', 'S', 'W', 'N', 'Wd', 'Gd', 'Rd']);
  })();

  const cardName = Object.freeze({
    table52: (c) => RANKS[c % 13] + SUITS[Math.floor(c / 13)],
    baloot32: (c) => '789TJQKA'[c % 8] + SUITS[Math.floor(c / 8)],
    tile: (t) => TILE_KINDS[Math.floor(t / 4)],
    selfpoker: (c) => RANKS[Math.floor(c / 4)] + SUITS[c % 4],
  });

  // ---------------------------------------------------------------------------
  // match_seed_v2 (spec section 5)
  // ---------------------------------------------------------------------------

  function matchPrefix(game, matchId, clientSeeds) {
    return 'pf2:' + game + ':' + matchId + ':' + clientSeeds.map((s, i) => i + '=' + s).join(',') + ':';
  }

  function matchStream(serverSeed, game, matchId, clientSeeds) {
    return new DrawStream(serverSeed, matchPrefix(game, matchId, clientSeeds));
  }

  const GAMES = Object.freeze([
    { name: 'backgammon', players: 2, kind: 'backgammon' },
    { name: 'checkers', players: 2, kind: 'seats' },
    { name: 'xiangqi', players: 2, kind: 'seats' },
    { name: 'tarneeb', players: 4, kind: 'deals' },
    { name: 'trix', players: 4, kind: 'deals' },
    { name: 'bridge', players: 4, kind: 'deals' },
    { name: 'baloot', players: 4, kind: 'baloot' },
    { name: 'mahjong', players: 4, kind: 'mahjong' },
  ]);

  const die = (s) => intBelow(s, 6) + 1;

  function backgammonGame(s, turns) {
    const opening = [];
    let a, b;
    do {
      a = die(s); b = die(s);
      opening.push([a, b]);
    } while (a === b);
    const rolls = [];
    for (let t = 0; t < turns; t++) rolls.push([die(s), die(s)]);
    return { opening, first: a > b ? 0 : 1, rolls };
  }

  function deal52(s) {
    const deck = shuffle(s, range(52));
    return [0, 1, 2, 3].map((i) => deck.slice(13 * i, 13 * i + 13));
  }

  function balootHand(s, buyer) {
    const deck = shuffle(s, range(32));
    const first = [0, 1, 2, 3].map((i) => deck.slice(5 * i, 5 * i + 5));
    const upcard = deck[20];
    if (buyer === null) return { first, upcard, buyer: null };
    const rest = shuffle(s, deck.slice(21));
    const final = [];
    let pos = 0;
    for (let seat = 0; seat < 4; seat++) {
      const take = seat === buyer ? 2 : 3;
      final.push(first[seat].concat(seat === buyer ? [upcard] : [], rest.slice(pos, pos + take)));
      pos += take;
    }
    return { first, upcard, buyer, rest, final };
  }

  function mahjongHand(s, count) {
    const wall = range(136);
    const drawn = [];
    for (let i = 0; i < count; i++) {
      const j = intBelow(s, wall.length);
      const last = wall.length - 1;
      const t = wall[j]; wall[j] = wall[last]; wall[last] = t;
      drawn.push(wall.pop());
    }
    const deal = [0, 1, 2, 3].map((i) => drawn.slice(13 * i, 13 * i + 13));
    deal[0].push(drawn[52]);
    return { deal, draws: drawn.slice(53) };
  }

  // ---------------------------------------------------------------------------
  // poker_hmac_v1 (spec section 6)
  // ---------------------------------------------------------------------------

  const PAD_LEAF = sha256Hex('pk1:pad');

  function handValue(serverSeed, table, session, hand) {
    return hmacSha256Hex(serverSeed, 'pk1:hand:' + table + ':' + session + ':' + hand);
  }

  function deckPrefix(table, session, hand, seats) {
    const sorted = seats.slice().sort((x, y) => x.seat - y.seat);
    return 'pk1:' + table + ':' + session + ':' + hand + ':' + sorted.map((p) => p.seat + '=' + p.clientSeed).join(',') + ':';
  }

  function leafHash(position, card, salt) {
    return sha256Hex('pk1:leaf:' + position + ':' + card + ':' + salt);
  }

  function nodeHash(left, right) {
    return sha256Hex('pk1:node:' + left + right);
  }

  /** Every level of the 64-leaf tree, leaves first; levels[6][0] is the root. */
  function treeLevels(leaves) {
    let level = leaves.slice();
    while (level.length < 64) level.push(PAD_LEAF);
    const levels = [level];
    while (level.length > 1) {
      const up = new Array(level.length / 2);
      for (let m = 0; m < up.length; m++) up[m] = nodeHash(level[2 * m], level[2 * m + 1]);
      levels.push(up);
      level = up;
    }
    return levels;
  }

  function rootFrom(leaf, position, path) {
    let h = leaf;
    for (let l = 0; l < path.length; l++) {
      h = ((position >> l) & 1) === 0 ? nodeHash(h, path[l]) : nodeHash(path[l], h);
    }
    return h;
  }

  /** Everything the server derives for one hand (PK-1..6). */
  function pokerDeal(serverSeed, table, session, hand, seats) {
    const hv = handValue(serverSeed, table, session, hand);
    const s = new DrawStream(hv, deckPrefix(table, session, hand, seats));
    const deck = shuffle(s, range(52));
    // Salts share the key and the prefix "pk1:salt:", so they reuse the stream's caching.
    const saltStream = new DrawStream(hv, 'pk1:salt:');
    const salts = deck.map((_, i) => saltStream.digestHex(i));
    const levels = treeLevels(deck.map((card, i) => leafHash(i, card, salts[i])));
    return {
      handValue: hv,
      handCommitment: sha256Hex(hv),
      deck,
      salts,
      levels,
      root: levels[6][0],
      counter: s.counter,
    };
  }

  // ---------------------------------------------------------------------------
  // chess_colour_v1 (spec section 7)
  // ---------------------------------------------------------------------------

  function chessColour(seedA, clientA, seedB, clientB) {
    const commitA = commit(seedA);
    const bot = seedB === null;
    const commitB = bot ? '-' : commit(seedB);
    const prefix = 'cc1:' + commitA + ':' + commitB + ':0=' + clientA + ',1=' + (bot ? '-' : clientB) + ':';
    const a = new DrawStream(seedA, prefix);
    const b = bot ? null : new DrawStream(seedB, prefix);
    // XOR of two 52-bit words, done on 26-bit halves so it never leaves exact integers.
    const src = {
      next() {
        const x = a.next();
        if (!b) return x;
        const y = b.next();
        const hi = (Math.floor(x / 67108864) ^ Math.floor(y / 67108864)) >>> 0;
        const lo = ((x % 67108864) ^ (y % 67108864)) >>> 0;
        return hi * 67108864 + lo;
      },
    };
    return { commitA, commitB, white: intBelow(src, 2) === 0 ? 'A' : 'B' };
  }

  // ---------------------------------------------------------------------------
  // selfpoker_v1: NumPy's default_rng(seed).permutation(n), exactly (spec 8.1)
  // ---------------------------------------------------------------------------

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

  const SEED_LIMIT_TEXT = '9223372036854775807'; // 2^63 - 1

  /**
   * Reads a selfpoker_v1 seed: canonical decimal below 2^63 (NUM-2, SP-1). Returns
   * its SeedSequence entropy words; the digits never pass through a JS number.
   */
  function parseSeed(where, s) {
    if (s === '') fail('invalid_integer', where + ': expected a decimal integer 0 <= seed < 2^63, found an empty string');
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 48 || c > 57) fail('invalid_integer', where + ': expected decimal digits only, found ' + JSON.stringify(s[i]) + ' at position ' + i);
    }
    if (s.length > 1 && s[0] === '0') fail('invalid_integer', where + ': expected canonical decimal with no leading zero, found ' + JSON.stringify(s));
    if (s.length > 19 || (s.length === 19 && s > SEED_LIMIT_TEXT)) {
      fail('out_of_range', where + ': expected 0 <= seed < 2^63 (9223372036854775808), found ' + s);
    }
    const limbs = [0, 0, 0, 0];
    for (let i = 0; i < s.length; i++) {
      let carry = s.charCodeAt(i) - 48;
      for (let l = 0; l < 4; l++) {
        const v = limbs[l] * 10 + carry;
        limbs[l] = v & 0xffff;
        carry = v >>> 16;
      }
    }
    const lo = (limbs[0] | (limbs[1] << 16)) >>> 0, hi = (limbs[2] | (limbs[3] << 16)) >>> 0;
    return hi === 0 ? [lo] : [lo, hi];
  }

  function seedText(seed, where) {
    if (typeof seed === 'bigint') return seed >= 0n ? seed.toString() : '-' + (-seed).toString();
    if (typeof seed !== 'string') {
      fail('wrong_type', where + ': expected the seed as a decimal string (a JSON number above 2^53 loses digits), found ' + typeName(seed));
    }
    return seed;
  }

  /** numpy.random.default_rng(seed).permutation(n) for a seed given as decimal text (or a BigInt). */
  function numpyPermutation(seed, n) {
    const words = parseSeed('seed', seedText(seed, 'seed'));
    if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) fail('out_of_range', 'n: expected an integer from 0 to 4294967295, found ' + String(n));
    return permutationOfWords(words, n);
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

  // ---------------------------------------------------------------------------
  // Strict JSON (RUN-1..5, NUM-1): exact number text, no duplicate keys, limits
  // ---------------------------------------------------------------------------

  /** A JSON number kept as the exact text it was written with. */
  class JsonNumber {
    constructor(text) {
      this.text = text;
    }

    toString() {
      return this.text;
    }

    toJSON() {
      return Number(this.text);
    }
  }

  const MAX_LINE_BYTES = 1048576;
  const MAX_DEPTH = 32;

  class JsonSyntaxError extends Error {}
  class JsonLimitError extends Error {}

  const ESCAPES = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

  function describeAt(text, i) {
    if (i >= text.length) return 'the end of the input';
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) return JSON.stringify(text[i]) + ' at offset ' + i;
    return 'U+' + c.toString(16).toUpperCase().padStart(4, '0') + ' at offset ' + i;
  }

  /**
   * Parses one JSON value strictly. Objects come back with a null prototype,
   * numbers as JsonNumber. Throws JsonSyntaxError (also for a repeated key) or
   * JsonLimitError (nesting deeper than maxDepth), whichever a reader meets first.
   */
  function parseStrict(text, maxDepth) {
    const n = text.length;
    let i = 0;
    const ws = () => {
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
        else break;
      }
    };
    const syntax = (what) => {
      throw new JsonSyntaxError('expected ' + what + ', found ' + describeAt(text, i));
    };
    const hex4 = (p) => {
      if (p + 4 > n) return -1;
      let v = 0;
      for (let q = p; q < p + 4; q++) {
        const c = text.charCodeAt(q);
        let d;
        if (c >= 48 && c <= 57) d = c - 48;
        else if (c >= 97 && c <= 102) d = c - 87;
        else if (c >= 65 && c <= 70) d = c - 55;
        else return -1;
        v = v * 16 + d;
      }
      return v;
    };
    const str = () => {
      // text[i] is the opening quote
      i++;
      let out = '';
      let from = i;
      for (;;) {
        if (i >= n) syntax('a closing quote');
        const c = text.charCodeAt(i);
        if (c === 0x22) { out += text.slice(from, i); i++; return out; }
        if (c < 0x20) syntax('a character allowed in a string (control characters must be escaped)');
        if (c >= 0xd800 && c <= 0xdfff) {
          // A JS string can carry a lone surrogate; Go's reader would have seen invalid UTF-8 there.
          const pair = c <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
          if (pair) { i += 2; continue; }
          out += text.slice(from, i) + '\ufffd';
          i++; from = i;
          continue;
        }
        if (c !== 0x5c) { i++; continue; }
        out += text.slice(from, i);
        i++;
        if (i >= n) syntax('an escape character');
        const e = text[i];
        if (e === 'u') {
          let cp = hex4(i + 1);
          if (cp < 0) { i++; syntax('four hex digits after \\u'); }
          i += 5;
          if (cp >= 0xd800 && cp <= 0xdfff) {
            // Go keeps a surrogate only as the high half of a valid \u pair; anything else is U+FFFD.
            let ok = false;
            if (cp <= 0xdbff && text[i] === '\\' && text[i + 1] === 'u') {
              const lo = hex4(i + 2);
              if (lo >= 0xdc00 && lo <= 0xdfff) {
                out += String.fromCharCode(cp, lo);
                i += 6;
                ok = true;
              }
            }
            if (!ok) out += '\ufffd';
          } else {
            out += String.fromCharCode(cp);
          }
        } else if (Object.prototype.hasOwnProperty.call(ESCAPES, e)) {
          out += ESCAPES[e];
          i++;
        } else {
          syntax('a valid escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
        }
        from = i;
      }
    };
    const num = () => {
      const start = i;
      if (text[i] === '-') i++;
      if (text[i] === '0') i++;
      else if (text[i] >= '1' && text[i] <= '9') { while (text[i] >= '0' && text[i] <= '9') i++; }
      else syntax('a digit');
      if (text[i] === '.') {
        i++;
        if (!(text[i] >= '0' && text[i] <= '9')) syntax('a digit after the decimal point');
        while (text[i] >= '0' && text[i] <= '9') i++;
      }
      if (text[i] === 'e' || text[i] === 'E') {
        i++;
        if (text[i] === '+' || text[i] === '-') i++;
        if (!(text[i] >= '0' && text[i] <= '9')) syntax('a digit in the exponent');
        while (text[i] >= '0' && text[i] <= '9') i++;
      }
      return new JsonNumber(text.slice(start, i));
    };
    const literal = (word, value) => {
      if (text.startsWith(word, i)) { i += word.length; return value; }
      return syntax('a JSON value');
    };
    const value = (depth) => {
      ws();
      if (i >= n) syntax('a JSON value');
      const c = text[i];
      if (c === '{' || c === '[') {
        if (depth + 1 > maxDepth) throw new JsonLimitError('nesting deeper than ' + maxDepth + ' levels');
        i++;
        if (c === '[') {
          const arr = [];
          ws();
          if (text[i] === ']') { i++; return arr; }
          for (;;) {
            arr.push(value(depth + 1));
            ws();
            if (text[i] === ',') { i++; continue; }
            if (text[i] === ']') { i++; return arr; }
            syntax('"," or "]" after an array element');
          }
        }
        const obj = Object.create(null);
        ws();
        if (text[i] === '}') { i++; return obj; }
        for (;;) {
          ws();
          if (text[i] !== '"') syntax('a string key');
          const key = str();
          if (Object.prototype.hasOwnProperty.call(obj, key)) {
            throw new JsonSyntaxError('duplicate key ' + JSON.stringify(key) + ': readers disagree on which value wins');
          }
          ws();
          if (text[i] !== ':') syntax('":" after an object key');
          i++;
          obj[key] = value(depth + 1);
          ws();
          if (text[i] === ',') { i++; continue; }
          if (text[i] === '}') { i++; return obj; }
          syntax('"," or "}" after an object member');
        }
      }
      if (c === '"') return str();
      if (c === '-' || (c >= '0' && c <= '9')) return num();
      if (c === 't') return literal('true', true);
      if (c === 'f') return literal('false', false);
      if (c === 'n') return literal('null', null);
      return syntax('a JSON value');
    };
    const v = value(0);
    ws();
    if (i < n) syntax('the end of the input after the JSON value');
    return v;
  }

  /**
   * The public strict reader: parseJSON(text or bytes, {maxDepth, maxBytes}).
   * Throws PfkitError malformed_request or input_too_large.
   */
  function parseJSON(data, options) {
    const maxDepth = (options && options.maxDepth) || MAX_DEPTH;
    const maxBytes = options && options.maxBytes !== undefined ? options.maxBytes : Infinity;
    let text;
    if (typeof data === 'string') {
      if (maxBytes !== Infinity && utf8Length(data) > maxBytes) fail('input_too_large', 'expected at most ' + maxBytes + ' bytes, found ' + utf8Length(data));
      text = data;
    } else {
      const b = toBytes(data);
      if (b.length > maxBytes) fail('input_too_large', 'expected at most ' + maxBytes + ' bytes, found ' + b.length);
      text = utf8DecodeLikeGo(b);
    }
    try {
      return parseStrict(text, maxDepth);
    } catch (e) {
      if (e instanceof JsonLimitError) fail('input_too_large', e.message);
      if (e instanceof JsonSyntaxError) fail('malformed_request', e.message);
      throw e;
    }
  }

  function isObject(v) {
    return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof JsonNumber);
  }

  function hasField(obj, name) {
    return Object.prototype.hasOwnProperty.call(obj, name);
  }

  function typeName(v) {
    if (v === null) return 'null';
    if (v === undefined) return 'nothing';
    if (typeof v === 'boolean') return 'a boolean';
    if (typeof v === 'string') return 'a string';
    if (typeof v === 'number' || typeof v === 'bigint' || v instanceof JsonNumber) return 'a number';
    if (Array.isArray(v)) return 'an array';
    if (typeof v === 'object') return 'an object';
    return 'a ' + typeof v;
  }

  /**
   * Turns a value built in JavaScript into the reader's form (null-prototype
   * objects, JsonNumber), as if it had been written as JSON and read back.
   * Members whose value is undefined are left out, as JSON.stringify does.
   */
  function normalize(v, depth) {
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
    if (v instanceof JsonNumber) return v;
    if (typeof v === 'number') {
      if (Number.isInteger(v) && Math.abs(v) >= 1e21) return new JsonNumber(BigInt(v).toString());
      return new JsonNumber(Object.is(v, -0) ? '0' : String(v));
    }
    if (typeof v === 'bigint') return new JsonNumber(v.toString());
    if (typeof v === 'object') {
      if (depth + 1 > MAX_DEPTH) fail('input_too_large', 'request: nesting deeper than ' + MAX_DEPTH + ' levels');
      if (Array.isArray(v)) {
        const out = new Array(v.length);
        for (let i = 0; i < v.length; i++) {
          if (v[i] === undefined || typeof v[i] === 'function' || typeof v[i] === 'symbol') {
            fail('malformed_request', 'request: expected JSON values only, found ' + typeof v[i] + ' at an array index');
          }
          out[i] = normalize(v[i], depth + 1);
        }
        return out;
      }
      const out = Object.create(null);
      for (const key of Object.keys(v)) {
        const x = v[key];
        if (x === undefined) continue;
        if (typeof x === 'function' || typeof x === 'symbol') {
          fail('malformed_request', 'request: expected JSON values only, found ' + typeof x + ' in member ' + JSON.stringify(key));
        }
        out[key] = normalize(x, depth + 1);
      }
      return out;
    }
    return fail('malformed_request', 'request: expected JSON values only, found ' + typeof v);
  }

  // ---------------------------------------------------------------------------
  // Field checks (RUN-6, RUN-7): each op reads its fields in the spec's order and
  // the first problem met is the one reported.
  // ---------------------------------------------------------------------------

  const MAX_SAFE = '9007199254740991';
  const ID_CHARS = 'A-Z a-z 0-9 - _ .';

  function describeChar(s, i) {
    const c = s.codePointAt(i);
    if (c >= 0x20 && c < 0x7f) return JSON.stringify(String.fromCodePoint(c));
    return 'U+' + c.toString(16).toUpperCase().padStart(4, '0');
  }

  function checkKnown(obj, where, known) {
    const unknown = Object.keys(obj).filter((k) => known.indexOf(k) < 0).sort(compareCodePoints);
    if (unknown.length > 0) {
      fail('unknown_field', where + ': unexpected field ' + JSON.stringify(unknown[0]) + '; expected only ' + known.join(', '));
    }
  }

  function get(obj, where, name) {
    if (!hasField(obj, name)) fail('missing_field', where + '.' + name + ': required field is missing');
    return obj[name];
  }

  function checkString(v, where) {
    if (typeof v !== 'string') fail('wrong_type', where + ': expected a string, found ' + typeName(v));
    return v;
  }

  function checkHex(v, where) {
    checkString(v, where);
    if (utf8Length(v) !== 64) {
      fail('invalid_hex', where + ': expected 64 lowercase hex characters, found ' + Array.from(v).length + ' characters');
    }
    for (let i = 0; i < v.length; i++) {
      const c = v.charCodeAt(i);
      if ((c >= 48 && c <= 57) || (c >= 97 && c <= 102)) continue;
      if (c >= 65 && c <= 70) fail('invalid_hex', where + ': expected lowercase hex, found uppercase ' + JSON.stringify(v[i]) + ' at position ' + i);
      fail('invalid_hex', where + ': expected lowercase hex, found ' + describeChar(v, i) + ' at position ' + i);
    }
    return v;
  }

  function isIdChar(c) {
    return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 95 || c === 46;
  }

  function checkId(v, where) {
    checkString(v, where);
    if (v.length === 0) fail('invalid_identifier', where + ': expected 1-64 characters from ' + ID_CHARS + ', found an empty string');
    for (let i = 0; i < v.length; i++) {
      if (!isIdChar(v.charCodeAt(i))) {
        fail('invalid_identifier', where + ': expected only characters from ' + ID_CHARS + ', found ' + describeChar(v, i) + ' at position ' + i);
      }
    }
    if (v.length > 64) fail('invalid_identifier', where + ': expected at most 64 characters, found ' + v.length);
    return v;
  }

  /** An integer in [min, max] written with no fraction or exponent and within 2^53 - 1 (NUM-1). */
  function checkInt(v, where, min, max) {
    if (!(v instanceof JsonNumber)) fail('wrong_type', where + ': expected an integer, found ' + typeName(v));
    const t = v.text;
    const digits = t[0] === '-' ? t.slice(1) : t;
    if (digits.length === 0 || !/^[0-9]+$/.test(digits)) {
      fail('invalid_integer', where + ': expected an integer with no fraction or exponent, found ' + t);
    }
    const mag = digits.replace(/^0+(?=.)/, '');
    if (mag.length > MAX_SAFE.length || (mag.length === MAX_SAFE.length && mag > MAX_SAFE)) {
      fail('invalid_integer', where + ': ' + t + ' is beyond 2^53-1, where JSON readers lose precision; send it as a decimal string');
    }
    const x = Number(t);
    if (x < min || x > max) fail('out_of_range', where + ': expected an integer from ' + min + ' to ' + max + ', found ' + (x === 0 ? 0 : x));
    return x === 0 ? 0 : x;
  }

  function checkArray(v, where, min, max) {
    if (!Array.isArray(v)) fail('wrong_type', where + ': expected an array, found ' + typeName(v));
    if (v.length < min || v.length > max) {
      fail('bad_length', where + ': expected ' + (min === max ? min + ' elements' : 'from ' + min + ' to ' + max + ' elements') + ', found ' + v.length);
    }
    return v;
  }

  function checkObject(v, where, known) {
    if (!isObject(v)) fail('wrong_type', where + ': expected an object, found ' + typeName(v));
    checkKnown(v, where, known);
    return v;
  }

  const f = {
    seed: (o, name) => checkHex(get(o, 'input', name), 'input.' + name),
    hash: (o, name) => checkHex(get(o, 'input', name), 'input.' + name),
    id: (o, name) => checkId(get(o, 'input', name), 'input.' + name),
    int: (o, name, min, max, where) => checkInt(get(o, where || 'input', name), (where || 'input') + '.' + name, min, max),
    ids: (o, name, min, max) => {
      const a = checkArray(get(o, 'input', name), 'input.' + name, min, max);
      return a.map((v, i) => checkId(v, 'input.' + name + '[' + i + ']'));
    },
  };

  // Bounds (decision D-15).
  const MAX_CLIENT_SEEDS = 16, MAX_PROGRAM = 256, MAX_TRACE_PROGRAM = 16, MAX_TRACE_SHUFFLE = 64;
  const MAX_SHUFFLE = 4096, MAX_WORDS = 4096, MAX_DEALS = 1000, MAX_BACKGAMMON = 100, MAX_TURNS = 1000;
  const MAX_MAHJONG_HANDS = 100, MAX_PERMUTATION = 1000;

  function readProgram(o, maxSteps, maxShuffle) {
    const a = checkArray(get(o, 'input', 'program'), 'input.program', 1, maxSteps);
    return a.map((v, i) => {
      const where = 'input.program[' + i + ']';
      if (!isObject(v)) fail('wrong_type', where + ': expected an object, found ' + typeName(v));
      if (!hasField(v, 'op')) fail('missing_field', where + '.op: required field is missing');
      const op = v.op;
      if (typeof op !== 'string') fail('wrong_type', where + '.op: expected a string, found ' + typeName(op));
      if (op === 'word') {
        checkKnown(v, where, ['op']);
        return { op, n: 0 };
      }
      if (op === 'int' || op === 'shuffle') {
        checkKnown(v, where, ['op', 'n']);
        return { op, n: f.int(v, 'n', 1, op === 'int' ? SPAN : maxShuffle, where) };
      }
      return fail('unknown_op', where + '.op: expected word, int or shuffle, found ' + JSON.stringify(op));
    });
  }

  function readMatch(o) {
    return {
      serverSeed: f.seed(o, 'serverSeed'),
      game: f.id(o, 'game'),
      matchId: f.id(o, 'matchId'),
      clientSeeds: f.ids(o, 'clientSeeds', 1, MAX_CLIENT_SEEDS),
    };
  }

  /** Runs a draws program; onDraw hears every judged word (traces). */
  function runProgram(source, program, onWord, onDraw) {
    return program.map((st) => {
      if (st.op === 'word') {
        const w = source.next();
        if (onWord) onWord();
        return w;
      }
      if (st.op === 'int') return intBelow(source, st.n, onDraw);
      return shuffle(source, range(st.n), onDraw);
    });
  }

  // ---------------------------------------------------------------------------
  // Ops (spec section 10.1)
  // ---------------------------------------------------------------------------

  function opCommit(o) {
    checkKnown(o, 'input', ['serverSeed']);
    return { commitment: commit(f.seed(o, 'serverSeed')) };
  }

  const MATCH_FIELDS = ['serverSeed', 'game', 'matchId', 'clientSeeds', 'program'];

  function opDraws(o) {
    checkKnown(o, 'input', MATCH_FIELDS);
    const m = readMatch(o);
    const program = readProgram(o, MAX_PROGRAM, MAX_SHUFFLE);
    const s = matchStream(m.serverSeed, m.game, m.matchId, m.clientSeeds);
    const results = runProgram(s, program);
    return { results, counter: s.counter };
  }

  function opTrace(o) {
    checkKnown(o, 'input', MATCH_FIELDS);
    const m = readMatch(o);
    const program = readProgram(o, MAX_TRACE_PROGRAM, MAX_TRACE_SHUFFLE);
    const s = matchStream(m.serverSeed, m.game, m.matchId, m.clientSeeds);
    const draws = [];
    const tracer = {
      next() {
        const k = s.counter;
        const d = s.digestOf(k);
        const w = wordOfDigest(d);
        s.k++;
        draws.push({ k, message: s.message(k), digest: hexOfWords(d, 8), word: w, n: null, limit: null, accepted: true });
        return w;
      },
    };
    const judge = (n, limit, w, ok) => {
      const d = draws[draws.length - 1];
      d.n = n;
      d.limit = limit;
      d.accepted = ok;
    };
    const results = runProgram(tracer, program, null, judge);
    return { results, counter: s.counter, draws };
  }

  function opInject(o) {
    checkKnown(o, 'input', ['words', 'program']);
    const a = checkArray(get(o, 'input', 'words'), 'input.words', 0, MAX_WORDS);
    const words = a.map((v, i) => checkInt(v, 'input.words[' + i + ']', 0, SPAN - 1));
    const program = readProgram(o, MAX_PROGRAM, MAX_SHUFFLE);
    const src = new WordList(words);
    const results = runProgram(src, program);
    return { results, used: src.used };
  }

  function opMatch(o) {
    checkKnown(o, 'input', ['serverSeed', 'game', 'matchId', 'clientSeeds', 'play']);
    const m = readMatch(o);
    const play = get(o, 'input', 'play');
    const g = GAMES.find((x) => x.name === m.game);
    if (!g) fail('unknown_game', 'input.game: expected one of ' + GAMES.map((x) => x.name).join(', ') + ', found ' + JSON.stringify(m.game));
    if (m.clientSeeds.length !== g.players) {
      fail('bad_length', 'input.clientSeeds: ' + g.name + ' is played by ' + g.players + ' players, expected ' + g.players + ' client seeds, found ' + m.clientSeeds.length);
    }
    const s = matchStream(m.serverSeed, m.game, m.matchId, m.clientSeeds);
    const where = 'input.play';
    const out = {};
    if (g.kind === 'seats') {
      checkObject(play, where, []);
      out.seats = shuffle(s, range(g.players));
    } else if (g.kind === 'backgammon') {
      checkObject(play, where, ['games']);
      const a = checkArray(get(play, where, 'games'), where + '.games', 1, MAX_BACKGAMMON);
      const turns = a.map((v, i) => checkInt(v, where + '.games[' + i + ']', 0, MAX_TURNS));
      out.seats = shuffle(s, range(g.players));
      out.games = turns.map((t) => backgammonGame(s, t));
    } else if (g.kind === 'deals') {
      checkObject(play, where, ['deals']);
      const n = f.int(play, 'deals', 1, MAX_DEALS, where);
      out.seats = shuffle(s, range(g.players));
      out.deals = [];
      for (let i = 0; i < n; i++) out.deals.push(deal52(s).map((h) => h.map(cardName.table52)));
    } else if (g.kind === 'baloot') {
      checkObject(play, where, ['hands']);
      const a = checkArray(get(play, where, 'hands'), where + '.hands', 1, MAX_DEALS);
      const buyers = a.map((v, i) => {
        const w = where + '.hands[' + i + ']';
        checkObject(v, w, ['buyer']);
        const b = get(v, w, 'buyer');
        return b === null ? null : checkInt(b, w + '.buyer', 0, g.players - 1);
      });
      out.seats = shuffle(s, range(g.players));
      out.hands = buyers.map((b) => {
        const h = balootHand(s, b);
        const ho = { first: h.first.map((x) => x.map(cardName.baloot32)), upcard: cardName.baloot32(h.upcard), buyer: h.buyer };
        if (b !== null) {
          ho.rest = h.rest.map(cardName.baloot32);
          ho.final = h.final.map((x) => x.map(cardName.baloot32));
        }
        return ho;
      });
    } else {
      checkObject(play, where, ['hands']);
      const a = checkArray(get(play, where, 'hands'), where + '.hands', 1, MAX_MAHJONG_HANDS);
      const counts = a.map((v, i) => checkInt(v, where + '.hands[' + i + ']', 53, 136));
      out.seats = shuffle(s, range(g.players));
      out.hands = counts.map((c) => {
        const h = mahjongHand(s, c);
        return { deal: h.deal.map((x) => x.map(cardName.tile)), draws: h.draws.map(cardName.tile) };
      });
    }
    out.counter = s.counter;
    return out;
  }

  const HAND_FIELDS = ['serverSeed', 'table', 'session', 'hand', 'seats'];

  function readHand(o) {
    const h = {
      serverSeed: f.seed(o, 'serverSeed'),
      table: f.id(o, 'table'),
      session: f.id(o, 'session'),
      hand: f.int(o, 'hand', 1, 500),
      seats: [],
    };
    const a = checkArray(get(o, 'input', 'seats'), 'input.seats', 2, 10);
    const taken = new Map();
    a.forEach((v, i) => {
      const where = 'input.seats[' + i + ']';
      checkObject(v, where, ['seat', 'clientSeed']);
      const seat = f.int(v, 'seat', 0, 9, where);
      const clientSeed = checkId(get(v, where, 'clientSeed'), where + '.clientSeed');
      if (taken.has(seat)) fail('duplicate_seat', where + '.seat: seat ' + seat + ' is already taken by input.seats[' + taken.get(seat) + ']');
      taken.set(seat, i);
      h.seats.push({ seat, clientSeed });
    });
    return h;
  }

  function opHand(o) {
    checkKnown(o, 'input', HAND_FIELDS);
    const h = readHand(o);
    const d = pokerDeal(h.serverSeed, h.table, h.session, h.hand, h.seats);
    return { handValue: d.handValue, handCommitment: d.handCommitment, deck: d.deck, salts: d.salts, root: d.root, counter: d.counter };
  }

  function opProof(o) {
    checkKnown(o, 'input', HAND_FIELDS.concat(['position']));
    const h = readHand(o);
    const position = f.int(o, 'position', 0, 51);
    const d = pokerDeal(h.serverSeed, h.table, h.session, h.hand, h.seats);
    const path = [];
    for (let l = 0; l < 6; l++) path.push(d.levels[l][(position >> l) ^ 1]);
    return { position, card: d.deck[position], salt: d.salts[position], leaf: d.levels[0][position], path, root: d.root };
  }

  function opVerifyProof(o) {
    checkKnown(o, 'input', ['root', 'position', 'card', 'salt', 'path']);
    const root = f.hash(o, 'root');
    const position = f.int(o, 'position', 0, 51);
    const card = f.int(o, 'card', 0, 51);
    const salt = f.hash(o, 'salt');
    const a = checkArray(get(o, 'input', 'path'), 'input.path', 6, 6);
    const path = a.map((v, i) => checkHex(v, 'input.path[' + i + ']'));
    return { valid: rootFrom(leafHash(position, card, salt), position, path) === root };
  }

  function opColour(o) {
    checkKnown(o, 'input', ['seedA', 'clientA', 'seedB', 'clientB']);
    const seedA = f.seed(o, 'seedA');
    const clientA = f.id(o, 'clientA');
    const botSeed = get(o, 'input', 'seedB') === null;
    const seedB = botSeed ? null : f.seed(o, 'seedB');
    const botClient = get(o, 'input', 'clientB') === null;
    const clientB = botClient ? null : f.id(o, 'clientB');
    if (botSeed !== botClient) {
      fail('wrong_type', 'input: seedB and clientB are both null (a bot) or both set (a player); found seedB ' +
        (botSeed ? 'null' : 'set') + ' and clientB ' + (botClient ? 'null' : 'set'));
    }
    const r = chessColour(seedA, clientA, seedB, clientB);
    if (r.commitA === r.commitB) {
      fail('equal_commitments', 'input.seedB: both players committed to the same seed (commitment ' + r.commitA +
        '), so the XOR of their words is zero and A would always play White');
    }
    return r;
  }

  function readSeed(o) {
    const v = get(o, 'input', 'seed');
    if (typeof v !== 'string') {
      fail('wrong_type', 'input.seed: expected the seed as a decimal string (a JSON number above 2^53 loses digits), found ' + typeName(v));
    }
    return { text: v, words: parseSeed('input.seed', v) };
  }

  function opDeal(o) {
    checkKnown(o, 'input', ['seed', 'players']);
    const seed = readSeed(o);
    const players = f.int(o, 'players', 2, 23);
    const deck = permutationOfWords(seed.words, 52);
    const hands = [];
    for (let i = 0; i < players; i++) hands.push([cardName.selfpoker(deck[2 * i]), cardName.selfpoker(deck[2 * i + 1])]);
    return {
      commit: sha256Hex('selfpoker:' + seed.text),
      deck,
      hands,
      board: deck.slice(2 * players, 2 * players + 5).map(cardName.selfpoker),
    };
  }

  function opPermutation(o) {
    checkKnown(o, 'input', ['seed', 'n']);
    const seed = readSeed(o);
    const n = f.int(o, 'n', 1, MAX_PERMUTATION);
    return { permutation: permutationOfWords(seed.words, n) };
  }

  const SCHEMES = {
    match_seed_v2: { commit: opCommit, draws: opDraws, trace: opTrace, inject: opInject, match: opMatch },
    poker_hmac_v1: { hand: opHand, proof: opProof, verifyProof: opVerifyProof },
    chess_colour_v1: { colour: opColour },
    selfpoker_v1: { deal: opDeal, permutation: opPermutation },
  };

  const UNSPECIFIED = {
    match_seed_v1: 'match_seed_v1 is the legacy table-games scheme; the published pages name it but never define it, so no tool can check a record that uses it',
  };

  const SCHEME_IDS = Object.keys(SCHEMES).concat(Object.keys(UNSPECIFIED)).sort();

  function has(table, key) {
    return Object.prototype.hasOwnProperty.call(table, key);
  }

  /** Runs one op on an already-read input object (reader form). Throws PfkitError. */
  function dispatch(scheme, op, input) {
    if (has(UNSPECIFIED, scheme)) fail('scheme_unspecified', UNSPECIFIED[scheme]);
    if (!has(SCHEMES, scheme)) fail('unknown_scheme', 'scheme: expected one of ' + SCHEME_IDS.join(', ') + ', found ' + JSON.stringify(scheme));
    const ops = SCHEMES[scheme];
    if (!has(ops, op)) fail('unknown_op', 'op: ' + scheme + ' defines ' + Object.keys(ops).sort().join(', ') + ', found ' + JSON.stringify(op));
    return ops[op](input);
  }

  /**
   * call(scheme, op, input): runs one op on a plain JavaScript input object and
   * returns its output. Throws PfkitError with the spec's code for bad input.
   */
  function call(scheme, op, input) {
    if (typeof scheme !== 'string') fail('malformed_request', 'request.scheme: expected a string, found ' + typeName(scheme));
    if (typeof op !== 'string') fail('malformed_request', 'request.op: expected a string, found ' + typeName(op));
    const o = normalize(input, 1);
    if (!isObject(o)) fail('malformed_request', 'request.input: expected an object, found ' + typeName(o));
    return dispatch(scheme, op, o);
  }

  function errorResponse(id, e) {
    if (e instanceof PfkitError) return { id, error: { code: e.code, message: e.message } };
    // A failure that is not a refusal is a bug in this file, never a verdict on the
    // input; it is still answered, never thrown.
    return { id, error: { code: 'internal_error', message: 'verifier.js failed: ' + (e && e.message ? e.message : String(e)) } };
  }

  /** Answers a request already in reader form (RUN-2, RUN-3, RUN-6). */
  function answer(req) {
    if (!isObject(req)) {
      return { id: null, error: { code: 'malformed_request', message: 'request: expected a JSON object, found ' + typeName(req) } };
    }
    const id = typeof req.id === 'string' && hasField(req, 'id') ? req.id : null;
    const extra = Object.keys(req).filter((k) => k !== 'id' && k !== 'scheme' && k !== 'op' && k !== 'input').sort(compareCodePoints);
    if (extra.length > 0) {
      return { id, error: { code: 'malformed_request', message: 'request: unexpected member ' + JSON.stringify(extra[0]) + '; expected only id, scheme, op, input' } };
    }
    const member = (name) => (hasField(req, name) ? typeName(req[name]) : 'nothing (the member is missing)');
    if (id === null) return { id: null, error: { code: 'malformed_request', message: 'request.id: expected a string, found ' + member('id') } };
    if (typeof req.scheme !== 'string') return { id, error: { code: 'malformed_request', message: 'request.scheme: expected a string, found ' + member('scheme') } };
    if (typeof req.op !== 'string') return { id, error: { code: 'malformed_request', message: 'request.op: expected a string, found ' + member('op') } };
    if (!isObject(req.input)) return { id, error: { code: 'malformed_request', message: 'request.input: expected an object, found ' + member('input') } };
    try {
      return { id, output: dispatch(req.scheme, req.op, req.input) };
    } catch (e) {
      return errorResponse(id, e);
    }
  }

  /**
   * evaluate(request): answers one runner request. request is a line (string,
   * or bytes such as a Node Buffer or a Uint8Array) or a request object built in
   * JavaScript. Returns {id, output} or {id, error: {code, message}}; never throws.
   */
  function evaluate(request) {
    try {
      let req;
      if (typeof request === 'string') {
        const line = trimSpace(request);
        const size = utf8Length(line);
        if (size > MAX_LINE_BYTES) return { id: null, error: { code: 'input_too_large', message: 'request: ' + size + ' bytes, the limit is ' + MAX_LINE_BYTES } };
        req = parseRequestText(line);
      } else if (request instanceof Uint8Array || (typeof ArrayBuffer !== 'undefined' && (ArrayBuffer.isView(request) || request instanceof ArrayBuffer))) {
        const line = trimSpaceBytes(toBytes(request));
        if (line.length > MAX_LINE_BYTES) return { id: null, error: { code: 'input_too_large', message: 'request: ' + line.length + ' bytes, the limit is ' + MAX_LINE_BYTES } };
        req = parseRequestText(utf8DecodeLikeGo(line));
      } else {
        req = normalize(request, 0);
      }
      return answer(req);
    } catch (e) {
      return errorResponse(null, e);
    }
  }

  function parseRequestText(text) {
    try {
      return parseStrict(text, MAX_DEPTH);
    } catch (e) {
      if (e instanceof JsonLimitError) fail('input_too_large', 'request: ' + e.message);
      if (e instanceof JsonSyntaxError) fail('malformed_request', 'request: expected one JSON object per line: ' + e.message);
      throw e;
    }
  }

  /** evaluateLine(line): evaluate(line) serialized as one response line (no newline). */
  function evaluateLine(line) {
    return JSON.stringify(evaluate(line));
  }

  // ---------------------------------------------------------------------------
  // Canonical JSON (VEC-3): keys sorted by byte value, no whitespace
  // ---------------------------------------------------------------------------

  function compareCodePoints(a, b) {
    // UTF-8 byte order equals code point order; UTF-16 order differs only around surrogates.
    const x = Array.from(a), y = Array.from(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const c = x[i].codePointAt(0), d = y[i].codePointAt(0);
      if (c !== d) return c < d ? -1 : 1;
    }
    return x.length - y.length;
  }

  function canonString(s) {
    let out = '"';
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x22) out += '\\"';
      else if (c === 0x5c) out += '\\\\';
      else if (c < 0x20) out += '\\u' + c.toString(16).padStart(4, '0');
      else out += s[i];
    }
    return out + '"';
  }

  function canonicalJSON(v) {
    if (v === null) return 'null';
    if (v === true) return 'true';
    if (v === false) return 'false';
    if (typeof v === 'string') return canonString(v);
    if (v instanceof JsonNumber) return v.text;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new TypeError('canonicalJSON: not a finite number');
      return Number.isInteger(v) && Math.abs(v) < 1e21 ? BigInt(v).toString() : String(v);
    }
    if (typeof v === 'bigint') return v.toString();
    if (Array.isArray(v)) return '[' + v.map(canonicalJSON).join(',') + ']';
    if (typeof v === 'object') {
      const keys = Object.keys(v).filter((k) => v[k] !== undefined).sort(compareCodePoints);
      return '{' + keys.map((k) => canonString(k) + ':' + canonicalJSON(v[k])).join(',') + '}';
    }
    throw new TypeError('canonicalJSON: unsupported ' + typeof v);
  }

  // ---------------------------------------------------------------------------
  // Public API
  // ---------------------------------------------------------------------------

  const opsOf = (scheme, names) => {
    const out = {};
    for (const name of names) out[name] = (input) => call(scheme, name, input);
    return Object.freeze(out);
  };

  return Object.freeze({
    VERSION,
    ERROR_CODES,
    PfkitError,
    JsonNumber,
    // The runner contract
    evaluate,
    evaluateLine,
    call,
    schemes: Object.freeze(SCHEME_IDS.slice()),
    // Per-op functions for pages and scripts: input objects in, outputs out, PfkitError on bad input.
    matchSeedV2: opsOf('match_seed_v2', ['commit', 'draws', 'trace', 'inject', 'match']),
    pokerHmacV1: opsOf('poker_hmac_v1', ['hand', 'proof', 'verifyProof']),
    chessColourV1: opsOf('chess_colour_v1', ['colour']),
    selfpokerV1: opsOf('selfpoker_v1', ['deal', 'permutation']),
    matchSeedV1: opsOf('match_seed_v1', ['commit', 'draws', 'trace', 'inject', 'match']),
    // Strict JSON and canonical JSON
    parseJSON,
    canonicalJSON,
    // Building blocks (no input checks beyond their own arguments)
    sha256,
    sha256Hex,
    hmacSha256,
    hmacSha256Hex,
    commit,
    word,
    DrawStream,
    PlainDrawStream,
    WordList,
    intBelow,
    shuffle,
    limit: limitOf,
    matchPrefix,
    matchStream,
    numpyPermutation,
    // NumPy's pieces (spec 8.1): seed words, SeedSequence, PCG64 (next64 leaves its
    // output in outHi:outLo; next32 and interval return numbers).
    numpy: Object.freeze({
      seedWords: (seed) => parseSeed('seed', seedText(seed, 'seed')),
      seedPool,
      generateState,
      PCG64,
      permutation: numpyPermutation,
    }),
    cardName,
    games: Object.freeze(GAMES.map((g) => Object.freeze({ name: g.name, players: g.players }))),
    poker: Object.freeze({ handValue, deckPrefix, leafHash, nodeHash, rootFrom, padLeaf: PAD_LEAF }),
    // Runner helpers used by adapter.js
    trimSpaceBytes,
    MAX_LINE_BYTES,
  });
});
