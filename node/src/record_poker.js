// REC-4 and REC-5: a poker_hmac_v1 leave bundle and a session reveal.
'use strict';

const { commit } = require('./stream.js');
const { cardName, TABLE52_IDS } = require('./cards.js');
const { intOf } = require('./json_value.js');
const { quoteText } = require('./text.js');
const { holePositions, readingOf, readingsNote } = require('./readings.js');
const { leafHash, rootFrom, treeLevels, pokerDeal } = require('./poker_hmac_v1.js');
const { parseDateTime, compareInstants, sessionDuration, formatInstantPlus } = require('./datetime.js');
const { Mismatches, newReport, mismatch, passCheck, failCheck, equalCheck, listOf, listsCheck, finishReport, shownRun, distinctCheck } = require('./reports.js');

const LEAVE_NOTE = "Your cards and the board are in the deck the table committed to before each deal. Other players' cards, the full deck, and whether the commitments follow from the server seed are checked with the session reveal.";
const SESSION_NOTE = "A passing reveal shows every deck of the session was fixed by the seed committed when the session opened and by the seated players' client seeds, and that each root published before a deal committed to that deck.";

const SESSION_NO_COMMITMENT_NOTE = "A passing reveal shows every deck of the session was fixed, before its deal, by the hand commitment derived from the seed and by the seated players' client seeds, and that each root published before a deal committed to that deck. The session published no commitment to the seed itself.";

/** REC-4: a leave bundle, hand by hand, card by card against the published roots. */
function verifyLeaveRecord(kind, o) {
  const seat = intOf(o.seat);
  const r = newReport(kind, 'poker_hmac_v1 leave bundle, table ' + o.table + ', session ' + o.session + ', seat ' + seat);
  distinctCheck(r, '/hands', false, o.hands.map((h, hi) => ['cards', 'board'].map((list) =>
    shownRun(h[list].map((pr) => pr.card), (i) => '/hands/' + hi + '/' + list + '/' + i + '/card',
      (i) => 'hand ' + intOf(h.hand) + ', ' + (list === 'cards' ? 'own' : 'board') + ' card ' + (i + 1)))));
  const dealing = readingOf(o, 'dealing');
  const first = readingOf(o, 'firstHand'), top = first + 499;
  const seen = new Map();
  o.hands.forEach((h, hi) => {
    const hand = intOf(h.hand);
    const name = 'hand ' + hand, p = '/hands/' + hi;
    if (hand < first || hand > top) {
      failCheck(r, name + ' number', p + '/hand', 'PK-8', 'hands numbered from ' + first + ' run from ' + first + ' to ' + top,
        [mismatch(p + '/hand', 'entry ' + (hi + 1), first + ' to ' + top, String(hand))]);
      return;
    }
    if (seen.has(hand)) {
      failCheck(r, name + ' number', p + '/hand', 'PK-8', 'hand ' + hand + ' is listed twice (entries ' + (seen.get(hand) + 1) + ' and ' + (hi + 1) + ')');
      return;
    }
    seen.set(hand, hi);
    const seats = h.seats.map(intOf);
    const sorted = seats.slice().sort((a, b) => a - b);
    const j = sorted.indexOf(seat);
    if (j < 0 || sorted.some((x, k) => k > 0 && x === sorted[k - 1])) {
      failCheck(r, name + ' seats', p + '/seats', 'PK-9', "expected distinct seats including the player's seat " +
        seat + ', record has [' + seats.join(' ') + ']');
      return;
    }
    const check = (list, i, pr, wantPos) => {
      const pp = p + '/' + list + '/' + i;
      const label = name + ', ' + (list === 'cards' ? 'own' : 'board') + ' card ' + (i + 1);
      const pos = intOf(pr.position);
      if (pos !== wantPos) {
        failCheck(r, label + ' position', pp + '/position', 'PK-10', 'expected position ' + wantPos + ' (dealing ' + quoteText(dealing) + '), record has ' + pos,
          [mismatch(pp + '/position', label, String(wantPos), String(pos))]);
        return;
      }
      if (rootFrom(leafHash(pos, TABLE52_IDS[pr.card], pr.salt), pos, pr.path) === h.root) {
        passCheck(r, label, pp, 'PK-7', pr.card + ' at position ' + pos + ' is in the deck the root committed to');
      } else {
        failCheck(r, label, pp, 'PK-7', pr.card + ' at position ' + pos + ' with its salt and path does not reach the published root',
          [mismatch(pp, label, 'a proof reaching root ' + h.root.slice(0, 12) + '…', 'a proof that does not')]);
      }
    };
    // PK-10, READ-2: the player at index j of the seats in ascending order
    // holds 2j and 2j + 1 in pairs, j and m + j round robin; the board follows
    // all hole cards.
    const hole = holePositions(j, sorted.length, dealing);
    h.cards.forEach((pr, i) => check('cards', i, pr, hole[i]));
    h.board.forEach((pr, i) => check('board', i, pr, 2 * sorted.length + i));
  });
  return finishReport(r, [LEAVE_NOTE, readingsNote(o, ['dealing', 'firstHand'])]);
}

/** REC-5: a session reveal against everything published before the deals. */
function verifySessionRecord(kind, o) {
  const r = newReport(kind, 'poker_hmac_v1 session reveal, table ' + o.table + ', session ' + o.session + ', ' + o.hands.length + ' hands');
  const committed = readingOf(o, 'sessionCommitment') === 'published';
  if (committed) {
    equalCheck(r, 'session commitment', '/commitment', 'PK-11', commit(o.serverSeed), o.commitment,
      'SHA-256 of the revealed server seed equals the commitment published when the session opened');
  }
  const first = readingOf(o, 'firstHand');
  const numbering = new Mismatches();
  o.hands.forEach((h, i) => {
    if (intOf(h.hand) !== first + i) numbering.add(mismatch('/hands/' + i + '/hand', 'entry ' + (i + 1), String(first + i), String(intOf(h.hand))));
  });
  if (numbering.count === 0) passCheck(r, 'hand numbers', '/hands', 'PK-8', 'hands ' + first + ' to ' + (first + o.hands.length - 1) + ', none missing or repeated');
  else failCheck(r, 'hand numbers', '/hands', 'PK-8', 'hands are numbered ' + first + ', ' + (first + 1) + ', ' + (first + 2) + ' … in order', numbering);
  if (o.rotation === 'hands') {
    equalCheck(r, 'rotation', '/rotation', 'PK-8', '500 hands', o.hands.length + ' hands', 'the session rotated after its 500th hand');
  }
  if (o.opened !== undefined && o.closed !== undefined) {
    const opened = parseDateTime(o.opened), closed = parseDateTime(o.closed); // both checked by the schema
    if (compareInstants(closed, opened, 0) < 0) {
      failCheck(r, 'session times', '/closed', 'PK-8', 'the session closed before it opened',
        [mismatch('/closed', 'closing time', 'at or after ' + o.opened, o.closed)]);
    } else if (compareInstants(closed, opened, 86400) > 0) {
      failCheck(r, 'session times', '/closed', 'PK-8', 'a session lasts at most 24 hours; this one lasted ' + sessionDuration(opened, closed),
        [mismatch('/closed', 'closing time', 'at most ' + formatInstantPlus(opened, 86400), o.closed)]);
    } else {
      passCheck(r, 'session times', '/closed', 'PK-8', 'open for ' + sessionDuration(opened, closed) + ', within 24 hours');
    }
  }
  distinctCheck(r, '/hands', false, o.hands.map((h, hi) =>
    [shownRun(h.deck, (i) => '/hands/' + hi + '/deck/' + i, (i) => 'hand ' + intOf(h.hand) + ', position ' + i)]));
  o.hands.forEach((h, hi) => {
    const hand = intOf(h.hand);
    const name = 'hand ' + hand, p = '/hands/' + hi;
    const seats = h.seats.map((x) => ({ seat: intOf(x.seat), clientSeed: x.clientSeed }));
    const taken = new Set();
    const dup = seats.find((x) => (taken.has(x.seat) ? true : (taken.add(x.seat), false)));
    if (dup !== undefined) {
      failCheck(r, name + ' seats', p + '/seats', 'PK-9', 'seat ' + dup.seat + ' is taken twice');
      return;
    }
    const d = pokerDeal(o.serverSeed, o.table, o.session, hand, seats);
    equalCheck(r, name + ' commitment', p + '/handCommitment', 'PK-2', d.handCommitment, h.handCommitment,
      'SHA-256 of the hand value derived from the seed equals the commitment stored before the deal');
    listsCheck(r, name + ' deck', p + '/deck', 'PK-3', 'the revealed deck is the one the seed and client seeds give',
      [listOf(p + '/deck', (i) => name + ', position ' + i, d.deck.map(cardName.table52), h.deck)]);
    const leaves = h.deck.map((c, i) => leafHash(i, TABLE52_IDS[c], d.salts[i]));
    equalCheck(r, name + ' root', p + '/root', 'PK-6', treeLevels(leaves)[6][0], h.root,
      'the revealed deck, with its salts, hashes to the root published before the deal');
  });
  return finishReport(r, [committed ? SESSION_NOTE : SESSION_NO_COMMITMENT_NOTE, readingsNote(o, ['firstHand', 'sessionCommitment'])]);
}

module.exports = { verifyLeaveRecord, verifySessionRecord };
