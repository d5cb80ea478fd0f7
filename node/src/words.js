// The English of the command-line reports, by code. Each message is a "cli."
// code of spec/catalog/en.po with named parameters; the table in words_en.js
// is generated from it by tools/words/catalog.py (make catalog), and text() fills a
// message in, the same way as go/internal/words and python/src/pfkit/words.py.
'use strict';

const TABLE = require('./words_en.js');

const BY_CODE = new Map(TABLE.map((row) => [row[0], row]));

/**
 * The English of the message code with its parameters (strings or numbers)
 * filled in. A plural message takes its singular form when its count parameter
 * is 1. A code the catalog does not have gives the code itself, and a parameter
 * not given stays {name}, so a mistake shows in the output and in the tests.
 */
function text(code, params) {
  const row = BY_CODE.get(code);
  if (row === undefined) return code;
  const [, one, other, count] = row;
  const p = params || {};
  let rest = count !== '' && p[count] === 1 ? one : other;
  let out = '';
  for (;;) {
    const start = rest.indexOf('{');
    const end = start < 0 ? -1 : rest.indexOf('}', start + 1);
    if (end < 0) break;
    const name = rest.slice(start + 1, end);
    out += rest.slice(0, start) + (Object.prototype.hasOwnProperty.call(p, name) ? String(p[name]) : rest.slice(start, end + 1));
    rest = rest.slice(end + 1);
  }
  return out + rest;
}

module.exports = { text, codes: () => TABLE.map((row) => row[0]) };
