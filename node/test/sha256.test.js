// SHA-256, HMAC-SHA256 and the cached draw stream against node:crypto, on
// random inputs whose lengths straddle every block boundary, and the plain
// (uncached) stream against the cached one.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const pf = require('../verifier.js');

// A seeded generator so that a failure can be replayed.
function rng(seed) {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x / 4294967296;
  };
}

const nodeSha = (b) => crypto.createHash('sha256').update(b).digest('hex');
const nodeHmac = (k, m) => crypto.createHmac('sha256', k).update(m).digest('hex');
const nodeWord = (k, m) => parseInt(nodeHmac(k, m).slice(0, 13), 16);

function randomBytes(r, n) {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = Math.floor(r() * 256);
  return b;
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.:,=';
function randomAscii(r, n) {
  let s = '';
  for (let i = 0; i < n; i++) s += ID_CHARS[Math.floor(r() * ID_CHARS.length)];
  return s;
}

// Every length from 0 to 200 covers one, two and three blocks and both sides of
// the 55/56-byte padding boundary; a few long ones cover many blocks.
const LENGTHS = [...Array(201).keys()].concat([255, 256, 447, 448, 1000, 4096, 65537]);

test('SHA-256 of bytes equals node:crypto for lengths 0-200 and beyond', () => {
  const r = rng(1);
  for (const n of LENGTHS) {
    const b = randomBytes(r, n);
    assert.equal(pf.sha256Hex(b), nodeSha(b), 'length ' + n);
    assert.equal(Buffer.from(pf.sha256(b)).toString('hex'), nodeSha(b), 'length ' + n);
  }
});

test('SHA-256 of strings hashes their UTF-8 bytes', () => {
  const r = rng(2);
  for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120]) {
    const s = randomAscii(r, n);
    assert.equal(pf.sha256Hex(s), nodeSha(Buffer.from(s, 'utf8')));
  }
  for (const s of ['é', 'señal', '\u4e2d\u6587', '\ud83c\udca1 ace', 'x'.repeat(60) + '\u00ff']) {
    assert.equal(pf.sha256Hex(s), nodeSha(Buffer.from(s, 'utf8')), s);
  }
});

test('SHA-256 known answers (FIPS 180-4 examples)', () => {
  assert.equal(pf.sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(pf.sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(pf.sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'),
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
});

test('HMAC-SHA256 equals node:crypto for keys and messages of every length', () => {
  const r = rng(3);
  // Keys of 0-200 bytes: shorter than, equal to and longer than the 64-byte block (hashed first).
  for (let kn = 0; kn <= 200; kn += 1 + Math.floor(r() * 3)) {
    const key = randomBytes(r, kn);
    for (const mn of [0, 1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 121, 200]) {
      const msg = randomBytes(r, mn);
      assert.equal(pf.hmacSha256Hex(key, msg), nodeHmac(key, msg), 'key ' + kn + ', message ' + mn);
    }
  }
  // Text keys and messages: the seed's 64 hex characters are the key, never decoded.
  const seed = pf.sha256Hex('test');
  assert.equal(pf.hmacSha256Hex(seed, 'pf2:bridge:m1:0=alice,1=bob:0'), nodeHmac(seed, 'pf2:bridge:m1:0=alice,1=bob:0'));
  assert.equal(Buffer.from(pf.hmacSha256(seed, 'x')).toString('hex'), nodeHmac(seed, 'x'));
});

test('RFC 4231 test case 2', () => {
  assert.equal(pf.hmacSha256Hex('Jefe', 'what do ya want for nothing?'),
    '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
});

test('the worked example of MS2-3', () => {
  const seed = pf.sha256Hex('test');
  assert.equal(seed, '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08');
  assert.equal(pf.hmacSha256Hex(seed, 'pf2:bridge:m1:0=alice,1=bob:0'), '60355078736db5be2e0aef7bf19cabe0c97a9ce551bb512396d9676b043c746a');
  assert.equal(pf.word(seed, 'pf2:bridge:m1:0=alice,1=bob:0'), 1692513593669339);
  const s = pf.matchStream(seed, 'bridge', 'm1', ['alice', 'bob']);
  assert.equal(s.next(), 1692513593669339);
  assert.equal(s.counter, 1);
});

test('the cached stream equals the plain stream and node:crypto for prefixes of 0-200 characters', () => {
  const r = rng(4);
  const key = pf.sha256Hex('stream-key');
  for (let n = 0; n <= 200; n++) {
    const prefix = randomAscii(r, n);
    const fast = new pf.DrawStream(key, prefix);
    const plain = new pf.PlainDrawStream(key, prefix);
    // Counters 0-11 cross from one digit to two; the counter bytes land on every
    // offset of the block as the prefix grows.
    for (let k = 0; k < 12; k++) {
      const w = fast.next();
      assert.equal(w, plain.next(), 'prefix ' + n + ', k ' + k);
      assert.equal(w, nodeWord(key, prefix + k), 'prefix ' + n + ', k ' + k);
    }
    assert.equal(fast.counter, 12);
    assert.equal(plain.counter, 12);
  }
});

test('the cached stream at counters of every digit count, and its full digests', () => {
  const r = rng(5);
  for (let trial = 0; trial < 40; trial++) {
    const key = trial % 2 ? pf.sha256Hex('k' + trial) : randomAscii(r, Math.floor(r() * 150));
    const prefix = randomAscii(r, Math.floor(r() * 140));
    const s = new pf.DrawStream(key, prefix);
    for (const k of [0, 9, 10, 99, 100, 999, 1000, 65535, 999999, 1e7, 123456789, 2 ** 32, 9007199254740991]) {
      assert.equal(s.digestHex(k), nodeHmac(key, prefix + k), 'prefix ' + prefix.length + ', k ' + k);
      assert.equal(s.wordAt(k), nodeWord(key, prefix + k));
      assert.equal(s.message(k), prefix + k);
    }
  }
});

test('the cached stream with prefixes longer than the shared encoding buffer', () => {
  const r = rng(6);
  const key = pf.sha256Hex('long');
  for (const n of [5461, 5462, 6000, 20000]) {
    const prefix = randomAscii(r, n);
    const s = new pf.DrawStream(key, prefix);
    for (let k = 0; k < 3; k++) assert.equal(s.next(), nodeWord(key, prefix + k), 'prefix ' + n);
    const wide = 'é'.repeat(n);
    assert.equal(new pf.DrawStream(key, wide).next(), nodeWord(key, wide + '0'), 'wide prefix ' + n);
  }
});

test('the cached stream with a key longer than a block and a non-ASCII prefix', () => {
  const key = 'k'.repeat(100);
  for (const prefix of ['é:', 'x'.repeat(61) + 'é', Buffer.from('raw:\u00ff:', 'latin1')]) {
    const s = new pf.DrawStream(key, prefix);
    const plain = new pf.PlainDrawStream(key, typeof prefix === 'string' ? prefix : prefix.toString('latin1'));
    for (let k = 0; k < 5; k++) {
      const msg = Buffer.concat([Buffer.from(prefix), Buffer.from(String(k))]);
      const w = s.next();
      assert.equal(w, nodeWord(key, msg));
      if (typeof prefix === 'string') assert.equal(w, plain.next());
    }
  }
});

test('salts reuse the stream caching: HMAC(handValue, "pk1:salt:" + i)', () => {
  const hv = pf.hmacSha256Hex(pf.sha256Hex('seed'), 'pk1:hand:t:s:1');
  const s = new pf.DrawStream(hv, 'pk1:salt:');
  for (let i = 0; i < 52; i++) assert.equal(s.digestHex(i), nodeHmac(hv, 'pk1:salt:' + i));
});

test('verifier.js computes its hashes itself: no node:crypto, no WebCrypto', () => {
  const text = require('node:fs').readFileSync(require.resolve('../verifier.js'), 'utf8');
  // Code only: block comments and whole-line comments removed.
  const src = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  // The only require is the file's own, over the modules it defines (node/src, assembled by build.js).
  const defined = new Set(Array.from(src.matchAll(/define\('([^']+)'/g), (m) => m[1]));
  const required = Array.from(src.matchAll(/\brequire\s*\(\s*([^)]*)\)/g), (m) => m[1]);
  assert.ok(defined.size > 20 && required.length > 20, defined.size + ' modules, ' + required.length + ' requires');
  for (const r of required) assert.ok(defined.has(r.slice(1, -1)), 'require(' + r + ') names no module of verifier.js');
  assert.doesNotMatch(src, /crypto\.subtle|node:crypto|globalThis\.crypto/);
});
