import { hasColumns, RULESETS, supportsTable, type RuleSetId } from '../rules/index.ts';
import { compileRules, type CompiledRules } from './compiled-rules.ts';
import { createMomentsSolver, MOMENTS_BATCH, solveMomentsStates } from './moments.ts';
import { BATCH, createStateSolver, solveStates, type StateSolver } from './solve-states.ts';

/**
 * A table's levels solved by the calling thread and helper threads together, each taking chunks
 * of a level's states from one shared counter (`Atomics.add`), so no thread waits for a task
 * message and a level ends when its last chunk does. The calling thread leads: it releases the
 * first level, reports progress and solves chunks itself instead of waiting idle while its threads
 * work; the thread that ends a level releases the next. Helpers join whenever they have started;
 * one that starts late finds the levels already solved taken and moves on. The values are those
 * of any other partition of the levels (states of one level read only the next level).
 */
export interface LevelJob {
  /** the table's single-column rule set (the rule set, or a column type of it) */
  ruleset: RuleSetId;
  column?: number;
  /** the two moments of expected-score play (moments.ts) instead of the values */
  moments?: boolean;
  /** the table being solved (shared) */
  values: Float64Array;
  /** every level's states, in solve order (shared) */
  states: Int32Array;
  /** level i's states are states[bounds[i] .. bounds[i + 1]) */
  bounds: Int32Array;
  /** [levels released, helpers joined, failed, then per level: states claimed, states solved] (shared) */
  ctrl: Int32Array;
  /** states per claim */
  chunk: number;
}

const RELEASED = 0;
const JOINED = 1;
const FAILED = 2;
const claimedAt = (level: number): number => 3 + 2 * level;
const solvedAt = (level: number): number => 4 + 2 * level;

/** Solves states[from..to) of a job into its values. */
export type RangeSolver = (from: number, to: number) => void;

export function createLevelJob(task: Pick<LevelJob, 'ruleset' | 'column' | 'moments'>, levels: readonly Int32Array[], values: Float64Array): LevelJob {
  const total = levels.reduce((n, l) => n + l.length, 0);
  const states = new Int32Array(new SharedArrayBuffer(total * 4));
  const bounds = new Int32Array(levels.length + 1);
  levels.forEach((l, i) => {
    states.set(l, bounds[i]);
    bounds[i + 1] = bounds[i] + l.length;
  });
  const ctrl = new Int32Array(new SharedArrayBuffer((3 + 2 * levels.length) * 4));
  // Four engine runs a claim: small enough that a level's last claims end close together.
  const chunk = 4 * (task.moments ? MOMENTS_BATCH : BATCH);
  return { ...task, values, states, bounds, ctrl, chunk };
}

/**
 * A thread's solver for a job's states: the value or the moments engine of `c`. `ahead`: a value
 * solver the thread made before the job came (`solverAhead`), used where it is `c`'s.
 */
export function rangeSolver(job: LevelJob, c: CompiledRules, ahead?: StateSolver | null): RangeSolver {
  const { values, states } = job;
  if (job.moments) {
    const m = createMomentsSolver(c);
    return (from, to) => solveMomentsStates(m, values, states.subarray(from, to));
  }
  const s = ahead?.c === c ? ahead : createStateSolver(c);
  return (from, to) => solveStates(s, values, states, from, to);
}

/**
 * The value solver of the single-column rule set `id` names, made before a job comes: a helper
 * started with a table build makes it while the command's own thread loads its modules and lists
 * the states (it would otherwise wait for its job, then spend some 35 ms making it, cold, while
 * the leader solves alone). Null where `id` names no such rule set; the job then makes its own.
 */
export function solverAhead(id: unknown): StateSolver | null {
  if (typeof id !== 'string' || !Object.hasOwn(RULESETS, id)) return null;
  const rs = RULESETS[id as RuleSetId];
  if (hasColumns(rs) || !supportsTable(rs, 'value')) return null;
  return createStateSolver(compileRules(rs));
}

/** Claims and solves chunks of `level` until none is left (or `most` were taken); the states solved. */
function takeChunks(job: LevelJob, level: number, solve: RangeSolver, most = Infinity): number {
  const { ctrl, chunk } = job;
  const start = job.bounds[level];
  const end = job.bounds[level + 1];
  let n = 0;
  for (let taken = 0; taken < most; taken++) {
    const from = start + Atomics.add(ctrl, claimedAt(level), chunk);
    if (from >= end) return n;
    const to = Math.min(end, from + chunk);
    solve(from, to);
    n += to - from;
    // The thread that solves a level's last states releases the next: no thread waits for
    // another to come round to it (a helper goes on alone while the leader makes its solver).
    if (Atomics.add(ctrl, solvedAt(level), to - from) + (to - from) === end - start) releaseAfter(job, level);
    Atomics.notify(ctrl, solvedAt(level));
  }
  return n;
}

/** Releases the level after `level` (-1: the first), and any empty levels after it with the one after them. */
function releaseAfter(job: LevelJob, level: number): void {
  const { bounds, ctrl } = job;
  const levels = bounds.length - 1;
  let next = level + 1;
  while (next < levels - 1 && bounds[next + 1] === bounds[next]) next++;
  // Never lowered: a failed job has released every level at once.
  for (let r = Atomics.load(ctrl, RELEASED); r < next + 1; r = Atomics.load(ctrl, RELEASED)) {
    if (Atomics.compareExchange(ctrl, RELEASED, r, next + 1) === r) break;
  }
  Atomics.notify(ctrl, RELEASED);
}

/**
 * A helper thread's part (blocking): every level in turn, each once it is released; the
 * states it solved. A failure of the job (the leader's or another helper's) ends it.
 */
export function helpWithLevels(job: LevelJob, solve: RangeSolver): number {
  const { ctrl } = job;
  Atomics.add(ctrl, JOINED, 1);
  const levels = job.bounds.length - 1;
  let solved = 0;
  for (let level = 0; level < levels; level++) {
    for (let r = Atomics.load(ctrl, RELEASED); r <= level; r = Atomics.load(ctrl, RELEASED)) {
      if (Atomics.load(ctrl, FAILED)) return solved;
      Atomics.wait(ctrl, RELEASED, r);
    }
    if (Atomics.load(ctrl, FAILED)) return solved;
    try {
      solved += takeChunks(job, level, solve);
    } catch (e) {
      failJob(job);
      throw e;
    }
  }
  return solved;
}

/** Helpers that have joined the job so far. */
export function joinedHelpers(job: LevelJob): number {
  return Atomics.load(job.ctrl, JOINED);
}

/** Marks the job failed and wakes every thread that waits on it. */
function failJob(job: LevelJob): void {
  Atomics.store(job.ctrl, FAILED, 1);
  Atomics.store(job.ctrl, RELEASED, job.bounds.length);
  Atomics.notify(job.ctrl, RELEASED);
}

type WaitAsync = (a: Int32Array, index: number, value: number) => { async: boolean; value: Promise<string> | string };

/**
 * The leader's part: releases the first level and solves every level with `makeSolver`'s solver
 * beside the helpers it was given (`helpers`, each settling when its thread is done), telling
 * `onSolved` the states of the table solved so far (at each level's end, and every 50 ms). It yields to the event
 * loop while a helper has still to join (one handed its job through this thread's event loop, as
 * a pool's thread is, gets it there) and every 50 ms, so timers and progress go on. A helper's
 * failure fails the build.
 */
export async function leadLevels(job: LevelJob, makeSolver: () => RangeSolver, helpers: readonly Promise<unknown>[], onSolved: (level: number, solved: number) => void = () => {}): Promise<void> {
  const { ctrl } = job;
  // The first level goes out before this thread's solver is made (the rules compiled, the
  // kernel instantiated): a helper already started is at work meanwhile, and goes on to the
  // levels after it as it ends them (`takeChunks`).
  releaseAfter(job, -1);
  let solve: RangeSolver;
  let failure: unknown;
  const settled = Promise.all(
    helpers.map((h) =>
      h.catch((e: unknown) => {
        failure ??= e;
        failJob(job);
      }),
    ),
  );
  const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;
  const levels = job.bounds.length - 1;
  let solvedBefore = 0;
  let yielded = performance.now();
  try {
    solve = makeSolver();
    // A level is taken once the one before is solved (by whichever thread ended it).
    for (let level = 0; level < levels && !Atomics.load(ctrl, FAILED); level++) {
      const size = job.bounds[level + 1] - job.bounds[level];
      while (takeChunks(job, level, solve, 1) > 0) {
        if (Atomics.load(ctrl, JOINED) < helpers.length || performance.now() - yielded > 50) {
          onSolved(level, solvedBefore + Atomics.load(ctrl, solvedAt(level)));
          await new Promise<void>((resolve) => setImmediate(resolve));
          yielded = performance.now();
        }
      }
      // The level's last chunks, still being solved by helpers.
      for (let done = Atomics.load(ctrl, solvedAt(level)); done < size && !Atomics.load(ctrl, FAILED); done = Atomics.load(ctrl, solvedAt(level))) {
        const w = waitAsync(ctrl, solvedAt(level), done);
        if (w.async) await Promise.race([w.value, settled]);
      }
      solvedBefore += size;
      onSolved(level, solvedBefore);
    }
  } catch (e) {
    failJob(job);
    throw e;
  }
  await settled;
  if (Atomics.load(ctrl, FAILED)) throw failure;
}
