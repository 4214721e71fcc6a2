import type { ModelledRuleSetId } from '../rules/index.ts';

/**
 * What is known of a multi-column rule set's game value, where no exact optimum exists: best
 * play's mean final score as measured in self-play, and a proven upper bound on the optimum, so
 * the optimum lies between the two. A column table's own start value (Σ multiplier × each column
 * played alone) is neither: `dicewise tables info` shows these beside it.
 */
export interface GameValueFacts {
  /** best play's mean final score over `games` games (seed `seed`, `dicewise simulate --strategy best`) */
  bestMean: number;
  /** half-width of its 95% confidence interval */
  bestHalfWidth: number;
  /**
   * the `linear` strategy's mean over the same games: `dicewise bound` steers its search by it
   * (Polyak's target), as when the bounds of docs/multi-column.md were searched, so those runs repeat
   */
  linearMean: number;
  games: number;
  seed: number;
  /**
   * an upper bound on the optimal expected score: the least that `dicewise bound` with its
   * defaults has proven (Superpass: columns 1 and 2 coupled exactly, approx/coupled-bound.ts;
   * the others: the Lagrangian relaxation of solver/column-bound.ts with roll prices), docs/multi-column.md
   * "How far from optimal"; `tables info` shows a bound computed in the table folder instead
   */
  upperBound: number;
  /**
   * A sub-game's: what best play loses to its exact optimal play over the same games and dice
   * (`simulate --strategy optimal,best`), the paired difference with its 95% interval.
   */
  lossToOptimal?: { mean: number; ci95: readonly [number, number] };
}

/** Measured with `dicewise simulate --ruleset <id> --strategy best,linear --games 100000 --seed 1` (docs/multi-column.md). */
export const GAME_VALUE_FACTS: Readonly<Record<ModelledRuleSetId, GameValueFacts>> = {
  // best is the neural correction; linear scored 1870.4 ± 2.3 (best − linear +19.04, 18.05 to 20.03).
  'triple-yahtzee': { bestMean: 1889.4, bestHalfWidth: 2.2, linearMean: 1870.4, games: 100_000, seed: 1, upperBound: 2234.3 },
  // `node dist/src/cli/main.js bound --ruleset superpass --threads 2 --fresh` (--method coupled): 1342.147, 332 s CPU.
  // best is the neural correction; linear scored 1167.8 ± 0.4 (best − linear +20.71, 20.28 to 21.15).
  superpass: { bestMean: 1188.5, bestHalfWidth: 0.5, linearMean: 1167.8, games: 100_000, seed: 1, upperBound: 1342.1 },
  // The sub-games: their exact optima (492.964 and 1035.610, the joint tables) are known; the bounds are `dicewise bound`'s (2,000 games, seed 1; 5 steps and 6).
  // best is the neural correction (neural-data.ts); linear lost 0.32 (0.15 to 0.49) and 25.62 (24.97 to 26.28) over the same games.
  'superpass-ordered': { bestMean: 493.18, bestHalfWidth: 0.38, linearMean: 492.96, games: 100_000, seed: 1, upperBound: 629.2, lossToOptimal: { mean: 0.09, ci95: [-0.04, 0.23] } },
  'triple-yahtzee-lower': { bestMean: 1031.78, bestHalfWidth: 1.31, linearMean: 1010.07, games: 100_000, seed: 1, upperBound: 1215.1, lossToOptimal: { mean: 3.91, ci95: [3.43, 4.39] } },
};
