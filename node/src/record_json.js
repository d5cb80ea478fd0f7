// The record reader's JSON: the rules of the runner's reader (exact number
// text, no repeated key, limits), read byte by byte as the reference reads
// it, so that a refusal names the same byte offset with the same words.
'use strict';

const { decodeRuneGo } = require('./utf8.js');
const { JsonNumber, has } = require('./json_value.js');
const { quoteText } = require('./text.js');
const { goQuoteRune, goQuoteBytes } = require('./go_quote.js');

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

class RecordJsonError extends Error {
  constructor(message, tooLarge) {
    super(message);
    this.tooLarge = tooLarge;
  }
}

/** The record reader over the bytes b; i is the offset of the next byte. */
class RecordReader {
  constructor(b, maxDepth) {
    this.b = b;
    this.n = b.length;
    this.i = 0;
    this.maxDepth = maxDepth;
  }

  space() {
    const b = this.b, n = this.n;
    let i = this.i;
    while (i < n) {
      const c = b[i];
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
    this.i = i;
  }

  errAt(message) {
    return new RecordJsonError(message + ' at offset ' + this.i, false);
  }

  unexpected(want) {
    return this.i >= this.n
      ? new RecordJsonError('unexpected end of JSON input, expected ' + want, false)
      : this.errAt('invalid character ' + goQuoteRune(this.b[this.i]) + ', expected ' + want);
  }

  /** The value of the four hex digits at i; moves past them. */
  hex4() {
    const b = this.b, i = this.i;
    if (i + 4 > this.n) throw this.unexpected('four hex digits');
    let v = 0;
    for (let q = i; q < i + 4; q++) {
      const c = b[q];
      let d;
      if (c >= 0x30 && c <= 0x39) d = c - 0x30;
      else if (c >= 0x61 && c <= 0x66) d = c - 0x57;
      else if (c >= 0x41 && c <= 0x46) d = c - 0x37;
      else throw this.errAt('invalid \\u escape ' + goQuoteBytes(b.subarray(i, i + 4)));
      v = v * 16 + d;
    }
    this.i = i + 4;
    return v;
  }

  /** A string; b[i] is its opening quote. */
  string() {
    const b = this.b, n = this.n;
    const start = this.i + 1; // past the opening quote
    this.i = plainRun(b, start, n);
    if (this.i < n && b[this.i] === 0x22) {
      this.i++;
      return asciiText(b, start, this.i - 1);
    }
    let out = asciiText(b, start, this.i);
    while (this.i < n) {
      const c = b[this.i];
      if (c === 0x22) {
        this.i++;
        return out;
      }
      if (c < 0x20) throw this.errAt('invalid control character ' + goQuoteRune(c) + ' in a string');
      if (c === 0x5c) {
        out += this.escape();
        continue;
      }
      if (c < 0x80) {
        const end = plainRun(b, this.i, n);
        out += asciiText(b, this.i, end);
        this.i = end;
        continue;
      }
      const r = decodeRuneGo(b, this.i);
      out += r[0] < 0 ? '\ufffd' : String.fromCodePoint(r[0]);
      this.i += r[1];
    }
    throw new RecordJsonError('unexpected end of JSON input in a string', false);
  }

  /** What the escape at i (its backslash) stands for; moves past it. */
  escape() {
    const b = this.b;
    if (this.i + 1 >= this.n) throw this.unexpected('an escape');
    const e = b[this.i + 1];
    this.i += 2;
    if (e === 0x22 || e === 0x5c || e === 0x2f) return String.fromCharCode(e);
    if (e === 0x62) return '\b';
    if (e === 0x66) return '\f';
    if (e === 0x6e) return '\n';
    if (e === 0x72) return '\r';
    if (e === 0x74) return '\t';
    if (e !== 0x75) throw this.errAt("invalid escape '\\" + String.fromCharCode(e) + "' in a string");
    const r = this.hex4();
    if (r < 0xd800 || r > 0xdfff) return String.fromCharCode(r);
    // A surrogate counts only as the first half of a valid pair; else U+FFFD.
    let r2 = -1;
    if (this.i + 1 < this.n && b[this.i] === 0x5c && b[this.i + 1] === 0x75) {
      const save = this.i;
      this.i += 2;
      r2 = this.hex4();
      if (!(r < 0xdc00 && r2 >= 0xdc00 && r2 <= 0xdfff)) {
        this.i = save;
        r2 = -1;
      }
    }
    return r2 < 0 ? '\ufffd' : String.fromCharCode(r, r2);
  }

  /** The number of digits from i; moves past them. */
  digits() {
    const from = this.i;
    this.i = digitRun(this.b, from, this.n); // a number may have sixteen million digits (LIM-1)
    return this.i - from;
  }

  number() {
    const b = this.b, n = this.n;
    const start = this.i;
    if (b[this.i] === 0x2d) this.i++;
    if (this.i < n && b[this.i] === 0x30) this.i++;
    else if (this.digits() === 0) throw this.unexpected('a digit');
    if (this.i < n && b[this.i] === 0x2e) {
      this.i++;
      if (this.digits() === 0) throw this.unexpected("a digit after '.'");
    }
    if (this.i < n && (b[this.i] === 0x65 || b[this.i] === 0x45)) {
      this.i++;
      if (this.i < n && (b[this.i] === 0x2b || b[this.i] === 0x2d)) this.i++;
      if (this.digits() === 0) throw this.unexpected('a digit in the exponent');
    }
    return new JsonNumber(asciiText(b, start, this.i));
  }

  literal(word, v) {
    const b = this.b, i = this.i;
    for (let k = 0; k < word.length; k++) {
      if (i + k >= this.n || b[i + k] !== word.charCodeAt(k)) throw this.errAt('invalid literal, expected ' + word);
    }
    this.i = i + word.length;
    return v;
  }

  /** The value at i, inside depth containers. */
  value(depth) {
    if (this.i >= this.n) throw this.unexpected('a value');
    const c = this.b[this.i];
    if (c === 0x7b || c === 0x5b) {
      if (depth + 1 > this.maxDepth) throw new RecordJsonError('too large: nesting deeper than ' + this.maxDepth + ' levels', true);
      return c === 0x7b ? this.object(depth + 1) : this.array(depth + 1);
    }
    if (c === 0x22) return this.string();
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number();
    if (c === 0x74) return this.literal('true', true);
    if (c === 0x66) return this.literal('false', false);
    if (c === 0x6e) return this.literal('null', null);
    throw this.unexpected('a value');
  }

  /** Whether b[i] is the byte c. */
  at(c) {
    return this.i < this.n && this.b[this.i] === c;
  }

  /** An object; b[i] is its opening brace. */
  object(depth) {
    this.i++;
    const obj = Object.create(null);
    this.space();
    if (this.at(0x7d)) {
      this.i++;
      return obj;
    }
    for (;;) {
      this.space();
      if (!this.at(0x22)) throw this.unexpected('a string key');
      const at = this.i;
      const key = this.string();
      if (has(obj, key)) throw new RecordJsonError('duplicate key ' + quoteText(key) + ' at offset ' + at, false);
      this.space();
      if (!this.at(0x3a)) throw this.unexpected("':'");
      this.i++;
      this.space();
      obj[key] = this.value(depth);
      this.space();
      if (this.at(0x2c)) { this.i++; continue; }
      if (this.at(0x7d)) { this.i++; return obj; }
      throw this.unexpected("',' or '}'");
    }
  }

  /** An array; b[i] is its opening bracket. */
  array(depth) {
    this.i++;
    const arr = [];
    this.space();
    if (this.at(0x5d)) {
      this.i++;
      return arr;
    }
    for (;;) {
      this.space();
      arr.push(this.value(depth));
      this.space();
      if (this.at(0x2c)) { this.i++; continue; }
      if (this.at(0x5d)) { this.i++; return arr; }
      throw this.unexpected("',' or ']'");
    }
  }
}

/** Reads one record's bytes b; throws RecordJsonError. */
function parseRecordJSON(b, maxBytes, maxDepth) {
  if (b.length > maxBytes) throw new RecordJsonError('too large: ' + b.length + ' bytes, the limit is ' + maxBytes, true);
  const r = new RecordReader(b, maxDepth);
  r.space();
  const v = r.value(0);
  r.space();
  if (r.i < r.n) throw new RecordJsonError('unexpected data after the JSON value at offset ' + r.i, false);
  return v;
}

module.exports = { RecordJsonError, parseRecordJSON };
