import type { ModelledRuleSetId } from '../rules/index.ts';

/**
 * How many boxes left a multi-column goal model steers for (goal-model.ts): with more left, its
 * goal play keeps to best play's choices. The model's values are best play's value plus best
 * play's measured error; far from the end those errors are wide, and a goal player that acts on
 * them steers into the states whose errors flatter them (the model rated Superpass turn starts
 * at 10.6% that then reached 1251 in 8.0% of games). Near the end the errors are small and the
 * model close to exact (with one box left it is exact), and there the goal's gains are.
 *
 * Chosen on seed 1, confirmed on other seeds in the README (common dice, 2 threads):
 * - Triple Yahtzee reach (target 2350, 100,000 games): steering the whole game gained
 *   +0.531 pp (+0.390 to +0.672) over best play.
 * - Triple Yahtzee win, two players, 40,000 games each, share against best: horizon 3: 50.43%,
 *   6: 50.47%, 9: 50.30%, 13: 50.33%; the whole game (39): 50.00% (200,000 games). At 6 on
 *   seed 2: 50.399% (50.335–50.464%) over 200,000 games. On the neural `best` (seed 1, 40,000
 *   games each): horizon 6: 50.528%, 13: 49.945%, the whole game: 49.059%; 6 stays. With the last
 *   two turns exact: horizon 4: 50.582%, 6: 50.634% (50.485–50.782%), 9: 50.477%; 6 stays.
 * - Superpass reach 1251, paired gain over best in percentage points, seed 1: horizon 3: +0.050
 *   (−0.045 to +0.145), 4: +0.075 (−0.051 to +0.201), 5: +0.085 (−0.063 to +0.233), 6: +0.015
 *   (−0.145 to +0.175) (20,000 games each); 8: +0.03, 20: −0.11 (10,000 games); the whole game
 *   (52): −0.47. But 4 on seed 2 lost: −0.064 (−0.123 to −0.005) over 100,000 games. With two to
 *   four boxes left Superpass's outcomes are lumpy (a kniffel box is 0 or 50), which one
 *   continuous spread per level and class cannot show. So Superpass steered its last turn only,
 *   where the model is exact: seed 2, +0.016 (+0.002 to +0.030) over 100,000 games.
 * - Since the model solves the last two turns exactly (last-turns.ts: the turn before the last
 *   valued by the last turn each entry leaves, not by a spread), Superpass steers those two: on
 *   the neural `best`, seed 1, 20,000 games: horizon 1: +0.110, 2: +0.320 (+0.198 to +0.442),
 *   3: +0.290 (its third-last turn reads the spread again); seed 2, 100,000 games, horizon 2:
 *   +0.299 (+0.244 to +0.354).
 * - Superpass win, two players, 40,000 games each, seed 1: horizon 1: 50.039%, 2: 50.082%, 3:
 *   50.071%; at 2 on seed 2: 50.119% (50.051–50.186%) of the stake against best (the last turn
 *   only: 50.023%, 49.999–50.046%).
 * - Since the model solves the last three turns exactly (goal-model.ts, fillThreeLeft),
 *   Superpass steers those three: reach 1251, seed 1, 20,000 games, horizon 3: +0.520 (+0.346 to
 *   +0.694), where the spread's third turn gave +0.290 and two exact turns +0.320; seed 2,
 *   100,000 games: +0.671 (+0.593 to +0.749). Win, seed 2, 40,000 games: 50.310% (50.210–50.410%).
 * - With an opponent of up to three boxes left read by their exact law (goal-model.ts
 *   pointsLaw), Superpass win, 40,000 games: seed 2 horizon 3: 50.514% (50.401–50.626%); seed 1
 *   horizon 3: 50.326%, 4: 50.225% (our fourth-last turn reads the spread); 3 stays.
 * - The sub-games take their full game's horizons (superpass-ordered Superpass's, for the same
 *   lumpy boxes; triple-yahtzee-lower Triple Yahtzee's), not measured on them.
 */
export interface GoalHorizon {
  reach: number;
  win: number;
}

export const GOAL_HORIZONS: Readonly<Record<ModelledRuleSetId, GoalHorizon>> = {
  'triple-yahtzee': { reach: 39, win: 6 },
  superpass: { reach: 3, win: 3 },
  'superpass-ordered': { reach: 3, win: 3 },
  'triple-yahtzee-lower': { reach: 39, win: 6 },
};
