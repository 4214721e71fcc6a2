// @ts-check
import { batchReviewPanel } from './batch-review.js';
import { h } from './dom.js';
import { t } from './i18n.js';

/**
 * The coach's panels and the elements its renderer fills (coach-render.js): the scorecard, the
 * turn (status, dice, roll, undo and hint buttons, the feedback on the last decision and why it
 * lost, the hint, the end of the game), the game against the computer (coach-versus.js), the list of decisions, and the
 * review of a file of games (batch-review.js).
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {{ reroll: () => void, undo: () => void, toggleHint: () => void, newGame: () => void }} ViewActions
 * @typedef {{
 *   root: HTMLElement, status: HTMLElement, banner: HTMLElement, tray: HTMLElement, rollButton: HTMLButtonElement,
 *   feedback: HTMLElement, why: HTMLElement, hintBox: HTMLElement, log: HTMLOListElement, sheetHolder: HTMLElement,
 *   seedLink: HTMLAnchorElement, end: HTMLElement, undoButton: HTMLButtonElement,
 *   hintButton: HTMLButtonElement, lostTotal: HTMLElement, heading: HTMLElement,
 * }} CoachView
 */

/**
 * Draws the coach's panels into `root`.
 * @param {HTMLElement} root
 * @param {ViewActions} actions
 * @param {{ controls: HTMLElement, panel: HTMLElement }} versus the game against the computer's toggle and panel
 * @param {() => RuleSet | undefined} ruleSet the rule set a file of games is reviewed under
 * @returns {CoachView}
 */
export function buildCoachView(root, actions, versus, ruleSet) {
  /** @type {CoachView} */
  const view = {
    root,
    status: h('p', { class: 'status', id: 'coach-status', 'aria-live': 'polite' }),
    banner: h('div', { class: 'banner', role: 'status', hidden: true }),
    tray: h('div', { class: 'tray', role: 'group', 'aria-label': t('coach.tray') }),
    rollButton: h('button', { type: 'button', class: 'primary', id: 'coach-roll', 'data-key': 'roll', onclick: actions.reroll }, t('coach.roll')),
    feedback: h('div', { class: 'feedback', id: 'coach-feedback', role: 'status', 'aria-live': 'polite' }),
    // Why the last decision lost, once the server has said (coach-requests.js explainVerdict).
    why: h('p', { class: 'why', id: 'coach-why', 'aria-live': 'polite', hidden: true }),
    hintBox: h('div', { class: 'coach-hint' }),
    // Focusable: a long game's log scrolls, and a keyboard must reach it.
    log: h('ol', { class: 'log', id: 'coach-log', reversed: true, tabindex: 0, 'aria-labelledby': 'coach-log-h' }),
    sheetHolder: h('div', { class: 'sheet-wrap' }),
    seedLink: h('a', { id: 'coach-seed', href: '#' }),
    end: h('div', { class: 'end' }),
    undoButton: h('button', { type: 'button', class: 'secondary', id: 'coach-undo', 'data-key': 'undo', onclick: actions.undo }, t('coach.undo')),
    hintButton: h('button', { type: 'button', class: 'secondary', 'aria-pressed': 'false', 'data-key': 'hint', onclick: actions.toggleHint }, t('coach.hint')),
    lostTotal: h('span', { id: 'coach-lost' }),
    heading: h('h2', { id: 'coach-dice-h' }, t('coach.yourTurn')),
  };
  const v = view;
  root.replaceChildren(
    h(
      'div',
      { class: 'layout coach-layout' },
      h('section', { class: 'panel sheet-panel', 'aria-labelledby': 'coach-sheet-h' }, h('h2', { id: 'coach-sheet-h' }, t('sheet.heading')), h('p', { class: 'help' }, t('coach.sheetHelp')), v.sheetHolder),
      h(
        'div',
        { class: 'side' },
        h(
          'section',
          { class: 'panel turn-panel', 'aria-labelledby': 'coach-dice-h' },
          v.heading,
          v.status,
          versus.controls,
          v.banner,
          v.tray,
          h('div', { class: 'row' }, v.rollButton, v.undoButton, v.hintButton),
          v.feedback,
          v.why,
          v.hintBox,
          v.end,
        ),
        versus.panel,
        h(
          'section',
          { class: 'panel log-panel', 'aria-labelledby': 'coach-log-h' },
          h('h2', { id: 'coach-log-h' }, t('coach.decisions')),
          h('p', { class: 'help' }, t('coach.lostSoFar'), v.lostTotal, t('coach.game'), v.seedLink, ' ', h('button', { type: 'button', class: 'link', onclick: actions.newGame }, t('coach.newGame'))),
          v.log,
        ),
      ),
    ),
    batchReviewPanel(ruleSet),
  );
  return view;
}
