// Strict JSON (RUN-1 to RUN-5, LIM-5, NUM-1): the reader of json_read.js
// under a request line's bounds or a caller's, giving the tree of
// json_value.js; and a value built in JavaScript read as if it had been
// written as JSON.
'use strict';

const { fail } = require('./errors.js');
const { utf8Length, toBytes } = require('./utf8.js');
const { JsonNumber } = require('./json_value.js');
const { JsonReadError, readTape } = require('./json_read.js');
const { Tape } = require('./json_tape.js');

const MAX_DEPTH = 32;

// RUN-5 and LIM-5: what one request line may build.
const LINE_LIMITS = Object.freeze({ maxDepth: MAX_DEPTH, maxValues: 65536, maxObjects: 4096, name: 'line' });

/** The tree of the JSON value that bytes b hold, under limits (json_read.js); throws JsonReadError. */
function readTree(b, limits) {
  const tape = new Tape(readTape(b, limits));
  try {
    return tape.tree(0);
  } finally {
    tape.release();
  }
}

/**
 * The public strict reader: parseJSON(text or bytes, {maxDepth, maxBytes,
 * maxValues, maxObjects}); a bound not given is none, but for the depth (32).
 * Throws PfkitError malformed_request or input_too_large, the message REF-2's
 * at the byte offset.
 */
function parseJSON(data, options) {
  const o = options || {};
  const maxBytes = o.maxBytes !== undefined ? o.maxBytes : Infinity;
  if (typeof data === 'string' && maxBytes !== Infinity && utf8Length(data) > maxBytes) {
    fail('input_too_large', 'expected at most ' + maxBytes + ' bytes, found ' + utf8Length(data));
  }
  const b = toBytes(data);
  if (b.length > maxBytes) fail('input_too_large', 'expected at most ' + maxBytes + ' bytes, found ' + b.length);
  const limits = {
    maxDepth: o.maxDepth || MAX_DEPTH,
    maxValues: o.maxValues || Infinity,
    maxObjects: o.maxObjects || Infinity,
    name: 'document',
  };
  try {
    return readTree(b, limits);
  } catch (e) {
    if (e instanceof JsonReadError) fail(e.tooLarge ? 'input_too_large' : 'malformed_request', e.message);
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

module.exports = { MAX_DEPTH, LINE_LIMITS, readTree, parseJSON, normalize };
