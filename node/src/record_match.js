// REC-3: a match_seed_v2 match record, recomputed with the record's own shape.
'use strict';

const { commit } = require('./stream.js');
const { shuffle, range } = require('./sampling.js');
const { cardName } = require('./cards.js');
const { hasField, intOf } = require('./json_value.js');
const { orderOf, readingOf, readingsNote } = require('./reading.js');
const { matchStream, GAMES, backgammonGame, deal52, balootHand, mahjongHand } = require('./match_seed_v2.js');
const { RecordRefusal } = require('./record_read.js');
const { refusalMessage } = require('./record_schema.js');
const { say, summaryText, clientSeedValue } = require('./report_words.js');
const { newReport, equalCheck, listOf, oneOf, listsCheck, finishReport, shownRun, seatRuns, distinctCheck } = require('./reports.js');

/** The four seats' cards or tiles: want as ids, got as the record's names. */
function perSeat(names, want, got, pointer, at) {
  return [0, 1, 2, 3].map((s) => listOf(pointer(s), (i) => at(s, i), want[s].map(names), got[s]));
}

const throwNames = (ts) => ts.map((t) => t[0] + '-' + t[1]);

/** The names of the game's cards or tiles: the kit's order, or the one the record lists (READ-10, READ-11). */
function pieceNames(g, o) {
  const names = g.kind === 'baloot' ? cardName.baloot32 : g.kind === 'mahjong' ? cardName.tile : cardName.table52;
  const orderField = g.kind === 'baloot' ? 'balootDeck' : g.kind === 'mahjong' ? 'mahjongWall' : null;
  if (orderField === null || !hasField(o, orderField)) return names;
  const size = g.kind === 'baloot' ? 32 : 136;
  const ord = orderOf(o[orderField], names, size);
  if (ord.error) {
    const code = 'cli.refusal.order.' + orderField;
    const refusal = new RecordRefusal('unreadable', 'invalid_record', refusalMessage('record_match_v1.json', [{ name: orderField }], code, { why: ord.error }));
    // The page words it in its own locale: which piece, how often it is there and how often the set holds it.
    if (ord.piece !== undefined) {
      refusal.violation = { schema: 'record_match_v1.json', pointer: '/' + orderField, code, params: { piece: ord.piece, want: ord.want, found: ord.found }, field: orderField };
    }
    throw refusal;
  }
  return ord.name;
}

/** BG-1, BG-2: each game's opening and rolls. */
function checkBackgammon(r, s, o, names, notes) {
  const opening = readingOf(o, 'backgammonOpening');
  notes.push(readingsNote(o, ['backgammonOpening']));
  o.games.forEach((rg, gi) => {
    const want = backgammonGame(s, rg.rolls.length, opening);
    const game = gi + 1, p = '/games/' + gi;
    const throws = (a) => throwNames(a.map((t) => t.map(intOf)));
    listsCheck(r, say('game_opening', { game }), p + '/opening', 'BG-1', say('opening_throws', { throws: throwNames(want.opening) }), [
      listOf(p + '/opening', (i) => ({ game, opening: i + 1 }), throwNames(want.opening), throws(rg.opening)),
      oneOf(p + '/first', { game, first: true }, say('seat', { seat: want.first }), say('seat', { seat: intOf(rg.first) })),
    ]);
    listsCheck(r, say('game_rolls', { game }), p + '/rolls', 'BG-2', say('turns_of_dice', { count: want.rolls.length }),
      [listOf(p + '/rolls', (i) => ({ game, turn: i + 1 }), throwNames(want.rolls), throws(rg.rolls))]);
  });
}

/** DEAL-1: every deal of 52 cards, after DIST-1. */
function checkDeals(r, s, o, names) {
  distinctCheck(r, '/deals', false, o.deals.map((rd, di) => seatRuns(rd, (st, i) => '/deals/' + di + '/' + st + '/' + i,
    (st, i) => ({ deal: di + 1, seat: st, card: i + 1 }))));
  o.deals.forEach((rd, di) => {
    const ls = perSeat(names, deal52(s), rd, (st) => '/deals/' + di + '/' + st,
      (st, i) => ({ deal: di + 1, seat: st, card: i + 1 }));
    listsCheck(r, say('deal', { deal: di + 1 }), '/deals/' + di, 'DEAL-1', say('cards_in_place', { count: 52 }), ls);
  });
}

/** BAL-1: both distributions of every Baloot hand, after DIST-1. */
function checkBaloot(r, s, o, names, notes) {
  const decks = [];
  o.hands.forEach((rh, hi) => {
    const hand = hi + 1, p = '/hands/' + hi;
    decks.push(seatRuns(rh.first, (st, i) => p + '/first/' + st + '/' + i, (st, i) => ({ hand, seat: st, firstCard: i + 1 }))
      .concat([shownRun([rh.upcard], () => p + '/upcard', () => ({ hand, upcard: true }))]));
    if (rh.final !== undefined) { // the final hands repeat the first five cards: a deck of their own
      decks.push(seatRuns(rh.final, (st, i) => p + '/final/' + st + '/' + i, (st, i) => ({ hand, seat: st, finalCard: i + 1 })));
    }
  });
  distinctCheck(r, '/hands', false, decks);
  const deal = readingOf(o, 'balootDeal');
  notes.push(readingsNote(o, ['balootDeal', 'balootDeck']));
  o.hands.forEach((rh, hi) => {
    const buyer = rh.buyer === null ? null : intOf(rh.buyer);
    const want = balootHand(s, buyer, deal);
    const hand = hi + 1, p = '/hands/' + hi;
    const ls = perSeat(names, want.first, rh.first, (st) => p + '/first/' + st, (st, i) => ({ hand, seat: st, firstCard: i + 1 }));
    ls.push(oneOf(p + '/upcard', { hand, upcard: true }, names(want.upcard), rh.upcard));
    if (buyer !== null && rh.final !== undefined) {
      ls.push(...perSeat(names, want.final, rh.final, (st) => p + '/final/' + st, (st, i) => ({ hand, seat: st, finalCard: i + 1 })));
    }
    listsCheck(r, say('hand', { hand }), p, 'BAL-1', say('both_distributions'), ls);
  });
}

/** MJ-2: every mahjong hand's deal and draws, after DIST-1. */
function checkMahjong(r, s, o, names, notes) {
  distinctCheck(r, '/hands', true, o.hands.map((rh, hi) => {
    const hand = hi + 1, p = '/hands/' + hi;
    return seatRuns(rh.deal, (st, i) => p + '/deal/' + st + '/' + i, (st, i) => ({ hand, seat: st, tile: i + 1 }))
      .concat([shownRun(rh.draws, (i) => p + '/draws/' + i, (i) => ({ hand, draw: i + 1 }))]);
  }));
  const model = readingOf(o, 'mahjongDraw');
  const layout = readingOf(o, 'mahjongDeal');
  notes.push(readingsNote(o, ['mahjongDraw', 'mahjongDeal', 'mahjongWall']));
  o.hands.forEach((rh, hi) => {
    const count = 53 + rh.draws.length;
    const want = mahjongHand(s, count, model, layout);
    const hand = hi + 1, p = '/hands/' + hi;
    const ls = perSeat(names, want.deal, rh.deal, (st) => p + '/deal/' + st, (st, i) => ({ hand, seat: st, tile: i + 1 }));
    ls.push(listOf(p + '/draws', (i) => ({ hand, draw: i + 1 }), want.draws.map(names), rh.draws));
    listsCheck(r, say('hand', { hand }), p, 'MJ-2', say('tiles_in_place', { count }), ls);
  });
}

// What each kind of game draws after the seats (checkers and xiangqi draw nothing more).
const PLAYS = { backgammon: checkBackgammon, deals: checkDeals, baloot: checkBaloot, mahjong: checkMahjong };

// The requirements of the checks that compare what a match drew after its seat order.
const DEALT = new Set(['DEAL-1', 'BAL-1', 'MJ-2', 'BG-1', 'BG-2']);

/**
 * REC-11: when the commitment fails and every dealt check fails too, the
 * record was drawn from another server seed; each dealt check says so in its
 * summary instead of listing values that all follow from that seed, and still fails.
 */
function otherSeed(r) {
  if (r.checks.length === 0 || r.checks[0].ok) return;
  const dealt = r.checks.filter((c) => DEALT.has(c.requirement));
  if (dealt.length === 0 || dealt.some((c) => c.ok)) return;
  for (const c of dealt) {
    const summary = say('other_seed', { n: c.more + (c.mismatches ? c.mismatches.length : 0) });
    c.summary = summaryText(summary);
    c.say.summary = summary;
    delete c.mismatches;
    c.more = 0;
  }
}

/** REC-3: the match recomputed with the record's own shape. */
function verifyMatchRecord(kind, o) {
  const r = newReport(kind, say('match', { game: o.game, matchId: o.matchId }));
  equalCheck(r, say('commitment'), '/commitment', 'MS2-1', commit(o.serverSeed), o.commitment, say('commitment_matches'), { differs: 'commitment_differs' });
  const g = GAMES.find((x) => x.name === o.game); // the schema admits registered games only
  const names = pieceNames(g, o);
  const s = matchStream(o.serverSeed, o.game, o.matchId, o.clientSeeds);
  const seats = shuffle(s, range(g.players));
  const seeds = o.clientSeeds;
  listsCheck(r, say('seat_order'), '/seats', 'MS2-4', say('seats_drawn', { seats, seeds }),
    [listOf('/seats', (i) => ({ seat: i }), seats.map(String), o.seats.map((x) => String(intOf(x))), (v) => clientSeedValue(v, seeds))]);
  const notes = [say('match')];
  if (Object.prototype.hasOwnProperty.call(PLAYS, g.kind)) PLAYS[g.kind](r, s, o, names, notes);
  otherSeed(r);
  return finishReport(r, notes);
}

module.exports = { verifyMatchRecord };
