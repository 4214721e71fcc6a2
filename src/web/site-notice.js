// @ts-check
import { ruleSetName, t } from './i18n.js';
import { onPreparation } from './local-engine.js';
import { linkState, onLinkChange } from './server-link.js';

/**
 * The notice under the page's header: where there is no server to ask (a static site, or the
 * server out of reach) it says what works in this browser and what needs the server; and while
 * the engine gets a rule set's tables in for the page to answer from them, how far it is. With a
 * server in reach the engine gets tables in behind the server's answers, and nothing is said.
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./local-engine.js').Preparation} Preparation
 */

/**
 * Keeps `root` (the notice's element) up to date until disposed.
 * @param {HTMLElement} root
 * @param {() => RuleSet | undefined} current the rule set the page shows: its progress is the one told
 * @returns {{ redraw: () => void, dispose: () => void }} redraw: after a change of language or rule set
 */
export function showSiteNotice(root, current) {
  const mode = document.createElement('p');
  mode.id = 'site-mode';
  mode.setAttribute('role', 'status');
  const progress = document.createElement('p');
  progress.id = 'engine-progress';
  root.replaceChildren(mode, progress);
  /** @type {Map<string, Preparation>} the latest word on each rule set being got in */
  const states = new Map();

  function redraw() {
    const link = linkState();
    const alone = !link.reachable;
    mode.textContent = alone ? t(link.mode === 'static' ? 'notice.static' : 'notice.offline') : '';
    const rs = current();
    const p = rs && states.get(rs.id);
    progress.textContent = alone && rs && p?.state === 'preparing' ? t('notice.preparing', { name: ruleSetName(rs), percent: p.percent }) : '';
    mode.hidden = mode.textContent === '';
    progress.hidden = progress.textContent === '';
    root.hidden = mode.hidden && progress.hidden;
  }

  const offLink = onLinkChange(redraw);
  const offEngine = onPreparation((p) => {
    const before = states.get(p.ruleset);
    states.set(p.ruleset, p);
    // Ten steps are enough to show it moving.
    if (before?.state !== p.state || Math.floor(before.percent / 10) !== Math.floor(p.percent / 10)) redraw();
  });
  redraw();
  return {
    redraw,
    dispose: () => {
      offLink();
      offEngine();
    },
  };
}
