import { LRUCache } from 'lru-cache';
import { hasColumns } from '../rules/index.ts';
import { hashString } from '../dice/index.ts';
import { UPPER_SLOTS, type ColumnLayout } from './column-layout.ts';
import type { GameModel } from './game-model.ts';
import type { GameState } from './game-state.ts';
import { createTurnEval, evaluateState, type TurnEval } from './turn-eval.ts';

/**
 * The one cache of evaluated turns. Evaluating a turn-start state (every hold value for every
 * roll) costs 8–10 µs for five dice on a single column and 50–80 µs on three columns, and the
 * same states come back: every game opens in the same state, optimal games share many early and
 * late ones, a player asks for a hint after each roll. The advisor, the game analysis, the
 * simulator (through its decision memo, decision-memo.ts, which keeps only the decisions) and the
 * self-play of approx/ all read turns through it.
 *
 * Nothing is approximated: an entry is a copy of the engine's own numbers (hold values before the
 * second and third rolls, score-now values after the first roll and after a reroll, the state's
 * value), so results are the same bit for bit as with a fresh evaluation.
 */
export interface TurnCache {
  readonly model: GameModel;
  /**
   * The evaluated turn of `state`, from the cache or evaluated now; its `state` is the one given.
   * Valid until the next call (a later call may recycle its buffers).
   */
  get(state: GameState): TurnEval;
  readonly size: number;
  readonly hits: number;
  readonly misses: number;
}

export interface TurnCacheOptions {
  /** turns kept (0 = none, every call evaluates); default DEFAULT_TURN_CACHE_ENTRIES */
  entries?: number;
  /**
   * 'first' stores every evaluated state; 'second' stores a state the second time it is
   * evaluated (a table of recent keys remembers the first), so a stream of one-off states cannot
   * flush the frequent ones: self-play's choice, where most mid-game states never come back.
   */
  admit?: 'first' | 'second';
  /**
   * Evaluate only what decisions read (`evaluateState`'s holdsOnly): hold and score-now values,
   * with the turn's value NaN. Decisions never read the value (the decision memo's evaluations).
   */
  holdsOnly?: boolean;
}

/** 2,048 entries: about 8.5 MB for five dice. */
export const DEFAULT_TURN_CACHE_ENTRIES = 2048;

/** Everything the engine reads of a turn-start state, as a number for one column and a string for several. */
export type StateKey = number | string;

/**
 * The one key of a turn-start state. `upperCap` caps each upper total: an exact model reads it
 * only up to the bonus threshold (table and score-now alike), so states that differ above it are
 * evaluated identically; anything else must keep the raw total (the default).
 */
export function stateKey(state: GameState, upperCap = Infinity): StateKey {
  const cols = state.columns;
  if (cols.length === 1) {
    const c = cols[0];
    // Upper totals stay below 512 (six dice score at most 126 there), masks below 2^20: exact in a double.
    return (c.mask * 512 + (c.upper < upperCap ? c.upper : upperCap)) * 2 + (c.yahtzee50 ? 1 : 0);
  }
  let key = '';
  for (const c of cols) key += `${c.mask}.${c.upper < upperCap ? c.upper : upperCap}.${c.yahtzee50 ? 1 : 0}|`;
  return key;
}

/**
 * The cache's key for the states of an exact expected-score model of one column. Such a model reads
 * the upper total only through the layout's canonical total (column-layout.ts: the future depends
 * on it only through the smallest addition the open upper boxes can still make that meets the
 * threshold), in its table and in score-now alike: scoring c dice in an upper box earns the bonus
 * from both totals or from neither, and leads to states with the same canonical total. So states
 * with the same canonical total evaluate to the same bits and share an entry and its decisions
 * (late in a game most upper totals fall together: every total from which the bonus is out of
 * reach is one).
 */
function canonicalKey(L: ColumnLayout, state: GameState): number {
  const c = state.columns[0];
  const u = L.canonUpper[(c.mask & 63) * UPPER_SLOTS + (c.upper < L.threshold ? c.upper : L.threshold)];
  // Without a Yahtzee bonus (one flag) nothing reads whether the Yahtzee box holds 50.
  return (c.mask * 512 + u) * 2 + (c.yahtzee50 && L.flags === 2 ? 1 : 0);
}

/**
 * The cache's key function for a model's states: states with one key evaluate to the same bits
 * and share every decision (the decision memo keys on it too).
 */
export function turnKeyOf(model: GameModel): (state: GameState) => StateKey {
  const upperCap = model.exact ? model.rs.upperBonus.threshold : Infinity;
  const layout = model.c.layout;
  return model.exact && model.valueKind !== 'probability' && !hasColumns(model.rs) ? (state) => canonicalKey(layout, state) : (state) => stateKey(state, upperCap);
}

/** A stored turn and its key. The turn is built with exactly the fields, in the order, of `createTurnEval`: one object shape keeps the readers' property accesses monomorphic. */
interface Entry {
  key: StateKey;
  te: TurnEval;
}

const EMPTY = new Float64Array(0);

/** Entries per buffer (about 600 KB for five dice). */
const SLAB_ENTRIES = 64;

/**
 * A segmented LRU over two lru-cache lists: new entries go to probation and move to the protected
 * segment (80% of the entries) when hit again, whose least recently used falls back to probation.
 * Over 100k `yahtzee` games of optimal play, 16,384 entries admitted on 'second' spared about 68%
 * of the evaluations. Evicted entries' buffers are reused: a full cache allocates nothing.
 */
export function createTurnCache(model: GameModel, options: TurnCacheOptions = {}): TurnCache {
  const entries = options.entries ?? DEFAULT_TURN_CACHE_ENTRIES;
  if (!Number.isInteger(entries) || entries < 0) throw new Error(`entries must be a non-negative integer, got ${entries}`);
  const keyOf = turnKeyOf(model);
  const K = model.c.dice.keepCount;
  const R = model.c.dice.rollCount;
  const work = createTurnEval(model);
  const protectedCap = Math.floor(entries * 0.8);
  const max = Math.max(1, entries);
  const probation = new LRUCache<StateKey, Entry>({ max });
  const protectedList = new LRUCache<StateKey, Entry>({ max });
  const secondSight = options.admit === 'second';
  const holdsOnly = options.holdsOnly === true;
  const seenBits = Math.max(4, Math.ceil(Math.log2(max)));
  const seen: (StateKey | undefined)[] = new Array(1 << seenBits);
  let lastState: GameState | undefined;
  let current: TurnEval = work;
  let hits = 0;
  let misses = 0;

  // Entries are cut from slabs of SLAB_ENTRIES: a filling cache makes one buffer per slab, not
  // three per entry, and an entry's decision memos lie right after its hold values.
  const entryBytes = 16 * K + 8 * R;
  let slab: ArrayBuffer | undefined;
  let slabUsed = SLAB_ENTRIES;

  const newEntry = (): Entry => {
    if (slabUsed === SLAB_ENTRIES) {
      slab = new ArrayBuffer(entryBytes * Math.min(SLAB_ENTRIES, Math.max(1, entries)));
      slabUsed = 0;
    }
    const at = entryBytes * slabUsed++;
    const block = new Float64Array(slab!, at, 2 * K);
    const hold3 = block.subarray(K);
    // hold3 of a full roll is the score-now value after a reroll (turn-engine.ts): no copy of `later`.
    const later = hold3.subarray(0, R);
    const te: TurnEval = {
      model,
      state: work.state,
      value: 0,
      first: later,
      later,
      ws: { lanes: 1, hold3, hold2: block.subarray(0, K), roll1: EMPTY, value: EMPTY },
      decisions: new Int16Array(slab!, at + 16 * K, 2 * R),
      boxes: new Uint8Array(slab!, at + 16 * K + 4 * R, 2 * R),
    };
    return { key: 0, te };
  };

  const admitted = (key: StateKey): boolean => {
    if (entries === 0) return false;
    if (!secondSight) return true;
    const h = (typeof key === 'number' ? Math.imul(key, 0x9e3779b1) : hashString(key)) >>> (32 - seenBits);
    if (seen[h] === key) return true;
    seen[h] = key;
    return false;
  };

  /** Copies the fresh evaluation in `work` into an entry (a new one, or the least useful one evicted). */
  const store = (key: StateKey): TurnEval => {
    const size = probation.size + protectedList.size;
    const entry = size < entries ? newEntry() : probation.size > 0 ? probation.pop()! : protectedList.pop()!;
    entry.key = key;
    const e = entry.te;
    e.ws.hold2.set(work.ws.hold2);
    e.ws.hold3.set(work.ws.hold3);
    e.value = work.value;
    let same = true;
    for (let r = 0; r < R && same; r++) same = work.first[r] === work.later[r];
    // Only Superpass's first-roll-only column makes entries after the first roll worth more.
    if (same) e.first = e.later;
    else if (e.first !== e.later) e.first.set(work.first);
    else e.first = work.first.slice();
    e.decisions.fill(-1);
    // The boxes the evaluation already knows (fillScoreNow's), the rest to be chosen.
    e.boxes.set(work.boxes);
    probation.set(key, entry);
    return e;
  };

  /** A hit in probation: the entry moves to protected; protected's oldest beyond its share falls back. */
  const promote = (e: Entry): void => {
    if (protectedCap === 0) return;
    probation.delete(e.key);
    protectedList.set(e.key, e);
    if (protectedList.size > protectedCap) {
      const old = protectedList.pop()!;
      probation.set(old.key, old);
    }
  };

  return {
    model,
    get size() {
      return probation.size + protectedList.size;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    get(state) {
      // Players ask about one state object several times a turn (once per roll).
      if (state === lastState) return current;
      lastState = state;
      const key = keyOf(state);
      let e = protectedList.get(key);
      if (!e) {
        e = probation.get(key);
        if (e) promote(e);
      }
      if (e) {
        hits++;
        e.te.state = state;
        return (current = e.te);
      }
      misses++;
      evaluateState(work, state, holdsOnly);
      current = admitted(key) ? store(key) : work;
      current.state = state;
      return current;
    },
  };
}

/**
 * Turn caches for any number of models (the server's: one per model it serves, created on first
 * use), so an entry is never handed to another model, even of the same rule set.
 */
export interface TurnCaches {
  get(model: GameModel, state: GameState): TurnEval;
  readonly size: number;
  readonly hits: number;
  readonly misses: number;
}

export function createTurnCaches(options: TurnCacheOptions = {}): TurnCaches {
  const byModel = new Map<GameModel, TurnCache>();
  const sum = (f: (c: TurnCache) => number): number => {
    let n = 0;
    for (const c of byModel.values()) n += f(c);
    return n;
  };
  return {
    get(model, state) {
      let cache = byModel.get(model);
      if (!cache) byModel.set(model, (cache = createTurnCache(model, options)));
      return cache.get(state);
    },
    get size() {
      return sum((c) => c.size);
    },
    get hits() {
      return sum((c) => c.hits);
    },
    get misses() {
      return sum((c) => c.misses);
    },
  };
}
