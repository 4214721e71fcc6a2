// @ts-check
import { analyseGame, ApiError, fetchHint, unavailableText } from './api.js';
import { gameRecord, positionOf, replay } from './coach-game.js';
import { gameReview, renderCoach } from './coach-render.js';
import { h } from './dom.js';
import { t } from './i18n.js';

/**
 * What the coach asks, and when: the points hint for each position of the game as it is reached
 * (kept per position, so an undo or the computer's game asks nothing twice), and the review of the
 * game when it is over. A game replayed after a decision, an undo or a new game supersedes
 * everything asked for the one before: answers carry the number of the replay that asked them,
 * and one for an older replay is dropped.
 *
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./coach-game.js').GameState} GameState
 * @typedef {import('./coach.js').Coach} Coach
 */

/**
 * The hint for a position of the coach's game (or of the computer's), asked once per position; a
 * failed request is forgotten, so asking again retries it.
 * @param {Coach} coach
 * @param {GameState} g
 * @returns {Promise<Advice>}
 */
export function hintFor(coach, g) {
  const p = positionOf(/** @type {import('./types.js').RuleSet} */ (coach.rs), g);
  const key = JSON.stringify(p);
  let found = coach.hints.get(key);
  if (!found) {
    found = fetchHint(p);
    coach.hints.set(key, found);
    found.catch(() => coach.hints.delete(key));
  }
  return found;
}

/**
 * Replays the game from its decisions, draws it, and asks for what the new position needs: its
 * hint, or the review when the game is over; the computer follows (coach-versus.js).
 * @param {Coach} coach
 */
export function update(coach) {
  if (!coach.rs) return;
  const mine = ++coach.gen;
  const game = replay(coach.rs, coach.seed, coach.steps);
  coach.game = game;
  coach.held = game.dice.map(() => false);
  coach.advice = undefined;
  coach.analysis = null;
  coach.view.banner.hidden = true;
  renderCoach(coach);
  void coach.versus.follow(game);
  if (game.over) {
    void review(coach, mine);
    return;
  }
  hintFor(coach, game).then(
    (a) => {
      if (mine !== coach.gen) return;
      coach.advice = a;
      renderCoach(coach);
    },
    (e) => {
      if (mine !== coach.gen) return;
      showProblem(coach, e);
    },
  );
}

/**
 * Says why the hint did not come, with a button that asks again.
 * @param {Coach} coach
 * @param {unknown} e
 */
function showProblem(coach, e) {
  const { rs, view } = coach;
  if (!rs) return;
  view.banner.hidden = false;
  view.banner.replaceChildren(
    e instanceof ApiError ? (e.unavailable ? unavailableText(rs, e.problem) : e.problem.detail) : String(e),
    ' ',
    h('button', { type: 'button', class: 'link', onclick: () => update(coach) }, t('coach.tryAgain')),
  );
  renderCoach(coach);
}

/**
 * The hint for the position a decision is taken in, waited for; undefined when it failed (and
 * then the page says why).
 * @param {Coach} coach
 */
export async function currentAdvice(coach) {
  if (!coach.game) return undefined;
  if (coach.advice) return coach.advice;
  try {
    return await hintFor(coach, coach.game);
  } catch (e) {
    showProblem(coach, e);
    return undefined;
  }
}

/**
 * Asks for the review of the finished game and shows it.
 * @param {Coach} coach
 * @param {number} mine the replay that finished the game
 */
async function review(coach, mine) {
  const { rs: r, game } = coach;
  if (!r || !game) return;
  coach.view.end.replaceChildren(h('p', { class: 'help' }, t('coach.analysing')));
  try {
    const result = await analyseGame(gameRecord(r, game));
    if (mine !== coach.gen) return;
    coach.analysis = gameReview(r, result);
  } catch (e) {
    if (mine !== coach.gen) return;
    coach.analysis = gameReview(r, { detail: e instanceof ApiError ? e.problem.detail : String(e) });
  }
  renderCoach(coach);
}
