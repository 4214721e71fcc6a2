import type { RuleSet } from '../../rules/index.ts';
import { boxCount, filledCount, type GameModel } from '../../solver/index.ts';
import { quantilesOf } from '../level-shape.ts';
import { commonDice, playModelGame } from '../self-play.ts';

export interface SpreadFitResult {
  /** per level (boxes filled): the mean error of `policy`'s value (points still to come − value) */
  bias: Float64Array;
  /** per level: the variance of those errors around their mean */
  variance: Float64Array;
  /** per level: `quantiles` quantiles of the standardized errors ((e − bias) / sd), as level-shape.ts reads them */
  shape: Float64Array[];
  samples: number;
  mean: number;
}

/**
 * The spread of the goal models (goal-model.ts): `policy` (best play) plays `games` games on
 * common dice; at every turn start s its error is e = (final − scored so far) − value(s), and
 * level L's bias and variance are the mean and variance of e over the turn starts of that level,
 * its shape the quantiles of e standardized by them. Every game passes every level once.
 */
export function fitSpread(rs: RuleSet, policy: GameModel, games: number, seed: number, quantiles: number): SpreadFitResult {
  const levels = boxCount(rs);
  const squares = new Float64Array(levels);
  const sums = new Float64Array(levels);
  const errors = Array.from({ length: levels }, () => new Float64Array(games));
  let total = 0;
  for (let g = 0; g < games; g++) {
    const turns: { level: number; rest: number; scored: number }[] = [];
    const final = playModelGame(policy, commonDice(seed, g), (state, scored) => turns.push({ level: filledCount(state), rest: policy.value(state), scored }));
    total += final;
    for (const t of turns) {
      const e = final - t.scored - t.rest;
      squares[t.level] += e * e;
      sums[t.level] += e;
      errors[t.level][g] = e;
    }
  }
  const bias = sums.map((s) => s / games);
  const variance = squares.map((s, level) => s / games - bias[level] ** 2);
  const shape = errors.map((e, level) => {
    const sd = Math.sqrt(variance[level]);
    return quantilesOf(e.map((x) => (sd > 0 ? (x - bias[level]) / sd : 0)), quantiles);
  });
  return { bias, variance, shape, samples: games, mean: total / games };
}
