import { analyseBatchPacked, type AnalyseChunkRunner } from '../analysis/index.ts';
import type { RuleSetId } from '../rules/index.ts';
import { createInlineRunner, type ChunkRunner } from '../simulate/index.ts';
import { analyseRunner, createWorkerPool, simulateRunner, type PoolStats } from '../../workers/pool.ts';
import type { ModelRegistry } from './model-registry.ts';

/**
 * Where batch requests (analyse, simulate) run, one chunk at a time. A server runs them in a
 * worker pool of their own, so the event loop only routes chunks and hints never wait behind
 * them; tests may run them inline over the registry's models.
 */
export interface BatchWork {
  /** chunks one request keeps in flight */
  readonly concurrency: number;
  simulate: ChunkRunner;
  /** `refuse`: rule sets whose games get the text as their error instead of an analysis */
  analyse(refuse: Partial<Record<RuleSetId, string>>): AnalyseChunkRunner;
  /** the pool's threads, queue and utilisation, where there is a pool */
  stats?(): PoolStats;
  destroy(): Promise<void>;
}

/** In this thread, over the registry's models: for tests and tools, not for a server under load. */
export function inlineBatchWork(registry: ModelRegistry): BatchWork {
  const simulate = createInlineRunner({ model: async (id) => registry.get(id) });
  return {
    concurrency: 1,
    simulate,
    analyse: (refuse) => (batch) => analyseBatchPacked(async (id) => refuse[id] ?? registry.get(id), batch),
    destroy: async () => {},
  };
}

/** A worker pool of `threads` that load their tables from `tables`, each once. */
export function poolBatchWork(tables: string, threads: number): BatchWork {
  const pool = createWorkerPool({ threads, tables });
  return {
    concurrency: 1,
    simulate: simulateRunner(pool),
    analyse: (refuse) => analyseRunner(pool, refuse),
    stats: () => pool.stats(),
    destroy: () => pool.destroy(),
  };
}
