// What the browser check's groups share: where the page and the records are,
// the locales and widths, the page's own words, and the tally of checks.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const CHROMIUM = process.env.PFKIT_CHROMIUM || '/usr/bin/chromium';
const ROOT = path.join(__dirname, '..', '..');
const PAGE = path.join(__dirname, '..', 'page', 'index.html');
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
  new Function('globalThis', fs.readFileSync(path.join(__dirname, '..', 'page', 'strings.js'), 'utf8'))(sandbox);
  return sandbox.pfkitPageStrings;
})();
// Every text of a message: one, or one per plural category.
const forms = (v) => (typeof v === 'string' ? [v] : Object.entries(v).filter(([k]) => k !== 'count').map(([, x]) => x));
// A plural message's 'other' form (the test's counts are never 1).
const text = (loc, key) => {
  const v = STRINGS[loc][key];
  return typeof v === 'string' ? v : v.other;
};

// The checks' tally, printed last.
const tally = { passed: 0, failed: 0 };
function check(ok, what, detail) {
  if (ok) tally.passed++;
  else tally.failed++;
  console.log((ok ? 'ok   ' : 'FAIL ') + what + (!ok && detail !== undefined ? '\n       ' + String(detail).slice(0, 600).replace(/\n/g, '\n       ') : ''));
  return ok;
}


module.exports = { CHROMIUM, ROOT, PAGE, RECORDS, PROBE_HOST, STEP_TIMEOUT_MS, SHOTS, LOCALES, WIDTHS, STRINGS, forms, text, check, tally };
