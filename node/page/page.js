// The page's behaviour: reads what is pasted or chosen, runs verifier.js on it
// and says what each check found, in plain words. Nothing here touches the
// network; the page's Content-Security-Policy would refuse it anyway.
(function () {
  'use strict';

  const pf = globalThis.pfkitVerifier;
  const $ = (id) => document.getElementById(id);

  /** A new element with text and a class; children appended in order. */
  function el(tag, className, text, children) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined && text !== null) e.textContent = text;
    for (const c of children || []) e.appendChild(c);
    return e;
  }

  function show(target, nodes) {
    target.replaceChildren(...nodes);
  }

  const engine = $('engine');
  if (!pf) {
    engine.textContent = 'The verifier (verifier.js) did not load. Keep this page in its folder, next to the folder holding verifier.js, and open it again.';
    engine.className = 'problem';
    return;
  }
  engine.textContent = 'verifier.js ' + pf.VERSION + ' loaded; checks run in this page only.';

  // --- records ---------------------------------------------------------------

  // What each refusal means, for a reader who has not read the specification.
  const UNREADABLE_WORDS = {
    malformed_request: 'It is not valid JSON, or it gives the same field twice (a record must say each thing once, so that no reader can see a different value).',
    input_too_large: 'It is too large: a record holds at most 16 MiB and nests at most 64 levels deep.',
    unknown_scheme: 'It does not name a kind of record this verifier knows. A record starts by naming its scheme and kind, such as "scheme": "match_seed_v2", "kind": "match".',
    invalid_integer: 'A number in it is not written as a plain whole number (it has a fraction, an exponent, or a minus sign where none belongs).',
    invalid_record: 'It does not have the shape of its kind of record: a field is missing or extra, or holds the wrong kind of value.',
    out_of_range: 'Its seed is too large: a seed is below 2^63 = 9223372036854775808.',
    internal_error: 'The verifier itself failed. This is a fault of the verifier, not a verdict on the record.',
  };

  const MAX_MISMATCH_ROWS = 60;

  function mismatchTable(ms) {
    const head = el('tr', null, null, [el('th', null, 'Where'), el('th', null, 'Expected'), el('th', null, 'The record has')]);
    const rows = ms.slice(0, MAX_MISMATCH_ROWS).map((m) => el('tr', null, null, [
      el('td', null, m.where), el('td', 'value', m.expected), el('td', 'value', m.found),
    ]));
    const table = el('table', 'mismatches', null, [el('thead', null, null, [head]), el('tbody', null, null, rows)]);
    const out = [table];
    if (ms.length > MAX_MISMATCH_ROWS) out.push(el('p', 'quiet', '… and ' + (ms.length - MAX_MISMATCH_ROWS) + ' more values that differ.'));
    return out;
  }

  function renderReport(res) {
    const rep = res.report;
    const failed = rep.checks.filter((c) => !c.ok).length;
    const verdict = failed === 0
      ? el('p', 'verdict ok', 'Verified: all ' + rep.checks.length + ' checks hold.')
      : el('p', 'verdict fail', 'Failed: ' + failed + ' of ' + rep.checks.length + (rep.checks.length === 1 ? ' check does' : ' checks do') + ' not hold.');
    const items = rep.checks.map((c) => {
      const li = el('li', 'check ' + (c.ok ? 'ok' : 'fail'), null, [
        el('span', 'mark', c.ok ? 'passed' : 'FAILED'),
        el('span', 'name', c.name),
        el('span', 'summary', c.summary),
      ]);
      if (c.mismatches) for (const n of mismatchTable(c.mismatches)) li.appendChild(n);
      return li;
    });
    const nodes = [verdict, el('h3', 'title', rep.title), el('ol', 'checks', null, items)];
    for (const n of rep.notes) nodes.push(el('p', 'note', n));
    return nodes;
  }

  function renderResult(res) {
    if (res.status === 'verified' || res.status === 'failed') return renderReport(res);
    if (res.status === 'unspecified') {
      return [
        el('p', 'verdict unspecified', 'Not checked: this record uses match_seed_v1, a scheme that was never published.'),
        el('p', null, 'There is no definition to recompute it with, so no verifier can say whether it is right or wrong.'),
        el('p', 'detail', pf.records.text.line(res.error.message)),
      ];
    }
    return [
      el('p', 'verdict unreadable', 'This record cannot be read.'),
      el('p', null, UNREADABLE_WORDS[res.error.code] || 'It is not a record this verifier can read.'),
      // TXT-3: a message that quotes the record shows no control or format character.
      el('p', 'detail', pf.records.text.line('Details (' + res.error.code + '): ' + res.error.message)),
    ];
  }

  function checkRecord(data, label) {
    const target = $('record-result');
    if ((typeof data === 'string' && data.trim() === '') || (data instanceof Uint8Array && data.length === 0)) {
      show(target, [el('p', 'verdict unreadable', 'Nothing to check: paste a record or choose a file first.')]);
      return;
    }
    const res = pf.verifyRecord(data, { path: label || 'pasted record' });
    target.dataset.status = res.status;
    show(target, renderResult(res));
  }

  $('record-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    checkRecord($('record-text').value, 'pasted record');
  });

  $('record-clear').addEventListener('click', () => {
    $('record-text').value = '';
    $('record-file').value = '';
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
      $('record-text').value = bytes.length <= 1 << 20 ? new TextDecoder().decode(bytes) : '(' + bytes.length + ' bytes from ' + file.name + ', too long to show)';
      checkRecord(bytes, file.name);
    };
    reader.onerror = () => show($('record-result'), [el('p', 'verdict unreadable', 'The file could not be read: ' + (reader.error ? reader.error.message : 'unknown error'))]);
    reader.readAsArrayBuffer(file);
  });

  // --- the self-hosted poker room ----------------------------------------------

  const SUIT_WORDS = { c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades' };

  function cardList(cards, className) {
    return el('ol', 'cards ' + (className || ''), null, cards.map((c) => {
      const li = el('li', 'card suit-' + c[1], c);
      li.title = c[0].replace('T', '10') + ' of ' + SUIT_WORDS[c[1]];
      return li;
    }));
  }

  function problem(text) {
    return [el('p', 'verdict unreadable', text)];
  }

  function checkHand() {
    const target = $('selfpoker-result');
    delete target.dataset.status;
    const commitText = $('sp-commit').value.trim();
    const seed = $('sp-seed').value.trim();
    const playersText = $('sp-players').value.trim();
    if (!/^[0-9a-fA-F]{64}$/.test(commitText)) {
      show(target, problem(commitText === ''
        ? 'Paste the fingerprint the room showed before the first card: 64 hexadecimal characters.'
        : 'The fingerprint should be 64 hexadecimal characters (0-9 and a-f); what was pasted has ' + commitText.length +
          ' characters' + (/[^0-9a-fA-F]/.test(commitText) ? ', some of them not hexadecimal.' : '.')));
      return;
    }
    if (!/^[0-9]+$/.test(playersText) || +playersText < 2 || +playersText > 23) {
      show(target, problem('The number of players should be a whole number from 2 to 23; found "' + playersText + '".'));
      return;
    }
    let deal;
    try {
      deal = pf.selfpokerV1.deal({ seed, players: +playersText });
    } catch (e) {
      if (!(e instanceof pf.PfkitError)) throw e;
      const words = seed === '' ? 'Paste the seed the room revealed at the end of the hand.'
        : e.code === 'out_of_range' ? 'The seed is too large: a seed is a whole number below 2^63 = 9223372036854775808.'
          : 'The seed should be written in decimal digits only, with no sign, spaces or leading zeros.';
      show(target, [el('p', 'verdict unreadable', words), el('p', 'detail', 'Details (' + e.code + '): ' + e.message)]);
      return;
    }
    const fingerprint = commitText.toLowerCase();
    const ok = deal.commit === fingerprint;
    target.dataset.status = ok ? 'verified' : 'failed';
    const nodes = [ok
      ? el('p', 'verdict ok', 'The fingerprint matches the seed: SHA-256 of "selfpoker:' + seed + '" is the fingerprint shown.')
      : el('p', 'verdict fail', 'The fingerprint does not match this seed.')];
    if (!ok) {
      nodes.push(...mismatchTable([{ where: 'SHA-256 of "selfpoker:' + seed + '"', expected: deal.commit, found: fingerprint }]));
      nodes.push(el('p', null, 'The cards below are what this seed deals, but the fingerprint shown before the hand was not a commitment to this seed.'));
    }
    nodes.push(el('h3', null, 'Hands, in deal order'));
    const hands = el('ol', 'hands', null, deal.hands.map((h, i) => el('li', null, null, [el('span', 'who', 'Player ' + (i + 1)), cardList(h)])));
    nodes.push(hands);
    nodes.push(el('h3', null, 'Board'));
    nodes.push(cardList(deal.board, 'board'));
    nodes.push(el('h3', null, 'The whole deck, first card first'));
    nodes.push(cardList(deal.deck.map(pf.cardName.selfpoker), 'deck'));
    nodes.push(el('p', 'note', 'The deck is numpy.random.default_rng(seed).permutation(52), computed here exactly as NumPy computes it. ' +
      'Player 1 receives the first two cards, player 2 the next two, and so on; the board is the five cards after the last player\'s, with no burns.'));
    nodes.push(el('p', 'note', 'A matching fingerprint proves the deck was fixed before the first card and not changed during the hand. ' +
      'It does not prove the seed was drawn at random: no player contributes to it.'));
    show(target, nodes);
  }

  $('selfpoker-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    checkHand();
  });
})();
