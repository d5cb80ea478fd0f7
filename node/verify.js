#!/usr/bin/env node
// node node/verify.js [--json] RECORD...
//
// Verifies records (spec section 15) as pfkit verify does: a report per record,
// or with --json one JSON document {records: [...], exit} holding the same
// values as pfkit verify --json. Exit status (REC-2): 1 when any check failed,
// else 2 when any record was unreadable, else 3 when any named an unspecified
// scheme, else 0; 2 also for a usage error.
'use strict';

const fs = require('node:fs');
const pf = require('./verifier.js');

const USAGE = 'usage: node verify.js [--json] RECORD...';

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

function fileError(e, path) {
  const text = ERRNO_TEXT[e.code];
  if (!text) return e.message;
  return (e.syscall || 'open') + ' ' + pf.records.text.escape(path) + ': ' + text;
}

/** One record file: what pfkit verify --json lists for it. */
function verifyFile(path) {
  const limit = pf.records.limits.maxBytes;
  let data;
  try {
    const size = fs.statSync(path).size;
    if (size > limit) {
      return { path, status: 'unreadable', error: { code: 'input_too_large', message: 'the file has ' + size + ' bytes, the limit is ' + limit } };
    }
    data = fs.readFileSync(path);
  } catch (e) {
    return { path, status: 'unreadable', error: { code: 'malformed_request', message: fileError(e, path) } };
  }
  return pf.verifyRecord(data, { path });
}

function main(args, out, err) {
  let json = false;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i];
    if (a === '--') { i++; break; }
    if (a === '--json' || a === '-json' || a === '--json=true' || a === '-json=true') { json = true; continue; }
    if (a === '--json=false' || a === '-json=false') { json = false; continue; }
    if (a === '-h' || a === '-help' || a === '--help') { err.write(USAGE + '\n'); return 2; }
    if (a.length > 1 && a[0] === '-') { err.write('flag provided but not defined: ' + a + '\n' + USAGE + '\n'); return 2; }
    break;
  }
  const paths = args.slice(i);
  if (paths.length === 0) {
    err.write(USAGE + '\n');
    return 2;
  }
  const results = paths.map(verifyFile);
  const code = pf.records.exitCode(results);
  if (json) {
    // TXT-3: no hidden character of a record reaches the terminal raw.
    out.write(pf.records.text.json(JSON.stringify({ records: results, exit: code }, null, 2)) + '\n');
  } else {
    out.write(results.map(pf.records.format).join('\n'));
  }
  return code;
}

if (require.main === module) {
  const code = main(process.argv.slice(2), process.stdout, process.stderr);
  // Let the output drain before the status is set.
  process.exitCode = code;
}

module.exports = { main, verifyFile };
