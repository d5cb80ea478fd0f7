// The call-outs a picture puts beside a mismatch ("expected client seed “east2”")
// and the names of hands: rules the browser check holds every example record
// to, in every locale. Each rule is a function of texts, so that
// node/test/page_numbering.test.js can hold it to hand-written cases.
'use strict';

const { STRINGS, text } = require('./common.js');

// A session holds at most this many hands (PK-8), numbered from 0 or from 1.
const MAX_HANDS = 500;

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The problems of call-outs ({word, text, label}: the expected word, the
 * expected value's text and the note's text alternative) in loc: a quoted value
 * inside another (a client seed wrapped in the verifier's words for it), a bare
 * number where a player needs a place ("expected 6" for a card of the deck), a
 * full 64-character hash beside a value the picture cuts to 12.
 */
function calloutProblems(callouts, loc) {
  const [open, close] = text(loc, 'quoted').split('{text}').map((s) => s.trim());
  // An opening mark, then another opening mark or a straight quote before its closing one.
  const nested = new RegExp(escapeRe(open) + '[^' + escapeRe(close) + ']*(?:' + escapeRe(open) + (open === '"' ? '' : '|"') + ')');
  const numberWord = text(loc, 'expected.handNumber');
  const out = [];
  for (const c of callouts) {
    const shown = c.word + ' ' + c.text;
    if (nested.test(c.text) || nested.test(c.label)) out.push('"' + shown + '" quotes a value inside a quoted value');
    if (/^\s*\d+\s*$/.test(c.text) && c.word.trim() !== numberWord.trim()) out.push('"' + shown + '" gives a bare number, not what it counts');
    if (/[0-9a-f]{64}/.test(c.text) || /[0-9a-f]{64}/.test(c.label)) out.push('"' + shown.slice(0, 80) + '" shows a whole hash');
  }
  return out;
}

/**
 * The texts of loc that name a hand a session cannot hold: "Hand 501" of at
 * most 500, counted from 1 (a heading, a check's name). The number a record
 * writes ("number 500 in the record") is its own and may be out of range.
 */
function impossibleHands(words, loc) {
  const starts = ['pic.hand', 'pic.handNumber', 'check.hand_number'].map((k) => {
    const before = text(loc, k).split(/\{(?:n|hand)\}/)[0];
    return new RegExp('^' + escapeRe(before) + '(\\d+)(?!\\d)');
  });
  const out = [];
  for (const w of words) {
    const n = starts.map((re) => re.exec(w.trim())).find((m) => m && Number(m[1]) > MAX_HANDS);
    if (n) out.push('"' + w.slice(0, 120) + '" names hand ' + n[1] + ' of at most ' + MAX_HANDS);
  }
  return out;
}

// What the page reads from its result for these rules.
const SHOWN_CALLOUTS = `[...document.querySelectorAll('#record-result .expected-box')].map((e) => ({
    word: (e.querySelector('.expected-word') || { textContent: '' }).textContent,
    text: (e.querySelector('.expected-text') || { textContent: '' }).textContent,
    label: e.getAttribute('aria-label') || '' }))`;

/** The call-out of the record's first seat-order mismatch, as it should read in loc: the expected client seed alone. */
const seatCallout = (loc, who) => STRINGS[loc]['value.clientSeed'].replace('{who}', who);

module.exports = { calloutProblems, impossibleHands, SHOWN_CALLOUTS, seatCallout, MAX_HANDS };
