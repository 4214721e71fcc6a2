import type { GameState } from '../solver/index.ts';
import type { AimTerms } from './goal-chance.ts';
import { indexIn, openBoxesOf, type GoalContext } from './goal-context.ts';
import type { LastTurnMemo } from './last-turn-memo.ts';
import { entryGain } from './last-turns.ts';
import { entrySlots, LATE, lateAny, settleRolls, slotCount } from './score-slots.ts';
import { NEED_LANES, twoLeftChances, type TwoLeft, type TwoLeftLanes } from './two-left.ts';

/**
 * A goal model's turn with three boxes left, solved exactly: each entry is valued by the two-box
 * turn it leaves (two-left.ts), one engine run per box entered (a lane per points still needed,
 * upper total and flag of its column after the entry), and the rolls' values are settled as the
 * two-box turn settles them. Every entry's next state and gain are read first: the two-box turns
 * reuse the model's scratch.
 */

/** The two-box turns one box's entries leave: per lane, the points still needed and its column's upper total and flag after the entry. */
interface Asked {
  k: number;
  b: number;
  need: number[];
  upper: number[];
  flag: number[];
  // by points still needed, then upper total × 2 + flag (numbers, not a string key: 756 asks a turn)
  laneOf: Map<number, Map<number, number>>;
  values?: Float64Array;
}

/** One box's entries: per roll its slot and its lane of the box's asks (-1 where the rules bar it); `late`, a first-roll-only column's lane after a reroll. */
interface Entry {
  a: Asked;
  slots: Int32Array;
  lane: Int32Array;
  onlyFirst: boolean;
  late: number;
  special: Uint8Array;
}

/** Score-now with three boxes left for goal `t`, exact; `bestV` is scratch of slotCount(R) values. */
export function fillThreeLeft(ctx: GoalContext, two: TwoLeft, memo: LastTurnMemo, t: AimTerms, bestV: Float64Array, state: GameState, first: Float64Array, later: Float64Array): void {
  const { boxes, entries, firstOnly } = askThreeLeft(ctx, state, t.need);
  const after: GameState = { columns: state.columns.map((col) => ({ ...col })) };
  for (const a of boxes) {
    after.columns[a.k].mask = state.columns[a.k].mask | (1 << a.b);
    a.values = new Float64Array(a.need.length);
    for (let at = 0; at < a.need.length; at += NEED_LANES) {
      const n = Math.min(NEED_LANES, a.need.length - at);
      const lanes: TwoLeftLanes = { count: n, need: a.need.slice(at, at + n), column: a.k, upper: a.upper.slice(at, at + n), flag: a.flag.slice(at, at + n) };
      twoLeftChances(ctx, two, memo, t, after, lanes, a.values.subarray(at, at + n));
    }
    after.columns[a.k].mask = state.columns[a.k].mask;
  }
  settleEntries(ctx, entries, bestV);
  settleRolls(ctx, first, later, firstOnly, bestV);
}

/** Every entry of the turn in `state` and the two-box turns it leaves, `need` points needed. */
function askThreeLeft(ctx: GoalContext, state: GameState, need: number): { boxes: Asked[]; entries: Entry[]; firstOnly: boolean } {
  const { R, C, zeroRule, entry } = ctx;
  const ask = (a: Asked, upper: number, flag: boolean, needLeft: number): number =>
    indexIn(a.laneOf, needLeft, upper * 2 + (flag ? 1 : 0), () => {
      a.need.push(needLeft);
      a.upper.push(upper);
      return a.flag.push(flag ? 1 : 0) - 1;
    });
  const boxes: Asked[] = [];
  const entries: Entry[] = [];
  let firstOnly = false;
  for (let k = 0; k < C; k++) {
    const p = ctx.parts[k];
    const col = state.columns[k];
    const open = openBoxesOf(ctx, state, k);
    const onlyFirst = p.firstRollOnly;
    if (open && onlyFirst) firstOnly = true;
    const special = ctx.nOfAKind[k];
    const [scoreSlot, zeroSlot] = entrySlots(onlyFirst, R);
    for (let m = open; m; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      const a: Asked = { k, b, need: [], upper: [], flag: [], laneOf: new Map() };
      boxes.push(a);
      const slots = new Int32Array(R);
      const lane = new Int32Array(R);
      for (let r = 0; r < R; r++) {
        const gain = entryGain(p, col, r, b, special[r] === 1, entry);
        slots[r] = (zeroRule && entry.points === 0 ? zeroSlot : scoreSlot) + r;
        lane[r] = gain === undefined ? -1 : ask(a, entry.next.upper, entry.next.yahtzee50, need - gain);
      }
      // After a reroll a first-roll-only column's entry scores nothing and leaves the column as it was.
      const late = onlyFirst ? ask(a, col.upper, col.yahtzee50, need) : -1;
      entries.push({ a, slots, lane, onlyFirst, late, special });
    }
  }
  return { boxes, entries, firstOnly };
}

/** Per slot, the best value of its entries (their boxes' two-box turns valued) into bestV, -Infinity where none. */
function settleEntries(ctx: GoalContext, entries: Entry[], bestV: Float64Array): void {
  const { R } = ctx;
  const LATE_ANY = lateAny(R);
  bestV.fill(-Infinity, 0, slotCount(R));
  for (const { a, slots, lane, onlyFirst, late, special } of entries) {
    const values = a.values!;
    if (onlyFirst) {
      const v = values[late];
      bestV[LATE_ANY] = Math.max(bestV[LATE_ANY], v);
      for (let r = 0; r < R; r++) if (special[r]) bestV[LATE * R + r] = Math.max(bestV[LATE * R + r], v);
    }
    for (let r = 0; r < R; r++) {
      if (lane[r] < 0) continue;
      const v = values[lane[r]];
      if (v > bestV[slots[r]]) bestV[slots[r]] = v;
    }
  }
}
