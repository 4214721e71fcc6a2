import type { GameModel, GameState, TurnEval } from '../solver/index.ts';
import { createTurnEval, evaluateState } from '../solver/index.ts';

/**
 * Evaluated turn-start states, least recently used dropped first. Every game of a batch starts
 * in the same state and optimal or near-optimal games share many early (and late) states, so
 * the turn engine runs once for each of them instead of once per game: over 5,000 games of
 * half optimal, half noisy play a third of the turns hit.
 *
 * An entry keeps only what the analysis reads: the hold values before the second and third
 * rolls (7.4 KB for five dice) and the score-now values after the first roll where they differ
 * from those after a reroll. They are copies of the engine's own numbers: results are the same
 * bit for bit as without the cache.
 */
export interface TurnCache {
  model: GameModel;
  /** The evaluation of `state`; valid until the next call. */
  get(state: GameState): TurnEval;
  hits: number;
  misses: number;
}

/** 2,048 entries: 15 MB per model and thread for five dice. */
export const DEFAULT_CACHE_ENTRIES = 2048;

const EMPTY = new Float64Array(0);

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
  const K = model.c.dice.keepCount;
  const R = model.c.dice.rollCount;
  const work = createTurnEval(model);
  const map = new Map<number | string, TurnEval>();

  const newEntry = (): TurnEval => {
    const block = new Float64Array(2 * K);
    const hold3 = block.subarray(K);
    // hold3 of a full roll is the score-now value after a reroll (turn-engine.ts): no copy of `later`.
    const later = hold3.subarray(0, R);
    return { model, state: work.state, value: 0, first: later, later, ws: { mode: 'max', lanes: 1, capacity: 1, hold2: block.subarray(0, K), hold3, roll1: EMPTY, scratch: EMPTY, value: EMPTY } };
  };

  const fill = (e: TurnEval, state: GameState): void => {
    evaluateState(work, state);
    e.ws.hold2.set(work.ws.hold2);
    e.ws.hold3.set(work.ws.hold3);
    let same = true;
    for (let r = 0; r < R && same; r++) same = work.first[r] === work.later[r];
    // Only Superpass's first-roll-only column makes entries after the first roll worth more.
    if (same) e.first = e.later;
    else if (e.first !== e.later) e.first.set(work.first);
    else e.first = work.first.slice();
    e.value = work.value;
  };

  const cache: TurnCache = {
    model,
    hits: 0,
    misses: 0,
    get(state) {
      const key = stateKey(state, upperCap);
      let e = map.get(key);
      if (e) {
        cache.hits++;
        // Re-insert so that Map order is recency order.
        map.delete(key);
      } else {
        cache.misses++;
        if (map.size >= limit) {
          const oldest = map.keys().next().value as number | string;
          e = map.get(oldest)!;
          map.delete(oldest);
        } else e = newEntry();
        fill(e, state);
      }
      map.set(key, e);
      // The cached state is equal, not identical: score options must be built from this one.
      e.state = state;
      return e;
    },
  };
  return cache;
}
