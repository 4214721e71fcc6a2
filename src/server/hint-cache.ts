import type { Position } from '../position/index.ts';
import type { RuleSetId } from '../rules/index.ts';
import { LRUCache } from 'lru-cache';
import { stateKey, type GameModel } from '../solver/index.ts';
import type { Format } from './body.ts';
import { SERVE_DEFAULTS } from './serve-options.ts';

/**
 * Finished hint responses (the encoded body) by position. A hint is a pure function of the model
 * and the position, and positions come back: every game opens in the same state, and clients ask
 * again after a reload or a retry. A hit skips the engine and the encoder, which together are
 * most of a hint's own CPU time.
 *
 * A client asking again mostly sends the same bytes, so the responses are also found by the
 * request itself (its body, byte for byte, and both formats): a request seen before, and answered
 * 200 then, is answered the same without decoding and validating the body again, since the same
 * bytes decode and validate the same way. Every other request is decoded and validated in full.
 *
 * Bounded in entries and in bytes (bodies are 1.5-4 KB, so the bytes bind first).
 */
export interface HintCache {
  /** `effort`: multi-column hints' effort (approx/rollout.ts), 0 by default */
  get(model: GameModel, position: Position, format: Format, effort?: number): string | Uint8Array<ArrayBuffer> | undefined;
  /** `request`: the request's key (requestKey), when it has one, to find this body by */
  set(model: GameModel, position: Position, format: Format, body: string | Uint8Array<ArrayBuffer>, effort?: number, request?: string): void;
  /** The response stored for a request seen before, byte for byte, and the model it came from. */
  getRequest(request: string): Entry | undefined;
  /** Counts a hit found by getRequest whose model is still the one served. */
  hit(): void;
  /** responses held by position */
  readonly size: number;
  hits: number;
  misses: number;
}

/** Bodies longer than this are not looked up by their bytes (a position is well under it). */
export const MAX_REQUEST_KEY_BYTES = 1024;

/** Everything the advice depends on: the state (the solver's one state key), the points on the sheet (score), the dice and rerolls left, the effort. */
function keyOf(position: Position, format: Format, effort = 0): string {
  return `${format}|${position.rs.id}|${position.score}|${position.rollsLeft}|${position.dice ?? ''}|${stateKey(position.state)}|${effort}`;
}

/**
 * A request's key: the body's bytes (one character each: Latin-1 maps bytes to characters one to
 * one) with the format it is in and the format asked for; undefined for a body too long to key by.
 */
export function requestKey(bytes: Uint8Array, format: Format, answer: Format): string | undefined {
  if (bytes.byteLength > MAX_REQUEST_KEY_BYTES) return undefined;
  return `${format}>${answer}|${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')}`;
}

/**
 * The body answered before to `request` (its requestKey), while the model that answered is still
 * the one `served` gives for its rule set (a table rebuilt since gives another); counted as a hit.
 * Undefined otherwise, and where `served` has no model for it now.
 */
export function servedResponse(cache: HintCache, served: { get(id: RuleSetId): GameModel }, request: string | undefined): string | Uint8Array<ArrayBuffer> | undefined {
  const seen = request === undefined ? undefined : cache.getRequest(request);
  if (seen === undefined) return undefined;
  let model: GameModel | undefined;
  try {
    model = served.get(seen.model.rs.id);
  } catch {
    return undefined;
  }
  if (model !== seen.model) return undefined;
  cache.hit();
  return seen.body;
}

export interface Entry {
  model: GameModel;
  body: string | Uint8Array<ArrayBuffer>;
}

/** What an entry costs, roughly: its key's characters, its body's bytes, and the objects around them. */
const ENTRY_OVERHEAD = 100;
const bodyBytes = (body: string | Uint8Array) => (typeof body === 'string' ? body.length : body.byteLength);

/**
 * `capacity` 0 turns caching off; `maxBytes` bounds the bodies and keys held by position (the
 * request keys of those bodies are bounded apart, their bodies shared). Defaults: SERVE_DEFAULTS.hintCache.
 */
export function createHintCache(capacity: number = SERVE_DEFAULTS.hintCache.entries, maxBytes: number = SERVE_DEFAULTS.hintCache.bytes): HintCache {
  if (!Number.isInteger(capacity) || capacity < 0) throw new Error(`hint cache capacity must be a non-negative integer, got ${capacity}`);
  if (!Number.isInteger(maxBytes) || maxBytes < 1) throw new Error(`hint cache maxBytes must be a positive integer, got ${maxBytes}`);
  const entries =
    capacity > 0 ? new LRUCache<string, Entry>({ max: capacity, maxSize: maxBytes, sizeCalculation: (e, key) => key.length + bodyBytes(e.body) + ENTRY_OVERHEAD }) : undefined;
  // Keyed by request bytes: the bodies are those held above (shared, not copied), so only the keys count.
  const requests =
    capacity > 0 ? new LRUCache<string, Entry>({ max: capacity, maxSize: Math.max(1, maxBytes >> 2), sizeCalculation: (_e, key) => key.length + ENTRY_OVERHEAD }) : undefined;
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
    set(model, position, format, body, effort, request) {
      const entry = { model, body };
      entries?.set(keyOf(position, format, effort), entry);
      if (request !== undefined) requests?.set(request, entry);
    },
    getRequest: (request) => requests?.get(request),
    hit() {
      cache.hits++;
    },
  };
  return cache;
}
