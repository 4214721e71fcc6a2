import type { MessagePort } from 'node:worker_threads';
import { isDicewiseError } from '../src/errors.ts';
import type { RuleSetId } from '../src/rules/index.ts';
import type { BuildProgress, LaneKind } from '../src/solver/index.ts';
import { buildReachAndWrite } from '../src/store/model-loader.ts';
import { solverThreads } from './pool.ts';

/** One reach table build, off the server's thread: progress on `port`, the written file (or why not) as the reply. */
export interface ReachBuildTask {
  dir: string;
  id: RuleSetId;
  cap: number;
  threads: number;
  kind: LaneKind;
  port: MessagePort;
}

export type ReachBuildReply = { ok: true; file: string } | { ok: false; code?: string; message: string };

export default async function buildReach(task: ReachBuildTask): Promise<ReachBuildReply> {
  try {
    const { file } = await buildReachAndWrite(task.dir, task.id, {
      cap: task.cap,
      kind: task.kind,
      threads: task.threads,
      solver: solverThreads,
      onProgress: (p: BuildProgress) => task.port.postMessage(p),
    });
    return { ok: true, file };
  } catch (e) {
    return { ok: false, code: isDicewiseError(e) ? e.code : undefined, message: e instanceof Error ? e.message : String(e) };
  } finally {
    task.port.close();
  }
}
