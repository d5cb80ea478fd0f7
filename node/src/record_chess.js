// REC-6: a chess_colour_v1 game record.
'use strict';

const { commit } = require('./stream.js');
const { readingOf, readingsNote } = require('./readings.js');
const { chessColour } = require('./chess_colour_v1.js');
const { newReport, mismatch, failCheck, equalCheck, finishReport } = require('./reports.js');

const CHESS_PLAYERS_NOTE = 'Each side\'s seed was fixed when its commitment was shown, before the game was sought or accepted; the XOR means neither side alone chose the colours.';
const CHESS_BOT_NOTE = "Against a bot only A's seed and client seed count: the colour was fixed when A's commitment was shown, before the game started.";

/** REC-6: a chess colour draw. */
function verifyChessRecord(kind, o) {
  const bot = o.seedB === null;
  const r = newReport(kind, bot ? 'chess_colour_v1 game against a bot' : 'chess_colour_v1 game between two players');
  equalCheck(r, "A's commitment", '/commitA', 'CC-1', commit(o.seedA), o.commitA, "SHA-256 of A's revealed seed equals A's commitment");
  if (!bot) equalCheck(r, "B's commitment", '/commitB', 'CC-1', commit(o.seedB), o.commitB, "SHA-256 of B's revealed seed equals B's commitment");
  if (o.commitA === o.commitB) {
    failCheck(r, 'distinct commitments', '/commitB', 'CC-4', 'both sides committed to the same seed, so their words cancel and A always plays White',
      [mismatch('/commitB', "B's commitment", "a commitment other than A's", o.commitB)]);
    return finishReport(r, []);
  }
  const want = chessColour(o.seedA, o.clientA, bot ? null : o.seedB, bot ? null : o.clientB, readingOf(o, 'botClientSeed'));
  equalCheck(r, 'White', '/white', 'CC-3', want.white, o.white, want.white + ' plays White, as int(2) over the XOR of both words gives');
  return finishReport(r, bot ? [CHESS_BOT_NOTE, readingsNote(o, ['botClientSeed'])] : [CHESS_PLAYERS_NOTE]);
}

module.exports = { verifyChessRecord };
