import { runInLanes } from '../run-in-lanes.ts';
import { DicewiseError } from '../errors.ts';
import { RULESETS, type RuleSetId } from '../rules/index.ts';
import type { GameModel, ReachTable } from '../solver/index.ts';
import { createReachAnalyser, type Analyser } from './analyse-game.ts';
import { analyseGamesPacked, ANALYSIS_CHUNK, batchRuleSets } from './batch.ts';
import { batchRecords, batchSize, type GameBatch } from './game-input.ts';
import { unpackResult, type PackedResult } from './packed-result.ts';
import type { GameResult } from './types.ts';

/**
 * Parses and analyses one batch with models loaded on demand (a worker's table folder). A table
 * that cannot be loaded fails the whole batch with its code; a rule set the lookup answers with
 * text (a server that does not serve it) makes that text each such game's error; a bad record is
 * only its own error.
 */
export async function analyseBatchPacked(
  modelFor: (id: RuleSetId) => Promise<GameModel | string>,
  batch: GameBatch,
  goal?: ReviewGoal,
): Promise<PackedResult[]> {
  const records = batchRecords(batch);
  const loaded = new Map<RuleSetId, GameModel | string>();
  const ids = batchRuleSets(records);
  for (const id of ids) if (RULESETS[id].exact) loaded.set(id, await modelFor(id));
  if (!goal) return analyseGamesPacked((id) => loaded.get(id), records);
  // A reach review: one analyser per rule set, with its reach table.
  const analysers = new Map<RuleSetId, Analyser>();
  for (const id of ids) if (RULESETS[id].exact) analysers.set(id, createReachAnalyser(RULESETS[id], await goal.reachFor(id), goal.score));
  return analyseGamesPacked((id) => loaded.get(id), records, (model) => analysers.get(model.rs.id)!);
}

/** A review for the chance of finishing with at least `score`, with where each rule set's reach table comes from. */
export interface ReviewGoal {
  type: 'reach';
  score: number;
  reachFor: (id: RuleSetId) => Promise<ReachTable>;
}

/** Runs one chunk somewhere (a worker, or inline) and resolves with its packed results. */
export type AnalyseChunkRunner = (batch: GameBatch) => Promise<PackedResult[]>;

export interface ChunkedAnalysisOptions {
  runner: AnalyseChunkRunner;
  /** games per chunk; default ANALYSIS_CHUNK; results do not depend on it */
  chunkSize?: number;
  /** chunks in flight (the pool's thread count); default 1 */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}

function positive(field: string, v: number): number {
  if (!Number.isInteger(v) || v < 1) throw new DicewiseError('INVALID_OPTION', `${field} must be a positive integer, got ${v}`, [{ field, message: 'must be a positive integer' }]);
  return v;
}

function chunksOf(batch: GameBatch, size: number): GameBatch[] {
  const out: GameBatch[] = [];
  const n = batchSize(batch);
  for (let i = 0; i < n; i += size) {
    out.push('records' in batch ? { records: batch.records.slice(i, i + size) } : { lines: batch.lines.slice(i, i + size) });
  }
  return out;
}

/** Every game's result in input order, chunk by chunk; after a failure no further chunk starts. */
export async function analyseInChunks(batch: GameBatch, opts: ChunkedAnalysisOptions): Promise<GameResult[]> {
  const size = positive('chunkSize', opts.chunkSize ?? ANALYSIS_CHUNK);
  const concurrency = positive('concurrency', opts.concurrency ?? 1);
  const chunks = chunksOf(batch, size);
  const parts: GameResult[][] = new Array(chunks.length);
  const total = batchSize(batch);
  let done = 0;
  await runInLanes(chunks, concurrency * 2, async (chunk, i) => {
    parts[i] = (await opts.runner(chunk)).map(unpackResult);
    done += parts[i].length;
    opts.onProgress?.(done, total);
  });
  return parts.flat();
}
