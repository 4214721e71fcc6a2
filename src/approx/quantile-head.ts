import type { RuleSet } from '../rules/index.ts';
import { boxCount, stateIndex } from '../solver/index.ts';
import { columnParts, type ColumnTables } from './column-parts.ts';
import type { CanonicalColumns } from './column-sum-model.ts';
import { columnInputCount, neuralInputCount } from './neural-correction.ts';

/**
 * The goal value of the multi-column goal models (goal-model.ts): per level (boxes filled), a
 * small network that gives, for a turn-start state s, M quantiles of the points still to come
 * when every need is played for: Q(s, p) with P(R(s) ≥ n) read off them for any n. Standardized
 * by the spread the goal model already has (the level and spread class's bias and SD around best
 * play's value V(s), spread-classes.ts):
 *
 *   q_i(s) = shape(p_i) + Σ_j W2_ij max(0, a_j) + b2_i,   a = b1 + Σ_c W1_c ψ(s_c),
 *
 * p_i = (i + ½) / M, shape the level's standardized quantiles (level-shape.ts), ψ the neural
 * correction's per-column inputs (neural-correction.ts). A quantile of the points to come is then
 * V(s) + bias + SD × q_i: with the network at zero this is the class spread of before.
 *
 * Why quantiles of a chance fitted backwards, and not a spread measured on best play's games: a
 * goal played by a value steers into the states that value flatters. Fitted by fitted value
 * iteration against the turn engine's exact one-turn goal backups (fit/quantile-fit.ts), on best
 * play's states and their random successors, a state's chances must agree with what its own
 * next states' chances give, wherever the goal's play may take it.
 *
 * The first layer is a sum of per-column terms, so a turn's next states (each one column changed)
 * cost one column's inputs × H and C × H additions each, as in the neural correction.
 */
export interface QuantileLevel {
  hidden: number;
  quantiles: number;
  /** hidden × (columns × columnInputCount) */
  w1: Float64Array;
  b1: Float64Array;
  /** quantiles × hidden */
  w2: Float64Array;
  b2: Float64Array;
}

export interface QuantileHead {
  /** quantiles per state (M) */
  M: number;
  /** whether `level` has a fitted network */
  has(level: number): boolean;
  /**
   * Writes the M standardized quantiles of the state whose canonical columns are `cols`, `level`
   * boxes filled, into out[0 .. M), ascending; `shape` is the level's baseline at p_i.
   */
  write(cols: CanonicalColumns, level: number, shape: ArrayLike<number>, out: Float64Array): void;
}

export function checkQuantileLevels(rs: RuleSet, name: string, levels: readonly (QuantileLevel | undefined)[]): void {
  if (levels.length > boxCount(rs)) throw new Error(`${name}: ${levels.length} levels, ${rs.id} has ${boxCount(rs)}`);
  const n = neuralInputCount(rs);
  for (const L of levels) {
    if (!L) continue;
    const { hidden: H, quantiles: M } = L;
    if (L.w1.length !== H * n || L.b1.length !== H || L.w2.length !== M * H || L.b2.length !== M) {
      throw new Error(`${name}: a level's weights do not fit ${rs.id} (${n} inputs)`);
    }
  }
}

/**
 * The head of `levels` (undefined: a level without a network). The array is read on every call,
 * so a fit may fill it in level by level while the head is in use.
 */
export function quantileHead(rs: RuleSet, tables: ColumnTables, M: number, levels: readonly (QuantileLevel | undefined)[]): QuantileHead {
  checkQuantileLevels(rs, 'quantile head', levels);
  const parts = columnParts(rs, tables);
  const C = parts.length;
  const B = rs.boxes.length;
  const T = rs.upperBonus.threshold;
  const n = columnInputCount(rs);
  const stride = C * n;
  // Per column, its last state's share of the first layer, made again only where the column's
  // state or the level changes (within a turn, one column at a time).
  let H = 0;
  const term: Float64Array[] = [];
  const key = Array.from({ length: C }, () => ({ net: undefined as QuantileLevel | undefined, mask: -1, upper: -1, flag: -1 }));
  let a = new Float64Array(0);
  return {
    M,
    has: (level) => levels[level] !== undefined,
    write(cols, level, shape, out) {
      const L = levels[level];
      if (!L) {
        for (let i = 0; i < M; i++) out[i] = shape[i];
        return;
      }
      if (L.hidden > H) {
        H = L.hidden;
        term.length = 0;
        for (let c = 0; c < C; c++) {
          term.push(new Float64Array(H));
          key[c].net = undefined;
        }
        a = new Float64Array(H);
      }
      const Hl = L.hidden;
      const w1 = L.w1;
      for (let c = 0; c < C; c++) {
        const k = key[c];
        const mask = cols.mask[c];
        const upper = cols.upper[c];
        const flag = cols.flag[c];
        if (k.net === L && k.mask === mask && k.upper === upper && k.flag === flag) continue;
        k.net = L;
        k.mask = mask;
        k.upper = upper;
        k.flag = flag;
        const p = parts[c];
        let open = 0;
        for (let b = 0; b < B; b++) if (!((mask >> b) & 1)) open++;
        const live = upper < T ? 1 : 0;
        const need = (live * (T - upper)) / T;
        const value = p.pristine[stateIndex(p.c.layout, mask, upper, flag)] / 100;
        const t = term[c];
        const o = c * n;
        for (let j = 0; j < Hl; j++) {
          const row = j * stride + o;
          let s = w1[row + B] * live + w1[row + B + 1] * need + w1[row + B + 2] * flag + w1[row + B + 3] * value + (w1[row + B + 4] * open) / B;
          for (let b = 0; b < B; b++) if (!((mask >> b) & 1)) s += w1[row + b];
          t[j] = s;
        }
      }
      for (let j = 0; j < Hl; j++) {
        let s = L.b1[j];
        for (let c = 0; c < C; c++) s += term[c][j];
        a[j] = s > 0 ? s : 0;
      }
      const w2 = L.w2;
      let prev = -Infinity;
      for (let i = 0; i < M; i++) {
        let y = L.b2[i] + shape[i];
        const row = i * Hl;
        for (let j = 0; j < Hl; j++) if (a[j] !== 0) y += w2[row + j] * a[j];
        // Quantiles ascend: a network that crosses two is read as the lower one's floor.
        if (y < prev) y = prev;
        out[i] = prev = y;
      }
    },
  };
}

/** The level's standardized shape at p_i = (i + ½) / M, interpolated from its stored quantiles (level-shape.ts). */
export function shapeAtQuantiles(shape: ArrayLike<number>, M: number): Float64Array {
  const out = new Float64Array(M);
  const K = shape.length;
  for (let i = 0; i < M; i++) {
    // stored quantile k sits at (k + ½) / K
    const at = ((i + 0.5) / M) * K - 0.5;
    const j = Math.max(0, Math.min(K - 1, Math.floor(at)));
    const k = Math.min(K - 1, j + 1);
    const f = Math.max(0, Math.min(1, at - j));
    out[i] = shape[j] + f * (shape[k] - shape[j]);
  }
  return out;
}

/**
 * The goal value a goal model reads where a quantile head is fitted (above): for a
 * turn-start state, the location (best play's value + its class's bias), the scale (its class's
 * SD) and the head's M standardized quantiles of the points still to come; a chance is read off
 * them as the spread's shape is (level-shape.ts shapeSurvival).
 */
export interface GoalQuantiles {
  head: QuantileHead;
  /** per level, the level's shape at the head's M probabilities */
  shape: Float64Array[];
  /** Φ⁻¹(p_i): the normal scores of the head's probabilities */
  scores: Float64Array;
}
