import { Piscina } from 'piscina';
import { DicewiseError, type ErrorCode } from '../src/errors.ts';
import type { ChunkRunner } from '../src/simulate/index.ts';
import type { WorkerReply } from './simulate-worker.ts';
import { workerEntry } from './worker-url.ts';

export interface SimulatePool {
  threads: number;
  run: ChunkRunner;
  destroy(): Promise<void>;
}

/** A piscina pool of `threads` workers playing chunks of games; each loads tables from `tableDir` once. */
export function createSimulatePool(threads: number, tableDir: string): SimulatePool {
  const pool = new Piscina({
    ...workerEntry('simulate-worker'),
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 1000,
    workerData: { tableDir },
  });
  return {
    threads,
    run: async (task) => {
      const reply = (await pool.run(task)) as WorkerReply;
      if (!reply.ok) throw new DicewiseError(reply.code as ErrorCode, reply.message, reply.issues);
      return reply.result;
    },
    destroy: () => pool.destroy(),
  };
}
