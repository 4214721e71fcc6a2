// @ts-check
import { createAdvisor } from './advisor.js';
import { ApiError, fetchRuleSets } from './api.js';
import { createCoach } from './coach.js';
import { byId, h } from './dom.js';
import { newSeed } from './rng.js';

/**
 * The page: loads the rule sets, switches between advisor and coach, and keeps the mode, the
 * rule set and the coach's seed in the URL so that a game can be shared by its link.
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {'advisor' | 'coach'} Mode
 */

const STATUS_NOTES = /** @type {const} */ ({
  ready: '',
  queued: ' (loading…)',
  loading: ' (loading…)',
  building: ' (building…)',
  failed: ' (unavailable)',
  'not-served': ' (not on this server)',
});

async function main() {
  const params = new URLSearchParams(location.search);
  const select = byId('ruleset', HTMLSelectElement);
  const note = byId('ruleset-note', HTMLElement);
  const fatal = byId('fatal', HTMLElement);
  const tabs = { advisor: byId('tab-advisor', HTMLButtonElement), coach: byId('tab-coach', HTMLButtonElement) };
  const panels = { advisor: byId('advisor', HTMLElement), coach: byId('coach', HTMLElement) };

  /** @type {RuleSet[]} */
  let rulesets;
  try {
    rulesets = await fetchRuleSets();
  } catch (e) {
    fatal.hidden = false;
    fatal.textContent = `Cannot load the rule sets: ${e instanceof ApiError ? e.problem.detail : String(e)}`;
    return;
  }
  /** @type {Mode} */
  let mode = params.get('mode') === 'coach' ? 'coach' : 'advisor';
  let rs = rulesets.find((r) => r.id === params.get('ruleset')) ?? rulesets.find((r) => r.id === 'yahtzee') ?? rulesets[0];
  let seed = params.get('seed') ?? undefined;

  select.replaceChildren(...rulesets.map((r) => h('option', { value: r.id }, `${r.name}${STATUS_NOTES[r.status]}`)));
  select.value = rs.id;
  select.disabled = false;

  const advisor = createAdvisor(panels.advisor);
  const coach = createCoach(panels.coach, {
    newSeed,
    onSeed: (s) => {
      seed = s;
      writeUrl();
    },
  });
  /** rule set each mode shows; a mode catches up when it is next shown */
  const shown = { advisor: '', coach: '' };

  function writeUrl() {
    const p = new URLSearchParams({ mode, ruleset: rs.id });
    if (mode === 'coach' && seed) p.set('seed', seed);
    history.replaceState(null, '', `?${p}`);
  }

  function describe() {
    const value = rs.startValue !== undefined ? ` Optimal play averages ${rs.startValue.toFixed(2)} points${rs.exact ? '' : ' (approximate model)'}.` : '';
    note.textContent = `${rs.description}${value}`;
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

  select.addEventListener('change', () => {
    rs = rulesets.find((r) => r.id === select.value) ?? rs;
    seed = undefined;
    sync();
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
