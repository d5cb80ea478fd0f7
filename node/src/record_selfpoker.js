// REC-7: a selfpoker_v1 hand of the self-hosted room.
'use strict';

const { PfkitError } = require('./errors.js');
const { sha256Hex } = require('./sha256.js');
const { cardName } = require('./cards.js');
const { holePositions, readingOf, readingsNote } = require('./reading.js');
const { permutationOfWords } = require('./numpy.js');
const { SEED_LIMIT_TEXT, parseSeed } = require('./selfpoker_v1.js');
const { cutText } = require('./escape.js');
const { unreadable } = require('./record_read.js');
const { refusalMessage } = require('./record_schema.js');
const { say } = require('./report_words.js');
const { newReport, equalCheck, listOf, listsCheck, finishReport, shownRun, distinctCheck } = require('./reports.js');

/**
 * A hand's seed, which its schema has checked to be decimal digits with no
 * leading zero or a bare JSON number at least 0, refused for what a schema
 * cannot say with REF-4's words (-0; 2^63 or more, its digits cut by REF-1);
 * throws RecordRefusal.
 */
function recordSeed(text) {
  const at = (code, params) => refusalMessage('record_selfpoker_v1.json', [{ name: 'seed' }, { name: 'fairplay' }], code, params);
  if (text === '-0') unreadable('invalid_integer', at('cli.refusal.seedSign', {}));
  if (text.length > 19 || (text.length === 19 && text > SEED_LIMIT_TEXT)) {
    unreadable('out_of_range', at('cli.refusal.seedRange', { found: cutText(text) }));
  }
  try {
    return parseSeed('/fairplay/seed', text);
  } catch (e) {
    if (e instanceof PfkitError) unreadable(e.code, e.message);
    throw e;
  }
}

/** REC-7: a self-hosted hand. */
function verifySelfpokerRecord(kind, o) {
  // A bare number is read from its digits, never through a double.
  const seed = o.fairplay.seed;
  const text = typeof seed === 'string' ? seed : seed.text;
  const words = recordSeed(text);
  const hands = o.hands, board = o.board;
  const r = newReport(kind, say('selfpoker', { seed: text, players: hands.length }));
  const deck = permutationOfWords(words, 52);
  const name = cardName.selfpoker;
  equalCheck(r, say('commitment'), '/commit', 'SP-2', sha256Hex('selfpoker:' + text), o.commit, say('selfpoker_commitment_matches'),
    { differs: 'selfpoker_commitment_differs' });
  distinctCheck(r, '', false, [hands.map((h, i) => shownRun(h, (k) => '/hands/' + i + '/' + k, (k) => ({ player: i + 1, card: k + 1 })))
    .concat([shownRun(board, (k) => '/board/' + k, (k) => ({ boardCard: k + 1 }))])]);
  const dealing = readingOf(o, 'dealing');
  listsCheck(r, say('hands'), '/hands', 'SP-4', say('hands_in_deck_order'), hands.map((h, i) =>
    listOf('/hands/' + i, (k) => ({ player: i + 1, card: k + 1 }), holePositions(i, hands.length, dealing).map((p) => name(deck[p])), h)));
  const first = 2 * hands.length;
  listsCheck(r, say('board'), '/board', 'SP-4', say('board_after_hands', { count: board.length }),
    [listOf('/board', (k) => ({ boardCard: k + 1 }), deck.slice(first, first + board.length).map(name), board)]);
  return finishReport(r, [say('selfpoker'), readingsNote(o, ['dealing'])]);
}

module.exports = { verifySelfpokerRecord };
