// Canonical JSON (VEC-3): keys sorted by byte value, no whitespace.
'use strict';

const { compareCodePoints } = require('./utf8.js');
const { JsonNumber } = require('./json_value.js');

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

module.exports = { canonicalJSON };
