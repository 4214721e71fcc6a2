// @ts-check
import { drawTray } from './advisor-dice.js';
import { buildAdvisorForm, goalOf, refreshTotals, restoreForm, setFormRuleSet, snapshotForm } from './advisor-form.js';
import { clearIssues, showBanner } from './advisor-issues.js';
import { createLoop, schedule, stop } from './advisor-requests.js';
import { onServerBack, unavailableText } from './api.js';

/**
 * Advisor mode: the player types in a scorecard, the dice and the rerolls left; the page asks for
 * advice and shows every option ranked. The goal is the most points, to reach a total or to win
 * against opponents: then the options are ranked by the chance of it, and for a total on an
 * exactly solved rule set the odds curve of the position is drawn; on Triple Yahtzee and Superpass
 * the chances are approximate and the page says so. Its parts: the form (advisor-form.js, the dice
 * advisor-dice.js, its errors advisor-issues.js), what is asked and when (advisor-requests.js),
 * and the answers drawn (advisor-render.js).
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./advisor-form.js').Snapshot} Snapshot
 * @typedef {import('./advisor-requests.js').AdvisorLoop} AdvisorLoop
 */

/**
 * @param {HTMLElement} root
 */
export function createAdvisor(root) {
  /** @type {AdvisorLoop} */
  const loop = createLoop(buildAdvisorForm({ change: () => schedule(loop, 0), submit: () => schedule(loop, 0, true) }));
  const { form } = loop;
  root.replaceChildren(form.element);
  // What needs the server (reach and win goals, odds) comes back with it.
  const offBack = onServerBack(() => schedule(loop, 0));

  return {
    /**
     * What the player has entered, to carry over to a redrawn advisor (a new language).
     * @returns {Snapshot}
     */
    snapshot: () => snapshotForm(form),
    /** Stops asking: the advisor is being replaced. */
    dispose: () => {
      stop(loop);
      offBack();
    },
    /**
     * @param {RuleSet} next
     * @param {Snapshot} [from] entries to restore (same rule set)
     */
    setRuleSet(next, from) {
      stop(loop);
      setFormRuleSet(form, next);
      if (from) restoreForm(form, from);
      form.opponents.show(goalOf(form) === 'win');
      clearIssues(form);
      form.result.replaceChildren();
      drawTray(form, undefined);
      refreshTotals(form);
      if (next.status !== 'ready') showBanner(form, unavailableText(next));
      schedule(loop, 0);
    },
  };
}
