import type { Position } from '../position/index.ts';
import type { GameModel } from '../solver/index.ts';
import type { Format } from './body.ts';

/**
 * Finished hint responses (the encoded body) by position. A hint is a pure function of the model
 * and the position, and positions come back: every game opens in the same state, and clients ask
 * again after a reload or a retry. A hit skips the engine and the encoder, which together are
 * most of a hint's own CPU time; every request is still decoded and validated in full first.
 * Bodies are 2-4 KB, so the default 4096 entries hold at most about 16 MB.
 */
export interface HintCache {
  get(model: GameModel, position: Position, format: Format): string | Uint8Array<ArrayBuffer> | undefined;
  set(model: GameModel, position: Position, format: Format, body: string | Uint8Array<ArrayBuffer>): void;
  readonly size: number;
  hits: number;
  misses: number;
}

export const DEFAULT_HINT_CACHE_SIZE = 4096;

/** Everything the advice depends on: the state, the points on the sheet (score), the dice and rerolls left. */
function keyOf(position: Position, format: Format): string {
  let key = `${format}|${position.rs.id}|${position.score}|${position.rollsLeft}|${position.dice ?? ''}`;
  for (const c of position.state.columns) key += `|${c.mask},${c.upper},${c.yahtzee50 ? 1 : 0}`;
  return key;
}

/** `capacity` 0 turns caching off. */
export function createHintCache(capacity = DEFAULT_HINT_CACHE_SIZE): HintCache {
  if (!Number.isInteger(capacity) || capacity < 0) throw new Error(`hint cache capacity must be a non-negative integer, got ${capacity}`);
  // Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, { model: GameModel; body: string | Uint8Array<ArrayBuffer> }>();
  const cache: HintCache = {
    hits: 0,
    misses: 0,
    get size() {
      return entries.size;
    },
    get(model, position, format) {
      const key = keyOf(position, format);
      const e = entries.get(key);
      if (e && e.model === model) {
        entries.delete(key);
        entries.set(key, e);
        cache.hits++;
        return e.body;
      }
      cache.misses++;
      return undefined;
    },
    set(model, position, format, body) {
      if (capacity === 0) return;
      const key = keyOf(position, format);
      entries.delete(key);
      if (entries.size >= capacity) entries.delete(entries.keys().next().value as string);
      entries.set(key, { model, body });
    },
  };
  return cache;
}
