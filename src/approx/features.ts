import type { RuleSet } from '../rules/index.ts';
import { boxCount } from '../solver/index.ts';
import type { CanonicalColumns, Correction } from './column-sum-model.ts';

/**
 * Features of the learned correction K (see column-sum-model.ts), with one weight vector per
 * level (boxes filled in the whole game), so K depends on how much of the game is left without a
 * feature for it. Per column, for its canonical state (mask, upper u, flag):
 *
 *   open_b        box b is free (B features)
 *   live          the upper bonus is still undecided: u < threshold
 *   live × need   need = (threshold - u) / threshold
 *   flag          the Yahtzee box holds 50
 *
 * and an intercept (the same for every option of a turn: it moves the level of the values, not
 * a decision). Everything is a function of canonical column states, so states the tables treat
 * alike get the same correction.
 */
export function columnFeatureCount(rs: RuleSet): number {
  return rs.boxes.length + 3;
}

/** Features of a game state at one level: columns × per-column features, then the intercept. */
export function featureCount(rs: RuleSet): number {
  return rs.columns.length * columnFeatureCount(rs) + 1;
}

/** Writes the features of a state into out[0 .. featureCount). */
export function writeFeatures(rs: RuleSet, cols: CanonicalColumns, out: Float64Array): void {
  const B = rs.boxes.length;
  const T = rs.upperBonus.threshold;
  const F = columnFeatureCount(rs);
  const C = rs.columns.length;
  for (let c = 0; c < C; c++) {
    const o = c * F;
    const mask = cols.mask[c];
    for (let b = 0; b < B; b++) out[o + b] = (mask >> b) & 1 ? 0 : 1;
    const upper = cols.upper[c];
    const live = upper < T ? 1 : 0;
    out[o + B] = live;
    out[o + B + 1] = (live * (T - upper)) / T;
    out[o + B + 2] = cols.flag[c];
  }
  out[C * F] = 1;
}

/**
 * A correction linear in the features with weights per level: `weights[level]` has
 * featureCount(rs) entries; a level without weights (the finished game, or one not fitted yet)
 * has no correction. The arrays are read on every call, so a fit may fill them in while the
 * correction is in use (see fit/backward-fit.ts).
 */
export function linearCorrection(rs: RuleSet, name: string, weights: readonly (ArrayLike<number> | undefined)[]): Correction {
  const n = featureCount(rs);
  for (const w of weights) if (w && w.length !== n) throw new Error(`${name}: ${w.length} weights, ${rs.id} has ${n} features`);
  if (weights.length > boxCount(rs)) throw new Error(`${name}: ${weights.length} levels, ${rs.id} has ${boxCount(rs)}`);
  const phi = new Float64Array(n);
  return {
    name,
    value(cols, filled) {
      const w = weights[filled];
      if (!w) return 0;
      writeFeatures(rs, cols, phi);
      let v = 0;
      for (let k = 0; k < n; k++) v += w[k] * phi[k];
      return v;
    },
  };
}
