#!/usr/bin/env node
// Runs the fairness pages' verification snippet against the test vectors.
//
//   node node/snippet-check.js [FILE ...]
//                      (default: node/snippet.js and node/snippet-short.js)
//
// Each FILE holds a snippet's text (for instance extracted from a Markdown
// page). There are two snippets, told apart by their inputs. The full one (the
// technical page's), whose contract the pages describe to players:
//
// * its inputs are lines of the form `const NAME = VALUE;`, one for each of
//   game, serverSeed, commitment, matchId, clientSeeds, play, table, session,
//   hand, seated, handCommitment, seedA, clientA, seedB, clientB and
//   leaveHand; a part whose first input (game, table, seedA, leaveHand) is
//   null is skipped;
// * it prints, for a match, "commitment: matches" (or a line saying it does not
//   match, and nothing more for that match), the seat order as client seeds
//   with the seats in order ("first seat: alice"), then the dice, the deals or
//   the tiles of the game, card and tile names as the pages write them; for a
//   poker hand, the hand commitment's verdict, the deck and its Merkle root; for
//   chess, both commitments and who plays White; for a hand of a leave bundle,
//   whether each card's proof holds;
// * it defines sha256, hmac, stream, int, shuffle, matchPrefix and proofOk.
//
// The short one (the player page's) has only the match inputs (game to play),
// prints the same lines for backgammon, checkers, xiangqi, tarneeb, trix and
// bridge, and only the commitment and the seat order for baloot and mahjong;
// it defines sha256, hmac, stream, int, shuffle and matchPrefix.
//
// For every check the input lines are replaced by a vector case's values and
// the text runs in a fresh vm context; every line it prints is compared with
// lines this checker builds from the case's expected output (commit, draws,
// inject, trace, match, hand, proof, verifyProof and colour), and the building
// blocks are compared directly.
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
const MATCH_INPUTS = ['game', 'serverSeed', 'commitment', 'matchId', 'clientSeeds', 'play'];
const INPUTS = MATCH_INPUTS.concat(['table', 'session', 'hand', 'seated', 'handCommitment', 'seedA', 'clientA', 'seedB',
  'clientB', 'leaveHand']);
// The games whose draws the short snippet prints; for the others it prints the seats only.
const SHORT_GAMES = ['backgammon', 'checkers', 'xiangqi', 'tarneeb', 'trix', 'bridge'];

function load(rel) {
  return JSON.parse(fs.readFileSync(path.join(VECTORS, rel), 'utf8'));
}

// The published snippet follows the kit's reading wherever the pages leave one
// open (spec READ-1), except the mahjong draw, where it follows a declared
// close_gap too; cases that declare another reading are for verifiers that
// take the declaration.
const KIT_READINGS = { dealing: 'pairs', firstHand: 1, mahjongDeal: 'blocks', balootDeal: 'blocks', backgammonOpening: 'one_die_each', botClientSeed: 'dash' };
const kitReadings = (o) => o === null || typeof o !== 'object' || Object.keys(KIT_READINGS).every((k) => !(k in o) || o[k] === KIT_READINGS[k]);
// A wall or Baloot deck listed in another order is a reading the snippet does not take.
const LISTED_READINGS = ['mahjongWall', 'balootDeck'];
const listed = (o) => o !== null && typeof o === 'object' && LISTED_READINGS.some((k) => k in o);
const valid = (file) => load(file).cases.filter((c) => c.input && c.expect && kitReadings(c.input) && kitReadings(c.input.play) && !listed(c.input.play));
const sha256 = (s) => crypto.createHash('sha256').update(s).digest('hex');

// Every part off: a check turns on the part it looks at.
const OFF = {
  game: null, serverSeed: '0'.repeat(64), commitment: '', matchId: 'm', clientSeeds: ['a', 'b'],
  play: { games: [], deals: 0, hands: [] },
  table: null, session: 's', hand: 1, seated: [], handCommitment: '',
  seedA: null, clientA: 'a', seedB: null, clientB: null, leaveHand: null,
};

/** 'full' or 'short': which snippet a text is, by the input lines it has. */
function kindOf(text) {
  const has = (name) => new RegExp('^const ' + name + ' = ', 'm').test(text);
  return INPUTS.every(has) ? 'full' : MATCH_INPUTS.every(has) && !INPUTS.some((n) => !MATCH_INPUTS.includes(n) && has(n)) ? 'short' : null;
}

/** The snippet's text with each input line replaced; throws when an input line is missing or repeated. */
function withInputs(text, values, names = INPUTS) {
  let out = text;
  for (const name of names) {
    const line = new RegExp('^const ' + name + ' = .*;[ \\t]*$', 'gm');
    const found = out.match(line) || [];
    if (found.length !== 1) {
      throw new Error('expected one line `const ' + name + ' = ...;`, found ' + found.length);
    }
    if (values[name] === undefined) throw new Error('no value given for the input ' + name); // it would run as undefined, not as skipped
    out = out.replace(line, () => 'const ' + name + ' = ' + JSON.stringify(values[name]) + ';');
  }
  return out;
}

/** Runs the snippet with the given inputs; returns { lines, ev } where ev evaluates expressions in its context. */
function run(text, file, inputs, names) {
  const lines = [];
  const sandbox = {
    console: { log: (...a) => lines.push(...a.join(' ').split('\n')), error: (...a) => lines.push(a.join(' ')) },
    require: (name) => {
      if (name === 'node:crypto' || name === 'crypto') return crypto;
      throw new Error('the snippet may only require node:crypto, found ' + name);
    },
  };
  const ctx = vm.createContext(sandbox);
  new vm.Script(withInputs(text, inputs, names), { filename: file }).runInContext(ctx, { timeout: TIMEOUT_MS });
  // Values come back as JSON so that arrays from the other realm compare plainly;
  // BigInt draws become numbers (they are below 2^52).
  const ev = (expr) => {
    const out = vm.runInContext('JSON.stringify((' + expr + '), (k, v) => typeof v === "bigint" ? Number(v) : v)', ctx, { timeout: TIMEOUT_MS });
    return out === undefined ? undefined : JSON.parse(out);
  };
  return { lines, ev };
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

// Both scripts say seats in order (D-33): seat 0 of the vector is the first seat.
const ORDINAL = ['first', 'second', 'third', 'fourth'];

// What the snippet must print for a match, built from the vector's expected
// output; the short one prints the seats alone for baloot and mahjong.
function matchLines(input, expect, short = false) {
  if (short && !SHORT_GAMES.includes(input.game)) expect = { seats: expect.seats };
  const seeds = input.clientSeeds;
  const who = (i) => ORDINAL[i] + ' seat (' + seeds[expect.seats[i]] + ')';
  const out = ['commitment: matches'];
  expect.seats.forEach((s, i) => out.push(ORDINAL[i] + ' seat: ' + seeds[s]));
  (expect.games || []).forEach((g, n) => {
    const throws = g.opening.map((t) => t.join(' ')).join(', again ');
    out.push(`game ${n + 1} opening: ${throws}; ${ORDINAL[g.first]} seat moves first`);
    g.rolls.forEach((r, t) => out.push(`game ${n + 1} turn ${t + 1}: ${r.join(' ')}`));
  });
  (expect.deals || []).forEach((deal, d) => deal.forEach((cards, i) => out.push(`deal ${d + 1}, ${who(i)}: ${cards.join(' ')}`)));
  (expect.hands || []).forEach((h, n) => {
    const label = 'hand ' + (n + 1);
    if (h.deal) {
      h.deal.forEach((tiles, i) => out.push(label + ', ' + who(i) + ': ' + tiles.join(' ')));
      if (h.draws.length > 0) out.push(label + ' later draws: ' + h.draws.join(' '));
      return;
    }
    h.first.forEach((cards, i) => out.push(label + ', ' + who(i) + ': ' + cards.join(' ')));
    if (h.buyer === null) {
      out.push(label + ' turned up: ' + h.upcard + ', every seat passes');
      return;
    }
    out.push(label + ' turned up: ' + h.upcard + ', bought by the ' + who(h.buyer));
    h.final.forEach((cards, i) => out.push(label + ', ' + who(i) + ' after the second distribution: ' + cards.join(' ')));
  });
  return out;
}

const CARD = (c) => '23456789TJQKA'[c % 13] + 'cdhs'[Math.floor(c / 13)];

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function brief(v) {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > 120 ? s.slice(0, 117) + '...' : s;
}

/** The first line where two printouts differ, for a readable failure. */
function firstDifference(expected, found) {
  const n = Math.max(expected.length, found.length);
  for (let i = 0; i < n; i++) {
    if (expected[i] !== found[i]) {
      return 'line ' + (i + 1) + ': expected ' + brief(expected[i] === undefined ? '(nothing)' : expected[i]) +
        ', found ' + brief(found[i] === undefined ? '(nothing)' : found[i]);
    }
  }
  return '';
}

function checkFile(file, files, report) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    report(file, false, 'cannot read: ' + e.message);
    return;
  }
  const kind = kindOf(text);
  const names = kind === 'short' ? MATCH_INPUTS : INPUTS;
  try {
    withInputs(text, OFF, names);
    new vm.Script(text, { filename: file });
  } catch (e) {
    report(file, false, 'not a snippet this check can run: ' + e.message);
    return;
  }
  if (kind === null) {
    report(file, false, 'not a snippet this check can run: expected the inputs ' + INPUTS.join(', ') +
      ' (the full snippet) or ' + MATCH_INPUTS.join(', ') + ' (the short one)');
    return;
  }
  const check = checker(text, file, path.basename(file) + (kind === 'short' ? ' (short)' : ''), report, names);
  checkMatchParts(check, files, kind === 'short');
  if (kind === 'full') {
    checkPokerAndChessParts(check, files);
    checkLeaveParts(check, files);
  }
}

/**
 * check(name, inputs, printed, pairs): runs the snippet with inputs, then
 * compares what it printed and named expressions. A snippet that runs past the
 * time limit once is not run again.
 */
function checker(text, file, label, report, names) {
  let stuck = false;
  return (name, inputs, printed, pairs = []) => {
    if (stuck) {
      report(label + ' ' + name, false, 'skipped: the snippet ran past ' + TIMEOUT_MS / 1000 + ' s before');
      return;
    }
    let r;
    try {
      r = run(text, file, Object.assign({}, OFF, inputs), names);
    } catch (e) {
      if (e && e.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') stuck = true;
      report(label + ' ' + name, false, 'the snippet failed: ' + (e && e.message));
      return;
    }
    if (printed !== null) {
      const ok = same(r.lines, printed);
      report(label + ' ' + name + ' printout', ok, ok ? '' : firstDifference(printed, r.lines));
    }
    for (const [what, expr, expected] of pairs) {
      let found;
      try {
        found = r.ev(expr);
      } catch (e) {
        if (e && e.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') stuck = true;
        report(label + ' ' + name + ' ' + what, false, 'evaluating ' + what + ' failed: ' + (e && e.message));
        continue;
      }
      const ok = same(found, expected);
      report(label + ' ' + name + ' ' + what, ok, ok ? '' : 'expected ' + brief(expected) + ', found ' + brief(found));
    }
  };
}

/** The match part and the building blocks: commit, draws, inject, trace, match. */
function checkMatchParts(check, files, short) {
  for (const c of files.commit) {
    check('commit.json#' + c.id, { serverSeed: c.input.serverSeed, commitment: c.expect.commitment }, null, [
      ['commitment', 'sha256(serverSeed)', c.expect.commitment],
    ]);
  }
  // A wrong commitment stops the match part after one line, so the draws run on
  // the snippet's own stream and message, whatever the game id.
  const STOPPED = ['commitment: DOES NOT MATCH, this is not the seed that was committed to'];
  for (const c of files.draws) {
    const m = c.input;
    const inputs = { serverSeed: m.serverSeed, game: m.game, matchId: m.matchId, clientSeeds: m.clientSeeds, commitment: 'x' };
    check('draws.json#' + c.id, inputs, STOPPED, [['draws', programSource(m.program), c.expect]]);
  }
  for (const c of files.inject) {
    // The snippet's int and shuffle fed with chosen words: the rejection limit and
    // the shuffle's direction, exactly.
    // The short snippet has no part to skip: with no commitment it stops after one line.
    check('inject.json#' + c.id, {}, short ? STOPPED : [], [
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
    const inputs = { serverSeed: m.serverSeed, game: m.game, matchId: m.matchId, clientSeeds: m.clientSeeds,
      commitment: 'x' };
    const pairs = [['draws', programSource(m.program), { results: c.expect.results, counter: c.expect.counter }]];
    for (const d of c.expect.draws) {
      pairs.push(['message k=' + d.k, 'matchPrefix + ' + d.k, d.message]);
      pairs.push(['digest k=' + d.k, 'hmac(serverSeed, matchPrefix + ' + d.k + ')', d.digest]);
    }
    check('trace.json#' + c.id, inputs, STOPPED, pairs);
  }
  for (const c of files.match) {
    const m = c.input;
    const inputs = { serverSeed: m.serverSeed, commitment: sha256(m.serverSeed), game: m.game, matchId: m.matchId,
      clientSeeds: m.clientSeeds, play: m.play };
    check('match.json#' + c.id, inputs, matchLines(m, c.expect, short));
    check('match.json#' + c.id + ' wrong commitment', Object.assign({}, inputs, { commitment: sha256(m.serverSeed + ' ') }), STOPPED);
  }
}

/** The poker hand, its proofs, and the chess part. */
function checkPokerAndChessParts(check, files) {
  for (const c of files.hand) {
    const h = c.input;
    const inputs = { serverSeed: h.serverSeed, table: h.table, session: h.session, hand: h.hand, seated: h.seats,
      handCommitment: c.expect.handCommitment };
    check('hand.json#' + c.id, inputs, [
      'hand commitment: matches', 'deck: ' + c.expect.deck.map(CARD).join(' '), 'deck root: ' + c.expect.root,
    ]);
    const wrong = c.expect.handCommitment.slice(0, -1) + (c.expect.handCommitment.endsWith('0') ? '1' : '0');
    check('hand.json#' + c.id + ' wrong hand commitment', Object.assign({}, inputs, { handCommitment: wrong }), [
      'hand commitment: DOES NOT MATCH', 'deck: ' + c.expect.deck.map(CARD).join(' '), 'deck root: ' + c.expect.root,
    ]);
  }
  for (const c of files.proof) {
    const e = c.expect;
    check('proof.json#' + c.id, {}, [], [
      ['proof', `proofOk(${e.position}, ${e.card}, ${JSON.stringify(e.salt)}, ${JSON.stringify(e.path)}, ${JSON.stringify(e.root)})`, true],
    ]);
  }
  for (const c of files.verifyProof) {
    const v = c.input;
    check('verifyProof.json#' + c.id, {}, [], [
      ['valid', `proofOk(${v.position}, ${v.card}, ${JSON.stringify(v.salt)}, ${JSON.stringify(v.path)}, ${JSON.stringify(v.root)})`, c.expect.valid],
    ]);
  }
  for (const c of files.colour) {
    const v = c.input;
    const white = c.expect.white === 'A' ? 'A (' + v.clientA + ')' : 'B (' + (v.seedB === null ? 'the bot' : v.clientB) + ')';
    check('colour.json#' + c.id, { seedA: v.seedA, clientA: v.clientA, seedB: v.seedB, clientB: v.clientB }, [
      'commitment A: ' + c.expect.commitA, 'commitment B: ' + c.expect.commitB, 'White: ' + white,
    ]);
  }
  for (const c of load('chess_colour_v1/colour.json').cases.filter((x) => x.error === 'equal_commitments')) {
    const v = c.input;
    check('colour.json#' + c.id + ' equal commitments', { seedA: v.seedA, clientA: v.clientA, seedB: v.seedB, clientB: v.clientB }, [
      'commitment A: ' + sha256(v.seedA), 'commitment B: ' + sha256(v.seedB), 'White: refused, both sides showed the same commitment',
    ]);
  }
}

// A leave bundle's hand as the snippet takes it: names of cards, as the bundle gives them.
const leaveHandOf = (hand, root, cards, board) => ({ hand, root, cards, board });
const proofLine = (hand, label, i, c, ok) =>
  `hand ${hand}, ${label} ${i + 1} (${c.card}, position ${c.position}): proof ${ok ? 'holds' : 'DOES NOT HOLD'}`;

/** The leave-bundle part: proofOk called on every card of a hand, its verdict printed. */
function checkLeaveParts(check, files) {
  // Proofs whose card, position and path a bundle can hold (a card id 0 to 51, six hashes).
  const usable = (v) => Number.isInteger(v.card) && v.card >= 0 && v.card < 52 && Number.isInteger(v.position) &&
    v.position >= 0 && v.position < 64 && Array.isArray(v.path) && v.path.length === 6;
  for (const c of files.verifyProof.filter((x) => usable(x.input))) {
    const v = c.input;
    const card = { position: v.position, card: CARD(v.card), salt: v.salt, path: v.path };
    check('verifyProof.json#' + c.id + ' as a leave bundle', { leaveHand: leaveHandOf(7, v.root, [card], []) },
      [proofLine(7, 'own card', 0, card, c.expect.valid)]);
  }
  // The example bundle, a genuine one: every proof holds.
  for (const h of files.leave.hands) {
    check('records/poker-leave.json hand ' + h.hand, { leaveHand: leaveHandOf(h.hand, h.root, h.cards, h.board) },
      h.cards.map((c, i) => proofLine(h.hand, 'own card', i, c, true))
        .concat(h.board.map((c, i) => proofLine(h.hand, 'board card', i, c, true))));
  }
}

function main() {
  const args = process.argv.slice(2);
  const targets = args.length > 0 ? args : [path.join(__dirname, 'snippet.js'), path.join(__dirname, 'snippet-short.js')];
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
      leave: load('records/poker-leave.json'),
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

if (require.main === module) main();

module.exports = { matchLines, withInputs, INPUTS, MATCH_INPUTS };
