// @ts-check
import { sameAction } from './advice-view.js';
import { analyseExplained, analyseGame, ApiError, fetchExplainedHint, fetchHint, unavailableText } from './api.js';
import { gameRecord, positionOf, replay } from './coach-game.js';
import { gameReview, renderCoach } from './coach-render.js';
import { h } from './dom.js';
import { explainNotice } from './explain-view.js';
import { t } from './i18n.js';
import { explainable } from './ruleset-kind.js';

/**
 * What the coach asks, and when: the points hint for each position of the game as it is reached
 * (kept per position, so an undo or the computer's game asks nothing twice), and the review of the
 * game when it is over. Where the rule set's advice can say why, the server is also asked why a
 * decision that lost points lost them, and for the review with its reasons (the engine in the
 * page, which answers the hints and the review, holds no outlook table: docs/explain.md). A game replayed after a decision, an undo or a new game supersedes
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
 * Asks the server why a decision lost points, for the feedback line: `note.why` says it once
 * answered (or why not), and the coach is drawn again while the note is still the one shown.
 * While the server prepares its outlook table, asks again when told.
 * @param {Coach} coach
 * @param {Extract<import('./coach.js').Note, { kind: 'verdict' }>} note
 * @param {import('./types.js').PositionInput} position the position the decision was taken in
 */
export async function explainVerdict(coach, note, position) {
  note.why = { kind: 'asking' };
  try {
    const explained = await fetchExplainedHint(position);
    const option = explained.options.find((o) => sameAction(o.action, note.verdict.chosen));
    note.why = { kind: 'reasons', reasons: option?.reasons ?? [] };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const retry = e.retryAfter;
    note.why = retry === undefined ? { kind: 'failed', detail: e.problem.detail } : { kind: 'preparing', detail: e.problem.detail };
    if (retry !== undefined) setTimeout(() => coach.note === note && void explainVerdict(coach, note, position), 1000 * retry);
  }
  if (coach.note === note) renderCoach(coach);
}

/**
 * Asks for the review of the finished game and shows it; then, where it can say why, the review
 * with its reasons from the server.
 * @param {Coach} coach
 * @param {number} mine the replay that finished the game
 */
async function review(coach, mine) {
  const { rs: r, game } = coach;
  if (!r || !game) return;
  coach.view.end.replaceChildren(h('p', { class: 'help' }, t('coach.analysing')));
  const record = gameRecord(r, game);
  try {
    const result = await analyseGame(record);
    if (mine !== coach.gen) return;
    coach.analysis = gameReview(r, result);
    if (explainable(r) && !('error' in result)) void explainReview(coach, mine, record, result);
  } catch (e) {
    if (mine !== coach.gen) return;
    coach.analysis = gameReview(r, { detail: e instanceof ApiError ? e.problem.detail : String(e) });
  }
  renderCoach(coach);
}

/**
 * Replaces the review of the finished game with the server's explained one; where there is none
 * (yet), the review stays and says why under it, and while the server prepares its outlook table
 * it is asked again when told.
 * @param {Coach} coach
 * @param {number} mine
 * @param {import('./types.js').GameRecord} record
 * @param {import('./types.js').GameAnalysis} plain the review shown meanwhile
 */
async function explainReview(coach, mine, record, plain) {
  const r = /** @type {import('./types.js').RuleSet} */ (coach.rs);
  try {
    const explained = await analyseExplained(record);
    if (mine !== coach.gen) return;
    coach.analysis = gameReview(r, 'error' in explained ? plain : explained);
  } catch (e) {
    if (mine !== coach.gen) return;
    if (!(e instanceof ApiError)) throw e;
    const retry = e.retryAfter;
    coach.analysis = gameReview(r, plain, explainNotice(e.problem.detail, retry !== undefined));
    if (retry !== undefined) setTimeout(() => mine === coach.gen && void explainReview(coach, mine, record, plain), 1000 * retry);
  }
  renderCoach(coach);
}
