// @ts-check
import { actionText, listedOptions, optionList, probabilityList } from './advice-view.js';
import { fmt, h } from './dom.js';
import { explainToggle } from './explain-view.js';
import { ruleSetName, t } from './i18n.js';
import { oddsChart, percentText } from './odds-chart.js';
import { solvedExactly } from './ruleset-kind.js';

/**
 * The advisor's answers drawn: pure functions from advice (or what stands in its place: a roll
 * still being entered, a table still loading) to the nodes of the advice panel. Points advice shows
 * the expected final score and every option ranked; a goal's shows the chance of it (the expected
 * share of the stake for win), what is approximate about it, and the options ranked by it.
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./types.js').AdviceOption} AdviceOption
 * @typedef {import('./types.js').ProbabilityOption} ProbabilityOption
 * @typedef {import('./types.js').ProbabilityAdvice} ProbabilityAdvice
 * @typedef {import('./types.js').WinAdvice} WinAdvice
 * @typedef {import('./types.js').Odds} Odds
 */

/**
 * The dice the best listed option keeps, to mark in the tray; undefined when it scores a box or
 * there is no roll.
 * @param {RuleSet} ruleSet
 * @param {readonly (AdviceOption | ProbabilityOption)[]} options
 * @returns {number[] | undefined}
 */
export function bestHold(ruleSet, options) {
  const best = listedOptions(ruleSet, options)[0];
  return best && 'hold' in best.action ? best.action.hold : undefined;
}

/** @param {number} missing dice still to enter */
export function waitingForDice(missing) {
  return h('p', { class: 'help', id: 'adv-waiting' }, t('adv.moreDice', { count: missing }));
}

export function fixFields() {
  return h('p', { class: 'help' }, t('adv.fixFields'));
}

/** @param {string} detail how far the table is (api.js) */
export function preparing(detail) {
  return h('p', { class: 'help loading', id: 'adv-loading', role: 'status' }, t('adv.preparing', { detail }));
}

/** @param {RuleSet} ruleSet */
function startOfTurn(ruleSet) {
  return h('p', { class: 'help' }, t('adv.startOfTurn', { count: ruleSet.dice }));
}

/**
 * The most points: the expected final score, the best option with its near-ties, every option,
 * and where the rule set's advice can say why, the Explain button with, while pressed, the
 * explanation's place under it (`explain.holder`, which the request loop fills).
 * @param {RuleSet} ruleSet
 * @param {Advice} advice
 * @param {{ open: boolean, onToggle: () => void, holder: HTMLElement | null }} [explain]
 * @returns {Node[]}
 */
export function pointsAdvice(ruleSet, advice, explain) {
  const listed = listedOptions(ruleSet, advice.options);
  const summary = h(
    'div',
    { class: 'summary' },
    h('div', { class: 'big' }, h('span', { class: 'label' }, t('adv.expected')), h('output', { class: 'value', id: 'adv-expected' }, fmt(advice.expectedFinalScore))),
    h('div', { class: 'facts' }, h('span', {}, t('adv.onSheet', { score: String(advice.score) })), h('span', {}, t(solvedExactly(ruleSet) ? 'adv.exact' : 'adv.approximate'))),
  );
  const best = listed[0];
  /** @type {Node[]} */
  const why = explain ? [explainToggle(explain.open, explain.onToggle), ...(explain.holder ? [explain.holder] : [])] : [];
  if (!best) return [summary, startOfTurn(ruleSet), ...why];
  const ties = listed.filter((o, i) => i > 0 && o.nearTie).length;
  const headline = h(
    'p',
    { class: 'best-line', id: 'adv-best' },
    t('adv.best'),
    h('strong', {}, actionText(ruleSet, best.action)),
    ties ? h('span', { class: 'tie-note' }, t('adv.tiesPoints', { count: ties, limit: 0.01 })) : null,
  );
  return [summary, headline, optionList(ruleSet, advice, { limit: 10 }), h('p', { class: 'help' }, t('adv.pointsLegend', { limit: 0.01 })), ...why];
}

/**
 * A probability goal's head: the chance (or share) now under `label`, the points on the sheet,
 * the chance from the start of the turn, and what is approximate where the answer is: the
 * win share's model beyond this turn on an exactly solved rule set, the goal model of a
 * multi-column one (calibrated to what its play achieved, where the advice says so).
 * @param {RuleSet} ruleSet
 * @param {ProbabilityAdvice | WinAdvice} advice
 * @param {string} label
 * @param {string} id
 */
function chanceSummary(ruleSet, advice, label, id) {
  const approximate = advice.calibration
    ? solvedExactly(ruleSet)
      ? t('adv.winCalibrated', { games: advice.calibration.games.toLocaleString(), open: String(advice.calibration.boxesOpen) })
      : t('adv.goalCalibrated', { name: ruleSetName(ruleSet), games: fmt(advice.calibration.games, 0), open: String(advice.calibration.boxesOpen) })
    : solvedExactly(ruleSet)
      ? t('adv.winApproximate')
      : t('adv.goalApproximate', { name: ruleSetName(ruleSet) });
  return h(
    'div',
    { class: 'summary' },
    h('div', { class: 'big' }, h('span', { class: 'label' }, label), h('output', { class: 'value', id }, percentText(advice.probability))),
    h(
      'div',
      { class: 'facts' },
      h('span', {}, t('adv.onSheet', { score: String(advice.score) })),
      h('span', { id: 'adv-chance-before' }, t('adv.fromTurnStart', { chance: percentText(advice.probabilityBefore) })),
      advice.exact ? null : h('span', { id: 'adv-approximate' }, approximate),
    ),
    advice.steering?.by === 'points' ? h('p', { class: 'help', id: 'adv-steering' }, t('adv.steeredByPoints', { count: advice.steering.horizon })) : null,
  );
}

/**
 * The best option of a probability goal, with how many others are as good in practice.
 * @param {RuleSet} ruleSet
 * @param {ProbabilityAdvice | WinAdvice} advice
 * @param {NonNullable<ProbabilityAdvice['best']>} best
 */
function bestHeadline(ruleSet, advice, best) {
  const ties = listedOptions(ruleSet, advice.options).filter((o, i) => i > 0 && o.nearTie).length;
  return h(
    'p',
    { class: 'best-line', id: 'adv-best' },
    t('adv.best'),
    h('strong', {}, actionText(ruleSet, best.action)),
    ties ? h('span', { class: 'tie-note' }, t('adv.tiesPp', { count: ties, limit: 0.01 })) : null,
  );
}

/**
 * The target of a reach goal's advice (NaN for any other goal).
 * @param {ProbabilityAdvice} advice
 */
export function reachTarget(advice) {
  return advice.goal.type === 'reach' ? advice.goal.score : NaN;
}

/**
 * The reach goal: the chance of the target now and from the start of the turn, the options
 * ranked by it, and `odds` below (the odds curve's figure, on exactly solved rule sets).
 * @param {RuleSet} ruleSet
 * @param {ProbabilityAdvice} advice
 * @param {HTMLElement | null} odds
 * @returns {Node[]}
 */
export function reachAdvice(ruleSet, advice, odds) {
  const target = reachTarget(advice);
  const best = listedOptions(ruleSet, advice.options)[0];
  const summary = chanceSummary(ruleSet, advice, t('adv.chanceOf', { target: String(target) }), 'adv-chance');
  const tail = odds ? [odds] : [];
  if (!best) return [summary, startOfTurn(ruleSet), ...tail];
  const legend = h('p', { class: 'help' }, t('adv.reachLegend', { target: String(target), limit: 0.01 }));
  return [summary, bestHeadline(ruleSet, advice, best), probabilityList(ruleSet, advice, { limit: 10 }), legend, ...tail];
}

/**
 * The win goal: the expected share of the stake now and from the start of the turn, what each
 * opponent is expected to finish with, and the options ranked by their share.
 * @param {RuleSet} ruleSet
 * @param {WinAdvice} advice
 * @returns {Node[]}
 */
export function winAdvice(ruleSet, advice) {
  const best = listedOptions(ruleSet, advice.options)[0];
  const summary = chanceSummary(ruleSet, advice, t('win.chance'), 'adv-win');
  const expectations = h(
    'ul',
    { class: 'opponent-expectations', id: 'adv-opponent-scores' },
    advice.opponents.map((o, i) => h('li', {}, t('win.opponent', { n: i + 1, score: fmt(o.expectedFinalScore) }))),
  );
  if (!best) return [summary, expectations, startOfTurn(ruleSet)];
  const list = probabilityList(ruleSet, advice, { limit: 10, label: t('win.list'), title: t('win.optTitle'), head: t('win.head') });
  return [summary, expectations, bestHeadline(ruleSet, advice, best), list, h('p', { class: 'help' }, t('win.legend', { limit: 0.01 }))];
}

/** The odds curve's figure while it is asked for. */
export function oddsFigure() {
  return h('figure', { class: 'odds', id: 'adv-odds' }, h('figcaption', {}, t('adv.odds')), h('p', { class: 'help' }, t('adv.oddsLoading')));
}

/**
 * What goes under the odds figure's caption once answered: the curve with the target marked, or
 * why there is none.
 * @param {Odds | { detail: string }} answer
 * @param {number} target
 */
export function oddsBody(answer, target) {
  return 'detail' in answer ? h('p', { class: 'help' }, t('adv.noOdds', { detail: answer.detail })) : oddsChart(answer, target);
}
