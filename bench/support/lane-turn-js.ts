import type { DiceTables } from '../../src/dice/index.ts';
import type { MaxPlan } from '../../src/solver/kernel/turn-kernel.ts';

/**
 * The baseline the WebAssembly kernel is measured against: the engine's typed-array loops made
 * generic over lanes in the plain way (keep k, lane j at k * L + j; lane loop innermost), with the
 * same operations in the same order as src/solver/turn-engine.ts, so it agrees with it bit for bit.
 */
export interface LaneWorkspace {
  lanes: number;
  hold3: Float64Array;
  hold2: Float64Array;
  scratch: Float64Array;
  value: Float64Array;
}

export function createLaneWorkspace(t: DiceTables, lanes: number): LaneWorkspace {
  const n = t.keepCount * lanes;
  return {
    lanes,
    hold3: new Float64Array(n),
    hold2: new Float64Array(n),
    scratch: new Float64Array(n),
    value: new Float64Array(lanes),
  };
}

export function fillKeepValuesJs(t: DiceTables, a: Float64Array, L: number): void {
  const add = t.addDie;
  for (let k = t.rollCount, n = t.keepCount; k < n; k++) {
    const o = k * 6;
    const p0 = add[o] * L, p1 = add[o + 1] * L, p2 = add[o + 2] * L;
    const p3 = add[o + 3] * L, p4 = add[o + 4] * L, p5 = add[o + 5] * L;
    const dst = k * L;
    for (let j = 0; j < L; j++) {
      a[dst + j] = (a[p0 + j] + a[p1 + j] + a[p2 + j] + a[p3 + j] + a[p4 + j] + a[p5 + j]) * (1 / 6);
    }
  }
}

export function maxOverHoldsJs(plan: MaxPlan, hold: Float64Array, m: Float64Array, L: number): void {
  const { groups, rows } = plan;
  for (let g = 0; g < groups.length; g += 3) {
    const d = groups[g];
    const end = groups[g + 1] + groups[g + 2] * (d + 1);
    for (let o = groups[g + 1]; o < end; o += d + 1) {
      const dst = rows[o] * L;
      switch (d) {
        case 0:
          for (let j = 0; j < L; j++) m[dst + j] = hold[dst + j];
          break;
        case 1: {
          const pb = rows[o + 1] * L;
          for (let j = 0; j < L; j++) {
            const a = hold[dst + j], b = m[pb + j];
            m[dst + j] = a > b ? a : b;
          }
          break;
        }
        case 2: {
          const pb = rows[o + 1] * L, pc = rows[o + 2] * L;
          for (let j = 0; j < L; j++) {
            const a = hold[dst + j], b = m[pb + j], c = m[pc + j];
            const x = a > b ? a : b;
            m[dst + j] = x > c ? x : c;
          }
          break;
        }
        case 3: {
          const pb = rows[o + 1] * L, pc = rows[o + 2] * L, pe = rows[o + 3] * L;
          for (let j = 0; j < L; j++) {
            const a = hold[dst + j], b = m[pb + j], c = m[pc + j], e = m[pe + j];
            const x = a > b ? a : b;
            const y = c > e ? c : e;
            m[dst + j] = x > y ? x : y;
          }
          break;
        }
        case 4: {
          const pb = rows[o + 1] * L, pc = rows[o + 2] * L, pe = rows[o + 3] * L, pf = rows[o + 4] * L;
          for (let j = 0; j < L; j++) {
            const a = hold[dst + j], b = m[pb + j], c = m[pc + j], e = m[pe + j], f = m[pf + j];
            const x = a > b ? a : b;
            const y = c > e ? c : e;
            const z = x > y ? x : y;
            m[dst + j] = z > f ? z : f;
          }
          break;
        }
        default:
          for (let j = 0; j < L; j++) m[dst + j] = hold[dst + j];
          for (let i = 1; i <= d; i++) {
            const ps = rows[o + i] * L;
            for (let j = 0; j < L; j++) {
              const v = m[ps + j], best = m[dst + j];
              m[dst + j] = v > best ? v : best;
            }
          }
      }
    }
  }
}

/** evaluateTurn over lanes; `later`, `first`: rollCount * L score-now values. */
export function evaluateTurnJs(
  t: DiceTables,
  plan: MaxPlan,
  first: Float64Array,
  later: Float64Array,
  ws: LaneWorkspace,
): void {
  const { lanes: L, hold3, hold2, scratch, value } = ws;
  const RL = t.rollCount * L;
  hold3.set(later);
  fillKeepValuesJs(t, hold3, L);
  maxOverHoldsJs(plan, hold3, hold2, L);
  fillKeepValuesJs(t, hold2, L);
  maxOverHoldsJs(plan, hold2, scratch, L);
  if (first !== later) for (let i = 0; i < RL; i++) if (first[i] > scratch[i]) scratch[i] = first[i];
  const p = t.rollProbability;
  value.fill(0);
  for (let r = 0; r < t.rollCount; r++) {
    const pr = p[r], row = r * L;
    for (let j = 0; j < L; j++) value[j] += pr * scratch[row + j];
  }
}
