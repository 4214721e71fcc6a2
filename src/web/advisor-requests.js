// @ts-check
import { drawTray } from './advisor-dice.js';
import { goalOf, readPosition, refreshTotals } from './advisor-form.js';
import { clearIssues, showBanner, showIssues } from './advisor-issues.js';
import { bestHold, fixFields, oddsBody, oddsFigure, pointsAdvice, preparing, reachAdvice, reachTarget, waitingForDice, winAdvice } from './advisor-render.js';
import { ApiError, fetchAdvice, fetchExplainedHint, fetchOdds, unavailableText } from './api.js';
import { explainBody, explainHolder, explainNotice } from './explain-view.js';
import { explainable, solvedExactly } from './ruleset-kind.js';

/**
 * What the advisor asks, and when: advice for the position in the form (api.js) each time it
 * changes, the latest question winning: the answer to one asked before is dropped. Nothing is asked
 * while the roll is still being entered (it could only fail) unless the player presses Advise, so
 * the server says what is wrong. While the server answers 503 with Retry-After (a table loading or
 * being built) the page says how far it is and asks again when told. A reach goal on an exactly
 * solved rule set also asks for the odds curve of the position. Points advice with Explain pressed
 * also asks the server why (the engine in the page answers the advice itself, and has no outlook
 * table: docs/explain.md), and shows it under the options when it comes.
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./types.js').ProbabilityAdvice} ProbabilityAdvice
 * @typedef {import('./types.js').WinAdvice} WinAdvice
 * @typedef {import('./types.js').PositionInput} PositionInput
 * @typedef {import('./advisor-form.js').AdvisorForm} AdvisorForm
 * @typedef {{ form: AdvisorForm, seq: number, timer: ReturnType<typeof setTimeout> | undefined }} AdvisorLoop
 *   seq: the number of the latest question; an answer to any other is dropped
 */

/**
 * @param {AdvisorForm} form
 * @returns {AdvisorLoop}
 */
export function createLoop(form) {
  return { form, seq: 0, timer: undefined };
}

/**
 * Asks after `delay` ms, instead of anything scheduled before.
 * @param {AdvisorLoop} loop
 * @param {number} delay
 * @param {boolean} [asked] the player pressed Advise: send even a half-entered roll, so the server says what is wrong
 */
export function schedule(loop, delay, asked = false) {
  clearTimeout(loop.timer);
  loop.timer = setTimeout(() => void ask(loop, asked), delay);
}

/**
 * Drops what is scheduled and any answer on its way: the form is being redrawn or replaced.
 * @param {AdvisorLoop} loop
 */
export function stop(loop) {
  clearTimeout(loop.timer);
  loop.seq++;
}

/**
 * The advice panel shows `nodes` instead of advice, the form no errors and the tray no advice.
 * @param {AdvisorForm} form
 * @param {Node[]} nodes
 */
function showInstead(form, nodes) {
  clearIssues(form);
  drawTray(form, undefined);
  form.result.replaceChildren(...nodes);
}

/**
 * @param {AdvisorLoop} loop
 * @param {boolean} asked
 */
async function ask(loop, asked) {
  const { form } = loop;
  const ruleSet = form.rs;
  if (!ruleSet) return;
  const mine = ++loop.seq;
  refreshTotals(form);
  if (!asked && form.dice.length > 0 && form.dice.length < ruleSet.dice) {
    showInstead(form, [waitingForDice(ruleSet.dice - form.dice.length)]);
    return;
  }
  const local = goalOf(form) === 'win' ? form.opponents.check() : [];
  if (local.length) {
    showInstead(form, [fixFields()]);
    showIssues(form, local);
    return;
  }
  const position = readPosition(form);
  form.result.setAttribute('aria-busy', 'true');
  try {
    const advice = await fetchAdvice(position);
    if (mine !== loop.seq) return;
    clearIssues(form);
    showAdvice(loop, ruleSet, advice, position);
  } catch (e) {
    if (mine !== loop.seq) return;
    showFailure(loop, ruleSet, e);
  } finally {
    if (mine === loop.seq) form.result.removeAttribute('aria-busy');
  }
}

/**
 * @param {AdvisorLoop} loop
 * @param {RuleSet} ruleSet
 * @param {Advice | ProbabilityAdvice | WinAdvice} advice
 * @param {PositionInput} position the position asked about
 */
function showAdvice(loop, ruleSet, advice, position) {
  const { form } = loop;
  drawTray(form, bestHold(ruleSet, advice.options));
  if (!('probabilityBefore' in advice)) {
    form.lastExpected = advice.expectedFinalScore;
    form.result.replaceChildren(...pointsAdvice(ruleSet, advice, explainOf(loop, ruleSet, position)));
  } else if ('opponents' in advice) {
    form.result.replaceChildren(...winAdvice(ruleSet, /** @type {WinAdvice} */ (advice)));
  } else {
    // The odds API answers the exactly solved rule sets only: a multi-column one has no reach table.
    const odds = solvedExactly(ruleSet) ? oddsFigure() : null;
    if (odds) void drawOdds(loop, odds, position, reachTarget(advice));
    form.result.replaceChildren(...reachAdvice(ruleSet, advice, odds));
  }
}

/**
 * The Explain button's state for points advice, where the rule set's advice can say why: while it
 * is pressed, the explanation's place, asked for at once. Pressing it asks again, so that the
 * advice is drawn with the explanation (or without); the focus stays on the button.
 * @param {AdvisorLoop} loop
 * @param {RuleSet} ruleSet
 * @param {PositionInput} position
 */
function explainOf(loop, ruleSet, position) {
  if (!explainable(ruleSet)) return undefined;
  const { form } = loop;
  const holder = form.explain ? explainHolder() : null;
  if (holder) void drawExplained(loop, ruleSet, holder, position);
  if (document.activeElement?.id === 'adv-explain-toggle') queueMicrotask(() => document.getElementById('adv-explain-toggle')?.focus());
  return {
    open: form.explain,
    holder,
    onToggle: () => {
      form.explain = !form.explain;
      schedule(loop, 0);
    },
  };
}

/**
 * Fills the explanation of the advice to the latest question once the server answers; while the
 * server prepares its outlook table, says how far it is and asks again when told.
 * @param {AdvisorLoop} loop
 * @param {RuleSet} ruleSet
 * @param {HTMLElement} holder
 * @param {PositionInput} position
 */
async function drawExplained(loop, ruleSet, holder, position) {
  const mine = loop.seq;
  try {
    const explained = await fetchExplainedHint(position);
    if (mine !== loop.seq) return;
    holder.replaceChildren(...explainBody(ruleSet, explained));
  } catch (e) {
    if (mine !== loop.seq) return;
    if (!(e instanceof ApiError)) throw e;
    const retry = e.retryAfter;
    holder.replaceChildren(explainNotice(e.problem.detail, retry !== undefined));
    if (retry !== undefined) {
      setTimeout(() => {
        if (mine === loop.seq) void drawExplained(loop, ruleSet, holder, position);
      }, 1000 * retry);
      return;
    }
  }
  holder.removeAttribute('aria-busy');
}

/**
 * @param {AdvisorLoop} loop
 * @param {RuleSet} ruleSet
 * @param {unknown} e
 */
function showFailure(loop, ruleSet, e) {
  const { form } = loop;
  clearIssues(form);
  drawTray(form, undefined);
  if (!(e instanceof ApiError)) throw e;
  if (e.needsServer) {
    // A goal only the server answers, and no server to ask: said plainly, asked again when it is back (advisor.js).
    form.result.replaceChildren();
    showBanner(form, e.problem.detail);
    return;
  }
  if (e.retryAfter !== undefined) {
    // A table is loading or being built: say so, and ask again when the server says to.
    form.result.replaceChildren(preparing(e.problem.detail));
    schedule(loop, 1000 * e.retryAfter);
    return;
  }
  form.result.replaceChildren(e.unavailable ? '' : fixFields());
  if (e.unavailable) showBanner(form, unavailableText(ruleSet, e.problem));
  else if (e.problem.errors?.length) showIssues(form, e.problem.errors);
  else showBanner(form, e.problem.detail);
}

/**
 * Fills the odds figure of the advice to the latest question, once the odds arrive.
 * @param {AdvisorLoop} loop
 * @param {HTMLElement} figure
 * @param {PositionInput} position
 * @param {number} target
 */
async function drawOdds(loop, figure, position, target) {
  const mine = loop.seq;
  const caption = /** @type {HTMLElement} */ (figure.firstChild);
  try {
    const odds = await fetchOdds(position);
    if (mine === loop.seq) figure.replaceChildren(caption, oddsBody(odds, target));
  } catch (e) {
    if (mine !== loop.seq) return;
    if (!(e instanceof ApiError)) throw e;
    figure.replaceChildren(caption, oddsBody({ detail: e.problem.detail }, target));
  }
}
