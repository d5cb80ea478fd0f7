// No network: the page's policy refuses a connection and an image, and
// Chromium's own network log holds no request made by a document.
'use strict';

const fs = require('node:fs');
const { PROBE_HOST, check } = require('./common.js');

/** The policy refuses the network: a connection and an image are blocked before any request leaves the page. */
async function policyChecks({ evaluate }, requests, blocked) {
  // 6. The policy refuses the network: a connection and an image are blocked
  //    before any request leaves the page.
  const violations = await evaluate(`new Promise((resolve) => {
    const seen = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective + ' ' + e.blockedURI));
    // Done when both refusals are reported; a probe that is settled without its report gets 300 ms more for it.
    let settled = 0;
    const both = () => ['connect-src', 'img-src'].every((d) => seen.some((v) => v.startsWith(d)));
    document.addEventListener('securitypolicyviolation', () => { if (both()) resolve(seen); });
    const done = () => { if (++settled === 2) setTimeout(() => resolve(seen), 300); };
    const img = new Image();
    img.onload = img.onerror = done;
    img.src = 'http://${PROBE_HOST}/probe.png';
    fetch('http://${PROBE_HOST}/probe').then(() => done(), () => done());
  })`);
  check(violations.some((v) => v.startsWith('connect-src') && v.includes(PROBE_HOST)) && violations.some((v) => v.startsWith('img-src') && v.includes(PROBE_HOST)),
    'the policy refused a fetch and an image from the network', JSON.stringify(violations));
  const probeRequests = requests.filter((u) => u.includes(PROBE_HOST));
  check([...blocked.values()].filter((b) => b === 'csp').length >= probeRequests.length, 'DevTools reports the refused requests as blocked by the policy', JSON.stringify([...blocked.values()]));
}

/** Chromium's own record of the network. */
function netLogChecks(netLog) {
  // 7. Chromium's own record of the network: no request made by a document (the
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
}

module.exports = { policyChecks, netLogChecks };
