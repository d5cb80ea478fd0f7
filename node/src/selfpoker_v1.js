// selfpoker_v1 (spec section 8): the seed, canonical decimal below 2^63 (NUM-2,
// SP-1), read into SeedSequence's words without passing through a number.
'use strict';

const { fail } = require('./errors.js');
const { typeName } = require('./json_value.js');
const { permutationOfWords } = require('./numpy.js');
const { quoteText, clippedText, cutText } = require('./escape.js');

const SEED_LIMIT_TEXT = '9223372036854775807'; // 2^63 - 1

/**
 * Reads a selfpoker_v1 seed: canonical decimal below 2^63 (NUM-2, SP-1). Returns
 * its SeedSequence entropy words; the digits never pass through a JS number.
 */
function parseSeed(where, s) {
  if (s === '') fail('invalid_integer', where + ': expected a decimal integer 0 <= seed < 2^63, found an empty string');
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) fail('invalid_integer', where + ': expected decimal digits only, found ' + quoteText(String.fromCodePoint(s.codePointAt(i))) + ' at position ' + i);
  }
  if (s.length > 1 && s[0] === '0') fail('invalid_integer', where + ': expected canonical decimal with no leading zero, found ' + clippedText(s));
  if (s.length > 19 || (s.length === 19 && s > SEED_LIMIT_TEXT)) {
    fail('out_of_range', where + ': expected 0 <= seed < 2^63 (9223372036854775808), found ' + cutText(s));
  }
  const limbs = [0, 0, 0, 0];
  for (let i = 0; i < s.length; i++) {
    let carry = s.charCodeAt(i) - 48;
    for (let l = 0; l < 4; l++) {
      const v = limbs[l] * 10 + carry;
      limbs[l] = v & 0xffff;
      carry = v >>> 16;
    }
  }
  const lo = (limbs[0] | (limbs[1] << 16)) >>> 0, hi = (limbs[2] | (limbs[3] << 16)) >>> 0;
  return hi === 0 ? [lo] : [lo, hi];
}

function seedText(seed, where) {
  if (typeof seed === 'bigint') return seed >= 0n ? seed.toString() : '-' + (-seed).toString();
  if (typeof seed !== 'string') {
    fail('wrong_type', where + ': expected the seed as a decimal string (a JSON number above 2^53 loses digits), found ' + typeName(seed));
  }
  return seed;
}

/** numpy.random.default_rng(seed).permutation(n) for a seed given as decimal text (or a BigInt). */
function numpyPermutation(seed, n) {
  const words = parseSeed('seed', seedText(seed, 'seed'));
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) fail('out_of_range', 'n: expected an integer from 0 to 4294967295, found ' + String(n));
  return permutationOfWords(words, n);
}

module.exports = { SEED_LIMIT_TEXT, parseSeed, seedText, numpyPermutation };
