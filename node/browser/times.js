// Where the browser check's time goes (PFKIT_BROWSER_TIMES=1): each phase's
// wall time, node's processor time and Chromium's (the browser and every
// process it started, read from /proc, since node never reaps them), printed
// on standard error so that the checks' own lines stay as they are. Phases
// that run side by side (in two tabs) overlap: their figures add up to more
// than the whole run.
'use strict';

const fs = require('node:fs');
const { processTree } = require('./driver.js');

const ON = process.env.PFKIT_BROWSER_TIMES === '1';
const TICK = 100; // clock ticks per second of /proc/PID/stat on Linux

/** Seconds of processor time of each process of the tree by its type (browser, renderer, gpu-process, ...): its own and its reaped children's. */
function treeByType(browserPid) {
  const out = {};
  for (const pid of processTree(browserPid)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const type = (/--type=([\w-]+)/.exec(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')) || [null, 'browser'])[1];
      out[type] = (out[type] || 0) + (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK;
    } catch { /* gone */ }
  }
  return out;
}

const sum = (byType) => Object.values(byType).reduce((s, x) => s + x, 0);

const nodeSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/**
 * A clock of phases for the browser started as browserPid: phase(name, fn)
 * runs fn and, when PFKIT_BROWSER_TIMES=1, notes its wall time and the
 * processor time node and Chromium spent meanwhile; beforeClose() notes
 * Chromium's whole processor time by process type while it still runs;
 * report() prints it all.
 */
function phases(browserPid) {
  const rows = [];
  const started = Date.now();
  let chromium = null;
  const phase = async (name, fn) => {
    if (!ON) return fn();
    const t = [Date.now(), nodeSeconds(), sum(treeByType(browserPid))];
    try {
      return await fn();
    } finally {
      const after = treeByType(browserPid);
      // A browser that has closed has no figure left to subtract from.
      rows.push([name, (Date.now() - t[0]) / 1000, nodeSeconds() - t[1], Object.keys(after).length ? sum(after) - t[2] : '']);
    }
  };
  const beforeClose = () => {
    if (ON) chromium = treeByType(browserPid);
  };
  const report = () => {
    if (!ON) return;
    const line = (cells) => cells[0].padEnd(24) + cells.slice(1).map((c) => (typeof c === 'number' ? c.toFixed(1) : c).padStart(12)).join('');
    const lines = [line(['phase', 'wall s', 'node cpu s', 'chromium s'])];
    for (const r of rows) lines.push(line(r));
    lines.push(line(['whole run', (Date.now() - started) / 1000, nodeSeconds(), chromium ? sum(chromium) : '']));
    if (chromium) lines.push('chromium by process type: ' + Object.entries(chromium).map(([k, v]) => k + ' ' + v.toFixed(1) + ' s').join(', '));
    process.stderr.write(lines.join('\n') + '\n');
  };
  return { phase, beforeClose, report };
}

module.exports = { phases };
