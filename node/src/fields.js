// Field checks (RUN-6, RUN-7): each op reads its fields in the spec's order and
// the first problem met is the one reported.
'use strict';

const { fail } = require('./errors.js');
const { compareCodePoints } = require('./utf8.js');
const { JsonNumber, isObject, hasField, typeName } = require('./json_value.js');
const { READINGS, orderOf } = require('./reading.js');
const { quoteText, cutText, clippedText } = require('./escape.js');

const MAX_SAFE = '9007199254740991';
const ID_CHARS = 'A-Z a-z 0-9 - _ .';

function describeChar(s, i) {
  const c = s.codePointAt(i);
  if (c >= 0x20 && c < 0x7f) return quoteText(String.fromCodePoint(c));
  if (c === 0xfffd) return 'U+FFFD (a byte that is not UTF-8, or a replacement character)';
  return 'U+' + c.toString(16).toUpperCase().padStart(4, '0') + ' ' + quoteText(String.fromCodePoint(c));
}

/** The number of code points of s (a surrogate pair is one), without building an array of them. */
function codePoints(s) {
  let n = s.length;
  for (let i = 0; i + 1 < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n--;
      i++;
    }
  }
  return n;
}

// The fields each checked input object may hold, for the message of one that
// is missing (get): the object's own list, kept beside it rather than in it.
const KNOWN = new WeakMap();

function checkKnown(obj, where, known) {
  KNOWN.set(obj, known);
  const unknown = Object.keys(obj).filter((k) => known.indexOf(k) < 0).sort(compareCodePoints);
  if (unknown.length > 0) {
    fail('unknown_field', where + ': unexpected field ' + clippedText(unknown[0]) + '; expected only ' + known.join(', '));
  }
}

/** A required field of obj; missing, missing_field with the fields expected and found (code point order). */
function get(obj, where, name) {
  if (!hasField(obj, name)) {
    const found = Object.keys(obj).sort(compareCodePoints);
    fail('missing_field', where + '.' + name + ': required field is missing (expected ' + KNOWN.get(obj).join(', ') +
      '; found ' + (found.length > 0 ? found.join(', ') : 'no fields') + ')');
  }
  return obj[name];
}

function checkString(v, where) {
  if (typeof v !== 'string') fail('wrong_type', where + ': expected a string, found ' + typeName(v));
  return v;
}

function checkHex(v, where) {
  checkString(v, where);
  const n = codePoints(v);
  if (n !== 64) fail('invalid_hex', where + ': expected 64 lowercase hex characters, found ' + n + (n === 1 ? ' character' : ' characters'));
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 102)) continue;
    if (c >= 65 && c <= 70) fail('invalid_hex', where + ': expected lowercase hex, found uppercase ' + quoteText(v[i]) + ' at position ' + i);
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
    fail('invalid_integer', where + ': expected an integer with no fraction or exponent, found ' + cutText(t));
  }
  const mag = digits.replace(/^0+(?=.)/, '');
  if (mag.length > MAX_SAFE.length || (mag.length === MAX_SAFE.length && mag > MAX_SAFE)) {
    fail('invalid_integer', where + ': ' + cutText(t) + ' is beyond 2^53-1, where JSON readers lose precision; send it as a decimal string');
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
    fail('unknown_reading', w + '.' + name + ': expected one of ' + allowed.map(quoteText).join(', ') + ', found ' + clippedText(v));
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

const field = {
  seed: (o, name) => checkHex(get(o, 'input', name), 'input.' + name),
  hash: (o, name) => checkHex(get(o, 'input', name), 'input.' + name),
  id: (o, name) => checkId(get(o, 'input', name), 'input.' + name),
  int: (o, name, min, max, where) => checkInt(get(o, where || 'input', name), (where || 'input') + '.' + name, min, max),
  ids: (o, name, min, max) => {
    const a = checkArray(get(o, 'input', name), 'input.' + name, min, max);
    return a.map((v, i) => checkId(v, 'input.' + name + '[' + i + ']'));
  },
};

module.exports = { checkKnown, get, checkString, checkHex, checkId, checkInt, checkArray, checkObject, checkReading, checkOrder, field };
