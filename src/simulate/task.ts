import type { RuleSetId } from '../rules/index.ts';
import type { ChunkResult } from './run-chunk.ts';

/** One unit of work: games [from, to) of a run, every strategy on the same dice. */
export interface SimulateTask {
  ruleset: RuleSetId;
  seed: number;
  from: number;
  to: number;
  /** built-in strategy names, or absolute paths of strategy modules */
  strategies: string[];
  /** turn evaluations cached per engine-backed strategy and thread */
  cacheEntries: number;
}

export interface TaskResult extends ChunkResult {
  /** the strategies' names, in task order */
  names: string[];
}

/** Runs a task somewhere (a worker thread, or inline) and resolves with its results. */
export type ChunkRunner = (task: SimulateTask) => Promise<TaskResult>;
