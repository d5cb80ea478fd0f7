// Check a table-game match yourself: Node.js 18 or later, nothing to install.
// Save this file as check.js, put your match's values on lines 5 to 11 and run
// node check.js. Baloot, mahjong, poker and chess: the technical page's script.

const game = 'backgammon';
const serverSeed = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const commitment = '7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c';
const matchId = 'm1';
const clientSeeds = ['alice', 'bob'];
// What was played: backgammon { games: [turns after each opening] }; tarneeb, trix, bridge { deals: 2 }
const play = { games: [3] };

const { createHash, createHmac } = require('node:crypto');
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key, text) => createHmac('sha256', key).update(text, 'utf8').digest('hex');
// Draw k: the first 52 bits of HMAC-SHA256(server seed, prefix + k), k = 0, 1, 2, ...
function stream(key, prefix) {
  let k = 0;
  return () => BigInt('0x' + hmac(key, prefix + k++).slice(0, 13));
}
const SPAN = 2n ** 52n;
function int(next, n) { // a whole number below n, without modulo bias
  const size = BigInt(n), cut = SPAN - SPAN % size;
  for (;;) { const w = next(); if (w < cut) return Number(w % size); }
}
function shuffle(next, items) { // Fisher-Yates from the top
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) { const j = int(next, i + 1); [out[i], out[j]] = [out[j], out[i]]; }
  return out;
}
const range = (n) => [...Array(n).keys()];
const ORDINAL = ['first', 'second', 'third', 'fourth']; // seats as a player counts them
const cardName = (c) => '23456789TJQKA'[c % 13] + 'cdhs'[Math.floor(c / 13)];
const matchPrefix = 'pf2:' + game + ':' + matchId + ':' + clientSeeds.map((s, i) => i + '=' + s).join(',') + ':';

if (sha256(serverSeed) !== commitment) {
  console.log('commitment: DOES NOT MATCH, this is not the seed that was committed to');
} else {
  console.log('commitment: matches');
  const next = stream(serverSeed, matchPrefix);
  const seatOrder = shuffle(next, range(clientSeeds.length)); // who sits in each seat; the first seat plays first
  seatOrder.forEach((s, i) => console.log(ORDINAL[i] + ' seat: ' + clientSeeds[s]));
  const die = () => int(next, 6) + 1;
  (game === 'backgammon' ? play.games : []).forEach((turns, g) => {
    const throws = [];
    let a, b;
    do { a = die(); b = die(); throws.push(a + ' ' + b); } while (a === b);
    console.log('game ' + (g + 1) + ' opening: ' + throws.join(', again ') + '; ' + ORDINAL[a > b ? 0 : 1] + ' seat moves first');
    for (let t = 1; t <= turns; t++) console.log('game ' + (g + 1) + ' turn ' + t + ': ' + die() + ' ' + die());
  });
  for (let d = 1; ['tarneeb', 'trix', 'bridge'].includes(game) && d <= play.deals; d++) {
    const deck = shuffle(next, range(52)).map(cardName);
    for (let i = 0; i < 4; i++) {
      console.log('deal ' + d + ', ' + ORDINAL[i] + ' seat (' + clientSeeds[seatOrder[i]] + '): ' + deck.slice(13 * i, 13 * i + 13).join(' '));
    }
  }
}
