// Check the dealing yourself: Node.js 18 or later, nothing to install.
//
// Define these from your records before the code below, then run it:
//   serverSeed      the server seed revealed after play: 64 lowercase hex characters
//   commitment      the SHA-256 the server showed before the first card or die
//   game, matchId   the match's game id ('bridge', 'backgammon', ...) and match id
//   clientSeeds     the match's client seeds, in the match's order: ['alice', 'bob']
//   table, session, hand   poker: table id, seed session id, hand number (1 to 500)
//   seats           poker: every seated player, e.g. [{ seat: 2, clientSeed: 'alice' }, ...]
//   handCommitment  poker: the hand commitment stored before the deal
//   seedA, clientA  chess: the seed and client seed of A, who made the seek or challenge
//   seedB, clientB  chess: the same for B; both null when B is a bot
// for example: const serverSeed = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
// Parts 1-5 check a table-game match, part 6 a poker hand, part 7 a chess game;
// parts 2-4 are shared. Remove the parts whose values you do not have.
const { createHash, createHmac } = require('node:crypto');
function sha256(text) {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
function hmac(key, text) {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}
// A draw is the first 13 hex characters (52 bits) of an HMAC-SHA256.
const draw52 = (key, text) => BigInt('0x' + hmac(key, text).slice(0, 13));

// 1. The seed revealed after play must hash to the commitment shown before it.
console.log('commitment ok:', sha256(serverSeed) === commitment);

// 2. A stream of draws: draw k uses the message prefix + k, k = 0, 1, 2, ...
function stream(key, prefix) {
  let k = 0;
  return () => draw52(key, prefix + k++);
}

// 3. int(n): a whole number below n. The 2^52 possible draws are cut at the
// largest multiple of n; a draw at or above the cut is skipped and the next
// draw is used, so each of the n results is exactly as likely.
const SPAN = 1n << 52n;
function int(next, n) {
  const size = BigInt(n);
  const cut = SPAN - SPAN % size;
  let w = next();
  while (w >= cut) w = next();
  return Number(w % size);
}

// 4. Fisher-Yates from the top: for i from the last index down to 1, swap
// positions i and int(i + 1).
function shuffle(next, items) {
  const a = [...items];
  for (let i = a.length - 1; i >= 1; i--) {
    const j = int(next, i + 1);
    const held = a[i];
    a[i] = a[j];
    a[j] = held;
  }
  return a;
}

// 5. The match: one counter for every draw, key = serverSeed,
// message = 'pf2:' + game + ':' + matchId + ':0=alice,1=bob:' + k.
const seatList = clientSeeds.map((seed, i) => i + '=' + seed).join(',');
const matchPrefix = 'pf2:' + game + ':' + matchId + ':' + seatList + ':';
const next = stream(serverSeed, matchPrefix);
const die = () => int(next, 6) + 1;
// The first draws give the seat order: seatOrder[i] is the client seed sitting in
// seat i, and seat 0 plays first. Rolls and deals follow on the same counter,
// e.g. a 52-card deal: shuffle(next, [...Array(52).keys()]), seat i holding
// positions 13i to 13i + 12.
const seatOrder = shuffle(next, clientSeeds.map((_, i) => i));
console.log('seat order:', seatOrder);

// 6. Poker: hand number `hand` of seed session `session` at table `table`.
const handValue = hmac(serverSeed, 'pk1:hand:' + table + ':' + session + ':' + hand);
console.log('hand commitment ok:', sha256(handValue) === handCommitment);
// The deck is a shuffle keyed by the hand value; the message lists the seated
// players by ascending seat, whatever order they arrived in.
const seated = [...seats].sort((x, y) => x.seat - y.seat).map((p) => p.seat + '=' + p.clientSeed).join(',');
const deck = shuffle(stream(handValue, 'pk1:' + table + ':' + session + ':' + hand + ':' + seated + ':'), [...Array(52).keys()]);
const cardName = (id) => '23456789TJQKA'[id % 13] + 'cdhs'[Math.floor(id / 13)];
console.log('deck:', deck.map(cardName).join(' '));
// Deck commitment published before the deal: a Merkle root over 64 leaves, the
// 52 positions (card id in decimal, with a salt) and 12 pad leaves.
const salts = deck.map((_, i) => hmac(handValue, 'pk1:salt:' + i));
const leaves = deck.map((card, i) => sha256('pk1:leaf:' + i + ':' + card + ':' + salts[i]));
const node = (left, right) => sha256('pk1:node:' + left + right);
let level = leaves.concat(Array(12).fill(sha256('pk1:pad')));
while (level.length > 1) level = level.filter((_, i) => i % 2 === 0).map((left, i) => node(left, level[2 * i + 1]));
const root = level[0];
console.log('deck root:', root);
// On leaving the table you get, for each of your cards, its position, card id,
// salt and six path hashes; they must lead to the root published before the deal.
function proofOk(position, card, salt, path, expectedRoot) {
  let h = sha256('pk1:leaf:' + position + ':' + card + ':' + salt);
  path.forEach((sibling, l) => { h = (position >> l) & 1 ? node(sibling, h) : node(h, sibling); });
  return h === expectedRoot;
}

// 7. Chess: the colours come from both seeds. A bot brings no seed, and '-'
// stands for its commitment and its client seed.
const commitA = sha256(seedA), commitB = seedB === null ? '-' : sha256(seedB);
const chessPrefix = 'cc1:' + commitA + ':' + commitB + ':0=' + clientA + ',1=' + (seedB === null ? '-' : clientB) + ':';
const nextA = stream(seedA, chessPrefix), nextB = seedB === null ? null : stream(seedB, chessPrefix);
// Equal commitments would cancel out in the XOR, so such a pairing is refused.
const white = commitA === commitB ? 'refused' : int(() => (nextB ? nextA() ^ nextB() : nextA()), 2) === 0 ? 'A' : 'B';
console.log('white:', white);
