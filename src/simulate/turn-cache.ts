import { createTurnEval, evaluateState, type GameModel, type GameState, type TurnEval } from '../solver/index.ts';
import { engineHold } from '../solver/fast-play.ts';

/**
 * Turn evaluations of frequent turn-start states, kept so that games replaying them skip the turn
 * engine (evaluateState costs about 8–10 µs; the simulator's budget is about 100 µs a game).
 * Under optimal play the first turns, and the last ones with few boxes left, repeat a lot: over
 * 100k `yahtzee` games 90% of turn-start states had been seen before.
 *
 * Nothing is approximated: an entry is a copy of the engine's hold values for that state, and the
 * hold is decided from it by the same `engineHold`; decisions made from an entry are memoised
 * with it (a hit then reads one number instead of the values of up to 32 holds).
 */
export interface TurnCache {
  /** The engine's hold decision (keep index; the roll itself = stop and score) for this state and roll. */
  hold(state: GameState, rollKeep: number, rollsLeft: 1 | 2): number;
  /**
   * The evaluation the last `hold` used: a fresh `evaluateState`, or a stored copy that keeps only
   * `ws.hold2`, `ws.hold3`, `first`, `later` and `value` (what the decision reads). Valid until the next call.
   */
  readonly current: TurnEval;
  readonly hits: number;
  readonly misses: number;
}

/** Stored entries per block of memory, so a short run never allocates the whole capacity. */
const BLOCK = 512;
const EMPTY = new Float64Array(0);
const PROBATION = 0;
const PROTECTED = 1;

/**
 * Two LRU lists over slots 0..n-1, linked through typed arrays (a Map's insertion order would
 * do, but finding its oldest entry walks over every deleted one). Slots n and n+1 are the heads.
 */
class SlotLists {
  readonly prev: Int32Array;
  readonly next: Int32Array;
  readonly list: Uint8Array;
  readonly size = [0, 0];
  private readonly n: number;

  constructor(n: number) {
    this.n = n;
    this.prev = new Int32Array(n + 2);
    this.next = new Int32Array(n + 2);
    this.list = new Uint8Array(n);
    for (const h of [n, n + 1]) this.prev[h] = this.next[h] = h;
  }

  /** Appends slot as the newest of list l. */
  push(l: number, slot: number): void {
    const h = this.n + l;
    const last = this.prev[h];
    this.next[last] = slot;
    this.prev[slot] = last;
    this.next[slot] = h;
    this.prev[h] = slot;
    this.list[slot] = l;
    this.size[l]++;
  }

  unlink(slot: number): void {
    const p = this.prev[slot];
    const q = this.next[slot];
    this.next[p] = q;
    this.prev[q] = p;
    this.size[this.list[slot]]--;
  }

  /** The oldest slot of list l (the list must not be empty). */
  oldest(l: number): number {
    return this.next[this.n + l];
  }
}

/** Bytes one entry takes for a model's dice: hold values before both rerolls plus the decision memo. */
export function turnCacheEntryBytes(model: GameModel): number {
  return 2 * model.c.dice.keepCount * 8 + 2 * model.c.dice.rollCount * 2;
}

/**
 * A segmented LRU cache keyed by the single column's (mask, upper, Yahtzee 50). A state is stored
 * the second time it is evaluated (a direct-mapped table of recent keys remembers the first),
 * into a probation segment, and moves to a protected one (80% of the entries) when hit, so the
 * stream of one-off mid-game states cannot flush the frequent early and late ones. Over 100k
 * `yahtzee` games 16384 entries spared about 68% of the evaluations, 32768 about 77%.
 * For an exact model the upper total is capped at the bonus threshold in the key: the table and
 * the score-now step both read min(threshold, upper), so such states are evaluated identically.
 * `entries` = 0 stores nothing.
 */
export function createTurnCache(model: GameModel, entries: number): TurnCache {
  const te = createTurnEval(model);
  const t = model.c.dice;
  const K = t.keepCount;
  const R = t.rollCount;
  const single = model.rs.columns.length === 1;
  const cap = model.exact ? model.rs.upperBonus.threshold : 127;
  const protectedCap = Math.floor(entries * 0.8);
  const probationCap = entries - protectedCap;
  const slotOf = new Map<number, number>();
  const keyOfSlot = new Int32Array(entries);
  const lists = new SlotLists(entries);
  const seenBits = Math.max(4, Math.ceil(Math.log2(Math.max(1, entries))));
  const seen = new Int32Array(1 << seenBits).fill(-1);
  const blocks: Float64Array[] = [];
  const memoBlocks: Int16Array[] = [];
  const views: TurnEval[] = [];
  const memos: Int16Array[] = [];
  let used = 0;
  let lastKey = -1;
  let current: TurnEval = te;
  let memo: Int16Array | null = null;
  let hits = 0;
  let misses = 0;

  const keyOf = (state: GameState): number => {
    if (!single) return -1;
    const col = state.columns[0];
    if (col.upper > 127) return -1;
    const upper = col.upper < cap ? col.upper : cap;
    return (col.mask * 128 + upper) * 2 + (col.yahtzee50 ? 1 : 0);
  };

  const evict = (l: number): number => {
    const slot = lists.oldest(l);
    lists.unlink(slot);
    slotOf.delete(keyOfSlot[slot]);
    return slot;
  };

  const takeSlot = (): number => {
    if (used < entries) return used++;
    return evict(lists.size[PROBATION] > 0 ? PROBATION : PROTECTED);
  };

  /** A slot's arrays and TurnEval are made once: a typed-array view costs about a microsecond. */
  const slotView = (slot: number): TurnEval => {
    if (slot < views.length) return views[slot];
    if (slot % BLOCK === 0) {
      blocks.push(new Float64Array(BLOCK * 2 * K));
      memoBlocks.push(new Int16Array(BLOCK * 2 * R));
    }
    const block = blocks[Math.floor(slot / BLOCK)];
    const o = (slot % BLOCK) * 2 * K;
    const hold2 = block.subarray(o, o + K);
    const hold3 = block.subarray(o + K, o + 2 * K);
    const later = hold3.subarray(0, R);
    const m = (slot % BLOCK) * 2 * R;
    memos.push(memoBlocks[Math.floor(slot / BLOCK)].subarray(m, m + 2 * R));
    const view: TurnEval = {
      model,
      state: { columns: [{ mask: 0, upper: 0, yahtzee50: false }] },
      value: 0,
      first: later,
      later,
      ws: { mode: 'max', lanes: 1, capacity: 1, hold2, hold3, roll1: EMPTY, scratch: EMPTY, value: EMPTY },
    };
    views.push(view);
    return view;
  };

  const store = (slot: number, key: number, state: GameState): TurnEval => {
    keyOfSlot[slot] = key;
    slotOf.set(key, slot);
    lists.push(PROBATION, slot);
    const view = slotView(slot);
    // Copy through the block: `set` on the block is about twice as fast as on a view of it.
    const block = blocks[Math.floor(slot / BLOCK)];
    const o = (slot % BLOCK) * 2 * K;
    block.set(te.ws.hold2, o);
    block.set(te.ws.hold3, o + K);
    view.value = te.value;
    const col = state.columns[0];
    const c = view.state.columns[0];
    c.mask = col.mask;
    c.upper = col.upper;
    c.yahtzee50 = col.yahtzee50;
    // Score-now values after the first roll equal those after a reroll in every single-column
    // rule set; where they differ they get an array of their own.
    let same = true;
    for (let r = 0; r < R && same; r++) same = te.first[r] === te.later[r];
    if (same) view.first = view.later;
    else {
      if (view.first === view.later) view.first = new Float64Array(R);
      view.first.set(te.first);
    }
    memos[slot].fill(-1);
    return view;
  };

  /** A hit: probation entries move to protected, whose oldest falls back to probation. */
  const touch = (slot: number): void => {
    const wasProbation = lists.list[slot] === PROBATION;
    lists.unlink(slot);
    lists.push(PROTECTED, slot);
    if (!wasProbation || lists.size[PROTECTED] <= protectedCap) return;
    const old = lists.oldest(PROTECTED);
    lists.unlink(old);
    lists.push(PROBATION, old);
    if (lists.size[PROBATION] > probationCap && used === entries) evict(PROBATION);
  };

  const lookup = (state: GameState): void => {
    const key = keyOf(state);
    if (key >= 0 && key === lastKey) return;
    lastKey = key;
    if (key >= 0 && entries > 0) {
      const slot = slotOf.get(key);
      if (slot !== undefined) {
        hits++;
        touch(slot);
        current = views[slot];
        memo = memos[slot];
        return;
      }
    }
    misses++;
    evaluateState(te, state);
    current = te;
    memo = null;
    if (key >= 0 && entries > 0) {
      const h = Math.imul(key, 0x9e3779b1) >>> (32 - seenBits);
      if (seen[h] === key) {
        const slot = takeSlot();
        current = store(slot, key, state);
        memo = memos[slot];
      } else seen[h] = key;
    }
  };

  return {
    get current() {
      return current;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    hold(state, rollKeep, rollsLeft) {
      lookup(state);
      if (memo === null) return engineHold(current, rollKeep, rollsLeft);
      const i = (rollsLeft - 1) * R + rollKeep;
      let d = memo[i];
      if (d < 0) d = memo[i] = engineHold(current, rollKeep, rollsLeft);
      return d;
    },
  };
}
