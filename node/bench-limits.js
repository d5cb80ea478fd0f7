#!/usr/bin/env node
// node node/bench-limits.js record|line FILE...
//
// The time verifier.js takes on hostile input (spec LIM-1): for each file, the
// best of three runs of verifying it as a record, or of answering it as one
// runner line, in seconds of wall time and of processor time (all threads; on
// a busy machine the wall time also counts waiting for a processor). Prints
// one JSON object {file: {seconds, cpuSeconds, answer}}, answer being the
// status and error code. tools/bench/bench.py builds the inputs
// (16 MiB records holding one long number or string, a session time with 15
// million fraction digits, a 1 MiB line with a million-digit n) and checks
// each figure against its goal of one second.
'use strict';

const fs = require('node:fs');
const pf = require('./verifier.js');

function answerOf(kind, data) {
  if (kind === 'record') {
    const r = pf.verifyRecord(data, { path: 'bench' });
    return r.status + (r.error ? ' ' + r.error.code : '');
  }
  const r = JSON.parse(pf.evaluateLine(data));
  return r.error ? 'error ' + r.error.code : 'output';
}

function main(args) {
  const [kind, ...files] = args;
  if ((kind !== 'record' && kind !== 'line') || files.length === 0) {
    process.stderr.write('usage: node bench-limits.js record|line FILE...\n');
    return 2;
  }
  const out = {};
  for (const f of files) {
    const data = fs.readFileSync(f);
    let best = Infinity;
    let bestCPU = Infinity;
    let answer;
    for (let i = 0; i < 3; i++) {
      const t = process.hrtime.bigint();
      const c = process.cpuUsage();
      answer = answerOf(kind, data);
      const used = process.cpuUsage(c);
      best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e9);
      bestCPU = Math.min(bestCPU, (used.user + used.system) / 1e6);
    }
    out[f] = { seconds: best, cpuSeconds: bestCPU, answer };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
  return 0;
}

process.exitCode = main(process.argv.slice(2));
