// Go's strconv quoting (%q), for the messages that quote what a record holds
// in the reference's own words.
'use strict';

const { decodeRuneGo } = require('./utf8.js');

const LETTER_MARK_NUMBER_PUNCT_SYMBOL = (function () {
  try {
    return new RegExp('^[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}]$', 'u');
  } catch {
    return null; // an engine without Unicode property escapes: non-ASCII is escaped
  }
})();

/** unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
function goIsPrint(cp) {
  if (cp < 0x7f) return cp >= 0x20;
  if (cp < 0xa1 || cp === 0xad) return false;
  return LETTER_MARK_NUMBER_PUNCT_SYMBOL !== null && LETTER_MARK_NUMBER_PUNCT_SYMBOL.test(String.fromCodePoint(cp));
}

const GO_ESCAPES = { 7: '\\a', 8: '\\b', 12: '\\f', 10: '\\n', 13: '\\r', 9: '\\t', 11: '\\v' };

function goEscapeRune(cp, quote) {
  if (cp === quote || cp === 0x5c) return '\\' + String.fromCharCode(cp);
  if (goIsPrint(cp)) return String.fromCodePoint(cp);
  if (Object.prototype.hasOwnProperty.call(GO_ESCAPES, cp)) return GO_ESCAPES[cp];
  if (cp < 0x20 || cp === 0x7f) return '\\x' + cp.toString(16).padStart(2, '0');
  if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) cp = 0xfffd;
  if (cp < 0x10000) return '\\u' + cp.toString(16).padStart(4, '0');
  return '\\U' + cp.toString(16).padStart(8, '0');
}

/** strconv.Quote of a string (as %q formats it). */
function goQuote(s) {
  let out = '"';
  for (const ch of s) out += goEscapeRune(ch.codePointAt(0), 0x22);
  return out + '"';
}

/** strconv.Quote of raw bytes: a byte that starts no valid UTF-8 sequence is \xNN. */
function goQuoteBytes(b) {
  let out = '"';
  for (let i = 0; i < b.length;) {
    const r = decodeRuneGo(b, i);
    out += r[0] < 0 ? '\\x' + b[i].toString(16).padStart(2, '0') : goEscapeRune(r[0], 0x22);
    i += r[1];
  }
  return out + '"';
}

/** %q of a byte or rune: a quoted character literal. */
function goQuoteRune(cp) {
  return "'" + goEscapeRune(cp, 0x27) + "'";
}

module.exports = { goQuote, goQuoteBytes, goQuoteRune };
