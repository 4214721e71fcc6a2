import type { DiceTables } from '../../src/dice/index.ts';
import { maxPlan } from '../../src/solver/kernel/turn-kernel.ts';

/**
 * The turn engine's loops in plain typed-array JavaScript, as they were before the WebAssembly
 * kernel (src/solver/kernel) replaced them: the reference the kernel must match bit for bit, and
 * the baseline of bench/turn-kernel.ts. Not used by Dicewise itself.
 *
 * The one turn engine, generic over its value lanes. Given, for every roll, the best value of
 * scoring now, it computes the value of every hold before the second and third rolls, the value
 * of every first roll and the value of the turn-start state.
 *
 * A state carries L lanes of values that the engine keeps apart: L = 1 is the expected final
 * score; a reach table runs one lane per number of points still needed. Holding, rerolling and
 * choosing act on each lane on its own (a mean over the dice and a maximum over choices), so the
 * lanes share every index computation of the loops. Every per-keep array holds keep k, lane j at
 * k * L + j.
 *
 * `scoreFirst` applies after the first roll and `scoreLater` after a reroll; they differ only
 * where a rule set makes entries after a reroll worth less (Superpass's first-roll-only column).
 * Score-now may be taken after any roll: keeping all dice equals moving on with the same roll.
 */
export interface TurnWorkspace {
  /** lanes of the current evaluation; may be lowered to any count up to `capacity` between calls */
  lanes: number;
  capacity: number;
  /** value of holding keep k before the third roll; indices < rollCount are full rolls (= score after roll 3) */
  hold3: Float64Array;
  /** value of holding keep k before the second roll; indices < rollCount = value of roll 2 */
  hold2: Float64Array;
  /** value of each first roll (2 rerolls left) */
  roll1: Float64Array;
  scratch: Float64Array;
  /** value of the turn-start state, per lane */
  value: Float64Array;
  /**
   * How choices act on the lanes. `max`: each lane takes its own best (expected score, reach).
   * `select`: lane 0 decides and every other lane follows that choice, so the other lanes
   * describe the play that maximises lane 0 (the second moment of the expected-score strategy).
   * `select-ties`: select mode where lane 0's values within TIE of each other are equal (the outlook).
   */
  mode: Mode;
}

type Mode = 'max' | 'select' | 'select-ties';

/** select-ties: a choice must be better by more than this to replace another (the advisor's TIE_EPSILON). */
const TIE = 1e-9;

export function createTurnWorkspace(t: DiceTables, lanes = 1, mode: Mode = 'max'): TurnWorkspace {
  return {
    mode,
    lanes,
    capacity: lanes,
    hold3: new Float64Array(t.keepCount * lanes),
    hold2: new Float64Array(t.keepCount * lanes),
    roll1: new Float64Array(t.rollCount * lanes),
    scratch: new Float64Array(t.keepCount * lanes),
    value: new Float64Array(lanes),
  };
}

/** Fills a[rollCount..] with the expected value of each partial keep from the roll values in a[0..rollCount). */
function fillKeepValues(t: DiceTables, a: Float64Array, L: number): void {
  const add = t.addDie;
  const n = t.keepCount;
  if (L === 1) {
    for (let k = t.rollCount; k < n; k++) {
      const o = k * 6;
      a[k] =
        (a[add[o]] + a[add[o + 1]] + a[add[o + 2]] + a[add[o + 3]] + a[add[o + 4]] + a[add[o + 5]]) *
        (1 / 6);
    }
    return;
  }
  for (let k = t.rollCount; k < n; k++) {
    const o = k * 6;
    const d = k * L;
    const a0 = add[o] * L, a1 = add[o + 1] * L, a2 = add[o + 2] * L;
    const a3 = add[o + 3] * L, a4 = add[o + 4] * L, a5 = add[o + 5] * L;
    for (let j = 0; j < L; j++) {
      a[d + j] = (a[a0 + j] + a[a1 + j] + a[a2 + j] + a[a3 + j] + a[a4 + j] + a[a5 + j]) * (1 / 6);
    }
  }
}

/**
 * m[r] = max over sub-keeps k of roll r of hold[k], for every roll r (m[k] for partial keeps is
 * left as scratch). Scoring now is covered: keeping every die of r is one of its sub-keeps.
 */
function maxOverHolds(t: DiceTables, hold: Float64Array, m: Float64Array, L: number, mode: Mode): void {
  if (mode !== 'max') {
    selectOverHolds(t, hold, m, L, mode === 'select' ? 0 : TIE);
    return;
  }
  if (L === 1) {
    maxOverHoldsScalar(t, hold, m);
    return;
  }
  const { groups, rows } = maxPlan(t);
  for (let g = 0; g < groups.length; g += 3) {
    const d = groups[g];
    const end = groups[g + 1] + groups[g + 2] * (d + 1);
    for (let o = groups[g + 1]; o < end; o += d + 1) {
      const k = rows[o] * L;
      switch (d) {
        case 0:
          for (let j = 0; j < L; j++) m[k + j] = hold[k + j];
          break;
        case 1: {
          const s1 = rows[o + 1] * L;
          for (let j = 0; j < L; j++) {
            const a = hold[k + j], b = m[s1 + j];
            m[k + j] = a > b ? a : b;
          }
          break;
        }
        case 2: {
          const s1 = rows[o + 1] * L, s2 = rows[o + 2] * L;
          for (let j = 0; j < L; j++) {
            const a = hold[k + j], b = m[s1 + j], c = m[s2 + j];
            const x = a > b ? a : b;
            m[k + j] = x > c ? x : c;
          }
          break;
        }
        case 3: {
          const s1 = rows[o + 1] * L, s2 = rows[o + 2] * L, s3 = rows[o + 3] * L;
          for (let j = 0; j < L; j++) {
            const a = hold[k + j], b = m[s1 + j], c = m[s2 + j], e = m[s3 + j];
            const x = a > b ? a : b;
            const y = c > e ? c : e;
            m[k + j] = x > y ? x : y;
          }
          break;
        }
        default: {
          // Four or more distinct faces: the running maximum stays in m[k..k+L), pairs of sub-keeps at a time.
          const s1 = rows[o + 1] * L;
          for (let j = 0; j < L; j++) {
            const a = hold[k + j], b = m[s1 + j];
            m[k + j] = a > b ? a : b;
          }
          let i = 2;
          for (; i + 1 <= d; i += 2) {
            const sa = rows[o + i] * L, sb = rows[o + i + 1] * L;
            for (let j = 0; j < L; j++) {
              const a = m[k + j], b = m[sa + j], c = m[sb + j];
              const x = a > b ? a : b;
              m[k + j] = x > c ? x : c;
            }
          }
          if (i <= d) {
            const sa = rows[o + i] * L;
            for (let j = 0; j < L; j++) {
              const a = m[k + j], b = m[sa + j];
              m[k + j] = a > b ? a : b;
            }
          }
        }
      }
    }
  }
}

/** `select` mode: the sub-keep best in lane 0 (the keep itself on ties, within `tie` in select-ties mode) gives every lane. */
function selectOverHolds(t: DiceTables, hold: Float64Array, m: Float64Array, L: number, tie: number): void {
  const { groups, rows } = maxPlan(t);
  for (let g = 0; g < groups.length; g += 3) {
    const d = groups[g];
    const end = groups[g + 1] + groups[g + 2] * (d + 1);
    for (let o = groups[g + 1]; o < end; o += d + 1) {
      const k = rows[o] * L;
      let best = hold[k];
      let from = -1;
      for (let i = 1; i <= d; i++) {
        const s = rows[o + i] * L;
        if (m[s] > best + tie) {
          best = m[s];
          from = s;
        }
      }
      if (from < 0) for (let j = 0; j < L; j++) m[k + j] = hold[k + j];
      else for (let j = 0; j < L; j++) m[k + j] = m[from + j];
    }
  }
}

/** The one-lane case with each group's reads unrolled (the hot loop of the expected-score table). */
function maxOverHoldsScalar(t: DiceTables, hold: Float64Array, m: Float64Array): void {
  const { groups, rows } = maxPlan(t);
  for (let g = 0; g < groups.length; g += 3) {
    const d = groups[g];
    let o = groups[g + 1];
    const end = o + groups[g + 2] * (d + 1);
    switch (d) {
      case 0:
        for (; o < end; o += 1) m[rows[o]] = hold[rows[o]];
        break;
      case 1:
        for (; o < end; o += 2) {
          const k = rows[o];
          const a = hold[k], b = m[rows[o + 1]];
          m[k] = a > b ? a : b;
        }
        break;
      case 2:
        for (; o < end; o += 3) {
          const k = rows[o];
          const a = hold[k], b = m[rows[o + 1]], c = m[rows[o + 2]];
          const x = a > b ? a : b;
          m[k] = x > c ? x : c;
        }
        break;
      case 3:
        for (; o < end; o += 4) {
          const k = rows[o];
          const a = hold[k], b = m[rows[o + 1]], c = m[rows[o + 2]], e = m[rows[o + 3]];
          const x = a > b ? a : b;
          const y = c > e ? c : e;
          m[k] = x > y ? x : y;
        }
        break;
      case 4:
        for (; o < end; o += 5) {
          const k = rows[o];
          const a = hold[k], b = m[rows[o + 1]], c = m[rows[o + 2]], e = m[rows[o + 3]], f = m[rows[o + 4]];
          const x = a > b ? a : b;
          const y = c > e ? c : e;
          const z = x > y ? x : y;
          m[k] = z > f ? z : f;
        }
        break;
      default:
        for (; o < end; o += d + 1) {
          const k = rows[o];
          let best = hold[k];
          for (let i = 1; i <= d; i++) {
            const v = m[rows[o + i]];
            best = v > best ? v : best;
          }
          m[k] = best;
        }
    }
  }
}

/** Raises m[r] to now[r] where scoring now beats every hold (only when first-roll scores differ). */
function raiseTo(t: DiceTables, m: Float64Array, now: Float64Array, L: number, mode: Mode): void {
  if (mode !== 'max') {
    const tie = mode === 'select' ? 0 : TIE;
    for (let o = 0, n = t.rollCount * L; o < n; o += L) if (now[o] > m[o] + tie) for (let j = 0; j < L; j++) m[o + j] = now[o + j];
    return;
  }
  for (let i = 0, n = t.rollCount * L; i < n; i++) if (now[i] > m[i]) m[i] = now[i];
}

/**
 * Runs the turn over every lane: `scoreFirst` and `scoreLater` hold rollCount * L values. Fills
 * ws.value with each lane's value at the start of the turn and returns lane 0.
 */
export function evaluateTurn(
  t: DiceTables,
  scoreFirst: Float64Array,
  scoreLater: Float64Array,
  ws: TurnWorkspace,
): number {
  const L = ws.lanes;
  const R = t.rollCount;
  const { hold3, hold2, roll1, scratch, value, mode } = ws;
  hold3.set(scoreLater.subarray(0, R * L));
  fillKeepValues(t, hold3, L);
  // hold2 doubles as the scratch of the maximum: its partial-keep entries are overwritten by
  // fillKeepValues, which only reads entries it has already rewritten.
  maxOverHolds(t, hold3, hold2, L, mode);
  fillKeepValues(t, hold2, L);
  maxOverHolds(t, hold2, scratch, L, mode);
  if (scoreFirst !== scoreLater) raiseTo(t, scratch, scoreFirst, L, mode);
  const p = t.rollProbability;
  roll1.set(scratch.subarray(0, R * L));
  if (L === 1) {
    let v = 0;
    for (let r = 0; r < R; r++) v += p[r] * scratch[r];
    value[0] = v;
    return v;
  }
  value.fill(0, 0, L);
  for (let r = 0; r < R; r++) {
    const pr = p[r];
    const o = r * L;
    for (let j = 0; j < L; j++) value[j] += pr * scratch[o + j];
  }
  return value[0];
}

/** Value of holding keep k with `rollsLeft` rerolls still to come after the current roll (1 or 2), lane 0. */
export function holdValue(ws: TurnWorkspace, rollsLeft: 1 | 2, keep: number): number {
  return rollsLeft === 2 ? ws.hold2[keep * ws.lanes] : ws.hold3[keep * ws.lanes];
}
