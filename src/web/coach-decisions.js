// @ts-check
import { listedOptions, sameAction } from './advice-view.js';
import { extraYahtzeeBonus, gameRecord, positionOf } from './coach-game.js';
import { currentAdvice, explainVerdict, update } from './coach-requests.js';
import { renderCoach, wasGood } from './coach-render.js';
import { sorted } from './dice.js';
import { h } from './dom.js';
import { explainable, hasColumns } from './ruleset-kind.js';

/**
 * What the player does in the coach: hold dice and reroll, score a box, undo, open the hint, start a
 * new game, download the record. A decision is judged by the hint for the position it is taken in
 * (waited for if it has not arrived) and kept with its verdict as a step of the game (coach-game.js).
 *
 * @typedef {import('./types.js').Action} Action
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./coach-game.js').Step} Step
 * @typedef {import('./coach-game.js').Verdict} Verdict
 * @typedef {import('./coach.js').Coach} Coach
 */

/**
 * @param {Coach} coach
 * @param {string} seed
 */
export function newGame(coach, seed) {
  coach.seed = seed;
  coach.steps = [];
  coach.hooks.onSeed(seed);
  coach.note = undefined;
  if (coach.rs) coach.versus.setGame(coach.rs, seed, coach.hooks.versus());
  update(coach);
}

/**
 * What a decision cost, by the hint for its position; undefined when the hint has no such option.
 * @param {Coach} coach
 * @param {Advice} a
 * @param {Action} chosen
 * @returns {Verdict | undefined}
 */
function verdictOf(coach, a, chosen) {
  const option = a.options.find((o) => sameAction(o.action, chosen));
  const best = coach.rs ? listedOptions(coach.rs, a.options)[0] : undefined;
  if (!option || !best || !coach.game) return undefined;
  return { loss: option.loss, nearTie: option.nearTie, best: best.action, chosen, turn: coach.game.turn, roll: coach.game.roll };
}

/**
 * Takes a decision: waits for the hint of its position, judges it, and plays it on as a new step.
 * A decision that lost points is explained where the rule set's advice can say why. One decision
 * at a time: the player's clicks while one is judged are ignored.
 * @param {Coach} coach
 * @param {(a: Advice) => Step | undefined} stepOf the step, from the hint; undefined to drop it
 */
async function decide(coach, stepOf) {
  coach.busy = true;
  try {
    const a = await currentAdvice(coach);
    const step = a && coach.game ? stepOf(a) : undefined;
    if (!step || !coach.rs || !coach.game) return;
    const position = positionOf(coach.rs, coach.game);
    coach.steps.push(step);
    /** @type {Extract<import('./coach.js').Note, { kind: 'verdict' }>} */
    const note = { kind: 'verdict', verdict: step.verdict };
    coach.note = note;
    if (!wasGood(step.verdict) && explainable(coach.rs)) void explainVerdict(coach, note, position);
    update(coach);
  } finally {
    coach.busy = false;
  }
}

/**
 * Rerolls the dice not held.
 * @param {Coach} coach
 */
export async function reroll(coach) {
  const g = coach.game;
  if (!g || g.over || g.roll >= 3 || coach.busy) return;
  await decide(coach, (a) => {
    const game = /** @type {import('./coach-game.js').GameState} */ (coach.game);
    const keep = [...coach.held];
    const verdict = verdictOf(coach, a, { hold: sorted(game.dice.filter((_, i) => keep[i])) });
    return verdict && { kind: 'hold', keep, verdict };
  });
}

/**
 * Scores the roll in a box.
 * @param {Coach} coach
 * @param {number} box
 * @param {number} column
 */
export async function score(coach, box, column) {
  const r = coach.rs;
  if (!coach.game || coach.game.over || coach.busy || !r) return;
  await decide(coach, (a) => {
    const game = /** @type {import('./coach-game.js').GameState} */ (coach.game);
    /** @type {Action} */
    const chosen = hasColumns(r) ? { score: r.boxes[box].id, column: column + 1 } : { score: r.boxes[box].id };
    const verdict = verdictOf(coach, a, chosen);
    const option = a.options.find((o) => sameAction(o.action, chosen));
    if (!verdict || !option) return undefined;
    return { kind: 'score', box, column, points: option.points ?? 0, yahtzeeBonus: extraYahtzeeBonus(r, game, column), verdict };
  });
}

/** @param {Coach} coach */
export function undo(coach) {
  if (!coach.steps.length || coach.busy) return;
  const last = /** @type {Step} */ (coach.steps.pop());
  coach.note = { kind: 'undone', action: last.verdict.chosen };
  update(coach);
}

/** @param {Coach} coach */
export function toggleHint(coach) {
  coach.showHint = !coach.showHint;
  renderCoach(coach);
}

/**
 * @param {Coach} coach
 * @param {number} i
 */
export function toggleDie(coach, i) {
  const g = coach.game;
  if (!g || g.over || g.roll >= 3) return;
  coach.held[i] = !coach.held[i];
  renderCoach(coach);
}

/**
 * Saves the game's record as a JSON file.
 * @param {Coach} coach
 */
export function download(coach) {
  if (!coach.rs || !coach.game) return;
  const blob = new Blob([`${JSON.stringify(gameRecord(coach.rs, coach.game), null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: `dicewise-${coach.rs.id}-${coach.seed}.json` });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
