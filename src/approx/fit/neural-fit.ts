import type { RuleSet } from '../../rules/index.ts';
import { createTurnEval, evaluateState, type GameState } from '../../solver/index.ts';
import { columnParts, type ColumnTables } from '../column-parts.ts';
import { canonicalColumns, columnSumModel, writeCanonical } from '../column-sum-model.ts';
import { featureCount, writeFeatures } from '../features.ts';
import { neuralCorrection, neuralInputCount, writeNeuralInputs, type NeuralLevel } from '../neural-correction.ts';
import { NormalEquations } from './least-squares.ts';
import { fitMlp, type Mlp } from './mlp.ts';

export interface NeuralFitOptions {
  hidden: number;
  epochs: number;
  batch: number;
  learningRate: number;
  decay: number;
  /** ridge strength of the linear part (see NormalEquations.solve) */
  ridge: number;
  seed: number;
  onLevel?: (level: number, rows: number, linearRms: number, trainRms: number, heldOutRms: number) => void;
}

/**
 * Fitted value iteration backwards over the levels, as backward-fit.ts does for the linear
 * correction, with a neural correction (neural-correction.ts): the targets are the turn engine's
 * exact one-turn backups B(s) − D(s) under the levels already fitted; each level fits its linear
 * part by least squares and its hidden layer on what the linear part leaves. Each level's net
 * starts from the next level's, which it resembles. The rows should include states off the
 * sampling policy's path (collect.ts withSuccessors): a turn compares every next state, and a net
 * fitted only where the policy goes flatters some of the others.
 */
export function neuralBackwardFit(rs: RuleSet, tables: ColumnTables, byLevel: readonly GameState[][], opts: NeuralFitOptions): NeuralLevel[] {
  const levels = byLevel.length;
  const fitted: (NeuralLevel | undefined)[] = Array.from({ length: levels }, () => undefined);
  const model = columnSumModel(rs, tables, neuralCorrection(rs, tables, 'fit', fitted));
  const decomposition = columnSumModel(rs, tables);
  const te = createTurnEval(model);
  const parts = columnParts(rs, tables);
  const cols = canonicalColumns(parts.length);
  const nf = featureCount(rs);
  const ni = neuralInputCount(rs);
  const empty = (): NeuralLevel => ({ linear: new Float64Array(nf), hidden: opts.hidden, w1: new Float64Array(opts.hidden * ni), b1: new Float64Array(opts.hidden), w2: new Float64Array(opts.hidden), b2: 0 });
  let start: Mlp | undefined;
  for (let level = levels - 2; level >= 0; level--) {
    const rows = byLevel[level].length;
    if (rows === 0) {
      fitted[level] = empty();
      continue;
    }
    const phi = new Float64Array(rows * nf);
    const xs = new Float64Array(rows * ni);
    const ys = new Float64Array(rows);
    const eq = new NormalEquations(nf);
    byLevel[level].forEach((s, r) => {
      writeCanonical(parts, s, cols);
      const f = phi.subarray(r * nf, (r + 1) * nf);
      writeFeatures(rs, cols, f);
      writeNeuralInputs(rs, parts, cols, xs.subarray(r * ni, (r + 1) * ni));
      ys[r] = evaluateState(te, s).value - decomposition.value(s);
      eq.add(f, ys[r]);
    });
    const linear = eq.solve(opts.ridge);
    let sq = 0;
    for (let r = 0; r < rows; r++) {
      let p = 0;
      for (let k = 0; k < nf; k++) p += linear[k] * phi[r * nf + k];
      ys[r] -= p;
      sq += ys[r] ** 2;
    }
    const fit = fitMlp(xs, ys, ni, { hidden: opts.hidden, epochs: opts.epochs, batch: opts.batch, learningRate: opts.learningRate, decay: opts.decay, seed: opts.seed + level, start });
    start = fit.net;
    fitted[level] = { linear, hidden: fit.net.hidden, w1: fit.net.w1, b1: fit.net.b1, w2: fit.net.w2, b2: fit.net.b2 };
    opts.onLevel?.(level, rows, Math.sqrt(sq / rows), fit.trainRms, fit.heldOutRms);
  }
  fitted[levels - 1] = empty();
  return fitted as NeuralLevel[];
}
