// Reports (REC-2, REC-9): the checks of one record, each passed or failed with
// its mismatches; DIST-1; the exit status; and the text pfkit verify prints.
'use strict';

const { utf8Length } = require('./utf8.js');
const { escapeText, escapeLine } = require('./text.js');

function newReport(kind, title) {
  return { scheme: kind.scheme, kind: kind.kind, status: '', title, checks: [], notes: [] };
}

function mismatch(pointer, where, expected, found) {
  return { pointer, where, expected, found };
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
  r.checks.push({ name, pointer, requirement, ok: true, summary, more: 0 });
}

/** A failed check; mismatches a Mismatches or a short array of them. */
function failCheck(r, name, pointer, requirement, summary, mismatches) {
  let all = mismatches;
  if (!(all instanceof Mismatches)) {
    all = new Mismatches();
    for (const m of mismatches || []) all.add(m);
  }
  const c = { name, pointer, requirement, ok: false, summary };
  if (all.kept.length > 0) c.mismatches = all.kept;
  c.more = all.more;
  r.checks.push(c);
}

/** One value compared: the reference computes expected, the record says found. */
function equalCheck(r, name, pointer, requirement, expected, found, okSummary) {
  if (expected === found) {
    passCheck(r, name, pointer, requirement, okSummary);
    return true;
  }
  failCheck(r, name, pointer, requirement, 'expected ' + expected + ', record has ' + found, [mismatch(pointer, name, expected, found)]);
  return false;
}

/** A list compared element by element; where(i) names element i; a missing element is "nothing". */
function listOf(pointer, where, want, got) {
  return (ms) => {
    for (let i = 0; i < want.length || i < got.length; i++) {
      const w = i < want.length ? want[i] : 'nothing', g = i < got.length ? got[i] : 'nothing';
      if (w === g) continue;
      if (ms.full) ms.more++;
      else ms.add(mismatch(pointer + '/' + i, where(i), w, g));
    }
  };
}

/** A single value compared inside a group of lists. */
function oneOf(pointer, where, want, got) {
  return (ms) => {
    if (want !== got) ms.add(mismatch(pointer, where, want, got));
  };
}

/** One check over several comparisons, passing when all agree. */
function listsCheck(r, name, pointer, requirement, okSummary, comparisons) {
  const ms = new Mismatches();
  for (const c of comparisons) c(ms);
  const n = ms.count;
  if (n === 0) passCheck(r, name, pointer, requirement, okSummary);
  else failCheck(r, name, pointer, requirement, n + (n > 1 ? ' values differ' : ' value differs'), ms);
}

function finishReport(r, notes) {
  r.status = r.checks.every((c) => c.ok) ? 'verified' : 'failed';
  r.notes = notes.slice();
  return r;
}

/** A row of cards or tiles a record shows: names[i] at pointer(i), where(i) in words. */
function shownRun(names, pointer, where) {
  return { names, pointer, where };
}

/** What four seats show, seat 0 to 3, as runs of one deck. */
function seatRuns(got, pointer, where) {
  return [0, 1, 2, 3].map((st) => shownRun(got[st], (i) => pointer(st, i), (i) => where(st, i)));
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
        ms.add(mismatch(rn.pointer(i), rn.where(i), 'at most four tiles of a kind', n + ', tile ' + c + ' of its kind'));
        return;
      }
      let first = 'nothing';
      for (let rj = 0; rj <= ri && first === 'nothing'; rj++) {
        const j = d[rj].names.indexOf(n);
        if (j >= 0 && (rj < ri || j < i)) first = d[rj].where(j);
      }
      ms.add(mismatch(rn.pointer(i), rn.where(i), 'a card not shown before', n + ', already shown as ' + first));
    }));
  }
  const name = tiles ? 'distinct tiles' : 'distinct cards';
  const n = ms.count;
  if (n === 0) {
    passCheck(r, name, pointer, 'DIST-1', tiles ? 'no more than the four tiles of a kind from one wall' : 'no card shown twice from one deck');
  } else if (tiles) {
    failCheck(r, name, pointer, 'DIST-1', n === 1 ? '1 tile beyond the four of its kind' : n + ' tiles beyond the four of their kind', ms);
  } else {
    failCheck(r, name, pointer, 'DIST-1', n + (n === 1 ? ' card' : ' cards') + ' shown again from the same deck', ms);
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
      for (const m of c.mismatches || []) lines.push('        ' + m.where + ': expected ' + m.expected + ', record has ' + m.found);
      if (c.more > 0) lines.push('        … and ' + c.more + ' more'); // REC-10
    }
    for (const n of rep.notes) lines.push('  note: ' + n);
    lines.push(failed === 0 ? '  VERIFIED: all ' + rep.checks.length + ' checks hold' : '  FAILED: ' + failed + ' of ' + rep.checks.length + ' checks failed');
  }
  return lines.map(escapeLine).join('\n') + '\n';
}

module.exports = { MAX_MISMATCHES, Mismatches, newReport, mismatch, passCheck, failCheck, equalCheck, listOf, oneOf, listsCheck, finishReport, shownRun, seatRuns, distinctCheck, recordsExitCode, recordFailures, formatRecordResult };
