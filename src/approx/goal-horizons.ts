import type { ModelledRuleSetId } from '../rules/index.ts';

/**
 * How many boxes left a multi-column goal model steers for (goal-model.ts); with more left its
 * goal play keeps to best play's choices. Far from the end best play's errors are wide, and goal
 * play that acts on them steers into the states whose errors flatter them; near the end the model
 * is close to exact (its last three turns are exact), and there the goal's gains are. Each horizon
 * was chosen in measured games: docs/multi-column.md has the figures and the commands.
 */
export interface GoalHorizon {
  reach: number;
  win: number;
}

export const GOAL_HORIZONS: Readonly<Record<ModelledRuleSetId, GoalHorizon>> = {
  // Reach gains most steering the whole game (+0.5 pp over best play); win did best at 6 (against 3, 9, 13 and the whole game).
  'triple-yahtzee': { reach: 39, win: 6 },
  // Boxes of 0 or 50 (the kniffels) that one continuous spread cannot show: steer only the last three turns, which are exact.
  superpass: { reach: 3, win: 3 },
  // The sub-games take their full game's horizons (not measured on them).
  'superpass-ordered': { reach: 3, win: 3 },
  'triple-yahtzee-lower': { reach: 39, win: 6 },
};
