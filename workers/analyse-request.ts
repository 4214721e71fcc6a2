import { ANALYSIS_CHUNK, analyseBatchPacked, unpackResult, type PackedResult } from '../src/analysis/index.ts';
import type { InputLimits } from '../src/codec/input-limits.ts';
import { arrayField, decodePlain, encodePlain, type Format } from '../src/codec/plain-data.ts';
import { DicewiseError } from '../src/errors.ts';
import type { RuleSetId } from '../src/rules/index.ts';
import type { GameModel } from '../src/solver/index.ts';

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
}

function ruleSetOf(record: unknown): unknown {
  return typeof record === 'object' && record !== null ? ((record as { ruleset?: unknown }).ruleset ?? 'yahtzee') : undefined;
}

export async function analyseRequest(task: AnalyseRequestTask, modelFor: (id: RuleSetId) => Promise<GameModel>): Promise<Uint8Array> {
  const games = arrayField(decodePlain(task.body, task.format, task.limits), 'games', task.cap);
  const loading = new Set<unknown>(task.loading);
  const waiting = games.map(ruleSetOf).find((id) => loading.has(id));
  if (waiting !== undefined) throw new DicewiseError('NOT_READY', `${String(waiting)} is still loading; try again shortly`);
  const results: PackedResult[] = [];
  for (let i = 0; i < games.length; i += ANALYSIS_CHUNK) {
    if (Atomics.load(task.stop, 0) !== 0) throw new DicewiseError('CANCELLED', 'the analysis was stopped');
    results.push(...(await analyseBatchPacked(async (id) => task.refuse[id] ?? modelFor(id), { records: games.slice(i, i + ANALYSIS_CHUNK) })));
  }
  const body = encodePlain({ results: results.map(unpackResult) }, task.accept);
  return typeof body === 'string' ? new TextEncoder().encode(body) : body;
}
