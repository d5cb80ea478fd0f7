// Every scheme's picture, in every locale, at desktop and phone width: the
// record's own values, text alternatives, layout, the changed value highlighted;
// a long record, and the page printed.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { RECORDS, SHOTS, LOCALES, WIDTHS, text, check } = require('./common.js');

// One record per picture the page draws, each with its tampered twin.
const PICTURES = [
  ['bridge', 'four hands around the table, per deal'],
  ['tarneeb', 'four hands around the table'],
  ['trix', 'four hands around the table'],
  ['baloot', 'four hands, the turned-up card and the buyer'],
  ['baloot-deck-by-rank', 'four hands of a deck declared by rank'],
  ['mahjong', 'tiles of every seat and the draws'],
  ['mahjong-wall-sets', 'tiles from a declared wall'],
  ['backgammon', 'dice faces'],
  ['checkers', 'seat order, White first'],
  ['xiangqi', 'seat order, Red first'],
  ['chess-players', 'chess colours'],
  ['chess-bot', 'chess colours against a bot'],
  ['poker-leave', 'cards with their Merkle path'],
  ['poker-session', 'the revealed decks'],
  ['selfpoker', 'the hands and the community cards'],
];

// A card, a tile, or dice: what the picture draws and marks value by value.
const VALUE = /^(?:[2-9TJQKA][cdhs]|[1-9][mps]|[ESWN]|Wd|Gd|Rd|[1-6](?:-[1-6])*)$/;

/** The value at a JSON pointer of a parsed record. */
function at(rec, pointer) {
  let v = rec;
  for (const part of pointer.split('/').slice(1)) v = v === undefined || v === null ? undefined : v[part];
  return v;
}

/** The text a picture element shows for a record value: a card, tile, or dice joined by "-". */
const shownValue = (v) => (Array.isArray(v) ? v.join('-') : v && typeof v === 'object' && 'card' in v ? v.card : String(v));

// Runs in the page: what overlaps, what is cut off, what scrolls sideways.
const LAYOUT = `(() => {
  const problems = [];
  const doc = document.documentElement;
  const width = doc.clientWidth;
  if (doc.scrollWidth > width) problems.push('the page scrolls sideways: scrollWidth ' + doc.scrollWidth + ' > clientWidth ' + width);
  const root = document.getElementById('record-result');
  const name = (e) => e.className + ' ' + (e.dataset.value || e.textContent.slice(0, 30));
  const items = [...root.querySelectorAll('.card, .tile, .die, .who, .step-text, .table-name, .buyer, .expected-word, .expected-text, .chess-side, ol.seat-order li, .hand, .table-centre, .merkle-step, .first-move, .hash-line, .verdict, .check')]
    .filter((e) => e.getClientRects().length > 0);
  const boxes = items.map((e) => e.getBoundingClientRect());
  items.forEach((e, i) => {
    const r = boxes[i];
    if (r.left < -0.5 || r.right > width + 0.5) problems.push('cut off at the edge (' + Math.round(r.left) + '..' + Math.round(r.right) + ' of ' + width + '): ' + name(e));
    if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) problems.push('content cut off inside ' + name(e) + ' (' + e.scrollWidth + 'x' + e.scrollHeight + ' in ' + e.clientWidth + 'x' + e.clientHeight + ')');
  });
  // A word of a mismatch table wraps whole (or at its hyphen); only a token (a hash, a seed) may break inside.
  for (const td of root.querySelectorAll('table.mismatches td:not(.token)')) {
    const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const m of n.data.matchAll(/[^\\s-]+/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        if (new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size > 1) problems.push('a word broken across lines in a mismatch table: ' + m[0]);
      }
    }
  }
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5) continue;
      if (items[i].contains(items[j]) || items[j].contains(items[i])) continue;
      problems.push('overlap: ' + name(items[i]) + ' / ' + name(items[j]));
      if (problems.length > 20) return problems;
    }
  }
  return problems;
})()`;

// Runs in the page: every value the picture draws, and its text alternatives.
const DRAWN = `(() => {
  const root = document.querySelector('#record-result .picture');
  if (!root) return null;
  const alt = (e) => e.getAttribute('aria-label') || '';
  return {
    scheme: root.dataset.scheme, kind: root.dataset.kind,
    values: [...root.querySelectorAll('[data-pointer][data-value]')].map((e) => [e.dataset.pointer, e.dataset.value]),
    cards: [...root.querySelectorAll('.card')].map((e) => [e.dataset.value, alt(e), e.classList.contains('bad')]),
    tiles: [...root.querySelectorAll('.tile:not(.expected)')].map((e) => [e.dataset.value, alt(e)]),
    dice: root.querySelectorAll('.dice:not(.expected)').length,
    imgsWithoutText: [...root.querySelectorAll('[role=img]')].filter((e) => alt(e).trim() === '').length,
    tables: [...root.querySelectorAll('.table-four')].map((t) => t.querySelectorAll('.hand').length),
    merkle: [...root.querySelectorAll('ol.merkle')].map((m) => [m.className, m.children.length, alt(m)]),
    chess: [...root.querySelectorAll('.chess-side')].map((e) => [e.className, alt(e)]),
    firstMove: (root.querySelector('.first-move') || {}).textContent || '',
    bad: [...root.querySelectorAll('.bad')].map((e) => {
      const pair = e.closest('.mismatch-pair, .has-mismatch');
      const exp = pair && pair.querySelector('.expected-box');
      const expEl = exp && exp.querySelector('[data-value]');
      return { pointer: e.dataset.pointer, value: e.dataset.value, drawn: e.matches('.card, .tile, .dice'), expected: expEl ? expEl.dataset.value : exp ? exp.textContent : null,
        label: pair ? alt(exp) : '', word: exp ? exp.querySelector('.expected-word').textContent : null, piece: e.matches('.card, .tile, .card-button') };
    }),
  };
})()`;

async function pictures(send, evaluate) {
  const pf = require('../verifier.js');
  const started = Date.now();
  const layoutProblems = [];
  let renders = 0;
  for (const width of WIDTHS) {
    await send('Emulation.setDeviceMetricsOverride', { width, height: 900, deviceScaleFactor: 1, mobile: width < 600 });
    for (const loc of LOCALES) {
      await evaluate(`(() => { const s = document.getElementById('lang'); s.value = ${JSON.stringify(loc)}; s.dispatchEvent(new Event('change')); })()`);
      const suitWords = { c: text(loc, 'suit.c'), d: text(loc, 'suit.d'), h: text(loc, 'suit.h'), s: text(loc, 'suit.s') };
      for (const [name, what] of PICTURES) {
        for (const file of [name + '.json', name + '.tampered.json']) {
          const bytes = fs.readFileSync(path.join(RECORDS, file), 'utf8');
          const rec = JSON.parse(bytes);
          const result = pf.verifyRecord(bytes, { path: file });
          const mismatches = [];
          for (const c of result.report.checks) if (!c.ok) mismatches.push(...(c.mismatches || []));
          await evaluate(`(() => { document.getElementById('record-text').value = ${JSON.stringify(bytes)}; document.getElementById('record-form').requestSubmit(); })()`);
          renders++;
          const d = await evaluate(DRAWN);
          const label = loc + ' ' + width + 'px ' + file;
          if (!d) {
            check(false, label + ': a picture is drawn', 'no .picture in the result');
            continue;
          }
          const problems = drawnProblems(d, rec, loc, suitWords).concat(highlightProblems(d, loc, mismatches));
          if (file.includes('tampered') && mismatches.length === 0 && result.status === 'failed') problems.push('(the tampered record failed without a mismatch to show)');
          const layout = await evaluate(LAYOUT);
          if (layout.length) layoutProblems.push(label + ': ' + layout.join('; '));
          if (SHOTS) await screenshot(send, evaluate, width, loc + '-' + width + '-' + file.replace(/\.json$/, '') + '.png');
          if (problems.length || loc === 'en' && width === WIDTHS[0] || file.includes('tampered') && loc === 'de' && width === 360) {
            check(problems.length === 0, label + ': ' + what + (mismatches.length ? ', the changed value highlighted beside the expected one' : ''), problems.join('\n'));
          }
        }
      }
    }
  }
  await longRecordAndPrint(send, evaluate);
  check(layoutProblems.length === 0, renders + ' pictures in ' + LOCALES.length + ' locales at ' + WIDTHS.join(' and ') +
    ' px: nothing overlaps, nothing is cut off, no sideways scrolling, no word broken in a mismatch table (' + ((Date.now() - started) / 1000).toFixed(1) + ' s)', layoutProblems.join('\n'));
  await tamperedByHand(evaluate);
}

/** The result's picture, saved in SHOTS. */
async function screenshot(send, evaluate, width, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const shot = await send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true,
    clip: await evaluate(`(() => { const r = document.getElementById('record-result').getBoundingClientRect(); return { x: 0, y: r.top + scrollY, width: ${width}, height: Math.min(r.height, 6000), scale: 1 }; })()`) });
  fs.writeFileSync(path.join(SHOTS, name), Buffer.from(shot.data, 'base64'));
}

/** What is wrong with the picture d of the record rec in locale loc: values, text alternatives, what each scheme's picture holds. */
function drawnProblems(d, rec, loc, suitWords) {
  const problems = [];
  // The picture shows the record's own values, each where the record has it.
  for (const [p, v] of d.values) {
    const want = at(rec, p);
    if (want === undefined) problems.push('drawn at ' + p + ' but the record has nothing there');
    else if (shownValue(want) !== v) problems.push(p + ' drawn as ' + v + ', the record has ' + shownValue(want));
  }
  if (d.imgsWithoutText > 0) problems.push(d.imgsWithoutText + ' pictures without a text alternative');
  for (const [v, alt] of d.cards) {
    if (/^[2-9TJQKA][cdhs]$/.test(v) && !alt.includes(suitWords[v[1]])) problems.push('card ' + v + ' is described as "' + alt + '", without "' + suitWords[v[1]] + '"');
  }
  for (const [v, alt] of d.tiles) if (alt === '' || alt === v) problems.push('tile ' + v + ' has no words: "' + alt + '"');
  return problems.concat(schemeProblems(d, rec, loc));
}

/** What each scheme's picture must hold. */
function schemeProblems(d, rec, loc) {
  const problems = [];
  const count = (ps) => d.values.filter(([p]) => ps.test(p)).length;
  if (rec.deals) {
    if (JSON.stringify(d.tables) !== JSON.stringify(rec.deals.map(() => 4))) problems.push('tables ' + JSON.stringify(d.tables) + ' for ' + rec.deals.length + ' deals');
    if (count(/^\/deals\/\d+\/\d+\/\d+$/) !== rec.deals.length * 52) problems.push(count(/^\/deals\/\d+\/\d+\/\d+$/) + ' cards drawn for ' + rec.deals.length + ' deals');
  }
  if (rec.game === 'baloot') {
    if (d.tables.length !== rec.hands.length) problems.push(d.tables.length + ' tables for ' + rec.hands.length + ' hands');
    if (count(/\/upcard$/) !== rec.hands.length) problems.push('turned-up cards missing');
  }
  if (rec.game === 'mahjong') {
    const tiles = rec.hands.reduce((n, h) => n + h.deal.reduce((m, s) => m + s.length, 0) + h.draws.length, 0);
    if (d.tiles.length !== tiles) problems.push(d.tiles.length + ' tiles drawn, the record has ' + tiles);
  }
  if (rec.game === 'backgammon') {
    const throws = rec.games.reduce((n, g) => n + g.opening.length + g.rolls.length, 0);
    if (d.dice !== throws) problems.push(d.dice + ' throws drawn, the record has ' + throws);
  }
  if (rec.game === 'checkers' || rec.game === 'xiangqi') {
    const first = rec.clientSeeds[rec.seats[0]];
    if (!d.firstMove.includes(first)) problems.push('the first mover ' + first + ' is not named: ' + d.firstMove);
  }
  if (rec.kind === 'game') {
    const white = rec['client' + rec.white] === null ? null : rec['client' + rec.white];
    const whiteSide = d.chess.find(([c]) => /\bwhite\b/.test(c));
    if (d.chess.length !== 2 || !whiteSide || !whiteSide[1].includes(text(loc, 'chess.white')) || (white !== null && !whiteSide[1].includes(white))) problems.push('chess colours: ' + JSON.stringify(d.chess));
  }
  if (rec.kind === 'leave') {
    const cards = rec.hands.reduce((n, h) => n + h.cards.length + h.board.length, 0);
    if (count(/^\/hands\/\d+\/(cards|board)\/\d+$/) !== cards) problems.push('cards drawn: ' + count(/^\/hands\/\d+\/(cards|board)\/\d+$/) + ', the record has ' + cards);
    // Each hand shows one path: the leaf, one step per level, the root.
    if (d.merkle.length !== rec.hands.length || d.merkle.some(([, n]) => n !== 8)) problems.push('Merkle paths: ' + JSON.stringify(d.merkle));
  }
  if (rec.kind === 'session' && count(/^\/hands\/\d+\/deck\/\d+$/) !== rec.hands.length * 52) problems.push('decks drawn: ' + count(/^\/hands\/\d+\/deck\/\d+$/));
  if (rec.kind === 'hand_end' && count(/^\/(hands\/\d+\/\d+|board\/\d+)$/) !== rec.hands.length * 2 + rec.board.length) problems.push('selfpoker cards drawn: ' + count(/^\/(hands\/\d+\/\d+|board\/\d+)$/));
  return problems;
}

/** A tampered record: what changed is highlighted, with the expected value beside it; nothing in an honest one. */
function highlightProblems(d, loc, mismatches) {
  const problems = [];
  const bad = new Map(d.bad.map((b) => [b.pointer, b]));
  for (const m of mismatches) {
    let p = m.pointer;
    while (p && !bad.has(p)) p = p.slice(0, p.lastIndexOf('/'));
    const b = bad.get(p);
    if (!b) problems.push('the mismatch at ' + m.pointer + ' is not highlighted');
    else if (p === m.pointer && b.drawn && VALUE.test(m.found) && (b.value !== m.found || b.expected !== m.expected)) {
      problems.push(m.pointer + ' highlighted as ' + b.value + ' expected ' + b.expected + '; the verifier says ' + m.found + ' expected ' + m.expected);
    } else if (!b.label.includes(text(loc, 'mismatch.label').split('{')[0].trim())) {
      // The words for the mismatch are in the locale.
      problems.push('the highlighted ' + p + ' has no words in ' + loc + ': "' + b.label + '"');
    }
    // The call-out's word agrees with what it marks (Italian and French: a card or a tile is feminine), and a hand's number is named;
    // a card whose Merkle path misses the root expects a path (masculine), not a card.
    const pathExpected = p === m.pointer && /\/(cards|board)\/\d+$/.test(p) && !VALUE.test(m.expected);
    const word = b && (/^\/hands\/\d+\/hand$/.test(p) ? 'expected.handNumber' : b.piece && !pathExpected ? 'expected.card' : 'expected');
    if (b && b.word !== text(loc, word)) problems.push('the call-out at ' + p + ' says "' + b.word + '", not "' + text(loc, word) + '" (' + word + ')');
  }
  if (mismatches.length === 0 && d.bad.length > 0) problems.push('something is highlighted in an honest record: ' + JSON.stringify(d.bad));
  return problems;
}

/** A long record, then the page printed. */
async function longRecordAndPrint(send, evaluate) {
  // A record of 40 deals: the picture stays small and says what it left out,
  // and still draws the first deals that differ.
  const long = JSON.parse(fs.readFileSync(path.join(RECORDS, 'bridge.json'), 'utf8'));
  long.deals = Array.from({ length: 40 }, (_, i) => long.deals[i % long.deals.length]);
  await evaluate(`(() => { const s = document.getElementById('lang'); s.value = 'en'; s.dispatchEvent(new Event('change')); })()`);
  await evaluate(`(() => { document.getElementById('record-text').value = ${JSON.stringify(JSON.stringify(long))}; document.getElementById('record-form').requestSubmit(); })()`);
  const longShown = await evaluate(`({ tables: [...document.querySelectorAll('#record-result .table-four')].map((t) => t.dataset.pointer),
    note: (document.querySelector('#record-result .not-drawn') || {}).textContent || '' })`);
  const wantTables = Array.from({ length: 24 }, (_, i) => '/deals/' + i);
  check(JSON.stringify(longShown.tables) === JSON.stringify(wantTables) && longShown.note.startsWith('16 more not shown'),
    'a record of 40 deals (deals 3 to 40 differ): 12 deals drawn, then the first 12 that differ, and "16 more not shown"', JSON.stringify(longShown));

  // Printed: the forms and the language control are left out, the picture stays, nothing overlaps.
  await send('Emulation.setDeviceMetricsOverride', { width: 794, height: 1123, deviceScaleFactor: 1, mobile: false });
  await send('Emulation.setEmulatedMedia', { media: 'print' });
  const printed = await evaluate(`(() => {
    const shown = (sel) => { const e = document.querySelector(sel); return !!e && e.getClientRects().length > 0; };
    return { forms: shown('#record-form') || shown('#selfpoker-form') || shown('.lang-row'), picture: shown('#record-result .picture .card'), layout: ${LAYOUT} };
  })()`);
  if (SHOTS) {
    const shot = await send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true });
    fs.writeFileSync(path.join(SHOTS, 'print.png'), Buffer.from(shot.data, 'base64'));
  }
  check(!printed.forms && printed.picture && printed.layout.length === 0, 'printed (A4 width): forms and the language control left out, the last picture kept, nothing overlaps or is cut off',
    JSON.stringify(printed));
  await send('Emulation.setEmulatedMedia', { media: '' });
  await send('Emulation.clearDeviceMetricsOverride');
}

/** The tampered bridge record's changed card, pair by pair. */
async function tamperedByHand(evaluate) {
  // The tampered bridge record, by hand: deal 2, third seat (index 2), card 7 is 2c where Ad belongs.
  await evaluate(`(() => { const s = document.getElementById('lang'); s.value = 'en'; s.dispatchEvent(new Event('change')); })()`);
  await evaluate(`(() => { document.getElementById('record-text').value = ${JSON.stringify(fs.readFileSync(path.join(RECORDS, 'bridge.tampered.json'), 'utf8'))}; document.getElementById('record-form').requestSubmit(); })()`);
  const pair = await evaluate(`(() => { const p = document.querySelector('#record-result .mismatch-pair'); return p && [[...p.querySelectorAll('.card')].map((c) => c.dataset.value + (c.classList.contains('bad') ? '!' : '') + (c.classList.contains('expected') ? '=' : '')), p.querySelector('.expected-box').getAttribute('aria-label'), p.closest('.table-four').getAttribute('aria-label')]; })()`);
  check(JSON.stringify(pair) === JSON.stringify([['2c!', 'Ad='], 'The record has 2 of clubs; expected ace of diamonds', 'Deal 2']),
    'bridge.tampered.json: in deal 2 the 2 of clubs is highlighted, the ace of diamonds beside it as expected', JSON.stringify(pair));
}

module.exports = { pictures, at, shownValue };
