// Sampling from a source of 52-bit words (spec section 4): int(n) by rejection
// below limit(n) (INT-1 to INT-3), the Fisher-Yates shuffle (SHUF-1), and a
// source serving given words (INJ-1).
'use strict';

const { fail } = require('./errors.js');

const SPAN = 4503599627370496; // 2^52, exact as a double

/** A source that serves given words, in order, and refuses to go past them (INJ-1). */
class WordList {
  constructor(words) {
    this.words = words;
    this.used = 0;
  }

  next() {
    if (this.used === this.words.length) {
      fail('words_exhausted', 'words: the program needed more than the ' + this.words.length + ' words given');
    }
    return this.words[this.used++];
  }
}

/**
 * x mod n for integers 0 <= x <= 2^52 and 1 <= n <= 2^52. x % n is exact too,
 * but V8 runs it through a library call. The rounded quotient fl(x / n) cannot
 * reach the next integer q + 1: that would take (q + 1) - x / n >= 1 / n to be
 * below half an ulp of q + 1, i.e. n(q + 1) > 2^53, while n(q + 1) <= x + n <= 2^53.
 * So floor(x / n) is exact and q * n <= x is exact; the sign test is only a guard.
 */
function mod(x, n) {
  const r = x - Math.floor(x / n) * n;
  return r < 0 ? r + n : r;
}

/** limit(n) = 2^52 - (2^52 mod n) (INT-2). */
function limitOf(n) {
  return SPAN - mod(SPAN, n);
}

function checkN(n) {
  if (!Number.isInteger(n) || n < 1 || n > SPAN) {
    fail('out_of_range', 'n: expected an integer 1 <= n <= 2^52 (4503599627370496), found ' + String(n));
  }
}

/**
 * int(n) (INT-1..3): draws words until one is below limit(n), returns it mod n.
 * onDraw, when given, hears (n, limit, word, accepted) for every word judged.
 */
function intBelow(source, n, onDraw) {
  checkN(n);
  const limit = limitOf(n);
  for (;;) {
    const w = source.next();
    const ok = w < limit;
    if (onDraw) onDraw(n, limit, w, ok);
    if (ok) return mod(w, n);
  }
}

/** Fisher-Yates from the top (SHUF-1): returns a shuffled copy of items. */
function shuffle(source, items, onDraw) {
  const a = Array.from(items);
  for (let i = a.length - 1; i > 0; i--) {
    const j = intBelow(source, i + 1, onDraw);
    const t = a[i]; a[i] = a[j]; a[j] = t;
  }
  return a;
}

function range(n) {
  const a = new Array(n);
  for (let i = 0; i < n; i++) a[i] = i;
  return a;
}

module.exports = { SPAN, WordList, limitOf, intBelow, shuffle, range };
