// Words and the draw stream (spec section 4): word k of a stream is the top 52
// bits of HMAC(key, prefix + decimal(k)); and the commitment SHA256(seed).
'use strict';

const { scratchBytes, toBytes, decodeUtf8 } = require('./utf8.js');
const { compress, loadBlock, scratchW, hexOfWords, sha256Hex } = require('./sha256.js');
const { keyWords, padState, IPAD, OPAD, hmacWords } = require('./hmac.js');

/** The top 52 bits of a digest given as words: first 13 hex characters (WORD-1). */
function wordOfDigest(d) {
  return (d[0] >>> 0) * 1048576 + (d[1] >>> 12);
}

/** word(key, message) computed on the plain HMAC path. */
function word(key, message) {
  return wordOfDigest(hmacWords(key, message));
}

/** commit(seed) = SHA256(seed text) (COMMIT-1). */
function commit(seed) {
  return sha256Hex(seed);
}

/**
 * The draw stream of one key and message prefix: draw k is
 * HMAC(key, prefix + decimal(k)). Every draw shares the key pads and the prefix,
 * so their SHA-256 states are computed once: the state after ipad and the
 * prefix's whole blocks, the prefix's remaining bytes, and the state after opad.
 * A draw then compresses only the block(s) holding the counter, and the outer
 * block: two compressions for most prefixes, whatever their length.
 */
class DrawStream {
  constructor(key, prefix) {
    const kw = keyWords(key);
    this.key = key;
    this.k = 0;
    const inner = padState(kw, IPAD);
    this.outer = padState(kw, OPAD);
    const pre = typeof prefix === 'string' ? scratchBytes(prefix) : toBytes(prefix);
    this.prefix = typeof prefix === 'string' ? prefix : decodeUtf8(pre);
    const len = pre.length;
    const whole = len - (len % 64);
    for (let p = 0; p < whole; p += 64) {
      loadBlock(scratchW, pre, p);
      compress(inner, scratchW, inner);
    }
    this.inner = inner;
    this.tailLen = len - whole;
    this.innerBytes = 64 + len; // bytes hashed before the counter
    // The last one or two blocks of the inner message, as big-endian words in
    // b0 and b1: the prefix's last bytes (fewer than 64), then per draw the
    // counter's digits and 0x80, then zeros and the bit length. base holds the
    // words of the prefix's last bytes alone, to restore before each draw.
    this.base = new Int32Array(16);
    for (let i = 0; i < this.tailLen; i++) this.base[i >> 2] |= pre[whole + i] << (24 - 8 * (i & 3));
    this.b0 = new Int32Array(16);
    this.b1 = new Int32Array(16);
    this.nd = 0; // the digit count the blocks are laid out for
    this.two = false;
    this.mid = new Int32Array(8);
    // Outer block: the 32-byte inner digest (written here by the inner
    // compression), the 0x80 padding byte, zeros, and the length of opad and
    // digest, 96 bytes = 768 bits.
    this.ow = new Int32Array(16);
    this.ow[8] = 0x80000000 | 0;
    this.ow[15] = 768;
    this.digest = new Int32Array(8);
  }

  /** Lays the blocks out for counters of nd digits: the prefix bytes, zeros, the bit length. */
  layout(nd) {
    const t = this.tailLen;
    this.two = t + nd + 9 > 64; // the digits, 0x80 and the 8-byte length need a second block
    this.b0.set(this.base);
    this.b1.fill(0);
    const last = this.two ? this.b1 : this.b0;
    const bits = (this.innerBytes + nd) * 8;
    last[14] = Math.floor(bits / 4294967296);
    last[15] = bits | 0;
    this.nd = nd;
  }

  /** Counter of the next draw. */
  get counter() {
    return this.k;
  }

  /** The message of draw k. */
  message(k) {
    return this.prefix + String(k);
  }

  /** Computes the HMAC of draw k into this.digest (8 words) and returns it. */
  digestOf(k) {
    const digits = String(k);
    const t = this.tailLen, nd = digits.length;
    if (nd !== this.nd) this.layout(nd);
    const b0 = this.b0, b1 = this.b1, base = this.base;
    // Restore the words that hold the digits and 0x80 (bytes t to t + nd), then
    // write those bytes in.
    const first = t >> 2, last = (t + nd) >> 2;
    for (let i = first; i <= last; i++) {
      if (i < 16) b0[i] = base[i];
      else b1[i - 16] = 0;
    }
    for (let i = 0; i <= nd; i++) {
      const p = t + i;
      const v = (i < nd ? digits.charCodeAt(i) : 0x80) << (24 - 8 * (p & 3));
      if (p < 64) b0[p >> 2] |= v;
      else b1[(p - 64) >> 2] |= v;
    }
    // The inner digest goes straight into the first words of the outer block.
    if (this.two) {
      compress(this.inner, b0, this.mid);
      compress(this.mid, b1, this.ow);
    } else {
      compress(this.inner, b0, this.ow);
    }
    compress(this.outer, this.ow, this.digest);
    return this.digest;
  }

  /** The full HMAC of draw k as hex. */
  digestHex(k) {
    return hexOfWords(this.digestOf(k), 8);
  }

  /** The word of draw k, without moving the counter. */
  wordAt(k) {
    return wordOfDigest(this.digestOf(k));
  }

  /** The next word; advances the counter. */
  next() {
    const d = this.digestOf(this.k);
    this.k++;
    return (d[0] >>> 0) * 1048576 + (d[1] >>> 12);
  }
}

/** The same stream on the plain HMAC path: for tests and for readers comparing the two. */
class PlainDrawStream {
  constructor(key, prefix) {
    this.key = key;
    this.prefix = prefix;
    this.k = 0;
  }

  get counter() {
    return this.k;
  }

  next() {
    const w = word(this.key, this.prefix + String(this.k));
    this.k++;
    return w;
  }
}

module.exports = { wordOfDigest, word, commit, DrawStream, PlainDrawStream };
