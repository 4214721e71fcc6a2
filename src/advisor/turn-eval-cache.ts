import { createTurnEval, type GameModel, type GameState, type TurnEval } from '../solver/index.ts';

/**
 * A small LRU of evaluated turns, keyed by model and state. Evaluating a turn (every hold value
 * for every roll) is most of a hint's cost, and players and clients ask about the same turn
 * several times (after each roll), so a hit skips the engine. Each entry owns its buffers
 * (about 20 KB for five dice), so the cache also bounds memory.
 */
export interface TurnEvalCache {
  /** A TurnEval for `state`: evaluated already on a hit; on a miss, one whose state differs (advise re-evaluates it). */
  get(model: GameModel, state: GameState): TurnEval;
  readonly size: number;
  hits: number;
  misses: number;
}

export const DEFAULT_TURN_CACHE_SIZE = 256;

/** Upper totals of 63 or more all behave alike for bonuses, but the key keeps the raw total: it is cheap and exact. */
function stateKey(model: GameModel, state: GameState): string {
  let key = model.rs.id;
  for (const c of state.columns) key += `|${c.mask},${c.upper},${c.yahtzee50 ? 1 : 0}`;
  return key;
}

export function createTurnEvalCache(capacity = DEFAULT_TURN_CACHE_SIZE): TurnEvalCache {
  if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`capacity must be a positive integer, got ${capacity}`);
  // A Map iterates in insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, TurnEval>();
  const cache: TurnEvalCache = {
    hits: 0,
    misses: 0,
    get size() {
      return entries.size;
    },
    get(model, state) {
      const key = stateKey(model, state);
      const found = entries.get(key);
      if (found && found.model === model) {
        entries.delete(key);
        entries.set(key, found);
        cache.hits++;
        return found;
      }
      cache.misses++;
      let te: TurnEval;
      if (found) {
        entries.delete(key);
        te = createTurnEval(model);
      } else if (entries.size >= capacity) {
        const oldest = entries.keys().next().value as string;
        const recycled = entries.get(oldest)!;
        entries.delete(oldest);
        // Recycle the evicted buffers when they fit this model: no allocation on a full cache.
        te = recycled.model === model ? recycled : createTurnEval(model);
      } else {
        te = createTurnEval(model);
      }
      entries.set(key, te);
      return te;
    },
  };
  return cache;
}
