// @ts-check
import { dieFace, faceName, holdPositions } from './dice.js';
import { h } from './dom.js';
import { t } from './i18n.js';

/**
 * The roll in the advisor's form as the player enters it: a die added by its face, a random roll,
 * a die taken out by a tap on it; once advised, the tray marks the dice the best option keeps.
 *
 * @typedef {import('./advisor-form.js').AdvisorForm} AdvisorForm
 */

/**
 * @param {AdvisorForm} form
 * @param {number} face
 */
export function addDie(form, face) {
  if (!form.rs || form.dice.length >= form.rs.dice) return;
  setDice(form, [...form.dice, face]);
}

/** @param {AdvisorForm} form */
export function randomDice(form) {
  if (!form.rs) return;
  setDice(form, Array.from({ length: form.rs.dice }, () => 1 + Math.floor(Math.random() * 6)));
}

/**
 * @param {AdvisorForm} form
 * @param {number[]} next
 */
export function setDice(form, next) {
  form.dice = next;
  drawTray(form, undefined);
  form.events.change();
}

/**
 * The dice entered, each a button that takes it out again; with `hold`, each marked kept or rerolled.
 * @param {AdvisorForm} form
 * @param {number[] | undefined} hold dice the best option keeps
 */
export function drawTray(form, hold) {
  const { rs, dice } = form;
  if (!rs) return;
  const keep = hold ? holdPositions(dice, hold) : new Set();
  const slots = [];
  for (let i = 0; i < rs.dice; i++) {
    const f = dice[i];
    if (f === undefined) {
      slots.push(h('span', { class: 'die-btn empty', 'aria-hidden': 'true' }, dieFace(0)));
      continue;
    }
    const cls = hold ? (keep.has(i) ? ' keep' : ' reroll') : '';
    const label = t(hold ? (keep.has(i) ? 'adv.dieHold' : 'adv.dieReroll') : 'adv.die', { n: i + 1, face: faceName(f) });
    const tag = hold ? h('span', { class: 'tag' }, keep.has(i) ? t('adv.tagHold') : t('adv.tagReroll')) : null;
    const remove = () => setDice(form, dice.filter((_, j) => j !== i));
    slots.push(h('button', { type: 'button', class: `die-btn${cls}`, 'data-face': f, 'aria-label': label, onclick: remove }, dieFace(f), tag));
  }
  form.tray.replaceChildren(...slots);
  for (const b of form.faceButtons) b.disabled = dice.length >= rs.dice;
}
