/**
 * AssemblyScript: the turn engine's inner loops over lanes, compiled to WebAssembly with SIMD.
 *
 * Every per-keep array holds keepCount * lanes float64 values: keep k, lane j at k * lanes + j.
 * The caller (src/solver/kernel/turn-kernel.ts) owns the imported memory, copies the dice tables
 * into it once and calls `configure` with their byte offsets; nothing here allocates.
 *
 * Every export takes the lane count L of the call (at most the capacity the memory was laid out
 * for); arrays are packed for that L, as the engine's workspace is when its `lanes` is lowered.
 *
 * Results are bit-identical to the JavaScript engine (src/solver/turn-engine.ts): each lane does
 * the same float64 operations in the same order (f64x2 add and mul round per lane like scalar
 * ones, there is no fused multiply-add), and `pmax(b, a)` is exactly `a > b ? a : b`, signed zeros
 * and NaN included, taken in the engine's order: its one-lane tree for L = 1, its lane loops'
 * running maximum for four or more sub-keeps when L > 1.
 *
 * `select` (mode 1) is the engine's other way for choices to act on lanes: lane 0 decides and
 * every lane follows, so a chosen row is copied whole. `pairs` (mode 2) is select mode for many
 * two-lane states side by side: each pair's first lane decides for the pair. `select-ties`
 * (mode 3) is select mode in which values within TIE of each other are equal.
 */

/** Mode of maxOverHolds and raiseTo: 0 each lane takes its own best, 1 lane 0 chooses for all. */
const MAX: i32 = 0;
const SELECT: i32 = 1;
/** Lanes in pairs (2j, 2j + 1): each pair is a state of its own whose first lane chooses for both, as select mode's lane 0 does for all. */
const PAIRS: i32 = 2;
/**
 * Select mode where a choice must be better by more than TIE to replace another: holds equal in
 * exact arithmetic (the same dice but one that cannot count any more) come out an ulp apart in
 * floating point, and the ulp would choose between outcomes that differ (the outlook's lanes).
 */
const SELECT_TIES: i32 = 3;
/** The advisor's TIE_EPSILON (solver/turn-eval.ts): values closer than this are one value. */
const TIE: f64 = 1e-9;

// Constant-folded to the same double as the engine's `(1 / 6)`.
const SIXTH: f64 = 1.0 / 6.0;

/** Lanes of the current call */
let lanes: i32 = 1;
let rollCount: i32 = 0;
let keepCount: i32 = 0;
/** Int32 addDie[k * 6 + f] */
let addDie: usize = 0;
/** Int32 triples (distinct-face count d, start into rows, keep count) of the max plan */
let groups: usize = 0;
let groupCount: i32 = 0;
/** Int32 rows: keep index then its d sub-keeps */
let rows: usize = 0;
/** Float64 probability of each full roll */
let rollProbability: usize = 0;

/** Int32 rank of each keep in the order the holds of a roll are listed (dice-tables.ts rollHoldList), and the keep of each rank */
let holdRank: usize = 0;
let keepOfRank: usize = 0;
/** scratch of bestHolds: per keep, Float64 best values and Int64 best holds, lane 0 of hold3 and lane 1 of hold2 */
let pairValue: usize = 0;
let pairKeep: usize = 0;
/** scratch of the exact pass: Float64 best value and Int32 rank of the best hold, per keep */
let bestValue: usize = 0;
let bestRank: usize = 0;

/** Int32 per keep: in select mode, the keep whose hold gives its row (itself, or a sub-keep's source) */
let source: usize = 0;

/** Sets where select mode writes each keep's source. */
export function configureSource(sourcePtr: usize): void {
  source = sourcePtr;
}

/** Sets where the tables and scratch of bestHolds lie. */
export function configureHolds(rankPtr: usize, keepOfRankPtr: usize, pairValuePtr: usize, pairKeepPtr: usize, bestValuePtr: usize, bestRankPtr: usize): void {
  holdRank = rankPtr;
  keepOfRank = keepOfRankPtr;
  pairValue = pairValuePtr;
  pairKeep = pairKeepPtr;
  bestValue = bestValuePtr;
  bestRank = bestRankPtr;
}

/** Sets where the tables lie; every later call uses them. */
export function configure(
  rolls: i32,
  keeps: i32,
  addDiePtr: usize,
  groupsPtr: usize,
  groupTriples: i32,
  rowsPtr: usize,
  probabilityPtr: usize,
): void {
  rollCount = rolls;
  keepCount = keeps;
  addDie = addDiePtr;
  groups = groupsPtr;
  groupCount = groupTriples;
  rows = rowsPtr;
  rollProbability = probabilityPtr;
}

/** Byte offset of keep `k`'s row in a per-keep array. */
// @ts-ignore: decorator
@inline function rowOf(a: usize, k: i32): usize {
  return a + ((<usize>k * <usize>lanes) << 3);
}

// @ts-ignore: decorator
@inline function readI32(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}

/** a[k] = mean over one more die of a[keep k plus that die], for every partial keep k and lane. */
export function fillKeepValues(a: usize, L: i32): void {
  lanes = L;
  if (L == 1) {
    for (let k = rollCount; k < keepCount; k++) {
      const o = addDie + <usize>k * 24;
      const s =
        load<f64>(a + (<usize>load<i32>(o) << 3)) +
        load<f64>(a + (<usize>load<i32>(o, 4) << 3)) +
        load<f64>(a + (<usize>load<i32>(o, 8) << 3)) +
        load<f64>(a + (<usize>load<i32>(o, 12) << 3)) +
        load<f64>(a + (<usize>load<i32>(o, 16) << 3)) +
        load<f64>(a + (<usize>load<i32>(o, 20) << 3));
      store<f64>(a + (<usize>k << 3), s * SIXTH);
    }
    return;
  }
  const pairBytes = (<usize>(L & ~1)) << 3;
  const sixth = f64x2.splat(SIXTH);
  for (let k = rollCount; k < keepCount; k++) {
    const o = k * 6;
    const p0 = rowOf(a, readI32(addDie, o));
    const p1 = rowOf(a, readI32(addDie, o + 1));
    const p2 = rowOf(a, readI32(addDie, o + 2));
    const p3 = rowOf(a, readI32(addDie, o + 3));
    const p4 = rowOf(a, readI32(addDie, o + 4));
    const p5 = rowOf(a, readI32(addDie, o + 5));
    const dst = rowOf(a, k);
    for (let j: usize = 0; j < pairBytes; j += 16) {
      let s = f64x2.add(v128.load(p0 + j), v128.load(p1 + j));
      s = f64x2.add(s, v128.load(p2 + j));
      s = f64x2.add(s, v128.load(p3 + j));
      s = f64x2.add(s, v128.load(p4 + j));
      s = f64x2.add(s, v128.load(p5 + j));
      v128.store(dst + j, f64x2.mul(s, sixth));
    }
    if (L & 1) {
      const j = pairBytes;
      const s =
        load<f64>(p0 + j) + load<f64>(p1 + j) + load<f64>(p2 + j) + load<f64>(p3 + j) + load<f64>(p4 + j) + load<f64>(p5 + j);
      store<f64>(dst + j, s * SIXTH);
    }
  }
}

// @ts-ignore: decorator
@inline function max1(a: f64, b: f64): f64 {
  return select<f64>(a, b, a > b);
}

// @ts-ignore: decorator
@inline function max2(a: v128, b: v128): v128 {
  return f64x2.pmax(b, a);
}

/**
 * m[k] = max(hold[k], m[s] for each sub-keep s of k), keeps in the plan's order (smaller keeps
 * first), the same comparison tree per group as the JavaScript engine.
 */
export function maxOverHolds(hold: usize, m: usize, L: i32, mode: i32): void {
  lanes = L;
  if (mode == SELECT) selectRows(hold, m, 0);
  else if (mode == SELECT_TIES) selectRows(hold, m, TIE);
  else if (mode == PAIRS) selectPairs(hold, m);
  else if (L == 1) maxScalar(hold, m);
  else maxLanes(hold, m);
}

// @ts-ignore: decorator
@inline function at(a: usize, o: i32): f64 {
  return load<f64>(a + (<usize>readI32(rows, o) << 3));
}

/** One lane: a loop per group with its fixed number of reads, as the JavaScript engine. */
function maxScalar(hold: usize, m: usize): void {
  for (let g = 0; g < groupCount; g++) {
    const d = readI32(groups, g * 3);
    let o = readI32(groups, g * 3 + 1);
    const end = o + readI32(groups, g * 3 + 2) * (d + 1);
    if (d == 0) {
      for (; o < end; o += 1) {
        const k = <usize>readI32(rows, o) << 3;
        store<f64>(m + k, load<f64>(hold + k));
      }
    } else if (d == 1) {
      for (; o < end; o += 2) {
        const k = <usize>readI32(rows, o) << 3;
        store<f64>(m + k, max1(load<f64>(hold + k), at(m, o + 1)));
      }
    } else if (d == 2) {
      for (; o < end; o += 3) {
        const k = <usize>readI32(rows, o) << 3;
        store<f64>(m + k, max1(max1(load<f64>(hold + k), at(m, o + 1)), at(m, o + 2)));
      }
    } else if (d == 3) {
      for (; o < end; o += 4) {
        const k = <usize>readI32(rows, o) << 3;
        const x = max1(load<f64>(hold + k), at(m, o + 1));
        const y = max1(at(m, o + 2), at(m, o + 3));
        store<f64>(m + k, max1(x, y));
      }
    } else if (d == 4) {
      for (; o < end; o += 5) {
        const k = <usize>readI32(rows, o) << 3;
        const x = max1(load<f64>(hold + k), at(m, o + 1));
        const y = max1(at(m, o + 2), at(m, o + 3));
        store<f64>(m + k, max1(max1(x, y), at(m, o + 4)));
      }
    } else {
      for (; o < end; o += d + 1) {
        const k = <usize>readI32(rows, o) << 3;
        let best = load<f64>(hold + k);
        for (let i = 1; i <= d; i++) {
          const v = at(m, o + i);
          best = select<f64>(v, best, v > best);
        }
        store<f64>(m + k, best);
      }
    }
  }
}

function maxLanes(hold: usize, m: usize): void {
  const L = lanes;
  const rowBytes = (<usize>L) << 3;
  const pairBytes = (<usize>(L & ~1)) << 3;
  const odd = (L & 1) != 0;
  for (let g = 0; g < groupCount; g++) {
    const d = readI32(groups, g * 3);
    let o = readI32(groups, g * 3 + 1);
    const end = o + readI32(groups, g * 3 + 2) * (d + 1);
    for (; o < end; o += d + 1) {
      const k = readI32(rows, o);
      const h = rowOf(hold, k);
      const dst = rowOf(m, k);
      if (d == 0) {
        memory.copy(dst, h, rowBytes);
      } else if (d == 1) {
        const b = rowOf(m, readI32(rows, o + 1));
        for (let j: usize = 0; j < pairBytes; j += 16) {
          v128.store(dst + j, max2(v128.load(h + j), v128.load(b + j)));
        }
        if (odd) store<f64>(dst + pairBytes, max1(load<f64>(h + pairBytes), load<f64>(b + pairBytes)));
      } else if (d == 2) {
        const b = rowOf(m, readI32(rows, o + 1));
        const c = rowOf(m, readI32(rows, o + 2));
        for (let j: usize = 0; j < pairBytes; j += 16) {
          v128.store(dst + j, max2(max2(v128.load(h + j), v128.load(b + j)), v128.load(c + j)));
        }
        if (odd) {
          const j = pairBytes;
          store<f64>(dst + j, max1(max1(load<f64>(h + j), load<f64>(b + j)), load<f64>(c + j)));
        }
      } else if (d == 3) {
        const b = rowOf(m, readI32(rows, o + 1));
        const c = rowOf(m, readI32(rows, o + 2));
        const e = rowOf(m, readI32(rows, o + 3));
        for (let j: usize = 0; j < pairBytes; j += 16) {
          const x = max2(v128.load(h + j), v128.load(b + j));
          const y = max2(v128.load(c + j), v128.load(e + j));
          v128.store(dst + j, max2(x, y));
        }
        if (odd) {
          const j = pairBytes;
          const x = max1(load<f64>(h + j), load<f64>(b + j));
          const y = max1(load<f64>(c + j), load<f64>(e + j));
          store<f64>(dst + j, max1(x, y));
        }
      } else {
        // Four or more distinct faces: a running maximum in sub-keep order, as the engine's lane
        // loops take it (`running > s ? running : s`; a tie takes the sub-keep's value, which
        // differs from the one-lane loop only for +0 against -0), held in a register: taken
        // through memory (a load and a store of the row per sub-keep) they were a third of this
        // function's reads and writes.
        const subs = rows + (<usize>(o + 1) << 2);
        const subsEnd = subs + (<usize>d << 2);
        for (let j: usize = 0; j < pairBytes; j += 16) {
          let x = v128.load(h + j);
          for (let q = subs; q < subsEnd; q += 4) x = max2(x, v128.load(rowOf(m, load<i32>(q)) + j));
          v128.store(dst + j, x);
        }
        if (odd) {
          let x = load<f64>(h + pairBytes);
          for (let q = subs; q < subsEnd; q += 4) x = max1(x, load<f64>(rowOf(m, load<i32>(q)) + pairBytes));
          store<f64>(dst + pairBytes, x);
        }
      }
    }
  }
}

/**
 * select mode: the sub-keep best in lane 0 (the keep itself on ties) gives every lane; each keep's
 * source (the keep whose hold that row is) goes to `source`, which a forward pass over the chosen
 * holds reads (the points distribution, src/solver/points-distribution.ts). A sub-keep replaces the
 * best so far only when higher by more than `tie` (select-ties mode; 0 in select mode).
 */
function selectRows(hold: usize, m: usize, tie: f64): void {
  const rowBytes = (<usize>lanes) << 3;
  for (let g = 0; g < groupCount; g++) {
    const d = readI32(groups, g * 3);
    let o = readI32(groups, g * 3 + 1);
    const end = o + readI32(groups, g * 3 + 2) * (d + 1);
    for (; o < end; o += d + 1) {
      const k = readI32(rows, o);
      let from = rowOf(hold, k);
      let best = load<f64>(from);
      let src = k;
      for (let i = 1; i <= d; i++) {
        const sub = readI32(rows, o + i);
        const s = rowOf(m, sub);
        const v = load<f64>(s);
        if (v > best + tie) {
          best = v;
          from = s;
          src = readI32(source, sub);
        }
      }
      copyRow(rowOf(m, k), from, rowBytes);
      store<i32>(source + ((<usize>k) << 2), src);
    }
  }
}

/** Both lanes of a comparison take its first lane's answer: a pair follows its first lane. */
// @ts-ignore: decorator
@inline function byFirstLane(mask: v128): v128 {
  return i64x2.splat(i64x2.extract_lane(mask, 0));
}

/**
 * pairs mode: in each pair of lanes, the sub-keep best in the first lane (the keep itself on
 * ties, then the first sub-keep that is higher) gives both, as selectRows does for one state.
 */
function selectPairs(hold: usize, m: usize): void {
  const rowBytes = (<usize>lanes) << 3;
  for (let g = 0; g < groupCount; g++) {
    const d = readI32(groups, g * 3);
    let o = readI32(groups, g * 3 + 1);
    const end = o + readI32(groups, g * 3 + 2) * (d + 1);
    for (; o < end; o += d + 1) {
      const dst = rowOf(m, readI32(rows, o));
      copyRow(dst, rowOf(hold, readI32(rows, o)), rowBytes);
      for (let i = 1; i <= d; i++) {
        const s = rowOf(m, readI32(rows, o + i));
        for (let j: usize = 0; j < rowBytes; j += 16) {
          const v = v128.load(s + j);
          const b = v128.load(dst + j);
          v128.store(dst + j, v128.bitselect(v, b, byFirstLane(f64x2.gt(v, b))));
        }
      }
    }
  }
}

/**
 * Copies one row: v128 at a time, then the odd lane. memory.copy leaves WebAssembly for a runtime
 * call, which at two lanes (the moments) cost more than the whole maximum around it.
 */
// @ts-ignore: decorator
@inline function copyRow(dst: usize, src: usize, bytes: usize): void {
  let i: usize = 0;
  for (; i + 16 <= bytes; i += 16) v128.store(dst + i, v128.load(src + i));
  if (i < bytes) store<f64>(dst + i, load<f64>(src + i));
}

/**
 * The score-now maxima of the lane tables (the expected-score table's batches, reach tables, end
 * games): row r of `best` becomes, lane by lane, the maximum of the L values at `base` and those
 * at each address its pairs give (roll r, byte address a anywhere in memory, not necessarily
 * aligned), taken in the pairs' order: x = v > x ? v : x, as the JavaScript loop it replaced wrote
 * it. The `count` pairs are sorted by roll, so each row is written once from a register rather
 * than loaded and stored again for every box that scores it. Returns the pairs consumed (count,
 * unless they were out of order).
 */
export function maxRows(best: usize, base: usize, pairs: usize, count: i32, L: i32): i32 {
  const rowBytes = (<usize>L) << 3;
  const pairBytes = rowBytes & ~(<usize>15);
  let i: i32 = 0;
  for (let r = 0; r < rollCount; r++) {
    const dst = best + <usize>r * rowBytes;
    let e = i;
    while (e < count && load<i32>(pairs + (<usize>e << 3)) == r) e++;
    if (e == i) {
      memory.copy(dst, base, rowBytes);
      continue;
    }
    const from = pairs + (<usize>i << 3) + 4;
    const to = pairs + (<usize>e << 3) + 4;
    let j: usize = 0;
    // Eight lanes at a time, so each pair's address is read once per eight lanes, not per two.
    for (; j + 64 <= pairBytes; j += 64) {
      let x0 = v128.load(base + j);
      let x1 = v128.load(base + j + 16);
      let x2 = v128.load(base + j + 32);
      let x3 = v128.load(base + j + 48);
      for (let p = from; p < to; p += 8) {
        const a = <usize>load<u32>(p) + j;
        x0 = max2(v128.load(a), x0);
        x1 = max2(v128.load(a + 16), x1);
        x2 = max2(v128.load(a + 32), x2);
        x3 = max2(v128.load(a + 48), x3);
      }
      v128.store(dst + j, x0);
      v128.store(dst + j + 16, x1);
      v128.store(dst + j + 32, x2);
      v128.store(dst + j + 48, x3);
    }
    for (; j < pairBytes; j += 16) {
      let x = v128.load(base + j);
      for (let p = from; p < to; p += 8) x = max2(v128.load(<usize>load<u32>(p) + j), x);
      v128.store(dst + j, x);
    }
    if (j < rowBytes) {
      let x = load<f64>(base + j);
      for (let p = from; p < to; p += 8) x = max1(load<f64>(<usize>load<u32>(p) + j), x);
      store<f64>(dst + j, x);
    }
    i = e;
  }
  return i;
}

/** m[r] = now[r] wherever now[r] > m[r], for every roll r and lane. */
export function raiseTo(m: usize, now: usize, L: i32, mode: i32): void {
  lanes = L;
  if (mode == SELECT || mode == SELECT_TIES) {
    const tie = mode == SELECT ? 0 : TIE;
    const rowBytes = (<usize>L) << 3;
    for (let r = 0; r < rollCount; r++) {
      const a = rowOf(m, r);
      const b = rowOf(now, r);
      if (load<f64>(b) > load<f64>(a) + tie) copyRow(a, b, rowBytes);
    }
    return;
  }
  if (mode == PAIRS) {
    const bytes = (<usize>rollCount * <usize>L) << 3;
    for (let j: usize = 0; j < bytes; j += 16) {
      const a = v128.load(m + j);
      const b = v128.load(now + j);
      v128.store(m + j, v128.bitselect(b, a, byFirstLane(f64x2.gt(b, a))));
    }
    return;
  }
  const n = <usize>rollCount * <usize>lanes;
  const pairBytes = (n & ~1) << 3;
  for (let j: usize = 0; j < pairBytes; j += 16) {
    v128.store(m + j, f64x2.pmax(v128.load(m + j), v128.load(now + j)));
  }
  if (n & 1) {
    const a = load<f64>(m + pairBytes), b = load<f64>(now + pairBytes);
    store<f64>(m + pairBytes, select<f64>(b, a, b > a));
  }
}

/** out[j] = sum over rolls r, in order, of p[r] * m[r][j]. */
export function weightedSum(m: usize, out: usize, L: i32): void {
  lanes = L;
  const R = rollCount;
  const rowBytes = (<usize>L) << 3;
  const pairBytes = (<usize>(L & ~1)) << 3;
  // Every lane's sum is taken in a register over all rolls, eight lanes at a time, then two, then
  // the odd one: the same additions in the same order as a row-by-row loop, which loaded and
  // stored the sums once per roll.
  let j: usize = 0;
  for (; j + 64 <= pairBytes; j += 64) {
    let s0 = f64x2.splat(0);
    let s1 = s0;
    let s2 = s0;
    let s3 = s0;
    let row = m + j;
    for (let r = 0; r < R; r++) {
      const p = f64x2.splat(load<f64>(rollProbability + (<usize>r << 3)));
      s0 = f64x2.add(s0, f64x2.mul(p, v128.load(row)));
      s1 = f64x2.add(s1, f64x2.mul(p, v128.load(row + 16)));
      s2 = f64x2.add(s2, f64x2.mul(p, v128.load(row + 32)));
      s3 = f64x2.add(s3, f64x2.mul(p, v128.load(row + 48)));
      row += rowBytes;
    }
    v128.store(out + j, s0);
    v128.store(out + j + 16, s1);
    v128.store(out + j + 32, s2);
    v128.store(out + j + 48, s3);
  }
  for (; j < pairBytes; j += 16) {
    let sum = f64x2.splat(0);
    let row = m + j;
    for (let r = 0; r < R; r++) {
      sum = f64x2.add(sum, f64x2.mul(f64x2.splat(load<f64>(rollProbability + (<usize>r << 3))), v128.load(row)));
      row += rowBytes;
    }
    v128.store(out + j, sum);
  }
  if (L & 1) {
    let sum: f64 = 0;
    let row = m + pairBytes;
    for (let r = 0; r < R; r++) {
      sum += load<f64>(rollProbability + (<usize>r << 3)) * load<f64>(row);
      row += rowBytes;
    }
    store<f64>(out + pairBytes, sum);
  }
}

/**
 * The whole turn, as the engine's evaluateTurn: hold3's roll rows already hold the score after
 * a reroll; `first`, when not 0, the score after the first roll where it differs. hold2 doubles
 * as the scratch of the first maximum; `roll1` ends with the value of each first roll.
 */
export function evaluateTurn(hold3: usize, hold2: usize, roll1: usize, first: usize, out: usize, L: i32, mode: i32): void {
  fillKeepValues(hold3, L);
  maxOverHolds(hold3, hold2, L, mode);
  fillKeepValues(hold2, L);
  maxOverHolds(hold2, roll1, L, mode);
  if (first != 0) raiseTo(roll1, first, L, mode);
  weightedSum(roll1, out, L);
}

/** `evaluateValue`'s chunk: lanes per chunk (0: none), then its per-keep arrays, packed for that many lanes */
let stageLanes: i32 = 0;
let stage3: usize = 0;
let stage2: usize = 0;
let stage1: usize = 0;
let stageFirst: usize = 0;
let stageValue: usize = 0;

/** Sets where `evaluateValue` stages a chunk of lanes: per-keep arrays for `chunk` lanes. */
export function configureStage(chunk: i32, hold3: usize, hold2: usize, roll1: usize, first: usize, value: usize): void {
  stageLanes = chunk;
  stage3 = hold3;
  stage2 = hold2;
  stage1 = roll1;
  stageFirst = first;
  stageValue = value;
}

/** Copies lanes from .. from + c of each roll row (rows `L` apart) into a chunk's rows (`c` apart). */
// @ts-ignore: decorator
@inline function stageRows(dst: usize, src: usize, L: i32, from: i32, c: i32): void {
  for (let r = 0; r < rollCount; r++) {
    memory.copy(dst + ((<usize>(r * c)) << 3), src + ((<usize>(r * L + from)) << 3), (<usize>c) << 3);
  }
}

/**
 * The turn-start value of every lane, as `evaluateTurn` computes it; what the per-keep arrays
 * hold afterwards is not to be read. In max mode over more lanes than a chunk, the lanes run a
 * chunk at a time through the staging arrays, packed for the chunk: over 600 lanes the per-keep
 * arrays take 2.2 MB each and every stage reads rows far apart (a reach build's states cost 8%
 * less CPU in chunks). Each lane's operations are those of `evaluateTurn`, so the bits are. Select
 * mode runs whole: its choices are copies, cheaper than the staging.
 */
export function evaluateValue(hold3: usize, hold2: usize, roll1: usize, first: usize, out: usize, L: i32, mode: i32): void {
  if (L <= stageLanes || stageLanes < 2 || mode != MAX) {
    evaluateTurn(hold3, hold2, roll1, first, out, L, mode);
    return;
  }
  for (let j0: i32 = 0; j0 < L; j0 += stageLanes) {
    const c = min(stageLanes, L - j0);
    stageRows(stage3, hold3, L, j0, c);
    if (first != 0) stageRows(stageFirst, first, L, j0, c);
    evaluateTurn(stage3, stage2, stage1, first != 0 ? stageFirst : 0, stageValue, c, mode);
    memory.copy(out + ((<usize>j0) << 3), stageValue, (<usize>c) << 3);
  }
}

/**
 * The sum over i < n of d[i] * v[i], with d float64 and v float32 (a reach table as stored) or
 * float64: the win goal's share of one option (src/solver/win-share.ts), two lanes at a time in
 * four running sums. Not bit-identical to a scalar loop (the sums are taken in another order),
 * which the share's tests allow for.
 */
export function dotF32(d: usize, v: usize, n: i32): f64 {
  return dot<f32>(d, v, n);
}

export function dotF64(d: usize, v: usize, n: i32): f64 {
  return dot<f64>(d, v, n);
}

/** Two values of v as float64 lanes, from byte address p. */
@inline function pair<T>(p: usize): v128 {
  return sizeof<T>() == 4 ? f64x2.promote_low_f32x4(v128.load64_zero(p)) : v128.load(p);
}

@inline function dot<T>(d: usize, v: usize, n: i32): f64 {
  const w = <usize>sizeof<T>();
  let a = f64x2.splat(0);
  let b = f64x2.splat(0);
  let i: i32 = 0;
  for (; i + 4 <= n; i += 4) {
    const p = v + <usize>i * w;
    const q = d + (<usize>i << 3);
    a = f64x2.add(a, f64x2.mul(v128.load(q), pair<T>(p)));
    b = f64x2.add(b, f64x2.mul(v128.load(q, 16), pair<T>(p + 2 * w)));
  }
  const s = f64x2.add(a, b);
  let sum = f64x2.extract_lane(s, 0) + f64x2.extract_lane(s, 1);
  for (; i < n; i++) sum += load<f64>(d + (<usize>i << 3)) * <f64>load<T>(v + <usize>i * w);
  return sum;
}

/** Rank of "no hold": every hold value is NaN or -Infinity. */
const NONE: i32 = i32.MAX_VALUE;

/**
 * The engine's hold decisions after every roll, lane 0 (engine-decisions.ts `bestHoldChoices`):
 * out[r] (Int16) with one reroll left and out[rollCount + r] with two = the best hold of roll r
 * by hold3 / hold2 (the first of the highest in the roll's hold list), or r itself (stop) where
 * now[r] / now[rollCount + r] is at least its value. Instead of scanning every roll's holds, the
 * best sub-keep of each keep is built from the best of its one-die-smaller sub-keeps, in the max
 * plan's order (smaller keeps first), for both hold arrays at once in the two lanes of a v128.
 * Only comparisons, so the choice is the scan's, bit for bit: ties go to the lowest rank (the
 * order of the hold list). A NaN or -Infinity hold (no rule set here has one) sends the keeps
 * through a slower pass that never chooses one, as the scan's strict `>` never does.
 */
export function bestHolds(hold3: usize, hold2: usize, now: usize, out: usize, L: i32): void {
  const rowBytes = (<usize>L) << 3;
  let unreal = 0;
  for (let g = 0; g < groupCount; g++) {
    const d = readI32(groups, g * 3);
    let o = readI32(groups, g * 3 + 1);
    const end = o + readI32(groups, g * 3 + 2) * (d + 1);
    for (; o < end; o += d + 1) {
      const k = readI32(rows, o);
      const a = load<f64>(hold3 + <usize>k * rowBytes);
      const b = load<f64>(hold2 + <usize>k * rowBytes);
      unreal |= <i32>!(a > -Infinity) | <i32>!(b > -Infinity);
      let bv = f64x2.replace_lane(f64x2.splat(a), 1, b);
      let bk = i64x2.splat(<i64>k);
      for (let i = 1; i <= d; i++) {
        const at = (<usize>readI32(rows, o + i)) << 4;
        const v = v128.load(pairValue + at);
        const sk = v128.load(pairKeep + at);
        // An equal value of another hold (rare): the one listed first.
        const tie = v128.and(f64x2.eq(v, bv), i64x2.ne(sk, bk));
        if (v128.any_true(tie)) bk = breakTies(tie, sk, bk);
        const higher = f64x2.gt(v, bv);
        bv = v128.bitselect(v, bv, higher);
        bk = v128.bitselect(sk, bk, higher);
      }
      v128.store(pairValue + ((<usize>k) << 4), bv);
      v128.store(pairKeep + ((<usize>k) << 4), bk);
    }
  }
  if (unreal) {
    exactBestHolds(hold3, rowBytes, 0);
    exactBestHolds(hold2, rowBytes, 8);
  }
  const R = <usize>rollCount;
  for (let r: usize = 0; r < R; r++) {
    const v = v128.load(pairValue + (r << 4));
    const k = v128.load(pairKeep + (r << 4));
    const k1 = <i32>i64x2.extract_lane(k, 0);
    const k2 = <i32>i64x2.extract_lane(k, 1);
    const stop1 = (k1 >= 0) & (load<f64>(now + (r << 3)) >= f64x2.extract_lane(v, 0));
    const stop2 = (k2 >= 0) & (load<f64>(now + ((R + r) << 3)) >= f64x2.extract_lane(v, 1));
    store<i16>(out + (r << 1), <i16>select<i32>(<i32>r, k1, stop1));
    store<i16>(out + ((R + r) << 1), <i16>select<i32>(<i32>r, k2, stop2));
  }
}

/** bk with each lane where `tie` is set taking sk's hold if it is listed first. */
function breakTies(tie: v128, sk: v128, bk: v128): v128 {
  if (i64x2.extract_lane(tie, 0) != 0) {
    const c = <i32>i64x2.extract_lane(sk, 0);
    if (readI32(holdRank, c) < readI32(holdRank, <i32>i64x2.extract_lane(bk, 0))) bk = i64x2.replace_lane(bk, 0, c);
  }
  if (i64x2.extract_lane(tie, 1) != 0) {
    const c = <i32>i64x2.extract_lane(sk, 1);
    if (readI32(holdRank, c) < readI32(holdRank, <i32>i64x2.extract_lane(bk, 1))) bk = i64x2.replace_lane(bk, 1, c);
  }
  return bk;
}

/**
 * bestHolds for one hold array where some hold is NaN or -Infinity: those are never chosen. Writes
 * each roll's best value and hold (-1: none) into lane `laneByte` / 8 of the pair scratch.
 */
function exactBestHolds(hold: usize, rowBytes: usize, laneByte: usize): void {
  for (let g = 0; g < groupCount; g++) {
    const d = readI32(groups, g * 3);
    let o = readI32(groups, g * 3 + 1);
    const end = o + readI32(groups, g * 3 + 2) * (d + 1);
    for (; o < end; o += d + 1) {
      const k = readI32(rows, o);
      const own = load<f64>(hold + <usize>k * rowBytes);
      const real = own > -Infinity;
      let bv = select<f64>(own, -Infinity, real);
      let br = select<i32>(readI32(holdRank, k), NONE, real);
      for (let i = 1; i <= d; i++) {
        const s = readI32(rows, o + i);
        const v = load<f64>(bestValue + (<usize>s << 3));
        const sr = readI32(bestRank, s);
        const better = (v > bv) | ((v == bv) & (sr < br) & (br != NONE));
        bv = select<f64>(v, bv, better);
        br = select<i32>(sr, br, better);
      }
      store<f64>(bestValue + (<usize>k << 3), bv);
      store<i32>(bestRank + (<usize>k << 2), br);
    }
  }
  for (let r = 0; r < rollCount; r++) {
    const br = readI32(bestRank, r);
    store<f64>(pairValue + (<usize>r << 4) + laneByte, load<f64>(bestValue + (<usize>r << 3)));
    store<i64>(pairKeep + (<usize>r << 4) + laneByte, br == NONE ? -1 : <i64>readI32(keepOfRank, br));
  }
}
