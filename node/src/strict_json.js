// Strict JSON (RUN-1 to RUN-5, NUM-1): exact number text, no repeated key,
// limits on size and nesting; and a value built in JavaScript read as if it
// had been written as JSON.
'use strict';

const { fail } = require('./errors.js');
const { utf8Length, toBytes, utf8DecodeLikeGo } = require('./utf8.js');
const { JsonNumber } = require('./json_value.js');

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

const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

/** The value of the four hex digits of text at p, or -1. */
function hex4(text, p) {
  if (p + 4 > text.length) return -1;
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
}

/** The runner's reader over one text; i is the offset of the next character. */
class StrictReader {
  constructor(text, maxDepth) {
    this.text = text;
    this.n = text.length;
    this.i = 0;
    this.maxDepth = maxDepth;
  }

  ws() {
    const text = this.text, n = this.n;
    let i = this.i;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
    this.i = i;
  }

  /** Throws the syntax error of what was expected at offset i. */
  syntaxAt(i, what) {
    throw new JsonSyntaxError('expected ' + what + ', found ' + describeAt(this.text, i));
  }

  syntax(what) {
    this.syntaxAt(this.i, what);
  }

  /** A string; text[i] is its opening quote. */
  string() {
    const text = this.text, n = this.n;
    let i = this.i + 1;
    let out = '';
    let from = i;
    for (;;) {
      if (i >= n) this.syntaxAt(i, 'a closing quote');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        this.i = i + 1;
        return out + text.slice(from, i);
      }
      if (c < 0x20) this.syntaxAt(i, 'a character allowed in a string (control characters must be escaped)');
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
      this.i = i + 1;
      out += this.escape();
      i = this.i;
      from = i;
    }
  }

  /** What the escape after a backslash stands for; text[i] is its first character. */
  escape() {
    const text = this.text;
    let i = this.i;
    if (i >= this.n) this.syntaxAt(i, 'an escape character');
    const e = text[i];
    if (e === 'u') {
      const cp = hex4(text, i + 1);
      if (cp < 0) this.syntaxAt(i + 1, 'four hex digits after \\u');
      i += 5;
      let out = String.fromCharCode(cp);
      if (cp >= 0xd800 && cp <= 0xdfff) {
        // Go keeps a surrogate only as the high half of a valid \u pair; anything else is U+FFFD.
        out = '\ufffd';
        if (cp <= 0xdbff && text[i] === '\\' && text[i + 1] === 'u') {
          const lo = hex4(text, i + 2);
          if (lo >= 0xdc00 && lo <= 0xdfff) {
            out = String.fromCharCode(cp, lo);
            i += 6;
          }
        }
      }
      this.i = i;
      return out;
    }
    if (!hasOwn(ESCAPES, e)) this.syntaxAt(i, 'a valid escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
    this.i = i + 1;
    return ESCAPES[e];
  }

  number() {
    const text = this.text;
    const start = this.i;
    let i = start;
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (text[i] >= '1' && text[i] <= '9') { while (text[i] >= '0' && text[i] <= '9') i++; }
    else this.syntaxAt(i, 'a digit');
    if (text[i] === '.') {
      i++;
      if (!(text[i] >= '0' && text[i] <= '9')) this.syntaxAt(i, 'a digit after the decimal point');
      while (text[i] >= '0' && text[i] <= '9') i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!(text[i] >= '0' && text[i] <= '9')) this.syntaxAt(i, 'a digit in the exponent');
      while (text[i] >= '0' && text[i] <= '9') i++;
    }
    this.i = i;
    return new JsonNumber(text.slice(start, i));
  }

  literal(word, value) {
    if (!this.text.startsWith(word, this.i)) this.syntax('a JSON value');
    this.i += word.length;
    return value;
  }

  /** The value at i (after whitespace), inside depth containers. */
  value(depth) {
    this.ws();
    if (this.i >= this.n) this.syntax('a JSON value');
    const c = this.text[this.i];
    if (c === '{' || c === '[') {
      if (depth + 1 > this.maxDepth) throw new JsonLimitError('nesting deeper than ' + this.maxDepth + ' levels');
      this.i++;
      return c === '[' ? this.array(depth) : this.object(depth);
    }
    if (c === '"') return this.string();
    if (c === '-' || (c >= '0' && c <= '9')) return this.number();
    if (c === 't') return this.literal('true', true);
    if (c === 'f') return this.literal('false', false);
    if (c === 'n') return this.literal('null', null);
    return this.syntax('a JSON value');
  }

  /** An array's elements; i is past its opening bracket. */
  array(depth) {
    const arr = [];
    this.ws();
    if (this.text[this.i] === ']') { this.i++; return arr; }
    for (;;) {
      arr.push(this.value(depth + 1));
      this.ws();
      const c = this.text[this.i];
      if (c === ',') { this.i++; continue; }
      if (c === ']') { this.i++; return arr; }
      this.syntax('"," or "]" after an array element');
    }
  }

  /** An object's members; i is past its opening brace. */
  object(depth) {
    const obj = Object.create(null);
    this.ws();
    if (this.text[this.i] === '}') { this.i++; return obj; }
    for (;;) {
      this.ws();
      if (this.text[this.i] !== '"') this.syntax('a string key');
      const key = this.string();
      if (hasOwn(obj, key)) {
        throw new JsonSyntaxError('duplicate key ' + JSON.stringify(key) + ': readers disagree on which value wins');
      }
      this.ws();
      if (this.text[this.i] !== ':') this.syntax('":" after an object key');
      this.i++;
      obj[key] = this.value(depth + 1);
      this.ws();
      const c = this.text[this.i];
      if (c === ',') { this.i++; continue; }
      if (c === '}') { this.i++; return obj; }
      this.syntax('"," or "}" after an object member');
    }
  }
}

/**
 * Parses one JSON value strictly. Objects come back with a null prototype,
 * numbers as JsonNumber. Throws JsonSyntaxError (also for a repeated key) or
 * JsonLimitError (nesting deeper than maxDepth), whichever a reader meets first.
 */
function parseStrict(text, maxDepth) {
  const r = new StrictReader(text, maxDepth);
  const v = r.value(0);
  r.ws();
  if (r.i < r.n) r.syntax('the end of the input after the JSON value');
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

module.exports = { MAX_DEPTH, JsonSyntaxError, JsonLimitError, parseStrict, parseJSON, normalize };
