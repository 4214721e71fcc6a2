import type { ColumnFacts, RuleSet } from '../rules/index.ts';
import { scoreBox, upperBonusFor, UPPER_COUNT, yahtzeeBoxIndex } from '../rules/index.ts';
import type { GameModel } from './game-model.ts';
import type { ColumnState, GameState } from './game-state.ts';
import { createTurnEval, evaluateState, rankedScoreOptions, type TurnEval } from './turn-eval.ts';

/**
 * Fast paths for playing many games through a GameModel (the simulator's hot loop). Nothing here
 * decides differently from the plain engine: `evaluateState` + `bestHold` for holds and the first of
 * `rankedScoreOptions` for the box. They only avoid repeated work and allocation:
 *
 * - `createTurnEvalCache` keeps the engine's hold values of frequent turn-start states. Under
 *   optimal play the early turns (and the last ones, with few boxes left) repeat a lot: over 100k
 *   games of `yahtzee` 90% of turn-start states were seen before.
 * - `createBoxChooser` finds the best box without building the option list and its next states.
 */

export interface BoxChoice {
  column: number;
  box: number;
}

/** Views of each roll's face counts, so scoring a roll allocates nothing. */
function rollCountViews(model: GameModel): Uint8Array[] {
  const t = model.c.dice;
  const out: Uint8Array[] = [];
  for (let r = 0; r < t.rollCount; r++) out.push(t.keepCounts.subarray(r * 6, r * 6 + 6));
  return out;
}

/** Scratch for `scoreEntry`: what one entry scores and the column it leaves. */
export interface EntryScratch {
  facts: ColumnFacts;
  next: ColumnState;
  points: number;
  upperBonus: number;
  yahtzeeBonus: number;
  gain: number;
}

export function createEntryScratch(): EntryScratch {
  return { facts: { filledMask: 0, yahtzeeHolds50: false }, next: { mask: 0, upper: 0, yahtzee50: false }, points: 0, upperBonus: 0, yahtzeeBonus: 0, gain: 0 };
}

/**
 * Scores roll `counts` in free box `box` of a single column whose boxes may be filled in any order,
 * exactly as `scoreOptions` does (same rules functions, same arithmetic), into `e` without
 * allocating. Returns false when the Joker rules forbid the box.
 */
export function scoreEntry(rs: RuleSet, col: ColumnState, counts: ArrayLike<number>, box: number, e: EntryScratch): boolean {
  e.facts.filledMask = col.mask;
  e.facts.yahtzeeHolds50 = col.yahtzee50;
  const res = scoreBox(rs, e.facts, counts, box);
  if (!res) return false;
  const points = res.points;
  e.points = points;
  e.upperBonus = box < UPPER_COUNT ? upperBonusFor(rs, col.upper, points) : 0;
  e.yahtzeeBonus = res.yahtzeeBonus;
  e.gain = rs.columns[0].multiplier * (points + (e.upperBonus + res.yahtzeeBonus));
  e.next.mask = col.mask | (1 << box);
  e.next.upper = box < UPPER_COUNT ? col.upper + points : col.upper;
  e.next.yahtzee50 = col.yahtzee50 || (points === 50 && box === yahtzeeBoxIndex(rs));
  return true;
}

/** True where `scoreEntry` applies: one column, any fill order, no zero rule. */
export function isPlainColumn(rs: RuleSet): boolean {
  return rs.columns.length === 1 && rs.columns[0].fill === 'any' && !rs.zeroOnlyWhenNothingScores;
}

/**
 * The best box for a full roll: the same choice as `rankedScoreOptions(te, roll, firstRoll)[0]`
 * (highest gain + value of the next state, ties to the lower column, then the lower box).
 * Plain single-column rule sets take an allocation-free loop over `scoreEntry`; the others use
 * the option list itself.
 */
export function createBoxChooser(model: GameModel): (state: GameState, rollKeep: number, firstRoll: boolean) => BoxChoice {
  const rs: RuleSet = model.rs;
  if (!isPlainColumn(rs)) {
    const te = createTurnEval(model);
    return (state, rollKeep, firstRoll) => {
      te.state = state;
      const best = rankedScoreOptions(te, rollKeep, firstRoll)[0];
      return { column: best.column, box: best.box };
    };
  }
  const counts = rollCountViews(model);
  const B = rs.boxes.length;
  const e = createEntryScratch();
  const next: GameState = { columns: [e.next] };
  return (state, rollKeep) => {
    const col = state.columns[0];
    const roll = counts[rollKeep];
    let bestEv = -Infinity;
    let bestBox = -1;
    for (let b = 0; b < B; b++) {
      if ((col.mask & (1 << b)) !== 0 || !scoreEntry(rs, col, roll, b, e)) continue;
      const ev = e.gain + model.value(next);
      if (ev > bestEv) {
        bestEv = ev;
        bestBox = b;
      }
    }
    return { column: 0, box: bestBox };
  };
}

export interface TurnEvalCache {
  /**
   * The engine's evaluation of a turn-start state: a fresh `evaluateState`, or a stored copy of an
   * earlier one. Only `ws.hold2`, `ws.hold3`, `first`, `later` and `value` are kept (what
   * `bestHold` and the score-now test read); `ws.roll1` and `ws.scratch` are empty in stored copies.
   * Valid until the next call.
   */
  get(state: GameState): TurnEval;
  readonly hits: number;
  readonly misses: number;
}

/** Stored entries per block of memory, so a short run never allocates the whole capacity. */
const BLOCK = 512;
const EMPTY = new Float64Array(0);
const PROBATION = 0;
const PROTECTED = 1;

/**
 * Two LRU lists over slots 0..n-1, linked through typed arrays (a Map's iteration order would
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

/**
 * A segmented LRU cache of turn evaluations keyed by the single column's (mask, upper, Yahtzee 50).
 * A state enters a probation segment and moves to a protected one (80% of the entries) when seen
 * again, so the stream of one-off mid-game states cannot flush the frequent early and late ones.
 * For an exact model the upper total is capped at the bonus threshold in the key: the table and
 * the score-now step both read min(threshold, upper), so states that differ only above it are
 * evaluated identically. `entries` = 0 caches nothing (every new state is evaluated).
 * Each entry holds 2 × keepCount doubles (7.4 KB for five dice).
 */
export function createTurnEvalCache(model: GameModel, entries: number): TurnEvalCache {
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
  const blocks: Float64Array[] = [];
  const views: TurnEval[] = [];
  let used = 0;
  let lastKey = -1;
  let last: TurnEval = te;
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

  /** A slot's arrays and TurnEval are made once (typed-array views cost about a microsecond each). */
  const slotView = (slot: number): TurnEval => {
    if (slot < views.length) return views[slot];
    if (slot % BLOCK === 0) blocks.push(new Float64Array(BLOCK * 2 * K));
    const block = blocks[Math.floor(slot / BLOCK)];
    const o = (slot % BLOCK) * 2 * K;
    const hold2 = block.subarray(o, o + K);
    const hold3 = block.subarray(o + K, o + 2 * K);
    const later = hold3.subarray(0, R);
    const view: TurnEval = {
      model,
      state: { columns: [{ mask: 0, upper: 0, yahtzee50: false }] },
      value: 0,
      first: later,
      later,
      ws: { hold2, hold3, roll1: EMPTY, scratch: EMPTY },
    };
    views.push(view);
    return view;
  };

  const store = (slot: number, key: number, state: GameState): TurnEval => {
    keyOfSlot[slot] = key;
    slotOf.set(key, slot);
    lists.push(PROBATION, slot);
    const view = slotView(slot);
    view.ws.hold2.set(te.ws.hold2);
    view.ws.hold3.set(te.ws.hold3);
    view.value = te.value;
    const col = state.columns[0];
    const c = view.state.columns[0];
    c.mask = col.mask;
    c.upper = col.upper;
    c.yahtzee50 = col.yahtzee50;
    // Score-now values after the first roll equal those after a reroll in every plain rule set;
    // where they differ they get an array of their own.
    let same = true;
    for (let r = 0; r < R && same; r++) same = te.first[r] === te.later[r];
    if (same) view.first = view.later;
    else {
      if (view.first === view.later) view.first = new Float64Array(R);
      view.first.set(te.first);
    }
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

  return {
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    get(state) {
      const key = keyOf(state);
      if (key >= 0 && key === lastKey) return last;
      lastKey = key;
      if (key >= 0 && entries > 0) {
        const slot = slotOf.get(key);
        if (slot !== undefined) {
          hits++;
          touch(slot);
          last = views[slot];
          return last;
        }
      }
      misses++;
      evaluateState(te, state);
      last = key >= 0 && entries > 0 ? store(takeSlot(), key, state) : te;
      return last;
    },
  };
}
