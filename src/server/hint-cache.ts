import type { Position } from '../position/index.ts';
import { LRUCache } from 'lru-cache';
import { stateKey, type GameModel } from '../solver/index.ts';
import type { Format } from './body.ts';

/**
 * Finished hint responses (the encoded body) by position. A hint is a pure function of the model
 * and the position, and positions come back: every game opens in the same state, and clients ask
 * again after a reload or a retry. A hit skips the engine and the encoder, which together are
 * most of a hint's own CPU time; every request is still decoded and validated in full first.
 * Bodies are 2-4 KB, so the default 4096 entries hold at most about 16 MB.
 */
export interface HintCache {
  /** `effort`: multi-column hints' effort (approx/rollout.ts), 0 by default */
  get(model: GameModel, position: Position, format: Format, effort?: number): string | Uint8Array<ArrayBuffer> | undefined;
  set(model: GameModel, position: Position, format: Format, body: string | Uint8Array<ArrayBuffer>, effort?: number): void;
  readonly size: number;
  hits: number;
  misses: number;
}

export const DEFAULT_HINT_CACHE_SIZE = 4096;

/** Everything the advice depends on: the state (the solver's one state key), the points on the sheet (score), the dice and rerolls left, the effort. */
function keyOf(position: Position, format: Format, effort = 0): string {
  return `${format}|${position.rs.id}|${position.score}|${position.rollsLeft}|${position.dice ?? ''}|${stateKey(position.state)}|${effort}`;
}

interface Entry {
  model: GameModel;
  body: string | Uint8Array<ArrayBuffer>;
}

/** `capacity` 0 turns caching off. */
export function createHintCache(capacity = DEFAULT_HINT_CACHE_SIZE): HintCache {
  if (!Number.isInteger(capacity) || capacity < 0) throw new Error(`hint cache capacity must be a non-negative integer, got ${capacity}`);
  const entries = capacity > 0 ? new LRUCache<string, Entry>({ max: capacity }) : undefined;
  const cache: HintCache = {
    hits: 0,
    misses: 0,
    get size() {
      return entries?.size ?? 0;
    },
    get(model, position, format, effort) {
      const e = entries?.get(keyOf(position, format, effort));
      if (e && e.model === model) {
        cache.hits++;
        return e.body;
      }
      cache.misses++;
      return undefined;
    },
    set(model, position, format, body, effort) {
      entries?.set(keyOf(position, format, effort), { model, body });
    },
  };
  return cache;
}
