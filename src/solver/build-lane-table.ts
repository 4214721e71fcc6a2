import { DicewiseError } from '../errors.ts';
import type { RuleSet } from '../rules/index.ts';
import { hasColumns, RULESETS, ruleSetFingerprint, UPPER_COUNT } from '../rules/index.ts';
import type { CompiledRules } from './compiled-rules.ts';
import { compileRules } from './compiled-rules.ts';
import { decodeState, stateIndex, statesAtLevel } from './column-layout.ts';
import { createDistributionSolver, solveDistributionStates } from './points-distribution.ts';
import { countStates, levelStates, resolveBuildOptions, type BuildOptions } from './build-table.ts';
import { createReachScratch, reachScoreNow, type ReachScratch, type ReachSource } from './reach-score-now.ts';
import { openReachTable, REACH_TRIM, rowRegionBytes, type ReachTable, type ReachTableData } from './reach-table.ts';
import { ROW_PAD, RowWriter, writeFixedRow, writeFloat64Row, type LaneEncoding } from './lane-codec.ts';
import type { TableHeader } from './table-file.ts';
import { SOLVER_VERSION } from './solver-version.ts';
import { evaluateTurnValue, type TurnWorkspace } from './turn-engine.ts';
import { followsValues, lanesOf, type GoalKind, type LaneKind } from './lane-kind.ts';
import type { ReachTask } from './lane-task.ts';
import { createOutlookSolver, outlookWidth, solveOutlookStates } from './outlook.ts';
import type { OutlookTable } from './outlook-table.ts';

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
  /** P(start, n) for n = 0..cap: the odds curve of a new game */
  start: Float64Array;
  /** seconds it took to convert from an older format instead (store/convert-lane-table.ts); absent for a build */
  convertedSeconds?: number;
}

export interface BuiltOutlookTable {
  header: Omit<TableHeader, 'checksum' | 'payloadBytes' | 'format'>;
  table: OutlookTable;
  states: number;
  /** the start state's lanes: the outlook of a new game (outlook.ts) */
  start: Float64Array;
}

/** A lane table just built (or converted), of either representation. */
export type BuiltLaneTable = BuiltReachTable | BuiltOutlookTable;

/** The built table of each kind of lanes. */
export interface BuiltLaneTableOf {
  reach: BuiltReachTable;
  distribution: BuiltReachTable;
  outlook: BuiltOutlookTable;
}

/**
 * Bits of the fixed point each kind is stored in (lane-codec.ts): a reach value within 2^-23
 * (1.2e-7) of the engine's, and so every reach answer, a maximum of averages of them; a
 * distribution's tail within 2^-25 (3e-8), since the win goal's share multiplies up to seven
 * opponents' (its error at most their sum, 2.1e-7) before a reach table's sum adds its own.
 * docs/tables.md measures the sizes.
 */
export const LANE_BITS: Record<GoalKind, number> = { reach: 22, distribution: 24 };

export interface ReachBuildOptions extends BuildOptions {
  cap?: number;
  /** what to build (default reach); a distribution needs the rule set's expected-score `values` */
  kind?: GoalKind;
  values?: Float64Array;
  /** keep values as float64 (exact; default fixed point, lane-codec.ts, within 2^-(LANE_BITS + 1) and a sixth of the size) */
  float64?: boolean;
  /** solve only the last `levels` levels (near-final states, for checks); default all */
  levels?: number;
}

export interface OutlookBuildOptions extends BuildOptions {
  /** the rule set's expected-score table, whose play the outlook follows */
  values: Float64Array;
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

function refuseColumns(rs: RuleSet): void {
  if (hasColumns(rs)) {
    throw new DicewiseError('NOT_SOLVED', `${rs.id} has ${rs.columns.length} columns; reach tables are exact for single-column rule sets only`);
  }
}

/** One lane table's solve: its kind, the states of each level and the lanes of each state. */
interface LaneJob {
  rs: RuleSet;
  c: CompiledRules;
  kind: LaneKind;
  cap: number;
  /** distribution, outlook: the expected-score table they follow (shared) */
  values?: Float64Array;
  /** levels to solve, the last turn's first; `finished`: every box filled */
  levels: Int32Array[];
  finished: Int32Array;
  statesTotal: number;
  /** width[s]: lanes n = 1..width (reach), k = 0..width (distribution) or outlook lanes of state s; 0 for a slot that is no state */
  width: Int32Array;
  concurrency: number;
  run: ReachTaskRunner;
  onProgress: NonNullable<BuildOptions['onProgress']>;
}

/** Everything a lane table's solve needs but its widths, which each kind fills in. */
function laneJob(rs: RuleSet, kind: LaneKind, cap: number, options: BuildOptions & { values?: Float64Array; levels?: number; reachRunner?: ReachTaskRunner }): LaneJob {
  const opts = resolveBuildOptions(options);
  let values: Float64Array | undefined;
  if (followsValues(kind)) {
    if (!options.values) throw new Error(`a ${kind} table needs the expected-score values it follows`);
    // Shared so worker threads read it without a copy per task.
    values = new Float64Array(new SharedArrayBuffer(options.values.byteLength));
    values.set(options.values);
  }
  const c = compileRules(rs);
  const levels = levelStates(rs).slice(0, options.levels ?? rs.boxes.length);
  return {
    rs,
    c,
    kind,
    cap,
    values,
    levels,
    finished: statesAtLevel(c.layout, rs.boxes.length),
    statesTotal: countStates(levels),
    width: new Int32Array(new SharedArrayBuffer(c.layout.size * 4)),
    concurrency: opts.concurrency,
    run: options.reachRunner ?? inlineReachRunner,
    onProgress: opts.onProgress,
  };
}

/** Takes a level's lanes once no level reads them any more: `lanes[offset[s]..]` for each of `states`. */
type KeepLevel = (states: Int32Array, offset: Int32Array, lanes: Float64Array) => void;

/**
 * The one build loop of every lane table, by backward induction: each level's states solved in
 * parallel tasks that read only the next level's lanes, and each level handed to `keep` (the
 * finished states first, the first turn's last) as soon as no level reads it, while the threads
 * solve the level before it. Returns the first turn's level: its states and their lanes.
 */
async function solveLevels(job: LaneJob, keep: KeepLevel): Promise<{ states: Int32Array; offset: Int32Array; lanes: Float64Array }> {
  const { rs, kind, cap, values, width, levels, statesTotal } = job;
  const offset = new Int32Array(new SharedArrayBuffer(job.c.layout.size * 4));
  // Finished states (every box filled) have width 0 but an outlook's bonus lanes, all 0: nothing
  // more to come. A distribution's one lane is 1: P(no more points) = 1.
  let nextStates: Int32Array = job.finished;
  let finishedTotal = 0;
  for (const s of nextStates) {
    offset[s] = finishedTotal;
    finishedTotal += lanesOf(kind, width[s]);
  }
  let next: Float64Array = new Float64Array(new SharedArrayBuffer(Math.max(8, finishedTotal * 8)));
  if (kind === 'distribution') for (const s of nextStates) next[offset[s]] = 1;
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
    const chunks = Math.min(states.length, job.concurrency * 8);
    const step = Math.ceil(states.length / chunks);
    const work: Promise<void>[] = [];
    for (let from = 0; from < states.length; from += step) {
      const slice = states.slice(from, Math.min(states.length, from + step));
      work.push(
        job.run({ kind, ruleset: rs.id, values, cap, width, offset, level: lanes, next, states: slice }).then(() => {
          done += slice.length;
          job.onProgress({ level, statesDone: done, statesTotal });
        }),
      );
    }
    // The next level's lanes are final (this level only reads them): kept here while the threads solve.
    keep(nextStates, offset, next);
    await Promise.all(work);
    next = lanes;
    nextStates = states;
    level--;
  }
  keep(nextStates, offset, next);
  return { states: nextStates, offset, lanes: next };
}

/** Solves the reach table (or points distribution) of a single-column rule set for every n up to the cap. */
export async function buildReachTable(
  rs: RuleSet,
  options: ReachBuildOptions & { reachRunner?: ReachTaskRunner } = {},
): Promise<BuiltReachTable> {
  refuseColumns(rs);
  const kind = options.kind ?? 'reach';
  if (kind !== 'reach' && kind !== 'distribution') throw new Error(`a goal table is a reach table or a points distribution, not ${String(kind)} (an outlook table is buildOutlookTable's)`);
  const cap = resolveReachCap(options.cap);
  const job = laneJob(rs, kind, cap, options);
  const started = performance.now();
  const { c, width } = job;
  fillWidths(c, cap, job.levels, width);
  const encoding: LaneEncoding = options.float64 ? 'float64' : 'fixed';
  const bits = encoding === 'fixed' ? LANE_BITS[kind] : 0;
  // Each level's rows are encoded as soon as no level reads its lanes any more, into one growing
  // store in the order they come (a level at a time), and put in state order at the end: only
  // the encoded rows are held, never the table's values (half a gigabyte as float32 for yahtzee).
  const size = c.layout.size;
  const rows = new RowWriter(1 << 20);
  const placed = new Float64Array(size);
  const rowLength = new Uint32Array(size);
  const encoder = createRowEncoder(kind, encoding, bits, cap);
  const trim = createTrim(encoder, kind);
  const top = await solveLevels(job, (states, offset, lanes) => trim(states, width, offset, lanes, rows, placed, rowLength));
  const s0 = top.states.length > 0 ? top.states[0] : 0;
  const start = new Float64Array(cap + 1);
  for (let n = 0; n <= cap; n++) {
    if (kind === 'distribution') start[n] = n <= width[s0] ? top.lanes[top.offset[s0] + n] : 0;
    else start[n] = n === 0 ? 1 : n <= width[s0] ? top.lanes[top.offset[s0] + n - 1] : 0;
  }
  const data = inStateOrder(kind, cap, encoding, bits, rows, placed, rowLength, encoder.values());
  const table = openReachTable(data);
  const layout = { kind, cap, entries: size, values: data.values, encoding, bits, rowBytes: data.rows.bytes.byteLength };
  const startValue = kind === 'reach' ? start[Math.min(cap, 250)] : start.reduce((m, p, k) => m + p * k, 0);
  return { table, states: job.statesTotal, start, header: builtHeader(job, layout, startValue, started) };
}

/** The header of a lane table just built by `job` from `started` (performance.now()). */
function builtHeader(job: LaneJob, layout: TableHeader['layout'], startValue: number, started: number): Omit<TableHeader, 'checksum' | 'payloadBytes' | 'format'> {
  return {
    ruleset: job.rs.id,
    fingerprint: ruleSetFingerprint(job.rs),
    solverVersion: SOLVER_VERSION,
    layout,
    startValue,
    buildSeconds: (performance.now() - started) / 1000,
    threads: job.concurrency,
    createdAt: new Date().toISOString(),
  };
}

/**
 * Solves the outlook table of a single-column rule set (outlook.ts): by the same loop and engine
 * as the goal tables, every lane kept as float64 (outlook-table.ts). Its widths are known before
 * the solve, so each state's lanes go straight to their place in the table.
 */
export async function buildOutlookTable(rs: RuleSet, options: OutlookBuildOptions & { reachRunner?: ReachTaskRunner }): Promise<BuiltOutlookTable> {
  refuseColumns(rs);
  // An outlook's lanes do not count points: it has no cap.
  const job = laneJob(rs, 'outlook', 0, options);
  const started = performance.now();
  const { c, width } = job;
  const size = c.layout.size;
  for (const states of [job.finished, ...job.levels]) for (const s of states) width[s] = outlookWidth(c, decodeState(c.layout, s).mask);
  // Shared: a process hands the table to its worker threads in a message, not copied.
  const place = new Uint32Array(new SharedArrayBuffer(4 * (size + 1)));
  let total = 0;
  for (let s = 0; s < size; s++) {
    place[s] = total;
    total += width[s];
  }
  place[size] = total;
  const values = new Float64Array(new SharedArrayBuffer(Math.max(8, total * 8)), 0, total);
  const top = await solveLevels(job, (states, offset, lanes) => {
    for (const s of states) if (width[s] > 0) values.set(lanes.subarray(offset[s], offset[s] + width[s]), place[s]);
  });
  const s0 = top.states.length > 0 ? top.states[0] : 0;
  const start = top.lanes.slice(top.offset[s0], top.offset[s0] + width[s0]);
  const header = builtHeader(job, { kind: 'outlook', entries: size, values: total }, outlookTotal(c, start), started);
  return { table: { kind: 'outlook', offset: place, values }, states: job.statesTotal, start, header };
}

/** Trims and encodes a level's rows into `rows`, noting where each row went and its length. */
type Trim = (states: Int32Array, width: Int32Array, offset: Int32Array, lanes: Float64Array, rows: RowWriter, placed: Float64Array, rowLength: Uint32Array) => void;

function createTrim(encoder: RowEncoder, kind: GoalKind): Trim {
  const low = kind === 'reach' ? 1 : 0;
  return (states, width, offset, lanes, rows, placed, rowLength) => {
    for (const s of states) {
      const at = rows.length;
      encoder.encode(rows, lanes, offset[s] - low, width[s]);
      placed[s] = at;
      rowLength[s] = rows.length - at;
    }
  };
}

/** Writes one state's row from its lanes; `values`: how many values the rows written so far hold. */
export interface RowEncoder {
  /** the lanes of width w: reach, P(n) at lanes[o + n] for n = 1..w; distribution, P(k) at lanes[o + k] for k = 0..w */
  encode(rows: RowWriter, lanes: Float64Array, o: number, w: number): void;
  values(): number;
}

/**
 * Keeps the stretch of a state's lanes strictly between 0 and 1: for reach, lanes n = 1..w with
 * P = 1 below the stretch; for a distribution, lanes k = 0..w with 0 outside. Float64 rows keep
 * what lies more than REACH_TRIM from 0 and 1; fixed rows what does not round to 0 or 1 at their
 * step (lane-codec.ts).
 */
export function createRowEncoder(kind: GoalKind, encoding: LaneEncoding, bits: number, cap: number): RowEncoder {
  const low = kind === 'reach' ? 1 : 0;
  const S = 2 ** bits;
  const q = new Int32Array(cap + 2);
  let values = 0;
  // Rounded to the nearest step (half up, as Math.round), held to [0, 2^bits]: p * S + 0.5 stays below 2^31.
  const fixed = (p: number): number => (p > 0 ? (p < 1 ? (p * S + 0.5) | 0 : S) : p === p ? 0 : nanLane(kind));
  const float64 = (rows: RowWriter, lanes: Float64Array, o: number, w: number): void => {
    let first = low;
    while (first <= w && (kind === 'reach' ? lanes[o + first] >= 1 - REACH_TRIM : lanes[o + first] <= REACH_TRIM)) first++;
    let last = w;
    while (last >= first && lanes[o + last] <= REACH_TRIM) last--;
    writeFloat64Row(rows, first, lanes.subarray(o + first, o + last + 1));
    values += last - first + 1;
  };
  const reach = (rows: RowWriter, lanes: Float64Array, o: number, w: number): void => {
    let first = 1;
    while (first <= w && fixed(lanes[o + first]) >= S) first++;
    let last = w;
    while (last >= first && fixed(lanes[o + last]) <= 0) last--;
    const count = last - first + 1;
    for (let i = 0; i < count; i++) q[i] = fixed(lanes[o + first + i]);
    writeFixedRow(rows, first, count, q, count, bits);
    values += count;
  };
  const distribution = (rows: RowWriter, lanes: Float64Array, o: number, w: number): void => {
    // The tail P(points >= k), summed from the top in float64, then rounded: q[k] for k = 0..w + 1.
    let tail = 0;
    q[w + 1] = 0;
    for (let k = w; k >= 0; k--) {
      tail += lanes[o + k];
      q[k] = fixed(tail);
    }
    // Some points are certain to come (mathematically the tail at 0 is 1; summed, within 1e-15 of it).
    q[0] = S;
    let lo = 0;
    while (q[lo + 1] === S) lo++;
    let hi = w;
    while (q[hi] === 0) hi--;
    // Masses on lo..hi: the tail's steps from q[lo] = S down to q[hi + 1] = 0, the curve between them stored.
    const count = hi - lo + 1;
    writeFixedRow(rows, lo, count, q.subarray(lo + 1), count - 1, bits);
    values += count;
  };
  return { encode: encoding === 'float64' ? float64 : kind === 'reach' ? reach : distribution, values: () => values };
}

/** A NaN would round to 0 unseen: a solver's error, never a value. */
function nanLane(kind: GoalKind): never {
  throw new Error(`a ${kind} lane is NaN`);
}

/** The rows in state order, with their offsets, as a table's data (its arrays shared, to hand to worker threads). */
function inStateOrder(kind: GoalKind, cap: number, encoding: LaneEncoding, bits: number, rows: RowWriter, placed: Float64Array, rowLength: Uint32Array, values: number): ReachTableData & { rows: { bytes: Uint8Array } } {
  const slots = placed.length;
  const offset = new Uint32Array(new SharedArrayBuffer(4 * (slots + 1)));
  let total = 0;
  for (let s = 0; s < slots; s++) {
    offset[s] = total;
    total += rowLength[s];
  }
  if (total + ROW_PAD > 2 ** 32 - 1) throw new DicewiseError('INVALID_OPTION', `a goal table of ${total} bytes of rows, more than its 32-bit offsets address: build it with a smaller cap`);
  offset[slots] = total;
  const bytes = new Uint8Array(new SharedArrayBuffer(rowRegionBytes(total)));
  for (let s = 0; s < slots; s++) if (rowLength[s] > 0) bytes.set(rows.bytes.subarray(placed[s], placed[s] + rowLength[s]), offset[s]);
  return { kind, cap, encoding, bits, offset, rows: { bytes }, values };
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
