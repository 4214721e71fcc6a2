import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ReachTask, ReachTaskRunner, SolveTask, TaskRunner } from '../src/solver/index.ts';
import { workerEntry } from './worker-url.ts';

export interface SolverPool {
  threads: number;
  run: TaskRunner;
  runReach: ReachTaskRunner;
  destroy(): Promise<void>;
}

export function defaultThreads(): number {
  return availableParallelism();
}

/** A piscina pool of `threads` workers that solve state chunks into shared memory. */
export function createSolverPool(threads: number): SolverPool {
  const pool = new Piscina({ ...workerEntry('solve-worker'), minThreads: threads, maxThreads: threads, idleTimeout: 1000 });
  return {
    threads,
    run: async (task: SolveTask) => {
      await pool.run(task);
    },
    runReach: async (task: ReachTask) => {
      await pool.run(task);
    },
    destroy: () => pool.destroy(),
  };
}
