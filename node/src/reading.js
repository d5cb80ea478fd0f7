// Declared readings (spec READ-1 to READ-11): where the published pages leave a
// rule open, a request or a record may declare how it reads it; absent, the
// kit's reading, listed first, holds.
'use strict';

const { JsonNumber, hasField, has, intOf } = require('./json_value.js');
const { clippedText } = require('./escape.js');
const { text } = require('./words.js');
const { say } = require('./report_words.js');
// The readings of each field, the kit's first, and the fields that list an
// order in full: the spec's table (section 15.1), generated.
const { READINGS, ORDERS } = require('./spec_tables.js');

/**
 * A fixed order a request or record lists in full (READ-10, READ-11): the
 * names of ids 0..n-1, holding each name of the kit's order (base) as often.
 * Returns the naming function, or an error message (with, for a name held
 * too often or too rarely, the name and both counts, for the page's words).
 */
function orderOf(names, base, n) {
  const want = new Map(), got = new Map();
  for (let i = 0; i < n; i++) want.set(base(i), (want.get(base(i)) || 0) + 1);
  for (const x of names) {
    if (!want.has(x)) return { error: text('cli.refusal.noPiece', { piece: clippedText(x) }) };
    got.set(x, (got.get(x) || 0) + 1);
  }
  for (const [x, k] of want) {
    if (got.get(x) !== k) {
      return { error: text('cli.refusal.pieceCount', { piece: clippedText(x), want: times(k), found: times(got.get(x) || 0) }), piece: x, want: k, found: got.get(x) || 0 };
    }
  }
  return { name: (id) => names[id] };
}

/** A count as REF-4 writes it, in the catalog's words: "once", "twice", "N times". */
function times(k) {
  return k === 1 ? text('cli.refusal.once') : k === 2 ? text('cli.refusal.twice') : text('cli.refusal.times', { n: k });
}

/** Positions of the two cards of player i of m seated in ascending order (PK-10, READ-2). */
function holePositions(i, players, dealing) {
  return dealing === 'round_robin' ? [i, players + i] : [2 * i, 2 * i + 1];
}

/** One reading a verification followed, declared by the record or the kit's (READ-1): {field, value, declared} or {field, order, declared}. */
function readingPart(o, field) {
  const declared = hasField(o, field);
  if (has(ORDERS, field)) return { field, order: ORDERS[field], declared };
  const v = declared ? o[field] : READINGS[field][0];
  return { field, value: v instanceof JsonNumber ? intOf(v) : v, declared };
}

/** The readings note (a say, worded by report_words.js). */
function readingsNote(o, fields) {
  return say('readings', { readings: fields.map((x) => readingPart(o, x)) });
}

/** A record's declared reading, or the kit's. */
function readingOf(o, field) {
  return hasField(o, field) ? (o[field] instanceof JsonNumber ? intOf(o[field]) : o[field]) : READINGS[field][0];
}

module.exports = { READINGS, orderOf, holePositions, readingsNote, readingOf };
