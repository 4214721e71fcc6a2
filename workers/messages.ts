import type { ChunkReview, ReviewChunk } from '../src/analysis/index.ts';
import type { JointTask } from '../src/approx/index.ts';
import { DicewiseError, isDicewiseError, type ErrorCode, type Issue } from '../src/errors.ts';
import type { RuleSetId } from '../src/rules/index.ts';
import type { SharedLanes, SimulateTask, TaskResult } from '../src/simulate/index.ts';
import type { BoundColumnTask, ColumnSolve, ReachTask, SharedTables, SolveTask } from '../src/solver/index.ts';
import type { AnalyseRequestTask } from './analyse-request.ts';
import type { HintTask } from './hint-request.ts';

/**
 * The one message shape between the pool and its workers. Each kind of work has a task type and a
 * result type; every worker answers with a WorkerReply, so a DicewiseError thrown in a thread
 * arrives with its code, message and field issues (a thrown error would lose them on the way).
 */
export interface WorkerTasks {
  solve: SolveTask;
  reach: ReachTask;
  simulate: SimulateTask;
  /** a chunk of a streamed review: its output text and profile tally back */
  review: ReviewTask;
  /** a whole analyse request body, bytes in, response bytes out */
  'analyse-request': AnalyseRequestTask;
  /** a points hint with effort: the decoded position in, the encoded advice out */
  hint: HintTask;
  /** one relaxed column of the upper bound, solved and played (solver/price-search.ts) */
  bound: BoundColumnTask;
  /** states of one level of a sub-game's joint table, solved into the shared table (approx/joint-exact.ts) */
  joint: JointTask;
}

/** A chunk of a streamed review, with the tables the sending process read once and shares (SharedArrayBuffers). */
export type ReviewTask = ReviewChunk & {
  reach?: number;
  /** explain the mistakes from the outlook tables (shared in `lanes`, else read by the thread) */
  explain?: boolean;
  /** value (and joint) tables by table key, as `sharedTableReader().loaded()` gives them */
  tables?: SharedTables;
  /** reach tables by rule set */
  lanes?: Partial<Record<RuleSetId, SharedLanes>>;
};

export interface WorkerResults {
  solve: number;
  reach: number;
  simulate: TaskResult;
  review: ChunkReview;
  'analyse-request': Uint8Array;
  hint: string | Uint8Array;
  bound: ColumnSolve[];
  joint: number;
}

export type WorkerKind = keyof WorkerTasks;

export type WorkerReply<T> = { ok: true; result: T } | { ok: false; code: ErrorCode; message: string; issues: Issue[] };

/** What every worker entry point returns: the result, or the DicewiseError as a value. Other errors are bugs and throw. */
export async function replyOf<T>(work: () => T | Promise<T>): Promise<WorkerReply<T>> {
  try {
    return { ok: true, result: await work() };
  } catch (e) {
    if (isDicewiseError(e)) return { ok: false, code: e.code, message: e.message, issues: [...e.issues] };
    throw e;
  }
}

export function unwrapReply<T>(reply: WorkerReply<T>): T {
  if (reply.ok) return reply.result;
  throw new DicewiseError(reply.code, reply.message, reply.issues);
}
