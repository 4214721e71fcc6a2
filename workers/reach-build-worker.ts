import type { MessagePort } from 'node:worker_threads';
import type { RuleSetId } from '../src/rules/index.ts';
import type { BuildProgress, LaneKind } from '../src/solver/index.ts';
import { buildReachAndWrite } from '../src/store/model-loader.ts';
import { replyOf, type WorkerReply } from './messages.ts';
import { backgroundSolverThreads } from './pool.ts';
import { lowerThisThread } from './thread-priority.ts';

/**
 * One reach table build, off the server's thread and below its priority (the thread's own
 * bookkeeping between levels and its solver threads alike): progress on `port`, the written file as the reply.
 */
export interface ReachBuildTask {
  dir: string;
  id: RuleSetId;
  cap: number;
  threads: number;
  kind: LaneKind;
  port: MessagePort;
}

export default async function buildReach(task: ReachBuildTask): Promise<WorkerReply<string>> {
  lowerThisThread();
  try {
    return await replyOf(async () => {
      const { file } = await buildReachAndWrite(task.dir, task.id, {
        cap: task.cap,
        kind: task.kind,
        threads: task.threads,
        solver: backgroundSolverThreads,
        onProgress: (p: BuildProgress) => task.port.postMessage(p),
      });
      return file;
    });
  } finally {
    task.port.close();
  }
}
