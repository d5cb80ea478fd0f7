// HMAC-SHA256 (RFC 2104) on the SHA-256 of sha256.js: the key's pad states, and
// the plain path that computes every HMAC from scratch.
'use strict';

const { scratchBytes, toBytes } = require('./utf8.js');
const { IV, compress, finish, scratchW, sha256Words, wordsToBytes, hexOfWords } = require('./sha256.js');

/**
 * The HMAC key block as 16 big-endian words: the key itself, zero-padded, or
 * its SHA-256 when longer than a block (seeds and hand values are exactly 64).
 */
function keyWords(key) {
  const kw = new Int32Array(16);
  let k = typeof key === 'string' ? scratchBytes(key) : toBytes(key);
  if (k.length > 64) k = wordsToBytes(sha256Words(k));
  for (let i = 0; i < k.length; i++) kw[i >> 2] |= k[i] << (24 - 8 * (i & 3));
  return kw;
}

/** The SHA-256 state after the one block key XOR pad (pad repeated in each byte of padWord). */
function padState(kw, padWord) {
  for (let i = 0; i < 16; i++) scratchW[i] = kw[i] ^ padWord;
  const st = new Int32Array(8);
  compress(IV, scratchW, st);
  return st;
}

const IPAD = 0x36363636, OPAD = 0x5c5c5c5c;

/** HMAC-SHA256 by the book, with no caching: the plain path the fast stream is tested against. */
function hmacWords(key, message) {
  const kw = keyWords(key);
  const inner = padState(kw, IPAD);
  finish(inner, scratchW, toBytes(message), 64);
  const outer = padState(kw, OPAD);
  finish(outer, scratchW, wordsToBytes(inner), 64);
  return outer;
}

function hmacSha256(key, message) {
  return wordsToBytes(hmacWords(key, message));
}

function hmacSha256Hex(key, message) {
  return hexOfWords(hmacWords(key, message), 8);
}

module.exports = { keyWords, padState, IPAD, OPAD, hmacWords, hmacSha256, hmacSha256Hex };
