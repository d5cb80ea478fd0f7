// The words of a record's report (REC-9: a mismatch is named by its pointer
// and in words). Every check name, summary, place, value, note and title is
// first a code with parameters, a "say"; the English that pfkit verify prints
// (the same bytes as the Go reference and Python write) is worded from it here,
// once, and the offline page words the same say in its reader's language
// (node/page/strings.js). A say holds the record's numbers (seats and deck
// positions from 0); the English counts everything from 1, as the pages do
// (D-33): seats in order ("third seat"), "card 5 of the deck", and a poker hand
// of a record numbering from 0 as "hand 1 (number 0 in the record)".
'use strict';

const { quoteText } = require('./escape.js');
const { parseDateTime, civilFromDays } = require('./datetime.js');
const words = require('./words.js');
const { MAX_HANDS } = require('./poker_hmac_v1.js');

/** A say: a code and its parameters (numbers, texts, lists of them, or other says). */
function say(code, params) {
  return Object.freeze({ code, params: Object.freeze(params || {}) });
}

// A check's name is the catalog's (cli.check.*), with the say's parameters.
const CHECK_CODES = ['commitment', 'seat_order', 'deal', 'hand', 'game_opening', 'game_rolls', 'distinct_cards', 'distinct_tiles',
  'hand_number', 'hand_seats', 'own_card', 'board_card', 'own_card_position', 'board_card_position', 'session_commitment',
  'hand_numbers', 'rotation', 'session_times', 'hand_commitment', 'hand_deck', 'hand_root', 'side_commitment',
  'distinct_commitments', 'white', 'hands', 'board'];
const CHECKS = Object.fromEntries(CHECK_CODES.map((code) => [code, (p) => words.text('cli.check.' + code, withHand(p))]));

/**
 * A seat in order, as the pages say it (D-33): a record's seat i, numbered
 * from 0, is the (i + 1)th seat ("third seat"); a number no table has is said
 * as the record writes it ("seat numbered 12").
 */
function seatWords(n) {
  return Number.isInteger(n) && n >= 0 && n < 10 ? words.text('cli.seat.nth.' + (n + 1)) : words.text('cli.seat.other', { n: String(n) });
}

/**
 * A hand as the pages say it. A match's hand is its number. A poker hand
 * (READ-3) comes with counted, the hand counted from 1 (a session reveal's
 * place of the hand in its list, a leave bundle's number from the first hand
 * on): the record's number when the two agree, else the count with the
 * record's number beside it ("1 (number 0 in the record)"); a hand no session
 * can hold (a count outside 1 to 500) by the record's number alone ("numbered
 * 500 in the record"), never as a hand 501.
 */
function handNumber(hand, at) {
  const count = at.counted;
  if (count === undefined) return hand;
  if (!(count >= 1 && count <= MAX_HANDS)) return words.text('cli.hand.numbered', { number: hand });
  return count === hand ? hand : words.text('cli.hand.counted', { n: count, number: hand });
}

/** Parameters with their hand said as handNumber says it. */
function withHand(p) {
  return p.hand === undefined ? p : { ...p, hand: handNumber(p.hand, p) };
}

/** A deck position said as people count: index i is card i + 1 of the deck. */
const deckCard = (i) => words.text('cli.value.deck_card', { n: Number(i) + 1 });

/** A seat order's value as a mismatch shows it: client seed "north", or the index as the record writes it. */
function clientSeedValue(ix, seeds) {
  const i = Number(ix);
  return Number.isInteger(i) && i >= 0 && i < seeds.length ? words.text('cli.value.client_seed', { seed: quoteText(seeds[i]) })
    : words.text('cli.value.client_seed_numbered', { n: ix });
}

/**
 * An instant ({secs, frac} of datetime.js) in words, in UTC, to the second
 * ("November 30, 2026 at 8:00:00 PM UTC"), then "and a fraction of a second"
 * when its fraction is not zero: never the fraction's digits (LIM-1).
 */
function timeWords(t) {
  const days = Math.floor(t.secs / 86400), rem = t.secs - days * 86400;
  const [y, mo, d] = civilFromDays(days);
  let hour = Math.floor(rem / 3600), code = 'cli.time.am';
  if (hour >= 12) {
    hour -= 12;
    code = 'cli.time.pm';
  }
  const two = (x) => String(x).padStart(2, '0');
  const out = words.text(code, { month: words.text('cli.month.' + mo), day: d, year: y, hour: hour === 0 ? 12 : hour,
    minute: two(Math.floor(rem / 60) % 60), second: two(rem % 60) });
  return t.frac === '' ? out : words.text('cli.time.fraction', { time: out });
}

// Clipping a long value in a report line: a value of more than CLIP_OVER
// characters (code points) keeps its first CLIP_HEAD and last CLIP_TAIL around
// "…", 30 characters in all, so that a line stays short whatever a record
// holds while the ends stay in view (as go/internal/record/time_words.go).
const CLIP_OVER = 40, CLIP_HEAD = 23, CLIP_TAIL = 6;

function clipped(s) {
  const cps = Array.from(s);
  return cps.length <= CLIP_OVER ? s : cps.slice(0, CLIP_HEAD).join('') + '…' + cps.slice(-CLIP_TAIL).join('');
}

/** A time the record holds (RFC 3339 text, checked by the schema): in words, then as written, clipped. */
function writtenTime(text) {
  return words.text('cli.value.time_as_written', { time: timeWords(parseDateTime(text)), written: clipped(text) });
}

// A summary's English is the catalog's (cli.summary.*).
const catalogText = (code, p) => words.text('cli.summary.' + code, p);

const SUMMARIES = {
  commitment_matches: () => catalogText('commitment_matches'),
  // The values stay in the detail line; the summary says what failed (equalCheck).
  expected_found: (p) => (p.differs === undefined ? catalogText('differ', { n: 1 }) : catalogText(p.differs, p)),
  seats_drawn: (p) => catalogText('seats_drawn', { seeds: p.seats.map((ix) => quoteText(p.seeds[ix])).join(', ') }),
  differ: (p) => catalogText('differ', { n: p.n }),
  other_seed: (p) => catalogText('other_seed', { n: p.n }),
  cards_in_place: (p) => catalogText('cards_in_place', p),
  both_distributions: () => catalogText('both_distributions'),
  tiles_in_place: (p) => catalogText('tiles_in_place', p),
  // One opening throw (the first was not a tie) is said in the singular.
  opening_throws: (p) => catalogText(p.throws.length === 1 ? 'opening_throw' : 'opening_throws', { throws: p.throws.join(' ') }),
  turns_of_dice: (p) => catalogText('turns_of_dice', p),
  no_card_twice: () => catalogText('no_card_twice'),
  four_tiles_at_most: () => catalogText('four_tiles_at_most'),
  cards_shown_again: (p) => catalogText('cards_shown_again', { n: p.n }),
  tiles_beyond_four: (p) => catalogText('tiles_beyond_four', { n: p.n }),
  hand_range: (p) => catalogText('hand_range', p),
  hand_listed_twice: (p) => catalogText('hand_listed_twice', withHand(p)),
  seats_without_player: (p) => catalogText('seats_without_player', { seat: seatWords(p.seat), seats: p.seats.map(seatWords).join(', ') }),
  // The dealing that gives the expected position is said in the readings note.
  position_expected: () => catalogText('differ', { n: 1 }),
  card_in_deck: (p) => catalogText('card_in_deck', { card: p.card, position: p.position + 1 }),
  card_not_in_deck: (p) => catalogText('card_not_in_deck', { card: p.card, position: p.position + 1 }),
  session_commitment_matches: () => catalogText('session_commitment_matches'),
  hands_numbered: (p) => catalogText('hands_numbered', p),
  hands_in_order: (p) => catalogText('hands_in_order', { first: p.first, second: p.first + 1, third: p.first + 2 }),
  rotated: () => catalogText('rotated'),
  closed_before_opened: () => catalogText('closed_before_opened'),
  over_a_day: (p) => catalogText('over_a_day', { duration: durationWords(p.duration, true) }),
  open_for: (p) => catalogText('open_for', { duration: durationWords(p.duration, false) }),
  hand_commitment_matches: () => catalogText('hand_commitment_matches'),
  deck_from_seeds: () => catalogText('deck_from_seeds'),
  root_matches: () => catalogText('root_matches'),
  seat_taken_twice: (p) => catalogText('seat_taken_twice', { seat: seatWords(p.seat) }),
  side_commitment_matches: (p) => catalogText('side_commitment_matches', p),
  same_seed: () => catalogText('same_seed'),
  white_by_xor: (p) => catalogText('white_by_xor', p),
  white_by_bot: (p) => catalogText('white_by_bot', p),
  selfpoker_commitment_matches: () => catalogText('selfpoker_commitment_matches'),
  hands_in_deck_order: () => catalogText('hands_in_deck_order'),
  board_after_hands: (p) => catalogText('board_after_hands', p),
};

/**
 * A session's length in words ("41 minutes and 7 seconds", "24 hours and a
 * fraction of a second"), as go/internal/record/duration_words.go says it: the
 * hours, minutes and seconds that are not zero, any rest below a second as a
 * fraction. The say holds the length as Go prints it ("41m7s", "24h0m0.5s",
 * "3ms"), for the page too; over: the session lasted more than 24 hours, so a
 * length of 24 hours exactly (over by less than a nanosecond) has a fraction.
 */
function durationWords(goText, over) {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)(\.\d+)?s)?$/.exec(goText);
  const [h, min, s] = m ? [1, 2, 3].map((i) => Number(m[i] || 0)) : [0, 0, 0];
  const fraction = m ? m[4] !== undefined || (over && h === 24 && min === 0 && s === 0) : goText !== '0s';
  const parts = [['hours', h], ['minutes', min], ['seconds', s]].filter(([, n]) => n !== 0).map(([unit, n]) => words.text('cli.duration.' + unit, { n }));
  if (fraction) parts.push(words.text('cli.duration.fraction'));
  if (parts.length === 0) return words.text('cli.duration.seconds', { n: 0 });
  let out = parts[0];
  for (const p of parts.slice(1, -1)) out = words.text('cli.duration.comma', { first: out, next: p });
  return parts.length > 1 ? words.text('cli.duration.and', { first: out, last: parts[parts.length - 1] }) : out;
}

// A place is an object of these parts, worded in this order and joined by ", ";
// a check's own value (equalCheck) is the place {check: say}.
const PLACE_PARTS = [
  ['check', (s) => checkName(s)],
  ...['entry', 'game', 'deal'].map((key) => [key, (n) => words.text('cli.at.' + key, { n })]),
  ['hand', (n, at) => words.text('cli.at.hand', { n: handNumber(n, at) })],
  ['seat', (n) => words.text('cli.at.seat', { seat: seatWords(n) })],
  ...['player', 'card', 'firstCard', 'finalCard', 'upcard', 'tile', 'draw', 'opening', 'first', 'turn', 'ownCard', 'boardCard'].map((key) => [key, (n) => words.text('cli.at.' + key, { n })]),
  ['position', (n) => words.text('cli.at.position', { n: n + 1 })],
  ['closed', () => words.text('cli.at.closed')],
];

// A value's English is the catalog's (cli.value.*).
const valueWords = (code, p) => words.text('cli.value.' + code, p);

const VALUES = {
  nothing: () => valueWords('nothing'),
  unshown_card: () => valueWords('unshown_card'),
  shown_again: (p) => valueWords('shown_again', { card: p.card, at: p.at === null ? valueWords('nothing') : placeText(p.at) }),
  four_of_a_kind: () => valueWords('four_of_a_kind'),
  tile_of_kind: (p) => valueWords('tile_of_kind', p),
  seat: (p) => valueWords('seat', { seat: seatWords(p.seat) }),
  proof_reaching: (p) => valueWords('proof_reaching', { root: p.root.slice(0, 12) }),
  proof_missing: () => valueWords('proof_missing'),
  at_or_after: (p) => valueWords('at_or_after', { time: writtenTime(p.time) }),
  at_most: (p) => valueWords('at_most', { time: timeWords(parseDateTime(p.time)) }),
  hands: (p) => valueWords('hands', p),
  other_commitment: () => valueWords('other_commitment'),
  range: (p) => valueWords('range', p),
};

// Notes and titles: their English is the catalog's (cli.note.*, cli.title.*).
const NOTE_CODES = ['match', 'leave', 'session', 'session_no_commitment', 'chess_players', 'chess_bot', 'selfpoker'];
const TITLE_CODES = ['match', 'leave', 'session', 'chess_bot', 'chess_players', 'selfpoker'];

const NOTES = {
  ...Object.fromEntries(NOTE_CODES.map((code) => [code, (p) => words.text('cli.note.' + code, p)])),
  readings: (p) => readingsText(p.readings),
};

const TITLES = {
  ...Object.fromEntries(TITLE_CODES.map((code) => [code, (p) => words.text('cli.title.' + code, p)])),
  leave: (p) => words.text('cli.title.leave', { table: quoteText(p.table), session: p.session, seat: seatWords(p.seat) }),
  session: (p) => words.text('cli.title.session', { table: quoteText(p.table), session: p.session, n: p.hands }),
};

/** A reading's rule, as the page says it: {field, value, declared, order}; order names a fixed order (READ-10, READ-11). */
function readingRule(x) {
  return words.text('cli.reading.' + x.field + '.' + (x.order !== undefined ? (x.declared ? 'listed' : 'kit') : String(x.value)));
}

/** A reading's field and value, for implementers. */
function readingField(x) {
  if (x.order !== undefined) return words.text(x.declared ? 'cli.reading.field_listed' : 'cli.reading.field_standard', { field: x.field });
  return words.text('cli.reading.field', { field: x.field, value: typeof x.value === 'string' ? quoteText(x.value) : String(x.value) });
}

/**
 * The readings note (READ-1): the rules the record declared in one sentence,
 * those left to our verifier in another, then the record's fields behind them.
 */
function readingsText(readings) {
  const rules = (declared) => readings.filter((x) => Boolean(x.declared) === declared).map(readingRule).join('; ');
  const record = rules(true), kit = rules(false);
  const note = record === '' ? words.text('cli.reading.kit_only', { readings: kit })
    : kit === '' ? words.text('cli.note.readings', { readings: record })
      : words.text('cli.note.readings', { readings: record }) + ' ' + words.text('cli.reading.kit_too', { readings: kit });
  return note + ' ' + words.text('cli.reading.fields', { fields: readings.map(readingField).join(', ') });
}

function worded(table, s) {
  return table[s.code](s.params);
}

const checkName = (s) => worded(CHECKS, s);
const summaryText = (s) => worded(SUMMARIES, s);
const noteText = (s) => worded(NOTES, s);
const titleText = (s) => worded(TITLES, s);

/** A place in words: its parts in PLACE_PARTS order. */
function placeText(at) {
  const out = [];
  for (const [key, word] of PLACE_PARTS) if (at[key] !== undefined) out.push(word(at[key], at));
  return out.join(', ');
}

/** A value as the report shows it: a text as it is, a say in words. */
function valueText(v) {
  return typeof v === 'string' ? v : worded(VALUES, v);
}

/**
 * REF-2's refusal of a record that is not readable JSON: the byte offset,
 * the line and column it falls on (REF-6), the reader's message; the words
 * of pfkit verify.
 */
function notReadableJSON(b, offset, message) {
  const [line, column] = lineColumn(b, offset);
  return 'the record is not readable JSON: at offset ' + offset + ' (line ' + line + ', column ' + column + '): ' + message;
}

/**
 * REF-6: lines from 1, each ending at a line feed; columns from 1, counting
 * the bytes before the offset on its line that do not continue a UTF-8
 * sequence (0x80 to 0xBF).
 */
function lineColumn(b, offset) {
  let line = 1, column = 1;
  const end = Math.min(offset, b.length);
  for (let i = 0; i < end; i++) {
    const x = b[i];
    if (x === 0x0a) {
      line++;
      column = 1;
    } else if (x < 0x80 || x > 0xbf) {
      column++;
    }
  }
  return [line, column];
}

module.exports = { notReadableJSON, say, deckCard, clientSeedValue, writtenTime, clipped, timeWords, seatWords, checkName, summaryText, noteText, titleText, placeText, valueText, CHECKS, SUMMARIES, NOTES, TITLES, VALUES, PLACE_PARTS };
