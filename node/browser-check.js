#!/usr/bin/env node
// node node/browser-check.js
//
// Opens node/page/index.html from disk in headless Chromium (Debian's
// /usr/bin/chromium, or $PFKIT_CHROMIUM) and drives it as a reader would,
// through the DevTools protocol over a pipe (--remote-debugging-pipe: no port,
// no WebSocket, no dependency): pastes a record, chooses a tampered one as a
// file, pastes a fingerprint and a seed, and reads what the page shows. It
// checks the page's five locales (chosen from the browser's languages,
// switched with the control and remembered), and draws every scheme's record
// and its tampered twin in every locale at desktop (1280 px) and phone (360 px)
// width: the picture shows the record's own values, every picture has a text
// alternative in the locale, nothing overlaps, nothing is cut off or scrolls
// sideways, no word of a mismatch table is broken across lines, and the
// changed card, die or tile is highlighted with the expected one beside it.
// PFKIT_PAGE_SHOTS=DIR also saves a screenshot of each. It
// then proves that the page made no network request: the DevTools network
// events of the page show nothing but file: URLs, the page's
// Content-Security-Policy refuses a connection and an image it is asked to
// load, and Chromium's own network log (--log-net-log) holds no request made
// by a document and no trace of the refused ones.
//
// Prints a line per check and `N passed, M failed` last. Exit status: 0 when
// all passed, 1 when any failed, 2 when Chromium is not installed: a missing
// browser fails the test, in CI (CI=true) as anywhere else, and is never a
// skip. `make setup-browser` installs it.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { pathToFileURL } = require('node:url');

const access = require('./browser-access.js');

const CHROMIUM = process.env.PFKIT_CHROMIUM || '/usr/bin/chromium';
const ROOT = path.join(__dirname, '..');
const PAGE = path.join(__dirname, 'page', 'index.html');
const RECORDS = path.join(ROOT, 'vectors', 'records');
const PROBE_HOST = 'pfkit-probe.invalid';
// A step of the page (a record of 40 deals drawn again in another language) can take
// more than 20 s on two cores shared by other work.
const STEP_TIMEOUT_MS = 60000;
const SHOTS = process.env.PFKIT_PAGE_SHOTS || '';
const LOCALES = ['en', 'it', 'de', 'fr', 'nl'];
const WIDTHS = [1280, 360];

// The page's words, read as the page reads them (strings.js sets a global).
const STRINGS = (() => {
  const sandbox = {};
  new Function('globalThis', fs.readFileSync(path.join(__dirname, 'page', 'strings.js'), 'utf8'))(sandbox);
  return sandbox.pfkitPageStrings;
})();
// Every text of a message: one, or one per plural category.
const forms = (v) => (typeof v === 'string' ? [v] : Object.entries(v).filter(([k]) => k !== 'count').map(([, x]) => x));
// A plural message's 'other' form (the test's counts are never 1).
const text = (loc, key) => {
  const v = STRINGS[loc][key];
  return typeof v === 'string' ? v : v.other;
};

if (!fs.existsSync(CHROMIUM)) {
  console.log('FAIL Chromium is not installed (' + CHROMIUM + ' is missing)' + (process.env.CI ? ' on this CI machine' : '') + '.');
  console.log('  make setup-browser installs Debian\'s chromium (or: sudo apt-get install -y chromium),');
  console.log('  or set PFKIT_CHROMIUM to a Chromium or Chrome binary.');
  process.exit(2);
}

let passed = 0, failed = 0;
function check(ok, what, detail) {
  if (ok) passed++;
  else failed++;
  console.log((ok ? 'ok   ' : 'FAIL ') + what + (!ok && detail !== undefined ? '\n       ' + String(detail).slice(0, 600).replace(/\n/g, '\n       ') : ''));
  return ok;
}

/** A DevTools-protocol client over Chromium's pipe: NUL-terminated JSON messages. */
class Pipe {
  constructor(child) {
    this.out = child.stdio[3];
    this.next = 1;
    this.pending = new Map();
    this.listeners = [];
    let buf = Buffer.alloc(0);
    child.stdio[4].on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      let end;
      while ((end = buf.indexOf(0)) >= 0) {
        const msg = JSON.parse(buf.subarray(0, end).toString('utf8'));
        buf = buf.subarray(end + 1);
        this.dispatch(msg);
      }
    });
  }

  dispatch(msg) {
    if (msg.id !== undefined && this.pending.has(msg.id)) {
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      clearTimeout(p.timer);
      if (msg.error) p.reject(new Error(p.method + ': ' + msg.error.message));
      else p.resolve(msg.result);
      return;
    }
    for (const l of this.listeners.slice()) l(msg);
  }

  send(method, params, sessionId, timeoutMs = STEP_TIMEOUT_MS) {
    const id = this.next++;
    const msg = { id, method, params: params || {} };
    if (sessionId) msg.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(method + ': no answer in ' + timeoutMs + ' ms'));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer, method });
      this.out.write(JSON.stringify(msg) + '\0');
    });
  }

  on(fn) {
    this.listeners.push(fn);
  }

  /** Resolves with the first event for which pred holds. */
  waitFor(pred, what) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for ' + what)), STEP_TIMEOUT_MS);
      const l = (msg) => {
        if (pred(msg)) {
          clearTimeout(timer);
          this.listeners.splice(this.listeners.indexOf(l), 1);
          resolve(msg);
        }
      };
      this.listeners.push(l);
    });
  }
}

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
        label: pair ? alt(exp) : '' };
    }),
  };
})()`;

async function pictures(send, evaluate) {
  const pf = require('./verifier.js');
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
    } else if (!b.label.includes(text(loc, 'expected')) && !b.label.toLowerCase().includes(text(loc, 'expected'))) {
      // The words for the mismatch are in the locale.
      problems.push('the highlighted ' + p + ' has no words in ' + loc + ': "' + b.label + '"');
    }
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
  // The tampered bridge record, by hand: deal 2, seat 2, card 7 is 2c where Ad belongs.
  await evaluate(`(() => { const s = document.getElementById('lang'); s.value = 'en'; s.dispatchEvent(new Event('change')); })()`);
  await evaluate(`(() => { document.getElementById('record-text').value = ${JSON.stringify(fs.readFileSync(path.join(RECORDS, 'bridge.tampered.json'), 'utf8'))}; document.getElementById('record-form').requestSubmit(); })()`);
  const pair = await evaluate(`(() => { const p = document.querySelector('#record-result .mismatch-pair'); return p && [[...p.querySelectorAll('.card')].map((c) => c.dataset.value + (c.classList.contains('bad') ? '!' : '') + (c.classList.contains('expected') ? '=' : '')), p.querySelector('.expected-box').getAttribute('aria-label'), p.closest('.table-four').getAttribute('aria-label')]; })()`);
  check(JSON.stringify(pair) === JSON.stringify([['2c!', 'Ad='], 'The record has 2 of clubs; expected ace of diamonds', 'Deal 2']),
    'bridge.tampered.json: in deal 2 the 2 of clubs is highlighted, the ace of diamonds beside it as expected', JSON.stringify(pair));
}

/** The page's session and what the checks do with it: send, evaluate, click, typeInto, resultOf, resultChanged, load. */
async function pageTools(cdp) {
  const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
  const send = (method, params, timeoutMs) => cdp.send(method, params, sessionId, timeoutMs);
  for (const domain of ['Page', 'Runtime', 'Network', 'Log', 'DOM']) await send(domain + '.enable');

  // timeoutMs: longer for axe-core, whose contrast rule takes seconds on a busy machine.
  const evaluate = async (expression, timeoutMs) => {
    const r = await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, timeoutMs);
    if (r.exceptionDetails) throw new Error('page: ' + r.exceptionDetails.text + ' ' + JSON.stringify(r.exceptionDetails.exception || {}).slice(0, 300));
    return r.result.value;
  };
  const click = async (selector) => {
    const box = await evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)}); e.scrollIntoView(); const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`);
    for (const type of ['mousePressed', 'mouseReleased']) {
      await send('Input.dispatchMouseEvent', { type, x: box[0], y: box[1], button: 'left', clickCount: 1 });
    }
  };
  // Types (pastes) text into a field as a reader would: focus, select all, insert.
  const typeInto = async (selector, text) => {
    await evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)}); e.focus(); e.select(); })()`);
    await send('Input.insertText', { text });
  };
  const resultOf = (selector) => evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)}); return { status: e.dataset.status || null, text: e.innerText }; })()`);
  const resultChanged = async (selector, before) => {
    for (let i = 0; i < 200; i++) {
      const r = await resultOf(selector);
      if (r.text !== before) return r;
      await new Promise((res) => setTimeout(res, 25));
    }
    return resultOf(selector);
  };

  const url = pathToFileURL(PAGE).href;
  const load = async (how) => {
    const loaded = cdp.waitFor((m) => m.method === 'Page.loadEventFired' && m.sessionId === sessionId, 'the page to load');
    await (how ? how() : send('Page.navigate', { url }));
    await loaded;
  };
  return { send, evaluate, click, typeInto, resultOf, resultChanged, load, url, cdp, sessionId };
}

/** The page in the browser's language, in each locale chosen, after a reload; the engine and the policy it declares. */
async function localeChecks({ send, evaluate, load, url }) {
  // The browser prefers Austrian German: the page opens in German.
  const { userAgent } = await send('Browser.getVersion').catch(() => ({ userAgent: 'Mozilla/5.0' }));
  await send('Emulation.setUserAgentOverride', { userAgent, acceptLanguage: 'de-AT,de;q=0.9,en;q=0.5' });
  await load();
  check(true, 'opened ' + url);
  const wordsShown = () => evaluate(`({ lang: document.documentElement.lang, title: document.title,
    words: [...document.querySelectorAll('[data-i18n]')].map((e) => [e.dataset.i18n, e.textContent]),
    placeholders: [...document.querySelectorAll('[data-i18n-placeholder]')].map((e) => [e.dataset.i18nPlaceholder, e.placeholder]),
    languages: navigator.languages })`);
  const inLocale = (shown, loc) => shown.lang === loc && shown.title === text(loc, 'page.title') && shown.words.length > 10 &&
    shown.words.every(([k, v]) => v === text(loc, k) && v !== '') && shown.placeholders.every(([k, v]) => v === text(loc, k));
  let shown = await wordsShown();
  check(inLocale(shown, 'de'), 'navigator.languages ' + JSON.stringify(shown.languages) + ': the page is in German, every text from strings.js', JSON.stringify(shown).slice(0, 400));
  // Switched with the control: every text changes, and the choice outlives a reload.
  for (const loc of LOCALES) {
    await evaluate(`(() => { const s = document.getElementById('lang'); s.value = ${JSON.stringify(loc)}; s.dispatchEvent(new Event('change')); })()`);
    shown = await wordsShown();
    check(inLocale(shown, loc), 'switched to ' + loc + ' with the language control: every text in ' + loc, JSON.stringify(shown).slice(0, 400));
  }
  await load(() => send('Page.reload'));
  shown = await wordsShown();
  check(inLocale(shown, 'nl'), 'after a reload the page keeps the language chosen (nl), whatever the browser prefers', JSON.stringify(shown).slice(0, 300));
  await evaluate(`(() => { const s = document.getElementById('lang'); s.value = 'en'; s.dispatchEvent(new Event('change')); })()`);
  check(inLocale(await wordsShown(), 'en'), 'switched back to English for the checks below');

  const engine = await evaluate(`document.getElementById('engine').textContent`);
  const version = fs.readFileSync(path.join(ROOT, 'VERSION'), 'utf8').trim();
  check(engine.includes('verifier.js ' + version + ' loaded'), 'the page loaded ../verifier.js with a script tag', engine);
  const csp = await evaluate(`(document.querySelector('meta[http-equiv="Content-Security-Policy"]') || {}).content || ''`);
  check(/default-src 'none'/.test(csp) && /connect-src 'none'/.test(csp) && /form-action 'none'/.test(csp), 'the page declares a Content-Security-Policy that refuses the network', csp);
}

/** A record pasted, a tampered one chosen as a file, unreadable input. */
async function recordChecks({ send, evaluate, click, typeInto, resultOf, resultChanged }) {
  // 1. A record pasted: bridge.json, every check passes.
  const bridge = fs.readFileSync(path.join(RECORDS, 'bridge.json'), 'utf8');
  await typeInto('#record-text', bridge);
  let before = (await resultOf('#record-result')).text;
  await click('#record-check');
  let r = await resultChanged('#record-result', before);
  const passedChecks = (r.text.match(/^passed/gim) || []).length;
  check(r.status === 'verified' && /Verified: all 5 checks hold\./.test(r.text) && passedChecks === 5 && !/FAILED/.test(r.text),
    'bridge.json pasted: verified, all 5 checks shown as passed', r.text);
  check(/A bridge match: bridge-club-7/.test(r.text) && /Seat order, the first thing drawn from the seed: from the seat that plays first, the client seeds "south", "north", "west",? and "east"/.test(r.text), 'the report names the match and the seat order, client seeds in seat order', r.text);
  await seatNumbering(evaluate, JSON.parse(bridge));

  // 2. A tampered record chosen as a file: the failing card is named.
  const doc = await send('DOM.getDocument', { depth: 1 });
  const { nodeId } = await send('DOM.querySelector', { nodeId: doc.root.nodeId, selector: '#record-file' });
  before = r.text;
  await send('DOM.setFileInputFiles', { nodeId, files: [path.join(RECORDS, 'bridge.tampered.json')] });
  r = await resultChanged('#record-result', before);
  // The tampered card is one the deal holds already, so DIST-1 fails too.
  check(r.status === 'failed' && /Failed: 2 of 5 checks do not hold\./.test(r.text), 'bridge.tampered.json chosen as a file: failed, 2 of 5 checks', r.text);
  check(/deal 2, third seat, card 7\s+ace of diamonds\s+2 of clubs/.test(r.text), 'the failing card is named: deal 2, third seat, card 7, expected the ace of diamonds, the record has the 2 of clubs', r.text);
  const inArea = await evaluate(`document.getElementById('record-text').value`);
  check(inArea === fs.readFileSync(path.join(RECORDS, 'bridge.tampered.json'), 'utf8'), 'the chosen file is shown in the text area');

  // 3. Unreadable input gets a clear message.
  for (const [text, want] of [
    ['{"scheme": "selfpoker_v1", "scheme": "selfpoker_v1"}', /cannot be read[\s\S]*same field twice/],
    ['{"scheme": "match_seed_v2", "kind": "match"', /cannot be read[\s\S]*not valid JSON/],
    ['{"scheme": "nope", "kind": "match"}', /cannot be read[\s\S]*does not name a kind of record/],
    [fs.readFileSync(path.join(RECORDS, 'broken-schema.json'), 'utf8'), /cannot be read[\s\S]*shape[\s\S]*Where the problem is: deal 1\.[\s\S]*There are 3 entries there; at least 4 are needed\./],
    [fs.readFileSync(path.join(RECORDS, 'legacy-v1.json'), 'utf8'), /Not checked here: this match uses the site's older scheme/],
  ]) {
    before = (await resultOf('#record-result')).text;
    await typeInto('#record-text', text);
    await click('#record-check');
    r = await resultChanged('#record-result', before);
    check(want.test(r.text), 'unreadable input explained: ' + text.slice(0, 50).replace(/\s+/g, ' '), r.text);
  }
}

/**
 * A reader is handed a hostile 16 MiB record of each shape that builds many
 * small values (LIM-5): the tab answers with a refusal, and its renderer's
 * peak resident memory (VmHWM, reset through /proc/PID/clear_refs before each
 * record) grows by at most HOSTILE_GROWTH_BYTES over what it held before.
 */
const HOSTILE_GROWTH_BYTES = 96 << 20;

/** The renderer processes Chromium (browserPid) started: pid and /proc status. */
function renderers(browserPid) {
  const out = [];
  const children = new Map();
  for (const d of fs.readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(fs.readFileSync(`/proc/${d}/status`, 'utf8'))[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(d));
    } catch { /* gone */ }
  }
  const walk = (pid) => {
    for (const c of children.get(pid) || []) {
      try {
        if (fs.readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('--type=renderer')) out.push(c);
      } catch { /* gone */ }
      walk(c);
    }
  };
  walk(browserPid);
  return out;
}

const kib = (pid, field) => Number(new RegExp(field + ':\\s+(\\d+) kB').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

async function hostileRecordsInPage({ send, evaluate, resultOf, resultChanged }, dir, browserPid) {
  const bridge = JSON.parse(fs.readFileSync(path.join(RECORDS, 'bridge.json'), 'utf8'));
  delete bridge.deals;
  const head = JSON.stringify(bridge).slice(0, -1) + ',"deals":[';
  const size = 16 << 20;
  const doc = await send('DOM.getDocument', { depth: 1 });
  const { nodeId } = await send('DOM.querySelector', { nodeId: doc.root.nodeId, selector: '#record-file' });
  for (const [shape, unit] of [['objects', '{"a":0}'], ['numbers', '0'], ['deals of [1]', '[1]'], ['mixed', '{"a":[0,"s",{"b":null}]}']]) {
    const n = Math.floor((size - head.length - 2) / (unit.length + 1));
    const file = path.join(dir, 'hostile.json');
    fs.writeFileSync(file, head + Array(n).fill(unit).join(',') + ']}');
    await evaluate(`document.getElementById('record-clear').click()`);
    const pids = renderers(browserPid);
    const held = new Map(pids.map((pid) => {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // the peak starts again from what is held now
      return [pid, kib(pid, 'VmRSS')];
    }));
    const t = Date.now();
    await send('DOM.setFileInputFiles', { nodeId, files: [file] });
    const r = await resultChanged('#record-result', (await resultOf('#record-result')).text);
    const ms = Date.now() - t;
    const alive = await evaluate('1 + 1');
    const growth = Math.max(...pids.map((pid) => kib(pid, 'VmHWM') - held.get(pid)));
    check(alive === 2 && r.status === 'unreadable' && pids.length > 0 && growth <= HOSTILE_GROWTH_BYTES,
      `a 16 MiB record of ${shape} chosen as a file: refused in ${ms} ms, the tab's peak memory ${(growth / 2 ** 20).toFixed(1)} MiB over what it held (bound ${HOSTILE_GROWTH_BYTES >> 20} MiB)`,
      `${pids.length} renderers; ${r.status}: ${r.text.slice(0, 300)}`);
    fs.rmSync(file);
  }
}

/** One numbering (D-33): the picture's seat labels say the seats in order with their client seeds (seat 0 of the record is the first seat). */
async function seatNumbering(evaluate, rec) {
  const shown = await evaluate(`({ seats: [...document.querySelectorAll('#record-result .seat-order li')].map((li) => li.textContent),
    hands: [...document.querySelectorAll('#record-result .table-four .who')].slice(0, 4).map((e) => e.textContent) })`);
  // MS2-4: seats[i] is the index of the client seed in seat i; seat 0 is the first in turn order.
  const ordinals = ['First', 'Second', 'Third', 'Fourth'];
  const want = rec.seats.map((ix, i) => ordinals[i] + ' seat: client seed "' + rec.clientSeeds[ix] + '"');
  check(JSON.stringify(shown.seats) === JSON.stringify(want) && JSON.stringify(shown.hands) === JSON.stringify(want),
    'the seats are said in order with their client seeds: ' + want.join(', '), JSON.stringify(shown));
}

/** The self-hosted poker room: fingerprint and seed. */
async function selfpokerChecks({ evaluate, click, typeInto, resultOf, resultChanged }) {
  // 4. The self-hosted poker room: fingerprint and seed.
  const sp = JSON.parse(fs.readFileSync(path.join(RECORDS, 'selfpoker.json'), 'utf8'));
  await typeInto('#sp-commit', sp.commit);
  await typeInto('#sp-seed', sp.fairplay.seed);
  await typeInto('#sp-players', String(sp.hands.length));
  let before = (await resultOf('#selfpoker-result')).text;
  await click('#sp-check');
  let r = await resultChanged('#selfpoker-result', before);
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
  before = r.text;
  await click('#sp-check');
  r = await resultChanged('#selfpoker-result', before);
  check(r.status === 'failed' && /does not match this seed/.test(r.text) && r.text.includes(sp.commit) && r.text.includes(wrong),
    'a wrong fingerprint is caught, with the expected and the pasted value', r.text);
  for (const [seed, want] of [['12a', /decimal digits only/], ['9223372036854775808', /too large/], ['', /Paste the seed/]]) {
    await typeInto('#sp-commit', sp.commit);
    await typeInto('#sp-seed', seed);
    before = (await resultOf('#selfpoker-result')).text;
    await click('#sp-check');
    r = await resultChanged('#selfpoker-result', before);
    check(want.test(r.text), 'seed ' + JSON.stringify(seed) + ' explained', r.text);
  }
}

// --- links and words: every example record opened by a link, in every locale ---------

const INDEX = JSON.parse(fs.readFileSync(path.join(ROOT, 'vectors', 'records-index.json'), 'utf8')).records;
const base64url = (bytes) => Buffer.from(bytes).toString('base64url'); // RFC 4648 section 5, no padding
const linkOf = (bytes, loc) => '#record=' + base64url(bytes) + '&lang=' + loc;

// Phrases a locale shares with English, word for word: not a text left untranslated.
const SHARED = { it: [], de: [], fr: [], nl: ['1 hand'] };

/**
 * The phrases (two words or more) of strings.en a page in loc must not show:
 * every one, unless the locale's own translation of another key says it too or
 * it is a phrase the locale shares with English. A text copied untranslated is caught.
 */
function englishPhrases(loc) {
  const own = Object.keys(STRINGS.en).filter((k) => JSON.stringify(STRINGS[loc][k]) !== JSON.stringify(STRINGS.en[k]))
    .flatMap((k) => forms(STRINGS[loc][k])).join('\n');
  const out = new Set();
  for (const en of Object.values(STRINGS.en).flatMap(forms)) {
    for (const part of en.split(/\{\w+\}/)) {
      const phrase = part.replace(/^[\s.,;:()"'!?…-]+|[\s.,;:()"'!?…-]+$/g, '');
      if (/\S \S/.test(phrase) && /[a-z]/i.test(phrase) && !own.includes(phrase) && !SHARED[loc].includes(phrase)) out.add(phrase);
    }
  }
  return [...out];
}

// Words of the kit, not of a player: a spec id (CARD-3), a schema file name, a
// field name in camelCase, a scheme or reading value in snake_case, a duration as
// Go prints it (24h0m0s), a raw RFC 3339 time. A word that is one of the record's
// own values (a client seed such as "borisWhite") is the record's, and may show.
const INTERNAL = [
  ['a spec id', /\b(?!SHA-)[A-Z]{2,5}-\d+\b/g],
  ['a schema file name', /\b\w+_v\d+\.json\b/g],
  ['a camelCase name', /\b[a-z]+[A-Z][A-Za-z]*\b/g],
  ['a snake_case name', /\b[a-z]+(?:_[a-z0-9]+)+\b/g],
  ['a Go duration', /\b(?:\d+h)?\d+m[\d.]+s\b|\b\d+h\d+m\b/g],
  ['a raw timestamp', /\b\d{4}-\d\d-\d\dT\d\d:\d\d/g],
];

/** Every string the record holds, keys included: data the page may repeat. */
function recordStrings(bytes) {
  const out = new Set();
  const walk = (v) => {
    if (typeof v === 'string') out.add(v);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { out.add(k); walk(x); }
  };
  try { walk(JSON.parse(bytes)); } catch { /* not JSON: nothing of it is data */ }
  return [...out];
}

/** The kit's own words in the texts shown: [what, word] pairs. */
function internalWords(words, data) {
  const out = [];
  for (const w of words) {
    for (const [what, re] of INTERNAL) {
      for (const m of w.matchAll(re)) if (!data.some((d) => d.includes(m[0]))) out.push([what, m[0], w]);
    }
  }
  return out;
}

// A seat or a deck position followed by its number: records number both from 0,
// a player reads seats in order ("the third seat") and the deck's cards from 1
// ("card 7 of the deck"), so neither shows as a bare number (D-33).
const NUMBERED_SEAT = {
  en: /\b(?:seat|position) \d/i, it: /\b(?:posto|posizione) \d/i, de: /\b(?:Platz|Position) \d/,
  fr: /\b(?:place|position) \d/i, nl: /\b(?:stoel|plaats|positie) \d/i,
};

/** What the verifier says in English about a record (two words or more): none of it may show on a page in another locale. */
function reportPhrases(bytes) {
  const res = require('./verifier.js').verifyRecord(bytes);
  if (!res.report) return [];
  const rep = res.report;
  const out = [rep.title, ...rep.notes];
  for (const c of rep.checks) {
    out.push(c.name, c.summary);
    for (const m of c.mismatches || []) out.push(m.where, m.expected, m.found);
  }
  return out.filter((x) => /[a-z]{2,} [a-z]{2,}/i.test(x));
}

// The texts a reader meets on the page: text nodes, text alternatives and titles
// (the language control's own names of the five languages left out).
const SHOWN_WORDS = `(() => {
  const out = [];
  const walk = (e) => {
    if (e.nodeType === 3) { if (e.data.trim()) out.push(e.data); return; }
    if (e.nodeType !== 1 || e.id === 'lang' || e.tagName === 'SCRIPT' || e.tagName === 'NOSCRIPT') return;
    for (const a of ['aria-label', 'title', 'placeholder']) if (e.getAttribute(a)) out.push(e.getAttribute(a));
    for (const c of e.childNodes) walk(c);
  };
  walk(document.body);
  out.push(document.title);
  return { words: out, status: document.getElementById('record-result').dataset.status || null, lang: document.documentElement.lang };
})()`;

// Chromium ignores a page's navigations past 200 in 10 seconds (its IPC flooding
// protection), fragment changes included: the links are opened at most one per 60 ms.
let lastFragment = 0;

/** Opens the link in the page already loaded (a new fragment) and reads what it shows. */
async function openByFragment(evaluate, hash) {
  const wait = lastFragment + 60 - Date.now();
  if (wait > 0) await new Promise((res) => setTimeout(res, wait));
  lastFragment = Date.now();
  return evaluate(`new Promise((resolve) => {
    // The page's own listener came first and has drawn the answer; no timer (a busy browser may hold timers back).
    window.addEventListener('hashchange', () => resolve(${SHOWN_WORDS}), { once: true });
    location.hash = ${JSON.stringify(hash)};
  })`);
}

/** Every example record opened by a link in every locale: the verdict of the index, and no English left in another locale. */
async function linkChecks({ send, evaluate, cdp, sessionId }) {
  // A link opened fresh, as a site's "check this match" would: the page loads with the fragment.
  for (const loc of LOCALES) {
    const bytes = fs.readFileSync(path.join(RECORDS, 'bridge.tampered.json'));
    for (const url of ['about:blank', pathToFileURL(PAGE).href + linkOf(bytes, loc)]) {
      const loaded = cdp.waitFor((m) => m.method === 'Page.loadEventFired' && m.sessionId === sessionId, 'the link to load');
      await send('Page.navigate', { url });
      await loaded;
    }
    const shown = await evaluate(SHOWN_WORDS);
    check(shown.status === 'failed' && shown.lang === loc && shown.words.includes(text(loc, 'link.from')) &&
      shown.words.some((w) => w.includes(text(loc, 'verdict.failed').split('{')[0].trim())),
    'a link #record=…&lang=' + loc + ' opens bridge.tampered.json checked, in ' + loc, JSON.stringify(shown).slice(0, 400));
  }
  const problems = [];
  let opened = 0;
  for (const loc of LOCALES) {
    const phrases = loc === 'en' ? [] : englishPhrases(loc);
    // Not base64url, or bits left over: a clear message in the locale, never a verdict.
    for (const bad of ['bm90IGpzb24=', 'a$b', 'QR']) {
      const shown = await openByFragment(evaluate, '#record=' + bad + '&lang=' + loc);
      if (shown.status !== 'unreadable' || !shown.words.includes(text(loc, 'link.bad'))) problems.push(loc + ' #record=' + bad + ': ' + JSON.stringify(shown).slice(0, 200));
    }
    // One answer per link: a record or a language given twice is refused in the locale, nothing checked.
    const honest = base64url(fs.readFileSync(path.join(RECORDS, 'bridge.json')));
    const tampered = base64url(fs.readFileSync(path.join(RECORDS, 'bridge.tampered.json')));
    for (const [hash, key] of [['#record=' + tampered + '&record=' + honest + '&lang=' + loc, 'link.twiceRecord'],
      ['#lang=' + loc + '&record=' + honest + '&lang=' + loc, 'link.twiceLang']]) {
      const shown = await openByFragment(evaluate, hash);
      if (shown.status !== 'unreadable' || shown.lang !== loc || !shown.words.includes(text(loc, key))) problems.push(loc + ' ' + key + ': ' + JSON.stringify(shown).slice(0, 300));
    }
    for (const entry of INDEX) {
      const bytes = fs.readFileSync(path.join(RECORDS, entry.file));
      const shown = await openByFragment(evaluate, linkOf(bytes, loc));
      opened++;
      if (shown.status !== entry.status || shown.lang !== loc) problems.push(loc + ' ' + entry.file + ': status ' + shown.status + ', the index says ' + entry.status);
      for (const w of shown.words.filter((x) => NUMBERED_SEAT[loc].test(x))) problems.push(loc + ' ' + entry.file + ': "' + w.slice(0, 120) + '" numbers a seat or a deck position');
      for (const [what, word, w] of internalWords(shown.words, recordStrings(bytes))) problems.push(loc + ' ' + entry.file + ': "' + w.slice(0, 120) + '" shows ' + what + ', "' + word + '"');
      if (loc === 'en') continue;
      const english = phrases.concat(reportPhrases(bytes).map((x) => x.toLowerCase()));
      for (const w of shown.words) {
        const lower = w.toLowerCase();
        const hit = english.find((p) => w.includes(p) || lower.includes(p));
        if (hit !== undefined) problems.push(loc + ' ' + entry.file + ': "' + w.slice(0, 120) + '" holds the English "' + hit + '"');
      }
    }
  }
  check(problems.length === 0, opened + ' links (every example record in ' + LOCALES.length + ' locales) open the verdict of records-index.json, a link with record= or lang= twice is refused in the locale; no page numbers a seat or a deck position, or shows a spec id, schema file name, camelCase or snake_case name, Go duration or raw timestamp, and none outside English a phrase of strings.en or of the verifier\'s English',
    problems.slice(0, 15).join('\n'));
}

// --- the values a site shows, recomputed ------------------------------------------

/** Fills the values form of kind with fields (id to value) and submits it; returns what the result shows. */
async function submitValues(evaluate, kind, fields) {
  return evaluate(`(() => {
    const set = (id, v) => { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event('change')); };
    set('values-kind', ${JSON.stringify(kind)});
    for (const [id, v] of ${JSON.stringify(Object.entries(fields))}) set(id, v);
    document.getElementById(${JSON.stringify(kind + '-form')}).requestSubmit();
    const r = document.getElementById('values-result');
    return { status: r.dataset.status || null, text: r.innerText,
      values: [...r.querySelectorAll('[data-pointer][data-value]')].map((e) => [e.dataset.pointer, e.dataset.value]),
      chess: [...r.querySelectorAll('.chess-side')].map((e) => e.className + ' ' + e.textContent) };
  })()`);
}

const matchFields = (rec, play) => ({ 'm-game': rec.game, 'm-match': rec.matchId, 'm-server': rec.serverSeed, 'm-commit': rec.commitment, 'm-clients': rec.clientSeeds.join('\n'), 'm-play': play });

/** The values forms: what the seeds deal is what the example records (made by the Go reference) hold; a wrong commitment is caught. */
async function valuesChecks({ evaluate }) {
  const rec = (f) => JSON.parse(fs.readFileSync(path.join(RECORDS, f), 'utf8'));
  const sameAsRecord = (shown, r) => shown.values.length > 0 && shown.values.every(([p, v]) => shownValue(at(r, p)) === v);
  for (const loc of LOCALES) {
    await evaluate(`(() => { const s = document.getElementById('lang'); s.value = ${JSON.stringify(loc)}; s.dispatchEvent(new Event('change')); })()`);
    const bridge = rec('bridge.json');
    let shown = await submitValues(evaluate, 'match', matchFields(bridge, String(bridge.deals.length)));
    const cards = shown.values.filter(([p]) => /^\/deals\/\d+\/\d+\/\d+$/.test(p)).length;
    check(shown.status === 'verified' && shown.text.includes(text(loc, 'values.matchOk')) && sameAsRecord(shown, bridge) && cards === 104,
      loc + ': bridge.json\'s values typed in: the commitment holds and the page deals the record\'s seats and 104 cards', JSON.stringify(shown).slice(0, 400));
    shown = await submitValues(evaluate, 'match', Object.assign(matchFields(bridge, '2'), { 'm-commit': bridge.commitment.replace(/^./, (c) => (c === '0' ? '1' : '0')) }));
    check(shown.status === 'failed' && shown.text.includes(text(loc, 'values.matchBad')), loc + ': a commitment changed in one digit is caught', shown.text.slice(0, 300));
    // A value refused is said in the locale, the field named by its label: none of the verifier's English for implementers.
    const refusals = [];
    const english = loc === 'en' ? [] : englishPhrases(loc);
    for (const [kind, fields] of [['match', { 'm-server': 'not hex' }], ['match', { 'm-server': 'abc' }], ['match', { 'm-match': '' }],
      ['match', { 'm-clients': 'a,b\nc\nd\ne' }], ['match', { 'm-clients': 'a\nb' }], ['match', { 'm-play': 'x' }], ['match', { 'm-play': '0' }],
      ['match', { 'm-game': 'baloot', 'm-play': '7' }], ['chess', { 'c-seed-a': 'g'.repeat(64), 'c-commit-a': '', 'c-client-a': 'a', 'c-seed-b': '', 'c-commit-b': '', 'c-client-b': '' }]]) {
      const all = kind === 'match' ? Object.assign(matchFields(bridge, '2'), fields) : fields;
      shown = await submitValues(evaluate, kind, all);
      const word = /\b(?:expected|found|input|characters|integer|lowercase|elements)\b/.exec(shown.text.replace(text(loc, 'values.invalid'), ''));
      const hit = english.find((p) => shown.text.includes(p));
      if (shown.status !== 'unreadable' || !shown.text.includes(text(loc, 'values.invalid')) || shown.text.includes('input.') || (loc !== 'en' && (word || hit !== undefined))) {
        refusals.push(JSON.stringify(fields) + ': ' + (word ? word[0] : hit || '') + ' in ' + JSON.stringify(shown.text.slice(0, 200)));
      }
    }
    check(refusals.length === 0, loc + ': values the forms refuse (not hex, too short, empty, a comma, too few seeds, not a number, out of range) are explained in the locale, the field named, no English', refusals.join('\n'));
  }
  await evaluate(`(() => { const s = document.getElementById('lang'); s.value = 'en'; s.dispatchEvent(new Event('change')); })()`);
  const bg = rec('backgammon.json');
  const bridge0 = rec('bridge.json');
  let shown = await submitValues(evaluate, 'match', matchFields(bg, bg.games.map((g) => g.rolls.length).join(' ')));
  check(shown.status === 'verified' && sameAsRecord(shown, bg) && shown.values.filter(([p]) => p.includes('/rolls/')).length === bg.games.reduce((n, g) => n + g.rolls.length, 0),
    'backgammon.json\'s values: every opening throw and roll the record holds', JSON.stringify(shown).slice(0, 300));
  const mj = rec('mahjong.json');
  shown = await submitValues(evaluate, 'match', matchFields(mj, mj.hands.map((h) => 53 + h.draws.length).join(' ')));
  check(shown.status === 'verified' && sameAsRecord(shown, mj), 'mahjong.json\'s values: every tile dealt and drawn', JSON.stringify(shown).slice(0, 300));
  shown = await submitValues(evaluate, 'match', Object.assign(matchFields(bg, 'x'), { 'm-server': 'not hex' }));
  check(shown.status === 'unreadable' && shown.text.includes(text('en', 'values.invalid')), 'values that are not a seed are explained, not recomputed', shown.text.slice(0, 300));
  for (const f of ['chess-players.json', 'chess-bot.json']) {
    const c = rec(f);
    const bot = c.seedB === null;
    shown = await submitValues(evaluate, 'chess', { 'c-seed-a': c.seedA, 'c-commit-a': c.commitA, 'c-client-a': c.clientA,
      'c-seed-b': bot ? '' : c.seedB, 'c-commit-b': bot ? '' : c.commitB, 'c-client-b': bot ? '' : c.clientB });
    const white = shown.chess.find((x) => /\bwhite\b/.test(x)) || '';
    check(shown.status === 'verified' && white.includes(c.white === 'A' ? c.clientA : bot ? text('en', 'chess.bot').replace('{side}', 'B') : c.clientB),
      f + '\'s seeds typed in: the commitments hold and ' + c.white + ' plays White, as the record says', JSON.stringify(shown).slice(0, 300));
  }
  // What a reader types is shown through the page's one escaping (TXT-2), the commitment fields' included.
  const typed = 'ab\u202Ecd\u200B\u001b[2K';
  shown = await submitValues(evaluate, 'match', Object.assign(matchFields(bridge0, '2'), { 'm-commit': typed }));
  check(shown.status === 'failed' && shown.text.includes('ab\\u{202E}cd\\u{200B}\\u{001B}[2k') && !['\u202E', '\u200B', '\u001b'].some((c) => shown.text.includes(c)),
    'a commitment typed with U+202E, a zero-width space and ESC is shown escaped, like every other field', shown.text.slice(0, 400));
  shown = await submitValues(evaluate, 'leave', { 'l-bundle': fs.readFileSync(path.join(RECORDS, 'poker-leave.json'), 'utf8') });
  check(shown.status === 'verified', 'the leave bundle pasted in the poker form is checked', shown.text.slice(0, 300));
}

/** The forms a reader fills, each as [name, fill and check]; the last leaves a tampered leave bundle on the page. */
function filledForms({ evaluate }) {
  const rec = (f) => JSON.parse(fs.readFileSync(path.join(RECORDS, f), 'utf8'));
  const bridge = rec('bridge.json'), chess = rec('chess-players.json'), sp = rec('selfpoker.json');
  const paste = (id, form, bytes) => evaluate(`(() => { document.getElementById(${JSON.stringify(id)}).value = ${JSON.stringify(bytes)};
    document.getElementById(${JSON.stringify(form)}).requestSubmit(); })()`);
  return [
    ['match values', () => submitValues(evaluate, 'match', matchFields(bridge, String(bridge.deals.length)))],
    ['chess values', () => submitValues(evaluate, 'chess', { 'c-seed-a': chess.seedA, 'c-commit-a': chess.commitA, 'c-client-a': chess.clientA,
      'c-seed-b': chess.seedB, 'c-commit-b': chess.commitB, 'c-client-b': chess.clientB })],
    ['leave bundle', () => submitValues(evaluate, 'leave', { 'l-bundle': fs.readFileSync(path.join(RECORDS, 'poker-leave.json'), 'utf8') })],
    ['self-hosted hand', () => evaluate(`(() => { const set = (id, v) => { document.getElementById(id).value = v; };
      set('sp-commit', ${JSON.stringify(sp.commit)}); set('sp-seed', ${JSON.stringify(sp.fairplay.seed)}); set('sp-players', ${JSON.stringify(String(sp.hands.length))});
      document.getElementById('selfpoker-form').requestSubmit(); })()`)],
    ['record', () => paste('record-text', 'record-form', fs.readFileSync(path.join(RECORDS, 'poker-leave.tampered.json'), 'utf8'))],
  ];
}

/** The policy refuses the network: a connection and an image are blocked before any request leaves the page. */
async function policyChecks({ evaluate }, requests, blocked) {
  // 6. The policy refuses the network: a connection and an image are blocked
  //    before any request leaves the page.
  const violations = await evaluate(`new Promise((resolve) => {
    const seen = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective + ' ' + e.blockedURI));
    const done = () => setTimeout(() => resolve(seen), 300);
    const img = new Image();
    img.src = 'http://${PROBE_HOST}/probe.png';
    fetch('http://${PROBE_HOST}/probe').then(() => done(), () => done());
  })`);
  check(violations.some((v) => v.startsWith('connect-src') && v.includes(PROBE_HOST)) && violations.some((v) => v.startsWith('img-src') && v.includes(PROBE_HOST)),
    'the policy refused a fetch and an image from the network', JSON.stringify(violations));
  const probeRequests = requests.filter((u) => u.includes(PROBE_HOST));
  check([...blocked.values()].filter((b) => b === 'csp').length >= probeRequests.length, 'DevTools reports the refused requests as blocked by the policy', JSON.stringify([...blocked.values()]));
}

/** Chromium's own record of the network. */
function netLogChecks(netLog) {
  // 7. Chromium's own record of the network: no request made by a document (the
  //    page's would carry its file:// origin), and the refused probes never reached it.
  try {
    const log = JSON.parse(fs.readFileSync(netLog, 'utf8'));
    const types = {};
    for (const [k, v] of Object.entries(log.constants.logEventTypes)) types[v] = k;
    const starts = log.events.filter((e) => types[e.type] === 'URL_REQUEST_START_JOB' && e.params && e.params.url);
    const fromDocuments = starts.filter((e) => e.params.initiator !== 'not an origin' || /^file:/.test(e.params.network_isolation_key || ''));
    const background = starts.length - fromDocuments.length;
    check(fromDocuments.length === 0, 'the network log holds no request made by a page (it holds ' + background + ' made by Chromium itself, such as update checks)',
      fromDocuments.map((e) => e.params.url).join('\n'));
    check(!JSON.stringify(log.events).includes(PROBE_HOST), 'the network log holds no trace of the refused probes');
  } catch (e) {
    check(false, 'the network log was written and read', e.message);
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pfkit-browser-'));
  const netLog = path.join(dir, 'netlog.json');
  const args = [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--user-data-dir=' + path.join(dir, 'profile'), '--log-net-log=' + netLog,
    '--remote-debugging-pipe', 'about:blank',
  ];
  const child = spawn(CHROMIUM, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-20000); });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const cdp = new Pipe(child);

  // Everything the page asks of the network, as DevTools sees it.
  const requests = [];
  const blocked = new Map();
  const pageErrors = [];
  cdp.on((m) => {
    if (m.method === 'Network.requestWillBeSent') requests.push(m.params.request.url);
    if (m.method === 'Network.loadingFailed') blocked.set(m.params.requestId, m.params.blockedReason || m.params.errorText);
    if (m.method === 'Runtime.exceptionThrown') pageErrors.push(m.params.exceptionDetails.text + ' ' + JSON.stringify(m.params.exceptionDetails.exception || {}).slice(0, 200));
    if (m.method === 'Log.entryAdded' && m.params.entry.level === 'error') pageErrors.push(m.params.entry.text);
    if (m.method === 'Runtime.consoleAPICalled' && m.params.type === 'error') pageErrors.push(m.params.args.map((a) => a.value).join(' '));
  });

  try {
    const page = await pageTools(cdp);
    await localeChecks(page);
    await recordChecks(page);
    await selfpokerChecks(page);
    await hostileRecordsInPage(page, dir, child.pid);
    // 5. Every scheme's picture, in every locale, at desktop and phone width.
    await pictures(page.send, page.evaluate);
    // 6. The values a site shows, recomputed.
    await valuesChecks(page);
    // 7. Links: every example record opened from #record=, in every locale, every word in the locale.
    await linkChecks(page);
    // 8. WCAG 2.2 A and AA (browser-access.js): axe-core on every linked record and filled form, focus and phone width.
    await access.linkedRecords(page, { check, locales: LOCALES, index: INDEX, records: RECORDS, linkOf, openByFragment });
    await access.filledForms(page, { check, locales: LOCALES, fill: filledForms(page) });

    check(pageErrors.length === 0, 'no script error or console error while the page was used', pageErrors.join('\n'));
    const notFile = requests.filter((u) => !u.startsWith('file:'));
    check(requests.length > 0 && notFile.length === 0, 'the page requested only file: URLs (' + requests.length + ' requests: ' +
      [...new Set(requests.map((u) => path.basename(new URL(u).pathname)))].join(', ') + ')', notFile.join('\n'));
    await policyChecks(page, requests, blocked);
  } catch (e) {
    check(false, 'the browser session ran to the end', e.stack + '\n' + stderr.slice(-2000));
  }
  // A clean close, so that Chromium finishes its network log.
  await cdp.send('Browser.close').catch(() => child.kill('SIGTERM'));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
  await exited;
  clearTimeout(timer);

  netLogChecks(netLog);
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(passed + ' passed, ' + failed + ' failed');
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((e) => {
  console.log('FAIL ' + e.stack);
  console.log(passed + ' passed, ' + (failed + 1) + ' failed');
  process.exitCode = 1;
});
