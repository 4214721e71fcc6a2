import { createTurnEval, evaluateState, type GameModel, type GameState } from '../../solver/index.ts';
import { createBoxChooser, engineHold } from '../../solver/fast-play.ts';
import type { Strategy } from '../strategy.ts';
import { createTurnCache } from '../turn-cache.ts';

/**
 * A strategy that plays a GameModel through the turn engine: holds by `engineHold` (the best of
 * `bestHold`, or stop when scoring now is worth as much) on the evaluation of the turn-start
 * state, boxes by the best of the ranked score options. `optimal` plays the exact table, `greedy`
 * a zero value function. Evaluations come from a cache (turn-cache.ts) that never changes a decision.
 *
 * Multi-column rule sets bypass the cache (it keys single-column states): the turn-start state is
 * evaluated once per turn (evaluateState, ~50–80 µs there) and reused for the turn's holds.
 */
export function modelStrategy(name: string, model: GameModel, cacheEntries: number): Strategy {
  const chooseBox = createBoxChooser(model);
  if (model.rs.columns.length > 1) {
    const hold = turnHolds(model);
    return {
      name,
      chooseHold: (ctx) => hold(ctx.state, ctx.roll, ctx.rollsLeft as 1 | 2),
      chooseBox: (ctx) => chooseBox(ctx.state, ctx.roll, ctx.rollsLeft === 2),
    };
  }
  const turns = createTurnCache(model, cacheEntries);
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

/**
 * `engineHold` on the evaluation of the turn-start state, evaluated once per state object: the
 * simulator gives every turn a fresh state object and keeps it through the turn.
 */
export function turnHolds(model: GameModel): (state: GameState, rollKeep: number, rollsLeft: 1 | 2) => number {
  const te = createTurnEval(model);
  let evaluated: GameState | undefined;
  return (state, rollKeep, rollsLeft) => {
    if (evaluated !== state) {
      evaluateState(te, state);
      evaluated = state;
    }
    return engineHold(te, rollKeep, rollsLeft);
  };
}
