// Card and tile names (spec section 5.6).
'use strict';

const RANKS = '23456789TJQKA';
const SUITS = 'cdhs';
const TILE_KINDS = (function () {
  const k = [];
  for (const s of 'mps') for (let r = 1; r <= 9; r++) k.push(r + s);
  return k.concat(['E', 'S', 'W', 'N', 'Wd', 'Gd', 'Rd']);
})();

const cardName = Object.freeze({
  table52: (c) => RANKS[c % 13] + SUITS[Math.floor(c / 13)],
  baloot32: (c) => '789TJQKA'[c % 8] + SUITS[Math.floor(c / 8)],
  tile: (t) => TILE_KINDS[Math.floor(t / 4)],
  selfpoker: (c) => RANKS[Math.floor(c / 4)] + SUITS[c % 4],
});

const TABLE52_IDS = (function () {
  const m = Object.create(null);
  for (let c = 0; c < 52; c++) m[cardName.table52(c)] = c;
  return m;
})();

module.exports = { cardName, TABLE52_IDS };
