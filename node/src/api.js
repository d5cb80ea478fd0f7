// The public API: one frozen object, documented in node/README.md. What sits
// under _internal is for this package's own page, adapter and tests; it is not
// API and may change in any release.
'use strict';

const { VERSION } = require('./version.js');
const { ERROR_CODES, PfkitError } = require('./errors.js');
const { JsonNumber } = require('./json_value.js');
const { sha256, sha256Hex } = require('./sha256.js');
const { hmacSha256, hmacSha256Hex } = require('./hmac.js');
const { word, commit, DrawStream, PlainDrawStream } = require('./stream.js');
const { WordList, limitOf, intBelow, shuffle } = require('./sampling.js');
const { cardName } = require('./cards.js');
const { matchPrefix, matchStream, GAMES } = require('./match_seed_v2.js');
const { PAD_LEAF, handValue, deckPrefix, leafHash, nodeHash, rootFrom } = require('./poker_hmac_v1.js');
const { seedPool, generateState, PCG64, traceOfWords } = require('./numpy.js');
const { parseSeed, seedText, numpyPermutation } = require('./selfpoker_v1.js');
const { parseJSON } = require('./strict_json.js');
const { SCHEME_IDS, OP_NAMES, call } = require('./ops.js');
const { MAX_LINE_BYTES, evaluate, evaluateLine } = require('./runner.js');
const { isHidden, escapeText, quoteText, escapeLine, escapeJSON } = require('./escape.js');
const { RECORD_SCHEMAS } = require('./record_schema.js');
const { RECORD_LIMITS, RECORD_KINDS, RecordRefusal, readRecord } = require('./record_read.js');
const { recordsExitCode, recordFailures, formatRecordResult } = require('./reports.js');
const { verifyRecord } = require('./records.js');
const words = require('./report_words.js');
const { canonicalJSON } = require('./canonical_json.js');
const { decodeUtf8 } = require('./utf8.js');

const opsOf = (scheme, names) => {
  const out = {};
  for (const name of names) out[name] = (input) => call(scheme, name, input);
  return Object.freeze(out);
};

module.exports = Object.freeze({
  VERSION,
  ERROR_CODES,
  PfkitError,
  JsonNumber,
  // The runner contract
  evaluate,
  evaluateLine,
  call,
  schemes: Object.freeze(SCHEME_IDS.slice()),
  // Per-op functions for pages and scripts: input objects in, outputs out, PfkitError on bad input.
  // One per op of the runner's table (OP_NAMES); match_seed_v1 has v2's, each answering scheme_unspecified.
  matchSeedV2: opsOf('match_seed_v2', OP_NAMES.match_seed_v2),
  pokerHmacV1: opsOf('poker_hmac_v1', OP_NAMES.poker_hmac_v1),
  chessColourV1: opsOf('chess_colour_v1', OP_NAMES.chess_colour_v1),
  selfpokerV1: opsOf('selfpoker_v1', OP_NAMES.selfpoker_v1),
  matchSeedV1: opsOf('match_seed_v1', OP_NAMES.match_seed_v2),
  // Records (spec section 15): what pfkit verify checks
  verifyRecord,
  records: Object.freeze({
    verify: verifyRecord,
    read: (data) => {
      const r = readRecord(data);
      return { scheme: r.kind.scheme, kind: r.kind.kind, record: r.record };
    },
    exitCode: recordsExitCode,
    failures: recordFailures,
    format: formatRecordResult,
    // The says of a report (its checks', mismatches', notes' and title's property
    // "say", left out of the JSON) in English, and the codes each table words.
    words: Object.freeze({
      check: words.checkName, summary: words.summaryText, place: words.placeText, value: words.valueText, note: words.noteText, title: words.titleText,
      codes: Object.freeze({
        check: Object.keys(words.CHECKS), summary: Object.keys(words.SUMMARIES), value: Object.keys(words.VALUES),
        note: Object.keys(words.NOTES), title: Object.keys(words.TITLES), place: words.PLACE_PARTS.map((x) => x[0]),
      }),
    }),
    // TXT-1 to TXT-3: how text from a record or a command line is shown
    text: Object.freeze({ isHidden, escape: escapeText, quote: quoteText, line: escapeLine, json: escapeJSON, decode: decodeUtf8 }),
    kinds: RECORD_KINDS,
    schemas: RECORD_SCHEMAS,
    limits: RECORD_LIMITS,
    RecordRefusal,
  }),
  // Strict JSON and canonical JSON
  parseJSON,
  canonicalJSON,
  // Building blocks (no input checks beyond their own arguments)
  sha256,
  sha256Hex,
  hmacSha256,
  hmacSha256Hex,
  commit,
  word,
  DrawStream,
  PlainDrawStream,
  WordList,
  intBelow,
  shuffle,
  limit: limitOf,
  matchPrefix,
  matchStream,
  numpyPermutation,
  cardName,
  games: Object.freeze(GAMES.map((g) => Object.freeze({ name: g.name, players: g.players }))),
  // Not API: the pieces this package's page, adapter and tests reach for.
  _internal: Object.freeze({
    // NumPy's pieces (spec 8.1): seed words, SeedSequence, PCG64 (next64 leaves its
    // output in outHi:outLo; next32 and interval return numbers).
    numpy: Object.freeze({
      seedWords: (seed) => parseSeed('seed', seedText(seed, 'seed')),
      seedPool,
      generateState,
      PCG64,
      permutation: numpyPermutation,
      trace: (seed, n) => traceOfWords(parseSeed('seed', seedText(seed, 'seed')), n),
    }),
    // The Merkle tree's hashes, which the page draws a card's path with.
    poker: Object.freeze({ handValue, deckPrefix, leafHash, nodeHash, rootFrom, padLeaf: PAD_LEAF }),
    // The runner's line limit (RUN-5), which adapter.js applies while it reads a line.
    MAX_LINE_BYTES,
  }),
});
