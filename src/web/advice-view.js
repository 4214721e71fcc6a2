// @ts-check
import { dieFace } from './dice.js';
import { fmt, h } from './dom.js';

/**
 * Drawing advice: every option ranked, its expected value, its loss as a bar, near-ties marked.
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Action} Action
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./types.js').AdviceOption} AdviceOption
 * @typedef {import('./types.js').ProbabilityAdvice} ProbabilityAdvice
 * @typedef {import('./types.js').ProbabilityOption} ProbabilityOption
 */

/**
 * @param {RuleSet} rs
 * @param {string} id
 */
export function boxLabel(rs, id) {
  return rs.boxes.find((b) => b.id === id)?.label ?? id;
}

/**
 * An action in words: "hold 6 6 6", "reroll all", "score Full house (column 2)".
 * @param {RuleSet} rs
 * @param {Action} action
 */
export function actionText(rs, action) {
  if ('hold' in action) {
    if (action.hold.length === 0) return 'reroll all dice';
    if (action.hold.length === rs.dice) return 'keep all dice and roll nothing';
    return `hold ${action.hold.join(' ')}`;
  }
  return `score ${boxLabel(rs, action.score)}${action.column !== undefined && rs.columns.length > 1 ? ` (column ${action.column})` : ''}`;
}

/**
 * @param {Action} a
 * @param {Action} b
 */
export function sameAction(a, b) {
  if ('hold' in a) return 'hold' in b && a.hold.length === b.hold.length && a.hold.every((d, i) => d === b.hold[i]);
  return 'score' in b && a.score === b.score && (a.column ?? 1) === (b.column ?? 1);
}

/**
 * The action drawn: held dice as little dice, or the box with its points.
 * @param {RuleSet} rs
 * @param {AdviceOption | ProbabilityOption} o
 */
function actionNode(rs, o) {
  const { action } = o;
  if ('hold' in action) {
    const rerolled = rs.dice - action.hold.length;
    return h(
      'span',
      { class: 'what' },
      h('span', { class: 'verb' }, action.hold.length ? 'Hold' : 'Reroll all'),
      action.hold.length ? h('span', { class: 'mini-dice', role: 'img', 'aria-label': action.hold.join(' ') }, action.hold.map((f) => dieFace(f))) : null,
      action.hold.length && rerolled ? h('small', {}, `reroll ${rerolled}`) : null,
    );
  }
  const bonus = o.bonus ? ` +${o.bonus} bonus` : '';
  return h(
    'span',
    { class: 'what' },
    h('span', { class: 'verb' }, 'Score'),
    h('strong', {}, boxLabel(rs, action.score)),
    action.column !== undefined && rs.columns.length > 1 ? h('small', {}, `column ${action.column}`) : null,
    o.points !== undefined ? h('span', { class: 'pts' }, `${o.points} pts${bonus}`) : null,
  );
}

/**
 * The ranked option list; the first `limit` options, and a button that shows the rest.
 * @param {RuleSet} rs
 * @param {Advice} advice
 * @param {{ limit?: number, label?: string }} [opts]
 */
export function optionList(rs, advice, opts = {}) {
  const limit = opts.limit ?? 8;
  const worst = Math.max(1, ...advice.options.map((o) => o.loss));
  const items = advice.options.map((o, i) => {
    // Bars on a square-root scale: small losses (the ones worth reading) stay visible next to a 60-point blunder.
    const width = o.loss <= 0 ? 0 : Math.max(2, 100 * Math.sqrt(o.loss / worst));
    const tie = i > 0 && o.nearTie;
    return h(
      'li',
      { class: `option${i === 0 ? ' best' : ''}${tie ? ' tie' : ''}`, hidden: i >= limit, 'data-rank': i + 1, 'data-action': JSON.stringify(o.action) },
      h('span', { class: 'rank', 'aria-hidden': 'true' }, String(i + 1)),
      actionNode(rs, o),
      h('span', { class: 'ev', title: 'expected points still to come' }, fmt(o.ev)),
      h(
        'span',
        { class: 'loss', 'aria-label': o.loss > 0 ? `loses ${fmt(o.loss)} points` : 'best' },
        h('span', { class: 'bar', 'aria-hidden': 'true' }, h('span', { style: `width:${width.toFixed(1)}%` })),
        h('span', { class: 'loss-num' }, i === 0 ? 'best' : tie ? '≈ tie' : `−${fmt(o.loss)}`),
      ),
    );
  });
  return listWithMore(h('ol', { class: 'options', 'aria-label': opts.label ?? 'Options, best first' }, items), items, limit, ['EV', 'Loss']);
}

/**
 * The options of a reach goal, most likely first: each with its chance of the target as a bar
 * (the chance itself, not the loss: what matters is how likely, and the bars of near-equal
 * options look alike) and the percentage points it gives up.
 * @param {RuleSet} rs
 * @param {ProbabilityAdvice} advice
 * @param {{ limit?: number }} [opts]
 */
export function probabilityList(rs, advice, opts = {}) {
  const limit = opts.limit ?? 8;
  const items = advice.options.map((o, i) => {
    const tie = i > 0 && o.nearTie;
    const pp = 100 * o.loss;
    return h(
      'li',
      { class: `option chance-option${i === 0 ? ' best' : ''}${tie ? ' tie' : ''}`, hidden: i >= limit, 'data-rank': i + 1, 'data-action': JSON.stringify(o.action) },
      h('span', { class: 'rank', 'aria-hidden': 'true' }, String(i + 1)),
      actionNode(rs, o),
      h('span', { class: 'ev chance', title: 'chance of the target after this option, playing on for it' }, `${fmt(100 * o.probability)}%`),
      h(
        'span',
        { class: 'loss', 'aria-label': o.loss > 0 ? `${fmt(pp)} percentage points less likely` : 'best' },
        h('span', { class: 'bar chance-bar', 'aria-hidden': 'true' }, h('span', { style: `width:${(100 * o.probability).toFixed(1)}%` })),
        h('span', { class: 'loss-num' }, i === 0 ? 'best' : tie ? '≈ tie' : `−${fmt(pp)}`),
      ),
    );
  });
  return listWithMore(h('ol', { class: 'options', 'aria-label': 'Options, most likely to reach the target first' }, items), items, limit, ['Chance', 'Loss (pp)']);
}

/**
 * A ranked list under its column heads, the first `limit` items shown and a button for the rest.
 * @param {HTMLOListElement} list
 * @param {HTMLLIElement[]} items
 * @param {number} limit
 * @param {[string, string]} heads
 */
function listWithMore(list, items, limit, heads) {
  const more =
    items.length > limit
      ? h('button', {
          type: 'button',
          class: 'link',
          text: `Show all ${items.length} options`,
          onclick: (/** @type {Event} */ e) => {
            for (const li of items) li.hidden = false;
            /** @type {HTMLElement} */ (e.currentTarget).remove();
          },
        })
      : null;
  return h(
    'div',
    { class: 'option-list' },
    h('div', { class: 'option-head', 'aria-hidden': 'true' }, h('span', {}, '#'), h('span', {}, 'Option'), h('span', { class: 'ev' }, heads[0]), h('span', {}, heads[1])),
    list,
    more,
  );
}
