/*!
 * pfkit verifier.js: the provably-fair table-game verifier for browsers and Node.
 *
 * One self-contained file with no dependencies and no network access. It
 * implements every scheme of spec/pfkit.md (match_seed_v2, poker_hmac_v1,
 * chess_colour_v1, selfpoker_v1; match_seed_v1 answers scheme_unspecified),
 * the runner contract of section 10 and the record verification of section 15,
 * so that it answers every request and judges every record exactly as the Go
 * reference does.
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

  const VERSION = '2.0.0';

  // ---------------------------------------------------------------------------
  // Errors (spec section 11)
  // ---------------------------------------------------------------------------

  const ERROR_CODES = Object.freeze([
    'malformed_request', 'input_too_large', 'unknown_scheme', 'scheme_unspecified',
    'unknown_op', 'missing_field', 'unknown_field', 'wrong_type', 'invalid_hex',
    'invalid_identifier', 'invalid_integer', 'out_of_range', 'bad_length',
    'duplicate_seat', 'unknown_game', 'equal_commitments', 'words_exhausted', 'unknown_reading',
    'invalid_record', 'file_unreadable', 'not_implemented', 'internal_error',
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
   * registers: about twice as fast as the loop form. The round constants K[i]
   * (FIPS 180-4 section 4.2.2) are written in as literals, which V8 folds into
   * the additions: reading them from a table cost about a tenth of the time.
   * Tests check every path against node:crypto.
   */
  function compress(st, W, out) {
    let a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7], t = 0;
    let w0 = W[0], w1 = W[1], w2 = W[2], w3 = W[3], w4 = W[4], w5 = W[5], w6 = W[6], w7 = W[7];
    let w8 = W[8], w9 = W[9], w10 = W[10], w11 = W[11], w12 = W[12], w13 = W[13], w14 = W[14], w15 = W[15];
    // rounds 0-15
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + 0x428a2f98 + w0) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + 0x71374491 + w1) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + 0xb5c0fbcf + w2) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + 0xe9b5dba5 + w3) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + 0x3956c25b + w4) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + 0x59f111f1 + w5) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + 0x923f82a4 + w6) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + 0xab1c5ed5 + w7) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + 0xd807aa98 + w8) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + 0x12835b01 + w9) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + 0x243185be + w10) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + 0x550c7dc3 + w11) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + 0x72be5d74 + w12) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + 0x80deb1fe + w13) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + 0x9bdc06a7 + w14) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + 0xc19bf174 + w15) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    // rounds 16-31
    w0 = (w0 + (((w1 >>> 7) | (w1 << 25)) ^ ((w1 >>> 18) | (w1 << 14)) ^ (w1 >>> 3)) + w9 + (((w14 >>> 17) | (w14 << 15)) ^ ((w14 >>> 19) | (w14 << 13)) ^ (w14 >>> 10))) | 0;
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + 0xe49b69c1 + w0) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    w1 = (w1 + (((w2 >>> 7) | (w2 << 25)) ^ ((w2 >>> 18) | (w2 << 14)) ^ (w2 >>> 3)) + w10 + (((w15 >>> 17) | (w15 << 15)) ^ ((w15 >>> 19) | (w15 << 13)) ^ (w15 >>> 10))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + 0xefbe4786 + w1) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    w2 = (w2 + (((w3 >>> 7) | (w3 << 25)) ^ ((w3 >>> 18) | (w3 << 14)) ^ (w3 >>> 3)) + w11 + (((w0 >>> 17) | (w0 << 15)) ^ ((w0 >>> 19) | (w0 << 13)) ^ (w0 >>> 10))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + 0x0fc19dc6 + w2) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    w3 = (w3 + (((w4 >>> 7) | (w4 << 25)) ^ ((w4 >>> 18) | (w4 << 14)) ^ (w4 >>> 3)) + w12 + (((w1 >>> 17) | (w1 << 15)) ^ ((w1 >>> 19) | (w1 << 13)) ^ (w1 >>> 10))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + 0x240ca1cc + w3) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    w4 = (w4 + (((w5 >>> 7) | (w5 << 25)) ^ ((w5 >>> 18) | (w5 << 14)) ^ (w5 >>> 3)) + w13 + (((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + 0x2de92c6f + w4) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    w5 = (w5 + (((w6 >>> 7) | (w6 << 25)) ^ ((w6 >>> 18) | (w6 << 14)) ^ (w6 >>> 3)) + w14 + (((w3 >>> 17) | (w3 << 15)) ^ ((w3 >>> 19) | (w3 << 13)) ^ (w3 >>> 10))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + 0x4a7484aa + w5) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    w6 = (w6 + (((w7 >>> 7) | (w7 << 25)) ^ ((w7 >>> 18) | (w7 << 14)) ^ (w7 >>> 3)) + w15 + (((w4 >>> 17) | (w4 << 15)) ^ ((w4 >>> 19) | (w4 << 13)) ^ (w4 >>> 10))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + 0x5cb0a9dc + w6) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    w7 = (w7 + (((w8 >>> 7) | (w8 << 25)) ^ ((w8 >>> 18) | (w8 << 14)) ^ (w8 >>> 3)) + w0 + (((w5 >>> 17) | (w5 << 15)) ^ ((w5 >>> 19) | (w5 << 13)) ^ (w5 >>> 10))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + 0x76f988da + w7) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    w8 = (w8 + (((w9 >>> 7) | (w9 << 25)) ^ ((w9 >>> 18) | (w9 << 14)) ^ (w9 >>> 3)) + w1 + (((w6 >>> 17) | (w6 << 15)) ^ ((w6 >>> 19) | (w6 << 13)) ^ (w6 >>> 10))) | 0;
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + 0x983e5152 + w8) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    w9 = (w9 + (((w10 >>> 7) | (w10 << 25)) ^ ((w10 >>> 18) | (w10 << 14)) ^ (w10 >>> 3)) + w2 + (((w7 >>> 17) | (w7 << 15)) ^ ((w7 >>> 19) | (w7 << 13)) ^ (w7 >>> 10))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + 0xa831c66d + w9) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    w10 = (w10 + (((w11 >>> 7) | (w11 << 25)) ^ ((w11 >>> 18) | (w11 << 14)) ^ (w11 >>> 3)) + w3 + (((w8 >>> 17) | (w8 << 15)) ^ ((w8 >>> 19) | (w8 << 13)) ^ (w8 >>> 10))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + 0xb00327c8 + w10) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    w11 = (w11 + (((w12 >>> 7) | (w12 << 25)) ^ ((w12 >>> 18) | (w12 << 14)) ^ (w12 >>> 3)) + w4 + (((w9 >>> 17) | (w9 << 15)) ^ ((w9 >>> 19) | (w9 << 13)) ^ (w9 >>> 10))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + 0xbf597fc7 + w11) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    w12 = (w12 + (((w13 >>> 7) | (w13 << 25)) ^ ((w13 >>> 18) | (w13 << 14)) ^ (w13 >>> 3)) + w5 + (((w10 >>> 17) | (w10 << 15)) ^ ((w10 >>> 19) | (w10 << 13)) ^ (w10 >>> 10))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + 0xc6e00bf3 + w12) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    w13 = (w13 + (((w14 >>> 7) | (w14 << 25)) ^ ((w14 >>> 18) | (w14 << 14)) ^ (w14 >>> 3)) + w6 + (((w11 >>> 17) | (w11 << 15)) ^ ((w11 >>> 19) | (w11 << 13)) ^ (w11 >>> 10))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + 0xd5a79147 + w13) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    w14 = (w14 + (((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3)) + w7 + (((w12 >>> 17) | (w12 << 15)) ^ ((w12 >>> 19) | (w12 << 13)) ^ (w12 >>> 10))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + 0x06ca6351 + w14) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    w15 = (w15 + (((w0 >>> 7) | (w0 << 25)) ^ ((w0 >>> 18) | (w0 << 14)) ^ (w0 >>> 3)) + w8 + (((w13 >>> 17) | (w13 << 15)) ^ ((w13 >>> 19) | (w13 << 13)) ^ (w13 >>> 10))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + 0x14292967 + w15) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    // rounds 32-47
    w0 = (w0 + (((w1 >>> 7) | (w1 << 25)) ^ ((w1 >>> 18) | (w1 << 14)) ^ (w1 >>> 3)) + w9 + (((w14 >>> 17) | (w14 << 15)) ^ ((w14 >>> 19) | (w14 << 13)) ^ (w14 >>> 10))) | 0;
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + 0x27b70a85 + w0) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    w1 = (w1 + (((w2 >>> 7) | (w2 << 25)) ^ ((w2 >>> 18) | (w2 << 14)) ^ (w2 >>> 3)) + w10 + (((w15 >>> 17) | (w15 << 15)) ^ ((w15 >>> 19) | (w15 << 13)) ^ (w15 >>> 10))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + 0x2e1b2138 + w1) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    w2 = (w2 + (((w3 >>> 7) | (w3 << 25)) ^ ((w3 >>> 18) | (w3 << 14)) ^ (w3 >>> 3)) + w11 + (((w0 >>> 17) | (w0 << 15)) ^ ((w0 >>> 19) | (w0 << 13)) ^ (w0 >>> 10))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + 0x4d2c6dfc + w2) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    w3 = (w3 + (((w4 >>> 7) | (w4 << 25)) ^ ((w4 >>> 18) | (w4 << 14)) ^ (w4 >>> 3)) + w12 + (((w1 >>> 17) | (w1 << 15)) ^ ((w1 >>> 19) | (w1 << 13)) ^ (w1 >>> 10))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + 0x53380d13 + w3) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    w4 = (w4 + (((w5 >>> 7) | (w5 << 25)) ^ ((w5 >>> 18) | (w5 << 14)) ^ (w5 >>> 3)) + w13 + (((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + 0x650a7354 + w4) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    w5 = (w5 + (((w6 >>> 7) | (w6 << 25)) ^ ((w6 >>> 18) | (w6 << 14)) ^ (w6 >>> 3)) + w14 + (((w3 >>> 17) | (w3 << 15)) ^ ((w3 >>> 19) | (w3 << 13)) ^ (w3 >>> 10))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + 0x766a0abb + w5) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    w6 = (w6 + (((w7 >>> 7) | (w7 << 25)) ^ ((w7 >>> 18) | (w7 << 14)) ^ (w7 >>> 3)) + w15 + (((w4 >>> 17) | (w4 << 15)) ^ ((w4 >>> 19) | (w4 << 13)) ^ (w4 >>> 10))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + 0x81c2c92e + w6) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    w7 = (w7 + (((w8 >>> 7) | (w8 << 25)) ^ ((w8 >>> 18) | (w8 << 14)) ^ (w8 >>> 3)) + w0 + (((w5 >>> 17) | (w5 << 15)) ^ ((w5 >>> 19) | (w5 << 13)) ^ (w5 >>> 10))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + 0x92722c85 + w7) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    w8 = (w8 + (((w9 >>> 7) | (w9 << 25)) ^ ((w9 >>> 18) | (w9 << 14)) ^ (w9 >>> 3)) + w1 + (((w6 >>> 17) | (w6 << 15)) ^ ((w6 >>> 19) | (w6 << 13)) ^ (w6 >>> 10))) | 0;
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + 0xa2bfe8a1 + w8) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    w9 = (w9 + (((w10 >>> 7) | (w10 << 25)) ^ ((w10 >>> 18) | (w10 << 14)) ^ (w10 >>> 3)) + w2 + (((w7 >>> 17) | (w7 << 15)) ^ ((w7 >>> 19) | (w7 << 13)) ^ (w7 >>> 10))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + 0xa81a664b + w9) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    w10 = (w10 + (((w11 >>> 7) | (w11 << 25)) ^ ((w11 >>> 18) | (w11 << 14)) ^ (w11 >>> 3)) + w3 + (((w8 >>> 17) | (w8 << 15)) ^ ((w8 >>> 19) | (w8 << 13)) ^ (w8 >>> 10))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + 0xc24b8b70 + w10) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    w11 = (w11 + (((w12 >>> 7) | (w12 << 25)) ^ ((w12 >>> 18) | (w12 << 14)) ^ (w12 >>> 3)) + w4 + (((w9 >>> 17) | (w9 << 15)) ^ ((w9 >>> 19) | (w9 << 13)) ^ (w9 >>> 10))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + 0xc76c51a3 + w11) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    w12 = (w12 + (((w13 >>> 7) | (w13 << 25)) ^ ((w13 >>> 18) | (w13 << 14)) ^ (w13 >>> 3)) + w5 + (((w10 >>> 17) | (w10 << 15)) ^ ((w10 >>> 19) | (w10 << 13)) ^ (w10 >>> 10))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + 0xd192e819 + w12) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    w13 = (w13 + (((w14 >>> 7) | (w14 << 25)) ^ ((w14 >>> 18) | (w14 << 14)) ^ (w14 >>> 3)) + w6 + (((w11 >>> 17) | (w11 << 15)) ^ ((w11 >>> 19) | (w11 << 13)) ^ (w11 >>> 10))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + 0xd6990624 + w13) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    w14 = (w14 + (((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3)) + w7 + (((w12 >>> 17) | (w12 << 15)) ^ ((w12 >>> 19) | (w12 << 13)) ^ (w12 >>> 10))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + 0xf40e3585 + w14) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    w15 = (w15 + (((w0 >>> 7) | (w0 << 25)) ^ ((w0 >>> 18) | (w0 << 14)) ^ (w0 >>> 3)) + w8 + (((w13 >>> 17) | (w13 << 15)) ^ ((w13 >>> 19) | (w13 << 13)) ^ (w13 >>> 10))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + 0x106aa070 + w15) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    // rounds 48-63
    w0 = (w0 + (((w1 >>> 7) | (w1 << 25)) ^ ((w1 >>> 18) | (w1 << 14)) ^ (w1 >>> 3)) + w9 + (((w14 >>> 17) | (w14 << 15)) ^ ((w14 >>> 19) | (w14 << 13)) ^ (w14 >>> 10))) | 0;
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + 0x19a4c116 + w0) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    w1 = (w1 + (((w2 >>> 7) | (w2 << 25)) ^ ((w2 >>> 18) | (w2 << 14)) ^ (w2 >>> 3)) + w10 + (((w15 >>> 17) | (w15 << 15)) ^ ((w15 >>> 19) | (w15 << 13)) ^ (w15 >>> 10))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + 0x1e376c08 + w1) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    w2 = (w2 + (((w3 >>> 7) | (w3 << 25)) ^ ((w3 >>> 18) | (w3 << 14)) ^ (w3 >>> 3)) + w11 + (((w0 >>> 17) | (w0 << 15)) ^ ((w0 >>> 19) | (w0 << 13)) ^ (w0 >>> 10))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + 0x2748774c + w2) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    w3 = (w3 + (((w4 >>> 7) | (w4 << 25)) ^ ((w4 >>> 18) | (w4 << 14)) ^ (w4 >>> 3)) + w12 + (((w1 >>> 17) | (w1 << 15)) ^ ((w1 >>> 19) | (w1 << 13)) ^ (w1 >>> 10))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + 0x34b0bcb5 + w3) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    w4 = (w4 + (((w5 >>> 7) | (w5 << 25)) ^ ((w5 >>> 18) | (w5 << 14)) ^ (w5 >>> 3)) + w13 + (((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + 0x391c0cb3 + w4) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    w5 = (w5 + (((w6 >>> 7) | (w6 << 25)) ^ ((w6 >>> 18) | (w6 << 14)) ^ (w6 >>> 3)) + w14 + (((w3 >>> 17) | (w3 << 15)) ^ ((w3 >>> 19) | (w3 << 13)) ^ (w3 >>> 10))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + 0x4ed8aa4a + w5) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    w6 = (w6 + (((w7 >>> 7) | (w7 << 25)) ^ ((w7 >>> 18) | (w7 << 14)) ^ (w7 >>> 3)) + w15 + (((w4 >>> 17) | (w4 << 15)) ^ ((w4 >>> 19) | (w4 << 13)) ^ (w4 >>> 10))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + 0x5b9cca4f + w6) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    w7 = (w7 + (((w8 >>> 7) | (w8 << 25)) ^ ((w8 >>> 18) | (w8 << 14)) ^ (w8 >>> 3)) + w0 + (((w5 >>> 17) | (w5 << 15)) ^ ((w5 >>> 19) | (w5 << 13)) ^ (w5 >>> 10))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + 0x682e6ff3 + w7) | 0;
    e = (e + t) | 0; a = (t + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) + ((b & c) | (d & (b | c)))) | 0;
    w8 = (w8 + (((w9 >>> 7) | (w9 << 25)) ^ ((w9 >>> 18) | (w9 << 14)) ^ (w9 >>> 3)) + w1 + (((w6 >>> 17) | (w6 << 15)) ^ ((w6 >>> 19) | (w6 << 13)) ^ (w6 >>> 10))) | 0;
    t = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + 0x748f82ee + w8) | 0;
    d = (d + t) | 0; h = (t + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    w9 = (w9 + (((w10 >>> 7) | (w10 << 25)) ^ ((w10 >>> 18) | (w10 << 14)) ^ (w10 >>> 3)) + w2 + (((w7 >>> 17) | (w7 << 15)) ^ ((w7 >>> 19) | (w7 << 13)) ^ (w7 >>> 10))) | 0;
    t = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) + (f ^ (d & (e ^ f))) + 0x78a5636f + w9) | 0;
    c = (c + t) | 0; g = (t + (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) + ((h & a) | (b & (h | a)))) | 0;
    w10 = (w10 + (((w11 >>> 7) | (w11 << 25)) ^ ((w11 >>> 18) | (w11 << 14)) ^ (w11 >>> 3)) + w3 + (((w8 >>> 17) | (w8 << 15)) ^ ((w8 >>> 19) | (w8 << 13)) ^ (w8 >>> 10))) | 0;
    t = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) + (e ^ (c & (d ^ e))) + 0x84c87814 + w10) | 0;
    b = (b + t) | 0; f = (t + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) + ((g & h) | (a & (g | h)))) | 0;
    w11 = (w11 + (((w12 >>> 7) | (w12 << 25)) ^ ((w12 >>> 18) | (w12 << 14)) ^ (w12 >>> 3)) + w4 + (((w9 >>> 17) | (w9 << 15)) ^ ((w9 >>> 19) | (w9 << 13)) ^ (w9 >>> 10))) | 0;
    t = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) + (d ^ (b & (c ^ d))) + 0x8cc70208 + w11) | 0;
    a = (a + t) | 0; e = (t + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) + ((f & g) | (h & (f | g)))) | 0;
    w12 = (w12 + (((w13 >>> 7) | (w13 << 25)) ^ ((w13 >>> 18) | (w13 << 14)) ^ (w13 >>> 3)) + w5 + (((w10 >>> 17) | (w10 << 15)) ^ ((w10 >>> 19) | (w10 << 13)) ^ (w10 >>> 10))) | 0;
    t = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) + (c ^ (a & (b ^ c))) + 0x90befffa + w12) | 0;
    h = (h + t) | 0; d = (t + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) + ((e & f) | (g & (e | f)))) | 0;
    w13 = (w13 + (((w14 >>> 7) | (w14 << 25)) ^ ((w14 >>> 18) | (w14 << 14)) ^ (w14 >>> 3)) + w6 + (((w11 >>> 17) | (w11 << 15)) ^ ((w11 >>> 19) | (w11 << 13)) ^ (w11 >>> 10))) | 0;
    t = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) + (b ^ (h & (a ^ b))) + 0xa4506ceb + w13) | 0;
    g = (g + t) | 0; c = (t + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) + ((d & e) | (f & (d | e)))) | 0;
    w14 = (w14 + (((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3)) + w7 + (((w12 >>> 17) | (w12 << 15)) ^ ((w12 >>> 19) | (w12 << 13)) ^ (w12 >>> 10))) | 0;
    t = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) + (a ^ (g & (h ^ a))) + 0xbef9a3f7 + w14) | 0;
    f = (f + t) | 0; b = (t + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) + ((c & d) | (e & (c | d)))) | 0;
    w15 = (w15 + (((w0 >>> 7) | (w0 << 25)) ^ ((w0 >>> 18) | (w0 << 14)) ^ (w0 >>> 3)) + w8 + (((w13 >>> 17) | (w13 << 15)) ^ ((w13 >>> 19) | (w13 << 13)) ^ (w13 >>> 10))) | 0;
    t = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) + (h ^ (f & (g ^ h))) + 0xc67178f2 + w15) | 0;
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

  /** BG-1, BG-2; the opening as READ-6 reads it. */
  function backgammonGame(s, turns, openingReading) {
    const opening = [];
    let a, b, first = 0;
    if (openingReading === 'first_seat_rolls') {
      a = die(s); b = die(s);
      opening.push([a, b]); // seat 0 moves first; doubles stand
    } else {
      do {
        a = die(s); b = die(s);
        opening.push([a, b]);
      } while (a === b);
      first = a > b ? 0 : 1;
    }
    const rolls = [];
    for (let t = 0; t < turns; t++) rolls.push([die(s), die(s)]);
    return { opening, first, rolls };
  }

  function deal52(s) {
    const deck = shuffle(s, range(52));
    return [0, 1, 2, 3].map((i) => deck.slice(13 * i, 13 * i + 13));
  }

  /** Positions of seat's five cards in Baloot's first distribution (BAL-1, READ-7). */
  function balootFirst(seat, deal) {
    return deal === 'three_two' ? [3 * seat, 3 * seat + 1, 3 * seat + 2, 12 + 2 * seat, 13 + 2 * seat]
      : [0, 1, 2, 3, 4].map((k) => 5 * seat + k);
  }

  function balootHand(s, buyer, deal) {
    const deck = shuffle(s, range(32));
    const first = [0, 1, 2, 3].map((i) => balootFirst(i, deal).map((p) => deck[p]));
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

  // ---------------------------------------------------------------------------
  // Declared readings (spec READ-1 to READ-5): the kit's reading first.
  // ---------------------------------------------------------------------------

  const READINGS = Object.freeze({
    dealing: Object.freeze(['pairs', 'round_robin']),
    mahjongDraw: Object.freeze(['swap_last', 'close_gap']),
    mahjongDeal: Object.freeze(['blocks', 'rounds']),
    balootDeal: Object.freeze(['blocks', 'three_two']),
    backgammonOpening: Object.freeze(['one_die_each', 'first_seat_rolls']),
    botClientSeed: Object.freeze(['dash', 'empty']),
    sessionCommitment: Object.freeze(['published', 'none']),
    firstHand: Object.freeze([1, 0]),
  });

  /**
   * A fixed order a request or record lists in full (READ-10, READ-11): the
   * names of ids 0..n-1, holding each name of the kit's order (base) as often.
   * Returns the naming function, or an error message.
   */
  function orderOf(names, base, n) {
    const want = new Map(), got = new Map();
    for (let i = 0; i < n; i++) want.set(base(i), (want.get(base(i)) || 0) + 1);
    for (const x of names) {
      if (!want.has(x)) return { error: JSON.stringify(x) + ' is not a piece of this deck' };
      got.set(x, (got.get(x) || 0) + 1);
    }
    const times = (k) => (k === 1 ? 'once' : k + ' times');
    for (const [x, k] of want) {
      if (got.get(x) !== k) return { error: 'expected ' + JSON.stringify(x) + ' ' + times(k) + ', found it ' + times(got.get(x) || 0) };
    }
    return { name: (id) => names[id] };
  }

  /** Positions of the two cards of player i of m seated in ascending order (PK-10, READ-2). */
  function holePositions(i, players, dealing) {
    return dealing === 'round_robin' ? [i, players + i] : [2 * i, 2 * i + 1];
  }

  /** The draws (0 to 52) a seat holds after the deal, in the order drawn (MJ-2, READ-8). */
  function mahjongSeat(seat, deal) {
    const out = [];
    if (deal === 'rounds') {
      for (let r = 0; r < 3; r++) for (let k = 0; k < 4; k++) out.push(16 * r + 4 * seat + k);
      out.push(48 + seat);
    } else {
      for (let k = 0; k < 13; k++) out.push(13 * seat + k);
    }
    if (seat === 0) out.push(52);
    return out;
  }

  /** Draws count tiles from a fresh wall with the draw model and deal layout (MJ-1, MJ-2, READ-5, READ-8). */
  function mahjongHand(s, count, model, layout) {
    const wall = range(136);
    const drawn = [];
    for (let i = 0; i < count; i++) {
      const j = intBelow(s, wall.length);
      if (model === 'close_gap') {
        drawn.push(wall.splice(j, 1)[0]);
        continue;
      }
      const last = wall.length - 1;
      const t = wall[j]; wall[j] = wall[last]; wall[last] = t;
      drawn.push(wall.pop());
    }
    const deal = [0, 1, 2, 3].map((i) => mahjongSeat(i, layout).map((d) => drawn[d]));
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

  /** CC-1 to CC-3; a bot's client seed is written '-' or, read as 'empty' (READ-9), not at all. */
  function chessColour(seedA, clientA, seedB, clientB, botClientSeed) {
    const commitA = commit(seedA);
    const bot = seedB === null;
    const commitB = bot ? '-' : commit(seedB);
    const prefix = 'cc1:' + commitA + ':' + commitB + ':0=' + clientA + ',1=' + (bot ? (botClientSeed === 'empty' ? '' : '-') : clientB) + ':';
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

  /** An optional declared reading: absent, the kit's; present, one of READINGS[name] (READ-1). */
  function checkReading(o, name, where) {
    const w = where || 'input';
    const allowed = READINGS[name];
    if (!hasField(o, name)) return allowed[0];
    const v = checkString(o[name], w + '.' + name);
    if (allowed.indexOf(v) < 0) {
      fail('unknown_reading', w + '.' + name + ': expected one of ' + allowed.map((x) => JSON.stringify(x)).join(', ') + ', found ' + JSON.stringify(v));
    }
    return v;
  }

  /** An optional fixed order in a request (READ-10, READ-11); base names the kit's order. */
  function checkOrder(o, name, where, base, n) {
    if (!hasField(o, name)) return base;
    const w = where + '.' + name;
    const a = checkArray(o[name], w, n, n);
    a.forEach((v, i) => { if (typeof v !== 'string') fail('wrong_type', w + '[' + i + ']: expected a name, found ' + typeName(v)); });
    const r = orderOf(a, base, n);
    if (r.error) fail('unknown_reading', w + ': not an order of the ' + n + ' pieces: ' + r.error);
    return r.name;
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
      checkObject(play, where, ['games', 'backgammonOpening']);
      const a = checkArray(get(play, where, 'games'), where + '.games', 1, MAX_BACKGAMMON);
      const turns = a.map((v, i) => checkInt(v, where + '.games[' + i + ']', 0, MAX_TURNS));
      const opening = checkReading(play, 'backgammonOpening', where);
      out.seats = shuffle(s, range(g.players));
      out.games = turns.map((t) => backgammonGame(s, t, opening));
    } else if (g.kind === 'deals') {
      checkObject(play, where, ['deals']);
      const n = f.int(play, 'deals', 1, MAX_DEALS, where);
      out.seats = shuffle(s, range(g.players));
      out.deals = [];
      for (let i = 0; i < n; i++) out.deals.push(deal52(s).map((h) => h.map(cardName.table52)));
    } else if (g.kind === 'baloot') {
      checkObject(play, where, ['hands', 'balootDeal', 'balootDeck']);
      const a = checkArray(get(play, where, 'hands'), where + '.hands', 1, MAX_DEALS);
      const buyers = a.map((v, i) => {
        const w = where + '.hands[' + i + ']';
        checkObject(v, w, ['buyer']);
        const b = get(v, w, 'buyer');
        return b === null ? null : checkInt(b, w + '.buyer', 0, g.players - 1);
      });
      const deal = checkReading(play, 'balootDeal', where);
      const name = checkOrder(play, 'balootDeck', where, cardName.baloot32, 32);
      out.seats = shuffle(s, range(g.players));
      out.hands = buyers.map((b) => {
        const h = balootHand(s, b, deal);
        const ho = { first: h.first.map((x) => x.map(name)), upcard: name(h.upcard), buyer: h.buyer };
        if (b !== null) {
          ho.rest = h.rest.map(name);
          ho.final = h.final.map((x) => x.map(name));
        }
        return ho;
      });
    } else {
      checkObject(play, where, ['hands', 'mahjongDraw', 'mahjongDeal', 'mahjongWall']);
      const a = checkArray(get(play, where, 'hands'), where + '.hands', 1, MAX_MAHJONG_HANDS);
      const counts = a.map((v, i) => checkInt(v, where + '.hands[' + i + ']', 53, 136));
      const model = checkReading(play, 'mahjongDraw', where);
      const layout = checkReading(play, 'mahjongDeal', where);
      const tile = checkOrder(play, 'mahjongWall', where, cardName.tile, 136);
      out.seats = shuffle(s, range(g.players));
      out.hands = counts.map((c) => {
        const h = mahjongHand(s, c, model, layout);
        return { deal: h.deal.map((x) => x.map(tile)), draws: h.draws.map(tile) };
      });
    }
    out.counter = s.counter;
    return out;
  }

  const HAND_FIELDS = ['serverSeed', 'table', 'session', 'hand', 'seats', 'firstHand'];

  function readHand(o) {
    const h = {
      serverSeed: f.seed(o, 'serverSeed'),
      table: f.id(o, 'table'),
      session: f.id(o, 'session'),
      hand: f.int(o, 'hand', 0, 500),
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
    h.firstHand = hasField(o, 'firstHand') ? f.int(o, 'firstHand', 0, 1) : 1;
    return h;
  }

  /** The cross-field check of the hand number against the declared numbering (PK-8, READ-3). */
  function checkHandRange(h) {
    const lo = h.firstHand, hi = h.firstHand + 499;
    if (h.hand < lo || h.hand > hi) {
      fail('out_of_range', 'input.hand: hands numbered from ' + h.firstHand + ' run from ' + lo + ' to ' + hi + ', found ' + h.hand);
    }
  }

  function opHand(o) {
    checkKnown(o, 'input', HAND_FIELDS.concat(['dealing']));
    const h = readHand(o);
    const dealing = checkReading(o, 'dealing');
    checkHandRange(h);
    const d = pokerDeal(h.serverSeed, h.table, h.session, h.hand, h.seats);
    const m = h.seats.length;
    const sorted = h.seats.map((x) => x.seat).sort((x, y) => x - y);
    return {
      handValue: d.handValue, handCommitment: d.handCommitment, deck: d.deck, salts: d.salts, root: d.root, counter: d.counter,
      hands: sorted.map((seat, i) => ({ seat, positions: holePositions(i, m, dealing) })),
      board: [0, 1, 2, 3, 4].map((k) => 2 * m + k),
    };
  }

  function opProof(o) {
    checkKnown(o, 'input', HAND_FIELDS.concat(['position']));
    const h = readHand(o);
    const position = f.int(o, 'position', 0, 51);
    checkHandRange(h);
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
    checkKnown(o, 'input', ['seedA', 'clientA', 'seedB', 'clientB', 'botClientSeed']);
    const seedA = f.seed(o, 'seedA');
    const clientA = f.id(o, 'clientA');
    const botSeed = get(o, 'input', 'seedB') === null;
    const seedB = botSeed ? null : f.seed(o, 'seedB');
    const botClient = get(o, 'input', 'clientB') === null;
    const clientB = botClient ? null : f.id(o, 'clientB');
    const botClientSeed = checkReading(o, 'botClientSeed');
    if (botSeed !== botClient) {
      fail('wrong_type', 'input: seedB and clientB are both null (a bot) or both set (a player); found seedB ' +
        (botSeed ? 'null' : 'set') + ' and clientB ' + (botClient ? 'null' : 'set'));
    }
    if (hasField(o, 'botClientSeed') && !botSeed) {
      fail('wrong_type', "input.botClientSeed: declared for a bot, but seedB and clientB are a player's");
    }
    const r = chessColour(seedA, clientA, seedB, clientB, botClientSeed);
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
    checkKnown(o, 'input', ['seed', 'players', 'dealing']);
    const seed = readSeed(o);
    const players = f.int(o, 'players', 2, 23);
    const dealing = checkReading(o, 'dealing');
    const deck = permutationOfWords(seed.words, 52);
    const hands = [];
    for (let i = 0; i < players; i++) hands.push(holePositions(i, players, dealing).map((p) => cardName.selfpoker(deck[p])));
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

  function opSelfpokerTrace(o) {
    checkKnown(o, 'input', ['seed', 'n']);
    const seed = readSeed(o);
    const n = f.int(o, 'n', 1, MAX_PERMUTATION);
    return traceOfWords(seed.words, n);
  }

  const SCHEMES = {
    match_seed_v2: { commit: opCommit, draws: opDraws, trace: opTrace, inject: opInject, match: opMatch },
    poker_hmac_v1: { hand: opHand, proof: opProof, verifyProof: opVerifyProof },
    chess_colour_v1: { colour: opColour },
    selfpoker_v1: { deal: opDeal, permutation: opPermutation, trace: opSelfpokerTrace },
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
  // Records (spec section 15): reading (REC-1), verification (REC-2..REC-9)
  //
  // What follows reproduces pfkit verify of the Go reference: the same verdicts,
  // checks, pointers, summaries and notes, and the same messages for unreadable
  // records (JSON errors at the same byte offsets, the schema's complaints in
  // the words of the reference's JSON Schema validator), so that the outputs of
  // the two can be compared whole.
  // ---------------------------------------------------------------------------

  // Text a verifier shows (TXT-1 to TXT-3): what a record or a command line
  // holds can neither steer the terminal nor pass for the verifier's words.

  /** TXT-1's hidden characters, inclusive ranges: the spec's list, not the engine's Unicode tables. */
  const HIDDEN = [
    [0x0000, 0x001f], [0x007f, 0x009f], [0x00ad, 0x00ad], [0x034f, 0x034f],
    [0x0600, 0x0605], [0x061c, 0x061c], [0x06dd, 0x06dd], [0x070f, 0x070f],
    [0x0890, 0x0891], [0x08e2, 0x08e2], [0x115f, 0x1160], [0x17b4, 0x17b5],
    [0x180b, 0x180f], [0x200b, 0x200f], [0x2028, 0x202e], [0x2060, 0x206f],
    [0x3164, 0x3164], [0xfe00, 0xfe0f], [0xfeff, 0xfeff], [0xffa0, 0xffa0],
    [0xfff0, 0xfffb], [0xfffd, 0xfffd], [0x110bd, 0x110bd], [0x110cd, 0x110cd],
    [0x13430, 0x1343f], [0x1bca0, 0x1bca3], [0x1d173, 0x1d17a], [0xe0000, 0xe0fff],
  ];

  function isHidden(cp) {
    return HIDDEN.some(([lo, hi]) => cp >= lo && cp <= hi);
  }

  // A character class of ranges; under the u flag [\ud800-\udfff] matches
  // only lone surrogates, a pair being one code point.
  const hiddenClass = (ranges) => ranges.map(([lo, hi]) => '\\u{' + lo.toString(16) + '}-\\u{' + hi.toString(16) + '}').join('') + '\\ud800-\\udfff';
  const TEXT_ESCAPED = new RegExp('[' + hiddenClass(HIDDEN) + '\\\\"]', 'gu');
  const LINE_ESCAPED = new RegExp('[' + hiddenClass(HIDDEN) + ']', 'gu');
  // In an encoded document, tab, line feed and carriage return stand only
  // between members (inside strings the encoder escaped them).
  const JSON_ESCAPED = new RegExp('[' + hiddenClass([[0x00, 0x08], [0x0b, 0x0c], [0x0e, 0x1f]].concat(HIDDEN.slice(1))) + ']', 'gu');

  function escapeChar(ch) {
    if (ch === '\\' || ch === '"') return '\\' + ch;
    let cp = ch.codePointAt(0);
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd; // a lone surrogate reads as U+FFFD
    return '\\u{' + cp.toString(16).toUpperCase().padStart(4, '0') + '}';
  }

  /** TXT-2: hidden characters as \u{XXXX} (a lone surrogate as \u{FFFD}), \ as \\, " as \". */
  function escapeText(s) {
    return String(s).replace(TEXT_ESCAPED, escapeChar);
  }

  /** escapeText between double quotes: how a message quotes what a record holds. */
  function quoteText(s) {
    return '"' + escapeText(s) + '"';
  }

  /** TXT-3: one line of a text report with its hidden characters escaped and nothing else. */
  function escapeLine(s) {
    return String(s).replace(LINE_ESCAPED, escapeChar);
  }

  function jsonEscape(ch) {
    let out = '';
    for (let i = 0; i < ch.length; i++) out += '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0');
    return ch.length === 1 && ch.charCodeAt(0) >= 0xd800 && ch.charCodeAt(0) <= 0xdfff ? '\\ufffd' : out;
  }

  /** TXT-3: a JSON document with every hidden character in its strings written \uXXXX. */
  function escapeJSON(doc) {
    return doc.replace(JSON_ESCAPED, jsonEscape);
  }

  // Go's strconv quoting, for messages that quote what the record holds.

  const LETTER_MARK_NUMBER_PUNCT_SYMBOL = (function () {
    try {
      return new RegExp('^[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}]$', 'u');
    } catch (e) {
      return null; // an engine without Unicode property escapes: non-ASCII is escaped
    }
  })();

  /** unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
  function goIsPrint(cp) {
    if (cp < 0x7f) return cp >= 0x20;
    if (cp < 0xa1 || cp === 0xad) return false;
    return LETTER_MARK_NUMBER_PUNCT_SYMBOL !== null && LETTER_MARK_NUMBER_PUNCT_SYMBOL.test(String.fromCodePoint(cp));
  }

  const GO_ESCAPES = { 7: '\\a', 8: '\\b', 12: '\\f', 10: '\\n', 13: '\\r', 9: '\\t', 11: '\\v' };

  function goEscapeRune(cp, quote) {
    if (cp === quote || cp === 0x5c) return '\\' + String.fromCharCode(cp);
    if (goIsPrint(cp)) return String.fromCodePoint(cp);
    if (has(GO_ESCAPES, cp)) return GO_ESCAPES[cp];
    if (cp < 0x20 || cp === 0x7f) return '\\x' + cp.toString(16).padStart(2, '0');
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) cp = 0xfffd;
    if (cp < 0x10000) return '\\u' + cp.toString(16).padStart(4, '0');
    return '\\U' + cp.toString(16).padStart(8, '0');
  }

  /** strconv.Quote of a string (as %q formats it). */
  function goQuote(s) {
    let out = '"';
    for (const ch of s) out += goEscapeRune(ch.codePointAt(0), 0x22);
    return out + '"';
  }

  /** strconv.Quote of raw bytes: a byte that starts no valid UTF-8 sequence is \xNN. */
  function goQuoteBytes(b) {
    let out = '"';
    for (let i = 0; i < b.length;) {
      const r = decodeRuneGo(b, i);
      out += r[0] < 0 ? '\\x' + b[i].toString(16).padStart(2, '0') : goEscapeRune(r[0], 0x22);
      i += r[1];
    }
    return out + '"';
  }

  /** %q of a byte or rune: a quoted character literal. */
  function goQuoteRune(cp) {
    return "'" + goEscapeRune(cp, 0x27) + "'";
  }

  /** The JSON Schema validator's quote: %q, then " unescaped and ' escaped, in single quotes. */
  function schemaQuote(s) {
    const q = goQuote(s);
    return "'" + q.slice(1, -1).split('\\"').join('"').split("'").join("\\'") + "'";
  }

  /** The rune at b[i] as Go's utf8.DecodeRune reads it: [code point, size], or [-1, 1] for an invalid byte. */
  function decodeRuneGo(b, i) {
    const c = b[i];
    if (c < 0x80) return [c, 1];
    if (c >= 0xc2 && c <= 0xdf) {
      if (i + 1 < b.length && (b[i + 1] & 0xc0) === 0x80) return [((c & 31) << 6) | (b[i + 1] & 63), 2];
    } else if (c >= 0xe0 && c <= 0xef) {
      const lo = c === 0xe0 ? 0xa0 : 0x80, hi = c === 0xed ? 0x9f : 0xbf;
      if (i + 2 < b.length && b[i + 1] >= lo && b[i + 1] <= hi && (b[i + 2] & 0xc0) === 0x80) {
        return [((c & 15) << 12) | ((b[i + 1] & 63) << 6) | (b[i + 2] & 63), 3];
      }
    } else if (c >= 0xf0 && c <= 0xf4) {
      const lo = c === 0xf0 ? 0x90 : 0x80, hi = c === 0xf4 ? 0x8f : 0xbf;
      if (i + 3 < b.length && b[i + 1] >= lo && b[i + 1] <= hi && (b[i + 2] & 0xc0) === 0x80 && (b[i + 3] & 0xc0) === 0x80) {
        return [((c & 7) << 18) | ((b[i + 1] & 63) << 12) | ((b[i + 2] & 63) << 6) | (b[i + 3] & 63), 4];
      }
    }
    return [-1, 1];
  }

  const ASCII_DECODER = typeof TextDecoder === 'function' ? new TextDecoder('utf-8') : null;

  /** ASCII bytes b[start, end) as a string; long runs through the platform's decoder. */
  function asciiText(b, start, end) {
    if (end - start > 256) {
      if (typeof b.latin1Slice === 'function') return b.latin1Slice(start, end); // a Node Buffer: one copy
      if (ASCII_DECODER !== null) return ASCII_DECODER.decode(b.subarray(start, end));
    }
    let s = '';
    for (let p = start; p < end; p += 8192) s += String.fromCharCode.apply(null, b.subarray(p, Math.min(end, p + 8192)));
    return s;
  }

  /** The end of the run of ASCII digits in b from `from`. */
  function digitRun(b, from, n) {
    let j = from;
    while (j < n) {
      const c = b[j];
      if (c < 0x30 || c > 0x39) break;
      j++;
    }
    return j;
  }

  /** Whether s has characters from `from` on and all are ASCII digits; a loop, not a regular expression, for speed on long text. */
  function allDigits(s, from) {
    const n = s.length;
    if (from >= n) return false;
    for (let k = from; k < n; k++) {
      const c = s.charCodeAt(k);
      if (c < 48 || c > 57) return false;
    }
    return true;
  }

  /** The end of the run of bytes from `from` that stand for themselves in a JSON string. */
  function plainRun(b, from, n) {
    let j = from; // a local index: the loop runs over every byte of a long string (LIM-1)
    while (j < n) {
      const c = b[j];
      if (c === 0x22 || c === 0x5c || c < 0x20 || c >= 0x80) break;
      j++;
    }
    return j;
  }

  // The record reader's JSON: the rules of the runner's reader (exact number
  // text, no repeated key, limits), read byte by byte as the reference reads
  // it, so that a refusal names the same byte offset with the same words.

  class RecordJsonError extends Error {
    constructor(message, tooLarge) {
      super(message);
      this.tooLarge = tooLarge;
    }
  }

  function parseRecordJSON(b, maxBytes, maxDepth) {
    if (b.length > maxBytes) throw new RecordJsonError('too large: ' + b.length + ' bytes, the limit is ' + maxBytes, true);
    const n = b.length;
    let i = 0;
    const space = () => {
      while (i < n) {
        const c = b[i];
        if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
        else return;
      }
    };
    const errAt = (message) => new RecordJsonError(message + ' at offset ' + i, false);
    const unexpected = (want) => (i >= n
      ? new RecordJsonError('unexpected end of JSON input, expected ' + want, false)
      : errAt('invalid character ' + goQuoteRune(b[i]) + ', expected ' + want));
    const hex4 = () => {
      if (i + 4 > n) throw unexpected('four hex digits');
      let v = 0;
      for (let q = i; q < i + 4; q++) {
        const c = b[q];
        let d;
        if (c >= 0x30 && c <= 0x39) d = c - 0x30;
        else if (c >= 0x61 && c <= 0x66) d = c - 0x57;
        else if (c >= 0x41 && c <= 0x46) d = c - 0x37;
        else throw errAt('invalid \\u escape ' + goQuoteBytes(b.subarray(i, i + 4)));
        v = v * 16 + d;
      }
      i += 4;
      return v;
    };
    const str = () => {
      i++; // the opening quote
      const start = i;
      i = plainRun(b, i, n);
      if (i < n && b[i] === 0x22) {
        i++;
        return asciiText(b, start, i - 1);
      }
      let out = asciiText(b, start, i);
      while (i < n) {
        const c = b[i];
        if (c === 0x22) {
          i++;
          return out;
        }
        if (c < 0x20) throw errAt('invalid control character ' + goQuoteRune(c) + ' in a string');
        if (c === 0x5c) {
          if (i + 1 >= n) throw unexpected('an escape');
          const e = b[i + 1];
          i += 2;
          if (e === 0x22 || e === 0x5c || e === 0x2f) out += String.fromCharCode(e);
          else if (e === 0x62) out += '\b';
          else if (e === 0x66) out += '\f';
          else if (e === 0x6e) out += '\n';
          else if (e === 0x72) out += '\r';
          else if (e === 0x74) out += '\t';
          else if (e === 0x75) {
            let r = hex4();
            if (r >= 0xd800 && r <= 0xdfff) {
              // A surrogate counts only as the first half of a valid pair; else U+FFFD.
              let r2 = -1;
              if (i + 1 < n && b[i] === 0x5c && b[i + 1] === 0x75) {
                const save = i;
                i += 2;
                r2 = hex4();
                if (!(r < 0xdc00 && r2 >= 0xdc00 && r2 <= 0xdfff)) {
                  i = save;
                  r2 = -1;
                }
              }
              out += r2 < 0 ? '\ufffd' : String.fromCharCode(r, r2);
            } else {
              out += String.fromCharCode(r);
            }
          } else {
            throw errAt("invalid escape '\\" + String.fromCharCode(e) + "' in a string");
          }
          continue;
        }
        if (c < 0x80) {
          const end = plainRun(b, i, n);
          out += asciiText(b, i, end);
          i = end;
          continue;
        }
        const r = decodeRuneGo(b, i);
        out += r[0] < 0 ? '\ufffd' : String.fromCodePoint(r[0]);
        i += r[1];
      }
      throw new RecordJsonError('unexpected end of JSON input in a string', false);
    };
    const digits = () => {
      const from = i;
      i = digitRun(b, i, n); // a number may have sixteen million digits (LIM-1)
      return i - from;
    };
    const num = () => {
      const start = i;
      if (b[i] === 0x2d) i++;
      if (i < n && b[i] === 0x30) i++;
      else if (digits() === 0) throw unexpected('a digit');
      if (i < n && b[i] === 0x2e) {
        i++;
        if (digits() === 0) throw unexpected("a digit after '.'");
      }
      if (i < n && (b[i] === 0x65 || b[i] === 0x45)) {
        i++;
        if (i < n && (b[i] === 0x2b || b[i] === 0x2d)) i++;
        if (digits() === 0) throw unexpected('a digit in the exponent');
      }
      return new JsonNumber(asciiText(b, start, i));
    };
    const literal = (word, v) => {
      for (let k = 0; k < word.length; k++) {
        if (i + k >= n || b[i + k] !== word.charCodeAt(k)) throw errAt('invalid literal, expected ' + word);
      }
      i += word.length;
      return v;
    };
    const value = (depth) => {
      if (i >= n) throw unexpected('a value');
      const c = b[i];
      if (c === 0x7b || c === 0x5b) {
        if (depth + 1 > maxDepth) throw new RecordJsonError('too large: nesting deeper than ' + maxDepth + ' levels', true);
        return c === 0x7b ? object(depth + 1) : array(depth + 1);
      }
      if (c === 0x22) return str();
      if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return num();
      if (c === 0x74) return literal('true', true);
      if (c === 0x66) return literal('false', false);
      if (c === 0x6e) return literal('null', null);
      throw unexpected('a value');
    };
    const object = (depth) => {
      i++;
      const obj = Object.create(null);
      space();
      if (i < n && b[i] === 0x7d) {
        i++;
        return obj;
      }
      for (;;) {
        space();
        if (i >= n || b[i] !== 0x22) throw unexpected('a string key');
        const at = i;
        const key = str();
        if (has(obj, key)) throw new RecordJsonError('duplicate key ' + quoteText(key) + ' at offset ' + at, false);
        space();
        if (i >= n || b[i] !== 0x3a) throw unexpected("':'");
        i++;
        space();
        obj[key] = value(depth);
        space();
        if (i < n && b[i] === 0x2c) { i++; continue; }
        if (i < n && b[i] === 0x7d) { i++; return obj; }
        throw unexpected("',' or '}'");
      }
    };
    const array = (depth) => {
      i++;
      const arr = [];
      space();
      if (i < n && b[i] === 0x5d) {
        i++;
        return arr;
      }
      for (;;) {
        space();
        arr.push(value(depth));
        space();
        if (i < n && b[i] === 0x2c) { i++; continue; }
        if (i < n && b[i] === 0x5d) { i++; return arr; }
        throw unexpected("',' or ']'");
      }
    };
    space();
    const v = value(0);
    space();
    if (i < n) throw new RecordJsonError('unexpected data after the JSON value at offset ' + i, false);
    return v;
  }

  // RFC 3339 section 5.6 date-times, exactly: T and Z in either case, any
  // number of fraction digits, a leap second only as the last second of a UTC
  // day. An instant is whole seconds since 1970-01-01T00:00:00Z (exact: years
  // 0000-9999 stay far below 2^53) and the fraction's digits without trailing
  // zeros, so that two times compare exactly, however many digits they carry.

  const DATE_TIME = /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?(?:([Zz])|([+-])([0-9]{2}):([0-9]{2}))$/;

  function daysIn(y, m) {
    if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
    return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
  }

  /** Days from 1970-01-01 to a proleptic Gregorian date. */
  function daysFromCivil(y, m, d) {
    if (m <= 2) y--;
    const era = Math.floor(y / 400);
    const yoe = y - era * 400;
    const doy = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
    const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
    return era * 146097 + doe - 719468;
  }

  function civilFromDays(z) {
    z += 719468;
    const era = Math.floor(z / 146097);
    const doe = z - era * 146097;
    const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
    const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
    const mp = Math.floor((5 * doy + 2) / 153);
    const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
    const m = mp < 10 ? mp + 3 : mp - 9;
    return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
  }

  /**
   * s without its trailing zeros. A loop, not /0+$/: that regular expression
   * tries every run of zeros to the end, in time growing with the square of
   * the length (LIM-1).
   */
  function trimZeros(s) {
    let n = s.length;
    while (n > 0 && s.charCodeAt(n - 1) === 48) n--;
    return s.slice(0, n);
  }

  /** Parses an RFC 3339 date-time: {secs, frac, offset (minutes)}, or null. */
  function parseDateTime(s) {
    const m = DATE_TIME.exec(s);
    if (m === null) return null;
    const y = +m[1], mo = +m[2], d = +m[3], h = +m[4], mi = +m[5], sec = +m[6];
    if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || sec > 60) return null;
    let offset = 0;
    if (m[9] !== undefined) {
      const oh = +m[10], om = +m[11];
      if (oh > 23 || om > 59) return null;
      offset = (oh * 60 + om) * (m[9] === '-' ? -1 : 1);
    }
    if (sec === 60 && ((h * 60 + mi - offset) % 1440 + 1440) % 1440 !== 23 * 60 + 59) return null;
    const secs = daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec - offset * 60;
    return { secs, frac: trimZeros(m[7] || ''), offset };
  }

  /** Compares two instants, the second shifted by `plus` whole seconds. */
  function compareInstants(a, b, plus) {
    const bs = b.secs + (plus || 0);
    if (a.secs !== bs) return a.secs < bs ? -1 : 1;
    // Fractions without trailing zeros compare as their digit strings do.
    return a.frac === b.frac ? 0 : a.frac < b.frac ? -1 : 1;
  }

  /** The instant in whole nanoseconds, rounded down. */
  function floorNanos(t) {
    return BigInt(t.secs) * 1000000000n + BigInt(t.frac.slice(0, 9).padEnd(9, '0'));
  }

  const MAX_DURATION = 9223372036854775807n;

  /** A number of nanoseconds as Go's time.Duration prints it ("41m7s", "1.5µs"). */
  function goDuration(ns) {
    const neg = ns < 0n;
    let u = neg ? -ns : ns;
    const frac = (v, prec) => {
      const p = 10n ** BigInt(prec);
      const f = (v % p).toString().padStart(prec, '0').replace(/0+$/, '');
      return [v / p, f === '' ? '' : '.' + f];
    };
    let out;
    if (u === 0n) return '0s';
    if (u < 1000n) out = u + 'ns';
    else if (u < 1000000n) { const r = frac(u, 3); out = r[0] + r[1] + 'µs'; }
    else if (u < 1000000000n) { const r = frac(u, 6); out = r[0] + r[1] + 'ms'; }
    else {
      const r = frac(u, 9);
      u = r[0];
      out = (u % 60n) + r[1] + 's';
      u /= 60n;
      if (u > 0n) {
        out = (u % 60n) + 'm' + out;
        u /= 60n;
        if (u > 0n) out = u + 'h' + out;
      }
    }
    return (neg ? '-' : '') + out;
  }

  /** closed - opened as Go prints the difference of two times (saturating at time.Duration's range). */
  function sessionDuration(opened, closed) {
    let d = floorNanos(closed) - floorNanos(opened);
    if (d > MAX_DURATION) d = MAX_DURATION;
    if (d < -MAX_DURATION - 1n) d = -MAX_DURATION - 1n;
    return goDuration(d);
  }

  /** The instant t plus whole seconds, in the offset t was written in, to the second. */
  function formatInstantPlus(t, seconds) {
    const local = t.secs + seconds + t.offset * 60; // the fraction, in [0, 1), is dropped
    const days = Math.floor(local / 86400), rem = local - days * 86400;
    const ymd = civilFromDays(days);
    const two = (x) => String(x).padStart(2, '0');
    let zone = 'Z';
    if (t.offset !== 0) {
      const o = Math.abs(t.offset);
      zone = (t.offset < 0 ? '-' : '+') + two(Math.floor(o / 60)) + ':' + two(o % 60);
    }
    const year = ymd[0] < 0 ? '-' + String(-ymd[0]).padStart(3, '0') : String(ymd[0]).padStart(4, '0');
    return year + '-' + two(ymd[1]) + '-' + two(ymd[2]) + 'T' + two(Math.floor(rem / 3600)) + ':' +
      two(Math.floor(rem / 60) % 60) + ':' + two(rem % 60) + zone;
  }

  // The record schemas (spec/schemas/record_*.json without their titles and
  // descriptions, copied by tools/schemas_gen.py; make test fails while the
  // copy is stale), and a validator for the part of JSON Schema 2020-12 they use, which walks the
  // keywords in the order of the reference's validator and words its
  // complaints the same way. The reference visits an object's properties in no
  // fixed order; here they go in the schema's order, and names of unexpected
  // members are sorted.

  // BEGIN GENERATED record schemas (tools/schemas_gen.py from spec/schemas/record_*.json;
  // do not edit: after changing a schema run make schemas (python3 tools/schemas_gen.py)).
  const RECORD_SCHEMAS = {
    'record_chess_v1.json': {
      "type": "object",
      "properties": {
        "scheme": {"const": "chess_colour_v1"},
        "kind": {"const": "game"},
        "botClientSeed": {"enum": ["dash", "empty"]},
        "seedA": {"$ref": "#/$defs/hex64"},
        "commitA": {"$ref": "#/$defs/hex64"},
        "clientA": {"$ref": "#/$defs/identifier"},
        "seedB": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/hex64"}]},
        "commitB": {"oneOf": [{"const": "-"}, {"$ref": "#/$defs/hex64"}]},
        "clientB": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/identifier"}]},
        "white": {"enum": ["A", "B"]},
      },
      "required": ["scheme", "kind", "seedA", "commitA", "clientA", "seedB", "commitB", "clientB", "white"],
      "additionalProperties": false,
      "$defs": {
        "hex64": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "identifier": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,64}$"},
      },
      "if": {"properties": {"seedB": {"type": "null"}}},
      "then": {"properties": {"commitB": {"const": "-"}, "clientB": {"type": "null"}}},
      "else": {
        "properties": {"commitB": {"$ref": "#/$defs/hex64"}, "clientB": {"$ref": "#/$defs/identifier"}},
        "not": {"required": ["botClientSeed"]},
      },
    },
    'record_match_v1.json': {
      "type": "object",
      "properties": {
        "scheme": {"const": "match_seed_v2"},
        "kind": {"const": "match"},
        "game": {"enum": ["backgammon", "checkers", "xiangqi", "tarneeb", "trix", "bridge", "baloot", "mahjong"]},
        "matchId": {"$ref": "#/$defs/identifier"},
        "commitment": {"$ref": "#/$defs/hex64"},
        "serverSeed": {"$ref": "#/$defs/hex64"},
        "clientSeeds": {"type": "array", "items": {"$ref": "#/$defs/identifier"}, "minItems": 2, "maxItems": 4},
        "seats": {
          "type": "array",
          "items": {"type": "integer", "minimum": 0, "maximum": 3},
          "minItems": 2,
          "maxItems": 4,
        },
        "games": {"type": "array", "items": {"$ref": "#/$defs/backgammonGame"}, "minItems": 1, "maxItems": 100},
        "deals": {
          "type": "array",
          "items": {"type": "array", "items": {"$ref": "#/$defs/hand13"}, "minItems": 4, "maxItems": 4},
          "minItems": 1,
          "maxItems": 1000,
        },
        "hands": {"type": "array", "minItems": 1, "maxItems": 1000},
        "mahjongDraw": {"enum": ["swap_last", "close_gap"]},
        "mahjongDeal": {"enum": ["blocks", "rounds"]},
        "balootDeal": {"enum": ["blocks", "three_two"]},
        "backgammonOpening": {"enum": ["one_die_each", "first_seat_rolls"]},
        "mahjongWall": {"type": "array", "items": {"$ref": "#/$defs/tile"}, "minItems": 136, "maxItems": 136},
        "balootDeck": {"type": "array", "items": {"$ref": "#/$defs/balootCard"}, "minItems": 32, "maxItems": 32},
      },
      "required": ["scheme", "kind", "game", "matchId", "commitment", "serverSeed", "clientSeeds", "seats"],
      "additionalProperties": false,
      "$defs": {
        "hex64": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "identifier": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,64}$"},
        "card": {"type": "string", "pattern": "^[2-9TJQKA][cdhs]$"},
        "die": {"type": "integer", "minimum": 1, "maximum": 6},
        "throw": {"type": "array", "items": {"$ref": "#/$defs/die"}, "minItems": 2, "maxItems": 2},
        "backgammonGame": {
          "type": "object",
          "properties": {
            "opening": {"type": "array", "items": {"$ref": "#/$defs/throw"}, "minItems": 1, "maxItems": 1000},
            "first": {"enum": [0, 1]},
            "rolls": {"type": "array", "items": {"$ref": "#/$defs/throw"}, "minItems": 0, "maxItems": 1000},
          },
          "required": ["opening", "first", "rolls"],
          "additionalProperties": false,
        },
        "hand13": {"type": "array", "items": {"$ref": "#/$defs/card"}, "minItems": 13, "maxItems": 13},
        "balootCard": {"type": "string", "pattern": "^[789TJQKA][cdhs]$"},
        "balootHand": {
          "type": "object",
          "properties": {
            "first": {
              "type": "array",
              "items": {"type": "array", "items": {"$ref": "#/$defs/balootCard"}, "minItems": 5, "maxItems": 5},
              "minItems": 4,
              "maxItems": 4,
            },
            "upcard": {"$ref": "#/$defs/balootCard"},
            "buyer": {"oneOf": [{"type": "null"}, {"type": "integer", "minimum": 0, "maximum": 3}]},
            "final": {
              "type": "array",
              "items": {"type": "array", "items": {"$ref": "#/$defs/balootCard"}, "minItems": 8, "maxItems": 8},
              "minItems": 4,
              "maxItems": 4,
            },
          },
          "required": ["first", "upcard", "buyer"],
          "additionalProperties": false,
          "if": {"properties": {"buyer": {"type": "integer"}}},
          "then": {"required": ["final"]},
          "else": {"not": {"required": ["final"]}},
        },
        "tile": {"type": "string", "pattern": "^([1-9][mps]|E|S|W|N|Wd|Gd|Rd)$"},
        "mahjongHand": {
          "type": "object",
          "properties": {
            "deal": {
              "type": "array",
              "prefixItems": [
                {"type": "array", "items": {"$ref": "#/$defs/tile"}, "minItems": 14, "maxItems": 14},
                {"type": "array", "items": {"$ref": "#/$defs/tile"}, "minItems": 13, "maxItems": 13},
                {"type": "array", "items": {"$ref": "#/$defs/tile"}, "minItems": 13, "maxItems": 13},
                {"type": "array", "items": {"$ref": "#/$defs/tile"}, "minItems": 13, "maxItems": 13},
              ],
              "items": false,
              "minItems": 4,
            },
            "draws": {"type": "array", "items": {"$ref": "#/$defs/tile"}, "minItems": 0, "maxItems": 83},
          },
          "required": ["deal", "draws"],
          "additionalProperties": false,
        },
      },
      "allOf": [
        {
          "if": {"properties": {"game": {"enum": ["backgammon", "checkers", "xiangqi"]}}},
          "then": {"properties": {"clientSeeds": {"maxItems": 2}, "seats": {"maxItems": 2}}},
          "else": {"properties": {"clientSeeds": {"minItems": 4}, "seats": {"minItems": 4}}},
        },
        {
          "if": {"properties": {"game": {"const": "backgammon"}}},
          "then": {"required": ["games"], "not": {"anyOf": [{"required": ["deals"]}, {"required": ["hands"]}]}},
        },
        {
          "if": {"properties": {"game": {"enum": ["checkers", "xiangqi"]}}},
          "then": {"not": {"anyOf": [{"required": ["games"]}, {"required": ["deals"]}, {"required": ["hands"]}]}},
        },
        {
          "if": {"properties": {"game": {"enum": ["tarneeb", "trix", "bridge"]}}},
          "then": {"required": ["deals"], "not": {"anyOf": [{"required": ["games"]}, {"required": ["hands"]}]}},
        },
        {
          "if": {"properties": {"game": {"const": "baloot"}}},
          "then": {
            "required": ["hands"],
            "properties": {"hands": {"items": {"$ref": "#/$defs/balootHand"}}},
            "not": {"anyOf": [{"required": ["games"]}, {"required": ["deals"]}]},
          },
        },
        {
          "if": {"properties": {"game": {"const": "mahjong"}}},
          "then": {
            "required": ["hands"],
            "properties": {"hands": {"items": {"$ref": "#/$defs/mahjongHand"}, "maxItems": 100}},
            "not": {"anyOf": [{"required": ["games"]}, {"required": ["deals"]}]},
          },
        },
        {
          "if": {"properties": {"game": {"const": "mahjong"}}},
          "else": {
            "not": {
              "anyOf": [{"required": ["mahjongDraw"]}, {"required": ["mahjongDeal"]}, {"required": ["mahjongWall"]}],
            },
          },
        },
        {
          "if": {"properties": {"game": {"const": "baloot"}}},
          "else": {"not": {"anyOf": [{"required": ["balootDeal"]}, {"required": ["balootDeck"]}]}},
        },
        {
          "if": {"properties": {"game": {"const": "backgammon"}}},
          "else": {"not": {"required": ["backgammonOpening"]}},
        },
      ],
    },
    'record_poker_leave_v1.json': {
      "type": "object",
      "properties": {
        "scheme": {"const": "poker_hmac_v1"},
        "kind": {"const": "leave"},
        "table": {"$ref": "#/$defs/identifier"},
        "session": {"$ref": "#/$defs/identifier"},
        "seat": {"type": "integer", "minimum": 0, "maximum": 9},
        "dealing": {"enum": ["pairs", "round_robin"]},
        "firstHand": {"enum": [1, 0]},
        "hands": {"type": "array", "items": {"$ref": "#/$defs/hand"}, "minItems": 1, "maxItems": 500},
      },
      "required": ["scheme", "kind", "table", "session", "seat", "hands"],
      "additionalProperties": false,
      "$defs": {
        "hex64": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "identifier": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,64}$"},
        "card": {"type": "string", "pattern": "^[2-9TJQKA][cdhs]$"},
        "proof": {
          "type": "object",
          "properties": {
            "position": {"type": "integer", "minimum": 0, "maximum": 51},
            "card": {"$ref": "#/$defs/card"},
            "salt": {"$ref": "#/$defs/hex64"},
            "path": {"type": "array", "items": {"$ref": "#/$defs/hex64"}, "minItems": 6, "maxItems": 6},
          },
          "required": ["position", "card", "salt", "path"],
          "additionalProperties": false,
        },
        "hand": {
          "type": "object",
          "properties": {
            "hand": {"type": "integer", "minimum": 0, "maximum": 500},
            "seats": {
              "type": "array",
              "items": {"type": "integer", "minimum": 0, "maximum": 9},
              "minItems": 2,
              "maxItems": 10,
            },
            "handCommitment": {"$ref": "#/$defs/hex64"},
            "root": {"$ref": "#/$defs/hex64"},
            "cards": {"type": "array", "items": {"$ref": "#/$defs/proof"}, "minItems": 2, "maxItems": 2},
            "board": {"type": "array", "items": {"$ref": "#/$defs/proof"}, "minItems": 0, "maxItems": 5},
          },
          "required": ["hand", "seats", "handCommitment", "root", "cards", "board"],
          "additionalProperties": false,
        },
      },
    },
    'record_poker_session_v1.json': {
      "type": "object",
      "properties": {
        "scheme": {"const": "poker_hmac_v1"},
        "kind": {"const": "session"},
        "table": {"$ref": "#/$defs/identifier"},
        "session": {"$ref": "#/$defs/identifier"},
        "sessionCommitment": {"enum": ["published", "none"]},
        "firstHand": {"enum": [1, 0]},
        "commitment": {"$ref": "#/$defs/hex64"},
        "serverSeed": {"$ref": "#/$defs/hex64"},
        "rotation": {"enum": ["time", "hands", "empty", "restart"]},
        "opened": {"type": "string", "format": "date-time"},
        "closed": {"type": "string", "format": "date-time"},
        "hands": {"type": "array", "items": {"$ref": "#/$defs/hand"}, "minItems": 1, "maxItems": 500},
      },
      "required": ["scheme", "kind", "table", "session", "serverSeed", "rotation", "hands"],
      "additionalProperties": false,
      "allOf": [
        {
          "if": {"properties": {"sessionCommitment": {"const": "none"}}, "required": ["sessionCommitment"]},
          "then": {"not": {"required": ["commitment"]}},
          "else": {"required": ["commitment"]},
        },
      ],
      "$defs": {
        "hex64": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "identifier": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,64}$"},
        "card": {"type": "string", "pattern": "^[2-9TJQKA][cdhs]$"},
        "seat": {
          "type": "object",
          "properties": {
            "seat": {"type": "integer", "minimum": 0, "maximum": 9},
            "clientSeed": {"$ref": "#/$defs/identifier"},
          },
          "required": ["seat", "clientSeed"],
          "additionalProperties": false,
        },
        "hand": {
          "type": "object",
          "properties": {
            "hand": {"type": "integer", "minimum": 0, "maximum": 500},
            "seats": {"type": "array", "items": {"$ref": "#/$defs/seat"}, "minItems": 2, "maxItems": 10},
            "handCommitment": {"$ref": "#/$defs/hex64"},
            "root": {"$ref": "#/$defs/hex64"},
            "deck": {"type": "array", "items": {"$ref": "#/$defs/card"}, "minItems": 52, "maxItems": 52},
          },
          "required": ["hand", "seats", "handCommitment", "root", "deck"],
          "additionalProperties": false,
        },
      },
    },
    'record_selfpoker_v1.json': {
      "type": "object",
      "properties": {
        "scheme": {"const": "selfpoker_v1"},
        "kind": {"const": "hand_end"},
        "dealing": {"enum": ["pairs", "round_robin"]},
        "commit": {"$ref": "#/$defs/hex64"},
        "fairplay": {
          "type": "object",
          "properties": {
            "seed": {"oneOf": [{"type": "string", "pattern": "^(0|[1-9][0-9]*)$"}, {"type": "integer", "minimum": 0}]},
          },
          "required": ["seed"],
          "additionalProperties": false,
        },
        "hands": {
          "type": "array",
          "items": {"type": "array", "items": {"$ref": "#/$defs/card"}, "minItems": 2, "maxItems": 2},
          "minItems": 2,
          "maxItems": 23,
        },
        "board": {"type": "array", "items": {"$ref": "#/$defs/card"}, "minItems": 0, "maxItems": 5},
      },
      "required": ["scheme", "kind", "commit", "fairplay", "hands", "board"],
      "additionalProperties": false,
      "$defs": {
        "hex64": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "card": {"type": "string", "pattern": "^[2-9TJQKA][cdhs]$"},
      },
    },
  };
  // END GENERATED record schemas

  (function freeze(v) {
    if (v !== null && typeof v === 'object') {
      Object.freeze(v);
      Object.keys(v).forEach((k) => freeze(v[k]));
    }
  })(RECORD_SCHEMAS);

  const MAX_SCHEMA_COMPLAINTS = 5;
  const patternCache = new Map();

  function schemaPattern(p) {
    let re = patternCache.get(p);
    if (re === undefined) {
      re = new RegExp(p, 'u');
      patternCache.set(p, re);
    }
    return re;
  }

  function jsonType(v) {
    if (v === null) return 'null';
    if (typeof v === 'boolean') return 'boolean';
    if (typeof v === 'string') return 'string';
    if (v instanceof JsonNumber) return 'number';
    if (Array.isArray(v)) return 'array';
    return 'object';
  }

  /** Sign and digits of a number written as an integer, or null. */
  let lastText = null;
  let lastParts = null;

  function integerParts(text) {
    // The schema asks about one number several times (type, minimum, maximum),
    // and a number may have sixteen million digits (LIM-1).
    if (text === lastText) return lastParts;
    const from = text.charCodeAt(0) === 45 ? 1 : 0;
    let parts = null;
    if (allDigits(text, from)) {
      let k = from;
      while (k < text.length - 1 && text.charCodeAt(k) === 48) k++;
      const digits = text.slice(k);
      parts = { neg: from === 1 && digits !== '0', digits };
    }
    lastText = text;
    lastParts = parts;
    return parts;
  }

  /** Compares a number's text with a small integer k, exactly. */
  function compareNumber(text, k) {
    const p = integerParts(text);
    if (p === null) {
      const x = Number(text);
      return x < k ? -1 : x > k ? 1 : 0;
    }
    if (p.digits.length > 15) return p.neg ? -1 : 1;
    const x = p.neg ? -Number(p.digits) : Number(p.digits);
    return x < k ? -1 : x > k ? 1 : 0;
  }

  /** JSON Schema equality of a record value and a schema literal (string, integer, boolean, null). */
  function schemaEquals(v, x) {
    if (typeof x === 'number') return v instanceof JsonNumber && compareNumber(v.text, x) === 0;
    return v === x;
  }

  /** A literal as Go's %#v prints the validator's copy of it (numbers are json.Number strings). */
  function goSharpV(x) {
    if (x === null) return '<nil>';
    if (typeof x === 'boolean') return String(x);
    return goQuote(String(x));
  }

  function schemaLeaf(loc, message) {
    return { loc, message, causes: [] };
  }

  function schemaNode(loc, message, causes) {
    return { loc, message, causes };
  }

  function resolveRef(root, ref) {
    let s = root;
    for (const part of ref.replace(/^#\//, '').split('/')) s = s[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    return s;
  }

  /** Validates v at loc against schema s; returns null or the tree of complaints. */
  function schemaCheck(root, s, v, loc) {
    if (s === true) return null;
    if (s === false) return schemaLeaf(loc, 'not allowed');
    const t = jsonType(v);
    if (s.type !== undefined) {
      const types = Array.isArray(s.type) ? s.type : [s.type];
      let ok = false;
      for (const x of types) {
        if (x === t || (x === 'integer' && t === 'number' && integerParts(v.text) !== null)) ok = true;
      }
      if (!ok) return schemaLeaf(loc, 'expected ' + types.join(' or ') + ', but got ' + t);
    }
    const errors = [];
    if (has(s, 'const') && !schemaEquals(v, s.const)) {
      errors.push(schemaLeaf(loc, s.const !== null && typeof s.const === 'object' ? 'const failed' : 'value must be ' + goSharpV(s.const)));
    }
    if (s.enum !== undefined && !s.enum.some((x) => schemaEquals(v, x))) {
      const primitive = s.enum.every((x) => x === null || typeof x !== 'object');
      errors.push(schemaLeaf(loc, !primitive ? 'enum failed' : s.enum.length === 1 ? 'value must be ' + goSharpV(s.enum[0])
        : 'value must be one of ' + s.enum.map(goSharpV).join(', ')));
    }
    if (s.format === 'date-time' && t === 'string' && parseDateTime(v) === null) {
      errors.push(schemaLeaf(loc, schemaQuote(v) + ' is not valid ' + schemaQuote('date-time')));
    }
    if (t === 'object') {
      if (s.required !== undefined) {
        const missing = s.required.filter((p) => !has(v, p));
        if (missing.length > 0) errors.push(schemaLeaf(loc, 'missing properties: ' + missing.map(schemaQuote).join(', ')));
      }
      const props = s.properties || {};
      for (const p of Object.keys(props)) {
        if (has(v, p)) {
          const e = schemaCheck(root, props[p], v[p], loc + '/' + p.replace(/~/g, '~0').replace(/\//g, '~1'));
          if (e !== null) errors.push(e);
        }
      }
      if (s.additionalProperties === false) {
        const extra = Object.keys(v).filter((k) => !has(props, k)).sort(compareCodePoints);
        if (extra.length > 0) errors.push(schemaLeaf(loc, 'additionalProperties ' + extra.map(schemaQuote).join(', ') + ' not allowed'));
      }
    } else if (t === 'array') {
      if (s.minItems !== undefined && v.length < s.minItems) {
        errors.push(schemaLeaf(loc, 'minimum ' + s.minItems + ' items required, but found ' + v.length + ' items'));
      }
      if (s.maxItems !== undefined && v.length > s.maxItems) {
        errors.push(schemaLeaf(loc, 'maximum ' + s.maxItems + ' items required, but found ' + v.length + ' items'));
      }
      const prefix = s.prefixItems || [];
      for (let i = 0; i < v.length; i++) {
        let e;
        if (i < prefix.length) e = schemaCheck(root, prefix[i], v[i], loc + '/' + i);
        else if (s.items !== undefined) e = schemaCheck(root, s.items, v[i], loc + '/' + i);
        else break;
        if (e !== null) errors.push(e);
      }
    } else if (t === 'string') {
      if (s.pattern !== undefined && !schemaPattern(s.pattern).test(v)) {
        errors.push(schemaLeaf(loc, 'does not match pattern ' + schemaQuote(s.pattern)));
      }
    } else if (t === 'number') {
      if (s.minimum !== undefined && compareNumber(v.text, s.minimum) < 0) {
        errors.push(schemaLeaf(loc, 'must be >= ' + s.minimum + ' but found ' + v.text));
      }
      if (s.maximum !== undefined && compareNumber(v.text, s.maximum) > 0) {
        errors.push(schemaLeaf(loc, 'must be <= ' + s.maximum + ' but found ' + v.text));
      }
    }
    if (s.$ref !== undefined) {
      const e = schemaCheck(root, resolveRef(root, s.$ref), v, loc);
      if (e !== null) errors.push(schemaNode(loc, "doesn't validate with " + s.$ref, e.message === '' ? e.causes : [e]));
    }
    if (s.not !== undefined && schemaCheck(root, s.not, v, loc) === null) errors.push(schemaLeaf(loc, 'not failed'));
    if (s.allOf !== undefined) {
      s.allOf.forEach((x) => {
        const e = schemaCheck(root, x, v, loc);
        if (e !== null) errors.push(schemaNode(loc, 'allOf failed', [e]));
      });
    }
    if (s.anyOf !== undefined) {
      const causes = [];
      let matched = false;
      for (const x of s.anyOf) {
        const e = schemaCheck(root, x, v, loc);
        if (e === null) matched = true;
        else causes.push(e);
      }
      if (!matched) errors.push(schemaNode(loc, 'anyOf failed', causes));
    }
    if (s.oneOf !== undefined) {
      const causes = [];
      let matched = -1;
      for (let i = 0; i < s.oneOf.length; i++) {
        const e = schemaCheck(root, s.oneOf[i], v, loc);
        if (e !== null) {
          causes.push(e);
        } else if (matched === -1) {
          matched = i;
        } else {
          errors.push(schemaLeaf(loc, 'valid against schemas at indexes ' + matched + ' and ' + i));
          break;
        }
      }
      if (matched === -1) errors.push(schemaNode(loc, 'oneOf failed', causes));
    }
    if (s.if !== undefined) {
      if (schemaCheck(root, s.if, v, loc) === null) {
        const e = s.then === undefined ? null : schemaCheck(root, s.then, v, loc);
        if (e !== null) errors.push(schemaNode(loc, 'if-then failed', [e]));
      } else {
        const e = s.else === undefined ? null : schemaCheck(root, s.else, v, loc);
        if (e !== null) errors.push(schemaNode(loc, 'if-else failed', [e]));
      }
    }
    if (errors.length === 0) return null;
    return errors.length === 1 ? errors[0] : schemaNode(loc, '', errors);
  }

  /** The innermost complaints, the ones that name the offending value. */
  function schemaLeaves(node, out) {
    if (node.causes.length === 0) {
      out.push('at ' + (node.loc === '' ? '/' : node.loc) + ': ' + node.message);
      return out;
    }
    for (const c of node.causes) schemaLeaves(c, out);
    return out;
  }

  /** Validates a parsed record against a record schema: null, or the complaints,
   *  sorted as text and cut to max (five), as the reference lists them. */
  function validateRecordSchema(name, v, max) {
    const root = RECORD_SCHEMAS[name];
    const e = schemaCheck(root, root, v, '');
    return e === null ? null : schemaLeaves(e, []).sort(compareCodePoints).slice(0, max || MAX_SCHEMA_COMPLAINTS);
  }

  // Reading a record (REC-1, REC-8).

  const RECORD_LIMITS = Object.freeze({ maxBytes: 16 * 1024 * 1024, maxDepth: 64 });

  const RECORD_KINDS = Object.freeze([
    Object.freeze({ scheme: 'match_seed_v2', kind: 'match', schema: 'record_match_v1.json' }),
    Object.freeze({ scheme: 'poker_hmac_v1', kind: 'leave', schema: 'record_poker_leave_v1.json' }),
    Object.freeze({ scheme: 'poker_hmac_v1', kind: 'session', schema: 'record_poker_session_v1.json' }),
    Object.freeze({ scheme: 'chess_colour_v1', kind: 'game', schema: 'record_chess_v1.json' }),
    Object.freeze({ scheme: 'selfpoker_v1', kind: 'hand_end', schema: 'record_selfpoker_v1.json' }),
  ]);

  /** A record that yields no report: unreadable (with a code) or of an unspecified scheme. */
  class RecordRefusal extends PfkitError {
    constructor(status, code, message) {
      super(code, message);
      this.name = 'RecordRefusal';
      this.status = status;
    }
  }

  function unreadable(code, message) {
    throw new RecordRefusal('unreadable', code, message);
  }

  function isIntegerText(t) {
    return allDigits(t, t.charCodeAt(0) === 45 ? 1 : 0);
  }

  /** The first number written with a fraction or an exponent, in sorted key order, described; or ''. */
  function looseNumber(v, pointer) {
    if (v instanceof JsonNumber) {
      if (isIntegerText(v.text)) return '';
      const text = v.text.length > 40 ? v.text.slice(0, 40) + '…' : v.text;
      return (pointer === '' ? '/' : pointer) + ': expected an integer with no fraction or exponent, found ' + text;
    }
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const w = looseNumber(v[i], pointer + '/' + i);
        if (w !== '') return w;
      }
    } else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v).sort(compareCodePoints)) {
        const w = looseNumber(v[k], pointer + '/' + k.replace(/~/g, '~0').replace(/\//g, '~1')); // RFC 6901
        if (w !== '') return w;
      }
    }
    return '';
  }

  /**
   * Reads a record (bytes or text) as REC-1 orders it: JSON, match_seed_v1,
   * scheme and kind, integers, schema. Returns {kind, record}; throws RecordRefusal.
   */
  function readRecord(data) {
    let v;
    try {
      v = parseRecordJSON(toBytes(data), RECORD_LIMITS.maxBytes, RECORD_LIMITS.maxDepth);
    } catch (e) {
      if (!(e instanceof RecordJsonError)) throw e;
      unreadable(e.tooLarge ? 'input_too_large' : 'malformed_request', 'the record is not readable JSON: ' + e.message);
    }
    if (!isObject(v)) unreadable('malformed_request', 'a record is a JSON object, found ' + typeName(v));
    const scheme = typeof v.scheme === 'string' ? v.scheme : '';
    if (has(UNSPECIFIED, scheme)) throw new RecordRefusal('unspecified', 'scheme_unspecified', UNSPECIFIED[scheme]);
    const kindName = typeof v.kind === 'string' ? v.kind : '';
    const kind = RECORD_KINDS.find((k) => k.scheme === scheme && k.kind === kindName);
    if (kind === undefined) {
      unreadable('unknown_scheme', 'no record format has scheme ' + quoteText(scheme) + ' and kind ' + quoteText(kindName) +
        '; expected one of ' + RECORD_KINDS.map((k) => k.scheme + '/' + k.kind).join(', '));
    }
    // Every number a record holds is an integer (NUM-1): one written with a
    // fraction or an exponent is refused before the schema, which would take
    // 6.0 for the integer 6.
    const loose = looseNumber(v, '');
    if (loose !== '') unreadable('invalid_integer', loose);
    const complaints = validateRecordSchema(kind.schema, v);
    if (complaints !== null) unreadable('invalid_record', 'not valid against ' + kind.schema + ': ' + complaints.join('; '));
    return { kind, record: v };
  }

  // Reports (REC-2, REC-9).

  function newReport(kind, title) {
    return { scheme: kind.scheme, kind: kind.kind, status: '', title, checks: [], notes: [] };
  }

  function mismatch(pointer, where, expected, found) {
    return { pointer, where, expected, found };
  }

  function passCheck(r, name, pointer, requirement, summary) {
    r.checks.push({ name, pointer, requirement, ok: true, summary });
  }

  function failCheck(r, name, pointer, requirement, summary, mismatches) {
    const c = { name, pointer, requirement, ok: false, summary };
    if (mismatches && mismatches.length > 0) c.mismatches = mismatches;
    r.checks.push(c);
  }

  /** One value compared: the reference computes expected, the record says found. */
  function equalCheck(r, name, pointer, requirement, expected, found, okSummary) {
    if (expected === found) {
      passCheck(r, name, pointer, requirement, okSummary);
      return true;
    }
    failCheck(r, name, pointer, requirement, 'expected ' + expected + ', record has ' + found, [mismatch(pointer, name, expected, found)]);
    return false;
  }

  /** A list compared element by element; where(i) names element i; a missing element is "nothing". */
  function listOf(pointer, where, want, got) {
    return () => {
      const ms = [];
      for (let i = 0; i < want.length || i < got.length; i++) {
        const w = i < want.length ? want[i] : 'nothing', g = i < got.length ? got[i] : 'nothing';
        if (w !== g) ms.push(mismatch(pointer + '/' + i, where(i), w, g));
      }
      return ms;
    };
  }

  /** A single value compared inside a group of lists. */
  function oneOf(pointer, where, want, got) {
    return () => (want === got ? [] : [mismatch(pointer, where, want, got)]);
  }

  /** One check over several comparisons, passing when all agree. */
  function listsCheck(r, name, pointer, requirement, okSummary, comparisons) {
    const ms = [];
    for (const c of comparisons) ms.push(...c());
    if (ms.length === 0) passCheck(r, name, pointer, requirement, okSummary);
    else failCheck(r, name, pointer, requirement, ms.length + (ms.length > 1 ? ' values differ' : ' value differs'), ms);
  }

  function finishReport(r, notes) {
    r.status = r.checks.every((c) => c.ok) ? 'verified' : 'failed';
    r.notes = notes.slice();
    return r;
  }

  /** An integer of a schema-valid record (-0 reads as 0). */
  function intOf(n) {
    return Number(n.text) + 0;
  }

  const TABLE52_IDS = (function () {
    const m = Object.create(null);
    for (let c = 0; c < 52; c++) m[cardName.table52(c)] = c;
    return m;
  })();

  const MATCH_NOTE = 'The commitment shows the server seed was fixed before the match, and the client seeds that the server could not pick the deal after seeing them, provided the commitment was shown before your client seed was sent; only your own record of that order can show it.';
  const LEAVE_NOTE = "Your cards and the board are in the deck the table committed to before each deal. Other players' cards, the full deck, and whether the commitments follow from the server seed are checked with the session reveal.";
  const SESSION_NOTE = "A passing reveal shows every deck of the session was fixed by the seed committed when the session opened and by the seated players' client seeds, and that each root published before a deal committed to that deck.";
  const CHESS_PLAYERS_NOTE = 'Each side\'s seed was fixed when its commitment was shown, before the game was sought or accepted; the XOR means neither side alone chose the colours.';
  const CHESS_BOT_NOTE = "Against a bot only A's seed and client seed count: the colour was fixed when A's commitment was shown, before the game started.";
  const SELFPOKER_NOTE = 'The commitment proves the deck was fixed before the first card and not changed during the hand. It does not prove the seed was drawn at random: no player contributes to it (spec section 14).';

  /** A row of cards or tiles a record shows: names[i] at pointer(i), where(i) in words. */
  function shownRun(names, pointer, where) {
    return { names, pointer, where };
  }

  /** What four seats show, seat 0 to 3, as runs of one deck. */
  function seatRuns(got, pointer, where) {
    return [0, 1, 2, 3].map((st) => shownRun(got[st], (i) => pointer(st, i), (i) => where(st, i)));
  }

  /**
   * DIST-1: within one deck no card is shown twice, no mahjong tile kind more
   * than four times; every showing beyond that is a mismatch at its own pointer.
   * decks: arrays of runs, in the order DIST-1 gives.
   */
  function distinctCheck(r, pointer, tiles, decks) {
    const limit = tiles ? 4 : 1;
    const ms = [];
    for (const d of decks) {
      const count = new Map();
      d.forEach((rn, ri) => rn.names.forEach((n, i) => {
        const c = (count.get(n) || 0) + 1;
        count.set(n, c);
        if (c <= limit) return;
        if (tiles) {
          ms.push(mismatch(rn.pointer(i), rn.where(i), 'at most four tiles of a kind', n + ', tile ' + c + ' of its kind'));
          return;
        }
        let first = 'nothing';
        for (let rj = 0; rj <= ri && first === 'nothing'; rj++) {
          const j = d[rj].names.indexOf(n);
          if (j >= 0 && (rj < ri || j < i)) first = d[rj].where(j);
        }
        ms.push(mismatch(rn.pointer(i), rn.where(i), 'a card not shown before', n + ', already shown as ' + first));
      }));
    }
    const name = tiles ? 'distinct tiles' : 'distinct cards';
    if (ms.length === 0) {
      passCheck(r, name, pointer, 'DIST-1', tiles ? 'no more than the four tiles of a kind from one wall' : 'no card shown twice from one deck');
    } else if (tiles) {
      failCheck(r, name, pointer, 'DIST-1', ms.length === 1 ? '1 tile beyond the four of its kind' : ms.length + ' tiles beyond the four of their kind', ms);
    } else {
      failCheck(r, name, pointer, 'DIST-1', ms.length + (ms.length === 1 ? ' card' : ' cards') + ' shown again from the same deck', ms);
    }
  }

  const SESSION_NO_COMMITMENT_NOTE = "A passing reveal shows every deck of the session was fixed, before its deal, by the hand commitment derived from the seed and by the seated players' client seeds, and that each root published before a deal committed to that deck. The session published no commitment to the seed itself.";

  const ORDERS = { mahjongWall: 'CARD-3', balootDeck: 'CARD-2' };

  /** One reading a verification followed: declared by the record, or the kit's (READ-1). */
  function readingPart(o, field) {
    const declared = hasField(o, field);
    if (has(ORDERS, field)) return field + (declared ? ' as listed in the record (declared)' : ' ' + ORDERS[field] + " (the kit's reading)");
    const v = declared ? o[field] : READINGS[field][0];
    const text = typeof v === 'string' ? JSON.stringify(v) : String(v instanceof JsonNumber ? intOf(v) : v);
    return field + ' ' + text + (declared ? ' (declared)' : " (the kit's reading)");
  }

  function readingsNote(o, fields) {
    return 'Readings followed: ' + fields.map((x) => readingPart(o, x)).join('; ') + '.';
  }

  /** A record's declared reading, or the kit's. */
  function readingOf(o, field) {
    return hasField(o, field) ? (o[field] instanceof JsonNumber ? intOf(o[field]) : o[field]) : READINGS[field][0];
  }

  /** The four seats' cards or tiles: want as ids, got as the record's names. */
  function perSeat(names, want, got, pointer, where) {
    return [0, 1, 2, 3].map((s) => listOf(pointer(s), (i) => where(s, i), want[s].map(names), got[s]));
  }

  const throwNames = (ts) => ts.map((t) => t[0] + '-' + t[1]);

  /** REC-3: the match recomputed with the record's own shape. */
  function verifyMatchRecord(kind, o) {
    const r = newReport(kind, 'match_seed_v2 ' + o.game + ' match ' + o.matchId);
    equalCheck(r, 'commitment', '/commitment', 'MS2-1', commit(o.serverSeed), o.commitment,
      'SHA-256 of the revealed server seed equals the commitment published before the match');
    const g = GAMES.find((x) => x.name === o.game); // the schema admits registered games only
    let names = g.kind === 'baloot' ? cardName.baloot32 : g.kind === 'mahjong' ? cardName.tile : cardName.table52;
    const orderField = g.kind === 'baloot' ? 'balootDeck' : g.kind === 'mahjong' ? 'mahjongWall' : null;
    if (orderField !== null && hasField(o, orderField)) {
      const size = g.kind === 'baloot' ? 32 : 136;
      const ord = orderOf(o[orderField], names, size);
      if (ord.error) unreadable('invalid_record', '/' + orderField + ': not an order of the ' + size + ' pieces: ' + ord.error);
      names = ord.name;
    }
    const s = matchStream(o.serverSeed, o.game, o.matchId, o.clientSeeds);
    const seats = shuffle(s, range(g.players));
    listsCheck(r, 'seat order', '/seats', 'MS2-4', 'seats ' + seats.join(' ') + ', drawn first',
      [listOf('/seats', (i) => 'seat ' + i, seats.map(String), o.seats.map((x) => String(intOf(x))))]);
    const notes = [MATCH_NOTE];
    if (g.kind === 'backgammon') {
      const opening = readingOf(o, 'backgammonOpening');
      notes.push(readingsNote(o, ['backgammonOpening']));
      o.games.forEach((rg, gi) => {
        const want = backgammonGame(s, rg.rolls.length, opening);
        const name = 'game ' + (gi + 1), p = '/games/' + gi;
        const throws = (a) => throwNames(a.map((t) => t.map(intOf)));
        listsCheck(r, name + ' opening', p + '/opening', 'BG-1', 'opening throws ' + throwNames(want.opening).join(' '), [
          listOf(p + '/opening', (i) => name + ', opening throw ' + (i + 1), throwNames(want.opening), throws(rg.opening)),
          oneOf(p + '/first', name + ', first to move', 'seat ' + want.first, 'seat ' + intOf(rg.first)),
        ]);
        listsCheck(r, name + ' rolls', p + '/rolls', 'BG-2', want.rolls.length + ' turns of two dice',
          [listOf(p + '/rolls', (i) => name + ', turn ' + (i + 1), throwNames(want.rolls), throws(rg.rolls))]);
      });
    } else if (g.kind === 'deals') {
      distinctCheck(r, '/deals', false, o.deals.map((rd, di) => seatRuns(rd, (st, i) => '/deals/' + di + '/' + st + '/' + i,
        (st, i) => 'deal ' + (di + 1) + ', seat ' + st + ', card ' + (i + 1))));
      o.deals.forEach((rd, di) => {
        const ls = perSeat(names, deal52(s), rd, (st) => '/deals/' + di + '/' + st,
          (st, i) => 'deal ' + (di + 1) + ', seat ' + st + ', card ' + (i + 1));
        listsCheck(r, 'deal ' + (di + 1), '/deals/' + di, 'DEAL-1', 'all 52 cards in place', ls);
      });
    } else if (g.kind === 'baloot') {
      const decks = [];
      o.hands.forEach((rh, hi) => {
        const name = 'hand ' + (hi + 1), p = '/hands/' + hi;
        decks.push(seatRuns(rh.first, (st, i) => p + '/first/' + st + '/' + i,
          (st, i) => name + ', seat ' + st + ', first distribution card ' + (i + 1))
          .concat([shownRun([rh.upcard], () => p + '/upcard', () => name + ', turned-up card')]));
        if (rh.final !== undefined) { // the final hands repeat the first five cards: a deck of their own
          decks.push(seatRuns(rh.final, (st, i) => p + '/final/' + st + '/' + i,
            (st, i) => name + ', seat ' + st + ', card ' + (i + 1) + ' after the second distribution'));
        }
      });
      distinctCheck(r, '/hands', false, decks);
      const deal = readingOf(o, 'balootDeal');
      notes.push(readingsNote(o, ['balootDeal', 'balootDeck']));
      o.hands.forEach((rh, hi) => {
        const buyer = rh.buyer === null ? null : intOf(rh.buyer);
        const want = balootHand(s, buyer, deal);
        const name = 'hand ' + (hi + 1), p = '/hands/' + hi;
        const ls = perSeat(names, want.first, rh.first, (st) => p + '/first/' + st,
          (st, i) => name + ', seat ' + st + ', first distribution card ' + (i + 1));
        ls.push(oneOf(p + '/upcard', name + ', turned-up card', names(want.upcard), rh.upcard));
        if (buyer !== null && rh.final !== undefined) {
          ls.push(...perSeat(names, want.final, rh.final, (st) => p + '/final/' + st,
            (st, i) => name + ', seat ' + st + ', card ' + (i + 1) + ' after the second distribution'));
        }
        listsCheck(r, name, p, 'BAL-1', 'both distributions in place', ls);
      });
    } else if (g.kind === 'mahjong') {
      distinctCheck(r, '/hands', true, o.hands.map((rh, hi) => {
        const name = 'hand ' + (hi + 1), p = '/hands/' + hi;
        return seatRuns(rh.deal, (st, i) => p + '/deal/' + st + '/' + i, (st, i) => name + ', seat ' + st + ', tile ' + (i + 1) + ' of the deal')
          .concat([shownRun(rh.draws, (i) => p + '/draws/' + i, (i) => name + ', draw ' + (i + 1) + ' after the deal')]);
      }));
      const model = readingOf(o, 'mahjongDraw');
      const layout = readingOf(o, 'mahjongDeal');
      notes.push(readingsNote(o, ['mahjongDraw', 'mahjongDeal', 'mahjongWall']));
      o.hands.forEach((rh, hi) => {
        const count = 53 + rh.draws.length;
        const want = mahjongHand(s, count, model, layout);
        const name = 'hand ' + (hi + 1), p = '/hands/' + hi;
        const ls = perSeat(names, want.deal, rh.deal, (st) => p + '/deal/' + st,
          (st, i) => name + ', seat ' + st + ', tile ' + (i + 1) + ' of the deal');
        ls.push(listOf(p + '/draws', (i) => name + ', draw ' + (i + 1) + ' after the deal', want.draws.map(names), rh.draws));
        listsCheck(r, name, p, 'MJ-2', count + ' tiles in place', ls);
      });
    }
    return finishReport(r, notes);
  }

  /** REC-4: a leave bundle, hand by hand, card by card against the published roots. */
  function verifyLeaveRecord(kind, o) {
    const seat = intOf(o.seat);
    const r = newReport(kind, 'poker_hmac_v1 leave bundle, table ' + o.table + ', session ' + o.session + ', seat ' + seat);
    distinctCheck(r, '/hands', false, o.hands.map((h, hi) => ['cards', 'board'].map((list) =>
      shownRun(h[list].map((pr) => pr.card), (i) => '/hands/' + hi + '/' + list + '/' + i + '/card',
        (i) => 'hand ' + intOf(h.hand) + ', ' + (list === 'cards' ? 'own' : 'board') + ' card ' + (i + 1)))));
    const dealing = readingOf(o, 'dealing');
    const first = readingOf(o, 'firstHand'), top = first + 499;
    const seen = new Map();
    o.hands.forEach((h, hi) => {
      const hand = intOf(h.hand);
      const name = 'hand ' + hand, p = '/hands/' + hi;
      if (hand < first || hand > top) {
        failCheck(r, name + ' number', p + '/hand', 'PK-8', 'hands numbered from ' + first + ' run from ' + first + ' to ' + top,
          [mismatch(p + '/hand', 'entry ' + (hi + 1), first + ' to ' + top, String(hand))]);
        return;
      }
      if (seen.has(hand)) {
        failCheck(r, name + ' number', p + '/hand', 'PK-8', 'hand ' + hand + ' is listed twice (entries ' + (seen.get(hand) + 1) + ' and ' + (hi + 1) + ')');
        return;
      }
      seen.set(hand, hi);
      const seats = h.seats.map(intOf);
      const sorted = seats.slice().sort((a, b) => a - b);
      const j = sorted.indexOf(seat);
      if (j < 0 || sorted.some((x, k) => k > 0 && x === sorted[k - 1])) {
        failCheck(r, name + ' seats', p + '/seats', 'PK-9', "expected distinct seats including the player's seat " +
          seat + ', record has [' + seats.join(' ') + ']');
        return;
      }
      const check = (list, i, pr, wantPos) => {
        const pp = p + '/' + list + '/' + i;
        const label = name + ', ' + (list === 'cards' ? 'own' : 'board') + ' card ' + (i + 1);
        const pos = intOf(pr.position);
        if (pos !== wantPos) {
          failCheck(r, label + ' position', pp + '/position', 'PK-10', 'expected position ' + wantPos + ' (dealing ' + JSON.stringify(dealing) + '), record has ' + pos,
            [mismatch(pp + '/position', label, String(wantPos), String(pos))]);
          return;
        }
        if (rootFrom(leafHash(pos, TABLE52_IDS[pr.card], pr.salt), pos, pr.path) === h.root) {
          passCheck(r, label, pp, 'PK-7', pr.card + ' at position ' + pos + ' is in the deck the root committed to');
        } else {
          failCheck(r, label, pp, 'PK-7', pr.card + ' at position ' + pos + ' with its salt and path does not reach the published root',
            [mismatch(pp, label, 'a proof reaching root ' + h.root.slice(0, 12) + '…', 'a proof that does not')]);
        }
      };
      // PK-10, READ-2: the player at index j of the seats in ascending order
      // holds 2j and 2j + 1 in pairs, j and m + j round robin; the board follows
      // all hole cards.
      const hole = holePositions(j, sorted.length, dealing);
      h.cards.forEach((pr, i) => check('cards', i, pr, hole[i]));
      h.board.forEach((pr, i) => check('board', i, pr, 2 * sorted.length + i));
    });
    return finishReport(r, [LEAVE_NOTE, readingsNote(o, ['dealing', 'firstHand'])]);
  }

  /** REC-5: a session reveal against everything published before the deals. */
  function verifySessionRecord(kind, o) {
    const r = newReport(kind, 'poker_hmac_v1 session reveal, table ' + o.table + ', session ' + o.session + ', ' + o.hands.length + ' hands');
    const committed = readingOf(o, 'sessionCommitment') === 'published';
    if (committed) {
      equalCheck(r, 'session commitment', '/commitment', 'PK-11', commit(o.serverSeed), o.commitment,
        'SHA-256 of the revealed server seed equals the commitment published when the session opened');
    }
    const first = readingOf(o, 'firstHand');
    const numbering = [];
    o.hands.forEach((h, i) => {
      if (intOf(h.hand) !== first + i) numbering.push(mismatch('/hands/' + i + '/hand', 'entry ' + (i + 1), String(first + i), String(intOf(h.hand))));
    });
    if (numbering.length === 0) passCheck(r, 'hand numbers', '/hands', 'PK-8', 'hands ' + first + ' to ' + (first + o.hands.length - 1) + ', none missing or repeated');
    else failCheck(r, 'hand numbers', '/hands', 'PK-8', 'hands are numbered ' + first + ', ' + (first + 1) + ', ' + (first + 2) + ' … in order', numbering);
    if (o.rotation === 'hands') {
      equalCheck(r, 'rotation', '/rotation', 'PK-8', '500 hands', o.hands.length + ' hands', 'the session rotated after its 500th hand');
    }
    if (o.opened !== undefined && o.closed !== undefined) {
      const opened = parseDateTime(o.opened), closed = parseDateTime(o.closed); // both checked by the schema
      if (compareInstants(closed, opened, 0) < 0) {
        failCheck(r, 'session times', '/closed', 'PK-8', 'the session closed before it opened',
          [mismatch('/closed', 'closing time', 'at or after ' + o.opened, o.closed)]);
      } else if (compareInstants(closed, opened, 86400) > 0) {
        failCheck(r, 'session times', '/closed', 'PK-8', 'a session lasts at most 24 hours; this one lasted ' + sessionDuration(opened, closed),
          [mismatch('/closed', 'closing time', 'at most ' + formatInstantPlus(opened, 86400), o.closed)]);
      } else {
        passCheck(r, 'session times', '/closed', 'PK-8', 'open for ' + sessionDuration(opened, closed) + ', within 24 hours');
      }
    }
    distinctCheck(r, '/hands', false, o.hands.map((h, hi) =>
      [shownRun(h.deck, (i) => '/hands/' + hi + '/deck/' + i, (i) => 'hand ' + intOf(h.hand) + ', position ' + i)]));
    o.hands.forEach((h, hi) => {
      const hand = intOf(h.hand);
      const name = 'hand ' + hand, p = '/hands/' + hi;
      const seats = h.seats.map((x) => ({ seat: intOf(x.seat), clientSeed: x.clientSeed }));
      const taken = new Set();
      const dup = seats.find((x) => (taken.has(x.seat) ? true : (taken.add(x.seat), false)));
      if (dup !== undefined) {
        failCheck(r, name + ' seats', p + '/seats', 'PK-9', 'seat ' + dup.seat + ' is taken twice');
        return;
      }
      const d = pokerDeal(o.serverSeed, o.table, o.session, hand, seats);
      equalCheck(r, name + ' commitment', p + '/handCommitment', 'PK-2', d.handCommitment, h.handCommitment,
        'SHA-256 of the hand value derived from the seed equals the commitment stored before the deal');
      listsCheck(r, name + ' deck', p + '/deck', 'PK-3', 'the revealed deck is the one the seed and client seeds give',
        [listOf(p + '/deck', (i) => name + ', position ' + i, d.deck.map(cardName.table52), h.deck)]);
      const leaves = h.deck.map((c, i) => leafHash(i, TABLE52_IDS[c], d.salts[i]));
      equalCheck(r, name + ' root', p + '/root', 'PK-6', treeLevels(leaves)[6][0], h.root,
        'the revealed deck, with its salts, hashes to the root published before the deal');
    });
    return finishReport(r, [committed ? SESSION_NOTE : SESSION_NO_COMMITMENT_NOTE, readingsNote(o, ['firstHand', 'sessionCommitment'])]);
  }

  /** REC-6: a chess colour draw. */
  function verifyChessRecord(kind, o) {
    const bot = o.seedB === null;
    const r = newReport(kind, bot ? 'chess_colour_v1 game against a bot' : 'chess_colour_v1 game between two players');
    equalCheck(r, "A's commitment", '/commitA', 'CC-1', commit(o.seedA), o.commitA, "SHA-256 of A's revealed seed equals A's commitment");
    if (!bot) equalCheck(r, "B's commitment", '/commitB', 'CC-1', commit(o.seedB), o.commitB, "SHA-256 of B's revealed seed equals B's commitment");
    if (o.commitA === o.commitB) {
      failCheck(r, 'distinct commitments', '/commitB', 'CC-4', 'both sides committed to the same seed, so their words cancel and A always plays White',
        [mismatch('/commitB', "B's commitment", "a commitment other than A's", o.commitB)]);
      return finishReport(r, []);
    }
    const want = chessColour(o.seedA, o.clientA, bot ? null : o.seedB, bot ? null : o.clientB, readingOf(o, 'botClientSeed'));
    equalCheck(r, 'White', '/white', 'CC-3', want.white, o.white, want.white + ' plays White, as int(2) over the XOR of both words gives');
    return finishReport(r, bot ? [CHESS_BOT_NOTE, readingsNote(o, ['botClientSeed'])] : [CHESS_PLAYERS_NOTE]);
  }

  /** A record's selfpoker_v1 seed, as the reference reads it (SP-1); throws RecordRefusal. */
  function recordSeed(field, s) {
    if (s === '') unreadable('invalid_integer', field + ': expected a decimal integer 0 <= seed < 2^63, found an empty string');
    if (!allDigits(s, 0)) { // the bytes only when there is something to name: a seed may have sixteen million digits
      const b = toBytes(s);
      for (let i = 0; i < b.length; i++) {
        if (b[i] < 0x30 || b[i] > 0x39) unreadable('invalid_integer', field + ': expected decimal digits only, found ' + goQuoteRune(b[i]) + ' at position ' + i);
      }
    }
    if (s.length > 1 && s[0] === '0') unreadable('invalid_integer', field + ': expected canonical decimal with no leading zero, found ' + goQuote(s));
    if (s.length > 19 || (s.length === 19 && s > SEED_LIMIT_TEXT)) {
      unreadable('out_of_range', field + ': expected 0 <= seed < 2^63 (9223372036854775808), found ' + s);
    }
    return parseSeed(field, s);
  }

  /** REC-7: a self-hosted hand. */
  function verifySelfpokerRecord(kind, o) {
    // A bare number is read from its digits, never through a double.
    const seed = o.fairplay.seed;
    const text = typeof seed === 'string' ? seed : seed.text;
    const words = recordSeed('/fairplay/seed', text);
    const hands = o.hands, board = o.board;
    const r = newReport(kind, 'selfpoker_v1 hand, seed ' + text + ', ' + hands.length + ' players');
    const deck = permutationOfWords(words, 52);
    const name = cardName.selfpoker;
    equalCheck(r, 'commitment', '/commit', 'SP-2', sha256Hex('selfpoker:' + text), o.commit,
      'SHA-256 of "selfpoker:" + the revealed seed equals the commit of the state messages');
    distinctCheck(r, '', false, [hands.map((h, i) => shownRun(h, (k) => '/hands/' + i + '/' + k, (k) => 'player ' + (i + 1) + ', card ' + (k + 1)))
      .concat([shownRun(board, (k) => '/board/' + k, (k) => 'board card ' + (k + 1))])]);
    const dealing = readingOf(o, 'dealing');
    listsCheck(r, 'hands', '/hands', 'SP-4', "every player's two cards, in deck order", hands.map((h, i) =>
      listOf('/hands/' + i, (k) => 'player ' + (i + 1) + ', card ' + (k + 1), holePositions(i, hands.length, dealing).map((p) => name(deck[p])), h)));
    const first = 2 * hands.length;
    listsCheck(r, 'board', '/board', 'SP-4', board.length + ' board cards, after the hands, no burns',
      [listOf('/board', (k) => 'board card ' + (k + 1), deck.slice(first, first + board.length).map(name), board)]);
    return finishReport(r, [SELFPOKER_NOTE, readingsNote(o, ['dealing'])]);
  }

  const RECORD_VERIFIERS = {
    match: verifyMatchRecord,
    leave: verifyLeaveRecord,
    session: verifySessionRecord,
    game: verifyChessRecord,
    hand_end: verifySelfpokerRecord,
  };

  /**
   * verifyRecord(data, {path}): reads and verifies one record given as text or
   * bytes. Returns what pfkit verify --json writes for it: {path, status,
   * report} with status verified or failed, or {path, status, error: {code,
   * message}} with status unreadable or unspecified. Never throws.
   */
  function verifyRecord(data, options) {
    const path = options && options.path !== undefined ? String(options.path) : '';
    try {
      const rec = readRecord(data);
      const report = RECORD_VERIFIERS[rec.kind.kind](rec.kind, rec.record);
      return { path, status: report.status, report };
    } catch (e) {
      if (e instanceof RecordRefusal) return { path, status: e.status, error: { code: e.code, message: e.message } };
      return { path, status: 'unreadable', error: { code: 'internal_error', message: 'verifier.js failed: ' + (e && e.message ? e.message : String(e)) } };
    }
  }

  /** REC-2: 1 when any check failed, else 2 when any record was unreadable, else 3 when any was unspecified, else 0. */
  function recordsExitCode(results) {
    const statuses = results.map((r) => (typeof r === 'string' ? r : r.status));
    if (statuses.includes('failed')) return 1;
    if (statuses.includes('unreadable')) return 2;
    if (statuses.includes('unspecified')) return 3;
    return 0;
  }

  /** REC-9: the pointers two implementations must agree on (every mismatch, or a failed check's own). */
  function recordFailures(result) {
    const out = [];
    if (!result.report) return out;
    for (const c of result.report.checks) {
      if (c.ok) continue;
      if (!c.mismatches) out.push(c.pointer);
      else for (const m of c.mismatches) out.push(m.pointer);
    }
    return out;
  }

  /** The report pfkit verify prints for one record, as text ending in a newline. */
  function formatRecordResult(res) {
    const lines = [escapeText(res.path)];
    if (res.status === 'unreadable') {
      lines.push('  UNREADABLE (' + res.error.code + '): ' + res.error.message);
    } else if (res.status === 'unspecified') {
      lines.push('  SCHEME NOT SPECIFIED: ' + res.error.message);
      lines.push('  Nothing was checked: there is no published definition to check the record against.');
    } else {
      const rep = res.report;
      lines.push('  ' + rep.title);
      const width = rep.checks.reduce((w, c) => Math.max(w, utf8Length(c.name)), 0);
      let failed = 0;
      for (const c of rep.checks) {
        if (!c.ok) failed++;
        lines.push('  ' + (c.ok ? 'ok  ' : 'FAIL') + '  ' + c.name + ' '.repeat(Math.max(0, width - Array.from(c.name).length)) + '  ' + c.summary);
        const ms = c.mismatches || [];
        for (let i = 0; i < ms.length; i++) {
          if (i === 10) {
            lines.push('        … and ' + (ms.length - 10) + ' more');
            break;
          }
          lines.push('        ' + ms[i].where + ': expected ' + ms[i].expected + ', record has ' + ms[i].found);
        }
      }
      for (const n of rep.notes) lines.push('  note: ' + n);
      lines.push(failed === 0 ? '  VERIFIED: all ' + rep.checks.length + ' checks hold' : '  FAILED: ' + failed + ' of ' + rep.checks.length + ' checks failed');
    }
    return lines.map(escapeLine).join('\n') + '\n';
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
    selfpokerV1: opsOf('selfpoker_v1', ['deal', 'permutation', 'trace']),
    matchSeedV1: opsOf('match_seed_v1', ['commit', 'draws', 'trace', 'inject', 'match']),
    // Records (spec section 15): what pfkit verify checks
    verifyRecord,
    records: Object.freeze({
      verify: verifyRecord,
      read: (data) => {
        const r = readRecord(data);
        return { scheme: r.kind.scheme, kind: r.kind.kind, record: r.record };
      },
      exitCode: recordsExitCode,
      failures: recordFailures,
      format: formatRecordResult,
      // TXT-1 to TXT-3: how text from a record or a command line is shown
      text: Object.freeze({ isHidden, escape: escapeText, quote: quoteText, line: escapeLine, json: escapeJSON }),
      kinds: RECORD_KINDS,
      schemas: RECORD_SCHEMAS,
      limits: RECORD_LIMITS,
      RecordRefusal,
    }),
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
      trace: (seed, n) => traceOfWords(parseSeed('seed', seedText(seed, 'seed')), n),
    }),
    cardName,
    games: Object.freeze(GAMES.map((g) => Object.freeze({ name: g.name, players: g.players }))),
    poker: Object.freeze({ handValue, deckPrefix, leafHash, nodeHash, rootFrom, padLeaf: PAD_LEAF }),
    // Runner helpers used by adapter.js
    trimSpaceBytes,
    MAX_LINE_BYTES,
  });
});
