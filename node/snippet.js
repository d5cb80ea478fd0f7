// Check a game yourself: Node.js 18 or later, nothing to install.
// Save this file as check.js, replace the values on lines 7 to 28 with your
// own and run: node check.js. A part whose first value is null is skipped.
// A poker hand uses the server seed of its session, on line 8.

// A match of a table game (scheme match_seed_v2):
const game = 'backgammon';
const serverSeed = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const commitment = '7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c';
const matchId = 'm1';
const clientSeeds = ['alice', 'bob'];
// What was played: backgammon { games: [turns after the opening, ...] }; checkers,
// xiangqi {}; tarneeb, trix, bridge { deals: 2 }; baloot { hands: [{ buyer: 0 }, ...] };
// mahjong { hands: [tiles drawn, ...] }, and mahjongDraw: 'close_gap' if the record says so
const play = { games: [3] };
// A poker hand (scheme poker_hmac_v1):
const table = null;
const session = 's-1';
const hand = 1;
const seated = [{ seat: 2, clientSeed: 'alice' }, { seat: 7, clientSeed: 'bob' }];
const handCommitment = '';
// A chess colour (scheme chess_colour_v1); against a bot, null on lines 25 and 26:
const seedA = null;
const clientA = 'alice';
const seedB = null;
const clientB = null;
// One hand of the bundle you receive when you leave a poker table:
const leaveHand = null;

const { createHash, createHmac } = require('node:crypto');
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key, text) => createHmac('sha256', key).update(text, 'utf8').digest('hex');

// A stream of draws: draw k is the first 52 bits (13 hex characters) of
// HMAC-SHA256(key, prefix + k), k = 0, 1, 2, ...
function stream(key, prefix) {
  let k = 0;
  return () => BigInt('0x' + hmac(key, prefix + k++).slice(0, 13));
}

// int(n): a whole number below n. Draws at or above the largest multiple of n
// below 2^52 are skipped, so each of the n results is exactly as likely.
const SPAN = 2n ** 52n;
function int(next, n) {
  const size = BigInt(n);
  const cut = SPAN - SPAN % size;
  for (;;) {
    const w = next();
    if (w < cut) return Number(w % size);
  }
}

// Fisher-Yates from the top: for i from the last index down to 1, swap
// positions i and int(i + 1).
function shuffle(next, items) {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = int(next, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const range = (n) => Array.from({ length: n }, (_, i) => i);
const cardName = (c) => '23456789TJQKA'[c % 13] + 'cdhs'[Math.floor(c / 13)];
const balootName = (c) => '789TJQKA'[c % 8] + 'cdhs'[Math.floor(c / 8)];
const kinds = ['m', 'p', 's'].flatMap((s) => range(9).map((r) => r + 1 + s)).concat(['E', 'S', 'W', 'N', 'Wd', 'Gd', 'Rd']);
const tileName = (t) => kinds[Math.floor(t / 4)];
const show = (names) => names.join(' ');
// Seats as a player counts them: seat 0 of the formulas is the first seat.
const ORDINAL = ['first', 'second', 'third', 'fourth'];

// The match: one counter for every draw, key serverSeed, message
// 'pf2:' + game + ':' + matchId + ':' + seedList + ':' + k.
const seedList = clientSeeds.map((seed, i) => i + '=' + seed).join(',');
const matchPrefix = 'pf2:' + game + ':' + matchId + ':' + seedList + ':';
if (game !== null && sha256(serverSeed) !== commitment) {
  console.log('commitment: DOES NOT MATCH, this is not the seed that was committed to');
} else if (game !== null) {
  console.log('commitment: matches');
  const next = stream(serverSeed, matchPrefix);
  // The seat order comes first: seatOrder[i] is the number of the client seed
  // in seat i, and seat 0, the first seat, plays first.
  const seatOrder = shuffle(next, range(clientSeeds.length));
  const seat = (i) => ORDINAL[i] + ' seat (' + clientSeeds[seatOrder[i]] + ')';
  seatOrder.forEach((s, i) => console.log(ORDINAL[i] + ' seat: ' + clientSeeds[s]));
  const die = () => int(next, 6) + 1;
  if (game === 'backgammon') {
    play.games.forEach((turns, g) => {
      const throws = [];
      let a, b;
      do {
        a = die();
        b = die();
        throws.push(a + ' ' + b);
      } while (a === b);
      console.log('game ' + (g + 1) + ' opening: ' + throws.join(', again ') + '; ' + ORDINAL[a > b ? 0 : 1] + ' seat moves first');
      for (let t = 1; t <= turns; t++) console.log('game ' + (g + 1) + ' turn ' + t + ': ' + die() + ' ' + die());
    });
  } else if (['tarneeb', 'trix', 'bridge'].includes(game)) {
    for (let d = 1; d <= play.deals; d++) {
      const deck = shuffle(next, range(52)).map(cardName);
      for (let i = 0; i < 4; i++) console.log('deal ' + d + ', ' + seat(i) + ': ' + show(deck.slice(13 * i, 13 * i + 13)));
    }
  } else if (game === 'baloot') {
    play.hands.forEach(({ buyer }, h) => {
      const deck = shuffle(next, range(32)).map(balootName);
      const label = 'hand ' + (h + 1);
      for (let i = 0; i < 4; i++) console.log(label + ', ' + seat(i) + ': ' + show(deck.slice(5 * i, 5 * i + 5)));
      if (buyer === null) {
        console.log(label + ' turned up: ' + deck[20] + ', every seat passes');
        return;
      }
      // buyer is the seat as the record numbers it, 0 for the first seat.
      console.log(label + ' turned up: ' + deck[20] + ', bought by the ' + seat(buyer));
      // The eleven cards left are shuffled again: the buyer takes the
      // turned-up card and two of them, every other seat three.
      const rest = shuffle(next, deck.slice(21));
      for (let i = 0; i < 4; i++) {
        const more = i === buyer ? [deck[20]].concat(rest.splice(0, 2)) : rest.splice(0, 3);
        console.log(label + ', ' + seat(i) + ' after the second distribution: ' + show(deck.slice(5 * i, 5 * i + 5).concat(more)));
      }
    });
  } else if (game === 'mahjong') {
    play.hands.forEach((count, h) => {
      // Each tile: j = int(r) on a wall of r tiles; the tile at j changes
      // places with the last one, and the last one is drawn. A record that
      // declares close_gap takes the tile at j and closes the gap instead.
      const wall = range(136);
      const drawn = [];
      for (let r = 136; drawn.length < count; r--) {
        const j = int(next, r);
        if (play.mahjongDraw === 'close_gap') {
          drawn.push(tileName(wall.splice(j, 1)[0]));
        } else {
          [wall[j], wall[r - 1]] = [wall[r - 1], wall[j]];
          drawn.push(tileName(wall.pop()));
        }
      }
      for (let i = 0; i < 4; i++) {
        const tiles = drawn.slice(13 * i, 13 * i + 13).concat(i === 0 ? [drawn[52]] : []);
        console.log('hand ' + (h + 1) + ', ' + seat(i) + ': ' + show(tiles));
      }
      if (count > 53) console.log('hand ' + (h + 1) + ' later draws: ' + show(drawn.slice(53)));
    });
  }
}

// A poker hand: hand number `hand` of seed session `session` at table `table`.
const node = (left, right) => sha256('pk1:node:' + left + right);
if (table !== null) {
  const handValue = hmac(serverSeed, 'pk1:hand:' + table + ':' + session + ':' + hand);
  console.log('hand commitment: ' + (sha256(handValue) === handCommitment ? 'matches' : 'DOES NOT MATCH'));
  // The seated players in ascending seat order, whatever order they sat down in.
  const seatedList = seated.slice().sort((x, y) => x.seat - y.seat).map((p) => p.seat + '=' + p.clientSeed).join(',');
  const deck = shuffle(stream(handValue, 'pk1:' + table + ':' + session + ':' + hand + ':' + seatedList + ':'), range(52));
  console.log('deck: ' + show(deck.map(cardName)));
  // The deck commitment: a Merkle root over the 52 positions (card id in
  // decimal and a salt of its own), made up to 64 leaves with pads.
  let level = deck.map((card, i) => sha256('pk1:leaf:' + i + ':' + card + ':' + hmac(handValue, 'pk1:salt:' + i)));
  level = level.concat(Array(12).fill(sha256('pk1:pad')));
  while (level.length > 1) level = range(level.length / 2).map((i) => node(level[2 * i], level[2 * i + 1]));
  console.log('deck root: ' + level[0]);
}
// One card of a leave bundle: its six path hashes must lead to the root.
function proofOk(position, card, salt, path, root) {
  let h = sha256('pk1:leaf:' + position + ':' + card + ':' + salt);
  path.forEach((sibling, l) => { h = (position >> l) & 1 ? node(sibling, h) : node(h, sibling); });
  return h === root;
}
// Your leave bundle: every card of the hand, own cards and board, checked
// against the root published before that deal.
if (leaveHand !== null) {
  const cardId = (name) => '23456789TJQKA'.indexOf(name[0]) + 13 * 'cdhs'.indexOf(name[1]);
  const check = (label) => (c, i) => console.log('hand ' + leaveHand.hand + ', ' + label + ' ' + (i + 1) + ' (' + c.card +
    ', position ' + c.position + '): proof ' + (proofOk(c.position, cardId(c.card), c.salt, c.path, leaveHand.root) ? 'holds' : 'DOES NOT HOLD'));
  leaveHand.cards.forEach(check('own card'));
  leaveHand.board.forEach(check('board card'));
}

// A chess colour: both seeds decide; a bot brings neither seed nor client seed,
// and '-' stands for both in the message.
if (seedA !== null) {
  const commitA = sha256(seedA);
  const commitB = seedB === null ? '-' : sha256(seedB);
  console.log('commitment A: ' + commitA);
  console.log('commitment B: ' + commitB);
  const message = 'cc1:' + commitA + ':' + commitB + ':0=' + clientA + ',1=' + (seedB === null ? '-' : clientB) + ':';
  const nextA = stream(seedA, message);
  const nextB = seedB === null ? () => 0n : stream(seedB, message);
  if (commitA === commitB) console.log('White: refused, both sides showed the same commitment');
  else console.log('White: ' + (int(() => nextA() ^ nextB(), 2) === 0 ? 'A (' + clientA + ')' : 'B (' + (seedB === null ? 'the bot' : clientB) + ')'));
}
