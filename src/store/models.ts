import { DicewiseError, isDicewiseError } from '../errors.ts';
import type { RuleSetId } from '../rules/index.ts';
import { RULESETS } from '../rules/index.ts';
import { buildColumnTable, exactColumnModel, type BuildProgress, type GameModel } from '../solver/index.ts';
import { createSolverPool, defaultThreads } from '../../workers/solver-pool.ts';
import { readTable, writeTable } from './table-store.ts';

export interface EnsureOptions {
  threads?: number;
  onProgress?: (p: BuildProgress) => void;
  /** called when a table is missing or stale and is about to be built */
  onBuild?: (id: RuleSetId, reason: string) => void;
}

/** Builds a rule set's table with a worker pool and writes it atomically into `dir`. */
export async function buildAndWrite(dir: string, id: RuleSetId, opts: EnsureOptions = {}) {
  const threads = opts.threads ?? defaultThreads();
  if (!Number.isInteger(threads) || threads < 1) {
    throw new DicewiseError('INVALID_OPTION', `threads must be a positive integer, got ${threads}`, [
      { field: 'threads', message: 'must be a positive integer' },
    ]);
  }
  const pool = createSolverPool(threads);
  try {
    const built = await buildColumnTable(RULESETS[id], { concurrency: threads, runner: pool.run, onProgress: opts.onProgress });
    const file = await writeTable(dir, built);
    return { built, file };
  } finally {
    await pool.destroy();
  }
}

/** The exact model of a single-column rule set from its table in `dir`. */
export async function loadModel(dir: string, id: RuleSetId): Promise<GameModel> {
  const rs = RULESETS[id];
  if (!rs.exact) throw new DicewiseError('NOT_SOLVED', `${id} has no exact table`);
  const table = await readTable(dir, rs);
  return exactColumnModel(rs, table.values);
}

/** Loads the model, building (or rebuilding) the table first when it is missing or stale. */
export async function ensureModel(dir: string, id: RuleSetId, opts: EnsureOptions = {}): Promise<GameModel> {
  try {
    return await loadModel(dir, id);
  } catch (e) {
    if (!isDicewiseError(e) || !['TABLE_MISSING', 'TABLE_STALE', 'TABLE_CORRUPT'].includes(e.code)) throw e;
    opts.onBuild?.(id, e.message);
    await buildAndWrite(dir, id, opts);
    return loadModel(dir, id);
  }
}
