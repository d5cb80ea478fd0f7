// Chromium driven through the DevTools protocol over a pipe
// (--remote-debugging-pipe: no port, no WebSocket, no dependency): the browser
// launched, the protocol's messages, a page's session and the tools the checks
// use in it (evaluate, click, type, await and read an answer, load).
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { pathToFileURL } = require('node:url');
const { CHROMIUM, PAGE, STEP_TIMEOUT_MS } = require('./common.js');

class Pipe {
  constructor(child) {
    this.out = child.stdio[3];
    this.failed = null;
    // A pipe that breaks as the browser exits: what was waiting fails through fail().
    this.out.on('error', () => {});
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

  send(method, params, sessionId, timeoutMs = STEP_TIMEOUT_MS) {
    if (this.failed) return Promise.reject(new Error(method + ': ' + this.failed.message));
    const id = this.next++;
    const msg = { id, method, params: params || {} };
    if (sessionId) msg.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(method + ': no answer in ' + timeoutMs + ' ms'));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer, method });
      this.out.write(JSON.stringify(msg) + '\0');
    });
  }

  on(fn) {
    this.listeners.push(fn);
  }

  /** Fails every message still waiting for its answer. */
  fail(err) {
    this.failed = err;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      this.pending.delete(id);
      p.reject(new Error(p.method + ': ' + err.message));
    }
    // The events still awaited (waitFor) are told too.
    for (const l of this.listeners.slice()) l(err);
  }

  /** Resolves with the first event for which pred holds. */
  waitFor(pred, what) {
    return new Promise((resolve, reject) => {
      if (this.failed) return reject(new Error(what + ': ' + this.failed.message));
      const l = (msg) => {
        if (msg === this.failed) return done(() => reject(new Error(what + ': ' + msg.message)));
        if (pred(msg)) done(() => resolve(msg));
      };
      const timer = setTimeout(() => done(() => reject(new Error('timed out waiting for ' + what))), STEP_TIMEOUT_MS);
      const done = (settle) => {
        clearTimeout(timer);
        this.listeners.splice(this.listeners.indexOf(l), 1);
        settle();
      };
      this.listeners.push(l);
    });
  }
}

/**
 * A page (a tab) and what the checks do with it: send, evaluate, click,
 * typeInto, resultOf, answerTo, load. ownContext: in a browser context of
 * its own (its own storage and renderer process), so that it can work beside
 * the first page. Each page behaves as the focused one (focus emulation), as a
 * reader's tab does, whichever of them the browser last showed.
 */
async function pageTools(cdp, { ownContext = false } = {}) {
  const { browserContextId } = ownContext ? await cdp.send('Target.createBrowserContext') : {};
  const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
  const send = (method, params, timeoutMs) => cdp.send(method, params, sessionId, timeoutMs);
  for (const domain of ['Page', 'Runtime', 'Network', 'Log', 'DOM']) await send(domain + '.enable');
  await send('Emulation.setFocusEmulationEnabled', { enabled: true });

  // timeoutMs: longer for axe-core, whose contrast rule takes seconds on a busy machine.
  const evaluate = async (expression, timeoutMs) => {
    const r = await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, timeoutMs);
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
  // What the page answers in selector to action (a click, a file chosen): the answer itself awaited,
  // the element's content replaced, and not a change of its text, since two answers may read the same.
  // No answer within a step: the result says so, and the check that reads it fails.
  const answerTo = async (selector, action) => {
    await evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
      window.pfkitAnswered = new Promise((resolve) => { const o = new MutationObserver(() => { o.disconnect(); resolve(true); }); o.observe(e, { childList: true }); }); })()`);
    await action();
    const answered = await evaluate('window.pfkitAnswered', STEP_TIMEOUT_MS).catch(() => false);
    return answered ? resultOf(selector) : { status: null, text: '(no answer in ' + STEP_TIMEOUT_MS / 1000 + ' s)' };
  };

  const url = pathToFileURL(PAGE).href;
  const load = async (how) => {
    const loaded = cdp.waitFor((m) => m.method === 'Page.loadEventFired' && m.sessionId === sessionId, 'the page to load');
    await (how ? how() : send('Page.navigate', { url }));
    await loaded;
  };
  return { send, evaluate, click, typeInto, resultOf, answerTo, load, url, cdp, sessionId };
}

/**
 * Chromium started headless with a fresh profile and its network log in a
 * folder of its own, spoken to over the pipe; everything the page asks of the
 * network and every script or console error, as DevTools sees them.
 */
function launch() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pfkit-browser-'));
  const netLog = path.join(dir, 'netlog.json');
  const args = [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--user-data-dir=' + path.join(dir, 'profile'), '--log-net-log=' + netLog,
    // Chromium otherwise ignores a page's navigations past 200 in 10 seconds (its IPC
    // flooding protection), fragment changes included: the checks open hundreds of links.
    '--disable-ipc-flooding-protection',
    '--remote-debugging-pipe', 'about:blank',
  ];
  const child = spawn(CHROMIUM, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-20000); });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const cdp = new Pipe(child);
  // A browser that is gone answers nothing more: what waits on it fails now, not at its timeout.
  exited.then((code) => cdp.fail(new Error('Chromium exited (' + code + ')')));

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
  return { dir, netLog, child, cdp, exited, requests, blocked, pageErrors, stderr: () => stderr };
}

/** A clean close, so that Chromium finishes its network log; killed if it does not. */
async function close({ cdp, child, exited }) {
  await cdp.send('Browser.close').catch(() => child.kill('SIGTERM'));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
  await exited;
  clearTimeout(timer);
}

/** The pids of browserPid and every process under it. */
function processTree(browserPid) {
  const children = new Map();
  for (const d of fs.readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(fs.readFileSync(`/proc/${d}/status`, 'utf8'))[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(d));
    } catch { /* gone */ }
  }
  const out = [];
  const walk = (pid) => {
    out.push(pid);
    for (const c of children.get(pid) || []) walk(c);
  };
  walk(browserPid);
  return out;
}

module.exports = { launch, close, pageTools, processTree };
