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

// Every model steers its whole game: no shorter horizon tried did better (docs/multi-column.md).
export const GOAL_HORIZONS: Readonly<Record<ModelledRuleSetId, GoalHorizon>> = {
  'triple-yahtzee': { reach: 39, win: 39 },
  superpass: { reach: 52, win: 52 },
  'superpass-ordered': { reach: 26, win: 26 },
  'triple-yahtzee-lower': { reach: 39, win: 39 },
};
