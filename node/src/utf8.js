// UTF-8: encoding, length, and decoding by RUN-8 (one U+FFFD per byte that is
// not part of a well-formed sequence), so that two implementations never
// disagree on whether two keys are the same; and the byte order of UTF-8 text.
'use strict';

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
 * Decodes UTF-8 by RUN-8's rule: every byte that is not part of a well-formed
 * sequence becomes one U+FFFD. Two implementations that replaced invalid
 * bytes differently could disagree on whether two keys are duplicates.
 */
function decodeUtf8(b) {
  // Valid UTF-8 (every ordinary line) decodes natively; ignoreBOM keeps a leading
  // U+FEFF as the character it is.
  if (DECODER !== null) {
    try {
      return DECODER.decode(b);
    } catch {
      // invalid UTF-8: decoded below, byte by byte
    }
  }
  let out = '';
  let chunk = [];
  const flush = () => { out += String.fromCharCode.apply(null, chunk); chunk = []; };
  for (let i = 0; i < b.length;) {
    let cp = b[i], size = 1;
    if (cp >= 0x80) {
      const r = utf8At(b, i);
      if (r < 0) cp = 0xfffd;
      else { cp = Math.floor(r / 8); size = r & 7; }
    }
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

/**
 * RUN-8: the well-formed UTF-8 sequence of two to four bytes at b[i] (the
 * Unicode Standard's table 3-7) as its code point times 8 plus its length, or
 * -1 when the byte there begins none and is read as one U+FFFD.
 */
function utf8At(b, i) {
  const n = b.length, c = b[i];
  if (c >= 0xc2 && c <= 0xdf) {
    if (i + 1 < n && (b[i + 1] & 0xc0) === 0x80) return (((c & 31) << 6) | (b[i + 1] & 63)) * 8 + 2;
  } else if (c >= 0xe0 && c <= 0xef) {
    const lo = c === 0xe0 ? 0xa0 : 0x80, hi = c === 0xed ? 0x9f : 0xbf;
    if (i + 2 < n && b[i + 1] >= lo && b[i + 1] <= hi && (b[i + 2] & 0xc0) === 0x80) {
      return (((c & 15) << 12) | ((b[i + 1] & 63) << 6) | (b[i + 2] & 63)) * 8 + 3;
    }
  } else if (c >= 0xf0 && c <= 0xf4) {
    const lo = c === 0xf0 ? 0x90 : 0x80, hi = c === 0xf4 ? 0x8f : 0xbf;
    if (i + 3 < n && b[i + 1] >= lo && b[i + 1] <= hi && (b[i + 2] & 0xc0) === 0x80 && (b[i + 3] & 0xc0) === 0x80) {
      return (((c & 7) << 18) | ((b[i + 1] & 63) << 12) | ((b[i + 2] & 63) << 6) | (b[i + 3] & 63)) * 8 + 4;
    }
  }
  return -1;
}

/** Compares two strings in code point order, which is the order of their UTF-8 bytes. */
function compareCodePoints(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let c = a.charCodeAt(i), d = b.charCodeAt(i);
    if (c === d) continue;
    // UTF-16 puts the surrogates of U+10000 and above before U+E000 to U+FFFF.
    if (c >= 0xd800 && d >= 0xd800) {
      c = c >= 0xe000 ? c - 0x800 : c + 0x2000;
      d = d >= 0xe000 ? d - 0x800 : d + 0x2000;
    }
    return c < d ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

module.exports = { utf8Length, decodeUtf8, scratchBytes, toBytes, utf8At, compareCodePoints };
