// The values a site shows, recomputed by the page's forms.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { RECORDS, LOCALES, text, check } = require('./common.js');
const { at, shownValue } = require('./pictures.js');
const { englishPhrases } = require('./links.js');


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

module.exports = { valuesChecks, filledForms };
