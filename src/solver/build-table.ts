import { DicewiseError, positiveInteger } from '../errors.ts';
import type { RuleSet, RuleSetId } from '../rules/index.ts';
import { columnTypeOf, hasColumns, ruleSetFingerprint, RULESETS } from '../rules/index.ts';
import { layoutOf, statesAtLevel, UPPER_SLOTS } from './column-layout.ts';
import { compileRules } from './compiled-rules.ts';
import { createStateSolver, solveStates } from './solve-states.ts';
import { createMomentsSolver, momentsSd, solveMomentsStates } from './moments.ts';
import { createLevelJob, leadLevels, rangeSolver, type LevelJob } from './shared-levels.ts';
import type { TableHeader } from './table-file.ts';
import { SOLVER_VERSION } from './solver-version.ts';
import { sharedBuffer } from './shared-buffer.ts';

/** One unit of parallel work: solve these states of one level into the shared value table. */
export interface SolveTask {
  ruleset: RuleSetId;
  /** set when solving the column type of this (0-based) column of a multi-column rule set */
  column?: number;
  /** solve the two moments of the expected-score strategy (moments.ts) instead of its values */
  moments?: boolean;
  values: Float64Array;
  states: Int32Array;
}

/** The single-column rule set a task solves. */
export function taskRules(task: Pick<SolveTask, 'ruleset' | 'column'>): RuleSet {
  const rs = RULESETS[task.ruleset];
  return task.column === undefined ? rs : columnTypeOf(rs, task.column).rs;
}

/** Runs a task somewhere (a worker thread, or inline) and resolves when its values are written. */
export type TaskRunner = (task: SolveTask) => Promise<void>;

export interface BuildProgress {
  /** boxes filled in the states being solved (counts down to 0) */
  level: number;
  statesDone: number;
  statesTotal: number;
}

/**
 * Threads that help this one solve a table's levels (shared-levels.ts): `start` runs one helper
 * on a job and settles when it is done. Given to a build that may keep its own thread busy (a
 * command), not to a server, whose thread answers requests.
 */
export interface LevelHelpers {
  count: number;
  start: (job: LevelJob) => Promise<unknown>;
}

export interface BuildOptions {
  /** How many tasks to keep in flight; the runner decides where they run. Default 1. */
  concurrency?: number;
  /** Where tasks run; default inline on this thread. */
  runner?: TaskRunner;
  /** Solve value and moments levels on this thread with these helpers instead of through `runner`. */
  helpers?: LevelHelpers;
  onProgress?: (p: BuildProgress) => void;
}

export interface ResolvedBuildOptions {
  concurrency: number;
  runner: TaskRunner;
  helpers?: LevelHelpers;
  onProgress: (p: BuildProgress) => void;
}

export const BUILD_DEFAULTS = { concurrency: 1 } as const;

export function resolveBuildOptions(opts: BuildOptions = {}): ResolvedBuildOptions {
  const concurrency = positiveInteger('concurrency', opts.concurrency ?? BUILD_DEFAULTS.concurrency);
  return { concurrency, runner: opts.runner ?? inlineRunner, helpers: opts.helpers, onProgress: opts.onProgress ?? (() => {}) };
}

export const inlineRunner: TaskRunner = async (task) => {
  const c = compileRules(taskRules(task));
  if (task.moments) solveMomentsStates(createMomentsSolver(c), task.values, task.states);
  else solveStates(createStateSolver(c), task.values, task.states);
};

export interface BuiltTable {
  header: Omit<TableHeader, 'checksum' | 'payloadBytes' | 'format'>;
  values: Float64Array;
  states: number;
}

/** Solves a single-column rule set exactly (backward induction by level, see `solveLevels`). */
export function buildColumnTable(rs: RuleSet, options: BuildOptions = {}): Promise<BuiltTable> {
  return buildSingleColumn(rs, options, false);
}

/**
 * The moments of the expected-score strategy of a single-column rule set: [E, E2] per state slot,
 * E being the same value as the value table's. The header's start value is the standard deviation
 * of the final score.
 */
export function buildMomentsTable(rs: RuleSet, options: BuildOptions = {}): Promise<BuiltTable> {
  return buildSingleColumn(rs, options, true);
}

/**
 * The values of a single-column rule set's table (with `moments`, its moments table), solved by
 * backward induction (`solveLevels`), without the file header `buildColumnTable` adds: what a
 * browser's engine solves (src/browser), where the header's fingerprint (node:crypto) is not needed.
 */
export async function solveColumnTable(rs: RuleSet, options: BuildOptions = {}, moments = false): Promise<{ values: Float64Array; states: number }> {
  if (hasColumns(rs)) {
    throw new DicewiseError('NOT_SOLVED', `${rs.id} has ${rs.columns.length} columns; only single-column rule sets are solved exactly`);
  }
  const opts = resolveBuildOptions(options);
  // The states are listed from the layout alone, and the rules compiled as this thread makes its
  // solver: helpers get their job that much sooner.
  const levels = levelStates(rs);
  const states = countStates(levels);
  return { values: await solveLevels({ ruleset: rs.id, moments }, levels, opts, { done: 0, total: states }), states };
}

async function buildSingleColumn(rs: RuleSet, options: BuildOptions, moments: boolean): Promise<BuiltTable> {
  const opts = resolveBuildOptions(options);
  const started = performance.now();
  const { values, states } = await solveColumnTable(rs, opts, moments);
  const layout = layoutOf(rs);
  return {
    values,
    states,
    header: {
      ruleset: rs.id,
      fingerprint: ruleSetFingerprint(rs),
      solverVersion: SOLVER_VERSION,
      layout: { kind: 'column', boxes: rs.boxes.length, upperSlots: UPPER_SLOTS, flags: layout.flags, entries: layout.size * (moments ? 2 : 1) },
      startValue: moments ? momentsSd(values[0], values[1]) : values[0],
      buildSeconds: (performance.now() - started) / 1000,
      threads: opts.concurrency,
      createdAt: new Date().toISOString(),
    },
  };
}

/** The canonical reachable states of a single-column rule set, by level from the last down to 0. */
export function levelStates(rs: RuleSet): Int32Array[] {
  const layout = layoutOf(rs);
  const levels: Int32Array[] = [];
  for (let level = rs.boxes.length - 1; level >= 0; level--) levels.push(statesAtLevel(layout, level));
  return levels;
}

export function countStates(levels: readonly Int32Array[]): number {
  return levels.reduce((n, l) => n + l.length, 0);
}

/**
 * Backward induction by level into a new shared table: states with every box filled are worth
 * 0; a level's states read only the next level, so each level is split into chunks that run
 * concurrently. `progress` counts states over several calls (one build of several columns).
 */
export async function solveLevels(
  task: Pick<SolveTask, 'ruleset' | 'column' | 'moments'>,
  levels: readonly Int32Array[],
  opts: ResolvedBuildOptions,
  progress: { done: number; total: number },
): Promise<Float64Array> {
  const rs = taskRules(task);
  const lanes = task.moments ? 2 : 1;
  const values = new Float64Array(sharedBuffer(layoutOf(rs).size * lanes * 8));
  const top = rs.boxes.length - 1;
  if (opts.helpers) {
    const job = createLevelJob(task, levels, values);
    const { count, start } = opts.helpers;
    const helpers = Array.from({ length: count }, () => start(job));
    const before = progress.done;
    await leadLevels(job, () => rangeSolver(job, compileRules(rs)), helpers, (i, solved) => {
      progress.done = before + solved;
      opts.onProgress({ level: top - i, statesDone: progress.done, statesTotal: progress.total });
    });
    return values;
  }
  await inLevelChunks(levels, opts.concurrency, (states, i) =>
    opts.runner({ ...task, values, states }).then(() => {
      progress.done += states.length;
      opts.onProgress({ level: top - i, statesDone: progress.done, statesTotal: progress.total });
    }),
  );
  return values;
}

/**
 * Runs each level's states in chunks (at most concurrency × 4 per level, so threads stay busy and
 * progress moves), one level after the other: a level's states read only the next level's values,
 * so its chunks may run in any order and at once. `run` gets a chunk and its level's index.
 */
export async function inLevelChunks(levels: readonly Int32Array[], concurrency: number, run: (states: Int32Array, levelIndex: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < levels.length; i++) {
    const states = levels[i];
    if (states.length === 0) continue;
    const size = Math.ceil(states.length / Math.min(states.length, concurrency * 4));
    const work: Promise<void>[] = [];
    for (let from = 0; from < states.length; from += size) work.push(run(states.slice(from, Math.min(states.length, from + size)), i));
    await Promise.all(work);
  }
}
