// adapter.js over real pipes: one response line per non-blank request line, in
// order, lines split on bytes, answers flushed as input arrives, exit 0 at the end.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const pf = require('../verifier.js');
const long = require('../skip-long.js');

const ADAPTER = path.join(__dirname, '..', 'adapter.js');
const SEED = pf.sha256Hex('adapter');
const req = (id, extra) => JSON.stringify({ id, scheme: 'match_seed_v2', op: 'commit', input: { serverSeed: SEED, ...extra } });

function runAdapter(input) {
  const r = spawnSync(process.execPath, [ADAPTER], { input, maxBuffer: 1 << 26 });
  assert.equal(r.status, 0, r.stderr.toString());
  const text = r.stdout.toString('utf8');
  assert.ok(text === '' || text.endsWith('\n'));
  return text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
}

test('answers each non-blank line in order; blank lines and JSON whitespace get no answer', () => {
  const input = ['', req('a'), '   ', '\t\r', req('b', { x: 1 }), 'not json', '', req('c')].join('\n') + '\n';
  const out = runAdapter(Buffer.from(input));
  assert.deepStrictEqual(out.map((r) => [r.id, r.error ? r.error.code : 'ok']), [['a', 'ok'], ['b', 'unknown_field'], [null, 'malformed_request'], ['c', 'ok']]);
  assert.equal(out[0].output.commitment, pf.commit(SEED));
});

test('CRLF line ends, a last line without a newline, and a line of other spaces', () => {
  const input = req('a') + '\r\n' + '\u00a0\n' + req('b');
  const out = runAdapter(Buffer.from(input));
  assert.deepStrictEqual(out.map((r) => [r.id, r.error ? r.error.code : 'ok']), [['a', 'ok'], [null, 'malformed_request'], ['b', 'ok']]);
});

test('empty input: no output, exit 0', () => {
  assert.deepStrictEqual(runAdapter(Buffer.alloc(0)), []);
});

test('lines are split on bytes: invalid UTF-8 and a line over 1 MiB', () => {
  const big = req('big', { pad: 'a'.repeat(1 << 20) });
  const input = Buffer.concat([Buffer.from('{"id":"u'), Buffer.from([0xff]), Buffer.from('","scheme":"x","op":"y","input":{}}\n'),
    Buffer.from(big + '\n'), Buffer.from(req('after') + '\n')]);
  const out = runAdapter(input);
  assert.deepStrictEqual(out.map((r) => [r.id, r.error ? r.error.code : 'ok']), [['u\ufffd', 'unknown_scheme'], [null, 'input_too_large'], ['after', 'ok']]);
});

test('long lines: surrounding whitespace is not counted, a blank line of any length is skipped', () => {
  const lines = [
    ' '.repeat(2 << 20) + req('a') + '\t'.repeat(3 << 20), // 1 MiB limit applies to the trimmed line
    ' '.repeat(3 << 20), // blank, however long
    req('b', { pad: 'x'.repeat(1 << 20) }), // too large inside
    'x'.repeat(5 << 20),
    req('c') + ' '.repeat(2 << 20) + 'x', // content resumes past the limit
    req('d'),
  ];
  const out = runAdapter(Buffer.from(lines.join('\n')));
  assert.deepStrictEqual(out.map((r) => [r.id, r.error ? r.error.code : 'ok']),
    [['a', 'ok'], [null, 'input_too_large'], [null, 'input_too_large'], [null, 'input_too_large'], ['d', 'ok']]);
});

test('many requests in one go, answered in order', long('conformance sends every vector to the adapter in make check'), () => {
  const lines = [];
  for (let i = 0; i < 3000; i++) lines.push(JSON.stringify({ id: 'p' + i, scheme: 'selfpoker_v1', op: 'permutation', input: { seed: String(i), n: 5 } }));
  const out = runAdapter(Buffer.from(lines.join('\n') + '\n'));
  assert.equal(out.length, 3000);
  out.forEach((r, i) => {
    assert.equal(r.id, 'p' + i);
    assert.deepStrictEqual(r.output.permutation, pf.numpyPermutation(String(i), 5));
  });
});

test('answers a line as soon as it arrives, before the input ends', async () => {
  const child = spawn(process.execPath, [ADAPTER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const first = new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      if (buf.includes('\n')) resolve(buf);
    });
    child.on('error', reject);
    setTimeout(() => reject(new Error('no answer within 10 s')), 10000).unref();
  });
  child.stdin.write(req('live') + '\n');
  const line = await first;
  assert.equal(JSON.parse(line.split('\n')[0]).id, 'live');
  child.stdin.end();
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.equal(code, 0);
});

test('answers larger than the output buffer: written whole, a character never split, in order', () => {
  // An id of nearly 1 MiB is echoed; in the answer {"id":"… the pair 🂡 takes code units 16383 and 16384.
  const long = 'i'.repeat((1 << 20) - 200);
  const pair = 'x'.repeat(16376) + '\ud83c\udca1' + 'é'.repeat(40000);
  const out = runAdapter(Buffer.from([req(long), req(pair), req('after')].join('\n') + '\n'));
  assert.deepStrictEqual(out.map((r) => [r.id, r.error ? r.error.code : 'ok']), [[long, 'ok'], [pair, 'ok'], ['after', 'ok']]);
});
