// The self-hosted poker room's form: a fingerprint and a seed.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { RECORDS, check } = require('./common.js');

/** The self-hosted poker room: fingerprint and seed. */
async function selfpokerChecks({ evaluate, click, typeInto, answerTo }) {
  // 4. The self-hosted poker room: fingerprint and seed.
  const sp = JSON.parse(fs.readFileSync(path.join(RECORDS, 'selfpoker.json'), 'utf8'));
  await typeInto('#sp-commit', sp.commit);
  await typeInto('#sp-seed', sp.fairplay.seed);
  await typeInto('#sp-players', String(sp.hands.length));
  let r = await answerTo('#selfpoker-result', () => click('#sp-check'));
  check(r.status === 'verified' && /The fingerprint matches the seed/.test(r.text), 'fingerprint and seed of selfpoker.json: the commitment holds', r.text);
  const drawn = await evaluate(`[...document.querySelectorAll('#selfpoker-result .picture .card')].map((c) => [c.dataset.pointer, c.dataset.value])`);
  const hands = [];
  for (const [p, v] of drawn) {
    const m = /^\/hands\/(\d+)\/(\d+)$/.exec(p);
    if (m) (hands[+m[1]] = hands[+m[1]] || [])[+m[2]] = v;
  }
  const board = drawn.filter(([p]) => p.startsWith('/board/')).map(([, v]) => v);
  const deck = await evaluate(`[...document.querySelectorAll('#selfpoker-result .deck .card')].map((c) => c.dataset.value)`);
  check(JSON.stringify(hands) === JSON.stringify(sp.hands), 'the hands rebuilt are the record\'s: ' + JSON.stringify(hands), JSON.stringify(sp.hands));
  check(JSON.stringify(board) === JSON.stringify(sp.board), 'the board rebuilt is the record\'s: ' + board.join(' '), sp.board.join(' '));
  check(deck.length === 52 && new Set(deck).size === 52 && JSON.stringify(deck.slice(0, 6)) === JSON.stringify([].concat(...sp.hands)),
    'the whole deck is shown, 52 distinct cards, hands first', deck.join(' '));
  const wrong = sp.commit.slice(0, 10) + (sp.commit[10] === '0' ? '1' : '0') + sp.commit.slice(11);
  await typeInto('#sp-commit', wrong);
  r = await answerTo('#selfpoker-result', () => click('#sp-check'));
  check(r.status === 'failed' && /does not match this seed/.test(r.text) && r.text.includes(sp.commit) && r.text.includes(wrong),
    'a wrong fingerprint is caught, with the expected and the pasted value', r.text);
  for (const [seed, want] of [['12a', /decimal digits only/], ['9223372036854775808', /too large/], ['', /Paste the seed/]]) {
    await typeInto('#sp-commit', sp.commit);
    await typeInto('#sp-seed', seed);
    r = await answerTo('#selfpoker-result', () => click('#sp-check'));
    check(want.test(r.text), 'seed ' + JSON.stringify(seed) + ' explained', r.text);
  }
}

module.exports = { selfpokerChecks };
