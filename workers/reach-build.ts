import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { RuleSetId } from '../src/rules/index.ts';
import type { BuildProgress, LaneKind } from '../src/solver/index.ts';
import { unwrapReply, type WorkerReply } from './messages.ts';
import type { ReachBuildTask } from './reach-build-worker.ts';
import { workerEntry } from './worker-url.ts';

/**
 * Builds and writes a reach table in a worker thread of its own, which runs the solver pool. The
 * build's bookkeeping between levels (trimming each level's lanes, packing the table) runs on the
 * thread that calls the build; here that is not the server's, whose requests it would stall for
 * hundreds of milliseconds at a time.
 */
export async function buildReachInWorker(
  dir: string,
  id: RuleSetId,
  opts: { cap: number; threads: number; kind?: LaneKind; onProgress?: (p: BuildProgress) => void },
): Promise<string> {
  const pool = new Piscina({ ...workerEntry('reach-build-worker'), minThreads: 1, maxThreads: 1 });
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (p: BuildProgress) => opts.onProgress?.(p));
  try {
    const task: ReachBuildTask = { dir, id, cap: opts.cap, threads: opts.threads, kind: opts.kind ?? 'reach', port: port2 };
    return unwrapReply((await pool.run(task, { transferList: [port2] })) as WorkerReply<string>);
  } finally {
    port1.close();
    await pool.destroy();
  }
}
