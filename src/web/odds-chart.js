// @ts-check
import { svg } from './dom.js';
import { pct, t } from './i18n.js';

/**
 * The odds curve of a position as inline SVG: the best chance of finishing with at least each
 * total, from the points on the sheet to the most the table says can still be made, the target
 * marked.
 * @typedef {import('./types.js').Odds} Odds
 */

/** @param {number} p */
export function percentText(p) {
  return pct(p);
}

/** A round step (1, 2 or 5 times a power of ten) giving about `count` ticks over `span`. */
function niceStep(/** @type {number} */ span, /** @type {number} */ count) {
  const raw = span / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
}

/**
 * @param {Odds} odds
 * @param {number} [target] total to mark
 */
export function oddsChart(odds, target) {
  const W = 640;
  const H = 240;
  const left = 48;
  const right = 16;
  const top = 14;
  const bottom = 32;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const p = odds.probabilities;
  // Totals past the last one with any chance add a flat line only: stop one after it.
  let last = p.length - 1;
  while (last > 0 && p[last] <= 0) last--;
  last = Math.min(p.length - 1, Math.max(last + 1, target !== undefined ? target - odds.from : 0, 1));
  const x0 = odds.from;
  const x1 = odds.from + last;
  const x = (/** @type {number} */ t) => left + ((t - x0) / (x1 - x0)) * plotW;
  const y = (/** @type {number} */ q) => top + (1 - q) * plotH;

  const chart = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart odds-chart', role: 'img', 'aria-labelledby': 'odds-title odds-desc', 'data-from': x0, 'data-to': x1 });
  chart.appendChild(svg('title', { id: 'odds-title' })).textContent = t('adv.odds');
  const marked = target !== undefined && target >= x0 && target <= x1 ? target : undefined;
  chart.appendChild(svg('desc', { id: 'odds-desc' })).textContent =
    t('odds.range', { from: String(x0), to: String(x1) }) + (marked !== undefined ? t('odds.at', { total: String(marked), chance: percentText(p[marked - x0]) }) : '');

  for (const q of [0, 0.25, 0.5, 0.75, 1]) {
    chart.appendChild(svg('line', { x1: left, x2: W - right, y1: y(q), y2: y(q), class: q === 0 ? 'axis' : 'grid' }));
    chart.appendChild(svg('text', { x: left - 6, y: y(q) + 4, class: 'tick', 'text-anchor': 'end' })).textContent = pct(q, 0);
  }
  const step = niceStep(x1 - x0, 6);
  for (let t = Math.ceil(x0 / step) * step; t <= x1; t += step) {
    chart.appendChild(svg('line', { x1: x(t), x2: x(t), y1: y(0), y2: y(0) + 4, class: 'axis' }));
    chart.appendChild(svg('text', { x: x(t), y: H - 12, class: 'tick', 'text-anchor': 'middle' })).textContent = String(t);
  }
  const points = [];
  for (let i = 0; i <= last; i++) points.push(`${x(x0 + i).toFixed(1)},${y(p[i]).toFixed(1)}`);
  chart.appendChild(svg('polygon', { points: `${x(x0).toFixed(1)},${y(0)} ${points.join(' ')} ${x(x1).toFixed(1)},${y(0)}`, class: 'odds-area' }));
  chart.appendChild(svg('polyline', { points: points.join(' '), class: 'odds-curve' }));
  if (marked !== undefined) {
    const q = p[marked - x0];
    chart.appendChild(svg('line', { x1: x(marked), x2: x(marked), y1: top, y2: y(0), class: 'target' }));
    chart.appendChild(svg('circle', { cx: x(marked), cy: y(q), r: 4, class: 'target-dot' }));
    const anchor = x(marked) > left + plotW * 0.7 ? 'end' : 'start';
    const label = svg('text', { x: x(marked) + (anchor === 'end' ? -8 : 8), y: Math.max(top + 12, y(q) - 8), class: 'target-label', 'text-anchor': anchor });
    label.textContent = `${marked}: ${percentText(q)}`;
    chart.appendChild(label);
  }
  return chart;
}
