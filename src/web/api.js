// @ts-check
import { ruleSetName, t } from './i18n.js';
import { isRuleSetId, RULESETS } from './lib/rules/rulesets.js';

/**
 * The page's one way to the Dicewise API: no other module of the page fetches anything
 * (test/web-modules.test.ts), so whatever answers a request (the server today; an engine in the
 * page could answer points hints behind the same functions) is chosen here and nowhere else. Every
 * failure is an ApiError carrying the RFC 9457 problem.
 */

/**
 * @typedef {import('./types.js').Problem} Problem
 * @typedef {import('./types.js').RuleSetInfo} RuleSetInfo
 * @typedef {import('./types.js').RuleFacts} RuleFacts
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./types.js').ProbabilityAdvice} ProbabilityAdvice
 * @typedef {import('./types.js').WinAdvice} WinAdvice
 * @typedef {import('./types.js').OpponentInput} OpponentInput
 * @typedef {import('./types.js').Odds} Odds
 * @typedef {import('./types.js').PositionInput} PositionInput
 * @typedef {import('./types.js').GameRecord} GameRecord
 * @typedef {import('./types.js').GameAnalysis} GameAnalysis
 * @typedef {import('./types.js').GameError} GameError
 */

export class ApiError extends Error {
  /**
   * @param {Problem} problem
   * @param {number} [retryAfter] seconds the server asked to wait (503 while a table loads or is built)
   */
  constructor(problem, retryAfter) {
    super(problem.detail || problem.title);
    this.problem = problem;
    this.retryAfter = retryAfter;
  }

  /** The server cannot answer for this rule set (yet): not solved, not served, still loading. */
  get unavailable() {
    return this.problem.status === 501 || this.problem.status === 503;
  }
}

/**
 * @param {string} path
 * @param {RequestInit} [init]
 * @returns {Promise<unknown>}
 */
async function call(path, init) {
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError({ type: 'about:blank', title: t('api.unreachableTitle'), status: 0, detail: t('api.unreachable', { why: e instanceof Error ? e.message : String(e) }) });
  }
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await res.json().catch(() => undefined) : undefined;
  if (res.ok) return body;
  const problem = /** @type {Problem | undefined} */ (body);
  if (problem && typeof problem.detail === 'string') {
    const retry = res.headers.get('retry-after');
    const seconds = retry && res.status === 503 && /^\d+$/.test(retry) ? Number(retry) : undefined;
    // A table being built says how far it is: "43%, about 2 min" reads better than the server's sentence.
    const p = problem.progress;
    const detail = p ? (p.etaSeconds !== undefined ? t('api.progress', { percent: String(p.percent), minutes: String(Math.max(1, Math.round(p.etaSeconds / 60))) }) : t('api.progressStarting', { percent: String(p.percent) })) : seconds !== undefined ? t('api.retry', { detail: problem.detail, seconds }) : problem.detail;
    throw new ApiError({ ...problem, errors: problem.errors ?? [], detail }, seconds);
  }
  throw new ApiError({ type: 'about:blank', title: res.statusText || 'Error', status: res.status, detail: t('api.answered', { status: String(res.status), text: res.statusText }) });
}

/** @param {string} path @param {unknown} body */
function post(path, body) {
  return call(path, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
}

/**
 * Every rule set with the page's extra facts (legal box values, bonuses) and its definition as
 * the engine scores it (the served rules modules), which the page's totals and bonuses ask.
 * @returns {Promise<RuleSet[]>}
 */
export async function fetchRuleSets() {
  const [list, facts] = await Promise.all([call('/api/v1/rulesets'), call('/web/rules.json')]);
  const infos = /** @type {{ rulesets: RuleSetInfo[] }} */ (list).rulesets;
  const byId = /** @type {Record<string, RuleFacts>} */ (facts);
  return infos.map((r) => {
    // Only where the server's compiled modules are older than the server itself (run npm run build).
    if (!isRuleSetId(r.id)) throw new Error(`no rules module for ${r.id}`);
    return { ...r, facts: byId[r.id], rules: RULESETS[r.id] };
  });
}

/**
 * @param {PositionInput} position
 * @returns {Promise<Advice>}
 */
export async function fetchHint(position) {
  return /** @type {Advice} */ (await post('/api/v1/hint', position));
}

/**
 * Advice for a position whose goal is to reach a total: options valued by the chance of it.
 * @param {PositionInput & { goal: { type: 'reach', score: number | string | undefined } }} position
 * @returns {Promise<ProbabilityAdvice>}
 */
export async function fetchReachHint(position) {
  return /** @type {ProbabilityAdvice} */ (await post('/api/v1/hint', position));
}

/**
 * Advice for a position whose goal is to win against known opponents: options valued by the
 * expected share of the stake, and each opponent's expected final total.
 * @param {PositionInput & { goal: { type: 'win', opponents: OpponentInput[] } }} position
 * @returns {Promise<WinAdvice>}
 */
export async function fetchWinHint(position) {
  return /** @type {WinAdvice} */ (await post('/api/v1/hint', position));
}

/**
 * Advice for a position under its goal, as the advisor asks it: the most points when it has none.
 * @param {PositionInput} position
 * @returns {Promise<Advice | ProbabilityAdvice | WinAdvice>}
 */
export function fetchAdvice(position) {
  const goal = position.goal;
  if (goal?.type === 'reach') return fetchReachHint({ ...position, goal });
  if (goal?.type === 'win') return fetchWinHint({ ...position, goal });
  return fetchHint(position);
}

/**
 * The best chance of every final total from the position (its goal is not sent: odds take none).
 * @param {PositionInput} position
 * @returns {Promise<Odds>}
 */
export async function fetchOdds(position) {
  const { goal: _goal, ...rest } = position;
  return /** @type {Odds} */ (await post('/api/v1/odds', rest));
}

/**
 * The analysis of one game, or the reason the server could not analyse it.
 * @param {GameRecord} record
 * @returns {Promise<GameAnalysis | GameError>}
 */
export async function analyseGame(record) {
  const body = /** @type {{ results: (GameAnalysis | GameError)[] }} */ (await post('/api/v1/analyse', { games: [record] }));
  return body.results[0];
}

/**
 * The review of a batch of games with the player profile of the batch (at most 1,000 games).
 * @param {unknown[]} games
 * @returns {Promise<{ results: (GameAnalysis | GameError)[], summary: import('./types.js').PlayerProfile }>}
 */
export async function analyseBatch(games) {
  return /** @type {{ results: (GameAnalysis | GameError)[], summary: import('./types.js').PlayerProfile }} */ (await post('/api/v1/analyse', { games, summary: true }));
}

/**
 * One sentence for a rule set the server cannot advise on.
 * @param {RuleSetInfo} rs
 * @param {Problem} [problem]
 */
export function unavailableText(rs, problem) {
  const why = problem?.detail ?? (rs.status === 'not-served' ? t('api.notLoaded', { id: rs.id }) : t(`api.table.${rs.status}`));
  const soon = problem ? problem.status === 503 && /NOT_READY|not-ready|retry/i.test(`${problem.type} ${problem.detail}`) : ['queued', 'loading', 'building'].includes(rs.status);
  return t(soon ? 'api.unavailableYet' : 'api.unavailableNow', { name: ruleSetName(rs), why });
}
