import type { CompiledRules } from './compiled-rules.ts';
import { decodeState } from './column-layout.ts';
import { scoreYahtzeeRolls, valueAt } from './score-now.ts';
import { createTurnWorkspace, type TurnWorkspace } from './turn-engine.ts';

/**
 * `scoreNow` for a batch of states at once, one per lane of the turn kernel, the maxima over
 * boxes taken in the kernel (`maxRows`, two lanes per SIMD instruction): the table build's
 * batches (solve-states.ts). A roll's value in lane j is the maximum of the same numbers as
 * `scoreNow` takes for state j alone (each a sum of the same two terms), so the bits are the same;
 * a box already filled in lane j offers -Infinity there, which never wins.
 *
 * Each box's entries read rows of lane values in the kernel's memory: upper box b with c dice of
 * its face at row b × 7 + c (points, bonus and the next state's value), and a lower box one row per
 * distinct points value it scores (points + the next state's value), after the upper rows.
 */
export interface LaneScoreScratch {
  lanes: number;
  /** the turn engine this feeds: its `scoreLater` is the output, rows r × lanes + j */
  ws: TurnWorkspace;
  plan: LanePlan;
  /** per lane: the best zero-score value over the free boxes */
  zero: Float64Array;
  /** lowerBase[b × lanes + j]: the value of state j after filling lower box b (points excluded) */
  lowerBase: Float64Array;
  mask: Int32Array;
  upper: Int32Array;
  flag: Int32Array;
  /** every nz entry in roll order (compiled-rules.ts nzByRoll) as `maxRows` takes it: its roll, the address of its row, and its box */
  pairRoll: Int32Array;
  pairAddress: Int32Array;
  pairBox: Int32Array;
}

interface LanePlan {
  /** rows of lane values in all */
  rows: number;
  /** per nz entry i (compiled-rules.ts nzStart, nzRoll, nzScore): the row it reads */
  rowOfEntry: Int32Array;
  /** per lower box b: its first row, and the points of each of its rows (lowerPoints[b][k] at row lowerRow[b] + k) */
  lowerRow: Int32Array;
  lowerPoints: Float64Array[];
}

const UPPER_ROWS = 6 * 7;

const plans = new WeakMap<CompiledRules, LanePlan>();

function lanePlan(c: CompiledRules): LanePlan {
  let plan = plans.get(c);
  if (plan) return plan;
  const B = c.rs.boxes.length;
  const { nzStart, nzScore } = c;
  const rowOfEntry = new Int32Array(nzStart[B]);
  const lowerRow = new Int32Array(B);
  const lowerPoints: Float64Array[] = [];
  let rows = UPPER_ROWS;
  for (let b = 0; b < B; b++) {
    if (b < 6) {
      lowerPoints.push(new Float64Array(0));
      for (let i = nzStart[b]; i < nzStart[b + 1]; i++) rowOfEntry[i] = b * 7 + nzScore[i];
      continue;
    }
    const points = [...new Set(nzScore.subarray(nzStart[b], nzStart[b + 1]))].sort((x, y) => x - y);
    lowerRow[b] = rows;
    lowerPoints.push(Float64Array.from(points));
    for (let i = nzStart[b]; i < nzStart[b + 1]; i++) rowOfEntry[i] = rows + points.indexOf(nzScore[i]);
    rows += points.length;
  }
  plan = { rows, rowOfEntry, lowerRow, lowerPoints };
  plans.set(c, plan);
  return plan;
}

export function createLaneScoreScratch(c: CompiledRules, lanes: number): LaneScoreScratch {
  const plan = lanePlan(c);
  const B = c.rs.boxes.length;
  const ws = createTurnWorkspace(c.dice, lanes, 'max', { extra: plan.rows * lanes, pairs: c.nzStart[B] });
  const { nzByRoll, nzRoll, nzBox } = c;
  const pairRoll = new Int32Array(nzByRoll.length);
  const pairAddress = new Int32Array(nzByRoll.length);
  const pairBox = new Int32Array(nzByRoll.length);
  for (let t = 0; t < nzByRoll.length; t++) {
    const i = nzByRoll[t];
    pairRoll[t] = nzRoll[i];
    pairAddress[t] = ws.extra.byteOffset + 8 * plan.rowOfEntry[i] * lanes;
    pairBox[t] = nzBox[i];
  }
  return {
    lanes,
    ws,
    plan,
    zero: ws.base,
    lowerBase: new Float64Array(B * lanes),
    mask: new Int32Array(lanes),
    upper: new Int32Array(lanes),
    flag: new Int32Array(lanes),
    pairRoll,
    pairAddress,
    pairBox,
  };
}

/**
 * Score-now of states[at .. at + s.lanes) into s.ws.scoreLater, lane j for state j, given the
 * values of the states one box later; the states' layout is `scoreNow`'s (masks index the table).
 */
export function scoreNowLanes(c: CompiledRules, values: Float64Array, states: Int32Array, at: number, s: LaneScoreScratch): void {
  const { lanes: L, plan, zero, lowerBase } = s;
  const B = c.rs.boxes.length;
  const T = c.layout.threshold;
  const UB = c.rs.upperBonus.points;
  const dice = c.dice.dice;
  const vals = s.ws.extra;
  let anyFree = 0;
  for (let j = 0; j < L; j++) {
    const { mask, upper, flag } = decodeState(c.layout, states[at + j]);
    s.mask[j] = mask;
    s.upper[j] = upper;
    s.flag[j] = flag;
    anyFree |= ~mask;
  }
  for (let j = 0; j < L; j++) {
    const mask = s.mask[j];
    const upper = s.upper[j];
    const flag = s.flag[j];
    let z = -Infinity;
    for (let b = 0; b < B; b++) {
      const bit = 1 << b;
      // A box filled in every lane is never read.
      if ((anyFree & bit) === 0) continue;
      const free = (mask & bit) === 0;
      const next = mask | bit;
      if (b < 6) {
        const face = b + 1;
        for (let n = 0; n <= dice; n++) {
          if (!free) {
            vals[(b * 7 + n) * L + j] = -Infinity;
            continue;
          }
          const pts = face * n;
          const raw = upper + pts;
          const bonus = upper < T && raw >= T ? UB : 0;
          vals[(b * 7 + n) * L + j] = pts + bonus + valueAt(c, values, next, raw > T ? T : raw, flag);
        }
        if (free && vals[b * 7 * L + j] > z) z = vals[b * 7 * L + j];
        continue;
      }
      const points = plan.lowerPoints[b];
      const row = plan.lowerRow[b];
      const base = free ? valueAt(c, values, next, upper, flag) : -Infinity;
      lowerBase[b * L + j] = base;
      for (let k = 0; k < points.length; k++) vals[(row + k) * L + j] = free ? points[k] + base : -Infinity;
      if (base > z) z = base;
    }
    zero[j] = z;
  }
  const best = s.ws.scoreLater;
  const { pairRoll, pairAddress, pairBox } = s;
  const pairs = s.ws.pairs;
  // The entries of boxes free in some lane, in roll order: each entry is written at the next
  // place and kept (the place moves on) only where its box is free, without a branch to mispredict.
  let n = 0;
  for (let t = 0; t < pairRoll.length; t++) {
    pairs[2 * n] = pairRoll[t];
    pairs[2 * n + 1] = pairAddress[t];
    n += (anyFree >>> pairBox[t]) & 1;
  }
  s.ws.lanes = L;
  s.ws.maxRows(n);
  for (let j = 0; j < L; j++) scoreYahtzeeRolls(c, values, s.mask[j], s.upper[j], s.flag[j], vals, lowerBase, best, L, j);
}
