// The page's behaviour: reads what is pasted or chosen, runs verifier.js on it,
// says what each check found and draws what was verified (cards, hands around
// the table, dice, tiles, a card's Merkle path, colours), in the reader's
// language. Nothing here touches the network; the page's
// Content-Security-Policy would refuse it anyway. The words are in strings.js
// (one object per locale), the verdicts come from verifier.js: this file only
// renders what verifier.js reports and what the record says.
(function () {
  'use strict';

  const pf = globalThis.pfkitVerifier;
  const STRINGS = globalThis.pfkitPageStrings;
  const LOCALES = ['en', 'it', 'de', 'fr', 'nl'];
  const STORE_KEY = 'pfkit-page-locale';
  const $ = (id) => document.getElementById(id);

  // --- words -------------------------------------------------------------------

  let locale = 'en';

  const pluralRules = {};

  /** The text of key in the current locale, {name} filled from params. A plural
   * message (strings.js gives its count parameter and a text per CLDR category)
   * takes the form Intl.PluralRules picks for that count, read from counts
   * (the raw values) when params holds them already in words. */
  function t(key, params, counts) {
    const own = STRINGS[locale] && STRINGS[locale][key];
    let s = own === undefined ? STRINGS.en[key] : own;
    if (s !== null && typeof s === 'object') {
      const rules = pluralRules[locale] || (pluralRules[locale] = new Intl.PluralRules(locale));
      s = s[rules.select(Number((counts || params || {})[s.count]))] ?? s.other;
    }
    if (s === undefined) s = key;
    return s.replace(/\{(\w+)\}/g, (m, name) => (params && params[name] !== undefined ? String(params[name]) : m));
  }

  /** The locale asked for: the URL (#lang=xx), then what was chosen before, then the browser's languages. */
  function chooseLocale() {
    const asked = fragment().get('lang');
    if (LOCALES.includes(asked)) return asked;
    try {
      const stored = localStorage.getItem(STORE_KEY);
      if (LOCALES.includes(stored)) return stored;
    } catch { /* storage refused (private mode, file: policy): the browser's languages decide */ }
    for (const tag of navigator.languages || [navigator.language || 'en']) {
      const base = String(tag).toLowerCase().split('-')[0];
      if (LOCALES.includes(base)) return base;
    }
    return 'en';
  }

  function applyStaticWords() {
    document.documentElement.lang = locale;
    document.title = t('page.title');
    for (const e of document.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
    for (const e of document.querySelectorAll('[data-i18n-placeholder]')) e.placeholder = t(e.dataset.i18nPlaceholder);
    for (const e of document.querySelectorAll('[data-i18n-label]')) e.setAttribute('aria-label', t(e.dataset.i18nLabel));
  }

  // --- small helpers -------------------------------------------------------------

  // Every text the page shows, its own words and what a record or a form holds,
  // goes through one escaping (TXT-1, TXT-2: a hidden or control character
  // shows as \u{XXXX}), so that no field can reorder, hide or pass for the
  // page's words: el() for text, named() for text alternatives.
  const escaped = (text) => (pf ? pf.records.text.line(String(text)) : String(text));

  /** A new element with text and a class; children appended in order. */
  function el(tag, className, text, children) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined && text !== null) e.textContent = escaped(text);
    for (const c of children || []) if (c) e.appendChild(c);
    return e;
  }

  /** e with its text alternative, escaped as el() escapes text. */
  function named(e, text) {
    e.setAttribute('aria-label', escaped(text));
    return e;
  }

  /** A verdict: a heading that can take focus, in its own status element, so that a screen reader announces it. */
  function verdictEl(kind, text) {
    const h = el('h3', 'verdict ' + kind, text);
    h.tabIndex = -1;
    const box = el('div', 'status', null, [h]);
    box.setAttribute('role', 'status');
    return box;
  }

  /** After a check the reader asked for: focus on its verdict, scrolled to the top of the screen. */
  function announce(target) {
    const v = target.querySelector('.verdict');
    if (!v) return;
    v.focus({ preventScroll: true });
    v.scrollIntoView({ block: 'start' });
  }

  function show(target, nodes) {
    target.replaceChildren(...nodes);
  }

  const num = (v) => (v && typeof v === 'object' && 'text' in v ? Number(v.text) : Number(v));
  const HASH = /^[0-9a-f]{64}$/;
  const short = (hex) => (typeof hex === 'string' && hex.length > 16 ? hex.slice(0, 12) + '…' : String(hex));

  // --- pictures ------------------------------------------------------------------

  const CARD = /^([2-9TJQKA])([cdhs])$/;
  const SUIT_SYMBOL = { c: '♣', d: '♦', h: '♥', s: '♠' };

  // Card names are written in the locale's running-text case ("ace of spades",
  // "2 of clubs"); a sentence that opens with one starts with a capital.
  const sentence = (s) => s.charAt(0).toLocaleUpperCase(locale) + s.slice(1);

  function cardWords(name) {
    const m = CARD.exec(name);
    if (!m) return name;
    // A jack, queen, king or ace may join its suit in one word (Dutch: schoppenboer, klaveraas).
    return t(/[JQKA]/.test(m[1]) ? 'card.nameFace' : 'card.name', { rank: t('rank.' + m[1]), suit: t('suit.' + m[2]) });
  }

  /** One card: rank, suit symbol and colour, and its name in words for a screen reader. */
  function cardEl(name, pointer) {
    const m = CARD.exec(String(name));
    const e = el('span', 'card');
    e.setAttribute('role', 'img');
    if (pointer) e.dataset.pointer = pointer;
    e.dataset.value = String(name);
    if (!m) {
      e.classList.add('unknown');
      e.appendChild(el('span', 'rank', String(name)));
      named(e, String(name));
      return e;
    }
    e.classList.add('suit-' + m[2]);
    named(e, cardWords(name));
    e.appendChild(el('span', 'rank', m[1] === 'T' ? '10' : m[1]));
    e.appendChild(el('span', 'suit', SUIT_SYMBOL[m[2]]));
    return e;
  }

  const TILE = /^(?:([1-9])([mps])|(E|S|W|N)|(Wd|Gd|Rd))$/;
  const TILE_SUIT_MARK = { m: '萬', p: '●', s: '‖' };

  function tileWords(name) {
    const m = TILE.exec(name);
    if (!m) return name;
    if (m[1]) return t('tile.suited', { n: m[1], suit: t('tile.suit.' + m[2]) });
    if (m[3]) return t('tile.wind.' + m[3]);
    return t('tile.dragon.' + m[4]);
  }

  /** One mahjong tile: number and suit, wind letter, or dragon. */
  function tileEl(name, pointer) {
    const m = TILE.exec(String(name));
    const e = el('span', 'tile');
    e.setAttribute('role', 'img');
    if (pointer) e.dataset.pointer = pointer;
    e.dataset.value = String(name);
    named(e, m ? tileWords(name) : String(name));
    if (!m) e.appendChild(el('span', 'face', String(name)));
    else if (m[1]) {
      e.classList.add('tile-' + m[2]);
      e.appendChild(el('span', 'face', m[1]));
      e.appendChild(el('span', 'mark', m[2] === 'm' ? 'm' : TILE_SUIT_MARK[m[2]]));
    } else if (m[3]) {
      e.classList.add('tile-wind');
      e.appendChild(el('span', 'face', t('tile.windLetter.' + m[3])));
    } else {
      e.classList.add('tile-dragon', 'tile-' + m[4]);
      e.appendChild(el('span', 'face', m[4] === 'Wd' ? '▢' : '■'));
    }
    return e;
  }

  const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

  /** One die as a face with its pips. */
  function dieEl(n) {
    const e = el('span', 'die');
    e.setAttribute('role', 'img');
    named(e, t('die.name', { n }));
    for (let i = 0; i < 9; i++) e.appendChild(el('span', (PIPS[n] || []).includes(i) ? 'pip' : 'nopip'));
    if (!PIPS[n]) e.appendChild(el('span', 'die-text', String(n)));
    return e;
  }

  function diceEl(values, pointer) {
    const e = el('span', 'dice');
    if (pointer) e.dataset.pointer = pointer;
    e.dataset.value = values.join('-');
    e.setAttribute('role', 'img');
    named(e, t('dice.name', { dice: listWords(values) }));
    for (const v of values) e.appendChild(dieEl(v));
    return e;
  }

  function row(className, items, label) {
    const e = el('div', 'row-of ' + (className || ''), null, items);
    if (label) {
      e.setAttribute('role', 'group');
      named(e, label);
    }
    return e;
  }

  /**
   * A seat in words: records number seats from 0 (seat i receives cards 13i
   * to 13i + 12); a player reads them in order, "the third seat" (D-33). A
   * number no table has is said as the record writes it.
   */
  function seatWords(n) {
    const i = Number(n);
    return Number.isInteger(i) && i >= 0 && i < 10 && String(n).trim() !== '' ? t('seat.nth.' + (i + 1)) : t('seat.other', { n: String(n) });
  }

  const capital = (s) => s.charAt(0).toLocaleUpperCase(locale) + s.slice(1);

  /** A seat inside a sentence, with its client seed when the record names one: "third seat (client seed "carol")". */
  function seatInline(rec, seat) {
    const ix = rec.seats ? num(rec.seats[seat]) : seat;
    const who = rec.clientSeeds && rec.clientSeeds[ix] !== undefined ? rec.clientSeeds[ix] : null;
    return who === null ? seatWords(seat) : t('seat.withSeed', { seat: seatWords(seat), who });
  }

  /** A seat as a label: "Third seat: client seed "carol"", or the seat alone when its client seed is unknown. */
  function seatName(rec, seat) {
    const ix = rec.seats ? num(rec.seats[seat]) : seat;
    const who = rec.clientSeeds && rec.clientSeeds[ix] !== undefined ? rec.clientSeeds[ix] : null;
    return who === null ? capital(seatWords(seat)) : t('seat.who', { seat: capital(seatWords(seat)), who });
  }

  /** A hand of cards with its owner's name. */
  function handEl(title, cards, pointer, draw) {
    const list = cards.map((c, k) => (draw || cardEl)(c, pointer + '/' + k));
    return el('div', 'hand', null, [el('div', 'who', title), row(draw === tileEl ? 'tiles' : 'cards', list, title)]);
  }

  /** Four hands around the table: seat 0 at the bottom, then clockwise (left, top, right). */
  function tableEl(label, hands, extraCentre) {
    const places = ['south', 'west', 'north', 'east'];
    const table = el('div', 'table-four');
    table.setAttribute('role', 'group');
    named(table, label);
    hands.forEach((h, i) => {
      h.classList.add('place-' + places[i % 4]);
      table.appendChild(h);
    });
    table.appendChild(el('div', 'table-centre', null, [el('span', 'table-name', label), extraCentre || null]));
    return table;
  }

  // A record may hold thousands of deals, hands or games (up to 16 MiB): the
  // picture draws the first few and the first few with a mismatch, and says how
  // many it left out; the list of checks below still covers every one.
  const MAX_BLOCKS = 12;
  let mismatchPointers = [];
  let notDrawn = 0;

  /** [item, index] pairs of list to draw; base is the list's JSON pointer. */
  function pick(list, base) {
    const out = [];
    let failing = 0;
    list.forEach((item, i) => {
      const p = base + '/' + i;
      const bad = mismatchPointers.some((m) => m === p || m.startsWith(p + '/'));
      if (i < MAX_BLOCKS || (bad && failing < MAX_BLOCKS)) out.push([item, i]);
      if (bad && i >= MAX_BLOCKS) failing++;
    });
    notDrawn += list.length - out.length;
    return out;
  }

  // What an element shows in place of a mismatch's expected value, when it is
  // not a card, tile or dice (the verifier's words are English and technical).
  const expectedOf = new WeakMap();

  function seatOrderEl(rec) {
    const items = rec.seats.map((ix, i) => {
      const li = el('li', null, seatName(rec, i));
      li.dataset.pointer = '/seats/' + i;
      li.dataset.value = String(num(ix));
      // v is the say's value, the place of a client seed in the record's list: the
      // call-out says only what differs, the client seed expected, never the seat again.
      expectedOf.set(li, (v) => el('span', 'expected-text', /^\d+$/.test(v) && rec.clientSeeds[+v] !== undefined
        ? t('value.clientSeed', { who: rec.clientSeeds[+v] }) : /^\d+$/.test(v) ? t('at.clientSeed', { n: Number(v) + 1 }) : String(v)));
      return li;
    });
    const list = el('ol', 'seat-order', null, items);
    list.dataset.pointer = '/seats';
    return el('div', 'picture-block', null, [el('h4', null, t('pic.seatOrder')), list]);
  }

  function matchPicture(rec) {
    const out = [seatOrderEl(rec)];
    const game = rec.game;
    if (game === 'bridge' || game === 'tarneeb' || game === 'trix') {
      pick(rec.deals || [], '/deals').forEach(([deal, d]) => {
        const label = t('pic.deal', { n: d + 1 });
        const hands = deal.map((cards, s) => handEl(seatName(rec, s), cards, '/deals/' + d + '/' + s));
        const tb = tableEl(label, hands);
        tb.dataset.pointer = '/deals/' + d;
        out.push(tb);
      });
    } else if (game === 'baloot') {
      pick(rec.hands || [], '/hands').forEach(([h, d]) => {
        const label = t('pic.hand', { n: d + 1 });
        const useFinal = h.final !== undefined;
        const field = useFinal ? 'final' : 'first';
        const hands = h[field].map((cards, s) => handEl(seatName(rec, s), cards, '/hands/' + d + '/' + field + '/' + s));
        const up = el('div', 'upcard', null, [el('span', 'who', t('pic.upcard')), cardEl(h.upcard, '/hands/' + d + '/upcard')]);
        const buyer = h.buyer === null ? t('pic.noBuyer') : t('pic.buyer', { seat: seatInline(rec, num(h.buyer)) });
        const b = el('span', 'buyer', buyer);
        b.dataset.pointer = '/hands/' + d + '/buyer';
        const tb = tableEl(label + ' · ' + t(useFinal ? 'pic.final' : 'pic.first'), hands, el('div', null, null, [up, b]));
        tb.dataset.pointer = '/hands/' + d;
        out.push(tb);
      });
    } else if (game === 'mahjong') {
      pick(rec.hands || [], '/hands').forEach(([h, d]) => {
        const block = el('div', 'picture-block mahjong', null, [el('h4', null, t('pic.hand', { n: d + 1 }))]);
        block.dataset.pointer = '/hands/' + d;
        h.deal.forEach((tiles, s) => block.appendChild(handEl(seatName(rec, s), tiles, '/hands/' + d + '/deal/' + s, tileEl)));
        block.appendChild(handEl(t('pic.draws'), h.draws, '/hands/' + d + '/draws', tileEl));
        out.push(block);
      });
    } else if (game === 'backgammon') {
      pick(rec.games || [], '/games').forEach(([g, n]) => {
        const block = el('div', 'picture-block backgammon', null, [el('h4', null, t('pic.game', { n: n + 1 }))]);
        block.dataset.pointer = '/games/' + n;
        const opening = g.opening.map((v, k) => diceEl(v.map(num), '/games/' + n + '/opening/' + k));
        block.appendChild(el('div', 'hand', null, [el('div', 'who', t('pic.opening', { seat: seatInline(rec, num(g.first)) })), row('dice-row', opening, t('pic.openingLabel'))]));
        const rolls = g.rolls.map((v, k) => diceEl(v.map(num), '/games/' + n + '/rolls/' + k));
        block.appendChild(el('div', 'hand', null, [el('div', 'who', t('pic.rolls')), row('dice-row', rolls, t('pic.rolls'))]));
        out.push(block);
      });
    } else if (game === 'checkers' || game === 'xiangqi') {
      const first = el('p', 'first-move', t(game === 'checkers' ? 'pic.checkersFirst' : 'pic.xiangqiFirst', { seat: seatInline(rec, 0) }));
      first.dataset.pointer = '/seats/0';
      out.push(first);
    }
    return out;
  }

  function selfpokerPicture(hands, board, pointerBase) {
    const base = pointerBase || '';
    const block = el('div', 'picture-block selfpoker');
    block.appendChild(el('h4', null, t('pic.hands')));
    hands.forEach((cards, i) => block.appendChild(handEl(t('player', { n: i + 1 }), cards, base + '/hands/' + i)));
    block.appendChild(handEl(t('pic.board'), board, base + '/board'));
    return [block];
  }

  /**
   * A poker hand's heading as a player counts hands, from 1 (READ-3 lets a
   * record number them from 0): a record numbered from 0 keeps its own number beside it,
   * and so does a hand whose number is not its place (counted, from 1), as its checks name it.
   */
  function handHeading(rec, hand, counted) {
    if (counted !== undefined && counted !== handCount(hand)) return t('pic.handNumber', { n: counted, number: hand });
    return num(rec.firstHand) === 0 ? t('pic.handNumber', { n: hand + 1, number: hand }) : t('pic.hand', { n: hand });
  }

  // The hands whose number the report found outside the session's range (PK-8):
  // no count of a player's can name them ("Hand 501" of at most 500), only the record's number.
  let outOfRange = new Set();

  /** A hand number a failed check found out of range: its check's pointer. */
  const outOfRangeIn = (checks) => new Set(checks.filter((c) => !c.ok && c.say.name.code === 'hand_number' && c.say.summary.code === 'hand_range').map((c) => c.pointer));

  /** A hand's heading, which a mismatch of its number marks: "expected hand number: 1" beside it, not under the root. */
  function handHeadingEl(rec, h, n, counted) {
    const pointer = '/hands/' + n + '/hand';
    const e = el('h4', null, outOfRange.has(pointer) ? t('pic.handNumbered', { number: num(h.hand) }) : handHeading(rec, num(h.hand), counted));
    e.dataset.pointer = pointer;
    e.dataset.value = String(num(h.hand));
    e.dataset.expectedWord = 'expected.handNumber';
    return e;
  }

  /** A hand number of the shown record counted from 1, as its heading says it. */
  const handCount = (v) => (shownRecord && num(shownRecord.firstHand) === 0 && /^\d+$/.test(String(v)) ? Number(v) + 1 : v);

  /**
   * A hand in a check's name: counted from 1, with the record's number beside it
   * when that number is not the one its place calls for ("1 (number 0 in the record)"),
   * as the command line says it (report_words.js handNumber).
   */
  const handWords = (v, counted) => (counted !== undefined && /^\d+$/.test(String(v)) && counted !== handCount(v)
    ? t('hand.counted', { n: counted, number: v }) : handCount(v));

  function sessionPicture(rec) {
    return pick(rec.hands, '/hands').map(([h, n]) => {
      // A session reveal counts its hands by their place in its list (record_poker.js handOf).
      const block = el('div', 'picture-block session', null, [handHeadingEl(rec, h, n, n + 1)]);
      block.dataset.pointer = '/hands/' + n;
      block.appendChild(commitmentLine('pic.handCommitment', '/hands/' + n + '/handCommitment', h.handCommitment));
      block.appendChild(handEl(t('pic.deck'), h.deck, '/hands/' + n + '/deck'));
      const root = el('p', 'hash-line', t('pic.root', { hash: short(h.root) }));
      root.dataset.pointer = '/hands/' + n + '/root';
      block.appendChild(root);
      return block;
    });
  }

  // A leaf hashes the card's number (0 to 51), not its name.
  const TABLE52_ID = {};
  for (let i = 0; i < 52; i++) TABLE52_ID[pf.cardName.table52(i)] = i;
  const leafOf = (c) => pf._internal.poker.leafHash(num(c.position), TABLE52_ID[c.card], c.salt);

  /** The Merkle path of one card, from its leaf up to the root, computed with verifier.js's hashes. */
  function merklePath(h, c) {
    const position = num(c.position);
    const steps = [];
    let hash = leafOf(c);
    steps.push({ kind: 'leaf', hash });
    c.path.forEach((sibling, l) => {
      const right = ((position >> l) & 1) === 0;
      hash = right ? pf._internal.poker.nodeHash(hash, sibling) : pf._internal.poker.nodeHash(sibling, hash);
      steps.push({ kind: 'node', level: l + 1, sibling, siblingSide: right ? 'right' : 'left', hash });
    });
    const reaches = hash === h.root;
    const list = el('ol', 'merkle' + (reaches ? ' reaches' : ' misses'));
    named(list, t('merkle.label', { card: cardWords(c.card), position: position + 1 }));
    steps.forEach((s) => {
      const li = el('li', 'merkle-step ' + s.kind);
      if (s.kind === 'leaf') {
        li.appendChild(cardEl(c.card));
        li.appendChild(el('span', 'step-text', t('merkle.leaf', { position: position + 1, hash: short(s.hash) })));
      } else {
        li.appendChild(el('span', 'step-text', t(s.siblingSide === 'right' ? 'merkle.nodeRight' : 'merkle.nodeLeft',
          { level: s.level, sibling: short(s.sibling), hash: short(s.hash) })));
      }
      list.appendChild(li);
    });
    const end = el('li', 'merkle-step root ' + (reaches ? 'root-reached' : 'root-missed'),
      t(reaches ? 'merkle.reaches' : 'merkle.misses', { root: short(h.root), hash: short(hash) }));
    list.appendChild(end);
    return list;
  }

  function leavePicture(rec) {
    return pick(rec.hands, '/hands').map(([h, n]) => {
      const block = el('div', 'picture-block leave', null, [handHeadingEl(rec, h, n)]);
      block.dataset.pointer = '/hands/' + n;
      const pathBox = el('div', 'merkle-box');
      const all = [];
      const pick = (cardNode, c) => {
        for (const x of all) x.node.setAttribute('aria-pressed', String(x.node === cardNode));
        pathBox.replaceChildren(el('div', 'who', t('merkle.title', { card: cardWords(c.card) })), merklePath(h, c));
      };
      const cardButtons = (list, field) => list.map((c, k) => {
        const b = el('button', 'card-button');
        b.type = 'button';
        b.dataset.pointer = '/hands/' + n + '/' + field + '/' + k;
        b.dataset.value = c.card;
        b.appendChild(cardEl(c.card));
        // The name starts with what the button shows (WCAG 2.5.3), then says it in words.
        named(b, t('merkle.show', { shown: b.textContent, card: cardWords(c.card) }));
        b.addEventListener('click', () => pick(b, c));
        expectedOf.set(b, () => el('span', 'expected-text', t('merkle.expected', { root: short(h.root) })));
        all.push({ node: b, c });
        return b;
      });
      block.appendChild(el('div', 'hand', null, [el('div', 'who', t('pic.ownCards', { seat: seatWords(num(rec.seat)) })), row('cards', cardButtons(h.cards, 'cards'), t('pic.ownCards', { seat: seatWords(num(rec.seat)) }))]));
      // A hand that ended before the flop has no community cards: no row for them.
      if (h.board.length > 0) block.appendChild(el('div', 'hand', null, [el('div', 'who', t('pic.board')), row('cards', cardButtons(h.board, 'board'), t('pic.board'))]));
      block.appendChild(pathBox);
      // The path drawn first is the first card whose path misses the root, else the first card.
      const first = all.find((x) => pf._internal.poker.rootFrom(leafOf(x.c), num(x.c.position), x.c.path) !== h.root) || all[0];
      if (first) pick(first.node, first.c);
      return block;
    });
  }

  function chessPicture(rec) {
    const white = rec.white;
    const name = (side) => {
      const client = rec['client' + side];
      return client === null || client === undefined ? t('chess.bot', { side }) : t('chess.player', { side, who: client });
    };
    const piece = (colour, side) => {
      const e = el('div', 'chess-side ' + colour, null, [el('span', 'king', colour === 'white' ? '♔' : '♚'), el('span', 'who', name(side)), el('span', 'colour', t('chess.' + colour))]);
      e.setAttribute('role', 'img');
      named(e, t('chess.plays', { who: name(side), colour: t('chess.' + colour) }));
      if (colour === 'white') {
        e.dataset.pointer = '/white';
        // One colon on the line: "expected B (the bot) plays White".
        const calledOut = (side) => (rec['client' + side] === null || rec['client' + side] === undefined ? t('chess.botNamed', { side }) : t('chess.playerNamed', { side, who: rec['client' + side] }));
        expectedOf.set(e, (v) => el('span', 'expected-text', /^[AB]$/.test(v) ? t('chess.plays', { who: calledOut(v), colour: t('chess.white') }) : v));
      }
      return e;
    };
    const other = white === 'A' ? 'B' : 'A';
    return [el('div', 'picture-block chess', null, [piece('white', white), piece('black', other)])];
  }

  /** A commitment the record gives, as a line the mismatch marks can point at. */
  function commitmentLine(key, pointer, hash, params) {
    const p = el('p', 'hash-line commitment', t(key, Object.assign({ hash: short(hash) }, params)));
    p.dataset.pointer = pointer;
    p.title = escaped(hash);
    return p;
  }

  function pictureOf(read) {
    const rec = read.record;
    if (read.kind === 'match') return [commitmentLine('pic.commitment', '/commitment', rec.commitment)].concat(matchPicture(rec));
    if (read.kind === 'leave') return leavePicture(rec);
    if (read.kind === 'session') {
      const opened = rec.commitment === undefined ? el('p', 'hash-line', t('pic.sessionNoCommitment')) : commitmentLine('pic.sessionCommitment', '/commitment', rec.commitment);
      return [opened].concat(sessionPicture(rec));
    }
    if (read.kind === 'game') {
      const lines = [commitmentLine('pic.commitmentOf', '/commitA', rec.commitA, { side: 'A' })];
      if (rec.seedB !== null) lines.push(commitmentLine('pic.commitmentOf', '/commitB', rec.commitB, { side: 'B' }));
      return lines.concat(chessPicture(rec));
    }
    if (read.kind === 'hand_end') return [commitmentLine('pic.fingerprint', '/commit', rec.commit)].concat(selfpokerPicture(rec.hands, rec.board));
    return [];
  }

  /** Marks what a mismatch points at and puts the expected value beside it. */
  function markMismatches(root, mismatches) {
    // A value the picture can show (a card, a tile, dice, a text) is marked before a
    // description of one ("a card not dealt before"), so that it wins an element both name.
    const plain = (m) => !m.say || typeof m.say.expected === 'string';
    for (const m of [...mismatches.filter(plain), ...mismatches.filter((m) => !plain(m))]) {
      let p = m.pointer;
      let target = null;
      while (p && !(target = root.querySelector('[data-pointer="' + CSS.escape(p) + '"]'))) p = p.slice(0, p.lastIndexOf('/'));
      if (!target) continue;
      const exact = p === m.pointer;
      // An element marked once, with its first mismatch's expected value: several inside
      // one not drawn value by value, or a card both misplaced and shown twice (the
      // mismatch tables list every one), never "expected" twice side by side.
      if (target.classList.contains('bad')) continue;
      target.classList.add('bad');
      target.setAttribute('aria-invalid', 'true');
      const found = target.dataset.value;
      // The say's value, never the verifier's English words for it (m.expected).
      const want = m.say && typeof m.say.expected === 'string' ? m.say.expected : null;
      let expected = null;
      if (exact && CARD.test(want) && target.classList.contains('card')) expected = cardEl(want);
      else if (exact && TILE.test(want) && target.classList.contains('tile')) expected = tileEl(want);
      else if (exact && /^[1-6](-[1-6])*$/.test(want) && target.classList.contains('dice')) expected = diceEl(want.split('-').map(Number));
      // The words say the values, never the text of the element marked (a whole table's, run together).
      // A hash is cut as the picture cuts the value beside it; the table below holds both in full.
      const callout = (v) => (HASH.test(v) ? short(v) : mismatchValue(m, v));
      const words = t('mismatch.label', { found: callout(m.say.found), expected: callout(m.say.expected) });
      const own = exact && !expected && expectedOf.get(target);
      // The word agrees with what it marks: a card or a tile (feminine in Italian and French), a hand's number, or anything else.
      // A card button's own call-out expects a path (masculine), not a card.
      const word = target.dataset.expectedWord || (!own && ['card', 'tile', 'card-button'].some((c) => target.classList.contains(c)) ? 'expected.card' : 'expected');
      // A value the picture does not draw (a card of the first distribution when the final hands are
      // shown) is marked on its block with its place, as the table says it, never beside a neighbour it does not describe.
      const block = !exact && !/^(SPAN|BUTTON)$/.test(target.tagName) && m.say.at;
      const line = block ? t('mismatch.line', { at: sentence(placeWords(m.say.at)), found: callout(m.say.found), expected: callout(m.say.expected) }) : null;
      const note = block
        ? el('span', 'expected-box', null, [el('span', 'expected-text', line)])
        : el('span', 'expected-box', null, [el('span', 'expected-word', t(word)), expected || (own ? own(want) : el('span', 'expected-text', callout(m.say.expected)))]);
      note.setAttribute('role', 'note');
      named(note, line || words);
      if (expected) expected.classList.add('expected');
      if (/^(SPAN|BUTTON)$/.test(target.tagName)) {
        // A card, tile, dice or card button: the expected one right beside it.
        const wrap = el('span', 'mismatch-pair');
        target.replaceWith(wrap);
        wrap.appendChild(target);
        wrap.appendChild(note);
      } else {
        // A seat, a line, a table or a block: the expected value inside it, at its end.
        target.classList.add('has-mismatch');
        target.appendChild(note);
      }
      if (target.getAttribute('role') === 'img' && found !== undefined) named(target, words);
    }
  }

  function describeValue(v) {
    if (CARD.test(v)) return cardWords(v);
    if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(v)) return recordTimeWords(v);
    if (TILE.test(v)) return tileWords(v);
    if (/^[1-6](-[1-6])+$/.test(v)) return t('dice.name', { dice: listWords(v.split('-')) });
    return v;
  }

  // --- the verifier's says, in words -----------------------------------------------
  // verifier.js gives each check, mismatch, note and title as a say (a code with
  // parameters, report_words.js); the page words it from strings.js (generated
  // from spec/catalog/*.po) in its locale.

  /** A say of a table (check, summary, value, note, title) in words. */
  function sayWords(table, s) {
    const params = {};
    for (const [k, v] of Object.entries(s.params)) params[k] = k === 'hand' && s.code !== 'hand_range' ? handWords(v, s.params.counted) : paramWords(k, v, s.code);
    // One opening throw (the first was not a tie) is said in the singular.
    const one = s.code === 'opening_throws' && s.params.throws.length === 1;
    const key = table + '.' + (one ? 'opening_throw' : s.code);
    const words = t(key, params, s.params);
    return table === 'summary' ? sentence(words) : words;
  }

  /** The client seed a seat order names by its place in the record's list, in quotes. */
  function seedWords(ix) {
    const seeds = shownRecord && Array.isArray(shownRecord.clientSeeds) ? shownRecord.clientSeeds : [];
    const who = /^\d+$/.test(String(ix)) && seeds[Number(ix)] !== undefined ? seeds[Number(ix)] : String(ix);
    return t('quoted', { text: who });
  }

  function paramWords(k, v, code) {
    if (v === null) return t('value.nothing');
    // Backgammon throws as the rest of the page says them: "dice 3 and 4", never "3-4".
    if (k === 'throws') return listWords(v.map((x) => t('dice.name', { dice: listWords(String(x).split('-')) })));
    if (k === 'seats' && Array.isArray(v)) return listWords(v.map((x) => (code === 'seats_drawn' ? seedWords(x) : seatWords(x))));
    if (Array.isArray(v)) return v.join(' ');
    if (typeof v === 'object') return k === 'at' ? placeWords(v) : valueWords(v);
    if (k === 'game') return STRINGS.en['game.' + v] === undefined ? v : t('game.' + v);
    if (k === 'root') return short(v);
    if (k === 'seat') return seatWords(v);
    if (k === 'hand' && code !== 'hand_range') return handCount(v);
    // The record's way of dealing said as the rule it chooses, never its value ("pairs").
    if (k === 'dealing' && STRINGS.en['reading.dealing.' + v] !== undefined) return t('reading.dealing.' + v);
    // A deck position is an index from 0 in the record; a player counts the deck's cards from 1.
    if (k === 'position') return Number(v) + 1;
    if ((k === 'expected' || k === 'found') && code === 'position_expected' && /^\d+$/.test(String(v))) return Number(v) + 1;
    if (k === 'duration') return durationWords(String(v));
    if (k === 'time') return timeWords(String(v));
    if (k === 'card' || k === 'tile') return describeValue(String(v));
    return String(v);
  }

  /** Whether a check is the self-hosted room's commitment, which its page calls the fingerprint it shows. */
  const isFingerprint = (name) => name.code === 'commitment' && shownKind === 'hand_end';

  /** A check named as a place ("hand 2, commitment"; the self-hosted room's fingerprint). */
  function checkPlace(check) {
    if (isFingerprint(check)) return t('where.fingerprint');
    return sayWords(STRINGS.en['where.' + check.code] === undefined ? 'check' : 'where', check);
  }

  /** A place ({deal: 2, seat: 2, card: 7}) in words, its parts in the verifier's order. */
  function placeWords(at) {
    return pf.records.words.codes.place.filter((k) => at[k] !== undefined)
      // A check named as a place, lower-case as the other places are ("hand 2, commitment").
      .map((k) => (k === 'check' ? checkPlace(at.check) : k === 'seat' ? t('at.seat', { seat: seatWords(at.seat) })
        : k === 'entry' ? t('at.listedHand', { n: at.entry }) // the says name an entry only in a record's list of hands
          : t('at.' + k, { n: k === 'position' ? Number(at[k]) + 1 : k === 'hand' ? handCount(at[k]) : at[k] }))).join(', ');
  }

  /**
   * A mismatch's expected or found value in words. A seat order's values are
   * places in the record's list of client seeds, counted from 0: said as the
   * client seed they name, never as the number.
   */
  function mismatchValue(m, v) {
    const seeds = shownRecord && Array.isArray(shownRecord.clientSeeds) ? shownRecord.clientSeeds : null;
    if (seeds && /^\/seats\/\d+$/.test(m.pointer || '') && typeof v === 'string' && /^\d+$/.test(v) && seeds[Number(v)] !== undefined) {
      return t('value.clientSeed', { who: seeds[Number(v)] });
    }
    // A card's deck position is an index from 0 in the record: said as the check says it, "card 7 of the deck".
    if (/\/position$/.test(m.pointer || '') && typeof v === 'string' && /^\d+$/.test(v)) return t('at.position', { n: Number(v) + 1 });
    return valueWords(v);
  }

  /** An expected or found value: a card, tile or text as it is, a say in words. */
  function valueWords(v) {
    return typeof v === 'string' ? describeValue(v) : sayWords('value', v);
  }

  /** A reading (READ-1) said as the rule it chooses. */
  function readingWords(x) {
    const choice = x.order !== undefined ? (x.declared ? 'listed' : 'kit') : String(x.value);
    return t('reading.' + x.field + '.' + choice);
  }

  /**
   * The readings note: the rules the record declared in one sentence, those it
   * left to the kit in another, so that neither reason is repeated after each rule.
   */
  function readingsWords(readings) {
    const rules = (declared) => readings.filter((x) => Boolean(x.declared) === declared).map(readingWords).join(t('reading.separator'));
    const record = rules(true), kit = rules(false);
    if (record === '') return t('reading.kitOnly', { readings: kit });
    if (kit === '') return t('note.readings', { readings: record });
    return t('note.readings', { readings: record }) + ' ' + t('reading.kitToo', { readings: kit });
  }

  /** Items joined as the locale joins a list ("2 and 5", "2 e 5"). */
  const listWords = (items) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(items.map(String));

  /** A duration as the verifiers write it (Go's form: "24h0m0s", "41m7s", "0.5s") in words, its zero parts left out. */
  function durationWords(text) {
    const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?$/.exec(text);
    if (!m || text === '') return text;
    const parts = [['hour', m[1]], ['minute', m[2]], ['second', m[3]]].filter(([, v]) => v !== undefined && Number(v) !== 0)
      .map(([unit, v]) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 9 }).format(Number(v)));
    return parts.length === 0 ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(0) : listWords(parts);
  }

  /**
   * A time as a record writes it (RFC 3339, any number of digits after the
   * second) in the locale's words: the second, then "and a fraction of a second"
   * when digits past it are not all zero, never the digits themselves.
   */
  function recordTimeWords(text) {
    const whole = text.replace(/^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\.\d+/, '$1');
    const words = timeWords(whole);
    if (words === whole) return text.length > 40 ? text.slice(0, 39) + '…' : text;
    return /^[^.]*T[\d:]+\.\d*[1-9]/.test(text) ? t('time.fraction', { time: words }) : words;
  }

  /** A character a refusal names: in the locale's quotation marks, or as its code point (U+202E) when it has no glyph. */
  function charWords(c) {
    try {
      return c.startsWith('"') ? t('quoted', { text: JSON.parse(c) }) : c;
    } catch {
      return c; // an escape JSON does not read: shown as the verifier wrote it
    }
  }

  /** An RFC 3339 time in the locale's words, its time zone (UTC) stated. */
  function timeWords(text) {
    const when = new Date(text);
    if (!/^\d{4}-\d\d-\d\dT/.test(text) || Number.isNaN(when.getTime())) return text;
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(when);
  }

  // --- records ---------------------------------------------------------------

  const MAX_MISMATCH_ROWS = 60;

  // more: the mismatches the check counted without listing them (REC-10).
  // found: the third column's name, the record's values or those typed in a form.
  function mismatchTable(ms, more, found = 'table.found') {
    const heads = [t('table.where'), t('table.expected'), t(found)];
    const head = el('tr', null, null, heads.map((h) => el('th', null, h)));
    // A value with a long run of no spaces (a hash, a seed) is a token: it may break anywhere.
    // On a narrow screen each row stands on its own, every cell after its column's name (data-label).
    const cell = (text, i) => {
      const td = el('td', i === 0 ? null : /\S{20}/.test(text) ? 'value token' : 'value', text);
      td.dataset.label = escaped(heads[i]);
      return td;
    };
    const rows = ms.slice(0, MAX_MISMATCH_ROWS).map((m) => el('tr', null, null, [
      cell(m.say ? placeWords(m.say.at) : m.where, 0),
      cell(m.say ? mismatchValue(m, m.say.expected) : m.expected, 1),
      cell(m.say ? mismatchValue(m, m.say.found) : m.found, 2),
    ]));
    const table = el('table', 'mismatches', null, [el('thead', null, null, [head]), el('tbody', null, null, rows)]);
    // display: block on a phone (page.css) must not take the table's meaning away.
    table.setAttribute('role', 'table');
    for (const tr of table.querySelectorAll('tr')) tr.setAttribute('role', 'row');
    for (const th of table.querySelectorAll('th')) th.setAttribute('role', 'columnheader');
    for (const td of table.querySelectorAll('td')) td.setAttribute('role', 'cell');
    const out = [table];
    const left = Math.max(0, ms.length - MAX_MISMATCH_ROWS) + more;
    if (left > 0) out.push(el('p', 'quiet', t('table.more', { n: left })));
    return out;
  }

  // The record whose report is being worded (sayWords reads it for the chess-bot summary).
  let shownRecord = null;
  let shownKind = null;


  /** A check's name; a hand whose number is out of range is named by the record's number alone. */
  function checkName(c) {
    if (outOfRangeIn([c]).size > 0) return t('pic.handNumbered', { number: c.say.name.params.hand });
    // The self-hosted room shows a fingerprint, and its page says so throughout.
    if (isFingerprint(c.say.name)) return t('check.fingerprint');
    return sayWords('check', c.say.name);
  }

  // A hash that does not match says what it means, by the code the report gives it
  // (summary.commitment_differs, …), and leaves the two values to the table below it.
  function summaryWords(c) {
    const differs = !c.ok && c.say.summary.code === 'expected_found' ? c.say.summary.params.differs : undefined;
    return differs !== undefined ? t('summary.' + differs, c.say.summary.params) : sayWords('summary', c.say.summary);
  }

  function renderReport(res, read) {
    const rep = res.report;
    shownRecord = read ? read.record : null;
    shownKind = read ? read.kind : null;
    const failed = rep.checks.filter((c) => !c.ok).length;
    const verdict = failed === 0
      ? verdictEl('ok', t('verdict.verified', { n: rep.checks.length }))
      : verdictEl('fail', rep.checks.length === 1 ? t('verdict.failedOne') : t('verdict.failed', { failed, n: rep.checks.length }));
    const nodes = [verdict, el('h3', 'title', sayWords('title', rep.say.title))];
    if (read) {
      const picture = el('div', 'picture', null, [el('h3', null, t('pic.heading'))]);
      picture.dataset.scheme = read.scheme;
      picture.dataset.kind = read.kind;
      const mismatches = [];
      for (const c of rep.checks) if (!c.ok) mismatches.push(...(c.mismatches || []));
      mismatchPointers = mismatches.map((m) => m.pointer);
      outOfRange = outOfRangeIn(rep.checks);
      notDrawn = 0;
      for (const n of pictureOf(read)) picture.appendChild(n);
      if (notDrawn > 0) picture.appendChild(el('p', 'note not-drawn', t('pic.notDrawn', { n: notDrawn })));
      markMismatches(picture, mismatches);
      nodes.push(picture);
    }
    const items = rep.checks.map((c) => {
      const li = el('li', 'check ' + (c.ok ? 'ok' : 'fail'), null, [
        el('span', 'mark', c.ok ? t('check.passed') : t('check.failed')),
        el('span', 'name', checkName(c)),
        el('span', 'summary', summaryWords(c)),
      ]);
      if (c.mismatches) for (const n of mismatchTable(c.mismatches, c.more || 0)) li.appendChild(n);
      return li;
    });
    nodes.push(el('h3', null, t('checks.heading')), el('ol', 'checks', null, items));
    for (const n of rep.say.notes) nodes.push(el('p', 'note', n.code === 'readings' ? readingsWords(n.params.readings) : sayWords('note', n)));
    return nodes;
  }

  function renderResult(res, read, data) {
    if (res.status === 'verified' || res.status === 'failed') return renderReport(res, read);
    if (res.status === 'unspecified') {
      return [
        verdictEl('unspecified', t('unspecified.verdict')),
        el('p', null, t('unspecified.why')),
      ];
    }
    const known = ['malformed_request', 'input_too_large', 'unknown_scheme', 'invalid_integer', 'invalid_record', 'out_of_range', 'internal_error'];
    return [
      verdictEl('unreadable', t('unreadable.verdict')),
      el('p', null, t(known.includes(res.error.code) ? 'unreadable.' + res.error.code : 'unreadable.other')),
      // A listed wall or deck that is not the set comes with the verification's result; the schema's violations with the reader's.
      ...schemaDetail(res.error.code === 'invalid_record' ? res.error.violation || violationOf(data) : null),
    ];
  }

  /** The schema violation the reader found in a record refused as invalid_record (SCH-2): its code, place and field; or null. */
  function violationOf(data) {
    try {
      pf.records.read(data);
    } catch (e) {
      return e.violation || null;
    }
    return null;
  }

  // A record refused by its schema (SCH-1): the verifier's message is English for
  // implementers ('deal 1 (/deals/0): expected at least 4 hands, found 3'); the
  // page says where and what in the locale from the
  // violation's code and place, and quotes a name the record holds only where it
  // names the field that is wrong.
  const ARRAY_ITEM = { deals: 'deal', hands: 'hand', games: 'game', clientSeeds: 'clientSeed', opening: 'opening', rolls: 'turn', draws: 'draw', cards: 'ownCard', board: 'boardCard', deck: 'position' };

  // The fields that hold a name the site chose, which SCH-1 holds to letters, digits, "-", "_" and "." (1 to 64 of them).
  const NAME_FIELD = /^\/(?:clientSeeds\/\d+|matchId|table|session|clientA|clientB)$/;

  /** A field of a record said as the page names it ("the game"), or "a field of the record". */
  const fieldWords = (name) => (STRINGS.en['field.' + name] === undefined ? t('field.other') : t('field.' + name));

  function pointerWords(pointer, schema) {
    // The self-hosted room's hands are its players' ("player 1, card 2").
    const items = /selfpoker/.test(schema || '') ? Object.assign({}, ARRAY_ITEM, { hands: 'player' }) : ARRAY_ITEM;
    const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (parts.length === 0) return t('field.record');
    const out = [];
    parts.forEach((p, i) => {
      const before = parts[i - 1];
      // The seed of the fairplay object is the one it names: "the seed revealed after the hand", said once.
      if (before === 'fairplay' && p === 'seed') return;
      // An entry of the seat order is a client seed's place in their list, not a seat: "the seat order, entry 1".
      if (before === 'seats' && /^\d+$/.test(p)) out.push(t('at.entry', { n: Number(p) + 1 }));
      else if (/^\d+$/.test(p)) {
        // An item stands for its list: "deal 2", not "the deals, deal 2".
        if (items[before]) out.pop();
        out.push(t('at.' + (items[before] || (['hand', 'player'].includes(items[parts[i - 2]]) ? 'card' : 'entry')), { n: Number(p) + 1 }));
      } else out.push(fieldWords(p));
    });
    return out.join(', ');
  }

  /** A text as a refusal shows it (REF-1: in quotes, hidden characters as \u{XXXX}): its characters, an escape as the one it stands for. */
  function shownChars(shown) {
    const inner = /^".*"$/s.test(String(shown)) ? String(shown).slice(1, -1) : String(shown);
    return Array.from(inner.matchAll(/\\u\{([0-9A-Fa-f]+)\}|\\(.)|[\s\S]/gu), (m) => (m[1] ? String.fromCodePoint(parseInt(m[1], 16)) : m[2] !== undefined ? m[2] : m[0]));
  }

  /** The first character of a name (as a refusal shows it) that names may not hold, or null: none in what is shown (the length is wrong). */
  function forbiddenChar(shown) {
    const chars = shownChars(shown);
    const k = chars.findIndex((c) => !/^[A-Za-z0-9._-]$/.test(c));
    // A value cut to its first 40 characters ends with "…" (REF-1), which is not the record's.
    return k < 0 || (k === chars.length - 1 && k === 40 && chars[k] === '…') ? null : chars[k];
  }

  function schemaDetail(v) {
    if (v === null) return [];
    const C = 'cli.schema.';
    const p = (key, params) => el('p', 'detail', t(key, params));
    const forbidden = v.code.startsWith(C + 'forbidden');
    const bad = v.code === C + 'pattern' && NAME_FIELD.test(v.pointer) ? forbiddenChar(v.params.found) : null;
    const seed = /^\/clientSeeds\/(\d+)$/.exec(v.pointer);
    // A client seed with a character no name may hold ("north,1=east"): one sentence, as the values form says it.
    if (bad !== null && seed) return [p('schema.idCharSeed', { n: Number(seed[1]) + 1, char: t('quoted', { text: bad }) })];
    // A listed wall or deck that does not hold the set (READ-10, READ-11): which piece, how often, and how often the set holds it.
    const order = { 'cli.refusal.order.mahjongWall': ['unreadable.wall_not_a_set', 'tile'], 'cli.refusal.order.balootDeck': ['unreadable.deck_not_a_set', 'card'] }[v.code];
    if (order) return [p(order[0], { [order[1]]: t('quoted', { text: v.params.piece }), count: v.params.found, want: v.params.want })];
    const deal = /^\/deals\/(\d+)$/.exec(v.pointer);
    // A deal with too few or too many hands: one sentence that names it and counts its hands.
    if (deal && (v.code === C + 'minItems' || v.code === C + 'maxItems')) return [p('schema.dealHands', { deal: Number(deal[1]) + 1, found: v.params.found, want: v.count })];
    const out = v.pointer === '' ? [] : [p('schema.at', { where: pointerWords(v.pointer, v.schema) })];
    if (v.code === C + 'minItems') out.push(p('schema.fewItems', { min: v.count, found: v.params.found }));
    else if (v.code === C + 'maxItems') out.push(p('schema.manyItems', { max: v.count, found: v.params.found }));
    else if (v.code === C + 'missing' && v.field === 'commitment' && /poker_session/.test(v.schema)) {
      out.push(p('schema.missingSessionCommitment')); // required because sessionCommitment does not say none
    } else if (v.code === C + 'missing' || v.code === C + 'missingBeside') {
      out.push(p('schema.missing', { field: fieldWords(v.field) }));
      // Beside an unknown field that resembles it: a misspelling, the unknown one quoted as the record writes it.
      if (v.code === C + 'missingBeside') out.push(p('schema.extraNear', { field: shownChars(v.params.unknown).join(''), near: v.field }));
    } else if (forbidden && v.field === 'commitment' && /poker_session/.test(v.schema)) {
      out.push(p('schema.commitmentDeclaredNone')); // the session's sessionCommitment says none
    } else if (forbidden && Object.keys(STRINGS.en).some((key) => key.startsWith('reading.' + v.field + '.'))) {
      out.push(p('schema.ruleElsewhere')); // a reading another game or kind of record declares
    } else if (forbidden || v.code === C + 'unknown') out.push(p('schema.extraNamed', { field: shownChars(v.params.name).join('') }));
    else if (bad !== null) out.push(p('schema.idChar', { char: t('quoted', { text: bad }) }));
    // A name with no character ruled out is refused for its length: none, or more than 64.
    else if (v.code === C + 'pattern' && NAME_FIELD.test(v.pointer)) out.push(p(shownChars(v.params.found).length === 0 ? 'schema.idEmpty' : 'schema.idLong'));
    else {
      // A value out of range or badly written says what it holds and what is possible; the last resort, "not of the kind expected".
      const [key, params] = valueDetail(v) || [v.pointer === '' ? 'schema.valueNowhere' : 'schema.value']; // "there" needs a place before it
      if (key === 'schema.seedNegative') return [p(key)]; // the sentence names its place
      out.push(p(key, params));
    }
    return out;
  }

  // The patterns of SCH-1 a value can fail, worded for a player: the schema's pattern, its words' key.
  const PATTERN_WORDS = {
    '^[0-9a-f]{64}$': 'schema.hex', '^(-|[0-9a-f]{64})$': 'schema.hexOrDash', '^[2-9TJQKA][cdhs]$': 'schema.notCard',
    '^[789TJQKA][cdhs]$': 'schema.notCard32', '^([1-9][mps]|E|S|W|N|Wd|Gd|Rd)$': 'schema.notTile',
  };

  /** A number as a refusal shows it, cut to its first digits: a player needs to recognise it, not read 40 digits. */
  const numberShown = (shown) => {
    const chars = shownChars(shown).filter((c) => c !== '…');
    return chars.length > 12 ? chars.slice(0, 12).join('') + '…' : chars.join('');
  };

  /** The words for a value out of range, of an unknown kind or failing its pattern: [key, params], or null. */
  function valueDetail(v) {
    const C = 'cli.schema.';
    if (v.code === C + 'pattern' && PATTERN_WORDS[v.params.pattern]) return [PATTERN_WORDS[v.params.pattern]];
    if (v.code === C + 'maximum' && /^\/seats\/\d+$/.test(v.pointer)) return ['schema.seatIndex', { found: numberShown(v.params.found), max: v.params.max }];
    if (v.code === C + 'minimum' && v.pointer === '/fairplay/seed') return ['schema.seedNegative'];
    if (v.code === C + 'maximum') return ['schema.tooLarge', { found: numberShown(v.params.found), max: v.params.max }];
    if (v.code === C + 'minimum') return ['schema.tooSmall', { found: numberShown(v.params.found), min: v.params.min }];
    if (v.code === C + 'enum') {
      const quoted = (shown) => t('quoted', { text: shownChars(shown).join('') });
      const values = Array.from(String(v.params.values).matchAll(/"(?:[^"\\]|\\.)*"/g), (m) => shownChars(m[0]).join(''));
      const found = quoted(v.params.found);
      // The ways of dealing said as the rules they choose; a list of the kit's own words (snake_case, camelCase) is not shown.
      const ways = values.map((x) => 'reading.dealing.' + x);
      if (v.pointer === '/dealing' && ways.every((k) => STRINGS.en[k] !== undefined)) {
        return ['schema.unknownDealing', { found, values: new Intl.ListFormat(locale, { type: 'disjunction' }).format(ways.map((k) => t(k))) }];
      }
      return values.some((x) => /_|[a-z][A-Z]/.test(x)) ? ['schema.enumUnknown', { found }] : ['schema.enum', { found, values: listWords(values.map((x) => t('quoted', { text: x }))) }];
    }
    return null;
  }

  let lastRecord = null;
  let lastRefused = null; // the message of a link refused, said again when the language changes

  /** Checks a record and shows the answer in the record section, or in the element named by into. */
  function checkRecord(data, label, into) {
    const target = $(into || 'record-result');
    if (!into) {
      lastRecord = { data, label };
      lastRefused = null;
    }
    if ((typeof data === 'string' && data.trim() === '') || (data instanceof Uint8Array && data.length === 0)) {
      delete target.dataset.status;
      show(target, [verdictEl('unreadable', t('record.empty'))]);
      return;
    }
    const res = pf.verifyRecord(data, { path: label || 'pasted record' });
    let read = null;
    if (res.report) {
      try {
        read = pf.records.read(data);
      } catch { read = null; }
    }
    target.dataset.status = res.status;
    const nodes = renderResult(res, read, data);
    if (label === 'link') nodes.push(el('p', 'quiet from-link', t('link.from')));
    show(target, nodes);
  }

  // --- the self-hosted poker room ----------------------------------------------

  let lastHand = false;

  function problem(text) {
    return [verdictEl('unreadable', text)];
  }

  function checkHand() {
    const target = $('selfpoker-result');
    lastHand = true;
    delete target.dataset.status;
    const commitText = $('sp-commit').value.trim();
    const seed = $('sp-seed').value.trim();
    const playersText = $('sp-players').value.trim();
    if (!/^[0-9a-fA-F]{64}$/.test(commitText)) {
      show(target, problem(commitText === '' ? t('sp.noCommit')
        : t(/[^0-9a-fA-F]/.test(commitText) ? 'sp.badCommitChars' : 'sp.badCommit', { n: commitText.length })));
      return;
    }
    if (!/^[0-9]+$/.test(playersText) || +playersText < 2 || +playersText > 23) {
      show(target, problem(t('sp.badPlayers', { found: playersText })));
      return;
    }
    let deal;
    try {
      deal = pf.selfpokerV1.deal({ seed, players: +playersText });
    } catch (e) {
      if (!(e instanceof pf.PfkitError)) throw e;
      const words = seed === '' ? t('sp.noSeed') : e.code === 'out_of_range' ? t('sp.seedTooLarge') : t('sp.seedDigits');
      show(target, [verdictEl('unreadable', words)]);
      return;
    }
    const fingerprint = commitText.toLowerCase();
    const ok = deal.commit === fingerprint;
    target.dataset.status = ok ? 'verified' : 'failed';
    const nodes = [ok
      ? verdictEl('ok', t('sp.matches', { seed }))
      : verdictEl('fail', t('sp.differs'))];
    if (!ok) {
      nodes.push(...mismatchTable([{ where: 'SHA-256 ("selfpoker:' + seed + '")', expected: deal.commit, found: fingerprint }], 0, 'table.entered'));
      nodes.push(el('p', null, t('sp.differsNote')));
    }
    const picture = el('div', 'picture', null, [el('h3', null, t('pic.heading'))]);
    picture.dataset.scheme = 'selfpoker_v1';
    for (const n of selfpokerPicture(deal.hands, deal.board)) picture.appendChild(n);
    nodes.push(picture);
    nodes.push(el('h3', null, t('sp.deckHeading')));
    const deck = row('cards deck', deal.deck.map(pf.cardName.selfpoker).map((c) => cardEl(c)), t('sp.deckHeading'));
    nodes.push(deck);
    nodes.push(el('p', 'note', t('sp.note1')));
    nodes.push(el('p', 'note', t('sp.note2')));
    show(target, nodes);
  }

  // --- the values the site shows ----------------------------------------------------
  // A match, a chess game or a poker leave bundle recomputed from what a player
  // sees, with verifier.js's own functions (the match and colour ops, commit):
  // the commitment checked, then what the seeds deal, drawn as a record's is.

  const PLAY_KIND = { bridge: 'deals', tarneeb: 'deals', trix: 'deals', baloot: 'baloot', mahjong: 'mahjong', backgammon: 'backgammon', checkers: 'none', xiangqi: 'none' };
  let lastValues = null;

  function fillGames() {
    const select = $('m-game');
    if (!pf || !select) return;
    const chosen = select.value || 'bridge';
    select.replaceChildren(...pf.games.map((g) => {
      const o = el('option', null, t('game.' + g.name));
      o.value = g.name;
      return o;
    }));
    select.value = chosen;
    playWords();
  }

  /** The label and hint of the field that says how much was played, for the game chosen. */
  function playWords() {
    const kind = PLAY_KIND[$('m-game').value] || 'none';
    $('m-play-label').textContent = t('values.play.' + kind);
    $('m-play-hint').textContent = t('values.hint.' + kind);
    $('m-play').disabled = kind === 'none';
  }

  /** What the match op plays, from the field's numbers: deals, turns per game, buyers per hand, tiles per hand. */
  function playOf(kind, text) {
    const items = text.trim().split(/[\s,;]+/).filter((x) => x !== '').map((x) => (/^\d+$/.test(x) ? Number(x) : x === '-' ? null : x));
    if (kind === 'deals') return { deals: items.length === 1 ? items[0] : text.trim() };
    if (kind === 'backgammon') return { games: items };
    // A player counts seats from 1; the record, and so the verifier, from 0.
    if (kind === 'baloot') return { hands: items.map((buyer) => ({ buyer: typeof buyer === 'number' ? buyer - 1 : buyer })) };
    if (kind === 'mahjong') return { hands: items };
    return {};
  }

  /** The commitment published, compared with SHA-256 of the seed revealed (verifier.js's commit). */
  function commitmentRow(label, seed, published) {
    const want = pf.commit(seed);
    const found = published.trim().toLowerCase();
    return { ok: want === found, row: { where: label, expected: want, found: found === '' ? t('value.nothing') : found } };
  }

  /** The answer for values: commitments compared, then the picture of what the seeds give. */
  function valuesAnswer(rows, okKey, badKey, pictureNodes) {
    const bad = rows.filter((r) => !r.ok).map((r) => r.row);
    const target = $('values-result');
    target.dataset.status = bad.length === 0 ? 'verified' : 'failed';
    const nodes = [verdictEl(bad.length === 0 ? 'ok' : 'fail', t(bad.length === 0 ? okKey : badKey))];
    if (bad.length > 0) nodes.push(...mismatchTable(bad, 0, 'table.entered'));
    mismatchPointers = [];
    notDrawn = 0;
    const picture = el('div', 'picture', null, [el('h3', null, t('pic.heading')), ...pictureNodes()]);
    if (notDrawn > 0) picture.appendChild(el('p', 'note not-drawn', t('pic.notDrawn', { n: notDrawn })));
    nodes.push(picture);
    show(target, nodes);
  }

  // The form's fields by the verifier's input names: a refusal names the field as its label does.
  const FORM_FIELD = { serverSeed: 'values.serverSeed', matchId: 'values.matchId', clientSeeds: 'values.clientSeeds', seedA: 'values.seedA', seedB: 'values.seedB', clientA: 'values.clientA', clientB: 'values.clientB' };

  /**
   * A form's value refused, in the locale: the verifier's message is English for
   * implementers ('input.clientSeeds[0]: expected only characters from A-Z a-z
   * 0-9 - _ ., found "," at position 1'); the page names the field by its label
   * and says what was expected and found, characters counted from 1.
   */
  function formProblem(e) {
    const m = /^input\.(\w+)(?:\[(\d+)\])?(?:\.(\w+)(?:\[(\d+)\])?)?(?:\.\w+)?: (.*)$/s.exec(e.message);
    if (!m) return t('form.other');
    const [, head, ix, , playIx, complaint] = m;
    const label = head === 'play' ? $('m-play-label').textContent : t(FORM_FIELD[head] || 'field.other');
    const name = label.split(/\s*[(,]/)[0];
    const buyer = head === 'play' && PLAY_KIND[$('m-game').value] === 'baloot'; // seats typed from 1 (playOf)
    const field = ix !== undefined ? t('form.line', { field: name, n: Number(ix) + 1 })
      : playIx !== undefined ? (buyer ? t('form.buyerHand', { n: Number(playIx) + 1 }) : t('form.entry', { field: name, n: Number(playIx) + 1 })) : name;
    let k, what;
    if ((k = /^expected 64 lowercase hex characters, found (\d+) characters?$/.exec(complaint))) what = t('form.hexLength', { found: Number(k[1]) });
    else if ((k = /^expected lowercase hex, found (".*"|U\+[0-9A-F]+) at position (\d+)$/s.exec(complaint))) what = t('form.hexChar', { char: charWords(k[1]), position: Number(k[2]) + 1 });
    else if (/^expected 1-64 characters .*, found an empty string$/s.test(complaint)) what = t('form.idEmpty');
    else if ((k = /^expected only characters .*, found (".*"|U\+[0-9A-F]+) at position (\d+)$/s.exec(complaint))) what = t('form.idChar', { char: charWords(k[1]), position: Number(k[2]) + 1 });
    else if ((k = /^expected 1-64 characters .*, found (\d+) characters$/s.exec(complaint))) what = t('form.idLength', { found: Number(k[1]) });
    else if ((k = /^\w+ is played by (\d+) players, expected \d+ client seeds, found (\d+)$/.exec(complaint))) what = t('form.seedCount', { game: t('game.' + $('m-game').value), want: Number(k[1]), found: Number(k[2]) });
    else if ((k = /^expected from (\d+) to (\d+) elements, found (\d+)$/.exec(complaint))) what = t('form.itemCount', { min: k[1], max: k[2], found: k[3] });
    else if (/^expected an integer, found/.test(complaint)) what = t('form.integer');
    else if ((k = /^expected an integer from (\d+) to (\d+), found (-?\d+)$/.exec(complaint)) && buyer) what = t('form.seatRange', { min: Number(k[1]) + 1, max: Number(k[2]) + 1, found: Number(k[3]) + 1 });
    else if ((k = /^expected an integer from (\d+) to (\d+), found (.*)$/s.exec(complaint))) what = t('form.range', { min: k[1], max: k[2], found: k[3] });
    else what = t('form.other');
    return t('form.problem', { field, what });
  }

  function valuesProblem(e) {
    if (!(e instanceof pf.PfkitError)) throw e;
    $('values-result').dataset.status = 'unreadable';
    show($('values-result'), [verdictEl('unreadable', t('values.invalid')), el('p', 'detail', formProblem(e))]);
  }

  function checkMatchValues() {
    lastValues = checkMatchValues;
    const game = $('m-game').value, matchId = $('m-match').value.trim(), serverSeed = $('m-server').value.trim().toLowerCase();
    const clientSeeds = $('m-clients').value.split('\n').map((x) => x.trim()).filter((x) => x !== '');
    let out;
    try {
      out = pf.matchSeedV2.match({ serverSeed, game, matchId, clientSeeds, play: playOf(PLAY_KIND[game], $('m-play').value) });
    } catch (e) {
      valuesProblem(e);
      return;
    }
    const rec = Object.assign({ game, matchId, clientSeeds, commitment: $('m-commit').value.trim().toLowerCase() }, out);
    valuesAnswer([commitmentRow(t('check.commitment'), serverSeed, $('m-commit').value)], 'values.matchOk', 'values.matchBad',
      () => [commitmentLine('pic.commitment', '/commitment', rec.commitment)].concat(matchPicture(rec)));
  }

  function checkChessValues() {
    lastValues = checkChessValues;
    const v = (id) => $(id).value.trim();
    const bot = v('c-seed-b') === '' && v('c-client-b') === '' && v('c-commit-b') === '';
    const input = { seedA: v('c-seed-a').toLowerCase(), clientA: v('c-client-a'), seedB: bot ? null : v('c-seed-b').toLowerCase(), clientB: bot ? null : v('c-client-b') };
    let out;
    try {
      out = pf.chessColourV1.colour(input);
    } catch (e) {
      valuesProblem(e);
      return;
    }
    const rows = [commitmentRow(t('check.side_commitment', { side: 'A' }), input.seedA, v('c-commit-a'))];
    if (!bot) rows.push(commitmentRow(t('check.side_commitment', { side: 'B' }), input.seedB, v('c-commit-b')));
    // CC-4: two sides committed to one seed cancel each other's words.
    if (!bot && input.seedA === input.seedB) rows.push({ ok: false, row: { where: t('check.distinct_commitments'), expected: t('value.other_commitment'), found: pf.commit(input.seedB) } });
    valuesAnswer(rows, 'values.chessOk', 'values.chessBad', () => chessPicture({ white: out.white, clientA: input.clientA, clientB: input.clientB }));
  }

  function checkLeaveValues() {
    const text = $('l-bundle').value;
    lastValues = () => checkRecord(text, 'leave bundle', 'values-result');
    lastValues();
  }

  function chooseValuesKind() {
    const kind = $('values-kind').value;
    for (const k of ['match', 'chess', 'leave']) $(k + '-form').hidden = k !== kind;
    lastValues = null;
    delete $('values-result').dataset.status;
    show($('values-result'), []);
  }

  // --- a link that opens the answer ---------------------------------------------
  // #record=BASE64URL&lang=xx: a record's bytes in base64url (RFC 4648 section 5,
  // no padding) and the page's language, parameters joined by "&". A browser
  // never sends the fragment with a request, and the page makes none.

  /** The fragment's parameters, name to value; a name given more than once is in twice and not in the map. */
  function fragment() {
    const out = new Map();
    out.twice = new Set();
    for (const part of location.hash.replace(/^#/, '').split('&')) {
      const eq = part.indexOf('=');
      if (eq <= 0) continue;
      const name = part.slice(0, eq);
      if (out.has(name) || out.twice.has(name)) {
        out.twice.add(name);
        out.delete(name);
      } else out.set(name, part.slice(eq + 1));
    }
    return out;
  }

  const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

  /** The bytes text encodes in base64url without padding, or null when it is not such an encoding (RFC 4648 section 5). */
  function fromBase64url(text) {
    if (text.length % 4 === 1) return null;
    const out = new Uint8Array(Math.floor(text.length * 3 / 4));
    let bits = 0, acc = 0, n = 0;
    for (const ch of text) {
      const v = B64URL.indexOf(ch);
      if (v < 0) return null;
      acc = (acc << 6) | v;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        out[n++] = (acc >> bits) & 0xff;
      }
      acc &= (1 << bits) - 1;
    }
    // The bits left over are zero in a canonical encoding.
    return acc === 0 ? out : null;
  }

  let lastLink = null;

  /** A link refused: its message as the verdict, nothing checked. */
  function refuseLink(key) {
    lastRecord = null;
    lastRefused = key;
    $('record-result').dataset.status = 'unreadable';
    show($('record-result'), [verdictEl('unreadable', t(key))]);
    announce($('record-result'));
  }

  /** The record a link carries, checked as if pasted, or a message when the link holds none or more than one answer. */
  function openLink() {
    const params = fragment();
    // One answer per link: a record or a language given twice is refused, never settled by taking one.
    const twice = params.twice.has('record') ? 'link.twiceRecord' : params.twice.has('lang') ? 'link.twiceLang' : null;
    const value = twice ? location.hash : params.get('record');
    if (value === undefined) lastLink = null; // a link opened again later is checked again
    if (value === undefined || value === lastLink) return;
    lastLink = value;
    if (twice) {
      refuseLink(twice);
      return;
    }
    const bytes = fromBase64url(value);
    if (bytes === null || bytes.length === 0) {
      refuseLink('link.bad');
      return;
    }
    $('record-text').value = bytes.length <= 1 << 20 ? new TextDecoder().decode(bytes) : t('record.tooLongToShow', { n: bytes.length, file: '#record=' });
    checkRecord(bytes, 'link');
    announce($('record-result'));
  }

  // --- start -------------------------------------------------------------------

  function setLocale(next, remember) {
    locale = LOCALES.includes(next) ? next : 'en';
    if (remember) {
      try {
        localStorage.setItem(STORE_KEY, locale);
      } catch { /* the URL below still remembers it */ }
      // The link keeps its record, if it has one, and says the language chosen.
      const params = fragment();
      params.set('lang', locale);
      history.replaceState(null, '', '#' + [...params].map(([k, v]) => k + '=' + v).join('&'));
    }
    applyStaticWords();
    $('lang').value = locale;
    if (!pf) return;
    $('engine').textContent = t('engine.loaded', { version: pf.VERSION });
    // What is on the page is said again in the new language.
    fillGames();
    if (lastRecord) checkRecord(lastRecord.data, lastRecord.label);
    else if (lastRefused) show($('record-result'), [verdictEl('unreadable', t(lastRefused))]);
    if (lastHand) checkHand();
    if (lastValues) lastValues();
  }

  const select = $('lang');
  for (const code of LOCALES) {
    const o = el('option', null, STRINGS[code]['locale.name'].text || STRINGS[code]['locale.name']);
    o.value = code;
    o.lang = code;
    select.appendChild(o);
  }
  select.addEventListener('change', () => setLocale(select.value, true));
  setLocale(chooseLocale(), false);

  if (!pf) {
    $('engine').textContent = t('engine.missing');
    $('engine').className = 'problem';
    return;
  }

  $('record-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    checkRecord($('record-text').value, 'pasted record');
    announce($('record-result'));
  });

  $('record-clear').addEventListener('click', () => {
    $('record-text').value = '';
    $('record-file').value = '';
    lastRecord = null;
    lastRefused = null;
    delete $('record-result').dataset.status;
    show($('record-result'), []);
  });

  $('record-file').addEventListener('change', () => {
    const file = $('record-file').files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      // The bytes are checked as they are; the text area shows them decoded.
      const bytes = new Uint8Array(reader.result);
      $('record-text').value = bytes.length <= 1 << 20 ? new TextDecoder().decode(bytes) : t('record.tooLongToShow', { n: bytes.length, file: file.name });
      checkRecord(bytes, file.name);
      announce($('record-result'));
    };
    reader.onerror = () => {
      show($('record-result'), [verdictEl('unreadable', t('record.fileError', { error: reader.error ? reader.error.message : '?' }))]);
      announce($('record-result'));
    };
    reader.readAsArrayBuffer(file);
  });

  $('selfpoker-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    checkHand();
    announce($('selfpoker-result'));
  });

  $('values-kind').addEventListener('change', chooseValuesKind);
  $('m-game').addEventListener('change', playWords);
  for (const [form, run] of [['match-form', checkMatchValues], ['chess-form', checkChessValues], ['leave-form', checkLeaveValues]]) {
    $(form).addEventListener('submit', (ev) => {
      ev.preventDefault();
      run();
      announce($('values-result'));
    });
  }

  openLink();
  window.addEventListener('hashchange', () => {
    const asked = fragment().get('lang');
    if (LOCALES.includes(asked) && asked !== locale) setLocale(asked, false);
    openLink();
  });
})();
