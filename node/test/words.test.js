'use strict';
// The command-line reports' formatter (node/src/words.js), against English worked out by hand.

const test = require('node:test');
const assert = require('node:assert');
const words = require('../src/words.js');
const TABLE = require('../src/words_en.js');

test('text fills a message in by code', () => {
  const cases = [
    ['cli.title.chess_bot', undefined, 'chess_colour_v1 game against a bot'],
    ['cli.title.selfpoker', { seed: '12', players: 3 }, 'selfpoker_v1 hand, seed 12, 3 players'],
    ['cli.title.match', { game: '{matchId}', matchId: 'm' }, 'match_seed_v2 {matchId} match m'],
    ['cli.title.match', { game: 'chess' }, 'match_seed_v2 chess match {matchId}'],
    ['cli.title.match', { game: 'chess', matchId: 'm', toString: 'x' }, 'match_seed_v2 chess match m'],
    ['cli.no.such', {}, 'cli.no.such'],
  ];
  for (const [code, params, want] of cases) assert.strictEqual(words.text(code, params), want, code);
});

test('every row of the table is a command-line code', () => {
  assert.ok(TABLE.length > 0);
  for (const row of TABLE) assert.ok(row[0].startsWith('cli.') && row.length === 4, row[0]);
  assert.deepStrictEqual(words.codes(), TABLE.map((row) => row[0]));
});
