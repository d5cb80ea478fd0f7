// REC-4 and REC-5: a poker_hmac_v1 leave bundle and a session reveal.
'use strict';

const { commit } = require('./stream.js');
const { cardName, TABLE52_IDS } = require('./cards.js');
const { intOf } = require('./json_value.js');
const { holePositions, readingOf, readingsNote } = require('./reading.js');
const { MAX_HANDS, leafHash, rootFrom, treeLevels, pokerDeal, handNumbers } = require('./poker_hmac_v1.js');
const { parseDateTime, compareInstants, sessionDuration, formatInstantPlus } = require('./datetime.js');
const { say, deckCard, writtenTime, valueText } = require('./report_words.js');
const { Mismatches, newReport, mismatch, passCheck, failCheck, equalCheck, listOf, listsCheck, finishReport, shownRun, distinctCheck } = require('./reports.js');

/** REC-4: a leave bundle, hand by hand, card by card against the published roots. */
function verifyLeaveRecord(kind, o) {
  const seat = intOf(o.seat);
  const r = newReport(kind, say('leave', { table: o.table, session: o.session, seat }));
  // firstHand: the says of a record numbering its hands from 0 say so, for the English (report_words.js handNumber).
  const firstHand = readingOf(o, 'firstHand');
  const fromZero = firstHand === 0 ? { firstHand } : {};
  // counted: the hand counted from 1, its number from the first hand on (report_words.js handNumber).
  const handOf = (n) => ({ hand: n, ...fromZero, counted: n - firstHand + 1 });
  distinctCheck(r, '/hands', false, o.hands.map((h, hi) => ['cards', 'board'].map((list) =>
    shownRun(h[list].map((pr) => pr.card), (i) => '/hands/' + hi + '/' + list + '/' + i + '/card',
      (i) => ({ ...handOf(intOf(h.hand)), [list === 'cards' ? 'ownCard' : 'boardCard']: i + 1 })))));
  const dealing = readingOf(o, 'dealing');
  const { first, last: top } = handNumbers(firstHand);
  const seen = new Map();
  o.hands.forEach((h, hi) => {
    const hand = intOf(h.hand);
    const p = '/hands/' + hi;
    if (hand < first || hand > top) {
      failCheck(r, say('hand_number', handOf(hand)), p + '/hand', 'PK-8', say('hand_range', { first, last: top }),
        [mismatch(p + '/hand', { entry: hi + 1 }, say('range', { first, last: top }), String(hand))]);
      return;
    }
    if (seen.has(hand)) {
      failCheck(r, say('hand_number', handOf(hand)), p + '/hand', 'PK-8', say('hand_listed_twice', { hand, ...fromZero, entry: seen.get(hand) + 1, again: hi + 1 }));
      return;
    }
    seen.set(hand, hi);
    const seats = h.seats.map(intOf);
    const sorted = seats.slice().sort((a, b) => a - b);
    const j = sorted.indexOf(seat);
    if (j < 0 || sorted.some((x, k) => k > 0 && x === sorted[k - 1])) {
      failCheck(r, say('hand_seats', handOf(hand)), p + '/seats', 'PK-9', say('seats_without_player', { seat, seats }));
      return;
    }
    const check = (list, i, pr, wantPos) => {
      const pp = p + '/' + list + '/' + i;
      const own = list === 'cards', card = i + 1;
      const label = say(own ? 'own_card' : 'board_card', { ...handOf(hand), card });
      const at = { ...handOf(hand), [own ? 'ownCard' : 'boardCard']: card };
      const pos = intOf(pr.position);
      if (pos !== wantPos) {
        failCheck(r, say(own ? 'own_card_position' : 'board_card_position', { ...handOf(hand), card }), pp + '/position', 'PK-10',
          say('position_expected', { expected: wantPos, dealing, found: pos }), [mismatch(pp + '/position', at, String(wantPos), String(pos), deckCard)]);
        return;
      }
      if (rootFrom(leafHash(pos, TABLE52_IDS[pr.card], pr.salt), pos, pr.path) === h.root) {
        passCheck(r, label, pp, 'PK-7', say('card_in_deck', { card: pr.card, position: pos }));
      } else {
        failCheck(r, label, pp, 'PK-7', say('card_not_in_deck', { card: pr.card, position: pos }),
          [mismatch(pp, at, say('proof_reaching', { root: h.root }), say('proof_missing'))]);
      }
    };
    // PK-10, READ-2: the player at index j of the seats in ascending order
    // holds 2j and 2j + 1 in pairs, j and m + j round robin; the board follows
    // all hole cards.
    const hole = holePositions(j, sorted.length, dealing);
    h.cards.forEach((pr, i) => check('cards', i, pr, hole[i]));
    h.board.forEach((pr, i) => check('board', i, pr, 2 * sorted.length + i));
  });
  return finishReport(r, [say('leave'), readingsNote(o, ['dealing', 'firstHand'])]);
}

/** A session's end as the record writes it, in words for the English report; the expected bound is a say. */
const recordTime = (v) => (typeof v === 'string' ? writtenTime(v) : valueText(v));

/** REC-5: a session reveal against everything published before the deals. */
function verifySessionRecord(kind, o) {
  const r = newReport(kind, say('session', { table: o.table, session: o.session, hands: o.hands.length }));
  const committed = readingOf(o, 'sessionCommitment') === 'published';
  if (committed) {
    equalCheck(r, say('session_commitment'), '/commitment', 'PK-11', commit(o.serverSeed), o.commitment, say('session_commitment_matches'),
      { differs: 'session_commitment_differs' });
  }
  const first = readingOf(o, 'firstHand');
  const fromZero = first === 0 ? { firstHand: first } : {};
  const numbering = new Mismatches();
  o.hands.forEach((h, i) => {
    if (intOf(h.hand) !== first + i) numbering.add(mismatch('/hands/' + i + '/hand', { entry: i + 1 }, String(first + i), String(intOf(h.hand))));
  });
  if (numbering.count === 0) passCheck(r, say('hand_numbers'), '/hands', 'PK-8', say('hands_numbered', { first, last: first + o.hands.length - 1 }));
  else failCheck(r, say('hand_numbers'), '/hands', 'PK-8', say('hands_in_order', { first }), numbering);
  if (o.rotation === 'hands') {
    equalCheck(r, say('rotation'), '/rotation', 'PK-8', say('hands', { n: MAX_HANDS }), say('hands', { n: o.hands.length }), say('rotated'));
  }
  if (o.opened !== undefined && o.closed !== undefined) {
    const opened = parseDateTime(o.opened), closed = parseDateTime(o.closed); // both checked by the schema
    if (compareInstants(closed, opened, 0) < 0) {
      failCheck(r, say('session_times'), '/closed', 'PK-8', say('closed_before_opened'),
        [mismatch('/closed', { closed: true }, say('at_or_after', { time: o.opened }), o.closed, recordTime)]);
    } else if (compareInstants(closed, opened, 86400) > 0) {
      failCheck(r, say('session_times'), '/closed', 'PK-8', say('over_a_day', { duration: sessionDuration(opened, closed) }),
        [mismatch('/closed', { closed: true }, say('at_most', { time: formatInstantPlus(opened, 86400) }), o.closed, recordTime)]);
    } else {
      passCheck(r, say('session_times'), '/closed', 'PK-8', say('open_for', { duration: sessionDuration(opened, closed) }));
    }
  }
  // counted: a reveal's hand counted from 1 is its place in the list, the record's number beside it when that is another.
  const handOf = (hi) => ({ hand: intOf(o.hands[hi].hand), ...fromZero, counted: hi + 1 });
  distinctCheck(r, '/hands', false, o.hands.map((h, hi) =>
    [shownRun(h.deck, (i) => '/hands/' + hi + '/deck/' + i, (i) => ({ ...handOf(hi), position: i }))]));
  o.hands.forEach((h, hi) => {
    const hand = intOf(h.hand), named = handOf(hi);
    const p = '/hands/' + hi;
    const seats = h.seats.map((x) => ({ seat: intOf(x.seat), clientSeed: x.clientSeed }));
    const taken = new Set();
    const dup = seats.find((x) => (taken.has(x.seat) ? true : (taken.add(x.seat), false)));
    if (dup !== undefined) {
      failCheck(r, say('hand_seats', named), p + '/seats', 'PK-9', say('seat_taken_twice', { seat: dup.seat }));
      return;
    }
    const d = pokerDeal(o.serverSeed, o.table, o.session, hand, seats);
    equalCheck(r, say('hand_commitment', named), p + '/handCommitment', 'PK-2', d.handCommitment, h.handCommitment, say('hand_commitment_matches'),
      { differs: 'hand_commitment_differs' });
    listsCheck(r, say('hand_deck', named), p + '/deck', 'PK-3', say('deck_from_seeds'),
      [listOf(p + '/deck', (i) => ({ ...named, position: i }), d.deck.map(cardName.table52), h.deck)]);
    const leaves = h.deck.map((c, i) => leafHash(i, TABLE52_IDS[c], d.salts[i]));
    equalCheck(r, say('hand_root', named), p + '/root', 'PK-6', treeLevels(leaves)[6][0], h.root, say('root_matches'), { differs: 'root_differs' });
  });
  return finishReport(r, [say(committed ? 'session' : 'session_no_commitment'), readingsNote(o, ['firstHand', 'sessionCommitment'])]);
}

module.exports = { verifyLeaveRecord, verifySessionRecord };
