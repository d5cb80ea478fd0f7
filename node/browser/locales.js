// The page's five locales: chosen from the browser's languages, switched with
// the control and remembered; the engine and the policy the page declares.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { ROOT, LOCALES, text, check } = require('./common.js');

/** The page in the browser's language, in each locale chosen, after a reload; the engine and the policy it declares. */
async function localeChecks({ send, evaluate, load, url }) {
  // The browser prefers Austrian German: the page opens in German.
  const { userAgent } = await send('Browser.getVersion').catch(() => ({ userAgent: 'Mozilla/5.0' }));
  await send('Emulation.setUserAgentOverride', { userAgent, acceptLanguage: 'de-AT,de;q=0.9,en;q=0.5' });
  await load();
  check(true, 'opened ' + url);
  const wordsShown = () => evaluate(`({ lang: document.documentElement.lang, title: document.title,
    words: [...document.querySelectorAll('[data-i18n]')].map((e) => [e.dataset.i18n, e.textContent]),
    placeholders: [...document.querySelectorAll('[data-i18n-placeholder]')].map((e) => [e.dataset.i18nPlaceholder, e.placeholder]),
    languages: navigator.languages })`);
  const inLocale = (shown, loc) => shown.lang === loc && shown.title === text(loc, 'page.title') && shown.words.length > 10 &&
    shown.words.every(([k, v]) => v === text(loc, k) && v !== '') && shown.placeholders.every(([k, v]) => v === text(loc, k));
  let shown = await wordsShown();
  check(inLocale(shown, 'de'), 'navigator.languages ' + JSON.stringify(shown.languages) + ': the page is in German, every text from strings.js', JSON.stringify(shown).slice(0, 400));
  // Switched with the control: every text changes, and the choice outlives a reload.
  for (const loc of LOCALES) {
    await evaluate(`(() => { const s = document.getElementById('lang'); s.value = ${JSON.stringify(loc)}; s.dispatchEvent(new Event('change')); })()`);
    shown = await wordsShown();
    check(inLocale(shown, loc), 'switched to ' + loc + ' with the language control: every text in ' + loc, JSON.stringify(shown).slice(0, 400));
  }
  await load(() => send('Page.reload'));
  shown = await wordsShown();
  check(inLocale(shown, 'nl'), 'after a reload the page keeps the language chosen (nl), whatever the browser prefers', JSON.stringify(shown).slice(0, 300));
  await evaluate(`(() => { const s = document.getElementById('lang'); s.value = 'en'; s.dispatchEvent(new Event('change')); })()`);
  check(inLocale(await wordsShown(), 'en'), 'switched back to English for the checks below');

  const engine = await evaluate(`document.getElementById('engine').textContent`);
  const version = fs.readFileSync(path.join(ROOT, 'VERSION'), 'utf8').trim();
  check(engine.includes('verifier.js ' + version + ' loaded'), 'the page loaded ../verifier.js with a script tag', engine);
  const csp = await evaluate(`(document.querySelector('meta[http-equiv="Content-Security-Policy"]') || {}).content || ''`);
  check(/default-src 'none'/.test(csp) && /connect-src 'none'/.test(csp) && /form-action 'none'/.test(csp), 'the page declares a Content-Security-Policy that refuses the network', csp);
}

module.exports = { localeChecks };
