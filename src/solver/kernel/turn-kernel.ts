import type { DiceTables } from '../../dice/index.ts';
import { DicewiseError } from '../../errors.ts';
import { TURN_KERNEL_WASM } from './turn-kernel-wasm.ts';

/**
 * The turn engine's inner loops in WebAssembly with SIMD (source: wasm/turn-kernel.ts), over
 * `lanes` values per keep: keep k, lane j at index k * lanes + j of every per-keep array, as in
 * the engine's TurnWorkspace. lanes = 1 is the expected-score engine; hundreds of lanes carry a
 * vector per state. `lanes` may be lowered to any count up to `capacity` between calls (arrays
 * are then packed for the lower count), as the workspace's may.
 *
 * A kernel owns its WebAssembly memory, sized for `capacity` lanes and never grown, so the
 * arrays below, views of that memory, stay valid for the kernel's life. The dice tables and the
 * max plan are copied in once. The caller writes score-now straight into `scoreLater` (and
 * `scoreFirst`), calls `evaluate` and reads `value`, `roll1`, `hold2` and `hold3` in place:
 * nothing is copied per turn. Results are bit-identical to evaluateTurn with the same lanes and
 * mode.
 */
export interface TurnKernel {
  readonly capacity: number;
  /** lanes of the next calls, 1..capacity */
  lanes: number;
  /** how choices act on the lanes, as TurnWorkspace.mode: each lane its own best, or lane 0 chooses for all */
  mode: TurnMode;
  readonly tables: DiceTables;
  /** keepCount * capacity: value of holding keep k before the third roll; roll rows are the score after a reroll */
  readonly hold3: Float64Array;
  /** rollCount * capacity: the roll rows of hold3, the input "score now after a reroll" */
  readonly scoreLater: Float64Array;
  /** rollCount * capacity: score now after the first roll, read only by evaluate(true) */
  readonly scoreFirst: Float64Array;
  /** keepCount * capacity: value of holding keep k before the second roll; roll rows = value of roll 2 */
  readonly hold2: Float64Array;
  /** keepCount * capacity: roll rows = value of each first roll (2 rerolls left); partial rows are scratch */
  readonly roll1: Float64Array;
  /** capacity: value of the turn-start state, per lane */
  readonly value: Float64Array;
  /**
   * evaluateTurn: runs the turn from `scoreLater` (and `scoreFirst` when `firstDiffers`, the
   * engine's `scoreFirst !== scoreLater`), filling hold3, hold2, roll1 and value. Returns lane 0.
   */
  evaluate(firstDiffers: boolean): number;
  /**
   * `value` (and lane 0, returned) as `evaluate` fills it, the same bits, without the per-keep
   * arrays to read afterwards: in max mode over many lanes it runs VALUE_CHUNK lanes at a time.
   * Over a reach build's changing states that cost 8% less CPU (the last five levels of yahtzee's
   * table, one thread); the same state evaluated again and again in place (bench/turn-kernel.ts,
   * column "WASM value") shows no gain, its arrays staying in cache.
   */
  evaluateValue(firstDiffers: boolean): number;
  /** a[k] = mean over one more die of a[k + die], for every partial keep; a: hold3, hold2 or roll1 */
  fillKeepValues(a: Float64Array): void;
  /** m[k] = max of hold[k] and m[s] over sub-keeps s, for every keep (full rolls included) */
  maxOverHolds(hold: Float64Array, m: Float64Array): void;
  /** m[r] = max(m[r], now[r]) for every roll row; m: a per-keep array, now: scoreFirst or a per-keep array */
  raiseTo(m: Float64Array, now: Float64Array): void;
  /** out[j] = sum over rolls r of p[r] * m[r][j]; out: value */
  weightedSum(m: Float64Array, out: Float64Array): void;
  /** 2 × rollCount: the score-now value after a reroll, then after the first roll, read by `bestHolds` (lane 0) */
  readonly now: Float64Array;
  /** 2 × rollCount: the decision after each roll with one reroll left, then with two, written by `bestHolds` */
  readonly holdChoice: Int16Array;
  /**
   * keepCount: after a select-mode `maxOverHolds`, each keep's source, the keep whose hold value
   * its row took (itself where no sub-keep is higher in lane 0)
   */
  readonly source: Int32Array;
  /**
   * holdChoice[(rollsLeft - 1) * rollCount + r] = the best hold of roll r by hold3 (one reroll
   * left) or hold2 (two), lane 0: the first of the highest in the roll's hold list, as
   * `bestHoldKeep`; or r itself where the roll's `now` is at least its value (stop and score, as
   * `decideHold`).
   */
  bestHolds(): void;
  /** extra float64 memory asked for at creation (kernel-resident scratch for a score-now step) */
  readonly extra: Float64Array;
  /** (roll, byte address) pairs for `maxRows`, as many as asked for at creation */
  readonly pairs: Int32Array;
  /** the row `maxRows` starts every roll from (capacity lanes; there when pairs were asked for) */
  readonly base: Float64Array;
  /**
   * For the first `count` pairs (roll r, byte address a of L values in this kernel's memory, e.g.
   * `extra.byteOffset + 8 * i`), sorted by roll: scoreLater's row r becomes, lane by lane, the
   * largest of `base` and the values of each of its pairs, in their order.
   */
  maxRows(count: number): void;
}

/** Kernel-resident scratch beyond the turn's own arrays. */
export interface KernelExtras {
  /** float64 values of `extra` */
  extra?: number;
  /** pairs of `maxRows` (and its base row) */
  pairs?: number;
}

/**
 * The order in which sub-keep maxima are taken: keeps grouped by size (smallest first, so every
 * sub-keep is done before its keep) and, within a size, by number of distinct faces, so each
 * group runs a loop with a fixed number of reads and no inner loop. The variable-length inner
 * loop mispredicted its exit on nearly every keep and cost twice as much.
 */
export interface MaxPlan {
  /** per group: distinct-face count d, start offset into `rows`, number of keeps */
  groups: Int32Array;
  /** per keep in a group: keep index then its d sub-keeps */
  rows: Int32Array;
}

const plans = new WeakMap<DiceTables, MaxPlan>();

export function maxPlan(t: DiceTables): MaxPlan {
  let plan = plans.get(t);
  if (plan) return plan;
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
  plan = { groups: Int32Array.from(groups), rows: Int32Array.from(rows) };
  plans.set(t, plan);
  return plan;
}

interface KernelExports {
  configure(rollCount: number, keepCount: number, addDie: number, groups: number, groupTriples: number, rows: number, rollProbability: number): void;
  fillKeepValues(a: number, lanes: number): void;
  maxOverHolds(hold: number, m: number, lanes: number, mode: number): void;
  raiseTo(m: number, now: number, lanes: number, mode: number): void;
  weightedSum(m: number, out: number, lanes: number): void;
  maxRows(best: number, base: number, pairs: number, count: number, lanes: number): number;
  evaluateTurn(hold3: number, hold2: number, roll1: number, first: number, out: number, lanes: number, mode: number): void;
  configureHolds(rank: number, keepOfRank: number, pairValue: number, pairKeep: number, bestValue: number, bestRank: number): void;
  configureStage(chunk: number, hold3: number, hold2: number, roll1: number, first: number, value: number): void;
  configureSource(source: number): void;
  evaluateValue(hold3: number, hold2: number, roll1: number, first: number, out: number, lanes: number, mode: number): void;
  bestHolds(hold3: number, hold2: number, now: number, out: number, lanes: number): void;
}

/**
 * Each keep's rank in the order a roll's holds are listed (dice-tables.ts `rollHoldList`: face
 * counts compared face by face, fewest ones first), and the keep of each rank: `bestHolds` breaks
 * ties as the scan of that list does, to the first listed.
 */
export interface HoldRanks {
  rank: Int32Array;
  keepOfRank: Int32Array;
}

const holdRanksOf = new WeakMap<DiceTables, HoldRanks>();

export function holdRanks(t: DiceTables): HoldRanks {
  let h = holdRanksOf.get(t);
  if (h) return h;
  const byCounts = Array.from({ length: t.keepCount }, (_, k) => k).sort((a, b) => {
    for (let f = 0; f < 6; f++) {
      const d = t.keepCounts[a * 6 + f] - t.keepCounts[b * 6 + f];
      if (d !== 0) return d;
    }
    return 0;
  });
  const keepOfRank = Int32Array.from(byCounts);
  const rank = new Int32Array(t.keepCount);
  keepOfRank.forEach((k, i) => (rank[k] = i));
  h = { rank, keepOfRank };
  holdRanksOf.set(t, h);
  return h;
}

/** The compiled module, once per thread; each kernel is an instance of it with its own memory. */
let compiled: WebAssembly.Module | undefined;

export function kernelModule(): WebAssembly.Module {
  compiled ??= new WebAssembly.Module(Uint8Array.from(atob(TURN_KERNEL_WASM), (c) => c.charCodeAt(0)));
  return compiled;
}

/** Lanes per chunk of `evaluateValue` (of 60, 120 and 200 tried over 600-lane turns, 120 and 200 were fastest, 60 little better than whole). */
export const VALUE_CHUNK = 120;

const PAGE = 65536;
/** A 32-bit WebAssembly memory holds at most 65536 pages (4 GiB). */
const MAX_PAGES = 65536;

function badLanes(rule: string, got: number): DicewiseError {
  return new DicewiseError('INVALID_OPTION', `lanes must be ${rule}, got ${got}`, [{ field: 'lanes', message: `must be ${rule}` }]);
}

/**
 * How choices act on the lanes. `max`: each lane takes its own best (expected score, reach).
 * `select`: lane 0 decides and every other lane follows that choice, so the other lanes
 * describe the play that maximises lane 0 (moments and distribution of the expected-score strategy).
 * `pairs`: select mode for two-lane states side by side, lanes 2j and 2j + 1 one state, lane 2j
 * deciding for it (a batch of moments states); the lanes must be even. `select-ties`: select mode
 * in which lane 0's values within TIE_EPSILON (1e-9) of each other are equal, so that the keep
 * itself (more dice held, or stopping) wins over a sub-keep an ulp higher (the outlook, outlook.ts).
 */
export type TurnMode = 'max' | 'select' | 'pairs' | 'select-ties';

/** The kernel's number for a mode. */
const MODE = { max: 0, select: 1, pairs: 2, 'select-ties': 3 } as const;

export function createTurnKernel(t: DiceTables, capacity: number, mode: TurnMode = 'max', extras: KernelExtras = {}): TurnKernel {
  if (!Number.isInteger(capacity) || capacity < 1) throw badLanes('a positive integer', capacity);
  const plan = maxPlan(t);
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
  const hold3At = place(K * capacity * 8);
  const hold2At = place(K * capacity * 8);
  const roll1At = place(K * capacity * 8);
  const firstAt = place(R * capacity * 8);
  const valueAt = place(capacity * 8);
  const rankAt = place(K * 4);
  const keepOfRankAt = place(K * 4);
  const pairValueAt = place(K * 16);
  const pairKeepAt = place(K * 16);
  const bestValueAt = place(K * 8);
  const bestRankAt = place(K * 4);
  const nowAt = place(2 * R * 8);
  const choiceAt = place(2 * R * 2);
  const sourceAt = place(K * 4);
  // evaluateValue's chunk, where there is room for more lanes than one.
  const chunk = capacity > VALUE_CHUNK ? VALUE_CHUNK : 0;
  const stage3At = place(K * chunk * 8);
  const stage2At = place(K * chunk * 8);
  const stage1At = place(K * chunk * 8);
  const stageFirstAt = place(R * chunk * 8);
  const stageValueAt = place(chunk * 8);
  const extraCount = extras.extra ?? 0;
  const pairCount = extras.pairs ?? 0;
  const extraAt = place(extraCount * 8);
  const pairsAt = place(pairCount * 8);
  const baseAt = place(pairCount > 0 ? capacity * 8 : 0);
  const pages = Math.ceil(end / PAGE);
  if (pages > MAX_PAGES) {
    throw badLanes(`at most about ${Math.floor(capacity / (pages / MAX_PAGES))} for ${t.dice} dice (4 GiB of WebAssembly memory)`, capacity);
  }
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const x = new WebAssembly.Instance(kernelModule(), { env: { memory } }).exports as unknown as KernelExports;
  const buf = memory.buffer;
  new Int32Array(buf, addDieAt, t.addDie.length).set(t.addDie);
  new Int32Array(buf, groupsAt, plan.groups.length).set(plan.groups);
  new Int32Array(buf, rowsAt, plan.rows.length).set(plan.rows);
  new Float64Array(buf, probabilityAt, R).set(t.rollProbability);
  x.configure(R, K, addDieAt, groupsAt, plan.groups.length / 3, rowsAt, probabilityAt);
  const ranks = holdRanks(t);
  new Int32Array(buf, rankAt, K).set(ranks.rank);
  new Int32Array(buf, keepOfRankAt, K).set(ranks.keepOfRank);
  x.configureHolds(rankAt, keepOfRankAt, pairValueAt, pairKeepAt, bestValueAt, bestRankAt);
  x.configureStage(chunk, stage3At, stage2At, stage1At, stageFirstAt, stageValueAt);
  x.configureSource(sourceAt);

  const hold3 = new Float64Array(buf, hold3At, K * capacity);
  const value = new Float64Array(buf, valueAt, capacity);
  const at = (a: Float64Array, name: string): number => {
    if (a.buffer !== buf) throw new DicewiseError('INVALID_INPUT', `${name} must be an array of this kernel`);
    return a.byteOffset;
  };
  const kernel: TurnKernel = {
    capacity,
    lanes: capacity,
    mode,
    tables: t,
    hold3,
    scoreLater: hold3.subarray(0, R * capacity),
    scoreFirst: new Float64Array(buf, firstAt, R * capacity),
    hold2: new Float64Array(buf, hold2At, K * capacity),
    roll1: new Float64Array(buf, roll1At, K * capacity),
    value,
    extra: new Float64Array(buf, extraAt, extraCount),
    pairs: new Int32Array(buf, pairsAt, pairCount * 2),
    base: new Float64Array(buf, baseAt, pairCount > 0 ? capacity : 0),
    now: new Float64Array(buf, nowAt, 2 * R),
    holdChoice: new Int16Array(buf, choiceAt, 2 * R),
    source: new Int32Array(buf, sourceAt, K),
    bestHolds() {
      x.bestHolds(hold3At, hold2At, nowAt, choiceAt, lanesOf(kernel));
    },
    maxRows(count) {
      if (!(Number.isInteger(count) && count >= 0 && count <= pairCount)) throw new RangeError(`maxRows: ${count} pairs, room for ${pairCount}`);
      const used = x.maxRows(hold3At, baseAt, pairsAt, count, lanesOf(kernel));
      if (used !== count) throw new RangeError(`maxRows: pair ${used} is out of roll order`);
    },
    evaluate(firstDiffers) {
      x.evaluateTurn(hold3At, hold2At, roll1At, firstDiffers ? firstAt : 0, valueAt, lanesOf(kernel), MODE[kernel.mode]);
      return value[0];
    },
    evaluateValue(firstDiffers) {
      x.evaluateValue(hold3At, hold2At, roll1At, firstDiffers ? firstAt : 0, valueAt, lanesOf(kernel), MODE[kernel.mode]);
      return value[0];
    },
    fillKeepValues(a) {
      x.fillKeepValues(at(a, 'a'), lanesOf(kernel));
    },
    maxOverHolds(hold, m) {
      x.maxOverHolds(at(hold, 'hold'), at(m, 'm'), lanesOf(kernel), MODE[kernel.mode]);
    },
    raiseTo(m, now) {
      x.raiseTo(at(m, 'm'), at(now, 'now'), lanesOf(kernel), MODE[kernel.mode]);
    },
    weightedSum(m, out) {
      x.weightedSum(at(m, 'm'), at(out, 'out'), lanesOf(kernel));
    },
  };
  return kernel;
}

/** The lanes of a call; a count past the capacity would run over the next array in memory. */
function lanesOf(k: TurnKernel): number {
  const L = k.lanes;
  if (!(Number.isInteger(L) && L >= 1 && L <= k.capacity)) throw badLanes(`an integer from 1 to the capacity ${k.capacity}`, L);
  if (k.mode === 'pairs' && L % 2 !== 0) throw badLanes('even in pairs mode', L);
  return L;
}
