// poker_hmac_v1 (spec section 6): the hand value, the deck, the salts and the
// 64-leaf Merkle tree a table commits to before each deal.
'use strict';

const { sha256Hex } = require('./sha256.js');
const { hmacSha256Hex } = require('./hmac.js');
const { DrawStream } = require('./stream.js');
const { shuffle, range } = require('./sampling.js');
const { fail } = require('./errors.js');

// PK-8: a session holds at most this many hands, numbered from its first (READ-3).
const MAX_HANDS = 500;

/** The first and last hand number of a session numbered from first, 1 or 0 (PK-8, READ-3). */
function handNumbers(first) {
  return { first, last: first + MAX_HANDS - 1 };
}

/** Refuses a hand number the session's numbering does not hold (PK-8, READ-3); where names the field. */
function checkHand(first, hand, where) {
  const { last } = handNumbers(first);
  if (hand < first || hand > last) {
    fail('out_of_range', where + ': hands numbered from ' + first + ' run from ' + first + ' to ' + last + ', found ' + hand);
  }
}

const PAD_LEAF = sha256Hex('pk1:pad');

function handValue(serverSeed, table, session, hand) {
  return hmacSha256Hex(serverSeed, 'pk1:hand:' + table + ':' + session + ':' + hand);
}

function deckPrefix(table, session, hand, seats) {
  const sorted = seats.slice().sort((x, y) => x.seat - y.seat);
  return 'pk1:' + table + ':' + session + ':' + hand + ':' + sorted.map((p) => p.seat + '=' + p.clientSeed).join(',') + ':';
}

function leafHash(position, card, salt) {
  return sha256Hex('pk1:leaf:' + position + ':' + card + ':' + salt);
}

function nodeHash(left, right) {
  return sha256Hex('pk1:node:' + left + right);
}

/** Every level of the 64-leaf tree, leaves first; levels[6][0] is the root. */
function treeLevels(leaves) {
  let level = leaves.slice();
  while (level.length < 64) level.push(PAD_LEAF);
  const levels = [level];
  while (level.length > 1) {
    const up = new Array(level.length / 2);
    for (let m = 0; m < up.length; m++) up[m] = nodeHash(level[2 * m], level[2 * m + 1]);
    levels.push(up);
    level = up;
  }
  return levels;
}

function rootFrom(leaf, position, path) {
  let h = leaf;
  for (let l = 0; l < path.length; l++) {
    h = ((position >> l) & 1) === 0 ? nodeHash(h, path[l]) : nodeHash(path[l], h);
  }
  return h;
}

/** Everything the server derives for one hand (PK-1..6). */
function pokerDeal(serverSeed, table, session, hand, seats) {
  const hv = handValue(serverSeed, table, session, hand);
  const s = new DrawStream(hv, deckPrefix(table, session, hand, seats));
  const deck = shuffle(s, range(52));
  // Salts share the key and the prefix "pk1:salt:", so they reuse the stream's caching.
  const saltStream = new DrawStream(hv, 'pk1:salt:');
  const salts = deck.map((_, i) => saltStream.digestHex(i));
  const levels = treeLevels(deck.map((card, i) => leafHash(i, card, salts[i])));
  return {
    handValue: hv,
    handCommitment: sha256Hex(hv),
    deck,
    salts,
    levels,
    root: levels[6][0],
    counter: s.counter,
  };
}

module.exports = { MAX_HANDS, handNumbers, checkHand, PAD_LEAF, handValue, deckPrefix, leafHash, nodeHash, treeLevels, rootFrom, pokerDeal };
