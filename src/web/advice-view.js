// @ts-check
import { dieFace } from './dice.js';
import { fmt, h } from './dom.js';
import { boxName, num, pct, t } from './i18n.js';
import { hasColumns } from './ruleset-kind.js';

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
  return boxName(rs, id);
}

/**
 * An action in words: "hold 6 6 6", "reroll all", "score Full house (column 2)".
 * @param {RuleSet} rs
 * @param {Action} action
 */
export function actionText(rs, action) {
  if ('hold' in action) {
    if (action.hold.length === 0) return t('act.rerollAll');
    if (action.hold.length === rs.dice) return t('act.keepAll');
    return t('act.hold', { dice: action.hold.join(' ') });
  }
  const box = boxLabel(rs, action.score);
  return action.column !== undefined && hasColumns(rs) ? t('act.scoreColumn', { box, n: action.column }) : t('act.score', { box });
}

/**
 * The options a player is shown, best first: all but holding every die. Rolling none of the dice
 * is never better than scoring now or rerolling some (one roll fewer can only cost), and tied
 * with the best box it read as a separate choice next to "score …": it is the same as stopping
 * to score, so it is left out. The coach still values it, should a record hold it.
 * @template {AdviceOption | ProbabilityOption} O
 * @param {RuleSet} rs
 * @param {readonly O[]} options
 * @returns {O[]}
 */
export function listedOptions(rs, options) {
  return options.filter((o) => !('hold' in o.action && o.action.hold.length === rs.dice));
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
      h('span', { class: 'verb' }, action.hold.length ? t('opt.hold') : t('opt.rerollAll')),
      action.hold.length ? h('span', { class: 'mini-dice', role: 'img', 'aria-label': action.hold.join(' ') }, action.hold.map((f) => dieFace(f))) : null,
      action.hold.length && rerolled ? h('small', {}, t('opt.reroll', { count: rerolled })) : null,
    );
  }
  const bonus = o.bonus ? t('opt.bonus', { bonus: o.bonus }) : '';
  // What the entry adds to the game: a column's multiplier applies to its points and bonuses alike.
  const m = action.column !== undefined ? (rs.columns[action.column - 1]?.multiplier ?? 1) : 1;
  const points = o.points === undefined ? '' : m === 1 ? `${t('opt.points', { count: o.points })}${bonus}` : `${t('opt.points', { count: m * (o.points + (o.bonus ?? 0)) })} (${num(o.points)}${bonus} ×${m})`;
  return h(
    'span',
    { class: 'what' },
    h('span', { class: 'verb' }, t('opt.score')),
    h('strong', {}, boxLabel(rs, action.score)),
    action.column !== undefined && hasColumns(rs) ? h('small', {}, t('opt.column', { n: action.column })) : null,
    points ? h('span', { class: 'pts' }, points) : null,
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
  const options = listedOptions(rs, advice.options);
  const worst = Math.max(1, ...options.map((o) => o.loss));
  const items = options.map((o, i) => {
    // Bars on a square-root scale: small losses (the ones worth reading) stay visible next to a 60-point blunder.
    const width = o.loss <= 0 ? 0 : Math.max(2, 100 * Math.sqrt(o.loss / worst));
    const tie = i > 0 && o.nearTie;
    return h(
      'li',
      { class: `option${i === 0 ? ' best' : ''}${tie ? ' tie' : ''}`, hidden: i >= limit, 'data-rank': i + 1, 'data-action': JSON.stringify(o.action) },
      h('span', { class: 'rank', 'aria-hidden': 'true' }, String(i + 1)),
      actionNode(rs, o),
      h('span', { class: 'ev', title: t('opt.evTitle') }, fmt(o.ev)),
      h(
        'span',
        { class: 'loss', 'aria-label': o.loss > 0 ? t('opt.losesPoints', { loss: fmt(o.loss) }) : t('opt.best') },
        h('span', { class: 'bar', 'aria-hidden': 'true' }, h('span', { style: `width:${width.toFixed(1)}%` })),
        h('span', { class: 'loss-num' }, i === 0 ? t('opt.best') : tie ? t('opt.tie') : `−${fmt(o.loss)}`),
      ),
    );
  });
  return listWithMore(h('ol', { class: 'options', 'aria-label': opts.label ?? t('opt.pointsList') }, items), items, limit, [t('opt.headEv'), t('opt.headLoss')]);
}

/**
 * The options of a reach goal, most likely first: each with its chance of the target, drawn as a
 * bar beside it (the chance itself, not the loss: what matters is how likely, and the bars of
 * near-equal options look alike), and in a column of its own the percentage points it gives up.
 * @param {RuleSet} rs
 * @param {ProbabilityAdvice} advice
 * @param {{ limit?: number, label?: string, title?: string, head?: string }} [opts] list label, a value's tooltip and column head for a goal other than reach
 */
export function probabilityList(rs, advice, opts = {}) {
  const limit = opts.limit ?? 8;
  const items = listedOptions(rs, advice.options).map((o, i) => {
    const tie = i > 0 && o.nearTie;
    const pp = 100 * o.loss;
    return h(
      'li',
      { class: `option chance-option${i === 0 ? ' best' : ''}${tie ? ' tie' : ''}`, hidden: i >= limit, 'data-rank': i + 1, 'data-action': JSON.stringify(o.action) },
      h('span', { class: 'rank', 'aria-hidden': 'true' }, String(i + 1)),
      actionNode(rs, o),
      h(
        'span',
        { class: 'ev chance-cell' },
        h('span', { class: 'bar chance-bar', 'aria-hidden': 'true' }, h('span', { style: `width:${(100 * o.probability).toFixed(1)}%` })),
        h('span', { class: 'chance', title: opts.title ?? t('opt.chanceTitle') }, pct(o.probability)),
      ),
      h(
        'span',
        { class: 'loss', 'aria-label': o.loss > 0 ? t('opt.lessLikely', { loss: fmt(pp) }) : o.loss < 0 ? t('opt.moreLikely', { gain: fmt(-pp) }) : t('opt.best') },
        // A negative loss: ranked by points before the goal's horizon, the model rates this option higher.
        h('span', { class: 'loss-num' }, i === 0 ? t('opt.best') : tie ? t('opt.tie') : o.loss < 0 ? `+${fmt(-pp)}` : `−${fmt(pp)}`),
      ),
    );
  });
  return listWithMore(h('ol', { class: 'options', 'aria-label': opts.label ?? t('opt.chanceList') }, items), items, limit, [opts.head ?? t('opt.headChance'), t('opt.headLossPp')], 'chance-head');
}

/**
 * A ranked list under its column heads, the first `limit` items shown and a button for the rest.
 * @param {HTMLOListElement} list
 * @param {HTMLLIElement[]} items
 * @param {number} limit
 * @param {[string, string]} heads
 * @param {string} [headClass] the chance list's head, whose columns are laid out as its rows'
 */
function listWithMore(list, items, limit, heads, headClass = '') {
  const more =
    items.length > limit
      ? h('button', {
          type: 'button',
          class: 'link',
          text: t('opt.showAll', { count: items.length }),
          onclick: (/** @type {Event} */ e) => {
            for (const li of items) li.hidden = false;
            /** @type {HTMLElement} */ (e.currentTarget).remove();
          },
        })
      : null;
  return h(
    'div',
    { class: 'option-list' },
    h('div', { class: `option-head ${headClass}`.trim(), 'aria-hidden': 'true' }, h('span', {}, t('opt.headRank')), h('span', {}, t('opt.headOption')), h('span', { class: 'ev' }, heads[0]), h('span', {}, heads[1])),
    list,
    more,
  );
}
