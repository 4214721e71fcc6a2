import type { RuleSetId } from '../rules/index.ts';
import type { LaneLookup, SharedTables } from '../solver/index.ts';
import { createInlineRunner, type ChunkRunner } from '../simulate/index.ts';
import { analyseRequest, type AnalyseRequestTask } from '../../workers/analyse-request.ts';
import { hintRequest, type HintTask } from '../../workers/hint-request.ts';
import { createWorkerPool, simulateRunner, type PoolStats } from '../../workers/pool.ts';
import { withoutPaths } from '../store/without-paths.ts';
import type { TableRegistry } from './table-registry.ts';

/**
 * Where batch requests run. A server runs them in a worker pool of their own, so that the event
 * loop only routes them and hints never wait behind them: simulations chunk by chunk, an analyse
 * request whole (its body's bytes in, the response's bytes out), a hint with effort (rollouts,
 * up to a quarter second each) whole. Tests may run them inline over the registry's models.
 */
export interface BatchWork {
  /** chunks one simulation keeps in flight */
  readonly concurrency: number;
  simulate: ChunkRunner;
  analyse(task: AnalyseRequestTask): Promise<Uint8Array>;
  /** a points hint with effort 1 to 3, encoded as the client asked */
  hint(task: HintTask): Promise<string | Uint8Array>;
  /** the pool's threads, queue and utilisation, where there is a pool */
  stats?(): PoolStats;
  destroy(): Promise<void>;
}

/** In this thread, over the registry's models: for tests and tools, not for a server under load. */
export function inlineBatchWork(registry: TableRegistry): BatchWork {
  const laneFor: LaneLookup = async (id, kind) => registry.table(kind, id);
  const multiplayerFor = async (id: RuleSetId) => ({ model: registry.get(id), ...registry.tables(id, ['reach', 'distribution']) });
  return {
    concurrency: 1,
    simulate: createInlineRunner({ model: async (id) => registry.get(id) }),
    analyse: (task) => analyseRequest(task, async (id: RuleSetId) => registry.get(id), laneFor, multiplayerFor),
    hint: (task) => hintRequest(task, async (id: RuleSetId) => registry.complete(id)),
    destroy: async () => {},
  };
}

export interface BatchPoolOptions {
  /** the table folder the threads read what the server has not handed them */
  tables: string;
  threads: number;
  /**
   * A thread with no work for this long stops, and gives back its heap and the tables it loaded;
   * the next batch request starts one again (a few hundred milliseconds, its tables read once more).
   */
  idleMs: number;
}

/**
 * A worker pool whose threads load their tables from the folder, each once. Every task carries
 * the value tables the server has read so far (`shared`, in shared memory): a thread plays, reviews
 * and hints from those and reads only the others. A worker's table error names the file; clients
 * get it without the folder. Threads start with the first batch request, not with the server.
 */
export function poolBatchWork({ tables, threads, idleMs }: BatchPoolOptions, shared: () => SharedTables = () => ({})): BatchWork {
  const pool = createWorkerPool({ threads, tables, idleMs });
  const run = simulateRunner(pool);
  const hidePaths = (e: unknown): never => {
    throw withoutPaths(e, tables);
  };
  return {
    concurrency: 1,
    simulate: (task) => run({ ...task, tables: shared() }).catch(hidePaths),
    analyse: (task) => pool.run('analyse-request', { ...task, tables: shared() }).catch(hidePaths),
    hint: (task) => pool.run('hint', { ...task, tables: shared() }).catch(hidePaths),
    stats: () => pool.stats(),
    destroy: () => pool.destroy(),
  };
}
