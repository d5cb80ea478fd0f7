// Reading a record (REC-1, REC-8): strict JSON, then match_seed_v1, then the
// scheme and kind, then loose numbers, then the record's schema; whatever
// fails first is the refusal.
'use strict';

const { PfkitError } = require('./errors.js');
const { toBytes, compareCodePoints } = require('./utf8.js');
const { JsonNumber, isObject, typeName, has, allDigits } = require('./json_value.js');
const { quoteText } = require('./text.js');
const { RecordJsonError, parseRecordJSON } = require('./record_json.js');
const { validateRecordSchema } = require('./schema_validator.js');
const { UNSPECIFIED } = require('./unspecified.js');

const RECORD_LIMITS = Object.freeze({ maxBytes: 16 * 1024 * 1024, maxDepth: 64 });

const RECORD_KINDS = Object.freeze([
  Object.freeze({ scheme: 'match_seed_v2', kind: 'match', schema: 'record_match_v1.json' }),
  Object.freeze({ scheme: 'poker_hmac_v1', kind: 'leave', schema: 'record_poker_leave_v1.json' }),
  Object.freeze({ scheme: 'poker_hmac_v1', kind: 'session', schema: 'record_poker_session_v1.json' }),
  Object.freeze({ scheme: 'chess_colour_v1', kind: 'game', schema: 'record_chess_v1.json' }),
  Object.freeze({ scheme: 'selfpoker_v1', kind: 'hand_end', schema: 'record_selfpoker_v1.json' }),
]);

/** A record that yields no report: unreadable (with a code) or of an unspecified scheme. */
class RecordRefusal extends PfkitError {
  constructor(status, code, message) {
    super(code, message);
    this.name = 'RecordRefusal';
    this.status = status;
  }
}

function unreadable(code, message) {
  throw new RecordRefusal('unreadable', code, message);
}

function isIntegerText(t) {
  return allDigits(t, t.charCodeAt(0) === 45 ? 1 : 0);
}

/** The first number written with a fraction or an exponent, in sorted key order, described; or ''. */
function looseNumber(v, pointer) {
  if (v instanceof JsonNumber) {
    if (isIntegerText(v.text)) return '';
    const text = v.text.length > 40 ? v.text.slice(0, 40) + '…' : v.text;
    return (pointer === '' ? '/' : pointer) + ': expected an integer with no fraction or exponent, found ' + text;
  }
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const w = looseNumber(v[i], pointer + '/' + i);
      if (w !== '') return w;
    }
  } else if (v !== null && typeof v === 'object') {
    for (const k of Object.keys(v).sort(compareCodePoints)) {
      const w = looseNumber(v[k], pointer + '/' + k.replace(/~/g, '~0').replace(/\//g, '~1')); // RFC 6901
      if (w !== '') return w;
    }
  }
  return '';
}

/**
 * Reads a record (bytes or text) as REC-1 orders it: JSON, match_seed_v1,
 * scheme and kind, integers, schema. Returns {kind, record}; throws RecordRefusal.
 */
function readRecord(data) {
  let v;
  try {
    v = parseRecordJSON(toBytes(data), RECORD_LIMITS.maxBytes, RECORD_LIMITS.maxDepth);
  } catch (e) {
    if (!(e instanceof RecordJsonError)) throw e;
    unreadable(e.tooLarge ? 'input_too_large' : 'malformed_request', 'the record is not readable JSON: ' + e.message);
  }
  if (!isObject(v)) unreadable('malformed_request', 'a record is a JSON object, found ' + typeName(v));
  const scheme = typeof v.scheme === 'string' ? v.scheme : '';
  if (has(UNSPECIFIED, scheme)) throw new RecordRefusal('unspecified', 'scheme_unspecified', UNSPECIFIED[scheme]);
  const kindName = typeof v.kind === 'string' ? v.kind : '';
  const kind = RECORD_KINDS.find((k) => k.scheme === scheme && k.kind === kindName);
  if (kind === undefined) {
    unreadable('unknown_scheme', 'no record format has scheme ' + quoteText(scheme) + ' and kind ' + quoteText(kindName) +
      '; expected one of ' + RECORD_KINDS.map((k) => k.scheme + '/' + k.kind).join(', '));
  }
  // Every number a record holds is an integer (NUM-1): one written with a
  // fraction or an exponent is refused before the schema, which would take
  // 6.0 for the integer 6.
  const loose = looseNumber(v, '');
  if (loose !== '') unreadable('invalid_integer', loose);
  const complaints = validateRecordSchema(kind.schema, v);
  if (complaints !== null) unreadable('invalid_record', 'not valid against ' + kind.schema + ': ' + complaints.join('; '));
  return { kind, record: v };
}

module.exports = { RECORD_LIMITS, RECORD_KINDS, RecordRefusal, unreadable, readRecord };
