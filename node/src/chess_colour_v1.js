// chess_colour_v1 (spec section 7): who plays White, from both sides' seeds.
'use strict';

const { commit, DrawStream } = require('./stream.js');
const { intBelow } = require('./sampling.js');

/** CC-1 to CC-3; a bot's client seed is written '-' or, read as 'empty' (READ-9), not at all. */
function chessColour(seedA, clientA, seedB, clientB, botClientSeed) {
  const commitA = commit(seedA);
  const bot = seedB === null;
  const commitB = bot ? '-' : commit(seedB);
  const prefix = 'cc1:' + commitA + ':' + commitB + ':0=' + clientA + ',1=' + (bot ? (botClientSeed === 'empty' ? '' : '-') : clientB) + ':';
  const a = new DrawStream(seedA, prefix);
  const b = bot ? null : new DrawStream(seedB, prefix);
  // XOR of two 52-bit words, done on 26-bit halves so it never leaves exact integers.
  const src = {
    next() {
      const x = a.next();
      if (!b) return x;
      const y = b.next();
      const hi = (Math.floor(x / 67108864) ^ Math.floor(y / 67108864)) >>> 0;
      const lo = ((x % 67108864) ^ (y % 67108864)) >>> 0;
      return hi * 67108864 + lo;
    },
  };
  return { commitA, commitB, white: intBelow(src, 2) === 0 ? 'A' : 'B' };
}

module.exports = { chessColour };
