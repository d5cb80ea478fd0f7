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
//
// The driver (node/browser/driver.js) launches Chromium and speaks the
// protocol; each group of checks has a file of its own in node/browser/.

const fs = require('node:fs');
const path = require('node:path');

const { CHROMIUM, LOCALES, check, tally } = require('./browser/common.js');
const { launch, close, pageTools } = require('./browser/driver.js');
const { localeChecks } = require('./browser/locales.js');
const { recordChecks } = require('./browser/records.js');
const { selfpokerChecks } = require('./browser/selfpoker.js');
const { hostileRecordsInPage } = require('./browser/hostile.js');
const { pictures } = require('./browser/pictures.js');
const { valuesChecks, filledForms } = require('./browser/values.js');
const { linkedRecords } = require('./browser/linked.js');
const { freshLinkChecks } = require('./browser/links.js');
const { policyChecks, netLogChecks } = require('./browser/network.js');
const access = require('./browser/access.js');
const { phases } = require('./browser/times.js');

if (!fs.existsSync(CHROMIUM)) {
  console.log('FAIL Chromium is not installed (' + CHROMIUM + ' is missing)' + (process.env.CI ? ' on this CI machine' : '') + '.');
  console.log('  make setup-browser installs Debian\'s chromium (or: sudo apt-get install -y chromium),');
  console.log('  or set PFKIT_CHROMIUM to a Chromium or Chrome binary.');
  process.exit(2);
}

// Tabs working side by side once the first page's own checks are done: 2, or 1 (PFKIT_BROWSER_TABS=1).
const TABS = process.env.PFKIT_BROWSER_TABS === '1' ? 1 : 2;

/**
 * Pictures, values and filled forms in page; meanwhile (TABS 2) a second tab,
 * in a browser context of its own, opens every example record's link, and
 * page takes links too once its own checks are done.
 */
async function sideBySide(browser, page, phase) {
  const second = TABS > 1 ? await phase('second tab', () => pageTools(browser.cdp, { ownContext: true })) : null;
  await phase('fresh links', () => freshLinkChecks(second || page));
  const first = (async () => {
    // 5. Every scheme's picture, in every locale, at desktop and phone width.
    await phase('pictures', () => pictures(page.send, page.evaluate));
    // 6. The values a site shows, recomputed.
    await phase('values', () => valuesChecks(page));
    // 8. WCAG 2.2 A and AA on every filled form, and the focus rings.
    await phase('filledForms', () => access.filledForms(page, { check, locales: LOCALES, fill: filledForms(page) }));
    return page;
  })();
  // 7. Links: every example record opened from #record=, in every locale, once: every word in the locale,
  //    and WCAG 2.2 A and AA (browser/access.js), axe-core, focus and phone width, on the page it opened.
  await phase('links', () => linkedRecords(second ? [Promise.resolve(second), first] : [first]));
}

async function main() {
  const browser = launch();
  const { dir, netLog, child, requests, blocked, pageErrors } = browser;
  const clock = phases(child.pid);
  const phase = clock.phase;
  try {
    const page = await phase('start', () => pageTools(browser.cdp));
    await phase('locales', () => localeChecks(page));
    await phase('records', () => recordChecks(page));
    await phase('selfpoker', () => selfpokerChecks(page));
    // Alone: it measures the memory of every renderer the browser has.
    await phase('hostile', () => hostileRecordsInPage(page, dir, child.pid));
    await sideBySide(browser, page, phase);

    check(pageErrors.length === 0, 'no script error or console error while the page was used', pageErrors.join('\n'));
    const notFile = requests.filter((u) => !u.startsWith('file:'));
    check(requests.length > 0 && notFile.length === 0, 'the page requested only file: URLs (' + requests.length + ' requests: ' +
      [...new Set(requests.map((u) => path.basename(new URL(u).pathname)))].join(', ') + ')', notFile.join('\n'));
    await phase('policy', () => policyChecks(page, requests, blocked));
  } catch (e) {
    check(false, 'the browser session ran to the end', e.stack + '\n' + browser.stderr().slice(-2000));
  }
  clock.beforeClose();
  await phase('close', () => close(browser));
  await phase('netlog', () => netLogChecks(netLog));
  clock.report();
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(tally.passed + ' passed, ' + tally.failed + ' failed');
  process.exitCode = tally.failed === 0 ? 0 : 1;
}

main().catch((e) => {
  console.log('FAIL ' + e.stack);
  console.log(tally.passed + ' passed, ' + (tally.failed + 1) + ' failed');
  process.exitCode = 1;
});
