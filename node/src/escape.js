// Text a verifier shows (TXT-1 to TXT-3): what a record or a command line
// holds can neither steer the terminal nor pass for the verifier's words.
'use strict';

/** TXT-1's hidden characters, inclusive ranges: the spec's list, not the engine's Unicode tables. */
const HIDDEN = [
  [0x0000, 0x001f], [0x007f, 0x009f], [0x00ad, 0x00ad], [0x034f, 0x034f],
  [0x0600, 0x0605], [0x061c, 0x061c], [0x06dd, 0x06dd], [0x070f, 0x070f],
  [0x0890, 0x0891], [0x08e2, 0x08e2], [0x115f, 0x1160], [0x17b4, 0x17b5],
  [0x180b, 0x180f], [0x200b, 0x200f], [0x2028, 0x202e], [0x2060, 0x206f],
  [0x3164, 0x3164], [0xfe00, 0xfe0f], [0xfeff, 0xfeff], [0xffa0, 0xffa0],
  [0xfff0, 0xfffb], [0xfffd, 0xfffd], [0x110bd, 0x110bd], [0x110cd, 0x110cd],
  [0x13430, 0x1343f], [0x1bca0, 0x1bca3], [0x1d173, 0x1d17a], [0xe0000, 0xe0fff],
];

function isHidden(cp) {
  return HIDDEN.some(([lo, hi]) => cp >= lo && cp <= hi);
}

// A character class of ranges; under the u flag [\ud800-\udfff] matches
// only lone surrogates, a pair being one code point.
const hiddenClass = (ranges) => ranges.map(([lo, hi]) => '\\u{' + lo.toString(16) + '}-\\u{' + hi.toString(16) + '}').join('') + '\\ud800-\\udfff';
const TEXT_ESCAPED = new RegExp('[' + hiddenClass(HIDDEN) + '\\\\"]', 'gu');
const LINE_ESCAPED = new RegExp('[' + hiddenClass(HIDDEN) + ']', 'gu');
// In an encoded document, tab, line feed and carriage return stand only
// between members (inside strings the encoder escaped them).
const JSON_ESCAPED = new RegExp('[' + hiddenClass([[0x00, 0x08], [0x0b, 0x0c], [0x0e, 0x1f]].concat(HIDDEN.slice(1))) + ']', 'gu');

function escapeChar(ch) {
  if (ch === '\\' || ch === '"') return '\\' + ch;
  let cp = ch.codePointAt(0);
  if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd; // a lone surrogate reads as U+FFFD
  return '\\u{' + cp.toString(16).toUpperCase().padStart(4, '0') + '}';
}

/** TXT-2: hidden characters as \u{XXXX} (a lone surrogate as \u{FFFD}), \ as \\, " as \". */
function escapeText(s) {
  return String(s).replace(TEXT_ESCAPED, escapeChar);
}

/** escapeText between double quotes: how a message quotes what a record holds. */
function quoteText(s) {
  return '"' + escapeText(s) + '"';
}

// REF-1: how much of a record's text a refusal shows.
const MAX_SHOWN = 40;

/** REF-1: s cut to its first 40 code points and U+2026 when it is longer; a lone surrogate counts as one. */
function cutText(s) {
  s = String(s);
  if (s.length <= MAX_SHOWN) return s;
  let k = 0;
  for (let n = 0; n < MAX_SHOWN; n++) {
    const c = s.charCodeAt(k);
    k += c >= 0xd800 && c <= 0xdbff && k + 1 < s.length && (s.charCodeAt(k + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    if (k >= s.length) return s;
  }
  return s.slice(0, k) + '\u2026';
}

/** REF-1: a key, a string or a pointer taken from a record, cut and then quoted. */
function clippedText(s) {
  return quoteText(cutText(s));
}

/** TXT-3: one line of a text report with its hidden characters escaped and nothing else. */
function escapeLine(s) {
  return String(s).replace(LINE_ESCAPED, escapeChar);
}

function jsonEscape(ch) {
  let out = '';
  for (let i = 0; i < ch.length; i++) out += '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0');
  return ch.length === 1 && ch.charCodeAt(0) >= 0xd800 && ch.charCodeAt(0) <= 0xdfff ? '\\ufffd' : out;
}

/** TXT-3: a JSON document with every hidden character in its strings written \uXXXX. */
function escapeJSON(doc) {
  return doc.replace(JSON_ESCAPED, jsonEscape);
}

module.exports = { isHidden, escapeText, quoteText, cutText, clippedText, escapeLine, escapeJSON };
