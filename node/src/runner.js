// The runner contract (spec section 10): one request line, or a request object
// built in JavaScript, in; one response, never an exception, out.
'use strict';

const { PfkitError, fail } = require('./errors.js');
const { utf8Length, toBytes, compareCodePoints } = require('./utf8.js');
const { isObject, hasField, typeName } = require('./json_value.js');
const { clippedText } = require('./escape.js');
const { JsonReadError } = require('./json_read.js');
const { LINE_LIMITS, readTree, normalize } = require('./strict_json.js');
const { dispatch, OP_NAMES } = require('./ops.js');
const { VERSION } = require('./version.js');

// IMPL-1: the scheme of the runner's own exchange, never one of the registry,
// and its one op, in which the implementation names itself.
const RUNNER_SCHEME = 'pfkit';
const IMPLEMENTATION_OP = 'implementation';

/** The answer to the implementation request: this verifier and every op it implements, sorted. */
function implementation(op, input) {
  if (op !== IMPLEMENTATION_OP) fail('unknown_op', 'op: ' + RUNNER_SCHEME + ' defines ' + IMPLEMENTATION_OP + ', found ' + clippedText(op));
  const fields = Object.keys(input).sort(compareCodePoints);
  if (fields.length > 0) fail('unknown_field', 'input.' + clippedText(fields[0]) + ': unknown field; ' + IMPLEMENTATION_OP + ' takes no field');
  const ops = [];
  for (const scheme of Object.keys(OP_NAMES).sort()) {
    for (const name of OP_NAMES[scheme].slice().sort()) ops.push({ scheme, op: name });
  }
  return { name: 'pfkit', version: VERSION, language: 'javascript', spec: VERSION.split('.').slice(0, 2).join('.'), ops };
}

// RUN-5: the most a request line may hold once trimmed, 1 MiB.
const MAX_LINE_BYTES = 1048576;

// A runner line is trimmed of the whitespace JSON allows around a value (space,
// tab, CR, LF) and nothing else, before its size is measured (RUN-1, RUN-5). A
// line that is empty after trimming is blank: a runner skips it.
function isJsonSpace(c) {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** Trims JSON whitespace from both ends of a byte array; returns a subarray. */
function trimSpaceBytes(b) {
  let start = 0, end = b.length;
  while (start < end && isJsonSpace(b[start])) start++;
  while (end > start && isJsonSpace(b[end - 1])) end--;
  return b.subarray(start, end);
}

/** The same over a string. */
function trimSpace(s) {
  let start = 0, end = s.length;
  while (start < end && isJsonSpace(s.charCodeAt(start))) start++;
  while (end > start && isJsonSpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

function errorResponse(id, e) {
  if (e instanceof PfkitError) return { id, error: { code: e.code, message: e.message } };
  // A failure that is not a refusal is a bug in this file, never a verdict on the
  // input; it is still answered, never thrown.
  return { id, error: { code: 'internal_error', message: 'verifier.js failed: ' + (e && e.message ? e.message : String(e)) } };
}

/** Answers a request already in reader form (RUN-2, RUN-3, RUN-6). */
function answer(req) {
  if (!isObject(req)) {
    return { id: null, error: { code: 'malformed_request', message: 'request: expected a JSON object, found ' + typeName(req) } };
  }
  const id = typeof req.id === 'string' && hasField(req, 'id') ? req.id : null;
  const extra = Object.keys(req).filter((k) => k !== 'id' && k !== 'scheme' && k !== 'op' && k !== 'input').sort(compareCodePoints);
  if (extra.length > 0) {
    return { id, error: { code: 'malformed_request', message: 'request: unexpected member ' + clippedText(extra[0]) + '; expected only id, scheme, op, input' } };
  }
  const member = (name) => (hasField(req, name) ? typeName(req[name]) : 'nothing (the member is missing)');
  if (id === null) return { id: null, error: { code: 'malformed_request', message: 'request.id: expected a string, found ' + member('id') } };
  if (typeof req.scheme !== 'string') return { id, error: { code: 'malformed_request', message: 'request.scheme: expected a string, found ' + member('scheme') } };
  if (typeof req.op !== 'string') return { id, error: { code: 'malformed_request', message: 'request.op: expected a string, found ' + member('op') } };
  if (!isObject(req.input)) return { id, error: { code: 'malformed_request', message: 'request.input: expected an object, found ' + member('input') } };
  try {
    if (req.scheme === RUNNER_SCHEME) return { id, output: implementation(req.op, req.input) };
    return { id, output: dispatch(req.scheme, req.op, req.input) };
  } catch (e) {
    return errorResponse(id, e);
  }
}

/**
 * evaluate(request): answers one runner request. request is a line (string,
 * or bytes such as a Node Buffer or a Uint8Array) or a request object built in
 * JavaScript. Returns {id, output} or {id, error: {code, message}}; never throws.
 */
function evaluate(request) {
  try {
    let req;
    if (typeof request === 'string') {
      const line = trimSpace(request);
      const size = utf8Length(line);
      if (size > MAX_LINE_BYTES) return { id: null, error: { code: 'input_too_large', message: 'request: ' + size + ' bytes, the limit is ' + MAX_LINE_BYTES } };
      req = parseRequest(toBytes(line));
    } else if (request instanceof Uint8Array || (typeof ArrayBuffer !== 'undefined' && (ArrayBuffer.isView(request) || request instanceof ArrayBuffer))) {
      const line = trimSpaceBytes(toBytes(request));
      if (line.length > MAX_LINE_BYTES) return { id: null, error: { code: 'input_too_large', message: 'request: ' + line.length + ' bytes, the limit is ' + MAX_LINE_BYTES } };
      req = parseRequest(line);
    } else {
      req = normalize(request, 0);
    }
    return answer(req);
  } catch (e) {
    return errorResponse(null, e);
  }
}

/** A request line's bytes, trimmed, read under a line's bounds (RUN-5, LIM-5). */
function parseRequest(b) {
  try {
    return readTree(b, LINE_LIMITS);
  } catch (e) {
    if (!(e instanceof JsonReadError)) throw e;
    if (e.tooLarge) fail('input_too_large', 'request: ' + e.message);
    return fail('malformed_request', 'request: expected one JSON object per line: ' + e.message);
  }
}

/** evaluateLine(line): evaluate(line) serialized as one response line (no newline). */
function evaluateLine(line) {
  return JSON.stringify(evaluate(line));
}

module.exports = { MAX_LINE_BYTES, evaluate, evaluateLine };
