import type { RuleSetId } from '../rules/index.ts';
import type { LaneDataOf, LaneKind, LaneTableOf, SharedMemoSpace, SharedTables } from '../solver/index.ts';
import type { HeadToHeadChunk } from './head-to-head.ts';
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
  /** head-to-head: players at the table, one strategy per slot (see head-to-head.ts); absent = every strategy plays solo */
  players?: number;
  /** also return every game played as a JSON line (game-recorder.ts) */
  record?: boolean;
  /**
   * The rule set's goal tables, opened once by the process that sends the task: their indexes over
   * SharedArrayBuffers and their open files (store/reach-store.ts openReachTableData), so that a
   * thread reads their rows without checking the files again.
   */
  lanes?: SharedLanes;
  /** value tables the sending process has read, shared with the thread: it plays from them instead of reading its own */
  tables?: SharedTables;
  /**
   * Decision memo spaces of the run (solver/decision-memo.ts), by strategy: the threads playing
   * a strategy fill and read one memo of its decisions instead of one each.
   */
  memos?: Record<string, SharedMemoSpace>;
}

/** Lane tables of one rule set, by kind, as a message carries them (a goal table's ReachTable.data, an outlook table itself). */
export type SharedLanes = { [K in LaneKind]?: LaneDataOf[K] };

/** Lane tables of one rule set, by kind, as a thread reads them. */
export type LaneTables = { [K in LaneKind]?: LaneTableOf[K] };

/** What a message carries of these tables. */
export function sharedLanes(tables: LaneTables): SharedLanes {
  const out: SharedLanes = {};
  if (tables.reach) out.reach = tables.reach.data;
  if (tables.distribution) out.distribution = tables.distribution.data;
  // Its arrays are shared memory already.
  if (tables.outlook) out.outlook = tables.outlook;
  return out;
}

export interface TaskResult extends ChunkResult {
  /** the strategies' names, in task order */
  names: string[];
  /** head-to-head tasks: the table's results (the solo fields are then empty) */
  headToHead?: HeadToHeadChunk;
  /** with `record`: the games as JSON Lines, game by game, each game's strategies in task order */
  records?: string;
}

/** Runs a task somewhere (a worker thread, or inline) and resolves with its results. */
export type ChunkRunner = (task: SimulateTask) => Promise<TaskResult>;
