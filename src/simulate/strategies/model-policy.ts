import { createDecisionMemo, type GameModel, type MemoPlaces, type SharedMemoSpace } from '../../solver/index.ts';
import type { Strategy } from '../strategy.ts';

/**
 * A strategy that plays a GameModel through the turn engine: holds by `engineHold` (the best of
 * `bestHold`, or stop when scoring now is worth as much) on the evaluation of the turn-start
 * state, boxes by `engineBox` (the best of the ranked score options). `optimal` plays the exact table, `greedy`
 * a zero value function. Decisions come from the solver's decision memo over its turn cache,
 * which never changes a decision; `shared` is a run's memo space, shared with its other threads.
 */
/**
 * The built-in strategies that play a single-column rule set through `modelStrategy` (see
 * createBuiltinStrategy in index.ts): those a run may give a memo space shared by its threads.
 */
export const MEMO_STRATEGIES: readonly string[] = ['optimal', 'best', 'linear', 'decomposition', 'sequential', 'greedy'];

export function modelStrategy(name: string, model: GameModel, cacheEntries: number, shared?: SharedMemoSpace): Strategy {
  const memo = createDecisionMemo(model, { entries: cacheEntries, shared });
  const s: Strategy = {
    name,
    chooseHold: (ctx) => memo.hold(ctx.state, ctx.roll, ctx.rollsLeft as 1 | 2),
    // The state asked about by chooseHold this turn: the memo answers it without a lookup.
    chooseBox: (ctx) => memo.box(ctx.state, ctx.roll, ctx.rollsLeft === 2),
  };
  if (memo.places) memoPlaces.set(s, memo.places);
  return s;
}

const memoPlaces = new WeakMap<Strategy, MemoPlaces>();

/** The decision memo of a strategy made by `modelStrategy`, read in bulk (lockstep-play.ts): the same decisions as its methods'. */
export function memoPlacesOf(s: Strategy): MemoPlaces | undefined {
  return memoPlaces.get(s);
}
