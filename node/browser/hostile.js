// Hostile 16 MiB records chosen as files: refused, the tab's memory bounded (LIM-5).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { RECORDS, check } = require('./common.js');
const { processTree } = require('./driver.js');

/**
 * A reader is handed a hostile 16 MiB record of each shape that builds many
 * small values (LIM-5): the tab answers with a refusal, and its renderer's
 * peak resident memory (VmHWM, reset through /proc/PID/clear_refs before each
 * record) grows by at most HOSTILE_GROWTH_BYTES over what it held before.
 */
const HOSTILE_GROWTH_BYTES = 96 << 20;

/** The renderer processes Chromium (browserPid) started. */
function renderers(browserPid) {
  return processTree(browserPid).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false; // gone
    }
  });
}

const kib = (pid, field) => Number(new RegExp(field + ':\\s+(\\d+) kB').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

async function hostileRecordsInPage({ send, evaluate, answerTo }, dir, browserPid) {
  const bridge = JSON.parse(fs.readFileSync(path.join(RECORDS, 'bridge.json'), 'utf8'));
  delete bridge.deals;
  const head = JSON.stringify(bridge).slice(0, -1) + ',"deals":[';
  const size = 16 << 20;
  const doc = await send('DOM.getDocument', { depth: 1 });
  const { nodeId } = await send('DOM.querySelector', { nodeId: doc.root.nodeId, selector: '#record-file' });
  for (const [shape, unit] of [['objects', '{"a":0}'], ['numbers', '0'], ['deals of [1]', '[1]'], ['mixed', '{"a":[0,"s",{"b":null}]}']]) {
    const n = Math.floor((size - head.length - 2) / (unit.length + 1));
    const file = path.join(dir, 'hostile.json');
    fs.writeFileSync(file, head + Array(n).fill(unit).join(',') + ']}');
    await evaluate(`document.getElementById('record-clear').click()`);
    const pids = renderers(browserPid);
    const held = new Map(pids.map((pid) => {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // the peak starts again from what is held now
      return [pid, kib(pid, 'VmRSS')];
    }));
    const t = Date.now();
    const r = await answerTo('#record-result', () => send('DOM.setFileInputFiles', { nodeId, files: [file] }));
    const ms = Date.now() - t;
    const alive = await evaluate('1 + 1');
    const growth = Math.max(...pids.map((pid) => kib(pid, 'VmHWM') - held.get(pid)));
    check(alive === 2 && r.status === 'unreadable' && pids.length > 0 && growth <= HOSTILE_GROWTH_BYTES,
      `a 16 MiB record of ${shape} chosen as a file: refused in ${ms} ms, the tab's peak memory ${(growth / 2 ** 20).toFixed(1)} MiB over what it held (bound ${HOSTILE_GROWTH_BYTES >> 20} MiB)`,
      `${pids.length} renderers; ${r.status}: ${r.text.slice(0, 300)}`);
    fs.rmSync(file);
  }
}

module.exports = { hostileRecordsInPage };
