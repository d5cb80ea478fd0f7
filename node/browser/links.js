// Links and words: every example record opened by a link, in every locale, every word in the locale.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { ROOT, PAGE, RECORDS, LOCALES, STRINGS, forms, text, check } = require('./common.js');
const { calloutProblems, impossibleHands, SHOWN_CALLOUTS, seatCallout } = require('./callouts.js');

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
  // A script's value where a word should be (null is left out: German "null" is zero).
  ['a script value', /\bundefined\b|\bNaN\b|\[object \w+\]/g],
];

/** The words (letters only, three or more) of texts, lowercased: numbers, hashes and seeds with digits are not words. */
const wordsOf = (texts) => texts.flatMap((x) => String(x).toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => /^\p{L}{3,}$/u.test(w));

// Words a locale shares with English that its catalog happens not to hold.
const SHARED_WORDS = { it: [], de: [], fr: [], nl: [] };

/**
 * The single English words of strings.en a page in loc must not show: every
 * one that no text of the locale's catalog holds. A word left in English inside
 * a translated sentence ("mano 2, turned-up card") is caught.
 */
function englishWords(loc) {
  const own = new Set(wordsOf(Object.values(STRINGS[loc]).flatMap(forms).map((x) => x.replace(/\{\w+\}/g, ' '))));
  const en = wordsOf(Object.values(STRINGS.en).flatMap(forms).map((x) => x.replace(/\{\w+\}/g, ' ')));
  return new Set(en.filter((w) => !own.has(w) && !SHARED_WORDS[loc].includes(w)));
}

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

// The record formats' field names: a refusal may quote one as the record should
// write it ("a misspelling of “game”?"), in the locale's quotation marks.
const FIELD_NAMES = new Set(fs.readdirSync(path.join(ROOT, 'spec', 'schemas')).filter((f) => /^record_\w+\.json$/.test(f))
  .flatMap((f) => Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, 'spec', 'schemas', f), 'utf8')).properties || {})));

/** The field names a text quotes in the locale's quotation marks: the record's words, not the page's. */
function quotedFieldNames(w, loc) {
  const [open, close] = text(loc, 'quoted').split('{text}');
  const out = [];
  for (let i = w.indexOf(open); i >= 0; i = w.indexOf(open, i + open.length)) {
    const j = w.indexOf(close, i + open.length);
    if (j < 0) break;
    if (FIELD_NAMES.has(w.slice(i + open.length, j))) out.push(w.slice(i + open.length, j));
  }
  return out;
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
// ("card 7 of the deck"), so neither shows as a bare number (D-33). German names
// a seat by its number from 1 ("Platz 3"; "3. Platz" reads as a ranking):
// germanSeats holds that number to the seat's order.
const NUMBERED_SEAT = {
  en: /\b(?:seat|position) \d/i, it: /\b(?:posto|posizione) \d/i, de: /\bPosition \d|\b\d+\. Platz\b/,
  fr: /\b(?:place|position) \d/i, nl: /\b(?:stoel|plaats|positie) \d/i,
};

/**
 * The German "Platz N" of a page that are not a seat's order: N is 0 (a
 * record's index from 0), beyond the record's seats, not the seat of a leave
 * record, or, on a record that verifies, not the seat whose client seed is
 * named beside it ("Platz 2 (Client-Seed „north“)" where north sits at the
 * second seat). Each problem as a text.
 */
function germanSeats(words, bytes, verified) {
  let rec;
  try { rec = JSON.parse(bytes); } catch { return []; }
  if (!rec || typeof rec !== 'object') return [];
  const seeds = Array.isArray(rec.clientSeeds) ? rec.clientSeeds : null;
  const order = Array.isArray(rec.seats) ? rec.seats : null;
  const count = order ? order.length : seeds ? seeds.length : null;
  const out = [];
  for (const w of words) {
    for (const m of w.matchAll(/\bPlatz (\d+)(?:(?: \(|: )Client-Seed „([^“]*)“)?/g)) {
      const n = Number(m[1]);
      const who = m[2];
      let why = null;
      if (n < 1) why = 'a seat counted from 0';
      else if (Number.isInteger(rec.seat) && rec.seat >= 0 && n !== rec.seat + 1) why = 'not the record\'s seat ' + rec.seat + ' counted from 1';
      else if (count !== null && n > count) why = 'beyond the record\'s ' + count + ' seats';
      else if (verified && who !== undefined && order && seeds && seeds[order[n - 1]] !== who) why = 'not the seat of client seed ' + who;
      if (why !== null) out.push('"' + w.slice(0, 120) + '": "' + m[0] + '" is ' + why);
    }
  }
  return out;
}

// A hand numbered 0, in the words of a page that counts a record's hands from 1
// (its headings say "Hand 1 (number 0 in the record)"): the two numberings mixed.
const HAND_ZERO = {
  en: /\bhands? (?:from )?0\b/i, it: /\bman[oi] (?:da )?0\b/i, de: /\bHände? (?:von )?0\b/,
  fr: /\bmains? (?:de )?0\b/i, nl: /\bhand(?:en)? (?:van )?0\b/i,
};

/**
 * Whether the page counts a record's hands from 1 beside a hand numbered 0: a
 * record that says it numbers them from 0, or one that holds a hand 0 without
 * saying so (its headings then say "Hand 1 (number 0 in the record)").
 */
const handsCountedFromOne = (json) => /"firstHand"\s*:\s*0\b/.test(json) || /"hand"\s*:\s*0\b/.test(json);

/** Seats of a mismatch table said as a bare number (a record's index into its client seeds, from 0): the rows that do. */
function rawSeatRows(rows, loc) {
  const seats = new Set(Object.keys(STRINGS[loc]).filter((k) => /^seat\.nth\.\d+$/.test(k)).map((k) => text(loc, k).toLowerCase()));
  return rows.filter((cells) => seats.has(String(cells[0]).trim().toLowerCase()) && cells.slice(1).some((c) => /^\s*\d+\s*$/.test(c)));
}

// A record's report is the same in every locale: worked out once per record.
const reportPhrasesOf = new Map();

/** What the verifier says in English about a record (two words or more): none of it may show on a page in another locale. */
function reportPhrases(bytes) {
  const key = bytes.toString('latin1');
  if (!reportPhrasesOf.has(key)) reportPhrasesOf.set(key, verifierPhrases(bytes));
  return reportPhrasesOf.get(key);
}

function verifierPhrases(bytes) {
  const res = require('../verifier.js').verifyRecord(bytes);
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
  // An element marked with two expected values ("expected A, expected a card not dealt before"): marked once.
  const twice = document.querySelectorAll('.mismatch-pair .mismatch-pair, .has-mismatch > .expected-box ~ .expected-box').length;
  const rows = [...document.querySelectorAll('#record-result table.mismatches tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent));
  const callouts = ${SHOWN_CALLOUTS};
  return { words: out, twice, rows, callouts, status: document.getElementById('record-result').dataset.status || null, lang: document.documentElement.lang };
})()`;

/**
 * Opens the link in the page already loaded (a new fragment) and reads what it shows.
 * Chromium is started with --disable-ipc-flooding-protection (node/browser/driver.js):
 * without it, it ignores a page's navigations past 200 in 10 seconds, fragment changes included.
 */
async function openByFragment(evaluate, hash) {
  return evaluate(`new Promise((resolve) => {
    // The page's own listener came first and has drawn the answer; no timer (a busy browser may hold timers back).
    window.addEventListener('hashchange', () => resolve(${SHOWN_WORDS}), { once: true });
    location.hash = ${JSON.stringify(hash)};
  })`);
}

/** A link opened fresh, as a site's "check this match" would: the page loads with the fragment, in each locale. */
async function freshLinkChecks({ send, evaluate, cdp, sessionId }) {
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
}

/** Links the page refuses in loc (not base64url, bits left over, a record or a language given twice): their problems. */
async function refusedLinkProblems(evaluate, loc) {
  const problems = [];
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
  return problems;
}

/**
 * What a page in loc shows for the example record entry (bytes, opened from its
 * link: shown) gets wrong: its verdict against records-index.json, and its
 * words. english is englishLeft(loc), computed once per locale.
 */
function linkedWordProblems(loc, entry, bytes, shown, english) {
  const problems = [];
  const say = (p) => problems.push(loc + ' ' + entry.file + ': ' + p);
  if (shown.status !== entry.status || shown.lang !== loc) say('status ' + shown.status + ', the index says ' + entry.status);
  for (const w of shown.words.filter((x) => NUMBERED_SEAT[loc].test(x))) say('"' + w.slice(0, 120) + '" numbers a seat or a deck position');
  if (loc === 'de') for (const p of germanSeats(shown.words, bytes, entry.status === 'verified')) say(p);
  for (const r of rawSeatRows(shown.rows, loc)) say('the row "' + r.join(' | ').slice(0, 120) + '" says a seat\'s value as a number');
  if (handsCountedFromOne(bytes.toString('utf8'))) {
    for (const w of shown.words.filter((x) => HAND_ZERO[loc].test(x))) say('"' + w.slice(0, 120) + '" says a hand numbered 0 where the headings count hands from 1');
  }
  const quoted = shown.words.flatMap((w) => quotedFieldNames(w, loc));
  for (const [what, word, w] of internalWords(shown.words, recordStrings(bytes).concat(quoted))) say('"' + w.slice(0, 120) + '" shows ' + what + ', "' + word + '"');
  if (shown.twice > 0) say(shown.twice + ' elements marked with two expected values');
  for (const p of calloutProblems(shown.callouts, loc).concat(impossibleHands(shown.words, loc))) say(p);
  // A value out of range, badly written or unknown says what it holds: "not of the kind expected" is for what has no better words.
  if (shown.words.includes(text(loc, 'schema.value'))) say('says only "' + text(loc, 'schema.value') + '"');
  if (entry.file === 'forgery-client-seed-edited.json' && shown.callouts[0]?.text !== seatCallout(loc, 'east2')) {
    say('the second seat\'s call-out reads "' + JSON.stringify(shown.callouts[0]) + '", not "' + seatCallout(loc, 'east2') + '"');
  }
  if (loc === 'en') return problems;
  const data = new Set(wordsOf(recordStrings(bytes)));
  for (const w of shown.words) {
    const named = wordsOf(quotedFieldNames(w, loc)); // a field name quoted in this very text is the record's word
    const hit = wordsOf([w]).find((x) => english.single.has(x) && !data.has(x) && !named.includes(x));
    if (hit !== undefined) say('"' + w.slice(0, 120) + '" holds the English word "' + hit + '"');
  }
  const phrases = english.phrases.concat(reportPhrases(bytes).map((x) => x.toLowerCase()));
  for (const w of shown.words) {
    const lower = w.toLowerCase();
    const hit = phrases.find((p) => w.includes(p) || lower.includes(p));
    if (hit !== undefined) say('"' + w.slice(0, 120) + '" holds the English "' + hit + '"');
  }
  return problems;
}

/** The English a page in loc must not show: phrases and single words of strings.en (none for English). */
const englishLeft = (loc) => ({ phrases: loc === 'en' ? [] : englishPhrases(loc), single: loc === 'en' ? new Set() : englishWords(loc) });

/** The one check of every link opened (opened of them) and its problems. */
function linkWordsCheck(opened, problems) {
  check(problems.length === 0, opened + ' links (every example record in ' + LOCALES.length + ' locales) open the verdict of records-index.json, a link with record= or lang= twice is refused in the locale; no call-out quotes a value inside a quoted one, gives a bare number or a whole hash, no hand is named beyond the 500 a session holds, no value is only "not of the kind expected", the seat-order call-out names the expected client seed alone; no page numbers a seat or a deck position (German "Platz N" only as the seat\'s order from 1), says a seat\'s value in a mismatch table as a number or a hand numbered 0 beside headings that count from 1, marks a value with two expected ones, or shows a spec id, schema file name, camelCase or snake_case name, Go duration, raw timestamp or script value (undefined, NaN), and none outside English a word or phrase of strings.en or of the verifier\'s English',
    problems.slice(0, 15).join('\n'));
}

module.exports = { freshLinkChecks, refusedLinkProblems, linkedWordProblems, englishLeft, linkWordsCheck, openByFragment, linkOf, INDEX, englishPhrases, englishWords, germanSeats, rawSeatRows, HAND_ZERO, handsCountedFromOne, NUMBERED_SEAT };
