// REC-6: a chess_colour_v1 game record.
'use strict';

const { commit } = require('./stream.js');
const { readingOf, readingsNote } = require('./reading.js');
const { chessColour } = require('./chess_colour_v1.js');
const { say } = require('./report_words.js');
const { newReport, mismatch, failCheck, equalCheck, finishReport } = require('./reports.js');

/** REC-6: a chess colour draw. */
function verifyChessRecord(kind, o) {
  const bot = o.seedB === null;
  const r = newReport(kind, say(bot ? 'chess_bot' : 'chess_players'));
  const sideCheck = (side) => say('side_commitment', { side });
  equalCheck(r, sideCheck('A'), '/commitA', 'CC-1', commit(o.seedA), o.commitA, say('side_commitment_matches', { side: 'A' }),
    { differs: 'side_commitment_differs', side: 'A' });
  if (!bot) equalCheck(r, sideCheck('B'), '/commitB', 'CC-1', commit(o.seedB), o.commitB, say('side_commitment_matches', { side: 'B' }),
    { differs: 'side_commitment_differs', side: 'B' });
  if (o.commitA === o.commitB) {
    failCheck(r, say('distinct_commitments'), '/commitB', 'CC-4', say('same_seed'),
      [mismatch('/commitB', { check: sideCheck('B') }, say('other_commitment'), o.commitB)]);
    return finishReport(r, []);
  }
  const want = chessColour(o.seedA, o.clientA, bot ? null : o.seedB, bot ? null : o.clientB, readingOf(o, 'botClientSeed'));
  equalCheck(r, say('white'), '/white', 'CC-3', want.white, o.white, say(bot ? 'white_by_bot' : 'white_by_xor', { side: want.white }));
  return finishReport(r, bot ? [say('chess_bot'), readingsNote(o, ['botClientSeed'])] : [say('chess_players')]);
}

module.exports = { verifyChessRecord };
