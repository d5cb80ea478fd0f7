// Every example record opened from its link (#record=…&lang=…) in every
// locale, each once, at phone width: what the page says of it (links.js) and
// WCAG 2.2 A and AA (access.js), both of the one page the link opened; in
// English the same page is then seen in the dark colour scheme too. The links
// are a queue that one or more pages (tabs of their own) take from in turn.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { RECORDS, LOCALES, check } = require('./common.js');
const links = require('./links.js');
const access = require('./access.js');

// The locales whose pages are seen in the dark scheme too: contrast, what the
// dark scheme changes, is the same in every locale (node/browser/access.js).
const DARK_LOCALES = ['en'];

/** The queue: per locale, the links the page refuses, then every example record's link. */
function linkQueue() {
  const items = [];
  for (const loc of LOCALES) {
    items.push({ loc, refused: true });
    for (const entry of links.INDEX) items.push({ loc, entry });
  }
  return items.map((item) => Object.assign(item, { words: [], light: [], dark: [], ms: { light: 0, dark: 0 } }));
}

// The English a page in a locale must not show, worked out once per locale.
const englishOf = new Map();
const englishLeft = (loc) => englishOf.get(loc) || englishOf.set(loc, links.englishLeft(loc)).get(loc);

/** Opens one item of the queue in page and notes its problems on it. */
async function openItem(page, item) {
  const { loc, entry } = item;
  const started = Date.now();
  if (item.refused) {
    item.words = await links.refusedLinkProblems(page.evaluate, loc);
    item.ms.light = Date.now() - started;
    return;
  }
  const bytes = fs.readFileSync(path.join(RECORDS, entry.file));
  const shown = await links.openByFragment(page.evaluate, links.linkOf(bytes, loc));
  item.words = links.linkedWordProblems(loc, entry, bytes, shown, englishLeft(loc));
  item.light = await access.linkedRecordProblems(page.evaluate, 'light', loc, 'light ' + loc + ' ' + entry.file);
  item.ms.light = Date.now() - started;
  if (DARK_LOCALES.includes(loc)) {
    // The page does not redraw for a scheme (only its style sheet follows it): the same page, seen in the dark scheme.
    const dark = Date.now();
    await access.scheme(page.send, 'dark');
    item.dark = await access.linkedRecordProblems(page.evaluate, 'dark', loc, 'dark ' + loc + ' ' + entry.file);
    await access.scheme(page.send, 'light');
    item.ms.dark = Date.now() - dark;
  }
}

/**
 * Takes items from queue and opens them in page, at phone width in the light
 * scheme, until the queue is empty: in the page freshly loaded, as a link
 * finds it, the other forms' answers of earlier checks gone.
 */
async function takeFrom(page, queue) {
  await page.load();
  await access.phoneIn(page, 'light');
  for (let item = queue.shift(); item; item = queue.shift()) await openItem(page, item);
  await access.desktopLight(page);
}

/**
 * A worker for each of pages (promises of pages, each taking links once it is
 * free), all taking from one queue; when every one is done, the checks, their
 * problems in the queue's order whichever page found them.
 */
async function linkedRecords(pages) {
  const items = linkQueue();
  const queue = items.slice();
  const workers = pages.map((page) => page.then((p) => takeFrom(p, queue)));
  await Promise.all(workers);
  const records = items.filter((x) => !x.refused);
  const all = (key) => items.flatMap((x) => x[key]);
  const seconds = (key) => items.reduce((s, x) => s + x.ms[key], 0) / 1000;
  links.linkWordsCheck(records.length, all('words'));
  access.linkedRecordsCheck(check, 'light', LOCALES, records.length, all('light'), seconds('light'));
  access.linkedRecordsCheck(check, 'dark', DARK_LOCALES, records.filter((x) => DARK_LOCALES.includes(x.loc)).length, all('dark'), seconds('dark'));
}

module.exports = { linkedRecords };
