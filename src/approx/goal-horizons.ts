import type { ModelledRuleSetId } from '../rules/index.ts';

/**
 * How many boxes left a multi-column goal model steers for (goal-model.ts); with more left its
 * goal play keeps to best play's choices. Goal models with a fitted goal value (quantile-head.ts)
 * steer the whole game: fitted against exact one-turn goal backups on the states play and its
 * alternatives reach, the value holds where steering takes play, and steering by it gained more
 * at every horizon shorter than the game that was tried. Each horizon was chosen in measured
 * games: docs/multi-column.md has the figures and the commands.
 */
export interface GoalHorizon {
  reach: number;
  win: number;
}

export const GOAL_HORIZONS: Readonly<Record<ModelledRuleSetId, GoalHorizon>> = {
  // Win steering 12 boxes from the end took 51.23% of the stake in 10,000 games, the whole game 52.60%.
  'triple-yahtzee': { reach: 39, win: 39 },
  // Reach 1251 steering the last 10 boxes gained +1.3 points of chance in 4,000 games, the whole game +3.2; win 50.86% against 51.13%.
  superpass: { reach: 52, win: 52 },
  // The sub-games steer their whole games too (superpass-ordered reach 550: +1.955 pp over best against +0.300 with the last
  // three turns, 71% of the exact optimum's gain; bench/sub-game-reach.ts --games 40000 --seed 1 --horizons 3,26).
  'superpass-ordered': { reach: 26, win: 26 },
  'triple-yahtzee-lower': { reach: 39, win: 39 },
};
