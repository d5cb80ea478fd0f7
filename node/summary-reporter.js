// A reporter for node --test that a person can read at the end of make test:
//
//   node --test --test-reporter=./summary-reporter.js test/
//
// One line for the whole run when every test passes,
//   node --test: 1045 passed, 0 failed, 2 skipped (1047 tests, 35.5 s)
// and before it, when some fail, each failing test with its file, its error
// and what its file wrote to standard output and error. The built-in
// reporters print a line or more for every test (2,500 lines of TAP for this
// suite); make node-test VERBOSE=1 uses the spec reporter instead. The exit
// status is node --test's own: 1 when a test failed.
'use strict';

const { inspect } = require('node:util');

/** The summary's counts, from the diagnostics node --test ends its run with ("pass 1045"). */
function countOf(counts, name) {
  return counts[name] === undefined ? '?' : counts[name];
}

/** One failing test: its name and file, then its error, indented. */
function failure(f, written) {
  const where = f.file ? ' (' + f.file + (f.line ? ':' + f.line : '') + ')' : '';
  const err = f.details && f.details.error;
  const cause = err && err.cause !== undefined ? err.cause : err;
  const lines = ['not ok ' + f.name + where];
  if (cause !== undefined) lines.push(...inspect(cause, { depth: 4 }).split('\n').map((l) => '    ' + l));
  const out = f.file ? written.get(f.file) : undefined;
  if (out && out.length > 0) {
    lines.push('  what ' + f.file + ' wrote:');
    lines.push(...out.join('').replace(/\n$/, '').split('\n').map((l) => '    ' + l));
    written.delete(f.file);
  }
  return lines.join('\n') + '\n';
}

module.exports = async function* summary(source) {
  const counts = Object.create(null);
  const failures = [];
  const written = new Map(); // file -> what it wrote to standard output and error
  for await (const { type, data } of source) {
    if (type === 'test:fail') {
      // A test whose subtests failed fails too; the subtests say why.
      const err = data.details && data.details.error;
      if (!(err && err.failureType === 'subtestsFailed')) failures.push(data);
    } else if ((type === 'test:stdout' || type === 'test:stderr') && data.file) {
      if (!written.has(data.file)) written.set(data.file, []);
      written.get(data.file).push(data.message);
    } else if (type === 'test:diagnostic' && data.nesting === 0) {
      const m = /^(\w+) ([\d.]+)$/.exec(data.message);
      if (m) counts[m[1]] = Number(m[2]);
    }
  }
  for (const f of failures) yield failure(f, written);
  const seconds = counts.duration_ms === undefined ? '?' : (counts.duration_ms / 1000).toFixed(1);
  let line = 'node --test: ' + countOf(counts, 'pass') + ' passed, ' + countOf(counts, 'fail') + ' failed';
  if (counts.skipped) line += ', ' + counts.skipped + ' skipped';
  if (counts.cancelled) line += ', ' + counts.cancelled + ' cancelled';
  if (counts.todo) line += ', ' + counts.todo + ' todo';
  yield line + ' (' + countOf(counts, 'tests') + (counts.tests === 1 ? ' test, ' : ' tests, ') + seconds + ' s)\n';
};
