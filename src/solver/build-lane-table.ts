import { DicewiseError } from '../errors.ts';
import type { RuleSet } from '../rules/index.ts';
import { hasColumns, RULESETS, ruleSetFingerprint, UPPER_COUNT } from '../rules/index.ts';
import type { CompiledRules } from './compiled-rules.ts';
import { compileRules } from './compiled-rules.ts';
import { decodeState, stateIndex, statesAtLevel } from './column-layout.ts';
import { createDistributionSolver, solveDistributionStates } from './points-distribution.ts';
import { countStates, levelStates, resolveBuildOptions, type BuildOptions } from './build-table.ts';
import { createReachScratch, reachScoreNow, type ReachScratch, type ReachSource } from './reach-score-now.ts';
import { REACH_TRIM, reachOffsets, type ReachTable } from './reach-table.ts';
import type { TableHeader } from './table-file.ts';
import { SOLVER_VERSION } from './solver-version.ts';
import { evaluateTurnValue, type TurnWorkspace } from './turn-engine.ts';
import { followsValues, lanesOf, type LaneKind, type ReachTask } from './lane-task.ts';
import { createOutlookSolver, outlookWidth, solveOutlookStates } from './outlook.ts';

/**
 * Reach tables by backward induction, the same way as the expected-score table: a level's states
 * read only the next level. Each state runs the one turn engine over one lane per number of
 * points still needed, n = 1 .. width[s], where width[s] bounds the most points still possible
 * (capped): above it P is 0, and lanes there would be wasted work. The points distribution and
 * the outlook of expected-score play (outlook.ts) are built the same way, with their own lanes.
 */

/** Unless told otherwise: exact for every target up to 600 points still needed. */
export const REACH_CAP_DEFAULT = 600;

/** The largest cap a table may be built with. */
export const REACH_CAP_MAX = 4000;

/** Reads the untrimmed lanes of a level being built: P(s, n) for n = 1..width[s]. */
function levelSource(width: Int32Array, offset: Int32Array, lanes: Float64Array): ReachSource {
  return {
    read(dst, at, state, from, count) {
      // Three stretches (n <= 0: 1; 1..w: the lanes; above w: 0), copied whole: the score-now
      // reads 50 of them a state, and the loop with a test per lane was an eighth of the build.
      const w = width[state];
      const end = from + count;
      const ones = Math.min(end, 1) - from;
      if (ones > 0) dst.fill(1, at, at + ones);
      const lo = Math.max(from, 1);
      const hi = Math.min(end, w + 1);
      if (hi > lo) dst.set(lanes.subarray(offset[state] + lo - 1, offset[state] + hi - 1), at + lo - from);
      const zerosFrom = Math.max(from, w + 1);
      if (end > zerosFrom) dst.fill(0, at + zerosFrom - from, at + count);
    },
  };
}

/** Everything one thread needs for reach states; reused across tasks of the same rule set and cap. */
export interface ReachSolver {
  c: CompiledRules;
  scratch: ReachScratch;
  turn: TurnWorkspace;
}

export function createReachSolver(c: CompiledRules, cap: number): ReachSolver {
  // Score-now is written straight into the engine's input: no copy per state.
  const scratch = createReachScratch(c, cap);
  return { c, scratch, turn: scratch.ws };
}

/** Solves the task's states: lanes n = 1..width[s] of each, written into the level buffer. */
export function solveReachStates(s: ReachSolver, task: ReachTask): void {
  const src = levelSource(task.width, task.offset, task.next);
  const L0 = s.c.layout;
  for (const state of task.states) {
    const L = task.width[state];
    if (L === 0) continue;
    const { mask, upper, flag } = decodeState(L0, state);
    s.turn.lanes = L;
    reachScoreNow(s.c, src, mask, upper, flag, 1, L, s.scratch);
    evaluateTurnValue(s.c.dice, s.scratch.best, s.scratch.best, s.turn);
    task.level.set(s.turn.value.subarray(0, L), task.offset[state]);
  }
}

/**
 * width[s] >= the most points still possible from s, capped: the largest gain of each open box
 * (its best ordinary points, +100 per Yahtzee bonus still possible) plus the next state's width.
 */
function fillWidths(c: CompiledRules, cap: number, levels: readonly Int32Array[], width: Int32Array): void {
  const rs = c.rs;
  const B = rs.boxes.length;
  const T = c.layout.threshold;
  const UB = rs.upperBonus.points;
  const maxPoints = new Float64Array(B);
  for (let i = 0; i < B; i++) for (let r = 0; r < c.dice.rollCount; r++) maxPoints[i] = Math.max(maxPoints[i], c.score[i * c.dice.rollCount + r]);
  const yBox = c.layout.yahtzeeBox;
  for (const states of levels) {
    for (const s of states) {
      const { mask, upper, flag } = decodeState(c.layout, s);
      const bonus = flag === 1 ? rs.yahtzeeBonus : 0;
      let most = 0;
      for (let b = 0; b < B; b++) {
        if (mask & (1 << b)) continue;
        const next = mask | (1 << b);
        if (b < UPPER_COUNT) {
          for (let n = 0; n <= c.dice.dice; n++) {
            const raw = upper + (b + 1) * n;
            const gain = (b + 1) * n + (upper < T && raw >= T ? UB : 0) + bonus;
            most = Math.max(most, gain + width[stateIndex(c.layout, next, raw > T ? T : raw, flag)]);
          }
        } else {
          most = Math.max(most, maxPoints[b] + bonus + width[stateIndex(c.layout, next, upper, flag)]);
          if (b === yBox && c.layout.flags === 2) most = Math.max(most, 50 + width[stateIndex(c.layout, next, upper, 1)]);
        }
      }
      width[s] = Math.min(cap, most);
    }
  }
}

export interface BuiltReachTable {
  header: Omit<TableHeader, 'checksum' | 'payloadBytes' | 'format'>;
  table: ReachTable;
  states: number;
  /** P(start, n) for n = 0..cap: the odds curve of a new game (an outlook: the start state's lanes) */
  start: Float64Array;
}

export interface ReachBuildOptions extends BuildOptions {
  cap?: number;
  /** what to build (default reach); a distribution needs the rule set's expected-score `values` */
  kind?: LaneKind;
  values?: Float64Array;
  /** keep values as float64 (default float32, which is within 6e-8 and half the size; an outlook is always float64) */
  float64?: boolean;
  /** solve only the last `levels` levels (near-final states, for checks); default all */
  levels?: number;
}

/** Runs a reach task somewhere (worker thread or inline). */
export type ReachTaskRunner = (task: ReachTask) => Promise<void>;

/**
 * Solves a reach, distribution or outlook task with the thread's solver for its kind, rule set and cap,
 * created on first use and kept in `kept` (each holds engine memory for `cap` lanes). Worker
 * threads and the inline runner both solve here.
 */
export function solveLaneTask(task: ReachTask, kept: Map<string, (task: ReachTask) => void>): void {
  const key = `${task.kind}#${task.ruleset}#${task.cap}`;
  let solve = kept.get(key);
  if (!solve) {
    const c = compileRules(RULESETS[task.ruleset]);
    if (task.kind === 'distribution') {
      const d = createDistributionSolver(c, task.cap);
      solve = (t) => solveDistributionStates(d, t);
    } else if (task.kind === 'outlook') {
      const o = createOutlookSolver(c);
      solve = (t) => solveOutlookStates(o, t);
    } else {
      const r = createReachSolver(c, task.cap);
      solve = (t) => solveReachStates(r, t);
    }
    kept.set(key, solve);
  }
  solve(task);
}

const inlineSolvers = new Map<string, (task: ReachTask) => void>();

export const inlineReachRunner: ReachTaskRunner = async (task) => solveLaneTask(task, inlineSolvers);

export function resolveReachCap(cap: number | undefined): number {
  const v = cap ?? REACH_CAP_DEFAULT;
  if (!Number.isInteger(v) || v < 1 || v > REACH_CAP_MAX) {
    throw new DicewiseError('INVALID_OPTION', `cap must be an integer from 1 to ${REACH_CAP_MAX}, got ${v}`, [{ field: 'cap', message: `must be an integer from 1 to ${REACH_CAP_MAX}` }]);
  }
  return v;
}

/** Solves the reach table of a single-column rule set for every n up to the cap. */
export async function buildReachTable(
  rs: RuleSet,
  options: ReachBuildOptions & { reachRunner?: ReachTaskRunner } = {},
): Promise<BuiltReachTable> {
  if (hasColumns(rs)) {
    throw new DicewiseError('NOT_SOLVED', `${rs.id} has ${rs.columns.length} columns; reach tables are exact for single-column rule sets only`);
  }
  const opts = resolveBuildOptions(options);
  const kind = options.kind ?? 'reach';
  // An outlook's lanes do not count points: it has no cap.
  const cap = kind === 'outlook' ? 0 : resolveReachCap(options.cap);
  const run = options.reachRunner ?? inlineReachRunner;
  let values: Float64Array | undefined;
  if (followsValues(kind)) {
    if (!options.values) throw new Error(`a ${kind} table needs the expected-score values it follows`);
    // Shared so worker threads read it without a copy per task.
    values = new Float64Array(new SharedArrayBuffer(options.values.byteLength));
    values.set(options.values);
  }
  const started = performance.now();
  const c = compileRules(rs);
  const size = c.layout.size;
  const levels = levelStates(rs).slice(0, options.levels ?? rs.boxes.length);
  const statesTotal = countStates(levels);
  const width = new Int32Array(new SharedArrayBuffer(size * 4));
  const offset = new Int32Array(new SharedArrayBuffer(size * 4));
  const finished = statesAtLevel(c.layout, rs.boxes.length);
  if (kind === 'outlook') {
    for (const states of [finished, ...levels]) for (const s of states) width[s] = outlookWidth(c, decodeState(c.layout, s).mask);
  } else fillWidths(c, cap, levels, width);
  const lo = new Uint16Array(size);
  const count = new Uint16Array(size);
  // An outlook's lanes sum to the expected score to 1e-9, which float32 (6e-8 of each) would not keep.
  const precision = options.float64 || kind === 'outlook' ? Float64Array : Float32Array;
  // The kept values go straight into the table's own array, each state at a provisional place
  // (its untrimmed lanes, in state order) and closed up once every level is trimmed: kept per
  // state and packed afterwards, they were held twice at the end (half a gigabyte more for yahtzee).
  const provisional = new Float64Array(size);
  let provisionalTotal = 0;
  for (const states of [finished, ...levels]) for (const s of states) provisional[s] = lanesOf(kind, width[s]);
  for (let s = 0; s < size; s++) {
    const n = provisional[s];
    provisional[s] = provisionalTotal;
    provisionalTotal += n;
  }
  const store = new precision(Math.max(1, provisionalTotal));
  // Finished states (every box filled) have width 0: P = 1 for n <= 0, else 0; no points to come.
  // An outlook's finished states have only their bonus lanes, 0: nothing more to come.
  let nextStates: Int32Array = finished;
  const finishedLanes = kind === 'outlook' ? Math.max(1, finished.length > 0 ? width[finished[0]] : 1) : 1;
  let next: Float64Array = new Float64Array(new SharedArrayBuffer(Math.max(8, nextStates.length * finishedLanes * 8)));
  nextStates.forEach((s, i) => {
    offset[s] = i * finishedLanes;
    if (kind === 'distribution') next[i] = 1;
  });
  // Two level buffers, each level written into the one its next level is not read from. A new
  // buffer per level was freed only once every worker thread had collected its garbage, which
  // they seldom do: the yahtzee reach build held most of its levels at once (2.4 GB at its peak).
  const totals = levels.map((states) => states.reduce((n, s) => n + lanesOf(kind, width[s]), 0));
  const largest = Math.max(1, ...totals);
  const buffers = [new SharedArrayBuffer(largest * 8), new SharedArrayBuffer(largest * 8)];
  let done = 0;
  let level = rs.boxes.length - 1;
  for (const [i, states] of levels.entries()) {
    let total = 0;
    for (const s of states) {
      offset[s] = total;
      total += lanesOf(kind, width[s]);
    }
    // Every lane of the level's states is written before any is read: the buffer needs no clearing.
    const lanes = new Float64Array(buffers[i % 2], 0, Math.max(1, total));
    const chunks = Math.min(states.length, opts.concurrency * 8);
    const step = Math.ceil(states.length / chunks);
    const work: Promise<void>[] = [];
    for (let from = 0; from < states.length; from += step) {
      const slice = states.slice(from, Math.min(states.length, from + step));
      work.push(
        run({ kind, ruleset: rs.id, values, cap, width, offset, level: lanes, next, states: slice }).then(() => {
          done += slice.length;
          opts.onProgress({ level, statesDone: done, statesTotal });
        }),
      );
    }
    await Promise.all(work);
    // The next level is no longer read: keep only its trimmed lanes.
    trimLevel(kind, nextStates, width, offset, next, lo, count, store, provisional);
    next = lanes;
    nextStates = states;
    level--;
  }
  const start = new Float64Array(kind === 'outlook' ? width[nextStates[0] ?? 0] : cap + 1);
  const top = nextStates.length > 0 ? nextStates[0] : 0;
  if (kind === 'outlook') start.set(next.subarray(offset[top], offset[top] + start.length));
  for (let n = 0; n <= cap && kind !== 'outlook'; n++) {
    if (kind === 'distribution') start[n] = n <= width[top] ? next[offset[top] + n] : 0;
    else start[n] = n === 0 ? 1 : n <= width[top] ? next[offset[top] + n - 1] : 0;
  }
  trimLevel(kind, nextStates, width, offset, next, lo, count, store, provisional);
  const table = closeUp(cap, lo, count, store, provisional);
  const seconds = (performance.now() - started) / 1000;
  return {
    table,
    states: statesTotal,
    start,
    header: {
      ruleset: rs.id,
      fingerprint: ruleSetFingerprint(rs),
      solverVersion: SOLVER_VERSION,
      layout: { kind, cap, entries: size, values: table.values.length, valueBytes: table.values.BYTES_PER_ELEMENT },
      startValue: kind === 'reach' ? start[Math.min(cap, 250)] : kind === 'outlook' ? outlookTotal(c, start) : start.reduce((m, p, k) => m + p * k, 0),
      buildSeconds: seconds,
      threads: opts.concurrency,
      createdAt: new Date().toISOString(),
    },
  };
}

/**
 * Keeps the stretch of each state's lanes strictly between 0 and 1 (to REACH_TRIM): for reach,
 * lanes n = 1..w with P = 1 below the stretch; for a distribution, lanes k = 0..w with 0 outside.
 * Written into `store` at the state's provisional place.
 */
function trimLevel(
  kind: LaneKind,
  states: Int32Array,
  width: Int32Array,
  offset: Int32Array,
  lanes: Float64Array,
  lo: Uint16Array,
  count: Uint16Array,
  store: Float32Array | Float64Array,
  provisional: Float64Array,
): void {
  const low = kind === 'reach' ? 1 : 0;
  for (const s of states) {
    const w = width[s];
    if (kind === 'outlook') {
      // Every lane is kept: an outlook's lanes are points and chances side by side, not a curve to trim.
      lo[s] = 0;
      count[s] = w;
      if (w > 0) store.set(lanes.subarray(offset[s], offset[s] + w), provisional[s]);
      continue;
    }
    const o = offset[s] - low;
    let first = low;
    while (first <= w && (kind === 'reach' ? lanes[o + first] >= 1 - REACH_TRIM : lanes[o + first] <= REACH_TRIM)) first++;
    let last = w;
    while (last >= first && lanes[o + last] <= REACH_TRIM) last--;
    lo[s] = first;
    count[s] = last - first + 1;
    if (count[s] > 0) store.set(lanes.subarray(o + first, o + last + 1), provisional[s]);
  }
}

/** Closes up the kept stretches in state order (each moves to a place no later than its own) into the table's values. */
function closeUp(cap: number, lo: Uint16Array, count: Uint16Array, store: Float32Array | Float64Array, provisional: Float64Array): ReachTable {
  const { offset, total } = reachOffsets(count);
  for (let s = 0; s < count.length; s++) {
    if (count[s] > 0 && offset[s] !== provisional[s]) store.copyWithin(offset[s], provisional[s], provisional[s] + count[s]);
  }
  return { cap, lo, count, offset, values: store.subarray(0, total) };
}

/** What an outlook's lanes at the start add up to: the expected points of the boxes and the bonuses (the start value). */
function outlookTotal(c: CompiledRules, lanes: Float64Array): number {
  const m = c.rs.boxes.length;
  let total = 0;
  for (let i = 0; i < m; i++) total += lanes[i];
  let at = 2 * m;
  if (c.rs.upperBonus.points > 0) total += c.rs.upperBonus.points * lanes[at++];
  if (c.rs.yahtzeeBonus > 0) total += lanes[at];
  return total;
}
