// @ts-check
import { createAdvisor } from './advisor.js';
import { ApiError, fetchRuleSets, prepareOffline } from './api.js';
import { createCoach } from './coach.js';
import { byId, h } from './dom.js';
import { isLocale, LOCALE_NAMES, LOCALES, locale, num, pickLocale, ruleSetDescription, ruleSetName, setLocale, t } from './i18n.js';
import { newSeed } from './rng.js';
import { solvedExactly } from './ruleset-kind.js';
import { linkState } from './server-link.js';
import { showSiteNotice } from './site-notice.js';

/**
 * The page: loads the rule sets, switches between advisor and coach, and keeps the mode, the
 * rule set, the coach's seed and a chosen language in the URL so that a game can be shared by
 * its link. The language comes from the URL, else the last one chosen here, else the browser's;
 * switching it redraws both modes from what they hold, so nothing typed or played is lost. Each
 * rule set shown is got into the engine in the page (api.js prepareOffline), so that its points
 * advice is at hand offline; the notice under the header says what works without the server.
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

/**
 * @typedef {{ mode: Mode, rs: RuleSet, seed: string | undefined, versus: boolean, chosenLang: string | null }} PageState
 *   seed: the coach's game; versus: the coach plays against the computer; chosenLang: a language chosen on the page
 */

/**
 * Keeps the page's state in the URL, so that a game can be shared by its link.
 * @param {PageState} state
 */
function writeUrl(state) {
  const p = new URLSearchParams({ mode: state.mode, ruleset: state.rs.id });
  if (state.mode === 'coach' && state.seed) p.set('seed', state.seed);
  if (state.mode === 'coach' && state.versus) p.set('vs', 'computer');
  if (state.chosenLang) p.set('lang', state.chosenLang);
  history.replaceState(null, '', `?${p}`);
}

/**
 * The rule set's description under the header, with its optimal expected score where known.
 * @param {HTMLElement} note
 * @param {RuleSet} rs
 */
function describe(note, rs) {
  const value = rs.startValue !== undefined ? ` ${t(solvedExactly(rs) ? 'page.optimal' : 'page.optimalApprox', { value: num(rs.startValue, 2) })}` : '';
  note.textContent = `${ruleSetDescription(rs)}${value}`;
}

/**
 * @param {HTMLSelectElement} select
 * @param {RuleSet[]} rulesets
 * @param {RuleSet} rs the one selected
 */
function fillRuleSets(select, rulesets, rs) {
  select.replaceChildren(...rulesets.map((r) => h('option', { value: r.id }, `${ruleSetName(r)}${t(`status.${r.status}`)}`)));
  select.value = rs.id;
}

/**
 * Gets the rule set into the engine in the page; where the list had no expected score for it (a
 * static site's engine lists it before solving it), the engine's is shown once it has one.
 * @param {RuleSet} rs
 * @param {() => void} onValue the rule set's value just became known
 */
function prepareShown(rs, onValue) {
  void prepareOffline(rs).then((value) => {
    if (value === undefined || rs.startValue !== undefined) return;
    rs.startValue = value;
    onValue();
  });
}

/**
 * The tabs switch the mode on a click and with the arrow keys.
 * @param {Record<Mode, HTMLButtonElement>} tabs
 * @param {(m: Mode) => void} show
 */
function bindTabs(tabs, show) {
  for (const m of /** @type {Mode[]} */ (['advisor', 'coach'])) {
    tabs[m].addEventListener('click', () => show(m));
    tabs[m].addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      const other = m === 'advisor' ? 'coach' : 'advisor';
      show(other);
      tabs[other].focus();
    });
  }
}

/**
 * The rule sets, or undefined when they cannot be had (then the page says why, and stops).
 * @returns {Promise<RuleSet[] | undefined>}
 */
async function loadRuleSets() {
  try {
    return await fetchRuleSets();
  } catch (e) {
    const fatal = byId('fatal', HTMLElement);
    fatal.hidden = false;
    fatal.textContent = t('page.fatal', { detail: e instanceof ApiError ? e.problem.detail : String(e) });
    return undefined;
  }
}

/**
 * The page's state as its URL gives it.
 * @param {URLSearchParams} params
 * @param {RuleSet[]} rulesets
 * @returns {PageState}
 */
function stateFromUrl(params, rulesets) {
  return {
    mode: params.get('mode') === 'coach' ? 'coach' : 'advisor',
    rs: rulesets.find((r) => r.id === params.get('ruleset')) ?? rulesets.find((r) => r.id === 'yahtzee') ?? rulesets[0],
    seed: params.get('seed') ?? undefined,
    versus: params.get('vs') === 'computer',
    chosenLang: params.get('lang'),
  };
}

async function main() {
  const params = new URLSearchParams(location.search);
  setLocale(pickLocale([params.get('lang'), storedLocale()], navigator.languages ?? [navigator.language]));
  translateStatic();
  const select = byId('ruleset', HTMLSelectElement);
  const langSelect = byId('lang', HTMLSelectElement);
  const note = byId('ruleset-note', HTMLElement);
  const tabs = { advisor: byId('tab-advisor', HTMLButtonElement), coach: byId('tab-coach', HTMLButtonElement) };
  const panels = { advisor: byId('advisor', HTMLElement), coach: byId('coach', HTMLElement) };
  langSelect.replaceChildren(...LOCALES.map((l) => h('option', { value: l, lang: l }, LOCALE_NAMES[l])));
  langSelect.value = locale();

  const loaded = await loadRuleSets();
  if (!loaded) return;
  const rulesets = loaded;
  const state = stateFromUrl(params, rulesets);
  fillRuleSets(select, rulesets, state.rs);
  select.disabled = false;
  const notice = showSiteNotice(byId('site-notice', HTMLElement), () => state.rs);
  // A static site has no API documentation to link to.
  byId('api-docs', HTMLElement).hidden = linkState().mode === 'static';

  const hooks = {
    newSeed,
    versus: () => state.versus,
    onVersus: (/** @type {boolean} */ on) => {
      state.versus = on;
      writeUrl(state);
    },
    onSeed: (/** @type {string} */ s) => {
      state.seed = s;
      writeUrl(state);
    },
  };
  let advisor = createAdvisor(panels.advisor);
  let coach = createCoach(panels.coach, hooks);
  /** rule set each mode shows; a mode catches up when it is next shown */
  const shown = { advisor: '', coach: '' };

  function sync() {
    const { mode, rs } = state;
    for (const m of /** @type {Mode[]} */ (['advisor', 'coach'])) {
      tabs[m].setAttribute('aria-selected', String(m === mode));
      tabs[m].tabIndex = m === mode ? 0 : -1;
      panels[m].hidden = m !== mode;
    }
    if (shown[mode] !== rs.id) {
      shown[mode] = rs.id;
      if (mode === 'advisor') advisor.setRuleSet(rs);
      else coach.setRuleSet(rs, state.seed);
    }
    describe(note, rs);
    notice.redraw();
    prepareShown(rs, () => state.rs === rs && describe(note, rs));
    writeUrl(state);
  }

  /** Redraws everything in the new language; each mode keeps what it holds. */
  function relocale() {
    translateStatic();
    fillRuleSets(select, rulesets, state.rs);
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
    describe(note, state.rs);
    notice.redraw();
    writeUrl(state);
  }

  select.addEventListener('change', () => {
    state.rs = rulesets.find((r) => r.id === select.value) ?? state.rs;
    state.seed = undefined;
    sync();
  });
  langSelect.addEventListener('change', () => {
    const next = langSelect.value;
    if (!isLocale(next) || next === locale()) return;
    state.chosenLang = next;
    storeLocale(next);
    setLocale(next);
    relocale();
  });
  bindTabs(tabs, (m) => {
    state.mode = m;
    sync();
  });
  sync();
}

void main();
