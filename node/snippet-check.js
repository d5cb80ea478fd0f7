#!/usr/bin/env node
// Runs the fairness page's verification snippet against the test vectors.
//
//   node node/snippet-check.js [FILE ...]      (default: node/snippet.js)
//
// Each FILE holds the snippet's text (for instance extracted from a Markdown
// page). For every check the text runs in a fresh vm context whose globals are
// the snippet's documented inputs (serverSeed, commitment, game, matchId,
// clientSeeds, table, session, hand, seats, handCommitment, seedA, clientA,
// seedB, clientB), taken from a valid vector case (commit, draws, inject, trace,
// match, hand, proof, verifyProof and colour); then what the snippet
// computed (its functions and values: sha256, stream, matchPrefix, int, shuffle,
// seatOrder, die, handValue, deck, cardName, salts, root, proofOk, commitA,
// commitB, white) is compared with the case's expected output.
//
// Prints one line per check and, last, "N passed, M failed". Exit status 1 when
// any check fails or a file cannot be read, 0 otherwise.
'use strict';

const fs = require('fs');
const path = require('path');
const vm = require('vm');
const crypto = require('crypto');

const VECTORS = path.join(__dirname, '..', 'vectors');
const TIMEOUT_MS = 10000; // per run of the snippet; the real one takes milliseconds

function load(rel) {
  return JSON.parse(fs.readFileSync(path.join(VECTORS, rel), 'utf8'));
}

// The published snippet follows the kit's reading wherever the pages leave one
// open (spec READ-1); cases that declare another reading are for verifiers
// that take the declaration.
const KIT_READINGS = { dealing: 'pairs', firstHand: 1, mahjongDraw: 'swap_last', mahjongDeal: 'blocks', balootDeal: 'blocks', backgammonOpening: 'one_die_each', botClientSeed: 'dash' };
const kitReadings = (o) => o === null || typeof o !== 'object' || Object.keys(KIT_READINGS).every((k) => !(k in o) || o[k] === KIT_READINGS[k]);
const valid = (file) => load(file).cases.filter((c) => c.input && c.expect && kitReadings(c.input) && kitReadings(c.input.play));

// Defaults for the parts of the snippet a check does not look at: every part runs,
// so every input must be defined.
function defaults(files) {
  const draws = files.draws[0].input;
  const hand = files.hand[0];
  const colour = files.colour[0].input;
  return {
    serverSeed: draws.serverSeed,
    commitment: crypto.createHash('sha256').update(draws.serverSeed).digest('hex'),
    game: draws.game,
    matchId: draws.matchId,
    clientSeeds: draws.clientSeeds,
    table: hand.input.table,
    session: hand.input.session,
    hand: hand.input.hand,
    seats: hand.input.seats,
    handCommitment: hand.expect.handCommitment,
    seedA: colour.seedA,
    clientA: colour.clientA,
    seedB: colour.seedB,
    clientB: colour.clientB,
  };
}

/** Runs the snippet with the given inputs; returns a function evaluating expressions in its context. */
function run(script, inputs) {
  const logs = [];
  const sandbox = Object.assign({}, JSON.parse(JSON.stringify(inputs)), {
    console: { log: (...a) => logs.push(a.join(' ')), error: (...a) => logs.push(a.join(' ')) },
    require: (name) => {
      if (name === 'node:crypto' || name === 'crypto') return crypto;
      throw new Error('the snippet may only require node:crypto, found ' + name);
    },
  });
  const ctx = vm.createContext(sandbox);
  script.runInContext(ctx, { timeout: TIMEOUT_MS });
  // Values come back as JSON so that arrays from the other realm compare plainly;
  // BigInt draws become numbers (they are below 2^52).
  return (expr) => {
    const text = vm.runInContext('JSON.stringify((' + expr + '), (k, v) => typeof v === "bigint" ? Number(v) : v)', ctx, { timeout: TIMEOUT_MS });
    return text === undefined ? undefined : JSON.parse(text);
  };
}

/** JS source running a draws program on a fresh stream of the snippet's own match prefix. */
function programSource(program) {
  return `(() => {
    const base = stream(serverSeed, matchPrefix);
    let counter = 0;
    const next = () => { counter++; return base(); };
    const results = ${JSON.stringify(program)}.map((st) =>
      st.op === 'word' ? next() : st.op === 'int' ? int(next, st.n) : shuffle(next, [...Array(st.n).keys()]));
    return { results, counter };
  })()`;
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function brief(v) {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > 120 ? s.slice(0, 117) + '...' : s;
}

function checkFile(file, files, report) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    report(file, false, 'cannot read: ' + e.message);
    return;
  }
  let script;
  try {
    script = new vm.Script(text, { filename: file });
  } catch (e) {
    report(file, false, 'does not parse: ' + e.message);
    return;
  }
  const base = defaults(files);
  const label = path.basename(file);

  // One check: run the snippet with inputs, then compare named expressions. A
  // snippet that runs past the time limit once is not run again.
  let stuck = false;
  const check = (name, inputs, pairs) => {
    if (stuck) {
      report(label + ' ' + name, false, 'skipped: the snippet ran past ' + TIMEOUT_MS / 1000 + ' s before');
      return;
    }
    let ev;
    try {
      ev = run(script, Object.assign({}, base, inputs));
    } catch (e) {
      if (e && e.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') stuck = true;
      report(label + ' ' + name, false, 'the snippet failed: ' + (e && e.message));
      return;
    }
    for (const [what, expr, expected] of pairs) {
      let found;
      try {
        found = ev(expr);
      } catch (e) {
        if (e && e.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') stuck = true;
        report(label + ' ' + name + ' ' + what, false, 'evaluating ' + what + ' failed: ' + (e && e.message));
        continue;
      }
      const ok = same(found, expected);
      report(label + ' ' + name + ' ' + what, ok, ok ? '' : 'expected ' + brief(expected) + ', found ' + brief(found));
    }
  };

  for (const c of files.commit) {
    check('commit.json#' + c.id, { serverSeed: c.input.serverSeed, commitment: c.expect.commitment }, [
      ['commitment', 'sha256(serverSeed)', c.expect.commitment],
    ]);
  }
  for (const c of files.draws) {
    const m = c.input;
    check('draws.json#' + c.id, { serverSeed: m.serverSeed, game: m.game, matchId: m.matchId, clientSeeds: m.clientSeeds }, [
      ['draws', programSource(m.program), c.expect],
    ]);
  }
  for (const c of files.inject) {
    // The snippet's int and shuffle fed with chosen words: the rejection limit and
    // the shuffle's direction, exactly.
    check('inject.json#' + c.id, {}, [
      ['results', `(() => {
        const words = ${JSON.stringify(c.input.words)};
        let used = 0;
        const next = () => {
          if (used === words.length) throw new Error('the program needed more than ' + words.length + ' words');
          return BigInt(words[used++]);
        };
        const results = ${JSON.stringify(c.input.program)}.map((st) =>
          st.op === 'word' ? next() : st.op === 'int' ? int(next, st.n) : shuffle(next, [...Array(st.n).keys()]));
        return { results, used };
      })()`, c.expect],
    ]);
  }
  for (const c of files.trace) {
    const m = c.input;
    const pairs = [['draws', programSource(m.program), { results: c.expect.results, counter: c.expect.counter }]];
    for (const d of c.expect.draws) {
      pairs.push(['message k=' + d.k, 'matchPrefix + ' + d.k, d.message]);
      pairs.push(['digest k=' + d.k, 'hmac(serverSeed, matchPrefix + ' + d.k + ')', d.digest]);
    }
    check('trace.json#' + c.id, { serverSeed: m.serverSeed, game: m.game, matchId: m.matchId, clientSeeds: m.clientSeeds }, pairs);
  }
  for (const c of files.match) {
    const m = c.input;
    const pairs = [['seats', 'seatOrder', c.expect.seats]];
    if (m.game === 'backgammon') {
      // The rolls continue on the snippet's own stream after the seat order.
      pairs.push(['games', `${JSON.stringify(m.play.games)}.map((turns) => {
        const opening = [];
        let a, b;
        do { a = die(); b = die(); opening.push([a, b]); } while (a === b);
        const rolls = [];
        for (let t = 0; t < turns; t++) rolls.push([die(), die()]);
        return { opening, first: a > b ? 0 : 1, rolls };
      })`, c.expect.games]);
    } else if (c.expect.deals) {
      pairs.push(['deals', `[...Array(${m.play.deals}).keys()].map(() => {
        const d = shuffle(next, [...Array(52).keys()]);
        return [0, 1, 2, 3].map((i) => d.slice(13 * i, 13 * i + 13).map(cardName));
      })`, c.expect.deals]);
    }
    check('match.json#' + c.id, { serverSeed: m.serverSeed, game: m.game, matchId: m.matchId, clientSeeds: m.clientSeeds }, pairs);
  }
  for (const c of files.hand) {
    const h = c.input;
    check('hand.json#' + c.id, { serverSeed: h.serverSeed, table: h.table, session: h.session, hand: h.hand, seats: h.seats, handCommitment: c.expect.handCommitment }, [
      ['handValue', 'handValue', c.expect.handValue],
      ['handCommitment', 'sha256(handValue)', c.expect.handCommitment],
      ['deck', 'deck', c.expect.deck],
      ['salts', 'salts', c.expect.salts],
      ['root', 'root', c.expect.root],
    ]);
  }
  for (const c of files.proof) {
    const e = c.expect;
    const h = c.input;
    check('proof.json#' + c.id, { serverSeed: h.serverSeed, table: h.table, session: h.session, hand: h.hand, seats: h.seats }, [
      ['card', 'deck[' + e.position + ']', e.card],
      ['root', 'root', e.root],
      ['proof', `proofOk(${e.position}, ${e.card}, ${JSON.stringify(e.salt)}, ${JSON.stringify(e.path)}, ${JSON.stringify(e.root)})`, true],
    ]);
  }
  for (const c of files.verifyProof) {
    const v = c.input;
    check('verifyProof.json#' + c.id, {}, [
      ['valid', `proofOk(${v.position}, ${v.card}, ${JSON.stringify(v.salt)}, ${JSON.stringify(v.path)}, ${JSON.stringify(v.root)})`, c.expect.valid],
    ]);
  }
  for (const c of files.colour) {
    const v = c.input;
    check('colour.json#' + c.id, { seedA: v.seedA, clientA: v.clientA, seedB: v.seedB, clientB: v.clientB }, [
      ['commitA', 'commitA', c.expect.commitA],
      ['commitB', 'commitB', c.expect.commitB],
      ['white', 'white', c.expect.white],
    ]);
  }
}

function main() {
  const args = process.argv.slice(2);
  const targets = args.length > 0 ? args : [path.join(__dirname, 'snippet.js')];
  let files;
  try {
    files = {
      commit: valid('match_seed_v2/commit.json'),
      draws: valid('match_seed_v2/draws.json'),
      inject: valid('match_seed_v2/inject.json'),
      trace: valid('match_seed_v2/trace.json'),
      match: valid('match_seed_v2/match.json'),
      hand: valid('poker_hmac_v1/hand.json'),
      proof: valid('poker_hmac_v1/proof.json'),
      verifyProof: valid('poker_hmac_v1/verifyProof.json'),
      colour: valid('chess_colour_v1/colour.json'),
    };
  } catch (e) {
    console.log('FAIL cannot read the vectors in ' + VECTORS + ': ' + e.message);
    console.log('0 passed, 1 failed');
    process.exitCode = 1;
    return;
  }
  let passed = 0, failed = 0;
  const report = (name, ok, detail) => {
    if (ok) passed++;
    else failed++;
    console.log((ok ? 'ok   ' : 'FAIL ') + name + (detail ? ': ' + detail : ''));
  };
  for (const t of targets) checkFile(t, files, report);
  console.log(passed + ' passed, ' + failed + ' failed');
  process.exitCode = failed > 0 ? 1 : 0;
}

main();
