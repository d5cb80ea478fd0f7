// Record verification (spec section 15): every example of vectors/records with
// the verdict vectors/records-index.json gives it, hand-made records whose verdicts follow from
// the spec (REC-1..REC-9), the command line, and, when PFKIT_BIN names the Go
// reference binary, pfkit verify --json and node verify.js --json compared
// whole on every example and on several hundred tampered variants.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawnSync } = require('node:child_process');
const pf = require('../verifier.js');
const long = require('../skip-long.js');

const ROOT = path.join(__dirname, '..', '..');
const RECORDS = path.join(ROOT, 'vectors', 'records');
const CLI = path.join(__dirname, '..', 'verify.js');
const INDEX = JSON.parse(fs.readFileSync(path.join(ROOT, 'vectors', 'records-index.json'), 'utf8')).records;

const raw = (name) => fs.readFileSync(path.join(RECORDS, name));
const sha = (s) => crypto.createHash('sha256').update(s).digest('hex');

// --- records as trees that keep numbers as written --------------------------

const parse = (bytes) => pf.parseJSON(bytes, { maxDepth: 64 });
const N = (text) => new pf.JsonNumber(text);

/** JSON text of a tree, keys in their order, numbers as written. */
function dump(v) {
  if (v instanceof pf.JsonNumber) return v.text;
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return '[' + v.map(dump).join(', ') + ']';
  return '{' + Object.keys(v).map((k) => JSON.stringify(k) + ': ' + dump(v[k])).join(', ') + '}';
}

function clone(v) {
  if (v === null || typeof v !== 'object' || v instanceof pf.JsonNumber) return v;
  if (Array.isArray(v)) return v.map(clone);
  const o = {};
  for (const k of Object.keys(v)) o[k] = clone(v[k]);
  return o;
}

const example = (name) => clone(parse(raw(name)));

/** A copy of v with the value at pointer replaced, or removed when value is undefined. */
function put(v, pointer, value) {
  v = clone(v);
  const parts = pointer.split('/').slice(1);
  let parent = v;
  for (const part of parts.slice(0, -1)) parent = parent[part];
  const last = parts[parts.length - 1];
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(+last, 1);
    else delete parent[last];
  } else {
    parent[last] = value;
  }
  return v;
}

// Every hand-made record is also compared with the Go reference below.
const HANDMADE = [];
const verify = (rec) => {
  const data = typeof rec === 'string' || rec instanceof Uint8Array ? rec : dump(rec);
  if (data.length < 1 << 20) HANDMADE.push(Buffer.from(data));
  return pf.verifyRecord(data);
};

/** status and failures (REC-9), or status and code. */
function outcome(res) {
  if (res.report) return [res.status, pf.records.failures(res)];
  return [res.status, res.error.code];
}

// --- the examples -----------------------------------------------------------

test('every example record gets the verdict vectors/records-index.json lists', () => {
  assert.ok(INDEX.length >= 38);
  for (const e of INDEX) {
    for (const data of [raw(e.file), raw(e.file).toString('utf8')]) {
      const res = pf.verifyRecord(data, { path: e.file });
      assert.equal(res.path, e.file);
      assert.equal(res.status, e.status, e.file);
      if (e.status === 'verified') {
        assert.deepEqual(pf.records.failures(res), [], e.file);
        assert.ok(res.report.checks.length > 0 && res.report.checks.every((c) => c.ok), e.file);
      } else if (e.status === 'failed') {
        assert.deepEqual(pf.records.failures(res), e.failures, e.file);
        for (const c of res.report.checks) {
          for (const m of c.mismatches || []) assert.ok(m.where && m.expected !== m.found, e.file);
        }
      } else if (e.status === 'unreadable') {
        assert.equal(res.error.code, e.code, e.file);
      } else {
        assert.equal(e.status, 'unspecified');
        assert.equal(res.error.code, 'scheme_unspecified', e.file);
      }
    }
  }
});

test('the embedded schemas are spec/schemas/record_*.json without titles and descriptions', () => {
  const strip = (x) => {
    if (Array.isArray(x)) return x.map(strip);
    if (x === null || typeof x !== 'object') return x;
    const o = {};
    for (const k of Object.keys(x)) if (!['title', 'description', '$schema', '$id'].includes(k)) o[k] = strip(x[k]);
    return o;
  };
  const names = fs.readdirSync(path.join(ROOT, 'spec', 'schemas')).filter((n) => n.startsWith('record_')).sort();
  assert.deepEqual(Object.keys(pf.records.schemas).sort(), names);
  for (const n of names) {
    assert.deepEqual(JSON.parse(JSON.stringify(pf.records.schemas[n])), strip(JSON.parse(fs.readFileSync(path.join(ROOT, 'spec', 'schemas', n), 'utf8'))), n);
  }
  assert.deepEqual(pf.records.kinds.map((k) => k.schema).sort(), names);
});

test('a tampered bridge deal names the card, where it is, what was expected and found', () => {
  const res = pf.verifyRecord(raw('bridge.tampered.json'), { path: 'bridge.tampered.json' });
  const bad = res.report.checks.filter((c) => !c.ok);
  assert.equal(bad.length, 2);
  // 2c is in the deal already, so the record shows it twice (DIST-1).
  assert.deepEqual(bad[0], {
    name: 'distinct cards', pointer: '/deals', requirement: 'DIST-1', ok: false, summary: '1 card appears twice in the same deck',
    // /deals/1/2/6: deal index 1, seat index 2, card index 6, counted from 1 and the seat said in order.
    mismatches: [{ pointer: '/deals/1/2/6', where: 'deal 2, third seat, card 7', expected: 'a card not dealt before', found: '2c, already dealt (deal 2, second seat, card 7)' }],
    more: 0,
  });
  assert.deepEqual(bad[1], {
    name: 'deal 2', pointer: '/deals/1', requirement: 'DEAL-1', ok: false, summary: '1 value differs',
    mismatches: [{ pointer: '/deals/1/2/6', where: 'deal 2, third seat, card 7', expected: 'Ad', found: '2c' }],
    more: 0,
  });
  const text = pf.records.format(res);
  assert.match(text, /FAIL {2}deal 2 {10}1 value differs\n {8}deal 2, third seat, card 7: expected Ad, record has 2c\n/);
  assert.match(text, /FAILED: 2 of 5 checks do not hold\n$/);
});

test('a hand_end report says what the commitment proves and what it does not (REC-7)', () => {
  const res = pf.verifyRecord(raw('selfpoker.json'));
  assert.equal(res.status, 'verified');
  assert.equal(res.report.title, 'selfpoker_v1 hand, seed 1234567890123456789, 3 players');
  assert.equal(res.report.notes.length, 2);
  assert.match(res.report.notes[0], /fixed before the first card/);
  assert.equal(res.report.notes[1], 'Where the site\'s pages leave a rule open and the record says nothing, this check followed our verifier\'s choice: ' +
    'each player\'s two cards come one after the other from the deck. In the record\'s terms: dealing "pairs".');
  assert.match(res.report.notes[0], /does not prove the seed was drawn at random/);
  assert.deepEqual(res.report.checks.map((c) => [c.name, c.requirement]),
    [['commitment', 'SP-2'], ['distinct cards', 'DIST-1'], ['hands', 'SP-4'], ['board', 'SP-4']]);
});

// --- reading: REC-1's order -------------------------------------------------

const SELFPOKER = example('selfpoker.json');
const SESSION = example('poker-session.json');
const LEAVE = example('poker-leave.json');
const CHESS = example('chess-players.json');
const BACKGAMMON = example('backgammon.json');
const BALOOT = example('baloot.json');
const MAHJONG = example('mahjong.json');

test('limits: 64 levels are read, 65 and 16 MiB + 1 byte are input_too_large, before the scheme is looked at', () => {
  const nest = (k) => '{"scheme": "match_seed_v1", "a": ' + '['.repeat(k) + ']'.repeat(k) + '}';
  assert.equal(verify(nest(63)).status, 'unspecified');
  assert.deepEqual(outcome(verify(nest(64))), ['unreadable', 'input_too_large']);
  assert.match(verify(nest(64)).error.message, /nesting deeper than 64 levels/);
  // A duplicate key met before the nesting is what a reader reports.
  assert.deepEqual(outcome(verify('{"a": 1, "a": ' + '['.repeat(64) + ']'.repeat(64) + '}')), ['unreadable', 'malformed_request']);
  const big = new Uint8Array(16 * 1024 * 1024 + 1).fill(0x20);
  big.set(Buffer.from('{"scheme": "match_seed_v1"}'));
  assert.deepEqual(outcome(pf.verifyRecord(big)), ['unreadable', 'input_too_large']);
  assert.equal(pf.verifyRecord(big.subarray(0, 16 * 1024 * 1024)).status, 'unspecified');
});

test('match_seed_v1 is unspecified before its kind or schema are looked at; unknown formats are unknown_scheme', () => {
  for (const text of ['{"scheme": "match_seed_v1"}', '{"scheme": "match_seed_v1", "kind": 5, "x": 1.5}']) {
    const res = verify(text);
    assert.deepEqual(outcome(res), ['unspecified', 'scheme_unspecified']);
    assert.match(res.error.message, /until the site publishes the scheme/);
  }
  for (const text of ['{}', '{"scheme": 5, "kind": "hand_end"}', '{"scheme": "selfpoker_v1", "kind": "hand"}',
    '{"scheme": "Selfpoker_v1", "kind": "hand_end"}', '{"scheme": "match_seed_v2", "kind": "match", "a": 1.5}']) {
    assert.deepEqual(outcome(verify(text)), ['unreadable', text.includes('1.5') ? 'invalid_integer' : 'unknown_scheme'], text);
  }
  assert.equal(verify('{"scheme": "x\\u00e9\\n", "kind": "k"}').error.message,
    'no record format has scheme "xé\\u{000A}" and kind "k"; expected one of match_seed_v2/match, poker_hmac_v1/leave, ' +
    'poker_hmac_v1/session, chess_colour_v1/game, selfpoker_v1/hand_end');
});

test('a number with a fraction or an exponent anywhere is invalid_integer, the first in sorted key order', () => {
  const cases = [
    // Said where it is as SCH-2 says a place, with the words of the record's schema.
    [put(SELFPOKER, '/fairplay/seed', N('1.0')), '"seed" of "fairplay" (/fairplay/seed)', '1.0'],
    [put(SELFPOKER, '/fairplay/seed', N('1e1000000000')), '"seed" of "fairplay" (/fairplay/seed)', '1e1000000000'],
    [put(BACKGAMMON, '/games/0/first', N('1E0')), '"first" of game 1 (/games/0/first)', '1E0'],
    [put(put(BACKGAMMON, '/seats/1', N('1.5')), '/games/1/rolls/0/1', N('2e0')), 'die 2 of turn 1 of game 2 (/games/1/rolls/0/1)', '2e0'],
    [put(put(SELFPOKER, '/zz', N('0.5')), '/board', N('-0.0')), '"board" (/board)', '-0.0'],
    [put(SELFPOKER, '/x', N('1.' + '0'.repeat(100))), '"x" (/x)', '1.' + '0'.repeat(38) + '…'],
  ];
  for (const [rec, where, shown] of cases) {
    const res = verify(rec);
    assert.deepEqual(outcome(res), ['unreadable', 'invalid_integer'], where);
    assert.equal(res.error.message, where + ': expected an integer with no fraction or exponent, found ' + shown);
  }
});

test('the schema: invalid_record with the first complaint (schema.test.js holds SCH-1 and SCH-2)', () => {
  const cases = [
    [put(SELFPOKER, '/fairplay/seed', '01'), '"seed" of "fairplay" (/fairplay/seed): expected a whole number in digits, with no leading zero, found "01"'],
    [put(BACKGAMMON, '/games/0/first', N('2')), '"first" of game 1 (/games/0/first): expected one of 0, 1, found 2'],
    [put(BACKGAMMON, '/deals', [[]]), 'deal 1 (/deals/0): expected at least 4 hands, found 0'],
    [put(BALOOT, '/hands/0/buyer', N('1')), 'hand 1 (/hands/0): "final" is missing'],
    [put(MAHJONG, '/hands/0/deal/4', []), '"deal" of hand 1 (/hands/0/deal): expected at most 4 players, found 5'],
    [put(SESSION, '/kind', 'leave'), 'the record: "seat" is missing'],
  ];
  for (const [rec, message] of cases) {
    const res = verify(rec);
    assert.deepEqual(outcome(res), ['unreadable', 'invalid_record'], message);
    assert.equal(res.error.message, message);
  }
  // One complaint, however many values fail.
  const many = put(put(put(put(put(put(SELFPOKER, '/board/0', 'a'), '/board/1', 'b'), '/board/2', 'c'), '/board/3', 'd'), '/board/4', 'e'), '/commit', 'f');
  assert.equal(verify(many).error.message, 'board card 1 (/board/0): expected a card: a rank (2 to 9, T, J, Q, K or A) then a suit (c, d, h or s), found "a"');
});

test('RFC 3339 times: t and z in either case, leap seconds only at 23:59:60 UTC, offsets in range', () => {
  const times = (opened, closed) => verify(put(put(SESSION, '/opened', opened), '/closed', closed));
  const good = [
    ['2026-11-29t20:00:00z', '2026-11-29T20:41:07Z'],
    ['2016-12-31T00:00:00Z', '2016-12-31T23:59:60Z'],
    ['2016-12-31T18:59:60-05:00', '2017-01-01T00:00:00Z'],
    ['2024-02-29T12:00:00+01:00', '2024-02-29T12:00:00.000000001+01:00'],
    ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00.5Z'],
  ];
  for (const [o, c] of good) assert.equal(times(o, c).status, 'verified', o + ' ' + c);
  const bad = ['2016-12-31T23:58:60Z', '2026-02-29T12:00:00Z', '2026-11-29T24:00:00Z', '2026-11-29T20:00:00+24:00',
    '2026-11-29T20:00:00+01:60', '2026-11-29T20:00:00.Z', '2026-11-29 20:00:00Z', '2026-11-29T20:00:00Z\n', '2026-11-29T+1:00:00Z',
    '２026-11-29T20:00:00Z'];
  for (const t of bad) assert.deepEqual(outcome(times(t, '2026-11-29T20:41:07Z')), ['unreadable', 'invalid_record'], t);
});

test('session times are compared exactly, and durations said in words', () => {
  const session = (opened, closed) => verify(put(put(SESSION, '/opened', opened), '/closed', closed));
  const summary = (res) => res.report.checks.find((c) => c.name === 'session times');
  assert.equal(summary(session('2026-11-29T00:00:00Z', '2026-11-30T00:00:00Z')).summary, 'open for 24 hours, no longer than the 24 hours allowed');
  assert.equal(summary(session('2026-11-29T00:00:00Z', '2026-11-29T00:00:00.0000015Z')).summary, 'open for a fraction of a second, no longer than the 24 hours allowed');
  assert.equal(summary(session('2026-11-29T00:00:00Z', '2026-11-29T00:00:00.000001Z')).summary, 'open for a fraction of a second, no longer than the 24 hours allowed');
  assert.equal(summary(session('2026-11-29T00:00:00Z', '2026-11-29T00:00:00.25Z')).summary, 'open for a fraction of a second, no longer than the 24 hours allowed');
  assert.equal(summary(session('2026-11-29T00:00:00Z', '2026-11-29T00:00:00.0000000009Z')).summary, 'open for 0 seconds, no longer than the 24 hours allowed');
  assert.equal(summary(session('2026-11-29T00:00:00Z', '2026-11-29T01:01:01.5Z')).summary, 'open for 1 hour, 1 minute, 1 second and a fraction of a second, no longer than the 24 hours allowed');
  assert.equal(summary(session('2026-11-29T21:00:00+01:00', '2026-11-29T20:00:00Z')).summary, 'open for 0 seconds, no longer than the 24 hours allowed');
  // A tenth of a nanosecond over 24 hours is over.
  let res = session('2026-11-29T00:00:00Z', '2026-11-30T00:00:00.0000000001Z');
  assert.deepEqual(outcome(res), ['failed', ['/closed']]);
  assert.deepEqual(summary(res), {
    name: 'session times', pointer: '/closed', requirement: 'PK-8', ok: false,
    summary: 'a session lasts at most 24 hours; this one lasted 24 hours and a fraction of a second',
    // 24 hours after midnight UTC is the next midnight, 12 AM on a 12-hour clock; 31 characters are not clipped.
    mismatches: [{ pointer: '/closed', where: 'end of the session', expected: 'at most November 30, 2026 at 12:00:00 AM UTC',
      found: 'November 30, 2026 at 12:00:00 AM UTC and a fraction of a second (2026-11-30T00:00:00.0000000001Z)' }],
    more: 0,
  });
  res = session('2026-11-29T23:30:00.9-02:30', '2026-12-01T02:00:01Z');
  // 23:30 at -02:30 is 02:00 UTC the next day; 24 hours on, the fraction dropped.
  assert.equal(summary(res).mismatches[0].expected, 'at most December 1, 2026 at 2:00:00 AM UTC');
  assert.equal(summary(res).summary, 'a session lasts at most 24 hours; this one lasted 24 hours and a fraction of a second');
  res = session('2026-11-29T20:00:00.5Z', '2026-11-29T20:00:00.49999Z');
  assert.deepEqual(summary(res), {
    name: 'session times', pointer: '/closed', requirement: 'PK-8', ok: false, summary: 'the session closed before it opened',
    mismatches: [{ pointer: '/closed', where: 'end of the session', expected: 'at or after November 29, 2026 at 8:00:00 PM UTC and a fraction of a second (2026-11-29T20:00:00.5Z)',
      found: 'November 29, 2026 at 8:00:00 PM UTC and a fraction of a second (2026-11-29T20:00:00.49999Z)' }], more: 0,
  });
  // Beyond time.Duration's range the printed duration saturates, as the reference's does.
  res = session('0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z');
  assert.equal(summary(res).summary, 'a session lasts at most 24 hours; this one lasted 2562047 hours, 47 minutes, 16 seconds and a fraction of a second');
  assert.equal(summary(res).mismatches[0].expected, 'at most January 2, 0 at 12:00:00 AM UTC');
  // Without both times there is no time check.
  assert.equal(summary(verify(put(SESSION, '/closed', undefined))), undefined);
});

test('a selfpoker seed is read digit for digit: 2^63 - 1 verifies, 2^63 is out_of_range, -0 invalid_integer', () => {
  const record = (seedText, asNumber) => {
    const d = pf.selfpokerV1.deal({ seed: seedText, players: 3 });
    return { scheme: 'selfpoker_v1', kind: 'hand_end', commit: sha('selfpoker:' + seedText),
      fairplay: { seed: asNumber ? N(seedText) : seedText }, hands: d.hands, board: d.board };
  };
  for (const s of ['9223372036854775807', '9223372036854775806', '9007199254740993', '0', '1']) {
    for (const asNumber of [false, true]) {
      const res = verify(record(s, asNumber));
      assert.equal(res.status, 'verified', s);
      assert.equal(res.report.title, 'selfpoker_v1 hand, seed ' + s + ', 3 players');
    }
  }
  // A double would have made 9223372036854775807 into 2^63 and 9007199254740993 into ...992.
  const near = record('9007199254740993', true);
  assert.equal(verify(put(near, '/commit', sha('selfpoker:9007199254740992'))).status, 'failed');
  for (const [seed, code, message] of [
    [N('9223372036854775808'), 'out_of_range', '"seed" of "fairplay" (/fairplay/seed): expected an integer from 0 to 9223372036854775807 (2^63 - 1), found 9223372036854775808'],
    ['9223372036854775808', 'out_of_range', null],
    [N('1'.repeat(45)), 'out_of_range', null],
    [N('-0'), 'invalid_integer', '"seed" of "fairplay" (/fairplay/seed): expected an integer with no sign, found -0'],
    [N('-1'), 'invalid_record', null],
    ['', 'invalid_record', null],
    ['1e3', 'invalid_record', null],
    [true, 'invalid_record', null],
  ]) {
    const res = verify(put(SELFPOKER, '/fairplay/seed', seed));
    assert.deepEqual(outcome(res), ['unreadable', code], String(seed));
    if (message) assert.equal(res.error.message, message);
  }
});

test('leave bundles: a hand listed twice, a seat not seated, a card at the wrong position (REC-4)', () => {
  const twice = clone(LEAVE);
  twice.hands.push(clone(twice.hands[0]));
  const n = LEAVE.hands.length;
  let res = verify(twice);
  assert.deepEqual(outcome(res), ['failed', ['/hands/' + n + '/hand']]);
  const twiceCheck = res.report.checks.find((c) => !c.ok);
  // The hand is named once, in the check's name; the summary says which hands of the list carry its number.
  assert.equal(twiceCheck.name, 'hand ' + LEAVE.hands[0].hand);
  assert.equal(twiceCheck.summary, 'listed twice, as hands 1 and ' + (n + 1) + ' of the record\'s list');
  res = verify(put(LEAVE, '/seat', N('9')));
  assert.equal(res.status, 'failed');
  assert.deepEqual(pf.records.failures(res), LEAVE.hands.map((_, i) => '/hands/' + i + '/seats'));
  // Seats 9, 1, 4 and 8 from 0 are the tenth, second, fifth and ninth seats.
  assert.match(res.report.checks[1].summary, /the player's own \(tenth seat\) among them, record has second seat, fifth seat, ninth seat$/);
  res = verify(put(LEAVE, '/hands/0/seats', [N('1'), N('4'), N('4')]));
  assert.deepEqual(pf.records.failures(res), ['/hands/0/seats']);
  res = verify(put(LEAVE, '/hands/0/cards/0/position', N('3')));
  assert.deepEqual(outcome(res), ['failed', ['/hands/0/cards/0/position']]);
  // Deck positions 2 and 3 from 0 are cards 3 and 4 of the deck.
  assert.deepEqual(res.report.checks.find((c) => !c.ok).mismatches[0], { pointer: '/hands/0/cards/0/position', where: 'hand 1, own card 1', expected: 'card 3 of the deck', found: 'card 4 of the deck' });
});

test('DIST-1: a leave bundle on a tree the site built itself, over real and over impossible decks', () => {
  const { leafHash, nodeHash, padLeaf } = pf._internal.poker;
  const salt = (i) => sha('a salt the site chose ' + i);
  const onTreeOf = (deck) => {
    const levels = [deck.map((c, i) => leafHash(i, c, salt(i))).concat(Array(12).fill(padLeaf))];
    while (levels[levels.length - 1].length > 1) {
      const l = levels[levels.length - 1];
      levels.push(l.filter((_, m) => m % 2 === 0).map((left, m) => nodeHash(left, l[2 * m + 1])));
    }
    let rec = put(LEAVE, '/hands/0/root', levels[6][0]);
    for (const part of ['cards', 'board']) {
      LEAVE.hands[0][part].forEach((pr, i) => {
        const pos = Number(pr.position.text);
        rec = put(rec, '/hands/0/' + part + '/' + i, { position: N(String(pos)), card: pf.cardName.table52(deck[pos]), salt: salt(pos),
          path: [0, 1, 2, 3, 4, 5].map((l) => levels[l][(pos >> l) ^ 1]) });
      });
    }
    return rec;
  };
  const deck = [];
  for (let c = 0; c < 52; c++) deck.push((c * 7) % 52);
  assert.deepEqual(outcome(verify(onTreeOf(deck))), ['verified', []], 'a leave bundle alone cannot tell a real permutation from the seed\'s');
  deck[3] = deck[6] = deck[2];
  const res = verify(onTreeOf(deck));
  assert.deepEqual(outcome(res), ['failed', ['/hands/0/cards/1/card', '/hands/0/board/0/card']]);
  assert.deepEqual(res.report.checks.filter((c) => !c.ok).map((c) => c.name), ['distinct cards']);
});

test('DIST-1: four tiles of a kind are allowed, a fifth is not', () => {
  const hand = MAHJONG.hands[0];
  const shown = hand.deal.flat().concat(hand.draws);
  const kind = shown.find((k) => shown.filter((x) => x === k).length === 4);
  assert.ok(kind, 'the example shows some kind four times');
  assert.equal(verify(MAHJONG).report.checks.find((c) => c.requirement === 'DIST-1').ok, true);
  const i = hand.draws.map((t, j) => (t === kind ? -1 : j)).filter((j) => j >= 0).pop();
  const c = verify(put(MAHJONG, '/hands/0/draws/' + i, kind)).report.checks.find((x) => x.requirement === 'DIST-1');
  assert.equal(c.name, 'distinct tiles');
  assert.equal(c.ok, false);
  assert.equal(c.mismatches.length, 1);
  assert.equal(c.mismatches[0].found, kind + ', tile 5 of its kind');
});

test('session reveals: numbering, rotation after 500 hands, a seat taken twice, the deck and the root (REC-5)', () => {
  let res = verify(put(SESSION, '/hands/1/hand', N('3')));
  assert.deepEqual(pf.records.failures(res).slice(0, 1), ['/hands/1/hand']);
  res = verify(put(SESSION, '/rotation', 'hands'));
  assert.deepEqual(outcome(res), ['failed', ['/rotation']]);
  // The summary does not repeat the one detail line that holds both values.
  const rotation = res.report.checks.find((c) => c.name === 'rotation');
  assert.equal(rotation.summary, '1 value differs');
  assert.equal(rotation.mismatches[0].where + ': expected ' + rotation.mismatches[0].expected + ', record has ' + rotation.mismatches[0].found,
    'rotation: expected 500 hands, record has 3 hands');
  res = verify(put(SESSION, '/hands/0/seats/1/seat', N('1')));
  assert.deepEqual(outcome(res), ['failed', ['/hands/0/seats']]);
  assert.equal(res.report.checks.find((c) => !c.ok).summary, 'the second seat is taken twice');
  const deck = SESSION.hands[2].deck.slice();
  [deck[10], deck[11]] = [deck[11], deck[10]];
  res = verify(put(SESSION, '/hands/2/deck', deck));
  assert.deepEqual(outcome(res), ['failed', ['/hands/2/deck/10', '/hands/2/deck/11', '/hands/2/root']]);
});

test('chess: commitments, distinct commitments, the colour (REC-6)', () => {
  let res = verify(put(CHESS, '/commitB', CHESS.commitA));
  assert.deepEqual(outcome(res), ['failed', ['/commitB', '/commitB']]);
  assert.deepEqual(res.report.notes, []);
  res = verify(put(CHESS, '/white', CHESS.white === 'A' ? 'B' : 'A'));
  assert.deepEqual(outcome(res), ['failed', ['/white']]);
});

test('match records: dice, the first mover, baloot and mahjong shapes (REC-3)', () => {
  let res = verify(put(BACKGAMMON, '/games/0/first', N(BACKGAMMON.games[0].first.text === '0' ? '1' : '0')));
  assert.deepEqual(outcome(res), ['failed', ['/games/0/first']]);
  // -0 is the integer 0.
  res = verify(put(BACKGAMMON, '/games/0/first', N('-0')));
  assert.deepEqual(outcome(res), BACKGAMMON.games[0].first.text === '0' ? ['verified', []] : ['failed', ['/games/0/first']]);
  res = verify(put(BACKGAMMON, '/games/1/rolls', BACKGAMMON.games[1].rolls.slice(0, 2)));
  assert.equal(res.status, 'verified', 'a game of fewer turns is recomputed with its own shape');
  res = verify(put(MAHJONG, '/hands/0/draws', MAHJONG.hands[0].draws.slice(0, 3)));
  assert.equal(res.status, 'verified');
  res = verify(put(BALOOT, '/hands/0/first/3/4', BALOOT.hands[0].first[3][0]));
  assert.deepEqual(outcome(res), ['failed', ['/hands/0/first/3/4', '/hands/0/first/3/4']], 'the card is shown twice (DIST-1) and is not the one dealt');
});

test('records are verified the same in a bare context, as a classic script in a page runs them', long('every example record again, in a second context'), () => {
  const vm = require('node:vm');
  const ctx = vm.createContext({});
  vm.runInContext(fs.readFileSync(path.join(__dirname, '..', 'verifier.js'), 'utf8'), ctx);
  for (const e of INDEX) {
    const text = raw(e.file).toString('utf8');
    ctx.text = text;
    const got = JSON.parse(vm.runInContext('JSON.stringify(globalThis.pfkitVerifier.verifyRecord(text, { path: "p" }))', ctx));
    assert.deepStrictEqual(got, JSON.parse(JSON.stringify(pf.verifyRecord(text, { path: 'p' }))), e.file);
  }
});

// --- the command line -------------------------------------------------------

function runCli(args) {
  const p = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: RECORDS });
  return { code: p.status, out: p.stdout, err: p.stderr };
}

test('node verify.js: report, --json document, exit codes of REC-2', long('starts processes'), () => {
  let r = runCli(['bridge.json', 'selfpoker.json']);
  assert.equal(r.code, 0);
  assert.match(r.out, /^bridge\.json\n {2}match_seed_v2 bridge match bridge-club-7\n/);
  assert.match(r.out, /VERIFIED: 4 of 4 checks hold\n$/);
  assert.equal(runCli(['bridge.json', 'legacy-v1.json']).code, 3);
  assert.equal(runCli(['legacy-v1.json', 'broken-truncated.json']).code, 2);
  assert.equal(runCli(['broken-truncated.json', 'bridge.tampered.json', 'legacy-v1.json']).code, 1);
  r = runCli(['--json', 'bridge.tampered.json', 'no-such-file.json']);
  assert.equal(r.code, 1);
  const doc = JSON.parse(r.out);
  assert.equal(doc.exit, 1);
  assert.deepEqual(doc.records.map((x) => x.status), ['failed', 'unreadable']);
  // A file that cannot be read is not a record: file_unreadable, named on
  // standard error; only --json lists it.
  assert.deepEqual(doc.records[1].error, { code: 'file_unreadable', message: 'cannot read the file: no such file or directory' });
  assert.equal(r.err, 'verify.js: no-such-file.json: file_unreadable: cannot read the file: no such file or directory\n');
  r = runCli(['bridge.json', 'no-such-file.json', '.']);
  assert.equal(r.code, 2);
  assert.match(r.out, /^bridge\.json\n/);
  assert.doesNotMatch(r.out, /no-such-file|UNREADABLE/);
  assert.match(r.err, /^verify\.js: \.: file_unreadable: cannot read the file: is a directory$/m);
  r = runCli([]);
  assert.equal(r.code, 2);
  assert.match(r.err, /usage/);
  assert.equal(runCli(['--bogus', 'bridge.json']).code, 2);
  // Flags after file names; -- ends them; --help on standard output.
  r = runCli(['bridge.json', '--json']);
  assert.equal(r.code, 0);
  assert.equal(JSON.parse(r.out).records[0].status, 'verified');
  r = runCli(['--', '--json']);
  assert.equal(r.code, 2);
  assert.match(r.err, /--json: file_unreadable/);
  r = runCli(['bridge.json', '--help']);
  assert.equal(r.code, 0);
  assert.match(r.out, /^usage: node verify\.js/);
  assert.equal(r.err, '');
});

test('cli.js reads arguments as the Go flag package does, wherever the flags stand', () => {
  const cli = require('../cli.js');
  const table = [
    [['a', '--json', 'b'], { json: true }, ['a', 'b']],
    [['-json', 'a'], { json: true }, ['a']],
    [['a', '--json=false'], { json: false }, ['a']],
    [['--json=1', '--json=F', 'a'], { json: false }, ['a']],
    [['-', '--', '--json', '-x'], { json: false }, ['-', '--json', '-x']],
    [[], { json: false }, []],
  ];
  for (const [args, flags, positional] of table) {
    const got = cli.parse(args, ['json']);
    assert.deepEqual({ ...got.flags }, flags, args.join(' '));
    assert.deepEqual(got.positional, positional, args.join(' '));
  }
  for (const bad of [['--jsonn'], ['a', '-x'], ['---json'], ['--json=yes'], ['-=x']]) {
    assert.throws(() => cli.parse(bad, ['json']), cli.UsageError, bad.join(' '));
  }
  for (const help of [['-h'], ['a', '--help'], ['-help', '--bogus']]) {
    assert.throws(() => cli.parse(help, ['json']), cli.HelpRequested, help.join(' '));
  }
});

// --- against the Go reference ----------------------------------------------

const CARDS52 = [];
for (const s of 'cdhs') for (const r of '23456789TJQKA') CARDS52.push(r + s);
const BALOOT32 = CARDS52.filter((c) => '789TJQKA'.includes(c[0]));
const TILES = [];
for (const s of 'mps') for (let r = 1; r <= 9; r++) TILES.push(r + s);
TILES.push('E', 'S', 'W', 'N', 'Wd', 'Gd', 'Rd');

/** A small seeded generator (mulberry32), so that a failure can be replayed. */
function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (a) => a[Math.floor(next() * a.length)] };
}

/** Every place in a tree: {pointer, value}. */
function places(v, pointer = '', out = []) {
  out.push({ pointer, value: v });
  if (Array.isArray(v)) v.forEach((x, i) => places(x, pointer + '/' + i, out));
  else if (v !== null && typeof v === 'object' && !(v instanceof pf.JsonNumber)) for (const k of Object.keys(v)) places(v[k], pointer + '/' + k, out);
  return out;
}

const isHex64 = (s) => typeof s === 'string' && /^[0-9a-f]{64}$/.test(s);

/** A change that keeps the record's shape: a card, a tile, a die, a seat, a hex digit, a seed, a time. */
function semantic(r, rec) {
  const all = places(rec).filter((p) => p.pointer !== '' && !['/scheme', '/kind', '/game'].includes(p.pointer));
  for (let tries = 0; tries < 50; tries++) {
    const p = r.pick(all);
    const v = p.value;
    if (typeof v === 'string') {
      if (TILES.includes(v) && rec.game === 'mahjong') return ['tile ' + p.pointer, put(rec, p.pointer, r.pick(TILES))];
      if (CARDS52.includes(v)) return ['card ' + p.pointer, put(rec, p.pointer, r.pick(rec.game === 'baloot' ? BALOOT32 : CARDS52))];
      if (isHex64(v)) {
        const i = r.int(64);
        return ['hex ' + p.pointer, put(rec, p.pointer, v.slice(0, i) + '0123456789abcdef'[r.int(16)] + v.slice(i + 1))];
      }
      if (/^[0-9]+$/.test(v)) return ['seed ' + p.pointer, put(rec, p.pointer, String(r.int(1e9)))];
      if (/^\d{4}-/.test(v)) {
        const t = new Date(Date.parse(v) + (r.int(3) - 1) * r.int(90000) * 1000).toISOString();
        return ['time ' + p.pointer, put(rec, p.pointer, r.next() < 0.5 ? t : t.replace('.000Z', '.' + r.int(1e9) + 'Z'))];
      }
      if (v === 'A' || v === 'B') return ['white', put(rec, p.pointer, v === 'A' ? 'B' : 'A')];
      if (/^[A-Za-z0-9._-]+$/.test(v)) return ['identifier ' + p.pointer, put(rec, p.pointer, v + r.pick(['x', '-', '.', '9']))];
    } else if (v instanceof pf.JsonNumber && /^-?[0-9]+$/.test(v.text)) {
      const x = Number(v.text);
      if (x >= 1e15) return ['seed number', put(rec, p.pointer, N(String(BigInt(v.text) + BigInt(1 + r.int(1000)))))];
      return ['number ' + p.pointer, put(rec, p.pointer, N(String(Math.max(0, x + r.pick([-2, -1, 1, 2])))))];
    } else if (Array.isArray(v) && v.length >= 2) {
      const i = r.int(v.length), j = r.int(v.length);
      const a = v.slice();
      [a[i], a[j]] = [a[j], a[i]];
      return ['swap ' + p.pointer, put(rec, p.pointer, a)];
    }
  }
  return ['none', rec];
}

/** A change of shape or type: missing or extra members, wrong types, loose numbers, lengths. */
function shape(r, rec) {
  const all = places(rec).filter((p) => p.pointer !== '');
  const p = r.pick(all);
  const ops = [
    () => ['drop ' + p.pointer, put(rec, p.pointer, undefined)],
    () => ['extra member', put(rec, '/' + r.pick(['extra', 'Seed', 'hands2']), N('1'))],
    () => ['string ' + p.pointer, put(rec, p.pointer, r.pick(['', 'x', '1', 'T', '9x']))],
    () => ['number ' + p.pointer, put(rec, p.pointer, N(r.pick(['0', '-0', '1', '7', '99', '-1', '12345678901234567890123'])))],
    () => ['loose number ' + p.pointer, put(rec, p.pointer, N(r.pick(['1.0', '1e0', '0.5', '-0.0', '1E+2', '1e400'])))],
    () => ['null ' + p.pointer, put(rec, p.pointer, null)],
    () => ['bool ' + p.pointer, put(rec, p.pointer, r.next() < 0.5)],
    () => ['object ' + p.pointer, put(rec, p.pointer, {})],
    () => ['array ' + p.pointer, put(rec, p.pointer, [])],
    () => {
      const arrays = all.filter((q) => Array.isArray(q.value) && q.value.length > 0);
      if (arrays.length === 0) return ['extra null', put(rec, '/extra', null)];
      const q = r.pick(arrays);
      return ['longer ' + q.pointer, put(rec, q.pointer, q.value.concat([clone(q.value[0])]))];
    },
  ];
  return r.pick(ops)();
}

/** A change to the bytes: truncation, repeated keys, bad UTF-8, escapes, nesting, stray characters. */
function structural(r, rec) {
  const text = dump(rec);
  const at = r.int(text.length);
  const ops = [
    () => ['truncated', Buffer.from(text.slice(0, at))],
    () => ['duplicate key', Buffer.from(text.replace(/"(kind|commit|seats|hands|serverSeed|seedA)": /, (m) => m + '"x", ' + m))],
    () => ['invalid UTF-8', Buffer.concat([Buffer.from(text.slice(0, text.indexOf('"', at) + 1 || 1)), Buffer.from([0xff, 0xc3]), Buffer.from(text.slice(text.indexOf('"', at) + 1 || 1))])],
    () => ['escape', Buffer.from(text.replace(/"([A-Za-z0-9]+)"/, '"\\u0041$1\\ud800\\u0042"'))],
    () => ['bad escape', Buffer.from(text.slice(0, text.lastIndexOf('"', at) + 1) + '\\q' + text.slice(text.lastIndexOf('"', at) + 1))],
    () => ['stray byte', Buffer.from(text.slice(0, at) + r.pick(['}', ']', ',', ':', 'x', '\u0001', '"', '[', '\u00e9']) + text.slice(at))],
    () => ['trailing', Buffer.from(text + r.pick([' x', ' {}', '\n\n', ' \t']))],
    () => ['BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
    () => ['deep', Buffer.from(text.replace(/^\{/, '{"deep": ' + '['.repeat(60 + r.int(8)) + ']'.repeat(60 + r.int(8)) + ', '))],
  ];
  return r.pick(ops)();
}

test('pfkit verify --json (Go reference) and node verify.js --json agree on every example and on tampered variants',
  { skip: !process.env.PFKIT_BIN && 'PFKIT_BIN is not set (go build -o /tmp/pfkit ./go/cmd/pfkit)' }, (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pfkit-records-'));
    try {
      const cases = [];
      for (const e of INDEX) cases.push([e.file, raw(e.file)]);
      HANDMADE.forEach((data, i) => cases.push(['hand-made ' + i + ': ' + data.toString('utf8').slice(0, 80), data]));
      // Quoting in messages: characters Go prints as they are and ones it escapes.
      const odd = ['\u00a0', '\u00ad', '\u00e9', '\u0378', '\u200b', '\u2028', '\ud83d\ude00', '\ufffd', '\ue000', 'e\u0301',
        '\u0007', '\u007f', '\u0085', '\\', '"', "'", '\ud800', '\udc00x', '\u10ffff', '\u061c', '\u3000', '\uff10'];
      for (const c of odd) {
        cases.push(['scheme ' + c, Buffer.from('{"scheme": "a' + c + '", "kind": "' + c + '"}')]);
        cases.push(['duplicate key ' + c, Buffer.from('{"k' + c + '": 1, "k' + c + '": 2}')]);
        cases.push(['format ' + c, Buffer.from(dump(put(SESSION, '/opened', 'x')).replace('"x"', '"2026' + c + '"'))]);
      }
      for (const b of [[0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf]]) {
        const bytes = Buffer.from(b);
        cases.push(['bytes ' + bytes.toString('hex'), Buffer.concat([Buffer.from('{"scheme": "'), bytes, Buffer.from('", "kind": 1}')])]);
        cases.push(['escape bytes ' + bytes.toString('hex'), Buffer.concat([Buffer.from('{"a": "\\u'), bytes, Buffer.from('00"}')])]);
        cases.push(['bare bytes ' + bytes.toString('hex'), Buffer.concat([Buffer.from('{"a": '), bytes, Buffer.from('}')])]);
        cases.push(['escaped char ' + bytes.toString('hex'), Buffer.concat([Buffer.from('{"a": "\\'), bytes, Buffer.from('"}')])]);
      }
      for (const c of [0, 1, 7, 8, 9, 10, 11, 12, 13, 27, 31]) cases.push(['control ' + c, Buffer.from('{"a": "x' + String.fromCharCode(c) + '"}')]);
      for (const text of ['{"a": "\\u12"}', '{"a": "\\', '{"a": "\\u', '{"a": "\\ud800\\u12"}', '{"a": "\\ud800\\uzzzz"}', '{"a": -}', '{"a": -x}',
        '{"a": 1e}', '{"a": 1e+}', '{"a": .5}', '{"a": nul}', '{"a" 1}', '{"a": 1,}', '[1,]', '{,}', ' \t\r\n', '{"a": [1 2]}', 'nulls', '{"a": "\\u00"}']) {
        cases.push(['syntax ' + text, Buffer.from(text)]);
      }
      // PFKIT_RECORDS_SEED draws other variants, for a longer search.
      const r = rng(Number(process.env.PFKIT_RECORDS_SEED || 20261130));
      for (const e of INDEX) {
        if (e.status !== 'verified' && e.status !== 'failed') continue;
        const rec = example(e.file);
        for (const [make, count] of [[semantic, 10], [shape, 4], [structural, 5]]) {
          for (let i = 0; i < count; i++) {
            let [what, v] = make(r, rec);
            if (!(v instanceof Uint8Array) && r.next() < 0.3) {
              const [w2, v2] = semantic(r, v);
              what += ' + ' + w2;
              v = v2;
            }
            cases.push([e.file + ' ' + make.name + ' ' + i + ': ' + what, v instanceof Uint8Array ? v : Buffer.from(dump(v))]);
          }
        }
      }
      const paths = cases.map(([, data], i) => {
        const p = path.join(dir, String(i).padStart(4, '0') + '.json');
        fs.writeFileSync(p, data);
        return p;
      });
      const big = path.join(dir, 'big.json');
      fs.writeFileSync(big, Buffer.alloc(16 * 1024 * 1024 + 1, 0x20));
      paths.push(big, path.join(dir, 'absent.json'), dir);
      cases.push(['16 MiB + 1'], ['absent'], ['a folder']);
      const run = (cmd, args) => {
        const p = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
        assert.ok(p.stdout, p.stderr);
        return { code: p.status, doc: JSON.parse(p.stdout) };
      };
      const go = run(process.env.PFKIT_BIN, ['verify', '--json', ...paths]);
      const js = run(process.execPath, [CLI, '--json', ...paths]);
      assert.equal(js.code, go.code);
      assert.equal(js.doc.exit, go.doc.exit);
      assert.equal(js.doc.records.length, paths.length);
      const differ = [];
      const statuses = {};
      go.doc.records.forEach((g, i) => {
        const j = js.doc.records[i];
        statuses[j.status] = (statuses[j.status] || 0) + 1;
        if (!isDeepEqual(g, j)) differ.push(cases[i][0] + '\n  go: ' + JSON.stringify(g).slice(0, 400) + '\n  js: ' + JSON.stringify(j).slice(0, 400));
      });
      t.diagnostic(`${paths.length} records compared with Go, messages included: ${JSON.stringify(statuses)}`);
      assert.deepEqual(differ, []);
      assert.ok(paths.length > 600);
      for (const s of ['verified', 'failed', 'unreadable', 'unspecified']) assert.ok(statuses[s] > 0, s);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

function isDeepEqual(a, b) {
  try {
    assert.deepStrictEqual(a, b);
    return true;
  } catch {
    return false;
  }
}

// A file name that is not UTF-8 opens the file it names and is shown one
// U+FFFD a byte (TXT-2), as pfkit verify shows it: the arguments are read as
// bytes from /proc/self/cmdline, not as Node decoded them.
test('verify.js opens and names a file whose name is not UTF-8 as the reference does', { skip: (!fs.existsSync('/proc/self/cmdline') && 'needs /proc') || long('starts a process').skip }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pfkit-names-'));
  try {
    const cases = [
      ['bad-\\377\\376.json', 'selfpoker.tampered.json', 1, 'bad-\\u{FFFD}\\u{FFFD}.json'],
      ['end\\342\\202', 'selfpoker.json', 0, 'end\\u{FFFD}\\u{FFFD}'],
    ];
    for (const [printf, example, exit, shown] of cases) {
      const name = spawnSync('printf', [printf]).stdout;
      fs.copyFileSync(path.join(RECORDS, example), Buffer.concat([Buffer.from(dir + '/'), name]));
      const r = spawnSync('sh', ['-c', 'cd "$1" && node "$2" "$(printf "$3")"; node "$2" --json "$(printf "$3")"', 'sh', dir, CLI, printf]);
      assert.equal(r.status, exit, String(r.stderr));
      const out = String(r.stdout);
      assert.equal(out.split('\n')[0], shown);
      assert.match(out, new RegExp('"path": "' + shown.replace(/\\u\{FFFD\}/g, '\\\\ufffd').replace(/\./g, '\\.') + '"'));
    }
    const r = spawnSync('sh', ['-c', 'node "$1" "$(printf "missing\\342\\202")"', 'sh', CLI], { cwd: dir });
    assert.equal(String(r.stderr), 'verify.js: missing\\u{FFFD}\\u{FFFD}: file_unreadable: cannot read the file: no such file or directory\n');
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
});

test('a check lists its first 64 mismatches and counts the rest (REC-10)', () => {
  // Every one of the 100 turns has its first die changed: the rolls check finds 100.
  const res = pf.verifyRecord(raw('backgammon-long.tampered.json'), { path: 'r' });
  const rolls = res.report.checks.find((c) => c.name === 'game 1 rolls');
  assert.equal(rolls.summary, '100 values differ');
  assert.deepEqual(rolls.mismatches.map((m) => m.pointer), Array.from({ length: 64 }, (_, t) => '/games/0/rolls/' + t));
  assert.equal(rolls.more, 36);
  assert.ok(res.report.checks.every((c) => c === rolls || c.more === 0));
  const lines = pf.records.format(res).split('\n');
  const at = lines.indexOf('  FAIL  game 1 rolls    100 values differ');
  assert.match(lines[at + 64], /^ {8}game 1, turn 64: /);
  assert.equal(lines[at + 65], '        … and 36 more');
});
