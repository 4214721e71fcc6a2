// @ts-check
import { EngineError } from './engine.js';
import { ruleSetName, t } from './i18n.js';
import { isRuleSetId, RULESETS } from './lib/rules/rulesets.js';
import { engineHint, engineReady, engineReview, engineRuleSets, prepare } from './local-engine.js';
import { linkState, markReachable, onLinkChange, serverReachable, setProbe, setSiteMode } from './server-link.js';

/**
 * The page's one way to the Dicewise API: no other module of the page fetches anything
 * (test/web-modules.test.ts), so what answers each request is chosen here and nowhere else.
 * Points hints and the coach's review of its game come from the engine in the page
 * (local-engine.js) whenever it can answer at once, and always where there is no server to ask
 * (a static site, or the server out of reach): it answers in well under a millisecond once a rule
 * set's table is in, where the server needs a round trip; while the engine is still getting its
 * table in, the server answers. Everything else (reach and win goals, odds, a file of games) is
 * the server's, and says plainly that it needs the server where there is none to ask
 * (server-link.js). docs/offline.md explains the choice. Every failure is an ApiError carrying the
 * RFC 9457 problem; the engine's problems are the server's.
 */

/**
 * @typedef {import('./types.js').Problem} Problem
 * @typedef {import('./types.js').RuleSetInfo} RuleSetInfo
 * @typedef {import('./types.js').RuleFacts} RuleFacts
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./types.js').ExplainedAdvice} ExplainedAdvice
 * @typedef {import('./types.js').ProbabilityAdvice} ProbabilityAdvice
 * @typedef {import('./types.js').WinAdvice} WinAdvice
 * @typedef {import('./types.js').OpponentInput} OpponentInput
 * @typedef {import('./types.js').Odds} Odds
 * @typedef {import('./types.js').PositionInput} PositionInput
 * @typedef {import('./types.js').GameRecord} GameRecord
 * @typedef {import('./types.js').GameAnalysis} GameAnalysis
 * @typedef {import('./types.js').GameError} GameError
 */

/** The type of the problem a request meets where it needs the server and there is none to ask (the page's own, never the server's). */
const NEEDS_SERVER = 'urn:dicewise:page:needs-server';

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

  /** No answer came: the server could not be reached. */
  get unreachable() {
    return this.problem.status === 0 && this.problem.type !== NEEDS_SERVER;
  }

  /** What was asked needs the server, and there is none to ask (a static site, or offline): `problem.detail` says so plainly. */
  get needsServer() {
    return this.problem.type === NEEDS_SERVER;
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
    markReachable(false);
    throw new ApiError({ type: 'about:blank', title: t('api.unreachableTitle'), status: 0, detail: t('api.unreachable', { why: e instanceof Error ? e.message : String(e) }) });
  }
  // Offline, the service worker answers the page's GETs from its cache: only an answer no cache gives says the server is there.
  if (init?.method === 'POST') markReachable(true);
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

// The health check server-link.js runs while the server is out of reach: /healthz is never cached.
setProbe(async () => {
  try {
    return (await fetch('/healthz', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
});

/**
 * An answer from the engine in the page, its failure as the ApiError the server's would be.
 * @template T
 * @param {() => Promise<T>} ask
 * @returns {Promise<T>}
 */
async function fromEngine(ask) {
  try {
    return await ask();
  } catch (e) {
    throw e instanceof EngineError ? new ApiError(e.problem) : e;
  }
}

/**
 * What the engine and the server both answer (a points hint, a game's review): the engine's
 * answer where it has the rule set's tables in or there is no server to ask, else the server's,
 * and the engine's after all where the server cannot be reached.
 * @template T
 * @param {string} ruleset
 * @param {() => Promise<T>} local
 * @param {() => Promise<T>} remote
 * @returns {Promise<T>}
 */
async function either(ruleset, local, remote) {
  if (engineReady(ruleset) || !serverReachable()) return fromEngine(local);
  try {
    return await remote();
  } catch (e) {
    if (e instanceof ApiError && e.unreachable) return fromEngine(local);
    throw e;
  }
}

/**
 * What only the server answers. Where there is none to ask, or it cannot be reached, the problem
 * says plainly that `what` needs it (and, offline, that it comes back with the server).
 * @param {string} path
 * @param {unknown} body
 * @param {import('./i18n.js').MessageKey} what the feature, as the subject of the sentence
 */
async function serverOnly(path, body, what) {
  const needs = () => {
    const { mode } = linkState();
    return new ApiError({ type: NEEDS_SERVER, title: t('api.unreachableTitle'), status: 0, detail: t(mode === 'static' ? 'needs.static' : 'needs.offline', { what: t(what) }), errors: [] });
  };
  if (linkState().mode === 'static') throw needs();
  try {
    return await post(path, body);
  } catch (e) {
    throw e instanceof ApiError && e.unreachable ? needs() : e;
  }
}

/**
 * The rule sets' list: the server's (offline, the one the service worker kept); the engine's on a
 * static site, or where the server's cannot be had (offline before it was ever cached).
 * @returns {Promise<RuleSetInfo[]>}
 */
async function listRuleSets() {
  if (linkState().mode === 'static') return fromEngine(engineRuleSets);
  try {
    return /** @type {{ rulesets: RuleSetInfo[] }} */ (await call('/api/v1/rulesets')).rulesets;
  } catch (e) {
    if (e instanceof ApiError && e.unreachable) return fromEngine(engineRuleSets);
    throw e;
  }
}

/**
 * Where the page stands: served by a Dicewise server, or as static files (web/site.json; a
 * server too old to list it is a server).
 */
async function readSiteMode() {
  try {
    const site = /** @type {{ mode?: string }} */ (await call('/web/site.json'));
    setSiteMode(site?.mode === 'static' ? 'static' : 'server');
  } catch {
    setSiteMode('server');
  }
}

/**
 * Every rule set with the page's extra facts (legal box values, bonuses) and its definition as
 * the engine scores it (the served rules modules), which the page's totals and bonuses ask.
 * @returns {Promise<RuleSet[]>}
 */
export async function fetchRuleSets() {
  await readSiteMode();
  const [infos, facts] = await Promise.all([listRuleSets(), call('/web/rules.json')]);
  const byId = /** @type {Record<string, RuleFacts>} */ (facts);
  return infos.map((r) => {
    // Only where the server's compiled modules are older than the server itself (run npm run build).
    if (!isRuleSetId(r.id)) throw new Error(`no rules module for ${r.id}`);
    return { ...r, facts: byId[r.id], rules: RULESETS[r.id] };
  });
}

/**
 * Gets the rule set's tables into the engine in the page ahead of its first hint, so that it
 * answers at once and offline: resolves to its expected final score from the start, or undefined
 * where the engine cannot play it (a server's sub-game) or its tables could not be had.
 * @param {RuleSetInfo} rs
 * @returns {Promise<number | undefined>}
 */
export async function prepareOffline(rs) {
  if (rs.status === 'not-served') return undefined;
  return prepare(rs.id).then(
    (r) => r.startValue,
    () => undefined,
  );
}

/**
 * Calls `fn` each time the server can be reached again, until the returned function is called:
 * what needs the server is asked again then.
 * @param {() => void} fn
 */
export function onServerBack(fn) {
  return onLinkChange((link) => {
    if (link.reachable) fn();
  });
}

/**
 * The points hint for a position.
 * @param {PositionInput} position
 * @returns {Promise<Advice>}
 */
export function fetchHint(position) {
  return either(
    position.ruleset,
    () => engineHint(position),
    async () => /** @type {Advice} */ (await post('/api/v1/hint', position)),
  );
}

/**
 * The points hint with its reasons (`explain`): the outlook of the position and of every option,
 * and what each option but the best gives up. The server's alone: the engine in the page does not
 * hold the outlook table (docs/explain.md says why), so offline or on a static site this says it
 * needs the server. While the server reads or builds the table it answers 503 with Retry-After
 * and how far it is, as an ApiError with `retryAfter`.
 * @param {PositionInput} position a points position (its goal is not sent)
 * @returns {Promise<ExplainedAdvice>}
 */
export async function fetchExplainedHint(position) {
  const { goal: _goal, ...rest } = position;
  return /** @type {ExplainedAdvice} */ (await serverOnly('/api/v1/hint', { ...rest, explain: true }, 'needs.what.explain'));
}

/**
 * Advice for a position whose goal is to reach a total: options valued by the chance of it.
 * @param {PositionInput & { goal: { type: 'reach', score: number | string | undefined } }} position
 * @returns {Promise<ProbabilityAdvice>}
 */
export async function fetchReachHint(position) {
  return /** @type {ProbabilityAdvice} */ (await serverOnly('/api/v1/hint', position, 'needs.what.reach'));
}

/**
 * Advice for a position whose goal is to win against known opponents: options valued by the
 * expected share of the stake, and each opponent's expected final total.
 * @param {PositionInput & { goal: { type: 'win', opponents: OpponentInput[] } }} position
 * @returns {Promise<WinAdvice>}
 */
export async function fetchWinHint(position) {
  return /** @type {WinAdvice} */ (await serverOnly('/api/v1/hint', position, 'needs.what.win'));
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
  return /** @type {Odds} */ (await serverOnly('/api/v1/odds', rest, 'needs.what.odds'));
}

/**
 * The analysis of one game, or the reason it could not be analysed.
 * @param {GameRecord} record
 * @returns {Promise<GameAnalysis | GameError>}
 */
export function analyseGame(record) {
  return either(
    record.ruleset,
    () => engineReview(record),
    async () => /** @type {{ results: (GameAnalysis | GameError)[] }} */ (await post('/api/v1/analyse', { games: [record] })).results[0],
  );
}

/**
 * The review of one game with its reasons (`explain`): each mistake's aspects and the game's loss
 * by family of boxes. The server's alone, as fetchExplainedHint.
 * @param {GameRecord} record
 * @returns {Promise<GameAnalysis | GameError>}
 */
export async function analyseExplained(record) {
  return /** @type {{ results: (GameAnalysis | GameError)[] }} */ (await serverOnly('/api/v1/analyse', { games: [record], explain: true }, 'needs.what.explain')).results[0];
}

/**
 * The review of a batch of games with the player profile of the batch (at most 1,000 games).
 * @param {unknown[]} games
 * @param {boolean} [explain] also where the losses come from, by family of boxes (the outlook table; 503 while it loads)
 * @returns {Promise<{ results: (GameAnalysis | GameError)[], summary: import('./types.js').PlayerProfile }>}
 */
export async function analyseBatch(games, explain = false) {
  return /** @type {{ results: (GameAnalysis | GameError)[], summary: import('./types.js').PlayerProfile }} */ (
    await serverOnly('/api/v1/analyse', { games, summary: true, ...(explain ? { explain: true } : {}) }, 'needs.what.batch')
  );
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
