// The offline page held to WCAG 2.2 A and AA in Chromium, for node/browser-check.js:
// axe-core (the pinned devDependency, its axe.min.js evaluated in the page under
// test) on every example record opened from a link in every locale, in the light
// and the dark colour scheme, and on each filled form; the verdict announced
// (its own role="status"), focused and scrolled into view on a 320 x 740 phone;
// nothing scrolling sideways at 320 px; and a visible focus ring on every
// control in both colour schemes, a highlighted card button's included.
'use strict';

const fs = require('node:fs');

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PHONE = { width: 320, height: 740, deviceScaleFactor: 1, mobile: true };
// axe-core's contrast rule takes seconds on a page of 104 cards when two cores are shared.
const AXE_TIMEOUT_MS = 120000;

// Runs in the page: axe's violations (WCAG 2.2 A and AA, or which.rules only, without which.skip)
// in context (a selector, else the whole document), one line each with the first elements it names.
const AXE_RUN = (which, context) => `(async () => {
  // preload: false, or axe fetches the style sheet, which the page's policy refuses (connect-src 'none').
  const options = { preload: false, resultTypes: ['violations'],
    runOnly: ${which.rules ? `{ type: 'rule', values: ${JSON.stringify(which.rules)} }` : `{ type: 'tag', values: ${JSON.stringify(TAGS)} }`},
    rules: ${JSON.stringify(Object.fromEntries((which.skip || []).map((r) => [r, { enabled: false }])))} };
  const r = await axe.run(${context ? JSON.stringify({ include: [context] }) : 'document'}, options);
  return r.violations.map((v) => v.id + ' (' + v.nodes.length + '): ' + v.nodes.slice(0, 3)
    .map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '').split('\\n').slice(1, 2).join('').trim()).join(' | '));
})()`;

// Runs in the page: '' when the document does not scroll sideways, else its
// widths and the element reaching furthest right, by its box or by its text: a
// word that cannot break runs past a box that fits (the deepest element wins a tie).
const SIDEWAYS = `(() => {
  const doc = document.documentElement;
  if (doc.scrollWidth <= doc.clientWidth) return '';
  let widest = null, reach = doc.clientWidth + 0.5, by = '';
  const past = (e, right, what) => { if (right >= reach) [widest, reach, by] = [e, right, what]; };
  for (const e of document.querySelectorAll('body *')) past(e, e.getBoundingClientRect().right, 'its box');
  const range = document.createRange();
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = texts.nextNode(); n; n = texts.nextNode()) {
    range.selectNodeContents(n);
    past(n.parentElement, range.getBoundingClientRect().right, 'its text');
  }
  const cls = widest ? (widest.getAttribute('class') || '').trim() : '';
  const name = widest ? widest.tagName.toLowerCase() + (widest.id ? '#' + widest.id : '') + (cls ? '.' + cls.split(/\\s+/).join('.') : '') +
    ' "' + widest.textContent.trim().slice(0, 60) + '" reaches ' + Math.round(reach) + ' px (' + by + ')' : 'no element past the edge';
  return doc.scrollWidth + ' > ' + doc.clientWidth + ', widest: ' + name;
})()`;

// Runs in the page: where the focus is, and whether the verdict is on the screen.
const FOCUS = `(() => {
  const a = document.activeElement;
  const r = a ? a.getBoundingClientRect() : null;
  return {
    verdict: !!a && a.matches('h3.verdict[tabindex="-1"]') && a.parentElement.getAttribute('role') === 'status',
    text: a ? a.textContent.slice(0, 80) : '',
    top: r ? Math.round(r.top) : null, bottom: r ? Math.round(r.bottom) : null, height: innerHeight,
    lowContrast: (() => {
      // axe-core leaves out what is inside role="img" (a card, a tile, a die): their ink against the face they sit on.
      const rgba = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
      const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
        .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
      const face = (e) => { for (let x = e; x; x = x.parentElement) { const c = rgba(getComputedStyle(x).backgroundColor); if (c.length === 3 || c[3] > 0) return c; } return [255, 255, 255]; };
      const out = [];
      for (const e of document.querySelectorAll('#record-result .card, #record-result .tile .face, #record-result .tile .mark, #record-result .die-text')) {
        if (e.getClientRects().length === 0 || !e.textContent.trim()) continue;
        const [a, b] = [lum(rgba(getComputedStyle(e).color)), lum(face(e))].sort((p, q) => q - p);
        const ratio = (a + 0.05) / (b + 0.05);
        if (ratio < 4.5) out.push(e.className + ' "' + e.textContent.trim() + '" ' + ratio.toFixed(2) + ':1');
      }
      return out.slice(0, 3).join(', ');
    })(),
    sideways: ${SIDEWAYS},
  };
})()`;

// Runs in the page: every visible control focused in turn (after a key press, so
// that the browser shows focus as it does to a keyboard user); a control whose
// ring is missing, under 2 px, under 3:1 against the page or not different from
// its look without focus.
const RINGS = `(() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const page = getComputedStyle(document.body).backgroundColor;
  const look = (e) => { const s = getComputedStyle(e); return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow].join(' '); };
  const bad = [];
  const controls = [...document.querySelectorAll('button, input, select, textarea')].filter((e) => e.getClientRects().length > 0 && !e.disabled);
  for (const e of controls) {
    document.activeElement && document.activeElement.blur();
    const before = look(e);
    e.focus();
    const s = getComputedStyle(e);
    const name = e.id || e.className || e.tagName;
    if (s.outlineStyle === 'none' || parseFloat(s.outlineWidth) < 2) bad.push(name + ': no focus ring (' + look(e) + ')');
    else if (ratio(s.outlineColor, page) < 3) bad.push(name + ': ring ' + s.outlineColor + ' on ' + page + ' is ' + ratio(s.outlineColor, page).toFixed(2) + ':1');
    else if (look(e) === before) bad.push(name + ': looks the same with and without focus');
  }
  return { count: controls.length, bad };
})()`;

const setLang = (loc) => `(() => { const s = document.getElementById('lang'); s.value = ${JSON.stringify(loc)}; s.dispatchEvent(new Event('change')); })()`;

/**
 * axe injected once per document. noHtml: its results carry no HTML snippet
 * of each element they name (the problems print its selector instead), which
 * saves about a tenth of axe's time and changes nothing it checks.
 */
async function withAxe(evaluate) {
  if (!(await evaluate('typeof window.axe === "object"'))) await evaluate(AXE + '\n;axe.configure({ noHtml: true });\ntrue');
}

async function scheme(send, value) {
  await send('Emulation.setEmulatedMedia', { media: '', features: [{ name: 'prefers-color-scheme', value }] });
}

/**
 * The problems of the example record now open from a link (where: its name in
 * them) at phone width in colours: axe's violations, the verdict not focused or off the
 * screen, the page scrolling sideways, a card, tile or die under 4.5:1.
 * The page around the result is the same for every record: filledForms runs
 * axe on all of it. Colours do not change with the locale: contrast (axe's
 * slowest rule, about a second a page here) is measured in English in both
 * schemes, every other rule in every locale.
 */
async function linkedRecordProblems(evaluate, colours, loc, where) {
  await withAxe(evaluate);
  const violations = await evaluate(colours === 'dark' ? AXE_RUN({ rules: ['color-contrast'] }, '#record-result')
    : AXE_RUN(loc === 'en' ? {} : { skip: ['color-contrast'] }, '#record-section'), AXE_TIMEOUT_MS);
  const f = await evaluate(FOCUS);
  const problems = violations.map((v) => where + ': ' + v);
  if (!f.verdict) problems.push(where + ': the focus is not on the verdict (' + f.text + ')');
  else if (f.top < 0 || f.bottom > f.height) problems.push(where + ': the verdict is off the screen (' + f.top + '..' + f.bottom + ' of ' + f.height + ')');
  if (f.sideways) problems.push(where + ': the page scrolls sideways at 320 px (' + f.sideways + ')');
  if (f.lowContrast) problems.push(where + ': a picture under 4.5:1: ' + f.lowContrast);
  return problems;
}

/** The check of runs example records opened from links in colours and the locales locs, with their problems. */
function linkedRecordsCheck(check, colours, locs, runs, problems, seconds) {
  check(problems.length === 0, runs + ' example records opened from links at 320 x 740 (' + colours + ' scheme, ' + locs.join(', ') +
    '): no axe-core violation of WCAG 2.2 A/AA, every card, tile and die 4.5:1, the verdict focused and on the screen, nothing scrolls sideways (' +
    seconds.toFixed(1) + ' s)', problems.slice(0, 20).join('\n'));
}

/** The page at phone width (320 x 740) in colours, with an empty fragment: a link the page shows already would fire no hashchange. */
async function phoneIn({ send, evaluate }, colours) {
  await send('Emulation.setDeviceMetricsOverride', PHONE);
  await scheme(send, colours);
  await evaluate(`new Promise((resolve) => { if (location.hash.length <= 1) return resolve(); addEventListener('hashchange', () => resolve(), { once: true }); location.hash = ''; })`);
}

/** The page back to its own width and the light scheme. */
async function desktopLight({ send }) {
  await scheme(send, 'light');
  await send('Emulation.clearDeviceMetricsOverride');
}

// Runs in the page: where every element is and whether it shows (its box, display, visibility,
// opacity), and the scroll position, as one hash: what the page's dark scheme, which sets colours
// only, leaves as the light scheme had it.
const LOOK_BUT_COLOURS = `(() => {
  let h = 2166136261;
  const add = (s) => { for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619); };
  const all = document.querySelectorAll('*');
  for (const e of all) {
    const r = e.getBoundingClientRect();
    const s = getComputedStyle(e);
    add([r.x, r.y, r.width, r.height, s.display, s.visibility, s.opacity].join(' ') + ';');
  }
  return (h >>> 0).toString(16) + ' ' + all.length + ' ' + scrollX + ',' + scrollY;
})()`;

/**
 * axe's violations of the page as it is now, in colours (light: its
 * LOOK_BUT_COLOURS in the light scheme). In the dark scheme, when nothing but
 * colours changed, the rules of axe's colour category only: every other rule
 * reads what the light scheme's run has read already.
 */
async function axeIn(evaluate, colours, light) {
  if (colours === 'dark' && (await evaluate(LOOK_BUT_COLOURS)) === light) {
    const rules = await evaluate(`axe.getRules(${JSON.stringify(TAGS)}).filter((r) => r.tags.includes('cat.color')).map((r) => r.ruleId)`);
    return evaluate(AXE_RUN({ rules }), AXE_TIMEOUT_MS);
  }
  return evaluate(AXE_RUN({}), AXE_TIMEOUT_MS);
}

/**
 * Each filled form, checked in both schemes (the page does not redraw for a
 * scheme: the same form, seen light and then dark): axe, the verdict focused;
 * then every control's focus ring in each scheme. And, in each locale, the
 * page with every form filled so far seen at 320 px: nothing scrolls sideways.
 */
async function filledForms({ send, evaluate }, { check, locales, fill }) {
  const problems = { light: [], dark: [] };
  for (const loc of locales) {
    await evaluate(setLang(loc));
    const sideways = [];
    for (const [name, run] of fill) {
      await run();
      await send('Emulation.setDeviceMetricsOverride', PHONE);
      const past = await evaluate(SIDEWAYS);
      if (past) sideways.push(name + ': ' + past);
      await send('Emulation.clearDeviceMetricsOverride');
      await withAxe(evaluate);
      const light = await evaluate(LOOK_BUT_COLOURS);
      for (const colours of ['light', 'dark']) {
        await scheme(send, colours);
        for (const v of await axeIn(evaluate, colours, light)) problems[colours].push(colours + ' ' + loc + ' ' + name + ': ' + v);
        const f = await evaluate(FOCUS);
        if (!f.verdict) problems[colours].push(colours + ' ' + loc + ' ' + name + ': the focus is not on the verdict (' + f.text + ')');
      }
      await scheme(send, 'light');
    }
    check(sideways.length === 0, loc + ': the filled forms (' + fill.map(([n]) => n).join(', ') + ') at 320 px: the page does not scroll sideways',
      sideways.join('\n'));
  }
  for (const colours of ['light', 'dark']) {
    check(problems[colours].length === 0, 'the filled forms (' + fill.map(([n]) => n).join(', ') + ') in ' + locales.length + ' locales, ' + colours +
      ' scheme: no axe-core violation, the verdict focused', problems[colours].slice(0, 20).join('\n'));
    // Focus rings, with a tampered leave bundle on the page (its highlighted card buttons).
    await scheme(send, colours);
    await send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Shift', code: 'ShiftLeft', windowsVirtualKeyCode: 16 });
    await send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Shift', code: 'ShiftLeft', windowsVirtualKeyCode: 16 });
    const rings = await evaluate(RINGS);
    check(rings.count > 10 && rings.bad.length === 0, rings.count + ' controls, ' + colours + ' scheme: each shows a focus ring of 2 px or more, 3:1 against the page',
      rings.bad.join('\n'));
  }
  await scheme(send, 'light');
}

module.exports = { linkedRecordProblems, linkedRecordsCheck, phoneIn, desktopLight, scheme, filledForms, AXE_RUN, withAxe };
