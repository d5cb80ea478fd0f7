// The implementation exchange (spec IMPL-1) and the version (VER-5): the
// runner names itself, its version and every op it implements, which are the
// ops the vector files hold.
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const pf = require('../verifier.js');
const long = require('../skip-long.js');

const ROOT = path.join(__dirname, '..', '..');
const VERSION = fs.readFileSync(path.join(ROOT, 'VERSION'), 'utf8').trim();

/** scheme/op of every vector file, read from the files themselves. */
function vectorOps() {
  const out = [];
  for (const scheme of fs.readdirSync(path.join(ROOT, 'vectors'))) {
    const dir = path.join(ROOT, 'vectors', scheme);
    if (scheme === 'records' || !fs.statSync(dir).isDirectory()) continue;
    for (const f of fs.readdirSync(dir)) {
      const doc = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
      out.push(doc.scheme + '/' + doc.op);
    }
  }
  return out.sort();
}

test('the implementation request is answered with the name, version, language, spec and ops', () => {
  const r = pf.evaluate('{"id":"pfkit/implementation","scheme":"pfkit","op":"implementation","input":{}}');
  assert.strictEqual(r.id, 'pfkit/implementation');
  assert.deepStrictEqual(Object.keys(r.output), ['name', 'version', 'language', 'spec', 'ops']);
  assert.strictEqual(r.output.name, 'pfkit');
  // The spec release is the version's first two numbers (VER-1), as the
  // spec's first paragraph states it.
  const spec = fs.readFileSync(path.join(ROOT, 'spec', 'pfkit.md'), 'utf8').slice(0, 1000);
  assert.ok(spec.includes('Version ' + r.output.spec + '.'), r.output.spec);
  assert.strictEqual(r.output.version, VERSION);
  assert.strictEqual(r.output.language, 'javascript');
  assert.deepStrictEqual(r.output.ops.map((o) => o.scheme + '/' + o.op), vectorOps());
});

test('the implementation request is checked as any request (RUN-6)', () => {
  const cases = [
    ['{"id":"a","scheme":"pfkit","op":"implementation","input":{"b":1,"a":2}}', 'unknown_field'],
    ['{"id":"a","scheme":"pfkit","op":"who","input":{"x":1}}', 'unknown_op'],
    ['{"id":"a","scheme":"PFKIT","op":"implementation","input":{}}', 'unknown_scheme'],
    ['{"id":"a","scheme":"pfkit","op":"implementation","input":null}', 'malformed_request'],
  ];
  for (const [line, code] of cases) assert.strictEqual(pf.evaluate(line).error.code, code, line);
  assert.match(pf.evaluate(cases[0][0]).error.message, /^input\."a": /, 'the first unknown field in byte order');
});

test('node verify.js and adapter.js --version, and node verify.js version', long('starts processes'), () => {
  for (const script of ['verify.js', 'adapter.js']) {
    for (const flag of ['--version', '-version', ...(script === 'verify.js' ? ['version'] : [])]) {
      const out = execFileSync(process.execPath, [path.join(ROOT, 'node', script), flag], { encoding: 'utf8' });
      assert.strictEqual(out, 'pfkit ' + VERSION + ' (node)\n');
    }
  }
});

test('verify.js --json begins with the kit\'s version', () => {
  const record = path.join(ROOT, 'vectors', 'records', 'bridge.json');
  let out;
  try {
    out = execFileSync(process.execPath, [path.join(ROOT, 'node', 'verify.js'), '--json', record], { encoding: 'utf8' });
  } catch (e) {
    out = e.stdout;
  }
  assert.ok(out.startsWith('{\n  "pfkit": {\n    "version": "' + VERSION + '"\n  },\n  "records": ['), out.slice(0, 80));
});
