import type { GameModel } from '../../solver/index.ts';
import { createBoxChooser } from '../../solver/fast-play.ts';
import type { Strategy } from '../strategy.ts';
import { createTurnCache } from '../turn-cache.ts';

/**
 * A strategy that plays a GameModel through the turn engine: holds by `engineHold` (the best of
 * `bestHold`, or stop when scoring now is worth as much) on the evaluation of the turn-start
 * state, boxes by the best of the ranked score options. `optimal` plays the exact table, `greedy`
 * a zero value function. Evaluations come from a cache (turn-cache.ts) that never changes a decision.
 */
export function modelStrategy(name: string, model: GameModel, cacheEntries: number): Strategy {
  const turns = createTurnCache(model, cacheEntries);
  const chooseBox = createBoxChooser(model);
  return {
    name,
    chooseHold(ctx) {
      return turns.hold(ctx.state, ctx.roll, ctx.rollsLeft as 1 | 2);
    },
    chooseBox(ctx) {
      return chooseBox(ctx.state, ctx.roll, ctx.rollsLeft === 2);
    },
  };
}
