import { fmix32, hashString, type DiceTables } from '../dice/index.ts';
import { hasColumns, type RuleSet } from '../rules/index.ts';
import { compileRules } from './compiled-rules.ts';
import { bestHoldChoices, boxMemoLength, engineBox, engineBoxAt, engineHold, type BoxChoice } from './engine-decisions.ts';
import type { GameModel } from './game-model.ts';
import type { GameState } from './game-state.ts';
import { createTurnCache, turnKeyOf, type StateKey } from './turn-cache.ts';

/**
 * The simulator's players ask three questions of a turn-start state, many times over: the hold
 * after the first roll, the hold after the second, the box. This memo keeps only those answers,
 * a thin layer over the turn cache: a state it has not seen is evaluated there, every hold
 * decision is taken at once (`bestHoldChoices`: the keep `engineHold` takes) and boxes are
 * chosen on demand by `engineBox`'s chooser. So play is exactly the engine's.
 *
 * A row is 2 × 252 holds and 252 boxes, a byte each for five dice (a hold as its place among the
 * roll's holds, a box as its code): 756 bytes against 9.4 KB for a cached turn with its values.
 * Over 200k games a thread meets some 100k states, so reading a decision is mostly waiting on
 * memory: with Int16 rows (1.5 KB) the three reads of a turn took a fifth of a game's time.
 * Rows lie in one typed array found through an 8-way set-associative
 * table of keys (least recently used evicted from a set): a decision is a probe and one read,
 * with no object to chase. Over 100k games of
 * optimal `yahtzee` the lru-cache lookup, the entry objects and the hold values read for a
 * decision cost more than half of a game's time once turns were cached.
 *
 * The threads of one run may share their rows (`createSharedMemoSpace`): the states of optimal
 * play are nearly the same in every thread (100k games of `yahtzee` meet 95k states, 200k games
 * 107k), so each thread evaluating its own copy of them was most of a game's time.
 */
export interface DecisionMemo {
  /** `engineHold`: the keep to hold (the roll itself = stop and score) */
  hold(state: GameState, rollKeep: number, rollsLeft: 1 | 2): number;
  /** `engineBox`: the box to score the full roll in */
  box(state: GameState, rollKeep: number, firstRoll: boolean): BoxChoice;
  readonly size: number;
  readonly hits: number;
  readonly misses: number;
  /** the same decisions read in two steps, for play in bulk; absent where nothing is kept (entries 0) */
  readonly places?: MemoPlaces;
}

/**
 * A memo's decisions for many games at once (simulate/lockstep-play.ts): `place` finds (or
 * fills) a state's row, `hold` and `box` read it as `DecisionMemo.hold` and `box` do. Finding the
 * rows of a batch of games before reading any of them lets those memory reads overlap: one at a
 * time, a game waits on each in turn.
 */
export interface MemoPlaces {
  /**
   * How many places stay good together: a thread's own rows are evicted least recently used
   * first from sets of this many ways, so of more states placed one after another, a later one
   * may take an earlier one's row. A shared space's rows never move.
   */
  readonly together: number;
  /** where `state`'s decisions lie, its row filled now if the state is new */
  place(state: GameState): number;
  hold(place: number, rollKeep: number, rollsLeft: 1 | 2): number;
  box(place: number, state: GameState, rollKeep: number, firstRoll: boolean): BoxChoice;
}

export interface DecisionMemoOptions {
  /** states whose decisions are kept (0 = none: every new state is evaluated); default DEFAULT_MEMO_ENTRIES */
  entries?: number;
  /**
   * Rows shared with the other threads of a run, found first; a state whose set there is full
   * goes to a small memo of this thread's own (OVERFLOW_ENTRIES).
   */
  shared?: SharedMemoSpace;
}

/**
 * 131,072 states: about 100 MB for five dice, touched only as states come. Over 100k games of
 * optimal `yahtzee` on one thread it evaluates 0.95 turns a game (0.92 with no limit), against
 * 3.3 for the 16,384 turns of the turn cache in more memory.
 */
export const DEFAULT_MEMO_ENTRIES = 131_072;

/** Ways of a set: 8 missed 0.95 turns a game where 4 missed 1.04 (131,072 entries). */
const WAYS = 8;

/** A thread's own rows beside a shared space, for the states whose set there is full. */
const OVERFLOW_ENTRIES = 8192;

/**
 * Rows of decisions over SharedArrayBuffers, which a message shares with worker threads: every
 * thread's memo over one space reads and fills the same rows. A slot is written once: a thread
 * claims an empty slot (compare-and-exchange), takes the next free row, fills its hold decisions
 * and then publishes its key, so a thread that sees a key reads a complete row; nothing is
 * evicted, so a row never changes under a reader. Box decisions are filled in later by whichever
 * thread needs one, the same value whoever writes it. States of one column only (their keys are
 * numbers).
 *
 * Rows lie in the order states were first met, not in slot order: the states every game meets
 * (the opening ones) come first and share a few megabytes, where rows spread by their slots'
 * hashes over the whole space cost a cache and TLB miss each.
 */
export interface SharedMemoSpace {
  /** names the space: strategies playing over it may be kept while tasks bring the same id */
  id: number;
  /**
   * per slot, way w of set s at s × ways + w, a pair: at 2 × slot 0 = empty, -1 = being filled,
   * else the state's key + 1; at 2 × slot + 1 the index of its row; then, at 2 × slots, the rows taken
   */
  keys: Int32Array;
  /** row i's decisions at i × stride (laid out as `rowStride` says) */
  rows: Uint8Array;
}

const holdIndexes = new WeakMap<DiceTables, Uint8Array>();

/** `holdAt[r × keeps + k]`: keep k's place among roll r's holds (`rollHoldList`), at most 64 for six dice. */
function holdIndexOf(t: DiceTables): Uint8Array {
  let at = holdIndexes.get(t);
  if (!at) {
    at = new Uint8Array(t.rollCount * t.keepCount);
    for (let r = 0; r < t.rollCount; r++) {
      for (let i = t.rollHoldStart[r]; i < t.rollHoldStart[r + 1]; i++) at[r * t.keepCount + t.rollHoldList[i]] = i - t.rollHoldStart[r];
    }
    holdIndexes.set(t, at);
  }
  return at;
}

/**
 * A row: at [0, R) the hold with one roll left, at [R, 2R) with two, each as its place among the
 * roll's holds (`holdIndexOf`), then the box memo (`boxMemoLength` bytes, laid out as a turn's
 * `boxes`).
 */
function rowStride(rs: RuleSet): number {
  return 2 * compileRules(rs).dice.rollCount + boxMemoLength(rs);
}

let spaces = 0;

/** Slots and ways of a memo of `entries` states: `ways` × a power of two. */
function memoShape(entries: number): { ways: number; setMask: number; slots: number } {
  const ways = Math.min(WAYS, entries);
  const setBits = Math.floor(Math.log2(entries / ways));
  return { ways, setMask: (1 << setBits) - 1, slots: ways << setBits };
}

/**
 * A space for the memos of one strategy in one run across its threads, room for `entries`
 * states (rounded down as a memo's); undefined where it cannot serve (several columns, or none).
 * The buffers are only reserved here: memory is touched as rows are filled.
 */
export function createSharedMemoSpace(rs: RuleSet, entries: number): SharedMemoSpace | undefined {
  if (hasColumns(rs) || !Number.isInteger(entries) || entries <= 0) return undefined;
  const { slots } = memoShape(entries);
  return { id: ++spaces, keys: new Int32Array(new SharedArrayBuffer(4 * (2 * slots + 1))), rows: new Uint8Array(new SharedArrayBuffer(slots * rowStride(rs))) };
}

/** Finds the row of a state's decisions in one table of rows, filling it if the state is new; -1: no room (a full set of a shared space). */
interface RowTable {
  readonly rows: Uint8Array;
  /** ways of a set */
  readonly ways: number;
  rowOf(key: StateKey, state: GameState): number;
}

interface Counts {
  size: number;
  hits: number;
  misses: number;
}

/** `fill(rows, row, state)` writes a new state's hold decisions and empties its box memo. */
type FillRow = (rows: Uint8Array, row: number, state: GameState) => void;

/** A thread's own rows: a set-associative table of keys, least recently used evicted from a full set. */
function ownTable(entries: number, stride: number, fill: FillRow, n: Counts): RowTable {
  const { ways, setMask, slots } = memoShape(entries);
  // Way w of set s at s * ways + w, most recently used first; `rowOf` says where its decisions lie.
  const keys: StateKey[] = new Array<StateKey>(slots).fill(-1);
  const rowAt = new Int32Array(slots);
  for (let i = 0; i < slots; i++) rowAt[i] = i * stride;
  const rows = new Uint8Array(slots * stride);

  /** Moves way w of the set at `base` to the front; returns its row. */
  const toFront = (base: number, w: number): number => {
    const key = keys[base + w];
    const row = rowAt[base + w];
    for (let i = base + w; i > base; i--) {
      keys[i] = keys[i - 1];
      rowAt[i] = rowAt[i - 1];
    }
    keys[base] = key;
    rowAt[base] = row;
    return row;
  };

  return {
    rows,
    ways,
    rowOf(key, state) {
      const base = ((typeof key === 'number' ? fmix32(key) : hashString(key)) & setMask) * ways;
      for (let w = 0; w < ways; w++) {
        if (keys[base + w] === key) {
          n.hits++;
          return w === 0 ? rowAt[base] : toFront(base, w);
        }
      }
      n.misses++;
      if (keys[base + ways - 1] === -1) n.size++;
      keys[base + ways - 1] = key;
      const row = toFront(base, ways - 1);
      fill(rows, row, state);
      return row;
    },
  };
}

/** A shared space's rows (SharedMemoSpace): found, or claimed and filled, in the first free way of the state's set. */
function sharedTable(space: SharedMemoSpace, stride: number, fill: FillRow, n: Counts): RowTable {
  const { keys, rows } = space;
  const slots = (keys.length - 1) / 2;
  const taken = 2 * slots;
  const ways = Math.min(WAYS, slots);
  const setMask = slots / ways - 1;
  if (rows.length !== slots * stride || (setMask & (setMask + 1)) !== 0) throw new Error(`a shared memo space of ${slots} slots and ${rows.length} row entries does not fit rows of ${stride}`);
  return {
    rows,
    ways,
    rowOf(key, state) {
      const tag = (key as number) + 1;
      const base = (fmix32(key as number) & setMask) * ways;
      for (let w = 0; w < ways; w++) {
        const at = 2 * (base + w);
        let k = Atomics.load(keys, at);
        if (k === 0) {
          k = Atomics.compareExchange(keys, at, 0, -1);
          if (k === 0) {
            n.misses++;
            n.size++;
            // Every claimed slot takes one row: there are as many rows as slots.
            const row = Atomics.add(keys, taken, 1);
            fill(rows, row * stride, state);
            keys[at + 1] = row;
            Atomics.store(keys, at, tag);
            return row * stride;
          }
        }
        if (k === tag) {
          n.hits++;
          return keys[at + 1] * stride;
        }
      }
      return -1;
    },
  };
}

export function createDecisionMemo(model: GameModel, options: DecisionMemoOptions = {}): DecisionMemo {
  const entries = options.entries ?? DEFAULT_MEMO_ENTRIES;
  if (!Number.isInteger(entries) || entries < 0) throw new Error(`entries must be a non-negative integer, got ${entries}`);
  // Nothing cached there: the memo is the cache, the turn cache only evaluates (and answers a
  // state asked about twice in a row).
  const turns = createTurnCache(model, { entries: 0, holdsOnly: true });
  if (entries === 0) {
    return {
      hold: (state, rollKeep, rollsLeft) => engineHold(turns.get(state), rollKeep, rollsLeft),
      box: (state, rollKeep, firstRoll) => engineBox(turns.get(state), rollKeep, firstRoll),
      size: 0,
      get hits() {
        return turns.hits;
      },
      get misses() {
        return turns.misses;
      },
    };
  }
  const keyOf = turnKeyOf(model);
  const t = model.c.dice;
  const R = t.rollCount;
  const K = t.keepCount;
  const { rollHoldStart, rollHoldList } = t;
  const holdAt = holdIndexOf(t);
  const boxAt = 2 * R;
  const stride = rowStride(model.rs);
  const fill: FillRow = (rows, row, state) => {
    const te = turns.get(state);
    const keeps = bestHoldChoices(te);
    for (let i = 0; i < boxAt; i++) rows[row + i] = holdAt[(i < R ? i : i - R) * K + keeps[i]];
    // Laid out alike: the boxes the evaluation already knows, NO_BOX for the chooser.
    rows.set(te.boxes.subarray(0, stride - boxAt), row + boxAt);
  };
  if (options.shared && hasColumns(model.rs)) throw new Error(`a shared memo space holds states of one column; ${model.rs.id} has several`);
  const n: Counts = { size: 0, hits: 0, misses: 0 };
  const shared = options.shared && sharedTable(options.shared, stride, fill, n);
  const own = ownTable(shared ? Math.min(entries, OVERFLOW_ENTRIES) : entries, stride, fill, n);
  let lastState: GameState | undefined;
  let lastRow = 0;
  /** the rows of the last state asked about: the shared ones or this thread's */
  let rows = own.rows;

  /** The row of `state`'s decisions in `rows`, filled now if the state is new. */
  const rowFor = (state: GameState): number => {
    if (state === lastState) return lastRow;
    lastState = state;
    const key = keyOf(state);
    if (shared) {
      const row = shared.rowOf(key, state);
      if (row >= 0) {
        rows = shared.rows;
        return (lastRow = row);
      }
    }
    rows = own.rows;
    return (lastRow = own.rowOf(key, state));
  };

  // A place is a row's offset times two, plus one where the row is this thread's own.
  const ownRows = own.rows;
  const sharedRows = shared ? shared.rows : ownRows;
  const places: MemoPlaces = {
    together: own.ways,
    place(state) {
      const key = keyOf(state);
      if (shared) {
        const row = shared.rowOf(key, state);
        if (row >= 0) return 2 * row;
      }
      return 2 * own.rowOf(key, state) + 1;
    },
    hold(place, rollKeep, rollsLeft) {
      const at = (place & 1) === 0 ? sharedRows : ownRows;
      return rollHoldList[rollHoldStart[rollKeep] + at[(place >>> 1) + (rollsLeft - 1) * R + rollKeep]];
    },
    box(place, state, rollKeep, firstRoll) {
      return engineBoxAt(model, state, (place & 1) === 0 ? sharedRows : ownRows, (place >>> 1) + boxAt, rollKeep, firstRoll);
    },
  };

  return {
    places,
    hold: (state, rollKeep, rollsLeft) => {
      const row = rowFor(state);
      return rollHoldList[rollHoldStart[rollKeep] + rows[row + (rollsLeft - 1) * R + rollKeep]];
    },
    box: (state, rollKeep, firstRoll) => {
      const row = rowFor(state);
      return engineBoxAt(model, state, rows, row + boxAt, rollKeep, firstRoll);
    },
    get size() {
      return n.size;
    },
    get hits() {
      return n.hits;
    },
    get misses() {
      return n.misses;
    },
  };
}
