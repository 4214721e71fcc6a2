// @ts-check
import { actionText } from './advice-view.js';
import { fmt, h, svg } from './dom.js';
import { familyBars, reasonText } from './explain-view.js';
import { ruleSetName, t } from './i18n.js';

/**
 * The end-of-game review: the analysis (POST /api/v1/analyse, or the engine in the page) as a
 * summary, a chart of the points lost turn by turn, and the costliest decisions; an explained
 * review (the server's) also where the points were lost by family of boxes, and why each costly
 * decision lost.
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').GameAnalysis} GameAnalysis
 * @typedef {import('./types.js').Decision} Decision
 */

/** Loss buckets as the analysis counts them: slight (0, 1), inaccuracy [1, 5), mistake [5, 20), blunder ≥ 20. */
export function severity(/** @type {number} */ loss) {
  if (loss <= 0) return 'best';
  if (loss < 1) return 'slight';
  if (loss < 5) return 'inaccuracy';
  if (loss < 20) return 'mistake';
  return 'blunder';
}

const RANK = { best: 0, slight: 1, inaccuracy: 2, mistake: 3, blunder: 4 };

/** A round step for axis ticks: 1, 2 or 5 times a power of ten. */
function niceStep(/** @type {number} */ max) {
  const raw = max / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? raw;
}

/**
 * Bars: points lost in each turn, coloured by its worst decision; a line: the running total.
 * @param {GameAnalysis} a
 * @param {number} turns
 */
export function lossChart(a, turns) {
  const perTurn = Array.from({ length: turns }, () => ({ loss: 0, worst: 'best' }));
  for (const d of a.decisions) {
    const t = perTurn[d.turn - 1];
    if (!t) continue;
    t.loss += d.loss;
    const s = severity(d.loss);
    if (RANK[/** @type {keyof typeof RANK} */ (s)] > RANK[/** @type {keyof typeof RANK} */ (t.worst)]) t.worst = s;
  }
  const W = 640;
  const H = 220;
  const left = 40;
  const right = 44;
  const top = 14;
  const bottom = 28;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const maxBar = Math.max(1, ...perTurn.map((t) => t.loss));
  const step = niceStep(maxBar);
  const yMax = Math.ceil(maxBar / step) * step;
  // The running total gets its own axis on the right, with a round value on every grid line.
  const lines = Math.round(yMax / step);
  const rightStep = niceStep((Math.max(a.totalLoss, 1) / lines) * 4);
  const rightMax = rightStep * lines;
  const slot = plotW / turns;
  const y = (/** @type {number} */ v) => top + plotH * (1 - v / yMax);
  const chart = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-labelledby': 'chart-title chart-desc' });
  chart.appendChild(svg('title', { id: 'chart-title' })).textContent = t('an.chartTitle');
  chart.appendChild(svg('desc', { id: 'chart-desc' })).textContent = perTurn.map((x, i) => t('an.chartTurn', { turn: i + 1, loss: fmt(x.loss) })).join(', ');
  for (let k = 0; k <= lines; k++) {
    const v = k * step;
    chart.appendChild(svg('line', { x1: left, x2: W - right, y1: y(v), y2: y(v), class: k === 0 ? 'axis' : 'grid' }));
    chart.appendChild(svg('text', { x: left - 6, y: y(v) + 4, class: 'tick', 'text-anchor': 'end' })).textContent = String(Math.round(v * 100) / 100);
    chart.appendChild(svg('text', { x: W - right + 6, y: y(v) + 4, class: 'tick cum-label' })).textContent = String(Math.round(k * rightStep * 100) / 100);
  }
  const labelEvery = turns <= 15 ? 1 : turns <= 40 ? 3 : 4;
  let running = 0;
  /** @type {string[]} */
  const points = [];
  perTurn.forEach((turn, i) => {
    const x = left + i * slot;
    const bh = plotH * (turn.loss / yMax);
    if (turn.loss > 0) {
      const bar = svg('rect', { x: x + slot * 0.15, y: top + plotH - Math.max(bh, 1.5), width: slot * 0.7, height: Math.max(bh, 1.5), rx: 2, class: `bar ${turn.worst}` });
      bar.appendChild(svg('title')).textContent = t('an.barTitle', { turn: i + 1, loss: fmt(turn.loss), worst: t(/** @type {import('./i18n.js').MessageKey} */ (`an.severity.${turn.worst}`)) });
      chart.appendChild(bar);
    }
    if ((i + 1) % labelEvery === 0 || i === 0) chart.appendChild(svg('text', { x: x + slot / 2, y: H - 10, class: 'tick', 'text-anchor': 'middle' })).textContent = String(i + 1);
    running += turn.loss;
    points.push(`${(x + slot / 2).toFixed(1)},${(top + plotH * (1 - running / rightMax)).toFixed(1)}`);
  });
  chart.appendChild(svg('polyline', { points: points.join(' '), class: 'cumulative' }));
  return chart;
}

/**
 * One of the costliest decisions: what was chosen and what was best, or, explained, why the
 * choice lost in one sentence.
 * @param {RuleSet} rs
 * @param {Decision} d
 */
function costlyDecision(rs, d) {
  const chip = h('span', { class: `chip ${severity(d.loss)}` }, `−${fmt(d.loss)}`);
  if (!d.reasons?.length) return h('li', {}, chip, ` ${t('an.decision', { turn: d.turn, roll: d.roll, chosen: actionText(rs, d.chosen.action), best: actionText(rs, d.best.action) })}`);
  const why = reasonText(rs, { action: d.chosen.action, loss: d.loss, reasons: d.reasons }, d.best.action);
  return h('li', {}, chip, ' ', h('span', { class: 'when' }, t('coach.when', { turn: d.turn, roll: d.roll })), ` ${why}`);
}

/**
 * Where an explained game's points were lost, by family of boxes (none for a review without).
 * @param {RuleSet} rs
 * @param {GameAnalysis} a
 */
function lossByFamily(rs, a) {
  const by = a.lossByFamily;
  if (!by) return null;
  const families = /** @type {[import('./types.js').Family, number][]} */ (Object.entries(by)).map(([family, loss]) => ({ family, loss, text: fmt(loss) }));
  return familyBars(rs.rules, t('an.byFamily'), families, 'an-families');
}

/**
 * @param {RuleSet} rs
 * @param {GameAnalysis} a
 * @param {number} turns
 * @param {Node} [note] under the review: why it has no reasons yet
 */
export function analysisView(rs, a, turns, note) {
  const m = a.mistakes;
  const worst = [...a.decisions].filter((d) => d.loss > 0).sort((x, y) => y.loss - x.loss).slice(0, 5);
  const stat = (/** @type {string} */ label, /** @type {string} */ value, /** @type {string} */ id) =>
    h('div', { class: 'stat' }, h('span', { class: 'label' }, label), h('span', { class: 'value', id }, value));
  return h(
    'div',
    { class: 'analysis', id: 'coach-analysis' },
    h(
      'div',
      { class: 'stats' },
      stat(t('an.final'), String(a.finalScore), 'an-final'),
      stat(t(a.exact === false ? 'an.bestPlay' : 'an.optimal'), fmt(a.startValue), 'an-optimal'),
      stat(t('an.loss'), fmt(a.totalLoss), 'an-loss'),
      stat(t('an.luck'), `${a.luck >= 0 ? '+' : '−'}${fmt(Math.abs(a.luck))}`, 'an-luck'),
    ),
    // A multi-column game has no exact table: its best model rated the decisions.
    a.exact === false ? h('p', { class: 'help', id: 'an-estimate' }, t('an.estimate', { name: ruleSetName(rs) })) : null,
    h(
      'p',
      { class: 'chips' },
      h('span', { class: 'chip slight' }, t('an.slight', { count: m.slight })),
      h('span', { class: 'chip inaccuracy' }, t('an.inaccuracies', { count: m.inaccuracy })),
      h('span', { class: 'chip mistake' }, t('an.mistakes', { count: m.mistake })),
      h('span', { class: 'chip blunder' }, t('an.blunders', { count: m.blunder })),
    ),
    h('h3', {}, t('an.where')),
    lossChart(a, turns),
    h(
      'p',
      { class: 'legend help' },
      t('an.legendBars'),
      h('span', { class: 'chip slight' }, t('an.under1')),
      ' ',
      h('span', { class: 'chip inaccuracy' }, '1–5'),
      ' ',
      h('span', { class: 'chip mistake' }, '5–20'),
      ' ',
      h('span', { class: 'chip blunder' }, '20+'),
      t('an.legendLine'),
    ),
    lossByFamily(rs, a),
    worst.length
      ? h(
          'div',
          {},
          h('h3', {}, t('an.costliest')),
          h(
            'ol',
            { class: 'worst', id: 'an-worst' },
            worst.map((d) => costlyDecision(rs, d)),
          ),
        )
      : h('p', { class: 'perfect' }, t('an.perfect')),
    note ?? null,
  );
}
