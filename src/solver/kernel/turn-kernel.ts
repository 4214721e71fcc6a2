import type { DiceTables } from '../../dice/index.ts';
import { DicewiseError } from '../../errors.ts';
import { TURN_KERNEL_WASM } from './turn-kernel-wasm.ts';

/**
 * The turn engine's inner loops in WebAssembly with SIMD (source: wasm/turn-kernel.ts), over
 * `lanes` values per keep: keep k, lane j at index k * lanes + j of every per-keep array.
 * lanes = 1 is the expected-score engine; hundreds of lanes carry a vector per state.
 *
 * A kernel owns its WebAssembly memory. The dice tables are copied in once; the arrays below are
 * views of that memory, which never grows, so they stay valid for the kernel's life. The caller
 * writes the score-now values straight into `scoreLater` (and `scoreFirst`), calls `evaluate`
 * and reads `value`, `roll1`, `hold2` and `hold3` in place: nothing is copied per turn.
 * Results are bit-identical to the JavaScript engine, lane by lane.
 */
export interface TurnKernel {
  readonly lanes: number;
  readonly tables: DiceTables;
  /** keepCount * lanes: value of holding keep k before the third roll; roll rows are the score after a reroll */
  readonly hold3: Float64Array;
  /** rollCount * lanes: the roll rows of hold3, the input "score now after a reroll" */
  readonly scoreLater: Float64Array;
  /** rollCount * lanes: score now after the first roll, read only by evaluate(true) */
  readonly scoreFirst: Float64Array;
  /** keepCount * lanes: value of holding keep k before the second roll; roll rows = value of roll 2 */
  readonly hold2: Float64Array;
  /** keepCount * lanes: roll rows = value of each first roll (2 rerolls left); partial rows are scratch */
  readonly roll1: Float64Array;
  /** lanes: value of the turn-start state, per lane */
  readonly value: Float64Array;
  /**
   * Runs the turn from `scoreLater` (and `scoreFirst` when `firstDiffers`, as the engine's
   * `scoreFirst !== scoreLater`), filling hold3, hold2, roll1 and value.
   */
  evaluate(firstDiffers: boolean): void;
  /** a[k] = mean over one more die of a[k + die], for every partial keep; a: hold3, hold2 or roll1 */
  fillKeepValues(a: Float64Array): void;
  /** m[k] = max of hold[k] and m[s] over sub-keeps s, for every keep (full rolls included) */
  maxOverHolds(hold: Float64Array, m: Float64Array): void;
  /** m[r] = max(m[r], now[r]) for every roll row; m: a per-keep array, now: scoreFirst or a per-keep array */
  raiseTo(m: Float64Array, now: Float64Array): void;
  /** out[j] = sum over rolls r of p[r] * m[r][j]; out: value */
  weightedSum(m: Float64Array, out: Float64Array): void;
}

/**
 * The order in which sub-keep maxima are taken, as the engine's own plan: keeps grouped by size
 * (smallest first) and, within a size, by number of distinct faces.
 * groups: triples (d, start into rows, keep count); rows: keep index then its d sub-keeps.
 */
export interface MaxPlan {
  groups: Int32Array;
  rows: Int32Array;
}

export function buildMaxPlan(t: DiceTables): MaxPlan {
  const groups: number[] = [];
  const rows: number[] = [];
  for (let size = 0; size <= t.dice; size++) {
    for (let d = 0; d <= 6; d++) {
      const members: number[] = [];
      for (let k = 0; k < t.keepCount; k++) {
        if (t.keepSize[k] === size && t.subStart[k + 1] - t.subStart[k] === d) members.push(k);
      }
      if (members.length === 0) continue;
      groups.push(d, rows.length, members.length);
      for (const k of members) rows.push(k, ...t.subList.subarray(t.subStart[k], t.subStart[k + 1]));
    }
  }
  return { groups: Int32Array.from(groups), rows: Int32Array.from(rows) };
}

interface KernelExports {
  configure(
    lanes: number,
    rollCount: number,
    keepCount: number,
    addDie: number,
    groups: number,
    groupTriples: number,
    rows: number,
    rollProbability: number,
  ): void;
  fillKeepValues(a: number): void;
  maxOverHolds(hold: number, m: number): void;
  raiseTo(m: number, now: number): void;
  weightedSum(m: number, out: number): void;
  evaluateTurn(hold3: number, hold2: number, roll1: number, first: number, out: number): void;
}

/** The compiled module, once per thread; each kernel is an instance of it with its own memory. */
let compiled: WebAssembly.Module | undefined;

function kernelModule(): WebAssembly.Module {
  compiled ??= new WebAssembly.Module(Uint8Array.from(atob(TURN_KERNEL_WASM), (c) => c.charCodeAt(0)));
  return compiled;
}

const PAGE = 65536;
/** A 32-bit WebAssembly memory holds at most 65536 pages (4 GiB). */
const MAX_PAGES = 65536;

export function createTurnKernel(t: DiceTables, lanes: number): TurnKernel {
  if (!Number.isInteger(lanes) || lanes < 1) {
    throw new DicewiseError('INVALID_OPTION', `lanes must be a positive integer, got ${lanes}`, [
      { field: 'lanes', message: 'must be a positive integer' },
    ]);
  }
  const plan = buildMaxPlan(t);
  const R = t.rollCount;
  const K = t.keepCount;
  // Layout: tables first, then the per-keep arrays, each on a 16-byte boundary for v128 loads.
  let end = 0;
  const place = (bytes: number): number => {
    const at = end;
    end = Math.ceil((end + bytes) / 16) * 16;
    return at;
  };
  const addDieAt = place(t.addDie.byteLength);
  const groupsAt = place(plan.groups.byteLength);
  const rowsAt = place(plan.rows.byteLength);
  const probabilityAt = place(R * 8);
  const hold3At = place(K * lanes * 8);
  const hold2At = place(K * lanes * 8);
  const roll1At = place(K * lanes * 8);
  const firstAt = place(R * lanes * 8);
  const valueAt = place(lanes * 8);
  const pages = Math.ceil(end / PAGE);
  if (pages > MAX_PAGES) {
    const most = Math.floor(lanes / (pages / MAX_PAGES));
    throw new DicewiseError('INVALID_OPTION', `lanes must be at most about ${most} for ${t.dice} dice (4 GiB of WebAssembly memory), got ${lanes}`, [
      { field: 'lanes', message: `must be at most about ${most} for ${t.dice} dice` },
    ]);
  }
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const x = new WebAssembly.Instance(kernelModule(), { env: { memory } }).exports as unknown as KernelExports;
  const buf = memory.buffer;
  new Int32Array(buf, addDieAt, t.addDie.length).set(t.addDie);
  new Int32Array(buf, groupsAt, plan.groups.length).set(plan.groups);
  new Int32Array(buf, rowsAt, plan.rows.length).set(plan.rows);
  new Float64Array(buf, probabilityAt, R).set(t.rollProbability);
  x.configure(lanes, R, K, addDieAt, groupsAt, plan.groups.length / 3, rowsAt, probabilityAt);

  const hold3 = new Float64Array(buf, hold3At, K * lanes);
  const hold2 = new Float64Array(buf, hold2At, K * lanes);
  const roll1 = new Float64Array(buf, roll1At, K * lanes);
  const scoreFirst = new Float64Array(buf, firstAt, R * lanes);
  const value = new Float64Array(buf, valueAt, lanes);
  const at = (a: Float64Array, name: string): number => {
    if (a.buffer !== buf) throw new DicewiseError('INVALID_INPUT', `${name} must be an array of this kernel`);
    return a.byteOffset;
  };
  return {
    lanes,
    tables: t,
    hold3,
    scoreLater: hold3.subarray(0, R * lanes),
    scoreFirst,
    hold2,
    roll1,
    value,
    evaluate: (firstDiffers) => x.evaluateTurn(hold3At, hold2At, roll1At, firstDiffers ? firstAt : 0, valueAt),
    fillKeepValues: (a) => x.fillKeepValues(at(a, 'a')),
    maxOverHolds: (hold, m) => x.maxOverHolds(at(hold, 'hold'), at(m, 'm')),
    raiseTo: (m, now) => x.raiseTo(at(m, 'm'), at(now, 'now')),
    weightedSum: (m, out) => x.weightedSum(at(m, 'm'), at(out, 'out')),
  };
}
