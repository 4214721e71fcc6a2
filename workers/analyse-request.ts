import { ANALYSIS_CHUNK, emptyTally, mergeTally, profileOf, reviewRecords, tagOf, tallyReviewed, unpackResult, type MultiplayerTables, type Reviewed } from '../src/analysis/index.ts';
import type { InputLimits } from '../src/codec/input-limits.ts';
import { arrayField, decodePlain, encodePlain, type Format } from '../src/codec/plain-data.ts';
import { DicewiseError, invalidInput, type Issue } from '../src/errors.ts';
import { parseGoal } from '../src/position/index.ts';
import { isRuleSetId, RULESETS, supportsTable } from '../src/rules/index.ts';
import { goalModule, reviewGoal } from '../src/goals/index.ts';
import type { RuleSetId } from '../src/rules/index.ts';
import type { GameModel, LaneLookup, SharedTables } from '../src/solver/index.ts';
import type { SharedLanes } from '../src/simulate/index.ts';

/**
 * A whole `POST /api/v1/analyse` body, from its bytes to the response's bytes, off the server's
 * thread: decoding (up to 8 MB), analysis and encoding (about 6 MB of JSON for 1,000 games) each
 * cost tens to hundreds of milliseconds, which the event loop would otherwise spend away from
 * hints. The server checks a shared flag's value between chunks: non-zero stops the work.
 */
export interface AnalyseRequestTask {
  body: Uint8Array;
  format: Format;
  accept: Format;
  limits: InputLimits;
  /** most games one body may hold */
  cap: number;
  /** rule sets the server cannot analyse, with the reason each such game gets as its error */
  refuse: Partial<Record<RuleSetId, string>>;
  /** rule sets still loading on the server: a body naming one fails with NOT_READY */
  loading: RuleSetId[];
  /** Int32Array over a SharedArrayBuffer; element 0 set non-zero by the server to stop */
  stop: Int32Array;
  /** rule sets whose reach table the server has ready (a reach review of another fails with NOT_READY naming it) */
  reachReady: RuleSetId[];
  /** rule sets whose outlook table the server has ready (an explained review of another fails with NOT_READY naming it) */
  outlookReady?: RuleSetId[];
  /** the goal tables the server has opened (their indexes shared, their files open) and its outlook tables (shared memory): the worker reads them rather than open its own */
  lanes?: Partial<Record<RuleSetId, SharedLanes>>;
  /** the value tables the server has read, likewise */
  tables?: SharedTables;
}

/** The NOT_READY issue that names a rule set whose reach table a review needs: the server then starts loading it. */
export const REACH_NOT_READY_FIELD = 'goal';

/** The same for the outlook table an explained review needs. */
export const OUTLOOK_NOT_READY_FIELD = 'explain';

function ruleSetOf(record: unknown): unknown {
  return typeof record === 'object' && record !== null ? ((record as { ruleset?: unknown }).ruleset ?? 'yahtzee') : undefined;
}

export async function analyseRequest(
  task: AnalyseRequestTask,
  modelFor: (id: RuleSetId) => Promise<GameModel>,
  laneFor: LaneLookup,
  multiplayerFor?: MultiplayerTables,
): Promise<Uint8Array> {
  const request = decodePlain(task.body, task.format, task.limits);
  const games = arrayField(request, 'games', task.cap);
  const issues: Issue[] = [];
  const { goal } = parseGoal((request as { goal?: unknown }).goal, undefined, issues);
  const summary = (request as { summary?: unknown }).summary;
  if (summary !== undefined && typeof summary !== 'boolean') issues.push({ field: 'summary', message: 'must be true or false' });
  const explain = (request as { explain?: unknown }).explain;
  if (explain !== undefined && typeof explain !== 'boolean') issues.push({ field: 'explain', message: 'must be true or false' });
  if (explain === true && goal.type !== 'points') issues.push({ field: 'explain', message: 'the reasons are given for points play: review without the goal' });
  if (issues.length > 0) throw invalidInput(issues);
  const loading = new Set<unknown>(task.loading);
  const waiting = games.map(ruleSetOf).find((id) => loading.has(id));
  if (waiting !== undefined) throw new DicewiseError('NOT_READY', `${String(waiting)} is still loading; try again shortly`);
  const review = reviewGoal(goal, laneFor);
  if (review) {
    const ready = new Set<unknown>(task.reachReady);
    const needsReach = (id: RuleSetId) => goalModule(goal.type).tables(RULESETS[id], false).includes('reach');
    const missing = games.map(ruleSetOf).find((id) => typeof id === 'string' && isRuleSetId(id) && needsReach(id) && !ready.has(id));
    if (missing !== undefined) {
      throw new DicewiseError('NOT_READY', `the reach table of ${String(missing)} is not loaded yet`, [{ field: REACH_NOT_READY_FIELD, message: String(missing) }]);
    }
  }
  if (explain === true) {
    const ready = new Set<unknown>(task.outlookReady ?? []);
    const missing = games.map(ruleSetOf).find((id) => typeof id === 'string' && isRuleSetId(id) && supportsTable(RULESETS[id], 'outlook') && !ready.has(id));
    if (missing !== undefined) {
      throw new DicewiseError('NOT_READY', `the outlook table of ${String(missing)} is not loaded yet`, [{ field: OUTLOOK_NOT_READY_FIELD, message: String(missing) }]);
    }
  }
  const outlookFor = explain === true ? (id: RuleSetId) => laneFor(id, 'outlook') : undefined;
  const results: Reviewed[] = [];
  // The profile sums chunk by chunk as `dicewise analyse --summary` does: the same games give the same numbers.
  const tally = emptyTally();
  for (let i = 0; i < games.length; i += ANALYSIS_CHUNK) {
    if (Atomics.load(task.stop, 0) !== 0) throw new DicewiseError('CANCELLED', 'the analysis was stopped');
    const chunk = await reviewRecords(async (id) => task.refuse[id] ?? modelFor(id), { records: games.slice(i, i + ANALYSIS_CHUNK) }, review, multiplayerFor, outlookFor);
    if (summary) {
      const part = emptyTally();
      chunk.forEach((r, j) => tallyReviewed(part, r, tagOf(games[i + j])));
      mergeTally(tally, part);
    }
    results.push(...chunk);
  }
  const response: { results: unknown[]; summary?: unknown } = { results: results.map((r) => ('review' in r ? r.review : unpackResult(r))) };
  if (summary) response.summary = profileOf(tally);
  const body = encodePlain(response, task.accept);
  return typeof body === 'string' ? new TextEncoder().encode(body) : body;
}
