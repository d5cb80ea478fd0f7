// A validator for the part of JSON Schema 2020-12 that the record schemas
// (record_schemas.js) use, which walks the keywords in the order of the
// reference's validator and words its complaints the same way. The reference
// visits an object's properties in no fixed order; here they go in the
// schema's order, and names of unexpected members are sorted.
'use strict';

const { compareCodePoints } = require('./utf8.js');
const { JsonNumber, has, allDigits } = require('./json_value.js');
const { goQuote } = require('./go_quote.js');
const { parseDateTime } = require('./datetime.js');
const { RECORD_SCHEMAS } = require('./record_schemas.js');

// The copies are shared with every caller (records.schemas): frozen, so that
// none can change what the validator checks.
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

// The last number integerParts was asked about, and its answer.
let lastText = null;
let lastParts = null;

/** Sign and digits of a number written as an integer, or null. */
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

/** The JSON Schema validator's quote: %q, then " unescaped and ' escaped, in single quotes. */
function schemaQuote(s) {
  const q = goQuote(s);
  return "'" + q.slice(1, -1).split('\\"').join('"').split("'").join("\\'") + "'";
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

/** Whether a value of JSON type t (v itself for a number's text) is of the type keyword's types. */
function typeMatches(types, t, v) {
  for (const x of types) {
    if (x === t || (x === 'integer' && t === 'number' && integerParts(v.text) !== null)) return true;
  }
  return false;
}

/** const, enum and format. */
function checkLiterals(s, v, t, loc, errors) {
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
}

/** required, properties and additionalProperties, on an object. */
function checkMembers(root, s, v, loc, errors) {
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
}

/** minItems, maxItems, prefixItems and items, on an array. */
function checkItems(root, s, v, loc, errors) {
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
}

/** pattern on a string; minimum and maximum on a number. */
function checkScalar(s, v, t, loc, errors) {
  if (t === 'string') {
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
}

/** oneOf: exactly one of the schemas holds. */
function checkOneOf(root, s, v, loc, errors) {
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

/** $ref, not, allOf, anyOf, oneOf and if/then/else, in the reference's order. */
function checkApplicators(root, s, v, loc, errors) {
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
  if (s.oneOf !== undefined) checkOneOf(root, s, v, loc, errors);
  if (s.if !== undefined) {
    if (schemaCheck(root, s.if, v, loc) === null) {
      const e = s.then === undefined ? null : schemaCheck(root, s.then, v, loc);
      if (e !== null) errors.push(schemaNode(loc, 'if-then failed', [e]));
    } else {
      const e = s.else === undefined ? null : schemaCheck(root, s.else, v, loc);
      if (e !== null) errors.push(schemaNode(loc, 'if-else failed', [e]));
    }
  }
}

/** Validates v at loc against schema s; returns null or the tree of complaints. */
function schemaCheck(root, s, v, loc) {
  if (s === true) return null;
  if (s === false) return schemaLeaf(loc, 'not allowed');
  const t = jsonType(v);
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (!typeMatches(types, t, v)) return schemaLeaf(loc, 'expected ' + types.join(' or ') + ', but got ' + t);
  }
  const errors = [];
  checkLiterals(s, v, t, loc, errors);
  if (t === 'object') checkMembers(root, s, v, loc, errors);
  else if (t === 'array') checkItems(root, s, v, loc, errors);
  else checkScalar(s, v, t, loc, errors);
  checkApplicators(root, s, v, loc, errors);
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

module.exports = { RECORD_SCHEMAS, validateRecordSchema };
