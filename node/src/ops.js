// Ops (spec section 10.1): each reads its input in the spec's order, then
// computes with the scheme's own functions; dispatch and call by name.
'use strict';

const { fail } = require('./errors.js');
const { isObject, hasField, has, typeName } = require('./json_value.js');
const { normalize } = require('./strict_json.js');
const { clippedText } = require('./escape.js');
const { checkKnown, get, checkId, checkInt, checkHex, checkArray, checkObject, checkReading, checkOrder, field } = require('./fields.js');
const { hexOfWords, sha256Hex } = require('./sha256.js');
const { commit, wordOfDigest } = require('./stream.js');
const { SPAN, WordList, intBelow, shuffle, range } = require('./sampling.js');
const { cardName } = require('./cards.js');
const { holePositions } = require('./reading.js');
const { matchStream, GAMES, backgammonGame, deal52, balootHand, mahjongHand } = require('./match_seed_v2.js');
const { MAX_HANDS, leafHash, rootFrom, pokerDeal, checkHand } = require('./poker_hmac_v1.js');
const { chessColour } = require('./chess_colour_v1.js');
const { permutationOfWords, traceOfWords } = require('./numpy.js');
const { parseSeed } = require('./selfpoker_v1.js');
const { UNSPECIFIED, OP_INPUTS } = require('./spec_tables.js');

// Bounds (decision D-15).
const MAX_CLIENT_SEEDS = 16, MAX_PROGRAM = 256, MAX_TRACE_PROGRAM = 16, MAX_TRACE_SHUFFLE = 64;
const MAX_SHUFFLE = 4096, MAX_WORDS = 4096, MAX_DEALS = 1000, MAX_BACKGAMMON = 100, MAX_TURNS = 1000;
const MAX_MAHJONG_HANDS = 100, MAX_PERMUTATION = 1000;

/** Refuses a field the op does not define: its fields are the spec's op table (section 10.1, generated). */
function known(o, scheme, op) {
  checkKnown(o, 'input', OP_INPUTS[scheme + '/' + op]);
}

function readProgram(o, maxSteps, maxShuffle) {
  const a = checkArray(get(o, 'input', 'program'), 'input.program', 1, maxSteps);
  return a.map((v, i) => {
    const where = 'input.program[' + i + ']';
    if (!isObject(v)) fail('wrong_type', where + ': expected an object, found ' + typeName(v));
    if (!hasField(v, 'op')) fail('missing_field', where + '.op: required field is missing (expected word, int or shuffle)');
    const op = v.op;
    if (typeof op !== 'string') fail('wrong_type', where + '.op: expected a string, found ' + typeName(op));
    if (op === 'word') {
      checkKnown(v, where, ['op']);
      return { op, n: 0 };
    }
    if (op === 'int' || op === 'shuffle') {
      checkKnown(v, where, ['op', 'n']);
      return { op, n: field.int(v, 'n', 1, op === 'int' ? SPAN : maxShuffle, where) };
    }
    return fail('unknown_op', where + '.op: expected word, int or shuffle, found ' + clippedText(op));
  });
}

function readMatch(o) {
  return {
    serverSeed: field.seed(o, 'serverSeed'),
    game: field.id(o, 'game'),
    matchId: field.id(o, 'matchId'),
    clientSeeds: field.ids(o, 'clientSeeds', 1, MAX_CLIENT_SEEDS),
  };
}

/** Runs a draws program; onDraw hears every judged word (traces). */
function runProgram(source, program, onWord, onDraw) {
  return program.map((st) => {
    if (st.op === 'word') {
      const w = source.next();
      if (onWord) onWord();
      return w;
    }
    if (st.op === 'int') return intBelow(source, st.n, onDraw);
    return shuffle(source, range(st.n), onDraw);
  });
}

function opCommit(o) {
  known(o, 'match_seed_v2', 'commit');
  return { commitment: commit(field.seed(o, 'serverSeed')) };
}

function opDraws(o) {
  known(o, 'match_seed_v2', 'draws');
  const m = readMatch(o);
  const program = readProgram(o, MAX_PROGRAM, MAX_SHUFFLE);
  const s = matchStream(m.serverSeed, m.game, m.matchId, m.clientSeeds);
  const results = runProgram(s, program);
  return { results, counter: s.counter };
}

function opTrace(o) {
  known(o, 'match_seed_v2', 'trace');
  const m = readMatch(o);
  const program = readProgram(o, MAX_TRACE_PROGRAM, MAX_TRACE_SHUFFLE);
  const s = matchStream(m.serverSeed, m.game, m.matchId, m.clientSeeds);
  const draws = [];
  const tracer = {
    next() {
      const k = s.counter;
      const d = s.digestOf(k);
      const w = wordOfDigest(d);
      s.k++;
      draws.push({ k, message: s.message(k), digest: hexOfWords(d, 8), word: w, n: null, limit: null, accepted: true });
      return w;
    },
  };
  const judge = (n, limit, w, ok) => {
    const d = draws[draws.length - 1];
    d.n = n;
    d.limit = limit;
    d.accepted = ok;
  };
  const results = runProgram(tracer, program, null, judge);
  return { results, counter: s.counter, draws };
}

function opInject(o) {
  known(o, 'match_seed_v2', 'inject');
  const a = checkArray(get(o, 'input', 'words'), 'input.words', 0, MAX_WORDS);
  const words = a.map((v, i) => checkInt(v, 'input.words[' + i + ']', 0, SPAN - 1));
  const program = readProgram(o, MAX_PROGRAM, MAX_SHUFFLE);
  const src = new WordList(words);
  const results = runProgram(src, program);
  return { results, used: src.used };
}

function opMatch(o) {
  known(o, 'match_seed_v2', 'match');
  const m = readMatch(o);
  const play = get(o, 'input', 'play');
  const g = GAMES.find((x) => x.name === m.game);
  if (!g) fail('unknown_game', 'input.game: expected one of ' + GAMES.map((x) => x.name).join(', ') + ', found ' + clippedText(m.game));
  if (m.clientSeeds.length !== g.players) {
    fail('bad_length', 'input.clientSeeds: ' + g.name + ' is played by ' + g.players + ' players, expected ' + g.players + ' client seeds, found ' + m.clientSeeds.length);
  }
  const s = matchStream(m.serverSeed, m.game, m.matchId, m.clientSeeds);
  const where = 'input.play';
  const out = {};
  if (g.kind === 'seats') {
    checkObject(play, where, []);
    out.seats = shuffle(s, range(g.players));
  } else if (g.kind === 'backgammon') {
    checkObject(play, where, ['games', 'backgammonOpening']);
    const a = checkArray(get(play, where, 'games'), where + '.games', 1, MAX_BACKGAMMON);
    const turns = a.map((v, i) => checkInt(v, where + '.games[' + i + ']', 0, MAX_TURNS));
    const opening = checkReading(play, 'backgammonOpening', where);
    out.seats = shuffle(s, range(g.players));
    out.games = turns.map((t) => backgammonGame(s, t, opening));
  } else if (g.kind === 'deals') {
    checkObject(play, where, ['deals']);
    const n = field.int(play, 'deals', 1, MAX_DEALS, where);
    out.seats = shuffle(s, range(g.players));
    out.deals = [];
    for (let i = 0; i < n; i++) out.deals.push(deal52(s).map((h) => h.map(cardName.table52)));
  } else if (g.kind === 'baloot') {
    checkObject(play, where, ['hands', 'balootDeal', 'balootDeck']);
    const a = checkArray(get(play, where, 'hands'), where + '.hands', 1, MAX_DEALS);
    const buyers = a.map((v, i) => {
      const w = where + '.hands[' + i + ']';
      checkObject(v, w, ['buyer']);
      const b = get(v, w, 'buyer');
      return b === null ? null : checkInt(b, w + '.buyer', 0, g.players - 1);
    });
    const deal = checkReading(play, 'balootDeal', where);
    const name = checkOrder(play, 'balootDeck', where, cardName.baloot32, 32);
    out.seats = shuffle(s, range(g.players));
    out.hands = buyers.map((b) => {
      const h = balootHand(s, b, deal);
      const ho = { first: h.first.map((x) => x.map(name)), upcard: name(h.upcard), buyer: h.buyer };
      if (b !== null) {
        ho.rest = h.rest.map(name);
        ho.final = h.final.map((x) => x.map(name));
      }
      return ho;
    });
  } else {
    checkObject(play, where, ['hands', 'mahjongDraw', 'mahjongDeal', 'mahjongWall']);
    const a = checkArray(get(play, where, 'hands'), where + '.hands', 1, MAX_MAHJONG_HANDS);
    const counts = a.map((v, i) => checkInt(v, where + '.hands[' + i + ']', 53, 136));
    const model = checkReading(play, 'mahjongDraw', where);
    const layout = checkReading(play, 'mahjongDeal', where);
    const tile = checkOrder(play, 'mahjongWall', where, cardName.tile, 136);
    out.seats = shuffle(s, range(g.players));
    out.hands = counts.map((c) => {
      const h = mahjongHand(s, c, model, layout);
      return { deal: h.deal.map((x) => x.map(tile)), draws: h.draws.map(tile) };
    });
  }
  out.counter = s.counter;
  return out;
}

function readHand(o) {
  const h = {
    serverSeed: field.seed(o, 'serverSeed'),
    table: field.id(o, 'table'),
    session: field.id(o, 'session'),
    hand: field.int(o, 'hand', 0, MAX_HANDS),
    seats: [],
  };
  const a = checkArray(get(o, 'input', 'seats'), 'input.seats', 2, 10);
  const taken = new Map();
  a.forEach((v, i) => {
    const where = 'input.seats[' + i + ']';
    checkObject(v, where, ['seat', 'clientSeed']);
    const seat = field.int(v, 'seat', 0, 9, where);
    const clientSeed = checkId(get(v, where, 'clientSeed'), where + '.clientSeed');
    if (taken.has(seat)) fail('duplicate_seat', where + '.seat: seat ' + seat + ' is already taken by seats[' + taken.get(seat) + ']');
    taken.set(seat, i);
    h.seats.push({ seat, clientSeed });
  });
  h.firstHand = hasField(o, 'firstHand') ? field.int(o, 'firstHand', 0, 1) : 1;
  return h;
}

function opHand(o) {
  known(o, 'poker_hmac_v1', 'hand');
  const h = readHand(o);
  const dealing = checkReading(o, 'dealing');
  checkHand(h.firstHand, h.hand, 'input.hand');
  const d = pokerDeal(h.serverSeed, h.table, h.session, h.hand, h.seats);
  const m = h.seats.length;
  const sorted = h.seats.map((x) => x.seat).sort((x, y) => x - y);
  return {
    handValue: d.handValue, handCommitment: d.handCommitment, deck: d.deck, salts: d.salts, root: d.root, counter: d.counter,
    hands: sorted.map((seat, i) => ({ seat, positions: holePositions(i, m, dealing) })),
    board: [0, 1, 2, 3, 4].map((k) => 2 * m + k),
  };
}

function opProof(o) {
  known(o, 'poker_hmac_v1', 'proof');
  const h = readHand(o);
  const position = field.int(o, 'position', 0, 51);
  checkHand(h.firstHand, h.hand, 'input.hand');
  const d = pokerDeal(h.serverSeed, h.table, h.session, h.hand, h.seats);
  const path = [];
  for (let l = 0; l < 6; l++) path.push(d.levels[l][(position >> l) ^ 1]);
  return { position, card: d.deck[position], salt: d.salts[position], leaf: d.levels[0][position], path, root: d.root };
}

function opVerifyProof(o) {
  known(o, 'poker_hmac_v1', 'verifyProof');
  const root = field.hash(o, 'root');
  const position = field.int(o, 'position', 0, 51);
  const card = field.int(o, 'card', 0, 51);
  const salt = field.hash(o, 'salt');
  const a = checkArray(get(o, 'input', 'path'), 'input.path', 6, 6);
  const path = a.map((v, i) => checkHex(v, 'input.path[' + i + ']'));
  return { valid: rootFrom(leafHash(position, card, salt), position, path) === root };
}

function opColour(o) {
  known(o, 'chess_colour_v1', 'colour');
  const seedA = field.seed(o, 'seedA');
  const clientA = field.id(o, 'clientA');
  const botSeed = get(o, 'input', 'seedB') === null;
  const seedB = botSeed ? null : field.seed(o, 'seedB');
  const botClient = get(o, 'input', 'clientB') === null;
  const clientB = botClient ? null : field.id(o, 'clientB');
  const botClientSeed = checkReading(o, 'botClientSeed');
  if (botSeed !== botClient) {
    fail('wrong_type', 'input.seedB: seedB and clientB are both null (a bot) or both set (a player); found seedB ' +
      (botSeed ? 'null' : 'set') + ' and clientB ' + (botClient ? 'null' : 'set'));
  }
  if (hasField(o, 'botClientSeed') && !botSeed) {
    fail('wrong_type', "input.botClientSeed: declared for a bot, but seedB and clientB are a player's");
  }
  const r = chessColour(seedA, clientA, seedB, clientB, botClientSeed);
  if (r.commitA === r.commitB) {
    fail('equal_commitments', 'input.seedB: both players committed to the same seed (commitment ' + r.commitA +
      '), so the XOR of their words is zero and A would always play White');
  }
  return r;
}

function readSeed(o) {
  const v = get(o, 'input', 'seed');
  if (typeof v !== 'string') {
    fail('wrong_type', 'input.seed: expected the seed as a decimal string (a JSON number above 2^53 loses digits), found ' + typeName(v));
  }
  return { text: v, words: parseSeed('input.seed', v) };
}

function opDeal(o) {
  known(o, 'selfpoker_v1', 'deal');
  const seed = readSeed(o);
  const players = field.int(o, 'players', 2, 23);
  const dealing = checkReading(o, 'dealing');
  const deck = permutationOfWords(seed.words, 52);
  const hands = [];
  for (let i = 0; i < players; i++) hands.push(holePositions(i, players, dealing).map((p) => cardName.selfpoker(deck[p])));
  return {
    commit: sha256Hex('selfpoker:' + seed.text),
    deck,
    hands,
    board: deck.slice(2 * players, 2 * players + 5).map(cardName.selfpoker),
  };
}

function opPermutation(o) {
  known(o, 'selfpoker_v1', 'permutation');
  const seed = readSeed(o);
  const n = field.int(o, 'n', 1, MAX_PERMUTATION);
  return { permutation: permutationOfWords(seed.words, n) };
}

function opSelfpokerTrace(o) {
  known(o, 'selfpoker_v1', 'trace');
  const seed = readSeed(o);
  const n = field.int(o, 'n', 1, MAX_PERMUTATION);
  return traceOfWords(seed.words, n);
}

const SCHEMES = {
  match_seed_v2: { commit: opCommit, draws: opDraws, trace: opTrace, inject: opInject, match: opMatch },
  poker_hmac_v1: { hand: opHand, proof: opProof, verifyProof: opVerifyProof },
  chess_colour_v1: { colour: opColour },
  selfpoker_v1: { deal: opDeal, permutation: opPermutation, trace: opSelfpokerTrace },
};

const SCHEME_IDS = Object.keys(SCHEMES).concat(Object.keys(UNSPECIFIED)).sort();

/** The ops of every specified scheme, in the table's order: what api.js makes its per-op functions of. */
const OP_NAMES = Object.freeze(Object.fromEntries(Object.entries(SCHEMES).map(([s, ops]) => [s, Object.freeze(Object.keys(ops))])));

/** Runs one op on an already-read input object (reader form). Throws PfkitError. */
function dispatch(scheme, op, input) {
  if (has(UNSPECIFIED, scheme)) fail('scheme_unspecified', UNSPECIFIED[scheme]);
  if (!has(SCHEMES, scheme)) fail('unknown_scheme', 'scheme: expected one of ' + SCHEME_IDS.join(', ') + ', found ' + clippedText(scheme));
  const ops = SCHEMES[scheme];
  if (!has(ops, op)) fail('unknown_op', 'op: ' + scheme + ' defines ' + Object.keys(ops).sort().join(', ') + ', found ' + clippedText(op));
  return ops[op](input);
}

/**
 * call(scheme, op, input): runs one op on a plain JavaScript input object and
 * returns its output. Throws PfkitError with the spec's code for bad input.
 */
function call(scheme, op, input) {
  if (typeof scheme !== 'string') fail('malformed_request', 'request.scheme: expected a string, found ' + typeName(scheme));
  if (typeof op !== 'string') fail('malformed_request', 'request.op: expected a string, found ' + typeName(op));
  const o = normalize(input, 1);
  if (!isObject(o)) fail('malformed_request', 'request.input: expected an object, found ' + typeName(o));
  return dispatch(scheme, op, o);
}

module.exports = { SCHEME_IDS, OP_NAMES, dispatch, call };
