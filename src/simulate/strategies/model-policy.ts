import { createTurnCache, type GameModel } from '../../solver/index.ts';
import { engineBox, engineHold } from '../../solver/fast-play.ts';
import type { Strategy } from '../strategy.ts';

/**
 * A strategy that plays a GameModel through the turn engine: holds by `engineHold` (the best of
 * `bestHold`, or stop when scoring now is worth as much) on the evaluation of the turn-start
 * state, boxes by `engineBox` (the best of the ranked score options). `optimal` plays the exact table, `greedy`
 * a zero value function. Turns come from the solver's turn cache, which never changes a decision;
 * it stores a state the second time it is seen (under optimal play the first turns and the last
 * ones with few boxes left repeat a lot; most mid-game states never come back).
 */
export function modelStrategy(name: string, model: GameModel, cacheEntries: number): Strategy {
  const turns = createTurnCache(model, { entries: cacheEntries, admit: 'second', holdsOnly: true });
  return {
    name,
    chooseHold: (ctx) => engineHold(turns.get(ctx.state), ctx.roll, ctx.rollsLeft as 1 | 2),
    // The turn asked about by chooseHold this turn: the cache answers it without a lookup.
    chooseBox: (ctx) => engineBox(turns.get(ctx.state), ctx.roll, ctx.rollsLeft === 2),
  };
}
