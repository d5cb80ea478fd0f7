// match_seed_v2 (spec section 5): the match stream, and what each game draws
// from it: dice, seats, deals, Baloot's two distributions, mahjong's wall.
'use strict';

const { DrawStream } = require('./stream.js');
const { intBelow, shuffle, range } = require('./sampling.js');

function matchPrefix(game, matchId, clientSeeds) {
  return 'pf2:' + game + ':' + matchId + ':' + clientSeeds.map((s, i) => i + '=' + s).join(',') + ':';
}

function matchStream(serverSeed, game, matchId, clientSeeds) {
  return new DrawStream(serverSeed, matchPrefix(game, matchId, clientSeeds));
}

const GAMES = Object.freeze([
  { name: 'backgammon', players: 2, kind: 'backgammon' },
  { name: 'checkers', players: 2, kind: 'seats' },
  { name: 'xiangqi', players: 2, kind: 'seats' },
  { name: 'tarneeb', players: 4, kind: 'deals' },
  { name: 'trix', players: 4, kind: 'deals' },
  { name: 'bridge', players: 4, kind: 'deals' },
  { name: 'baloot', players: 4, kind: 'baloot' },
  { name: 'mahjong', players: 4, kind: 'mahjong' },
]);

const die = (s) => intBelow(s, 6) + 1;

/** BG-1, BG-2; the opening as READ-6 reads it. */
function backgammonGame(s, turns, openingReading) {
  const opening = [];
  let a, b, first = 0;
  if (openingReading === 'first_seat_rolls') {
    a = die(s); b = die(s);
    opening.push([a, b]); // seat 0 moves first; doubles stand
  } else {
    do {
      a = die(s); b = die(s);
      opening.push([a, b]);
    } while (a === b);
    first = a > b ? 0 : 1;
  }
  const rolls = [];
  for (let t = 0; t < turns; t++) rolls.push([die(s), die(s)]);
  return { opening, first, rolls };
}

function deal52(s) {
  const deck = shuffle(s, range(52));
  return [0, 1, 2, 3].map((i) => deck.slice(13 * i, 13 * i + 13));
}

/** Positions of seat's five cards in Baloot's first distribution (BAL-1, READ-7). */
function balootFirst(seat, deal) {
  return deal === 'three_two' ? [3 * seat, 3 * seat + 1, 3 * seat + 2, 12 + 2 * seat, 13 + 2 * seat]
    : [0, 1, 2, 3, 4].map((k) => 5 * seat + k);
}

function balootHand(s, buyer, deal) {
  const deck = shuffle(s, range(32));
  const first = [0, 1, 2, 3].map((i) => balootFirst(i, deal).map((p) => deck[p]));
  const upcard = deck[20];
  if (buyer === null) return { first, upcard, buyer: null };
  const rest = shuffle(s, deck.slice(21));
  const final = [];
  let pos = 0;
  for (let seat = 0; seat < 4; seat++) {
    const take = seat === buyer ? 2 : 3;
    final.push(first[seat].concat(seat === buyer ? [upcard] : [], rest.slice(pos, pos + take)));
    pos += take;
  }
  return { first, upcard, buyer, rest, final };
}

/** The draws (0 to 52) a seat holds after the deal, in the order drawn (MJ-2, READ-8). */
function mahjongSeat(seat, deal) {
  const out = [];
  if (deal === 'rounds') {
    for (let r = 0; r < 3; r++) for (let k = 0; k < 4; k++) out.push(16 * r + 4 * seat + k);
    out.push(48 + seat);
  } else {
    for (let k = 0; k < 13; k++) out.push(13 * seat + k);
  }
  if (seat === 0) out.push(52);
  return out;
}

/** Draws count tiles from a fresh wall with the draw model and deal layout (MJ-1, MJ-2, READ-5, READ-8). */
function mahjongHand(s, count, model, layout) {
  const wall = range(136);
  const drawn = [];
  for (let i = 0; i < count; i++) {
    const j = intBelow(s, wall.length);
    if (model === 'close_gap') {
      drawn.push(wall.splice(j, 1)[0]);
      continue;
    }
    const last = wall.length - 1;
    const t = wall[j]; wall[j] = wall[last]; wall[last] = t;
    drawn.push(wall.pop());
  }
  const deal = [0, 1, 2, 3].map((i) => mahjongSeat(i, layout).map((d) => drawn[d]));
  return { deal, draws: drawn.slice(53) };
}

module.exports = { matchPrefix, matchStream, GAMES, backgammonGame, deal52, balootHand, mahjongHand };
