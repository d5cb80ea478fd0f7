// Reading a record (REC-1, REC-8): strict JSON, then match_seed_v1, then the
// scheme and kind, then loose numbers, then the record's schema; whatever
// fails first is the refusal.
'use strict';

const { PfkitError } = require('./errors.js');
const { toBytes, compareCodePoints } = require('./utf8.js');
const { has } = require('./json_value.js');
const { cutText, clippedText } = require('./escape.js');
const { T_NUMBER, T_ARRAY, T_OBJECT, JsonReadError, readTape } = require('./json_read.js');
const { Tape } = require('./json_tape.js');
const { notReadableJSON } = require('./report_words.js');
const { checkRecordSchema, refusalMessage } = require('./record_schema.js');
const { UNSPECIFIED } = require('./spec_tables.js');

// REC-1 and LIM-5: what one record may be and build.
const RECORD_LIMITS = Object.freeze({ maxBytes: 16 * 1024 * 1024, maxDepth: 64, maxValues: 1 << 20, maxObjects: 1 << 16, name: 'record' });

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

// REF-1's names of the JSON types; a record's numbers are integers.
const TYPE_NAMES = ['null', 'a boolean', 'a boolean', 'an integer', 'an integer', 'a string', 'a string', 'an array', 'an object', '', 'a string'];

/** The first number written with a fraction or an exponent below the value e, in sorted key order: [steps innermost first ({name} or {index}), entry], or null. */
function firstLoose(tape, e) {
  const kind = tape.kind(e);
  if (kind === T_NUMBER) return [[], e];
  if (kind === T_ARRAY) {
    for (let i = 0, k = e + 1, n = tape.count(e); i < n; i++, k = tape.after(k)) {
      const found = firstLoose(tape, k);
      if (found !== null) {
        found[0].push({ index: i });
        return found;
      }
    }
  } else if (kind === T_OBJECT) {
    const members = [];
    for (let i = 0, k = e + 1, n = tape.count(e); i < n; i++, k = tape.after(k + 1)) {
      const v = tape.kind(k + 1);
      if (v === T_NUMBER || v === T_ARRAY || v === T_OBJECT) members.push(k);
    }
    members.sort((a, b) => compareCodePoints(tape.key(a), tape.key(b)));
    for (const k of members) {
      const found = firstLoose(tape, k + 1);
      if (found !== null) {
        found[0].push({ name: tape.key(k) });
        return found;
      }
    }
  }
  return null;
}

/** REF-3: the first loose number said at its place with the words of the record's schema, or ''. */
function looseNumber(tape, schema) {
  if (tape.loose === 0) return '';
  const [path, e] = firstLoose(tape, 0);
  return refusalMessage(schema, path, 'cli.refusal.fraction', { found: cutText(tape.numberText(e, 84)) });
}

/** The member name of the record's object, when it is a string; else ''. */
function stringMember(tape, name) {
  const v = tape.member(0, name);
  if (v < 0) return '';
  return tape.jsonType(v) === 'string' ? tape.text(v) : '';
}

/** The record's tape (REC-1, LIM-5, REF-2); throws RecordRefusal. */
function readRecordTape(b) {
  if (b.length > RECORD_LIMITS.maxBytes) {
    unreadable('input_too_large', 'the record has ' + b.length + ' bytes, the limit is ' + RECORD_LIMITS.maxBytes);
  }
  try {
    return new Tape(readTape(b, RECORD_LIMITS));
  } catch (e) {
    if (!(e instanceof JsonReadError)) throw e;
    return unreadable(e.tooLarge ? 'input_too_large' : 'malformed_request', notReadableJSON(b, e.offset, e.detail));
  }
}

/** REC-1 after the JSON: an object, match_seed_v1, the scheme and kind, loose numbers, the schema. Returns the kind. */
function recordKind(tape) {
  if (tape.kind(0) !== T_OBJECT) unreadable('malformed_request', 'a record is a JSON object, found ' + TYPE_NAMES[tape.kind(0)]);
  const scheme = stringMember(tape, 'scheme');
  if (has(UNSPECIFIED, scheme)) throw new RecordRefusal('unspecified', 'scheme_unspecified', UNSPECIFIED[scheme]);
  const kindName = stringMember(tape, 'kind');
  const kind = RECORD_KINDS.find((k) => k.scheme === scheme && k.kind === kindName);
  if (kind === undefined) {
    unreadable('unknown_scheme', 'no record format has scheme ' + clippedText(scheme) + ' and kind ' + clippedText(kindName) +
      '; expected one of ' + RECORD_KINDS.map((k) => k.scheme + '/' + k.kind).join(', '));
  }
  // Every number a record holds is an integer (NUM-1): one written with a
  // fraction or an exponent is refused before the schema, which would take
  // 6.0 for the integer 6.
  const loose = looseNumber(tape, kind.schema);
  if (loose !== '') unreadable('invalid_integer', loose);
  const bad = checkRecordSchema(kind.schema, tape);
  if (bad !== null) {
    // The page words the violation in its own locale from its code and place.
    const refusal = new RecordRefusal('unreadable', 'invalid_record', bad.message);
    refusal.violation = { schema: kind.schema, pointer: bad.pointer, code: bad.code, params: bad.params, count: bad.count, field: bad.field };
    throw refusal;
  }
  return kind;
}

/**
 * Reads a record (bytes or text) as REC-1 orders it: JSON, match_seed_v1,
 * scheme and kind, integers, schema; only a record that passes them all is
 * built as a tree. Returns {kind, record}; throws RecordRefusal.
 */
function readRecord(data) {
  const tape = readRecordTape(toBytes(data));
  try {
    const kind = recordKind(tape);
    return { kind, record: tape.tree(0) };
  } finally {
    tape.release();
  }
}

module.exports = { RECORD_LIMITS, RECORD_KINDS, RecordRefusal, unreadable, readRecord };
