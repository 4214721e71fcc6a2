import type { RuleSetId } from '../rules/index.ts';
import { createInlineRunner, type ChunkRunner } from '../simulate/index.ts';
import { analyseRequest, type AnalyseRequestTask } from '../../workers/analyse-request.ts';
import { createWorkerPool, simulateRunner, type PoolStats } from '../../workers/pool.ts';
import type { ModelRegistry } from './model-registry.ts';

/**
 * Where batch requests run. A server runs them in a worker pool of their own, so that the event
 * loop only routes them and hints never wait behind them: simulations chunk by chunk, an analyse
 * request whole (its body's bytes in, the response's bytes out). Tests may run them inline over
 * the registry's models.
 */
export interface BatchWork {
  /** chunks one simulation keeps in flight */
  readonly concurrency: number;
  simulate: ChunkRunner;
  analyse(task: AnalyseRequestTask): Promise<Uint8Array>;
  /** the pool's threads, queue and utilisation, where there is a pool */
  stats?(): PoolStats;
  destroy(): Promise<void>;
}

/** In this thread, over the registry's models: for tests and tools, not for a server under load. */
export function inlineBatchWork(registry: ModelRegistry): BatchWork {
  return {
    concurrency: 1,
    simulate: createInlineRunner({ model: async (id) => registry.get(id) }),
    analyse: (task) => analyseRequest(task, async (id: RuleSetId) => registry.get(id)),
    destroy: async () => {},
  };
}

/** A worker pool of `threads` that load their tables from `tables`, each once. */
export function poolBatchWork(tables: string, threads: number): BatchWork {
  const pool = createWorkerPool({ threads, tables });
  return {
    concurrency: 1,
    simulate: simulateRunner(pool),
    analyse: (task) => pool.run('analyse-request', task),
    stats: () => pool.stats(),
    destroy: () => pool.destroy(),
  };
}
