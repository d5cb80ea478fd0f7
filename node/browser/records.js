// A record pasted, a tampered one chosen as a file, unreadable input, the seats in order.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { RECORDS, check, text } = require('./common.js');

/** A record pasted, a tampered one chosen as a file, unreadable input. */
async function recordChecks({ send, evaluate, click, typeInto, answerTo }) {
  // 1. A record pasted: bridge.json, every check passes.
  const bridge = fs.readFileSync(path.join(RECORDS, 'bridge.json'), 'utf8');
  await typeInto('#record-text', bridge);
  let r = await answerTo('#record-result', () => click('#record-check'));
  const passedChecks = (r.text.match(/^passed/gim) || []).length;
  check(r.status === 'verified' && r.text.includes(text('en', 'verdict.verified').replace(/\{n\}/g, '5')) && passedChecks === 5 && !/FAILED/.test(r.text),
    'bridge.json pasted: verified, all 5 checks shown as passed', r.text);
  check(/A bridge match: bridge-club-7/.test(r.text) && /Seat order, the first thing drawn from the seed: from the seat that plays first, the client seeds “south”, “north”, “west”,? and “east”/.test(r.text), 'the report names the match and the seat order, client seeds in seat order', r.text);
  await seatNumbering(evaluate, JSON.parse(bridge));

  // 2. A tampered record chosen as a file: the failing card is named.
  const doc = await send('DOM.getDocument', { depth: 1 });
  const { nodeId } = await send('DOM.querySelector', { nodeId: doc.root.nodeId, selector: '#record-file' });
  r = await answerTo('#record-result', () => send('DOM.setFileInputFiles', { nodeId, files: [path.join(RECORDS, 'bridge.tampered.json')] }));
  // The tampered card is one the deal holds already, so DIST-1 fails too.
  check(r.status === 'failed' && /Failed: 2 of 5 checks do not hold\./.test(r.text), 'bridge.tampered.json chosen as a file: failed, 2 of 5 checks', r.text);
  check(/deal 2, third seat, card 7\s+ace of diamonds\s+2 of clubs/.test(r.text), 'the failing card is named: deal 2, third seat, card 7, expected the ace of diamonds, the record has the 2 of clubs', r.text);
  const inArea = await evaluate(`document.getElementById('record-text').value`);
  check(inArea === fs.readFileSync(path.join(RECORDS, 'bridge.tampered.json'), 'utf8'), 'the chosen file is shown in the text area');

  // 3. Unreadable input gets a clear message.
  for (const [text, want] of [
    ['{"scheme": "selfpoker_v1", "scheme": "selfpoker_v1"}', /cannot be read[\s\S]*same field twice/],
    ['{"scheme": "match_seed_v2", "kind": "match"', /cannot be read[\s\S]*not valid JSON/],
    ['{"scheme": "nope", "kind": "match"}', /cannot be read[\s\S]*does not name a kind of record/],
    [fs.readFileSync(path.join(RECORDS, 'broken-schema.json'), 'utf8'), /cannot be read[\s\S]*shape[\s\S]*Deal 1 holds 3 hands; a deal has 4\./],
    // A value out of range or badly written says what it holds and what is possible (A10).
    [fs.readFileSync(path.join(RECORDS, 'limits-long-seat.json'), 'utf8'), /Where the problem is: the seat order, entry 1\.[\s\S]*It holds 912345678901…; only 0 to 3 are possible, one number for each client seed\./],
    [fs.readFileSync(path.join(RECORDS, 'limits-long-negative-seed.json'), 'utf8'), /The seed revealed after the hand is negative: a seed is a whole number from 0 to 9223372036854775807\./],
    [fs.readFileSync(path.join(RECORDS, 'legacy-v1.json'), 'utf8'), /Not checked here: this match uses the site's older scheme/],
    // A name refused for its length, not for a character: none, then 65.
    [withFirstClientSeed(''), /Where the problem is: client seed 1\.[\s\S]*The value there is empty: a name holds 1 to 64/],
    [withFirstClientSeed('a'.repeat(65)), /Where the problem is: client seed 1\.[\s\S]*The value there is longer than 64 characters/],
  ]) {
    await typeInto('#record-text', text);
    r = await answerTo('#record-result', () => click('#record-check'));
    check(want.test(r.text), 'unreadable input explained: ' + text.slice(0, 50).replace(/\s+/g, ' '), r.text);
  }
}

/** bridge.json with its first client seed replaced. */
function withFirstClientSeed(seed) {
  const rec = JSON.parse(fs.readFileSync(path.join(RECORDS, 'bridge.json'), 'utf8'));
  rec.clientSeeds[0] = seed;
  return JSON.stringify(rec);
}

/** One numbering (D-33): the picture's seat labels say the seats in order with their client seeds (seat 0 of the record is the first seat). */
async function seatNumbering(evaluate, rec) {
  const shown = await evaluate(`({ seats: [...document.querySelectorAll('#record-result .seat-order li')].map((li) => li.textContent),
    hands: [...document.querySelectorAll('#record-result .table-four .who')].slice(0, 4).map((e) => e.textContent) })`);
  // MS2-4: seats[i] is the index of the client seed in seat i; seat 0 is the first in turn order.
  const ordinals = ['First', 'Second', 'Third', 'Fourth'];
  const want = rec.seats.map((ix, i) => ordinals[i] + ' seat: client seed “' + rec.clientSeeds[ix] + '”');
  check(JSON.stringify(shown.seats) === JSON.stringify(want) && JSON.stringify(shown.hands) === JSON.stringify(want),
    'the seats are said in order with their client seeds: ' + want.join(', '), JSON.stringify(shown));
}

module.exports = { recordChecks };
