// The says of a report (node/src/report_words.js): each check, mismatch, note
// and title carries a code with parameters, beside its English, for the offline
// page to word in its reader's language; the says are left out of the JSON
// report, which stays the bytes Go and Python write.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const pf = require('../verifier.js');

const RECORDS = path.join(__dirname, '..', '..', 'vectors', 'records');
const files = fs.readdirSync(RECORDS).filter((f) => f.endsWith('.json')).sort();
const reports = files.map((f) => [f, pf.verifyRecord(fs.readFileSync(path.join(RECORDS, f)), { path: f })]).filter(([, r]) => r.report);

test('the spec\'s example place: /deals/1/2/6 is deal 2, third seat, card 7 (REC-9), as a say and in words', () => {
  const res = pf.verifyRecord(fs.readFileSync(path.join(RECORDS, 'bridge.tampered.json')));
  const deal2 = res.report.checks.find((c) => c.pointer === '/deals/1');
  assert.deepEqual(deal2.say.name, { code: 'deal', params: { deal: 2 } });
  assert.deepEqual(deal2.say.summary, { code: 'differ', params: { n: 1 } });
  assert.deepEqual(deal2.mismatches[0].say, { at: { deal: 2, seat: 2, card: 7 }, expected: 'Ad', found: '2c' });
  // The say numbers seats from 0, as the record does; the words say them in order (D-33).
  assert.equal(deal2.mismatches[0].where, 'deal 2, third seat, card 7');
  // The seat order the seed drew, indexes into the client seeds north, east, south, west: 2 0 3 1.
  const seats = res.report.checks.find((c) => c.pointer === '/seats');
  assert.deepEqual(seats.say.summary, { code: 'seats_drawn', params: { seats: [2, 0, 3, 1], seeds: ['north', 'east', 'south', 'west'] } });
  assert.equal(seats.summary, 'from the first seat, client seeds "south", "north", "west", "east"');
  const again = res.report.checks.find((c) => c.name === 'distinct cards').mismatches[0].say;
  assert.deepEqual(again.found, { code: 'shown_again', params: { card: '2c', at: { deal: 2, seat: 1, card: 7 } } });
  assert.deepEqual(res.report.say.title, { code: 'match', params: { game: 'bridge', matchId: 'bridge-club-7' } });
  assert.deepEqual(res.report.say.notes.map((n) => n.code), ['match']);
});

test('every check, mismatch, note and title of every example record has a say worded as its English', () => {
  const w = pf.records.words;
  let checks = 0, mismatches = 0;
  for (const [f, res] of reports) {
    const rep = res.report;
    assert.equal(w.title(rep.say.title), rep.title, f);
    assert.deepEqual(rep.say.notes.map(w.note), rep.notes, f);
    for (const c of rep.checks) {
      checks++;
      assert.equal(w.check(c.say.name), c.name, f);
      assert.equal(w.summary(c.say.summary), c.summary, f);
      for (const m of c.mismatches || []) {
        mismatches++;
        assert.equal(w.place(m.say.at), m.where, f);
        // A value the say holds as the record writes it (a seat order's index, a deck position, a time) comes with its English words.
        const word = m.say.english || w.value;
        assert.equal(word(m.say.expected), m.expected, f);
        assert.equal(word(m.say.found), m.found, f);
      }
    }
  }
  assert.ok(checks > 400 && mismatches > 400, checks + ' checks, ' + mismatches + ' mismatches');
});

test('the says stay out of the JSON report', () => {
  for (const [f, res] of reports) {
    const json = JSON.stringify(res);
    assert.ok(!json.includes('"say"'), f);
    assert.deepEqual(Object.keys(res.report), ['scheme', 'kind', 'status', 'title', 'checks', 'notes'], f);
  }
});

test('the readings note names each reading, declared or not, as a say', () => {
  const res = reports.find(([f]) => f === 'selfpoker.json')[1];
  assert.deepEqual(res.report.say.notes[1], { code: 'readings', params: { readings: [{ field: 'dealing', value: 'pairs', declared: false }] } });
});

test('the page has words for every code the verifier says, in English and so in every locale (strings.js)', () => {
  const sandbox = {};
  new Function('globalThis', fs.readFileSync(path.join(__dirname, '..', 'page', 'strings.js'), 'utf8'))(sandbox);
  const en = sandbox.pfkitPageStrings.en;
  const has = (key) => en[key] !== undefined || (en[key + '.one'] !== undefined && en[key + '.other'] !== undefined);
  const codes = pf.records.words.codes;
  const missing = [];
  for (const table of ['check', 'summary', 'value', 'note', 'title']) for (const c of codes[table]) if (!has(table + '.' + c)) missing.push(table + '.' + c);
  for (const part of codes.place) if (part !== 'check' && !has('at.' + part)) missing.push('at.' + part);
  for (const g of pf.games) if (!has('game.' + g.name)) missing.push('game.' + g.name);
  // Each reading is said as the rule it chooses (reading.FIELD.VALUE), and an
  // order a record may list in full as the kit's or as listed.
  const { READINGS, ORDERS } = require('../src/spec_tables.js');
  const rules = ['reading.kitOnly', 'reading.kitToo', 'reading.separator'];
  for (const [field, values] of Object.entries(READINGS)) for (const v of values) rules.push('reading.' + field + '.' + v);
  for (const field of Object.keys(ORDERS)) rules.push('reading.' + field + '.kit', 'reading.' + field + '.listed');
  // A hash that does not match is worded by the code its check gives (differs: '…').
  const src = fs.readdirSync(path.join(__dirname, '..', 'src')).map((f) => fs.readFileSync(path.join(__dirname, '..', 'src', f), 'utf8')).join('\n');
  const differs = [...src.matchAll(/differs: '([a-z_]+)'/g)].map((m) => 'summary.' + m[1]);
  assert.ok(differs.length >= 6, 'the checks that compare hashes give their differs code');
  rules.push(...differs);
  for (const k of rules) if (!has(k)) missing.push(k);
  assert.deepEqual(missing, []);
  // And nothing the verifier no longer says, but for the summaries and values the page
  // words itself: against a bot, A's word alone decides White (CC-2); one opening throw;
  // a commitment that does not match said by its meaning; a seat order's client seed; the self-hosted room's
  // commitment named as the fingerprint it shows.
  const said = new Set([].concat(...['check', 'summary', 'value', 'note', 'title'].map((t) => codes[t].map((c) => t + '.' + c))));
  for (const k of ['summary.white_by_bot', 'summary.opening_throw', ...differs, 'value.clientSeed', 'check.fingerprint']) said.add(k);
  const extra = Object.keys(en).filter((k) => /^(check|summary|value|note|title)\./.test(k) && !/^check\.(passed|failed)$/.test(k))
    .filter((k) => !said.has(k.replace(/\.(one|other)$/, '')));
  assert.deepEqual(extra, []);
});

test('times, long values and seats in words, as worked out by hand (the cases of go/internal/record/time_words_test.go)', () => {
  const { timeWords, clipped, seatWords } = require('../src/report_words.js');
  const { parseDateTime } = require('../src/datetime.js');
  for (const [text, want] of [
    ['2026-11-30T20:00:00Z', 'November 30, 2026 at 8:00:00 PM UTC'],
    ['2026-11-30T00:00:00Z', 'November 30, 2026 at 12:00:00 AM UTC'],
    ['2026-11-30T12:00:00Z', 'November 30, 2026 at 12:00:00 PM UTC'],
    ['2026-01-01T11:59:59Z', 'January 1, 2026 at 11:59:59 AM UTC'],
    ['2026-11-29T00:00:00+02:00', 'November 28, 2026 at 10:00:00 PM UTC'],
    ['2024-02-29T23:30:05.5-01:00', 'March 1, 2024 at 12:30:05 AM UTC and a fraction of a second'],
    ['2026-11-30T20:00:00.000Z', 'November 30, 2026 at 8:00:00 PM UTC'],
  ]) assert.equal(timeWords(parseDateTime(text)), want, text);
  for (const [text, want] of [
    ['', ''],
    ['2026-11-30T20:00:00.00000000000000000000', '2026-11-30T20:00:00.00000000000000000000'],
    ['2026-11-30T20:00:00.0000000000000000000001Z', '2026-11-30T20:00:00.000…00001Z'],
    ['é'.repeat(41), 'é'.repeat(23) + '…' + 'é'.repeat(6)],
  ]) assert.equal(clipped(text), want, text);
  for (const [n, want] of [[0, 'first seat'], [2, 'third seat'], [9, 'tenth seat'], [10, 'seat numbered 10'], [-1, 'seat numbered -1']]) {
    assert.equal(seatWords(n), want, String(n));
  }
});

test('a hand said in words: a match\'s by its number, a poker hand counted from 1 with the record\'s number beside it when another (READ-3)', () => {
  const w = pf.records.words;
  for (const [params, want] of [
    [{ hand: 501 }, 'hand 501'], // a baloot match may hold 1000 hands
    [{ hand: 3, counted: 3 }, 'hand 3'],
    [{ hand: 0, firstHand: 0, counted: 1 }, 'hand 1 (number 0 in the record)'],
    [{ hand: 2, counted: 3 }, 'hand 3 (number 2 in the record)'], // a reveal's third hand, numbered from 0 without saying so
    [{ hand: 500, firstHand: 0, counted: 501 }, 'hand numbered 500 in the record'],
    [{ hand: 0, counted: 0 }, 'hand numbered 0 in the record'],
  ]) assert.equal(w.check({ code: 'hand', params }), want, JSON.stringify(params));
  assert.equal(w.place({ hand: 500, firstHand: 0, counted: 501, ownCard: 1 }), 'hand numbered 500 in the record, own card 1');
});
