// @ts-check
import { createAdvisor } from './advisor.js';
import { ApiError, fetchRuleSets } from './api.js';
import { createCoach } from './coach.js';
import { byId, h } from './dom.js';
import { isLocale, LOCALE_NAMES, LOCALES, locale, num, pickLocale, ruleSetDescription, ruleSetName, setLocale, t } from './i18n.js';
import { newSeed } from './rng.js';
import { solvedExactly } from './ruleset-kind.js';

/**
 * The page: loads the rule sets, switches between advisor and coach, and keeps the mode, the
 * rule set, the coach's seed and a chosen language in the URL so that a game can be shared by
 * its link. The language comes from the URL, else the last one chosen here, else the browser's;
 * switching it redraws both modes from what they hold, so nothing typed or played is lost.
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./i18n.js').Locale} Locale
 * @typedef {'advisor' | 'coach'} Mode
 */

const LANG_KEY = 'dicewise.lang';

/** @returns {string | null} */
function storedLocale() {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

/** @param {Locale} l */
function storeLocale(l) {
  try {
    localStorage.setItem(LANG_KEY, l);
  } catch {
    // Storage refused (private mode, a policy): the URL still carries the choice.
  }
}

/** The page's own static texts, marked data-i18n in index.html. */
function translateStatic() {
  document.title = t('page.title');
  for (const el of document.querySelectorAll('[data-i18n]')) {
    if (el instanceof HTMLElement) el.textContent = t(/** @type {import('./i18n.js').MessageKey} */ (el.dataset.i18n));
  }
  byId('tabs', HTMLElement).setAttribute('aria-label', t('page.modes'));
}

async function main() {
  const params = new URLSearchParams(location.search);
  let chosenLang = params.get('lang');
  setLocale(pickLocale([chosenLang, storedLocale()], navigator.languages ?? [navigator.language]));
  translateStatic();
  const select = byId('ruleset', HTMLSelectElement);
  const langSelect = byId('lang', HTMLSelectElement);
  const note = byId('ruleset-note', HTMLElement);
  const fatal = byId('fatal', HTMLElement);
  const tabs = { advisor: byId('tab-advisor', HTMLButtonElement), coach: byId('tab-coach', HTMLButtonElement) };
  const panels = { advisor: byId('advisor', HTMLElement), coach: byId('coach', HTMLElement) };
  langSelect.replaceChildren(...LOCALES.map((l) => h('option', { value: l, lang: l }, LOCALE_NAMES[l])));
  langSelect.value = locale();

  /** @type {RuleSet[]} */
  let rulesets;
  try {
    rulesets = await fetchRuleSets();
  } catch (e) {
    fatal.hidden = false;
    fatal.textContent = t('page.fatal', { detail: e instanceof ApiError ? e.problem.detail : String(e) });
    return;
  }
  /** @type {Mode} */
  let mode = params.get('mode') === 'coach' ? 'coach' : 'advisor';
  let rs = rulesets.find((r) => r.id === params.get('ruleset')) ?? rulesets.find((r) => r.id === 'yahtzee') ?? rulesets[0];
  let seed = params.get('seed') ?? undefined;
  let versus = params.get('vs') === 'computer';

  function fillRuleSets() {
    select.replaceChildren(...rulesets.map((r) => h('option', { value: r.id }, `${ruleSetName(r)}${t(`status.${r.status}`)}`)));
    select.value = rs.id;
  }
  fillRuleSets();
  select.disabled = false;

  const hooks = {
    newSeed,
    versus: () => versus,
    onVersus: (/** @type {boolean} */ on) => {
      versus = on;
      writeUrl();
    },
    onSeed: (/** @type {string} */ s) => {
      seed = s;
      writeUrl();
    },
  };
  let advisor = createAdvisor(panels.advisor);
  let coach = createCoach(panels.coach, hooks);
  /** rule set each mode shows; a mode catches up when it is next shown */
  const shown = { advisor: '', coach: '' };

  function writeUrl() {
    const p = new URLSearchParams({ mode, ruleset: rs.id });
    if (mode === 'coach' && seed) p.set('seed', seed);
    if (mode === 'coach' && versus) p.set('vs', 'computer');
    if (chosenLang) p.set('lang', chosenLang);
    history.replaceState(null, '', `?${p}`);
  }

  function describe() {
    const value = rs.startValue !== undefined ? ` ${t(solvedExactly(rs) ? 'page.optimal' : 'page.optimalApprox', { value: num(rs.startValue, 2) })}` : '';
    note.textContent = `${ruleSetDescription(rs)}${value}`;
  }

  function sync() {
    for (const m of /** @type {Mode[]} */ (['advisor', 'coach'])) {
      const on = m === mode;
      tabs[m].setAttribute('aria-selected', String(on));
      tabs[m].tabIndex = on ? 0 : -1;
      panels[m].hidden = !on;
    }
    if (shown[mode] !== rs.id) {
      shown[mode] = rs.id;
      if (mode === 'advisor') advisor.setRuleSet(rs);
      else coach.setRuleSet(rs, seed);
    }
    describe();
    writeUrl();
  }

  /** Redraws everything in the new language; each mode keeps what it holds. */
  function relocale() {
    translateStatic();
    fillRuleSets();
    const advisorState = advisor.snapshot();
    const coachState = coach.snapshot();
    advisor.dispose();
    coach.dispose();
    advisor = createAdvisor(panels.advisor);
    coach = createCoach(panels.coach, hooks);
    const advisorRs = rulesets.find((r) => r.id === shown.advisor);
    const coachRs = rulesets.find((r) => r.id === shown.coach);
    if (advisorRs) advisor.setRuleSet(advisorRs, advisorState);
    if (coachRs) coach.restore(coachRs, coachState);
    describe();
    writeUrl();
  }

  select.addEventListener('change', () => {
    rs = rulesets.find((r) => r.id === select.value) ?? rs;
    seed = undefined;
    sync();
  });
  langSelect.addEventListener('change', () => {
    const next = langSelect.value;
    if (!isLocale(next) || next === locale()) return;
    chosenLang = next;
    storeLocale(next);
    setLocale(next);
    relocale();
  });
  for (const m of /** @type {Mode[]} */ (['advisor', 'coach'])) {
    tabs[m].addEventListener('click', () => {
      mode = m;
      sync();
    });
    tabs[m].addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      mode = m === 'advisor' ? 'coach' : 'advisor';
      sync();
      tabs[mode].focus();
    });
  }
  sync();
}

void main();
