// Reports (REC-2, REC-9): the checks of one record, each passed or failed with
// its mismatches; DIST-1; the exit status; and the text pfkit verify prints.
// Names, summaries, places, values, notes and titles are given as says
// (report_words.js) and worded in English here; each check, mismatch and
// report keeps its says in a property "say" that is not enumerable, so that
// JSON.stringify leaves it out and the JSON report stays what Go and Python
// write, while the offline page words the says in its reader's language.
'use strict';

const { utf8Length } = require('./utf8.js');
const { escapeText, escapeLine } = require('./escape.js');
const words = require('./words.js');
const { say, checkName, summaryText, noteText, titleText, placeText, valueText } = require('./report_words.js');

function hide(o, value) {
  Object.defineProperty(o, 'say', { value, enumerable: false });
  return o;
}

/** A report titled by a say (TITLES of report_words.js). */
function newReport(kind, title) {
  return hide({ scheme: kind.scheme, kind: kind.kind, status: '', title: titleText(title), checks: [], notes: [] },
    { title, notes: [] });
}

/**
 * A mismatch at a place ({deal: 2, seat: 2, card: 7}); expected and found are
 * texts or says (VALUES). english, when given, words a value the say holds as
 * the record writes it (an index, a time) for the English report; the say
 * keeps it (say.english) beside the values it words.
 */
function mismatch(pointer, at, expected, found, english) {
  const word = english || valueText;
  return hide({ pointer, where: placeText(at), expected: word(expected), found: word(found) },
    english ? { at, expected, found, english } : { at, expected, found });
}

/** REC-10: how many mismatches a check keeps. */
const MAX_MISMATCHES = 64;

/**
 * A check's mismatches (REC-10): the first MAX_MISMATCHES kept, in the order
 * found, the rest only counted, so a record that differs from its deal in
 * every value costs no more than one that differs in 64.
 */
class Mismatches {
  constructor() {
    this.kept = [];
    this.more = 0;
  }

  /** The next mismatch will only be counted: a caller may skip building it. */
  get full() {
    return this.kept.length >= MAX_MISMATCHES;
  }

  add(m) {
    if (this.full) this.more++;
    else this.kept.push(m);
  }

  /** Every mismatch found, kept or not. */
  get count() {
    return this.kept.length + this.more;
  }
}

function passCheck(r, name, pointer, requirement, summary) {
  r.checks.push(hide({ name: checkName(name), pointer, requirement, ok: true, summary: summaryText(summary), more: 0 }, { name, summary }));
}

/** A failed check; mismatches a Mismatches or a short array of them. */
function failCheck(r, name, pointer, requirement, summary, mismatches) {
  let all = mismatches;
  if (!(all instanceof Mismatches)) {
    all = new Mismatches();
    for (const m of mismatches || []) all.add(m);
  }
  const c = hide({ name: checkName(name), pointer, requirement, ok: false, summary: summaryText(summary) }, { name, summary });
  if (all.kept.length > 0) c.mismatches = all.kept;
  c.more = all.more;
  r.checks.push(c);
}

/**
 * One value compared: the reference computes expected, the record says found
 * (texts or says). A failure's say keeps both values (the page shows them);
 * its English says in words what failed, the summary code differs names
 * (with side, for a chess side's commitment), or "1 value differs" without
 * it: the two values are the one detail line, never repeated in the summary.
 */
function equalCheck(r, name, pointer, requirement, expected, found, okSummary, differs) {
  if (valueText(expected) === valueText(found)) {
    passCheck(r, name, pointer, requirement, okSummary);
    return true;
  }
  failCheck(r, name, pointer, requirement, say('expected_found', { expected, found, ...differs }), [mismatch(pointer, { check: name }, expected, found)]);
  return false;
}

const NOTHING = say('nothing');

/** A list compared element by element; at(i) places element i; a missing element is "nothing"; english as mismatch's. */
function listOf(pointer, at, want, got, english) {
  return (ms) => {
    for (let i = 0; i < want.length || i < got.length; i++) {
      const w = i < want.length ? want[i] : NOTHING, g = i < got.length ? got[i] : NOTHING;
      if (valueText(w) === valueText(g)) continue;
      if (ms.full) ms.more++;
      else ms.add(mismatch(pointer + '/' + i, at(i), w, g, english && ((v) => (v === NOTHING ? valueText(v) : english(v)))));
    }
  };
}

/** A single value compared inside a group of lists. */
function oneOf(pointer, at, want, got) {
  return (ms) => {
    if (valueText(want) !== valueText(got)) ms.add(mismatch(pointer, at, want, got));
  };
}

/** One check over several comparisons, passing when all agree. */
function listsCheck(r, name, pointer, requirement, okSummary, comparisons) {
  const ms = new Mismatches();
  for (const c of comparisons) c(ms);
  const n = ms.count;
  if (n === 0) passCheck(r, name, pointer, requirement, okSummary);
  else failCheck(r, name, pointer, requirement, say('differ', { n }), ms);
}

/** notes: says (NOTES of report_words.js). */
function finishReport(r, notes) {
  r.status = r.checks.every((c) => c.ok) ? 'verified' : 'failed';
  r.notes = notes.map(noteText);
  r.say.notes.push(...notes);
  return r;
}

/** A row of cards or tiles a record shows: names[i] at pointer(i), placed by at(i). */
function shownRun(names, pointer, at) {
  return { names, pointer, at };
}

/** What four seats show, seat 0 to 3, as runs of one deck. */
function seatRuns(got, pointer, at) {
  return [0, 1, 2, 3].map((st) => shownRun(got[st], (i) => pointer(st, i), (i) => at(st, i)));
}

/**
 * DIST-1: within one deck no card is shown twice, no mahjong tile kind more
 * than four times; every showing beyond that is a mismatch at its own pointer.
 * decks: arrays of runs, in the order DIST-1 gives.
 */
function distinctCheck(r, pointer, tiles, decks) {
  const limit = tiles ? 4 : 1;
  const ms = new Mismatches();
  for (const d of decks) {
    const count = new Map();
    d.forEach((rn, ri) => rn.names.forEach((n, i) => {
      const c = (count.get(n) || 0) + 1;
      count.set(n, c);
      if (c <= limit) return;
      if (ms.full) { // counted only (REC-10): where it was first shown takes a look back
        ms.more++;
        return;
      }
      if (tiles) {
        ms.add(mismatch(rn.pointer(i), rn.at(i), say('four_of_a_kind'), say('tile_of_kind', { tile: n, n: c })));
        return;
      }
      let first = null;
      for (let rj = 0; rj <= ri && first === null; rj++) {
        const j = d[rj].names.indexOf(n);
        if (j >= 0 && (rj < ri || j < i)) first = d[rj].at(j);
      }
      ms.add(mismatch(rn.pointer(i), rn.at(i), say('unshown_card'), say('shown_again', { card: n, at: first })));
    }));
  }
  const name = say(tiles ? 'distinct_tiles' : 'distinct_cards');
  const n = ms.count;
  if (n === 0) {
    passCheck(r, name, pointer, 'DIST-1', say(tiles ? 'four_tiles_at_most' : 'no_card_twice'));
  } else {
    failCheck(r, name, pointer, 'DIST-1', say(tiles ? 'tiles_beyond_four' : 'cards_shown_again', { n }), ms);
  }
}

/** REC-2: 1 when any check failed, else 2 when any record was unreadable, else 3 when any was unspecified, else 0. */
function recordsExitCode(results) {
  const statuses = results.map((r) => (typeof r === 'string' ? r : r.status));
  if (statuses.includes('failed')) return 1;
  if (statuses.includes('unreadable')) return 2;
  if (statuses.includes('unspecified')) return 3;
  return 0;
}

/** REC-9: the pointers two implementations must agree on (every mismatch, or a failed check's own). */
function recordFailures(result) {
  const out = [];
  if (!result.report) return out;
  for (const c of result.report.checks) {
    if (c.ok) continue;
    if (!c.mismatches) out.push(c.pointer);
    else for (const m of c.mismatches) out.push(m.pointer);
  }
  return out;
}

/** The report pfkit verify prints for one record, as text ending in a newline. */
function formatRecordResult(res) {
  const lines = [escapeText(res.path)];
  if (res.status === 'unreadable') {
    lines.push('  UNREADABLE (' + res.error.code + '): ' + res.error.message);
  } else if (res.status === 'unspecified') {
    lines.push('  SCHEME NOT SPECIFIED: ' + res.error.message);
    lines.push('  Nothing was checked: there is no published definition to check the record against.');
  } else {
    const rep = res.report;
    lines.push('  ' + rep.title);
    const width = rep.checks.reduce((w, c) => Math.max(w, utf8Length(c.name)), 0);
    let failed = 0;
    for (const c of rep.checks) {
      if (!c.ok) failed++;
      lines.push('  ' + (c.ok ? 'ok  ' : 'FAIL') + '  ' + c.name + ' '.repeat(Math.max(0, width - Array.from(c.name).length)) + '  ' + c.summary);
      for (const m of c.mismatches || []) lines.push('        ' + words.text('cli.report.mismatch', m));
      if (c.more > 0) lines.push('        ' + words.text('cli.report.more', { n: c.more })); // REC-10
    }
    for (const n of rep.notes) lines.push('  ' + words.text('cli.report.note', { note: n }));
    lines.push('  ' + (failed === 0 ? words.text('cli.report.verified', { n: rep.checks.length })
      : words.text('cli.report.failed', { failed, total: rep.checks.length })));
  }
  return lines.map(escapeLine).join('\n') + '\n';
}

module.exports = { MAX_MISMATCHES, Mismatches, newReport, mismatch, passCheck, failCheck, equalCheck, listOf, oneOf, listsCheck, finishReport, shownRun, seatRuns, distinctCheck, recordsExitCode, recordFailures, formatRecordResult };
