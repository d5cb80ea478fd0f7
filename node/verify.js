#!/usr/bin/env node
// node node/verify.js [--json] RECORD...   (npx pfkit-verify, installed)
//
// Verifies records (spec section 15) as pfkit verify does: a report per record,
// or with --json one JSON document {pfkit, records: [...], exit} holding the same
// values as pfkit verify --json. A file that cannot be read (missing, a
// directory, no permission) is named on standard error with file_unreadable,
// and only --json lists it. Exit status (REC-2): 1 when any check failed,
// else 2 when any record or file was unreadable, else 3 when any named an
// unspecified scheme, else 0; 2 also for a usage error. Flags may come before
// or after the file names, as in pfkit verify.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');

// Memory (LIM-5's goal of 96 MiB a record). V8 doubles its young generation
// whenever what it holds survives a collection and grows its old one ahead of
// need: on the largest record the schemas allow, every value wrong (a tree
// of 600,000 values), that is 100 MiB. Both are held back with V8's own flags
// (node --v8-options), set here for this process: 91 MiB, and 0.05 s more.
v8.setFlagsFromString('--semi-space-growth-factor=1');
v8.setFlagsFromString('--optimize-for-size');

const pf = require('./verifier.js');
const cli = require('./cli.js');

/**
 * The help, naming the command as it was invoked: name is the script's base
 * name, verify.js run by node, or the bin link npm installs (pfkit-verify).
 */
const usage = (name) => `usage: ${name.endsWith('.js') ? 'node ' + name : name} [--json] RECORD...

Checks each record file (vectors/records/ has examples of every kind) and
prints every check, passed or failed, with what was expected and found. A
file that cannot be read (missing, a directory, no permission) is named on
standard error; --json lists it too, with the code file_unreadable. - reads
one record from standard input (once), and the report names it -.
--json writes one JSON document: {"pfkit": {"version": V}, "records": [...],
"exit": N}. --version, or version alone, prints the kit's version, as
pfkit version and python -m pfkit version do (a record file named
version is ./version).
Flags may come before or after the file names; after -- every argument is a
file name.

Exit status: 0 every record verified; 1 a check failed; 2 a record or file
was unreadable (or bad usage); 3 a record named an unspecified scheme. For
several records, the first of 1, 2 and 3 that applies.
`;

/** The name the program was invoked by: process.argv[1]'s base name. */
const invokedAs = () => path.basename(process.argv[1] || 'verify.js');

// The words of the reference's file errors, so that both name a missing file alike.
const ERRNO_TEXT = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory',
  ENOTDIR: 'not a directory',
  ELOOP: 'too many levels of symbolic links',
  ENAMETOOLONG: 'file name too long',
};

function fileError(e) {
  return { code: 'file_unreadable', message: 'cannot read the file: ' + (ERRNO_TEXT[e.code] || e.message) };
}

// The buffer records are read into, reused from file to file: one file's
// bytes are not needed once it is verified (its tree holds copies).
let buffer = Buffer.alloc(0);

/** A buffer of at least n bytes; its pages are touched only as bytes arrive. */
function bufferOf(n) {
  if (buffer.length < n) buffer = Buffer.allocUnsafeSlow(n);
  return buffer;
}

/**
 * The bytes of one record file, holding at most limit + 1 of them (LIM-3): a
 * regular file over the limit is refused by its size, unread; a pipe, a device
 * or standard input is read only until it has given one byte more than the
 * limit. Returns {data} (valid until the next file is read) or {tooLarge: message}.
 */
function readRecord(path, limit) {
  const stdin = isStdin(path);
  const fd = stdin ? 0 : fs.openSync(path, 'r');
  try {
    const st = fs.fstatSync(fd);
    if (st.isFile() && st.size > limit) {
      return { tooLarge: 'the file has ' + st.size + ' bytes, the limit is ' + limit };
    }
    const size = st.isFile() ? st.size + 1 : limit + 1;
    const buf = bufferOf(size).subarray(0, size);
    let n = 0;
    for (;;) {
      let got;
      try {
        got = fs.readSync(fd, buf, n, Math.min(buf.length - n, 1 << 16), null);
      } catch (e) {
        if (e.code === 'EAGAIN') continue;
        throw e;
      }
      if (got === 0) break;
      n += got;
      if (n > limit) return { tooLarge: 'the file has more than ' + limit + ' bytes, the limit is ' + limit };
      if (n === buf.length) break; // a regular file read to its size and one byte more
    }
    return { data: buf.subarray(0, n) };
  } finally {
    if (!stdin) fs.closeSync(fd);
  }
}

/** The name "-", a string or its bytes, stands for standard input (TXT-4); a file named - is ./-. */
function isStdin(p) {
  return (typeof p === 'string' ? p : p.toString('latin1')) === '-';
}

/** The refusal of - named n times, in the words of pfkit verify. */
const stdinTwice = (n) => `- (standard input) can be named once, found ${n} times`;

/** One record file, opened by file (a string or its bytes) and named path: what pfkit verify --json lists for it. */
function verifyFile(file, path = file) {
  const limit = pf.records.limits.maxBytes;
  let r;
  try {
    r = readRecord(file, limit);
  } catch (e) {
    return { path, status: 'unreadable', error: fileError(e) };
  }
  if (r.tooLarge !== undefined) return { path, status: 'unreadable', error: { code: 'input_too_large', message: r.tooLarge } };
  return pf.verifyRecord(r.data, { path });
}

/**
 * The command line's arguments as the system holds them, bytes (Linux:
 * /proc/self/cmdline), so that a file name that is not UTF-8 opens the file
 * it names and is shown as TXT-2 says, one U+FFFD a byte; elsewhere, or when
 * the bytes do not match process.argv, the arguments Node has decoded.
 */
function rawArgs(args) {
  try {
    const all = fs.readFileSync('/proc/self/cmdline');
    const parts = [];
    for (let i = 0; i < all.length;) {
      const end = all.indexOf(0, i);
      parts.push(all.subarray(i, end < 0 ? all.length : end));
      i = end < 0 ? all.length : end + 1;
    }
    const raw = parts.slice(parts.length - args.length);
    if (args.length > 0 && raw.length === args.length && raw.every((b, i) => b.toString('utf8') === args[i])) return raw;
  } catch {
    // no /proc: the decoded arguments
  }
  return args;
}

/** A file name as the reports show it: its bytes read by RUN-8's rule (TXT-2, step 1). */
function nameOf(p) {
  return typeof p === 'string' ? p : pf.records.text.decode(p);
}

function main(args, out, err, raw = args, name = 'verify.js') {
  // The word alone is the command the other two implementations have.
  if (args.length === 1 && args[0] === 'version') args = ['--version'];
  let parsed;
  try {
    parsed = cli.parse(args, ['json'], raw);
  } catch (e) {
    if (e instanceof cli.HelpRequested) { out.write(usage(name)); return 0; }
    if (e instanceof cli.VersionRequested) { out.write('pfkit ' + pf.VERSION + ' (node)\n'); return 0; }
    if (e instanceof cli.UsageError) { err.write(pf.records.text.line(name + ': ' + e.message) + '\n\n' + usage(name)); return 2; }
    throw e;
  }
  const json = parsed.flags.json;
  const paths = parsed.positional;
  if (paths.length === 0) {
    err.write(pf.records.text.line(name + ': expected at least one RECORD') + '\n\n' + usage(name));
    return 2;
  }
  const stdinCount = paths.filter(isStdin).length;
  if (stdinCount > 1) {
    err.write(pf.records.text.line(name + ': ' + stdinTwice(stdinCount)) + '\n\n' + usage(name));
    return 2;
  }
  const results = [];
  for (const p of paths) {
    const r = verifyFile(p, nameOf(p));
    results.push(r);
    // A file that cannot be read is not a record: it is named on standard
    // error, and only --json lists it among the records.
    if (r.error && r.error.code === 'file_unreadable') {
      err.write(pf.records.text.line(name + ': ' + pf.records.text.escape(r.path) + ': ' + r.error.code + ': ' + r.error.message) + '\n');
    }
  }
  const code = pf.records.exitCode(results);
  if (json) {
    // TXT-3: no hidden character of a record reaches the terminal raw.
    out.write(pf.records.text.json(JSON.stringify({ pfkit: { version: pf.VERSION }, records: results, exit: code }, null, 2)));
    out.write('\n');
  } else {
    out.write(results.filter((r) => !(r.error && r.error.code === 'file_unreadable')).map(pf.records.format).join('\n'));
  }
  return code;
}

if (require.main === module) {
  cli.quietPipe(process.stdout);
  cli.quietPipe(process.stderr);
  const args = process.argv.slice(2);
  const code = main(args, process.stdout, process.stderr, rawArgs(args), invokedAs());
  // Let the output drain before the status is set.
  process.exitCode = code;
}

module.exports = { main, verifyFile };
