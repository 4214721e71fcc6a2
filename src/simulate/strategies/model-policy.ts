import { bestHold, type GameModel, type TurnEval } from '../../solver/index.ts';
import { createBoxChooser, createTurnEvalCache } from '../../solver/fast-play.ts';
import type { Strategy } from '../strategy.ts';

/**
 * The engine's decision after a roll with rerolls left: the best hold (`bestHold`), unless scoring
 * now is worth at least as much, in which case the whole roll is "held" (the turn ends). Ties go
 * to scoring now: the same expected score with fewer rolls.
 */
export function engineHold(te: TurnEval, roll: number, rollsLeft: 1 | 2): number {
  const h = bestHold(te, roll, rollsLeft);
  const now = (rollsLeft === 2 ? te.first : te.later)[roll];
  return now >= h.ev ? roll : h.keep;
}

/**
 * A strategy that plays a GameModel through the turn engine: holds by `engineHold` on the
 * evaluation of the turn-start state (from a cache of evaluations; see fast-play.ts), boxes by the
 * best of the ranked score options. `optimal` plays the exact table, `greedy` a zero value function.
 */
export function modelStrategy(name: string, model: GameModel, cacheEntries: number): Strategy {
  const evals = createTurnEvalCache(model, cacheEntries);
  const chooseBox = createBoxChooser(model);
  return {
    name,
    chooseHold(ctx) {
      return engineHold(evals.get(ctx.state), ctx.roll, ctx.rollsLeft as 1 | 2);
    },
    chooseBox(ctx) {
      return chooseBox(ctx.state, ctx.roll, ctx.rollsLeft === 2);
    },
  };
}
