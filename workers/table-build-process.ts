import type { RuleSetId } from '../src/rules/index.ts';
import type { BuildProgress, LaneKind } from '../src/solver/index.ts';
import { buildReachAndWrite, ensureModel } from '../src/store/model-loader.ts';
import { replyOf, type WorkerReply } from './messages.ts';
import { backgroundSolverThreads, solverThreads } from './pool.ts';
import { lowerThisThread } from './thread-priority.ts';

/**
 * One table build a server asks for, in a process of its own (table-build.ts starts it): progress
 * and the reply go back over the IPC channel, and when the process ends, every byte the build
 * allocated goes with it. Built in the server's own threads, the build's freed memory stayed in
 * the server's malloc heap (a first start of the default rule sets held 159.5 MiB idle against
 * 137.9 MiB for a restart on the same tables).
 */
export interface TableBuildTask {
  dir: string;
  id: RuleSetId;
  /** a rule set's value tables (with the moments, as a server needs them), or one goal table */
  kind: 'values' | LaneKind;
  threads: number;
  /** goal tables: the most points still needed that the table answers */
  cap?: number;
  /** at the lowest CPU priority, this process's main thread and its solver threads alike */
  background: boolean;
}

/** What a build process sends: progress as it goes, then its reply, or why it failed (an error that is not a DicewiseError). */
export type TableBuildMessage = { progress: BuildProgress } | { reply: WorkerReply<void> } | { failed: string };

async function build(task: TableBuildTask): Promise<void> {
  const send = (m: TableBuildMessage): void => void process.send?.(m);
  const onProgress = (p: BuildProgress): void => send({ progress: p });
  if (task.background) lowerThisThread();
  const reply = await replyOf(async () => {
    if (task.kind === 'values') {
      const solver = task.background ? backgroundSolverThreads : solverThreads;
      await ensureModel(task.dir, task.id, { threads: task.threads, solver, moments: true, loadMoments: false, onProgress });
    } else {
      await buildReachAndWrite(task.dir, task.id, { cap: task.cap, kind: task.kind, threads: task.threads, solver: backgroundSolverThreads, onProgress });
    }
  }).catch((e: unknown): TableBuildMessage => ({ failed: e instanceof Error ? (e.stack ?? e.message) : String(e) }));
  process.send?.('ok' in reply ? { reply } : reply, () => process.exit(0));
}

// The server that started this build is gone (closed, killed): so is the reason to finish it.
process.on('disconnect', () => process.exit(1));
process.once('message', (task: TableBuildTask) => void build(task));
