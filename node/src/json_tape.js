// A document as the reader leaves it (json_read.js): what a check asks of a
// value on the tape (its type, its elements, its members, its text), and the
// tree of JavaScript values it stands for, built only when it is wanted.
'use strict';

const { JsonNumber } = require('./json_value.js');
const {
  T_NULL, T_FALSE, T_TRUE, T_INT, T_NUMBER, T_PLAIN, T_ARRAY, T_OBJECT,
  T_UTF8, releaseWords, asciiText, stringText, asciiString, numberEnd,
} = require('./json_read.js');

// Every record and line is mostly card names and small integers: those
// values are made once, and a tree holds them for the price of a reference.
const SHORT = [];
const SMALL = [];

function shortText(c, d) {
  const k = c * 128 + d;
  let s = SHORT[k];
  if (s === undefined) s = SHORT[k] = d === 0 ? String.fromCharCode(c) : String.fromCharCode(c, d);
  return s;
}

/** The number written b[start, end) in the tree's form, JsonNumber. */
function numberValue(b, start, end) {
  const c = b[start];
  if (end - start <= 3 && c !== 0x2d && (end - start === 1 || c !== 0x30)) {
    let v = 0;
    for (let k = start; k < end; k++) {
      const d = b[k] - 0x30;
      if (d < 0 || d > 9) return new JsonNumber(asciiText(b, start, end));
      v = v * 10 + d;
    }
    let x = SMALL[v];
    if (x === undefined) x = SMALL[v] = Object.freeze(new JsonNumber(String(v)));
    return x;
  }
  return new JsonNumber(asciiText(b, start, end));
}

/** A document on its tape; e names an entry, the document itself being 0. */
class Tape {
  constructor(doc) {
    this.b = doc.b;
    this.t = doc.t;
    this.keys = doc.keys;
    this.entries = doc.entries;
    this.loose = doc.loose; // numbers written with a fraction or an exponent
    this.at = 0;
  }

  kind(e) {
    return this.t[2 * e] & 15;
  }

  /** The JSON type: null, boolean, number, string, array or object. */
  jsonType(e) {
    switch (this.t[2 * e] & 15) {
      case T_NULL: return 'null';
      case T_FALSE: case T_TRUE: return 'boolean';
      case T_INT: case T_NUMBER: return 'number';
      case T_ARRAY: return 'array';
      case T_OBJECT: return 'object';
      default: return 'string';
    }
  }

  /** The elements of an array or the members of an object. */
  count(e) {
    return this.t[2 * e] >>> 4;
  }

  /** The entry after the value e and everything it holds. */
  after(e) {
    const k = this.t[2 * e] & 15;
    return k === T_ARRAY || k === T_OBJECT ? this.t[2 * e + 1] : e + 1;
  }

  /** The key of the member whose key entry is k (its value is k + 1). */
  key(k) {
    return this.keys[this.t[2 * k] >>> 4];
  }

  /** The value of the member name of the object e, or -1. */
  member(e, name) {
    const n = this.count(e);
    let k = e + 1;
    for (let m = 0; m < n; m++) {
      if (this.key(k) === name) return k + 1;
      k = this.after(k + 1);
    }
    return -1;
  }

  /** The text of the string e; with max, only its first max code units or a few more. */
  text(e, max) {
    const b = this.b, q = this.t[2 * e + 1];
    const kind = this.t[2 * e] & 15;
    if (kind !== T_PLAIN) return stringText(b, q, kind, max);
    const stop = max === undefined ? b.length : Math.min(b.length, q + 1 + max);
    let j = q + 1;
    while (j < stop && b[j] !== 0x22) j++;
    if (j - q <= 3) return j === q + 1 ? '' : shortText(b[q + 1], j === q + 2 ? 0 : b[q + 2]);
    return asciiText(b, q + 1, j);
  }

  /** The text of the string e when it stands for ASCII only; else null, found without decoding all of it. */
  asciiText(e) {
    const kind = this.t[2 * e] & 15;
    if (kind === T_PLAIN) return this.text(e);
    return kind === T_UTF8 ? null : asciiString(this.b, this.t[2 * e + 1]);
  }

  /** The number e as written; with max, only its first max characters. */
  numberText(e, max) {
    const start = this.t[2 * e + 1];
    const end = numberEnd(this.b, start);
    return asciiText(this.b, start, max === undefined ? end : Math.min(end, start + max));
  }

  /** The tree of the value e (objects with a null prototype, numbers JsonNumber). */
  tree(e) {
    this.at = e;
    return this.next();
  }

  next() {
    const e = this.at++;
    const f = this.t[2 * e];
    switch (f & 15) {
      case T_NULL: return null;
      case T_FALSE: return false;
      case T_TRUE: return true;
      case T_INT: case T_NUMBER: {
        const start = this.t[2 * e + 1];
        return numberValue(this.b, start, numberEnd(this.b, start));
      }
      case T_ARRAY: {
        const a = new Array(f >>> 4);
        for (let i = 0; i < a.length; i++) a[i] = this.next();
        return a;
      }
      case T_OBJECT: {
        const o = Object.create(null);
        const n = f >>> 4;
        for (let m = 0; m < n; m++) {
          const key = this.key(this.at++);
          o[key] = this.next();
        }
        return o;
      }
      default: return this.text(e);
    }
  }

  /** Hands the tape back for the next document; the tape is not read after. */
  release() {
    releaseWords(this.t);
    this.t = null;
  }
}

module.exports = { Tape };
