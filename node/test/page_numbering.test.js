'use strict';
// The browser test's numbering rules (node/browser/links.js), on texts written by
// hand: each must fail on the leak it is there for, and pass the page's own words.

const test = require('node:test');
const assert = require('node:assert');
const { germanSeats, rawSeatRows, HAND_ZERO, handsCountedFromOne, NUMBERED_SEAT } = require('../browser/links.js');

// Seat 0 holds client seed 1 ("north"), seat 1 client seed 0 ("south"): the seat order 1 0.
const MATCH = JSON.stringify({ clientSeeds: ['south', 'north'], seats: [1, 0] });
const LEAVE = JSON.stringify({ seat: 2, hands: [] });

test('German seats: "Platz N" only as the seat\'s order from 1', () => {
  const cases = [
    // [text, record, the record verifies, problems expected]
    ['Platz 1: Client-Seed „north“', MATCH, true, 0],
    ['Eröffnungswurf; Platz 2 (Client-Seed „south“) zieht zuerst', MATCH, true, 0],
    ['Platz 0: Client-Seed „north“', MATCH, true, 1], // the record's seat number from 0
    ['Platz 2: Client-Seed „north“', MATCH, true, 1], // north sits at the first seat
    ['Platz 3', MATCH, false, 1], // beyond the record's two seats
    ['Platz 2: Client-Seed „north“', MATCH, false, 0], // a tampered record's expected seat may name another seed
    ['Deine Karten (Platz 3)', LEAVE, true, 0],
    ['Deine Karten (Platz 2)', LEAVE, true, 1], // the leave record's seat 2, counted from 0
    ['Platznummer 12 laut Protokoll', MATCH, false, 0], // a number no table has, said as the record writes it
  ];
  for (const [text, rec, verified, want] of cases) assert.strictEqual(germanSeats([text], rec, verified).length, want, text);
  assert.ok(NUMBERED_SEAT.de.test('3. Platz: Client-Seed „west“'), 'a numeric ordinal reads as a ranking');
  assert.ok(!NUMBERED_SEAT.de.test('Platz 3: Client-Seed „west“'));
});

test('a mismatch row says a seat\'s value by its client seed, never its index', () => {
  const rows = [['second seat', '1', '0'], ['second seat', 'client seed "east2"', 'client seed "north"'], ['deal 2, second seat, card 7', '2s', '3s']];
  assert.deepStrictEqual(rawSeatRows(rows, 'en'), [rows[0]]);
  assert.strictEqual(rawSeatRows([['Platz 2', '1', '0']], 'de').length, 1);
});

test('a hand numbered 0 beside headings that count from 1', () => {
  const cases = [
    ['en', 'Hands 0 to 2, none missing or repeated.', true],
    ['en', 'Numbered 0 to 2 in the record, none missing or repeated.', false],
    ['en', 'Hand 1 (number 0 in the record)', false],
    ['it', 'Mani da 0 a 2, nessuna mancante o ripetuta.', true],
    ['de', 'Hände 0 bis 2, keine fehlt oder wiederholt sich.', true],
    ['de', 'Im Protokoll von 0 bis 2 nummeriert, keine fehlt oder wiederholt sich.', false],
    ['fr', 'Mains 0 à 2, aucune manquante ni répétée.', true],
    ['nl', 'Handen 0 tot en met 2, geen ontbreekt of komt dubbel voor.', true],
  ];
  for (const [loc, text, bad] of cases) assert.strictEqual(HAND_ZERO[loc].test(text), bad, loc + ': ' + text);
  // A hand 0 the record does not declare is counted from 1 as well (its check names: "Hand 1 (number 0 in the record): commitment").
  assert.ok(handsCountedFromOne('{"firstHand": 0, "hands": []}'));
  assert.ok(handsCountedFromOne('{"hands": [{"hand": 0}]}'));
  assert.ok(!handsCountedFromOne('{"hands": [{"hand": 1}, {"hand": 10}]}'));
});

test('a call-out says the value expected, in the locale, never the verifier\'s words or a bare index', () => {
  const { calloutProblems } = require('../browser/callouts.js');
  const hash = '64c9a64b84814a50f76049e89fd3270c6526ec4f3aa47159173a727cf84f1da8';
  const cases = [
    // [locale, call-out, problems expected]
    ['it', { word: 'atteso', text: 'seed client «east2»', label: 'Il registro ha seed client «north»; atteso seed client «east2»' }, 0],
    ['it', { word: 'atteso', text: 'Secondo posto: seed client «client seed "east2"»', label: '' }, 1], // A7: the verifier's English inside
    ['en', { word: 'expected', text: 'Second seat: client seed “client seed “east2””', label: '' }, 1],
    ['de', { word: 'erwartet:', text: 'Client-Seed „east2“', label: '' }, 0],
    ['fr', { word: 'attendue', text: '6', label: 'L\'enregistrement indique 7 ; attendu 6' }, 1], // A11: a deck index from 0
    ['fr', { word: 'attendue', text: 'carte 7 du paquet', label: '' }, 0],
    ['en', { word: 'expected hand number:', text: '1', label: '' }, 0], // a hand's number is the number itself
    ['en', { word: 'expected', text: hash, label: '' }, 1], // A9: the whole hash beside a value cut to 12
    ['en', { word: 'expected', text: '64c9a64b8481…', label: 'The record has 2b97b19ebe91…; expected ' + hash }, 1],
    ['en', { word: 'expected', text: '64c9a64b8481…', label: 'The record has 2b97b19ebe91…; expected 64c9a64b8481…' }, 0],
  ];
  for (const [loc, c, want] of cases) assert.strictEqual(calloutProblems([c], loc).length, want, loc + ': ' + c.text);
});

test('no hand is named beyond the 500 a session holds', () => {
  const { impossibleHands } = require('../browser/callouts.js');
  const cases = [
    ['en', 'Hand 501 (number 500 in the record)', 1], // A8: hand 501 of at most 500
    ['en', 'Hand 501: its number', 1],
    ['en', 'Hand numbered 500 in the record', 0],
    ['en', 'Hand 500 (number 499 in the record)', 0],
    ['de', 'Hand 501 (im Protokoll Nummer 500)', 1],
    ['de', 'Hand mit der Nummer 500 im Protokoll', 0],
    ['it', 'Mano 501 (numero 500 nel registro)', 1],
    ['nl', 'Hand 2: het nummer', 0],
  ];
  for (const [loc, text, want] of cases) assert.strictEqual(impossibleHands([text], loc).length, want, loc + ': ' + text);
});
