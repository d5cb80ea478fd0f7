// Reading JSON bytes, the one reader of records and request lines (RUN-1 to
// RUN-8, REC-1, LIM-5, REF-2): byte offsets, the spec's words for every
// refusal, the values, objects and members counted as they begin. What it
// builds is a tape (json_tape.js), two integers a value, not a tree: a record
// of a million small values costs a few megabytes until its schema has passed.
'use strict';

const { utf8At } = require('./utf8.js');
const { clippedText, quoteText } = require('./escape.js');

// The kinds of tape entries, in the low four bits of an entry's first word.
// A string is plain (printable ASCII), UTF-8 (no escape, some byte of 0x80
// or more) or escaped; a number an integer or one with a fraction or an
// exponent.
const T_NULL = 0, T_FALSE = 1, T_TRUE = 2, T_INT = 3, T_NUMBER = 4, T_PLAIN = 5, T_STRING = 6, T_ARRAY = 7, T_OBJECT = 8, T_KEY = 9,
  T_UTF8 = 10;

/** A document refused while reading: at a byte offset, with REF-2's message. */
class JsonReadError extends Error {
  constructor(offset, message, tooLarge) {
    super('at offset ' + offset + ': ' + message);
    this.offset = offset;
    this.detail = message;
    this.tooLarge = tooLarge;
  }
}

const HEX = '0123456789ABCDEF';

/** REF-2's BYTE: the byte at offset i of b, or the end of the input. */
function byteName(b, i) {
  if (i >= b.length) return 'the end of the input';
  const c = b[i];
  if (c >= 0x20 && c <= 0x7e) return quoteText(String.fromCharCode(c));
  return 'byte 0x' + HEX[c >> 4] + HEX[c & 15];
}

function hexValue(c) {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

const isSpace = (c) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c) => c >= 0x30 && c <= 0x39;

// The tape of the last document read, kept for the next one (a reader runs
// to its end before another starts): an adapter reads a line after a line, a
// verifier a record after a record.
let spare = null;

/** The tape's words: room for `entries` entries, from the spare one when it is large enough. */
function tapeWords(entries) {
  if (spare !== null && spare.length >= 2 * entries) {
    const t = spare;
    spare = null;
    return t;
  }
  return new Int32Array(2 * Math.max(entries, 16));
}

/** Hands a tape's words back once its document is no longer read (at most 16 MiB of them, a record's, is kept). */
function releaseWords(t) {
  if (t.length <= 1 << 22 && (spare === null || spare.length < t.length)) spare = t;
}

/** The reader over bytes b, with the bounds of limits; i is the offset of the next byte. */
class Reader {
  constructor(b, limits) {
    this.b = b;
    this.n = b.length;
    this.i = 0;
    this.maxDepth = limits.maxDepth;
    this.maxValues = limits.maxValues;
    this.maxObjects = limits.maxObjects;
    this.name = limits.name;
    this.values = 0;
    this.objects = 0;
    this.loose = 0; // numbers written with a fraction or an exponent
    // A value takes one byte at least and a member four more ("":0,), so
    // the tape never needs more entries than this.
    this.room = Math.min(this.maxValues + this.maxObjects, (this.n >> 1) + 2);
    this.t = tapeWords(Math.min(this.room, 1 << 12));
    this.e = 0;
    this.keys = [];
    this.open = []; // per depth, the keys of the object open there
    this.sets = [];
  }

  fail(message) {
    throw new JsonReadError(this.i, message + ', found ' + byteName(this.b, this.i), false);
  }

  space() {
    const b = this.b, n = this.n;
    let i = this.i;
    while (i < n && isSpace(b[i])) i++;
    this.i = i;
  }

  /** Appends an entry; returns its index. */
  emit(first, second) {
    let t = this.t;
    if (2 * this.e >= t.length) {
      const grown = tapeWords(Math.max(this.e + 1, Math.min(this.room, 2 * this.e)));
      grown.set(t.subarray(0, 2 * this.e));
      this.t = t = grown;
    }
    t[2 * this.e] = first;
    t[2 * this.e + 1] = second;
    return this.e++;
  }

  /** LIM-5 where a value begins, c its first byte: the depth, the values, then for an object the objects. */
  begins(c, depth) {
    if ((c === 0x7b || c === 0x5b) && depth + 1 > this.maxDepth) {
      throw new JsonReadError(this.i, 'nesting deeper than ' + this.maxDepth + ' levels', true);
    }
    if (++this.values > this.maxValues) throw new JsonReadError(this.i, 'more than ' + this.maxValues + ' values', true);
    if (c === 0x7b) this.member(this.i);
  }

  /** Counts an object, or a member whose key begins at offset at. */
  member(at) {
    if (++this.objects > this.maxObjects) throw new JsonReadError(at, 'more than ' + this.maxObjects + ' objects and members', true);
  }

  /** The value at i, inside depth containers. */
  value(depth) {
    if (this.i >= this.n) this.fail('expected a value');
    const c = this.b[this.i];
    switch (c) {
      case 0x22:
        this.begins(c, depth);
        return this.stringValue();
      case 0x7b:
        this.begins(c, depth);
        return this.object(depth + 1);
      case 0x5b:
        this.begins(c, depth);
        return this.array(depth + 1);
      case 0x74:
        this.begins(c, depth);
        return this.literal('true', T_TRUE);
      case 0x66:
        this.begins(c, depth);
        return this.literal('false', T_FALSE);
      case 0x6e:
        this.begins(c, depth);
        return this.literal('null', T_NULL);
      default:
        if (c !== 0x2d && !isDigit(c)) this.fail('expected a value');
        this.begins(c, depth);
        return this.number();
    }
  }

  /** true, false or null, refused at the first byte that differs. */
  literal(word, type) {
    for (let k = 0; k < word.length; k++) {
      if (this.i >= this.n || this.b[this.i] !== word.charCodeAt(k)) this.fail('expected ' + word);
      this.i++;
    }
    return this.emit(type, 0);
  }

  /** Moves past a run of digits; returns how many there were. */
  digits() {
    const b = this.b, n = this.n, from = this.i;
    let i = from;
    while (i < n && isDigit(b[i])) i++;
    this.i = i;
    return i - from;
  }

  number() {
    const b = this.b, n = this.n, start = this.i;
    let type = T_INT;
    if (b[this.i] === 0x2d) this.i++;
    if (this.i < n && b[this.i] === 0x30) this.i++;
    else if (this.digits() === 0) this.fail('expected a digit');
    if (this.i < n && b[this.i] === 0x2e) {
      this.i++;
      type = T_NUMBER;
      if (this.digits() === 0) this.fail("expected a digit after '.'");
    }
    if (this.i < n && (b[this.i] === 0x65 || b[this.i] === 0x45)) {
      this.i++;
      type = T_NUMBER;
      if (this.i < n && (b[this.i] === 0x2b || b[this.i] === 0x2d)) this.i++;
      if (this.digits() === 0) this.fail('expected a digit in the exponent');
    }
    if (type === T_NUMBER) this.loose++;
    return this.emit(type, start);
  }

  /** The escape after the backslash at i, checked; moves past it. */
  escape() {
    const b = this.b;
    this.i++;
    const e = this.i < this.n ? b[this.i] : -1;
    if (e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
      this.i++;
      return;
    }
    if (e !== 0x75) this.fail('expected an escape (one of " \\ / b f n r t u)');
    this.i++;
    for (let k = 0; k < 4; k++) {
      if (this.i >= this.n || hexValue(b[this.i]) < 0) this.fail('expected four hex digits');
      this.i++;
    }
  }

  /** Checks the string whose opening quote is at i and moves past it; returns its kind: T_PLAIN, T_UTF8 or T_STRING. */
  scanString() {
    const b = this.b, n = this.n;
    let kind = T_PLAIN;
    let i = this.i + 1;
    for (;;) {
      while (i < n) { // a string may be sixteen million bytes long (LIM-1)
        const c = b[i];
        if (c === 0x22 || c === 0x5c || c < 0x20) break;
        if (c >= 0x80) kind = kind === T_PLAIN ? T_UTF8 : kind;
        i++;
      }
      this.i = i;
      if (i >= n || b[i] < 0x20) this.fail('expected a character of a string');
      if (b[i] === 0x22) {
        this.i = i + 1;
        return kind;
      }
      kind = T_STRING;
      this.escape();
      i = this.i;
    }
  }

  stringValue() {
    const start = this.i;
    return this.emit(this.scanString(), start);
  }

  /** The key at i, decoded (RUN-8), refused when its object holds it already (RUN-4), then counted (LIM-5). */
  key(depth) {
    const at = this.i;
    const kind = this.scanString();
    const key = kind === T_PLAIN ? asciiText(this.b, at + 1, this.i - 1) : stringText(this.b, at, kind);
    const seen = this.open[depth];
    let set = this.sets[depth];
    if (set === null && seen.length >= 8) {
      set = this.sets[depth] = new Set(seen);
    }
    if (set !== null ? set.has(key) : seen.indexOf(key) >= 0) throw new JsonReadError(at, 'duplicate key ' + clippedText(key), false);
    if (set !== null) set.add(key);
    else seen.push(key);
    this.member(at);
    this.keys.push(key);
    return this.keys.length - 1;
  }

  /** An object; b[i] is its opening brace and depth its level. */
  object(depth) {
    const at = this.emit(T_OBJECT, 0);
    this.i++;
    while (this.open.length <= depth) {
      this.open.push([]);
      this.sets.push(null);
    }
    this.open[depth].length = 0;
    this.sets[depth] = null;
    let count = 0;
    this.space();
    if (this.i < this.n && this.b[this.i] === 0x7d) {
      this.i++;
      return this.close(at, T_OBJECT, 0);
    }
    for (;;) {
      this.space();
      if (this.i >= this.n || this.b[this.i] !== 0x22) this.fail('expected a string key');
      this.emit(T_KEY | (this.key(depth) << 4), 0);
      this.space();
      if (this.i >= this.n || this.b[this.i] !== 0x3a) this.fail("expected ':'");
      this.i++;
      this.space();
      this.value(depth);
      count++;
      this.space();
      const c = this.i < this.n ? this.b[this.i] : -1;
      this.i++;
      if (c === 0x2c) continue;
      if (c === 0x7d) return this.close(at, T_OBJECT, count);
      this.i--;
      this.fail("expected ',' or '}'");
    }
  }

  /** An array; b[i] is its opening bracket and depth its level. */
  array(depth) {
    const at = this.emit(T_ARRAY, 0);
    this.i++;
    let count = 0;
    this.space();
    if (this.i < this.n && this.b[this.i] === 0x5d) {
      this.i++;
      return this.close(at, T_ARRAY, 0);
    }
    for (;;) {
      this.space();
      this.value(depth);
      count++;
      this.space();
      const c = this.i < this.n ? this.b[this.i] : -1;
      this.i++;
      if (c === 0x2c) continue;
      if (c === 0x5d) return this.close(at, T_ARRAY, count);
      this.i--;
      this.fail("expected ',' or ']'");
    }
  }

  /** Completes the container entry at: its count and the entry after it. */
  close(at, type, count) {
    this.t[2 * at] = type | (count << 4);
    this.t[2 * at + 1] = this.e;
    return at;
  }
}

const ASCII_DECODER = typeof TextDecoder === 'function' ? new TextDecoder('utf-8') : null;

/**
 * ASCII bytes b[start, end) as a string; long runs in one copy. Node makes a
 * megabyte taken from a Buffer (latin1Slice) a string outside V8's heap, whose
 * memory is returned later than the heap's: the longest go through TextDecoder.
 */
function asciiText(b, start, end) {
  if (end - start > 64) {
    if (typeof b.latin1Slice === 'function' && end - start <= 1 << 16) return b.latin1Slice(start, end); // a Node Buffer
    if (ASCII_DECODER !== null) return ASCII_DECODER.decode(b.subarray(start, end));
  }
  let s = '';
  for (let p = start; p < end; p += 8192) s += String.fromCharCode.apply(null, b.subarray(p, Math.min(end, p + 8192)));
  return s;
}

const UNITS = new Uint16Array(8192);

/** Gathers the UTF-16 code units of a decoded string, in pieces of 8192. */
class Units {
  constructor() {
    this.pieces = [];
    this.u = 0;
    this.size = 0; // the code units gathered
  }

  push(c) {
    if (this.u === UNITS.length) this.flush();
    UNITS[this.u++] = c;
    this.size++;
  }

  point(cp) {
    if (cp < 0x10000) return this.push(cp);
    cp -= 0x10000;
    this.push(0xd800 + (cp >> 10));
    return this.push(0xdc00 + (cp & 1023));
  }

  flush() {
    if (this.u > 0) this.pieces.push(String.fromCharCode.apply(null, UNITS.subarray(0, this.u)));
    this.u = 0;
  }

  text() {
    this.flush();
    return this.pieces.length === 1 ? this.pieces[0] : this.pieces.join('');
  }
}

function hex4At(b, i) {
  return (hexValue(b[i]) << 12) | (hexValue(b[i + 1]) << 8) | (hexValue(b[i + 2]) << 4) | hexValue(b[i + 3]);
}

/** The escape at b[i] (its backslash) onto out; returns the offset after it. */
function unescape(b, i, out) {
  const e = b[i + 1];
  switch (e) {
    case 0x62: out.push(8); return i + 2;
    case 0x66: out.push(12); return i + 2;
    case 0x6e: out.push(10); return i + 2;
    case 0x72: out.push(13); return i + 2;
    case 0x74: out.push(9); return i + 2;
    case 0x75: break;
    default: out.push(e); return i + 2;
  }
  const r = hex4At(b, i + 2);
  if (r < 0xd800 || r > 0xdfff) {
    out.push(r);
    return i + 6;
  }
  // A surrogate is a character only as the first half of a pair; else U+FFFD,
  // and an escape after it is read on its own.
  if (r <= 0xdbff && b[i + 6] === 0x5c && b[i + 7] === 0x75) {
    const r2 = hex4At(b, i + 8);
    if (r2 >= 0xdc00 && r2 <= 0xdfff) {
      out.push(r);
      out.push(r2);
      return i + 12;
    }
  }
  out.push(0xfffd);
  return i + 6;
}

/**
 * The string whose text starts at b[from], read and checked already, decoded
 * by RUN-8; with max, only its first max code units or a few more.
 */
function decodeString(b, from, max) {
  const out = new Units();
  const most = max === undefined ? Infinity : max;
  let i = from;
  for (;;) {
    const c = b[i];
    if (c === 0x22 || out.size >= most) return out.text();
    if (c === 0x5c) {
      i = unescape(b, i, out);
    } else if (c < 0x80) {
      let j = i + 1;
      const stop = Math.min(b.length, i + most - out.size);
      while (j < stop && b[j] >= 0x20 && b[j] < 0x80 && b[j] !== 0x22 && b[j] !== 0x5c) j++;
      if (j - i > 64) {
        out.flush();
        out.pieces.push(asciiText(b, i, j));
        out.size += j - i;
      } else {
        for (let k = i; k < j; k++) out.push(b[k]);
      }
      i = j;
    } else {
      const r = utf8At(b, i);
      if (r < 0) {
        out.push(0xfffd);
        i++;
      } else {
        out.point(Math.floor(r / 8));
        i += r & 7;
      }
    }
  }
}

const FATAL = typeof TextDecoder === 'function' ? new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }) : null;
const LOOSE = typeof TextDecoder === 'function' ? new TextDecoder('utf-8', { ignoreBOM: true }) : null;

/**
 * Whether b[from, end), which is not valid UTF-8, reads the same by RUN-8 as
 * by a decoder that replaces a maximal subpart (TextDecoder): it does unless
 * a lead byte is followed by a byte its sequence allows and the sequence is
 * still cut short, which RUN-8 reads as two or three U+FFFD and TextDecoder
 * as one.
 */
function replacedAlike(b, from, end) {
  for (let i = from; i < end; i++) {
    const c = b[i];
    if (c < 0xc2 || c > 0xf4 || i + 1 >= end || utf8At(b, i) >= 0) continue;
    const d = b[i + 1];
    const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80, hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    if (d >= lo && d <= hi) return false;
  }
  return true;
}

/**
 * The text of the string whose opening quote is at b[q], read and checked
 * already, of kind T_UTF8 or T_STRING; with max, only its first max code
 * units or a few more. A string with no escape is decoded natively, in one
 * piece, when that reads it as RUN-8 does.
 */
function stringText(b, q, kind, max) {
  if (kind !== T_UTF8 || max !== undefined || FATAL === null) return decodeString(b, q + 1, max);
  const end = b.indexOf(0x22, q + 1);
  const bytes = b.subarray(q + 1, end);
  try {
    return FATAL.decode(bytes);
  } catch {
    return replacedAlike(b, q + 1, end) ? LOOSE.decode(bytes) : decodeString(b, q + 1);
  }
}

/**
 * The text of the escaped string whose opening quote is at b[q], when every
 * code point it stands for is ASCII; else null, found without decoding the
 * rest.
 */
function asciiString(b, q) {
  const out = new Units();
  for (let i = q + 1; ;) {
    const c = b[i];
    if (c === 0x22) return out.text();
    if (c >= 0x80) return null;
    if (c !== 0x5c) {
      out.push(c);
      i++;
    } else if (b[i + 1] !== 0x75) {
      i = unescape(b, i, out);
    } else {
      const r = hex4At(b, i + 2);
      if (r >= 0x80) return null;
      out.push(r);
      i += 6;
    }
  }
}

/** The end of the number whose text starts at b[from]. */
function numberEnd(b, from) {
  let i = from;
  for (;;) {
    const c = b[i];
    if (isDigit(c) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45) i++;
    else return i;
  }
}

/**
 * Reads one JSON value from bytes b under limits {maxDepth, maxValues,
 * maxObjects, name} (name: what must end, "record" or "line"). Returns
 * {b, t, entries, keys, loose}; throws JsonReadError.
 */
function readTape(b, limits) {
  const r = new Reader(b, limits);
  try {
    r.space();
    r.value(0);
    r.space();
    if (r.i < r.n) r.fail('expected the end of the ' + r.name);
  } catch (e) {
    releaseWords(r.t);
    throw e;
  }
  return { b, t: r.t, entries: r.e, keys: r.keys, loose: r.loose };
}

module.exports = {
  T_NULL, T_FALSE, T_TRUE, T_INT, T_NUMBER, T_PLAIN, T_STRING, T_ARRAY, T_OBJECT, T_KEY, T_UTF8,
  JsonReadError, byteName, readTape, releaseWords, asciiText, stringText, asciiString, numberEnd,
};
