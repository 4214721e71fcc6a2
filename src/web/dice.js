// @ts-check
import { svg } from './dom.js';
import { t } from './i18n.js';

/** Pip centres on a 3×3 grid (0..2) for each face, as printed on real dice. */
const PIPS = /** @type {const} */ ([
  [],
  [[1, 1]],
  [[0, 0], [2, 2]],
  [[0, 0], [1, 1], [2, 2]],
  [[0, 0], [2, 0], [0, 2], [2, 2]],
  [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
]);

/**
 * A die face as inline SVG (a rounded square with pips), sized by CSS; `face` 0 draws an empty slot.
 * @param {number} face
 * @returns {SVGSVGElement}
 */
export function dieFace(face) {
  const el = svg('svg', { viewBox: '0 0 64 64', class: 'die-face', 'aria-hidden': 'true', focusable: 'false' });
  el.appendChild(svg('rect', { x: 3, y: 3, width: 58, height: 58, rx: 12, class: face ? 'die-body' : 'die-slot' }));
  for (const [x, y] of PIPS[face] ?? []) {
    el.appendChild(svg('circle', { cx: 16 + x * 16, cy: 16 + y * 16, r: 5.6, class: 'pip' }));
  }
  return el;
}

/**
 * A face in words, for aria labels.
 * @param {number} face 1..6
 */
export function faceName(face) {
  return t(/** @type {import('./i18n.js').MessageKey} */ (`face.${face}`));
}

/**
 * Positions in `dice` that make up the multiset `hold`, left to right: the dice to keep.
 * @param {readonly number[]} dice
 * @param {readonly number[]} hold
 * @returns {Set<number>}
 */
export function holdPositions(dice, hold) {
  const want = [...hold];
  const out = new Set();
  dice.forEach((d, i) => {
    const k = want.indexOf(d);
    if (k >= 0) {
      want.splice(k, 1);
      out.add(i);
    }
  });
  return out;
}

/** @param {readonly number[]} faces */
export function sorted(faces) {
  return [...faces].sort((a, b) => a - b);
}

/** @param {readonly number[]} a @param {readonly number[]} b */
export function sameFaces(a, b) {
  const x = sorted(a);
  const y = sorted(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
