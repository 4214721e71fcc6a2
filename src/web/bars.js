// @ts-check
import { h } from './dom.js';

/**
 * Horizontal bars, the longest the full width: a review's losses by kind of decision, by box, by
 * family of boxes. Plain elements sized in CSS: no chart library.
 * @param {string} title
 * @param {{ label: string, value: number, text: string, cls?: string }[]} rows
 * @param {string} id
 */
export function bars(title, rows, id) {
  const max = Math.max(1e-9, ...rows.map((r) => r.value));
  return h(
    'figure',
    { class: 'bars', id },
    h('figcaption', {}, title),
    rows.map((r) => {
      const fill = h('span', { class: `bar-fill ${r.cls ?? ''}` });
      // Set through the CSSOM, which a strict Content-Security-Policy allows where style attributes are not.
      fill.style.width = `${((100 * Math.max(0, r.value)) / max).toFixed(1)}%`;
      return h('div', { class: 'bar-row' }, h('span', { class: 'bar-label' }, r.label), h('span', { class: 'bar-track' }, fill), h('span', { class: 'bar-value' }, r.text));
    }),
  );
}
