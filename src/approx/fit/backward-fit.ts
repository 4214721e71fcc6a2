import type { RuleSet } from '../../rules/index.ts';
import { createTurnEval, evaluateState, type GameState } from '../../solver/index.ts';
import type { ColumnTables } from '../column-parts.ts';
import { columnSumModel } from '../column-sum-model.ts';
import { featureCount, linearCorrection } from '../features.ts';
import { stateFeatures } from './collect.ts';
import { NormalEquations } from './least-squares.ts';

export interface BackwardFitOptions {
  /** ridge strength per sample (see NormalEquations.solve) */
  ridge: number;
  onLevel?: (level: number, samples: number, rmsResidual: number) => void;
}

/**
 * Fitted value iteration backwards over the levels of the game. The states of level t only lead
 * to states of level t + 1, so once the weights of level t + 1 are fitted, the turn engine gives
 * for every sampled state s of level t its exact one-turn backup
 *
 *   B(s) = E[ best over the turn of (gain + value(next)) ]   (evaluateState(s).value)
 *
 * under the corrected model, and the weights of level t fit B(s) − D(s) (D: the decomposition)
 * by least squares on the features of s. The targets carry no dice noise: only the choice of
 * states is random. The last level (one box left) is exact already: its weights are zero, as
 * are those of a level without samples.
 */
export function backwardFit(rs: RuleSet, tables: ColumnTables, byLevel: readonly GameState[][], opts: BackwardFitOptions): Float64Array[] {
  const levels = byLevel.length;
  const weights: (Float64Array | undefined)[] = Array.from({ length: levels }, () => undefined);
  const model = columnSumModel(rs, tables, linearCorrection(rs, 'fit', weights));
  const decomposition = columnSumModel(rs, tables);
  const te = createTurnEval(model);
  const features = stateFeatures(rs, tables);
  const x = new Float64Array(featureCount(rs));
  for (let level = levels - 2; level >= 0; level--) {
    if (byLevel[level].length === 0) {
      weights[level] = new Float64Array(x.length);
      continue;
    }
    const eq = new NormalEquations(x.length);
    const rows: { x: Float64Array; y: number }[] = [];
    for (const s of byLevel[level]) {
      features(s, x);
      const y = evaluateState(te, s).value - decomposition.value(s);
      eq.add(x, y);
      rows.push({ x: Float64Array.from(x), y });
    }
    const w = eq.solve(opts.ridge);
    let sq = 0;
    for (const r of rows) {
      let p = 0;
      for (let k = 0; k < w.length; k++) p += w[k] * r.x[k];
      sq += (r.y - p) ** 2;
    }
    weights[level] = w;
    opts.onLevel?.(level, rows.length, Math.sqrt(sq / Math.max(1, rows.length)));
  }
  weights[levels - 1] = new Float64Array(x.length);
  return weights as Float64Array[];
}
