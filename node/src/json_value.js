// The reader's form of a JSON value: objects with a null prototype, numbers as
// JsonNumber holding the exact text they were written with; and the questions
// every check asks of one.
'use strict';

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

function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof JsonNumber);
}

function hasField(obj, name) {
  return Object.prototype.hasOwnProperty.call(obj, name);
}

function has(table, key) {
  return Object.prototype.hasOwnProperty.call(table, key);
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

/** An integer of a schema-valid record (-0 reads as 0). */
function intOf(n) {
  return Number(n.text) + 0;
}

module.exports = { JsonNumber, isObject, hasField, has, typeName, allDigits, intOf };
