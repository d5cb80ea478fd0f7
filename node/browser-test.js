#!/usr/bin/env node
// node node/browser-test.js
//
// Opens node/page/index.html from disk in headless Chromium (Debian's
// /usr/bin/chromium, or $PFKIT_CHROMIUM) and drives it as a reader would,
// through the DevTools protocol over a pipe (--remote-debugging-pipe: no port,
// no WebSocket, no dependency): pastes a record, chooses a tampered one as a
// file, pastes a fingerprint and a seed, and reads what the page shows. It
// then proves that the page made no network request: the DevTools network
// events of the page show nothing but file: URLs, the page's
// Content-Security-Policy refuses a connection and an image it is asked to
// load, and Chromium's own network log (--log-net-log) holds no request made
// by a document and no trace of the refused ones.
//
// Prints a line per check and `N passed, M failed` last. Exit status: 0 when
// all passed, 1 when any failed, 2 when Chromium is not installed: a missing
// browser fails the test, in CI (CI=true) as anywhere else, and is never a
// skip. `make setup-browser` installs it.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { pathToFileURL } = require('node:url');

const CHROMIUM = process.env.PFKIT_CHROMIUM || '/usr/bin/chromium';
const ROOT = path.join(__dirname, '..');
const PAGE = path.join(__dirname, 'page', 'index.html');
const RECORDS = path.join(ROOT, 'vectors', 'records');
const PROBE_HOST = 'pfkit-probe.invalid';
const STEP_TIMEOUT_MS = 20000;

// The file name matches node --test's pattern *-test.js; under the test runner
// it stands down, since it drives a browser and is run on its own.
if (process.env.NODE_TEST_CONTEXT) {
  console.log('# browser-test.js runs on its own: node browser-test.js');
  process.exit(0);
}

if (!fs.existsSync(CHROMIUM)) {
  console.log('FAIL Chromium is not installed (' + CHROMIUM + ' is missing)' + (process.env.CI ? ' on this CI machine' : '') + '.');
  console.log('  make setup-browser installs Debian\'s chromium (or: sudo apt-get install -y chromium),');
  console.log('  or set PFKIT_CHROMIUM to a Chromium or Chrome binary.');
  process.exit(2);
}

let passed = 0, failed = 0;
function check(ok, what, detail) {
  if (ok) passed++;
  else failed++;
  console.log((ok ? 'ok   ' : 'FAIL ') + what + (!ok && detail !== undefined ? '\n       ' + String(detail).slice(0, 600).replace(/\n/g, '\n       ') : ''));
  return ok;
}

/** A DevTools-protocol client over Chromium's pipe: NUL-terminated JSON messages. */
class Pipe {
  constructor(child) {
    this.out = child.stdio[3];
    this.next = 1;
    this.pending = new Map();
    this.listeners = [];
    let buf = Buffer.alloc(0);
    child.stdio[4].on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      let end;
      while ((end = buf.indexOf(0)) >= 0) {
        const msg = JSON.parse(buf.subarray(0, end).toString('utf8'));
        buf = buf.subarray(end + 1);
        this.dispatch(msg);
      }
    });
  }

  dispatch(msg) {
    if (msg.id !== undefined && this.pending.has(msg.id)) {
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      clearTimeout(p.timer);
      if (msg.error) p.reject(new Error(p.method + ': ' + msg.error.message));
      else p.resolve(msg.result);
      return;
    }
    for (const l of this.listeners.slice()) l(msg);
  }

  send(method, params, sessionId) {
    const id = this.next++;
    const msg = { id, method, params: params || {} };
    if (sessionId) msg.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(method + ': no answer in ' + STEP_TIMEOUT_MS + ' ms'));
      }, STEP_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer, method });
      this.out.write(JSON.stringify(msg) + '\0');
    });
  }

  on(fn) {
    this.listeners.push(fn);
  }

  /** Resolves with the first event for which pred holds. */
  waitFor(pred, what) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for ' + what)), STEP_TIMEOUT_MS);
      const l = (msg) => {
        if (pred(msg)) {
          clearTimeout(timer);
          this.listeners.splice(this.listeners.indexOf(l), 1);
          resolve(msg);
        }
      };
      this.listeners.push(l);
    });
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pfkit-browser-'));
  const netLog = path.join(dir, 'netlog.json');
  const args = [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--user-data-dir=' + path.join(dir, 'profile'), '--log-net-log=' + netLog,
    '--remote-debugging-pipe', 'about:blank',
  ];
  const child = spawn(CHROMIUM, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-20000); });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const cdp = new Pipe(child);

  // Everything the page asks of the network, as DevTools sees it.
  const requests = [];
  const blocked = new Map();
  const pageErrors = [];
  cdp.on((m) => {
    if (m.method === 'Network.requestWillBeSent') requests.push(m.params.request.url);
    if (m.method === 'Network.loadingFailed') blocked.set(m.params.requestId, m.params.blockedReason || m.params.errorText);
    if (m.method === 'Runtime.exceptionThrown') pageErrors.push(m.params.exceptionDetails.text + ' ' + JSON.stringify(m.params.exceptionDetails.exception || {}).slice(0, 200));
    if (m.method === 'Log.entryAdded' && m.params.entry.level === 'error') pageErrors.push(m.params.entry.text);
    if (m.method === 'Runtime.consoleAPICalled' && m.params.type === 'error') pageErrors.push(m.params.args.map((a) => a.value).join(' '));
  });

  try {
    const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
    const send = (method, params) => cdp.send(method, params, sessionId);
    for (const domain of ['Page', 'Runtime', 'Network', 'Log', 'DOM']) await send(domain + '.enable');

    const evaluate = async (expression) => {
      const r = await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
      if (r.exceptionDetails) throw new Error('page: ' + r.exceptionDetails.text + ' ' + JSON.stringify(r.exceptionDetails.exception || {}).slice(0, 300));
      return r.result.value;
    };
    const click = async (selector) => {
      const box = await evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)}); e.scrollIntoView(); const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`);
      for (const type of ['mousePressed', 'mouseReleased']) {
        await send('Input.dispatchMouseEvent', { type, x: box[0], y: box[1], button: 'left', clickCount: 1 });
      }
    };
    // Types (pastes) text into a field as a reader would: focus, select all, insert.
    const typeInto = async (selector, text) => {
      await evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)}); e.focus(); e.select(); })()`);
      await send('Input.insertText', { text });
    };
    const resultOf = (selector) => evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)}); return { status: e.dataset.status || null, text: e.innerText }; })()`);
    const resultChanged = async (selector, before) => {
      for (let i = 0; i < 200; i++) {
        const r = await resultOf(selector);
        if (r.text !== before) return r;
        await new Promise((res) => setTimeout(res, 25));
      }
      return resultOf(selector);
    };

    const url = pathToFileURL(PAGE).href;
    const loaded = cdp.waitFor((m) => m.method === 'Page.loadEventFired' && m.sessionId === sessionId, 'the page to load');
    await send('Page.navigate', { url });
    await loaded;
    check(true, 'opened ' + url);

    const engine = await evaluate(`document.getElementById('engine').textContent`);
    const version = fs.readFileSync(path.join(ROOT, 'VERSION'), 'utf8').trim();
    check(engine.includes('verifier.js ' + version + ' loaded'), 'the page loaded ../verifier.js with a script tag', engine);
    const csp = await evaluate(`(document.querySelector('meta[http-equiv="Content-Security-Policy"]') || {}).content || ''`);
    check(/default-src 'none'/.test(csp) && /connect-src 'none'/.test(csp) && /form-action 'none'/.test(csp), 'the page declares a Content-Security-Policy that refuses the network', csp);

    // 1. A record pasted: bridge.json, every check passes.
    const bridge = fs.readFileSync(path.join(RECORDS, 'bridge.json'), 'utf8');
    await typeInto('#record-text', bridge);
    let before = (await resultOf('#record-result')).text;
    await click('#record-check');
    let r = await resultChanged('#record-result', before);
    const passedChecks = (r.text.match(/^passed/gim) || []).length;
    check(r.status === 'verified' && /Verified: all 5 checks hold\./.test(r.text) && passedChecks === 5 && !/FAILED/.test(r.text),
      'bridge.json pasted: verified, all 5 checks shown as passed', r.text);
    check(/match_seed_v2 bridge match bridge-club-7/.test(r.text) && /seats 2 0 3 1, drawn first/.test(r.text), 'the report names the match and the seat order', r.text);

    // 2. A tampered record chosen as a file: the failing card is named.
    const doc = await send('DOM.getDocument', { depth: 1 });
    const { nodeId } = await send('DOM.querySelector', { nodeId: doc.root.nodeId, selector: '#record-file' });
    before = r.text;
    await send('DOM.setFileInputFiles', { nodeId, files: [path.join(RECORDS, 'bridge.tampered.json')] });
    r = await resultChanged('#record-result', before);
    // The tampered card is one the deal holds already, so DIST-1 fails too.
    check(r.status === 'failed' && /Failed: 2 of 5 checks do not hold\./.test(r.text), 'bridge.tampered.json chosen as a file: failed, 2 of 5 checks', r.text);
    check(/deal 2, seat 2, card 7\s+Ad\s+2c/.test(r.text), 'the failing card is named: deal 2, seat 2, card 7, expected Ad, the record has 2c', r.text);
    const shown = await evaluate(`document.getElementById('record-text').value`);
    check(shown === fs.readFileSync(path.join(RECORDS, 'bridge.tampered.json'), 'utf8'), 'the chosen file is shown in the text area');

    // 3. Unreadable input gets a clear message.
    for (const [text, want] of [
      ['{"scheme": "selfpoker_v1", "scheme": "selfpoker_v1"}', /cannot be read[\s\S]*same field twice[\s\S]*malformed_request/],
      ['{"scheme": "match_seed_v2", "kind": "match"', /cannot be read[\s\S]*not valid JSON/],
      ['{"scheme": "nope", "kind": "match"}', /cannot be read[\s\S]*does not name a kind of record/],
      [fs.readFileSync(path.join(RECORDS, 'broken-schema.json'), 'utf8'), /cannot be read[\s\S]*shape[\s\S]*minimum 4 items required/],
      [fs.readFileSync(path.join(RECORDS, 'legacy-v1.json'), 'utf8'), /Not checked: this record uses match_seed_v1/],
    ]) {
      before = (await resultOf('#record-result')).text;
      await typeInto('#record-text', text);
      await click('#record-check');
      r = await resultChanged('#record-result', before);
      check(want.test(r.text), 'unreadable input explained: ' + text.slice(0, 50).replace(/\s+/g, ' '), r.text);
    }

    // 4. The self-hosted poker room: fingerprint and seed.
    const sp = JSON.parse(fs.readFileSync(path.join(RECORDS, 'selfpoker.json'), 'utf8'));
    await typeInto('#sp-commit', sp.commit);
    await typeInto('#sp-seed', sp.fairplay.seed);
    await typeInto('#sp-players', String(sp.hands.length));
    before = (await resultOf('#selfpoker-result')).text;
    await click('#sp-check');
    r = await resultChanged('#selfpoker-result', before);
    check(r.status === 'verified' && /The fingerprint matches the seed/.test(r.text), 'fingerprint and seed of selfpoker.json: the commitment holds', r.text);
    const hands = await evaluate(`[...document.querySelectorAll('#selfpoker-result ol.hands > li')].map((li) => [...li.querySelectorAll('.card')].map((c) => c.textContent))`);
    const board = await evaluate(`[...document.querySelectorAll('#selfpoker-result ol.board .card')].map((c) => c.textContent)`);
    const deck = await evaluate(`[...document.querySelectorAll('#selfpoker-result ol.deck .card')].map((c) => c.textContent)`);
    check(JSON.stringify(hands) === JSON.stringify(sp.hands), 'the hands rebuilt are the record\'s: ' + JSON.stringify(hands), JSON.stringify(sp.hands));
    check(JSON.stringify(board) === JSON.stringify(sp.board), 'the board rebuilt is the record\'s: ' + board.join(' '), sp.board.join(' '));
    check(deck.length === 52 && new Set(deck).size === 52 && JSON.stringify(deck.slice(0, 6)) === JSON.stringify([].concat(...sp.hands)),
      'the whole deck is shown, 52 distinct cards, hands first', deck.join(' '));
    const wrong = sp.commit.slice(0, 10) + (sp.commit[10] === '0' ? '1' : '0') + sp.commit.slice(11);
    await typeInto('#sp-commit', wrong);
    before = r.text;
    await click('#sp-check');
    r = await resultChanged('#selfpoker-result', before);
    check(r.status === 'failed' && /does not match this seed/.test(r.text) && r.text.includes(sp.commit) && r.text.includes(wrong),
      'a wrong fingerprint is caught, with the expected and the pasted value', r.text);
    for (const [seed, want] of [['12a', /decimal digits only/], ['9223372036854775808', /too large/], ['', /Paste the seed/]]) {
      await typeInto('#sp-commit', sp.commit);
      await typeInto('#sp-seed', seed);
      before = (await resultOf('#selfpoker-result')).text;
      await click('#sp-check');
      r = await resultChanged('#selfpoker-result', before);
      check(want.test(r.text), 'seed ' + JSON.stringify(seed) + ' explained', r.text);
    }

    check(pageErrors.length === 0, 'no script error or console error while the page was used', pageErrors.join('\n'));
    const notFile = requests.filter((u) => !u.startsWith('file:'));
    check(requests.length > 0 && notFile.length === 0, 'the page requested only file: URLs (' + requests.length + ' requests: ' +
      [...new Set(requests.map((u) => path.basename(new URL(u).pathname)))].join(', ') + ')', notFile.join('\n'));

    // 5. The policy refuses the network: a connection and an image are blocked
    //    before any request leaves the page.
    const violations = await evaluate(`new Promise((resolve) => {
      const seen = [];
      document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective + ' ' + e.blockedURI));
      const done = () => setTimeout(() => resolve(seen), 300);
      const img = new Image();
      img.src = 'http://${PROBE_HOST}/probe.png';
      fetch('http://${PROBE_HOST}/probe').then(() => done(), () => done());
    })`);
    check(violations.some((v) => v.startsWith('connect-src') && v.includes(PROBE_HOST)) && violations.some((v) => v.startsWith('img-src') && v.includes(PROBE_HOST)),
      'the policy refused a fetch and an image from the network', JSON.stringify(violations));
    const probeRequests = requests.filter((u) => u.includes(PROBE_HOST));
    check([...blocked.values()].filter((b) => b === 'csp').length >= probeRequests.length, 'DevTools reports the refused requests as blocked by the policy', JSON.stringify([...blocked.values()]));

  } catch (e) {
    check(false, 'the browser session ran to the end', e.stack + '\n' + stderr.slice(-2000));
  }
  // A clean close, so that Chromium finishes its network log.
  await cdp.send('Browser.close').catch(() => child.kill('SIGTERM'));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
  await exited;
  clearTimeout(timer);

  // 6. Chromium's own record of the network: no request made by a document (the
  //    page's would carry its file:// origin), and the refused probes never reached it.
  try {
    const log = JSON.parse(fs.readFileSync(netLog, 'utf8'));
    const types = {};
    for (const [k, v] of Object.entries(log.constants.logEventTypes)) types[v] = k;
    const starts = log.events.filter((e) => types[e.type] === 'URL_REQUEST_START_JOB' && e.params && e.params.url);
    const fromDocuments = starts.filter((e) => e.params.initiator !== 'not an origin' || /^file:/.test(e.params.network_isolation_key || ''));
    const background = starts.length - fromDocuments.length;
    check(fromDocuments.length === 0, 'the network log holds no request made by a page (it holds ' + background + ' made by Chromium itself, such as update checks)',
      fromDocuments.map((e) => e.params.url).join('\n'));
    check(!JSON.stringify(log.events).includes(PROBE_HOST), 'the network log holds no trace of the refused probes');
  } catch (e) {
    check(false, 'the network log was written and read', e.message);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(passed + ' passed, ' + failed + ' failed');
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((e) => {
  console.log('FAIL ' + e.stack);
  console.log(passed + ' passed, ' + (failed + 1) + ' failed');
  process.exitCode = 1;
});
