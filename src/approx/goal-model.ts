import { boxCount, filledCount, type GameModel, type GameState, type ThresholdModel } from '../solver/index.ts';
import { shapeSurvival } from './level-shape.ts';
import { normalCdf } from './normal-cdf.ts';

/** Best play's errors per level (boxes filled): their mean, their variance around it, and their shape. */
export interface LevelSpread {
  bias: ArrayLike<number>;
  variance: ArrayLike<number>;
  /** quantiles of the standardized errors (level-shape.ts); without them, normal */
  shape?: readonly ArrayLike<number>[];
}

/**
 * Reach and win goals for the multi-column rule sets, whose joint state space cannot be solved:
 * the points still to come from a turn-start state s, R(s), are taken as normal with best play's
 * value, `best.value(s)` (the corrected column sum, column-sum-model.ts), as its mean, corrected by
 * the mean error of that value at s's level, and the variance of those errors as its variance
 * (`spread`, per level = boxes filled; measured by fit/spread-fit.ts). A turn is then solved
 * exactly for the goal: every hold and box is valued by
 *
 *   P(gain + R(s') ≥ need) ≈ Φ((gain + mean(s') − need + ½) / √(variance(level + 1) + extraVariance)),
 *
 * s' the state after the entry (½: totals are whole numbers), Φ the distribution function of the
 * level's standardized errors (their measured shape: Superpass's are skewed left, Triple
 * Yahtzee's right, by its Yahtzee bonuses) for a target, the normal one against an opponent.
 * With one box left s' is the end of the game and the value is exact (0, ½ or 1).
 *
 * The variance is the level's alone on purpose. A variance fitted to features of the state (which
 * boxes are open) was exploited by the goal's own play: it steered into states best play rarely
 * visits, where the fit was worst (a Superpass small straight in column 4 on the first turn
 * "raised" the spread from 70 to 92 points), and reached 1251 in 4.0% of games against best
 * play's 9.6%. With one spread per level, every entry of a turn leads to the same spread and Φ is
 * increasing, so the best entry of each roll is best play's and its value is Φ of best play's
 * score-now value: `fillScoreNow` maps `best.fillScoreNow`. What the goal changes is the holds,
 * valued by the expected chance instead of the expected points: behind the target the chance
 * favours the risky ones, ahead of it the safe ones.
 */
export function thresholdGoalModel(best: GameModel, spread: LevelSpread): ThresholdModel {
  const { rs, c } = best;
  const { variance, bias, shape } = spread;
  const total = boxCount(rs);
  if (variance.length < total || bias.length < total) throw new Error(`${rs.id}: a spread needs ${total} levels, got ${variance.length} and ${bias.length}`);
  const biasAt = (filled: number): number => (filled >= total ? 0 : bias[filled]);

  /**
   * P(mean + sd·Z > need − ½) with d = mean − need + ½: Z of the level's shape for a target,
   * normal against an opponent (the difference of two skewed totals is nearly symmetric).
   */
  const chance = (d: number, s: number, level: number): number => {
    if (!(s > 0)) return d > 0 ? 1 : d < 0 ? 0 : 0.5;
    return shape && model.extraVariance === 0 && level < total ? shapeSurvival(shape[level], -d / s) : normalCdf(d / s);
  };
  const sdAt = (filled: number): number => Math.sqrt((filled >= total ? 0 : variance[filled]) + model.extraVariance);
  const spreadOf = (state: GameState): { mean: number; variance: number } => {
    const filled = filledCount(state);
    return filled >= total ? { mean: 0, variance: 0 } : { mean: best.value(state) + bias[filled], variance: variance[filled] };
  };

  const model: ThresholdModel = {
    rs,
    c,
    exact: false,
    valueKind: 'probability',
    need: 0,
    extraVariance: 0,
    spread: spreadOf,
    value(state) {
      const filled = filledCount(state);
      return chance(spreadOf(state).mean - model.need + 0.5, sdAt(filled), filled);
    },
    valueAfter(next, gain) {
      const filled = filledCount(next);
      return chance(gain + spreadOf(next).mean - model.need + 0.5, sdAt(filled), filled);
    },
    fillScoreNow(state, first, later) {
      best.fillScoreNow(state, first, later);
      const next = filledCount(state) + 1;
      const sd = sdAt(next);
      const shift = biasAt(next) + 0.5 - model.need;
      for (let r = 0; r < first.length; r++) {
        first[r] = chance(first[r] + shift, sd, next);
        later[r] = chance(later[r] + shift, sd, next);
      }
    },
  };
  return model;
}
