#!/usr/bin/env node
// Benchmark (not a test): node node/bench.js
//
// (a) One 52-card match_seed_v2 shuffle (a new stream each time: four 64-character
//     client seeds, a 64-character match id) in verifier.js, against the published
//     snippet's own functions (node:crypto createHmac per draw, hex to BigInt),
//     loaded from node/snippet.js. Goal: verifier.js at least 5 times faster.
// (b) NumPy-compatible deals per second, default_rng(seed).permutation(52), in
//     verifier.js against NumPy itself in a Python loop on the same seeds, each
//     timed inside its own runtime. The Python used is $PFKIT_PYTHON, else
//     python/.venv/bin/python, else python3; without NumPy that ratio is skipped.
//
// Timings are medians of several interleaved rounds. The shuffle is measured in
// five fresh processes, because the speed of V8's code for the hash varies from
// one process to the next (by about 15%), and the median of the five is
// reported. The last line printed is one JSON object with every figure.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { spawnSync } = require('node:child_process');
const pf = require('./verifier.js');

const ROOT = path.join(__dirname, '..');
const hex = (s) => crypto.createHash('sha256').update(s).digest('hex');
const now = () => process.hrtime.bigint();
const median = (a) => {
  const b = a.slice().sort((x, y) => x - y);
  return b.length % 2 ? b[(b.length - 1) / 2] : (b[b.length / 2 - 1] + b[b.length / 2]) / 2;
};

/** Median over rounds of the time per call, in microseconds; each round runs fn count times. */
function timeRounds(fns, rounds, counts) {
  const samples = fns.map(() => []);
  for (let r = 0; r < rounds; r++) {
    fns.forEach((fn, i) => {
      const t = now();
      fn(counts[i]);
      samples[i].push(Number(now() - t) / 1000 / counts[i]);
    });
  }
  return samples.map(median);
}

// --- (a) the shuffle --------------------------------------------------------

const match = {
  serverSeed: hex('bench:server'),
  game: 'bridge',
  matchId: hex('bench:match'),
  clientSeeds: [0, 1, 2, 3].map((i) => hex('bench:client:' + i)),
};

// The snippet's text runs in this realm, as when a reader runs it with node, with
// its input lines replaced the way its check replaces them (only the match part
// runs: no deal is printed, poker and chess are skipped).
function loadSnippet() {
  const { withInputs } = require('./snippet-check.js');
  const text = fs.readFileSync(path.join(__dirname, 'snippet.js'), 'utf8');
  const inputs = {
    ...match,
    commitment: crypto.createHash('sha256').update(match.serverSeed).digest('hex'),
    play: { deals: 0 },
    table: null, session: 's', hand: 1, seated: [], handCommitment: '',
    seedA: null, clientA: 'a', seedB: null, clientB: null, leaveHand: null,
  };
  // The snippet's own stream, int and shuffle, on a fresh stream for every shuffle.
  const wrapped = '(function (require, console) {\n' + withInputs(text, inputs) + `
    return (count) => {
      let last;
      for (let i = 0; i < count; i++) last = shuffle(stream(serverSeed, matchPrefix), [...Array(52).keys()]);
      return last;
    };
  })`;
  const quiet = { log() {} };
  return vm.runInThisContext(wrapped, { filename: 'snippet.js' })(require, quiet);
}

const deck52 = [...Array(52).keys()];
const verifierShuffle = (count) => {
  let last;
  for (let i = 0; i < count; i++) last = pf.shuffle(pf.matchStream(match.serverSeed, match.game, match.matchId, match.clientSeeds), deck52);
  return last;
};
const opInput = { ...match, program: [{ op: 'shuffle', n: 52 }] };
const verifierOp = (count) => {
  let last;
  for (let i = 0; i < count; i++) last = pf.matchSeedV2.draws(opInput).results[0];
  return last;
};
const snippetShuffle = loadSnippet();

function benchShuffle() {
  const a = verifierShuffle(1), b = snippetShuffle(1), c = verifierOp(1);
  if (JSON.stringify(a) !== JSON.stringify(Array.from(b)) || JSON.stringify(a) !== JSON.stringify(c)) {
    throw new Error('verifier.js and the snippet deal different decks: ' + a + ' / ' + Array.from(b));
  }
  // Warm up, then interleave the three so that machine noise falls on all alike.
  timeRounds([verifierShuffle, snippetShuffle, verifierOp], 4, [3000, 800, 3000]);
  const [v, s, o] = timeRounds([verifierShuffle, snippetShuffle, verifierOp], 11, [3000, 800, 3000]);
  return { verifier: v, snippet: s, op: o };
}

// --- (b) the NumPy deal -----------------------------------------------------

const DEALS = 20000;
const seeds = [];
for (let i = 0; i < DEALS; i++) seeds.push(String(BigInt('0x' + hex('bench:deal:' + i).slice(0, 16)) >> 1n));

function digestOf(perms) {
  const h = crypto.createHash('sha256');
  for (const p of perms) h.update(p.join(',') + '\n');
  return h.digest('hex');
}

function benchDealJs() {
  const perms = seeds.map((s) => pf.numpyPermutation(s, 52));
  const run = (count) => {
    for (let i = 0; i < count; i++) pf.numpyPermutation(seeds[i % DEALS], 52);
  };
  const runOp = (count) => {
    for (let i = 0; i < count; i++) pf.selfpokerV1.deal({ seed: seeds[i % DEALS], players: 6 });
  };
  timeRounds([run, runOp], 1, [DEALS, 5000]);
  const [perm, op] = timeRounds([run, runOp], 7, [DEALS, DEALS]);
  return { perSecond: 1e6 / perm, opPerSecond: 1e6 / op, digest: digestOf(perms) };
}

const PY = `
import hashlib, json, sys, time
import numpy as np
seeds = [int(x) for x in sys.stdin.read().split()]
times = []
for r in range(5):
    t = time.perf_counter()
    perms = [np.random.default_rng(s).permutation(52) for s in seeds]
    times.append(time.perf_counter() - t)
times.sort()
h = hashlib.sha256()
for p in perms:
    h.update((",".join(str(int(x)) for x in p) + "\\n").encode())
print(json.dumps({"seconds": times[len(times) // 2], "count": len(seeds), "digest": h.hexdigest(), "numpy": np.__version__}))
`;

function pythonCandidates() {
  const c = [];
  if (process.env.PFKIT_PYTHON) c.push(process.env.PFKIT_PYTHON);
  const venv = path.join(ROOT, 'python', '.venv', 'bin', 'python');
  if (fs.existsSync(venv)) c.push(venv);
  c.push('python3');
  return c;
}

function benchDealNumpy() {
  const reasons = [];
  for (const py of pythonCandidates()) {
    const r = spawnSync(py, ['-c', PY], { input: seeds.join('\n'), encoding: 'utf8', timeout: 300000 });
    if (r.status === 0) {
      const j = JSON.parse(r.stdout.trim().split('\n').pop());
      return { python: py, numpy: j.numpy, perSecond: j.count / j.seconds, digest: j.digest };
    }
    reasons.push(py + ': ' + (r.error ? r.error.message : (r.stderr || '').trim().split('\n').pop()));
  }
  return { unavailable: reasons.join('; ') };
}

// --- report -----------------------------------------------------------------

const round = (x, d) => (x === null ? null : Number(x.toFixed(d)));

/** The shuffle figures, median over fresh processes running benchShuffle. */
function shuffleInProcesses(n) {
  const runs = [];
  for (let i = 0; i < n; i++) {
    const r = spawnSync(process.execPath, [__filename, '--shuffle-only'], { encoding: 'utf8', timeout: 300000 });
    if (r.status !== 0) throw new Error('the shuffle benchmark failed: ' + (r.stderr || r.error));
    runs.push(JSON.parse(r.stdout.trim().split('\n').pop()));
  }
  const pick = (k) => median(runs.map((x) => x[k]));
  return { verifier: pick('verifier'), snippet: pick('snippet'), op: pick('op'), ratios: runs.map((x) => x.snippet / x.verifier) };
}

function main() {
  if (process.argv.includes('--shuffle-only')) {
    console.log(JSON.stringify(benchShuffle()));
    return;
  }
  console.log('pfkit node benchmark: node ' + process.version + ', ' + process.platform + '/' + process.arch);
  const sh = shuffleInProcesses(5);
  const ratio = sh.snippet / sh.verifier;
  console.log('(a) 52-card match_seed_v2 shuffle, new stream each time (4 client seeds and a match id of 64 characters)');
  console.log('    verifier.js (stream + shuffle)  ' + sh.verifier.toFixed(1) + ' us per shuffle');
  console.log('    verifier.js (draws op, checked) ' + sh.op.toFixed(1) + ' us per shuffle');
  console.log('    published snippet (node:crypto) ' + sh.snippet.toFixed(1) + ' us per shuffle');
  console.log('    verifier.js is ' + ratio.toFixed(2) + 'x the snippet\'s speed (goal: 5x)' + (ratio >= 5 ? '' : ': goal missed') +
    '; per process ' + sh.ratios.map((x) => x.toFixed(2) + 'x').join(', '));

  const js = benchDealJs();
  const np = benchDealNumpy();
  console.log('(b) NumPy-compatible deal, default_rng(seed).permutation(52), ' + DEALS + ' seeds');
  console.log('    verifier.js permutation          ' + Math.round(js.perSecond) + ' deals/s');
  console.log('    verifier.js deal op (+ commit and names) ' + Math.round(js.opPerSecond) + ' deals/s');
  let dealRatio = null;
  if (np.unavailable) {
    console.log('    NumPy unavailable, ratio skipped (' + np.unavailable + ')');
  } else {
    dealRatio = js.perSecond / np.perSecond;
    console.log('    NumPy ' + np.numpy + ' (' + np.python + ')  ' + Math.round(np.perSecond) + ' deals/s');
    console.log('    decks ' + (np.digest === js.digest ? 'identical' : 'DIFFER') + ' (sha256 ' + js.digest.slice(0, 16) + '...)');
    console.log('    verifier.js is ' + dealRatio.toFixed(2) + 'x NumPy\'s speed');
    if (np.digest !== js.digest) process.exitCode = 1;
  }
  console.log(JSON.stringify({
    verifierjs_vs_snippet: round(ratio, 2),
    verifierjs_deal_vs_numpy: dealRatio === null ? null : round(dealRatio, 2),
    shuffle_us_verifierjs: round(sh.verifier, 2),
    shuffle_us_verifierjs_op: round(sh.op, 2),
    shuffle_us_snippet: round(sh.snippet, 2),
    deal_per_s_verifierjs: Math.round(js.perSecond),
    deal_per_s_verifierjs_op: Math.round(js.opPerSecond),
    deal_per_s_numpy: np.unavailable ? null : Math.round(np.perSecond),
    decks_identical: np.unavailable ? null : np.digest === js.digest,
    numpy: np.unavailable ? null : np.numpy,
    node: process.version,
  }));
}

main();
