import type { GameModel, GameState, TurnEval } from '../solver/index.ts';
import { createTurnEval, evaluateState } from '../solver/index.ts';

/**
 * Evaluated turn-start states, least recently used dropped first. Every game of a batch starts
 * in the same state and optimal or near-optimal games share many early states, so the turn
 * engine runs once for each of them instead of once per game. A hit returns the very buffers
 * the engine filled for that state: results are the same bit for bit.
 */
export interface TurnCache {
  model: GameModel;
  get(state: GameState): TurnEval;
  hits: number;
  misses: number;
}

/** ~17 KB per entry for five dice; 512 entries keep a batch's shared early states. */
export const DEFAULT_CACHE_ENTRIES = 512;

/**
 * A key over everything the engine reads of a turn-start state. An exact model reads the upper
 * total only up to the bonus threshold (table and score-now alike), so the key caps it there;
 * any other model may read more, so the raw total goes in.
 */
function stateKey(state: GameState, upperCap: number): number | string {
  if (state.columns.length === 1) {
    const c = state.columns[0];
    return (c.mask * 512 + Math.min(c.upper, upperCap)) * 2 + (c.yahtzee50 ? 1 : 0);
  }
  return state.columns.map((c) => `${c.mask}.${Math.min(c.upper, upperCap)}.${c.yahtzee50 ? 1 : 0}`).join('|');
}

export function createTurnCache(model: GameModel, entries = DEFAULT_CACHE_ENTRIES): TurnCache {
  const limit = Math.max(1, entries);
  const upperCap = model.exact ? model.rs.upperBonus.threshold : Infinity;
  const map = new Map<number | string, TurnEval>();
  const cache: TurnCache = {
    model,
    hits: 0,
    misses: 0,
    get(state) {
      const key = stateKey(state, upperCap);
      let te = map.get(key);
      if (te) {
        cache.hits++;
        // Re-insert so that Map order is recency order.
        map.delete(key);
        map.set(key, te);
        // The cached state is equal, not identical: score options must be built from this one.
        te.state = state;
        return te;
      }
      cache.misses++;
      if (map.size >= limit) {
        const oldest = map.keys().next().value as number | string;
        te = map.get(oldest)!;
        map.delete(oldest);
      } else te = createTurnEval(model);
      evaluateState(te, state);
      map.set(key, te);
      return te;
    },
  };
  return cache;
}
