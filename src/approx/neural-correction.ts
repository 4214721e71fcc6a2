import type { RuleSet } from '../rules/index.ts';
import { boxCount, stateIndex } from '../solver/index.ts';
import { columnParts, type ColumnPart, type ColumnTables } from './column-parts.ts';
import type { CanonicalColumns, Correction } from './column-sum-model.ts';
import { columnFeatureCount, featureCount } from './features.ts';

/**
 * The neural correction: per level (boxes filled), K = w·φ + b2 + Σ_j w2_j max(0, a_j), with φ
 * the linear correction's features (features.ts) and a = b1 + Σ_c W1_c ψ(s_c): one hidden layer
 * over per-column inputs. ψ of a column's canonical state is
 *
 *   open_b (B inputs), live, live × need, flag (as in features.ts),
 *   V_c(s_c) / 100    the column's exact value played alone,
 *   open / B          the share of its boxes still free.
 *
 * The first layer is a sum of per-column terms, so within a turn, where every next state differs
 * from the state in one column, only that column's term is computed again: a correction costs
 * C × H additions plus one column's inputs × H, not the whole layer. Cross-column terms such as
 * how many columns still hold a box are linear in the open inputs, so the layer can form them.
 */
export interface NeuralLevel {
  /** featureCount(rs) weights of the linear part */
  linear: Float64Array;
  hidden: number;
  /** hidden × (columns × columnInputCount) */
  w1: Float64Array;
  b1: Float64Array;
  w2: Float64Array;
  b2: number;
}

export function columnInputCount(rs: RuleSet): number {
  return rs.boxes.length + 5;
}

export function neuralInputCount(rs: RuleSet): number {
  return rs.columns.length * columnInputCount(rs);
}

/** Writes ψ of column p's canonical state into out[offset .. offset + columnInputCount). */
export function writeColumnInputs(rs: RuleSet, p: ColumnPart, mask: number, upper: number, flag: number, out: Float64Array, offset: number): void {
  const B = rs.boxes.length;
  const T = rs.upperBonus.threshold;
  let open = 0;
  for (let b = 0; b < B; b++) {
    const f = (mask >> b) & 1 ? 0 : 1;
    out[offset + b] = f;
    open += f;
  }
  const live = upper < T ? 1 : 0;
  out[offset + B] = live;
  out[offset + B + 1] = (live * (T - upper)) / T;
  out[offset + B + 2] = flag;
  out[offset + B + 3] = p.pristine[stateIndex(p.c.layout, mask, upper, flag)] / 100;
  out[offset + B + 4] = open / B;
}

/** The inputs of the hidden layer for a whole state: the columns' ψ side by side. */
export function writeNeuralInputs(rs: RuleSet, parts: readonly ColumnPart[], cols: CanonicalColumns, out: Float64Array): void {
  const n = columnInputCount(rs);
  parts.forEach((p, c) => writeColumnInputs(rs, p, cols.mask[c], cols.upper[c], cols.flag[c], out, c * n));
}

export function checkNeuralLevels(rs: RuleSet, name: string, levels: readonly (NeuralLevel | undefined)[]): void {
  if (levels.length > boxCount(rs)) throw new Error(`${name}: ${levels.length} levels, ${rs.id} has ${boxCount(rs)}`);
  const n = neuralInputCount(rs);
  for (const L of levels) {
    if (!L) continue;
    const H = L.hidden;
    if (L.linear.length !== featureCount(rs) || L.w1.length !== H * n || L.b1.length !== H || L.w2.length !== H) {
      throw new Error(`${name}: a level's weights do not fit ${rs.id} (${featureCount(rs)} linear, ${n} inputs)`);
    }
  }
}

/**
 * The correction of `levels` (a level without one has no correction). The array is read on
 * every call, so a fit may fill it in level by level while the correction is in use.
 */
export function neuralCorrection(rs: RuleSet, tables: ColumnTables, name: string, levels: readonly (NeuralLevel | undefined)[]): Correction {
  checkNeuralLevels(rs, name, levels);
  const parts = columnParts(rs, tables);
  const C = parts.length;
  const B = rs.boxes.length;
  const T = rs.upperBonus.threshold;
  const n = columnInputCount(rs);
  const F = columnFeatureCount(rs);
  const stride = C * n;
  // Per column, its last state's share of the first layer and of the linear part, in two parts:
  // what the open boxes and the 50 flag give (the same for every upper total of a fill), and
  // what the upper total adds (live, need, the column's value). Sized when a level is first met,
  // since a fit fills the levels in after this is made.
  const bits = Array.from({ length: C }, () => new Float64Array(0));
  const term = Array.from({ length: C }, () => new Float64Array(0));
  const bitsLinear = new Float64Array(C);
  const linear = new Float64Array(C);
  const key = Array.from({ length: C }, () => ({ net: undefined as NeuralLevel | undefined, level: -1, mask: -1, flag: -1, upper: -1 }));
  return {
    name,
    value(cols, filled) {
      const L = levels[filled];
      if (!L) return 0;
      const H = L.hidden;
      const w1 = L.w1;
      const w = L.linear;
      if (term[0].length < H) {
        for (let c = 0; c < C; c++) {
          bits[c] = new Float64Array(H);
          term[c] = new Float64Array(H);
          key[c].net = undefined;
        }
      }
      for (let c = 0; c < C; c++) {
        const k = key[c];
        const mask = cols.mask[c];
        const upper = cols.upper[c];
        const flag = cols.flag[c];
        const sameBits = k.net === L && k.level === filled && k.mask === mask && k.flag === flag;
        if (sameBits && k.upper === upper) continue;
        const o = c * n;
        const lo = c * F;
        const bt = bits[c];
        if (!sameBits) {
          let open = 0;
          let lin = w[lo + B + 2] * flag;
          for (let b = 0; b < B; b++) {
            if ((mask >> b) & 1) continue;
            open++;
            lin += w[lo + b];
          }
          bitsLinear[c] = lin;
          for (let j = 0; j < H; j++) {
            const row = j * stride + o;
            let sum = w1[row + B + 2] * flag + (w1[row + B + 4] * open) / B;
            for (let b = 0; b < B; b++) if (!((mask >> b) & 1)) sum += w1[row + b];
            bt[j] = sum;
          }
        }
        k.net = L;
        k.level = filled;
        k.mask = mask;
        k.flag = flag;
        k.upper = upper;
        const p = parts[c];
        const live = upper < T ? 1 : 0;
        const need = (live * (T - upper)) / T;
        const value = p.pristine[stateIndex(p.c.layout, mask, upper, flag)] / 100;
        linear[c] = bitsLinear[c] + w[lo + B] * live + w[lo + B + 1] * need;
        const t = term[c];
        for (let j = 0; j < H; j++) {
          const row = j * stride + o;
          t[j] = bt[j] + w1[row + B] * live + w1[row + B + 1] * need + w1[row + B + 3] * value;
        }
      }
      let v = L.b2 + w[C * F];
      for (let c = 0; c < C; c++) v += linear[c];
      const b1 = L.b1;
      const w2 = L.w2;
      for (let j = 0; j < H; j++) {
        let a = b1[j];
        for (let c = 0; c < C; c++) a += term[c][j];
        if (a > 0) v += w2[j] * a;
      }
      return v;
    },
  };
}
