import { createTurnWorkspace, evaluateTurnValue, type ColumnState, type GameState, type TurnWorkspace } from '../solver/index.ts';
import type { AimTerms } from './goal-chance.ts';
import { openBoxesOf, type GoalContext } from './goal-context.ts';
import { askLastTurn, clearAsks, valueAsks, type LastTurnMemo } from './last-turn-memo.ts';
import { entryGain, lastBox } from './last-turns.ts';
import { entrySlots, LATE, lateAny, settleRolls, slotCount } from './score-slots.ts';

/**
 * A goal model's turn with two boxes left, solved exactly: each entry is valued by the last turn
 * it leaves (last-turns.ts, last-turn-memo.ts) instead of by a spread. Many lanes at once (the one
 * turn engine's): each lane its own points still needed and, in one column, its own upper total
 * and Yahtzee flag; the third-last turn (three-left.ts) asks for all of its entries' two-box
 * turns this way. Up to NEED_LANES lanes per run.
 */
export const NEED_LANES = 64;

/**
 * The lanes of a two-box turn: lane j needs need[j] more points, and column `column` (where
 * ≥ 0) has upper total upper[j] and Yahtzee flag flag[j] in it instead of the state's.
 */
export interface TwoLeftLanes {
  count: number;
  need: ArrayLike<number>;
  column: number;
  upper?: ArrayLike<number>;
  flag?: ArrayLike<number>;
}

/**
 * Scratch of the two-box turns: `bestM`, per slot (score-slots.ts) and lane at slot × lanes +
 * lane, the best value of its entries; per roll its points and slot in the entry being read; a
 * group's last-turn values per (combo, lane), at most one combo per roll. The workspace is made on
 * first use.
 */
export interface TwoLeft {
  ws: TurnWorkspace | undefined;
  bestM: Float64Array;
  allowed: Int32Array;
  pointsOfRoll: Int32Array;
  slotOfRoll: Int32Array;
  comboValue: Float64Array;
  comboIndex: Map<number, number>;
  needOne: Float64Array;
  /** one lane, needOne's */
  oneLane: TwoLeftLanes;
  chanceOne: Float64Array;
}

export function createTwoLeft(ctx: GoalContext): TwoLeft {
  const { R } = ctx;
  const needOne = new Float64Array(1);
  return {
    ws: undefined,
    bestM: new Float64Array(slotCount(R) * NEED_LANES),
    allowed: new Int32Array(ctx.C),
    pointsOfRoll: new Int32Array(R),
    slotOfRoll: new Int32Array(R),
    comboValue: new Float64Array(R * NEED_LANES),
    comboIndex: new Map(),
    needOne,
    oneLane: { count: 1, need: needOne, column: -1 },
    chanceOne: new Float64Array(1),
  };
}

/** Score-now with two boxes left for goal `t`'s own need, exact, settled per roll. */
export function fillTwoLeft(ctx: GoalContext, s: TwoLeft, memo: LastTurnMemo, t: AimTerms, state: GameState, first: Float64Array, later: Float64Array): void {
  s.needOne[0] = t.need;
  settleRolls(ctx, first, later, scoreTwoLeft(ctx, s, memo, t, state, s.oneLane), s.bestM, 1);
}

/** The exact chance of goal `t` from `state`, two boxes left, with `needLeft` points still needed. */
export function twoLeftChance(ctx: GoalContext, s: TwoLeft, memo: LastTurnMemo, t: AimTerms, state: GameState, needLeft: number): number {
  s.needOne[0] = needLeft;
  twoLeftChances(ctx, s, memo, t, state, s.oneLane, s.chanceOne);
  return s.chanceOne[0];
}

/** out[j]: the exact chance from `state`, two boxes left, in lane j: its turn played for the goal. */
export function twoLeftChances(ctx: GoalContext, s: TwoLeft, memo: LastTurnMemo, t: AimTerms, state: GameState, lanes: TwoLeftLanes, out: Float64Array): void {
  const ws = (s.ws ??= createTurnWorkspace(ctx.c.dice, NEED_LANES));
  const firstOnly = scoreTwoLeft(ctx, s, memo, t, state, lanes);
  settleRolls(ctx, ws.scoreFirst, ws.scoreLater, firstOnly, s.bestM, lanes.count);
  ws.lanes = lanes.count;
  evaluateTurnValue(ctx.c.dice, ws.scoreFirst, ws.scoreLater, ws);
  out.set(ws.value.subarray(0, lanes.count));
}

// One group of a two-box entry's lanes: those alike in the column state the entry reads.
interface LaneGroup {
  lanes: number[];
  comboOfRoll: Int32Array;
  // per distinct (gain, upper, flag) of the rolls × lane of the group: its last turn's ask
  last: number[];
  late: number[];
}

/**
 * Score-now with two boxes left, exact, for every lane (j < lanes.count ≤ NEED_LANES): each
 * entry is valued by the last turn it leaves, one engine run per free box for every gain and lane
 * of its entries (a lane of the last turn per distinct points still needed and state of the last
 * box's column), into bestM at slot × count + j. True where a first-roll-only column is open.
 */
function scoreTwoLeft(ctx: GoalContext, s: TwoLeft, memo: LastTurnMemo, t: AimTerms, state: GameState, lanes: TwoLeftLanes): boolean {
  const { C, R } = ctx;
  const M = lanes.count;
  s.bestM.fill(-Infinity, 0, slotCount(R) * M);
  let firstOnly = false;
  for (let k = 0; k < C; k++) {
    s.allowed[k] = openBoxesOf(ctx, state, k);
    if (s.allowed[k] && ctx.parts[k].firstRollOnly) firstOnly = true;
  }
  const byState = lanesByState(lanes);
  const after: GameState = { columns: state.columns.map((col) => ({ ...col })) };
  for (let k = 0; k < C; k++) {
    for (let m = s.allowed[k]; m; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      after.columns[k].mask = state.columns[k].mask | (1 << b);
      const groups = askEntries(ctx, s, memo, state, after, k, b, lanes, byState);
      valueAsks(ctx, memo, t, after);
      after.columns[k].mask = state.columns[k].mask;
      settleEntries(ctx, s, memo, k, groups, M);
    }
  }
  return firstOnly;
}

/** The lanes by their own state of the lanes' column, upper total × 2 + flag (one group, -1, where no lane has one). */
function lanesByState(lanes: TwoLeftLanes): Map<number, number[]> {
  const byState = new Map<number, number[]>();
  for (let j = 0; j < lanes.count; j++) {
    const key = lanes.column < 0 ? -1 : lanes.upper![j] * 2 + lanes.flag![j];
    const list = byState.get(key);
    if (list) list.push(j);
    else byState.set(key, [j]);
  }
  return byState;
}

/**
 * The asks of box b of column k's entries (`after`: the state with b filled), per group of lanes
 * alike in the state of the columns the entry and the last box read: each roll's distinct (gain,
 * upper, flag) asked of the last turns once per lane. Leaves each roll's points in pointsOfRoll.
 */
function askEntries(ctx: GoalContext, s: TwoLeft, memo: LastTurnMemo, state: GameState, after: GameState, k: number, b: number, lanes: TwoLeftLanes, byState: Map<number, number[]>): LaneGroup[] {
  const { R, entry } = ctx;
  const vk = lanes.column;
  const p = ctx.parts[k];
  const onlyFirst = p.firstRollOnly;
  const special = ctx.nOfAKind[k];
  const k2 = lastBox(ctx.rs, after).column;
  const same = k2 === k;
  const perLane = vk >= 0 && (k === vk || k2 === vk);
  clearAsks(memo);
  const groups: LaneGroup[] = [];
  const entryCol: ColumnState = { mask: 0, upper: 0, yahtzee50: false };
  for (const [key, list] of perLane ? byState : new Map([[-1, Array.from({ length: lanes.count }, (_, j) => j)]])) {
    const upper = key < 0 ? state.columns[vk < 0 ? k : vk].upper : key >> 1;
    const flag = key < 0 ? state.columns[vk < 0 ? k : vk].yahtzee50 : (key & 1) === 1;
    const col = k === vk && key >= 0 ? { mask: state.columns[k].mask, upper, yahtzee50: flag } : state.columns[k];
    // The last box's column as the entry leaves it, where the entry is in another column.
    const lastU = k2 === vk && key >= 0 ? upper : after.columns[k2].upper;
    const lastF = k2 === vk && key >= 0 ? flag : after.columns[k2].yahtzee50;
    entryCol.mask = col.mask;
    entryCol.upper = col.upper;
    entryCol.yahtzee50 = col.yahtzee50;
    const g: LaneGroup = { lanes: list, comboOfRoll: new Int32Array(R), last: [], late: [] };
    groups.push(g);
    s.comboIndex.clear();
    let combos = 0;
    for (let r = 0; r < R; r++) {
      const gain = entryGain(p, entryCol, r, b, special[r] === 1, entry);
      s.pointsOfRoll[r] = entry.points;
      if (gain === undefined) {
        g.comboOfRoll[r] = -1;
        continue;
      }
      const u = same ? entry.next.upper : lastU;
      const f = same ? entry.next.yahtzee50 : lastF;
      // The rolls' distinct (gain, upper, flag), each asked of the last turns once per lane.
      const key2 = (gain * 4096 + u) * 2 + (f ? 1 : 0);
      let c = s.comboIndex.get(key2);
      if (c === undefined) {
        c = combos++;
        s.comboIndex.set(key2, c);
        for (const j of list) g.last.push(askLastTurn(memo, lanes.need[j] - gain, u, f));
      }
      g.comboOfRoll[r] = c;
    }
    // After a reroll a first-roll-only column's entry scores nothing and leaves the column as it was.
    if (onlyFirst) for (const j of list) g.late.push(askLastTurn(memo, lanes.need[j], same ? col.upper : lastU, same ? col.yahtzee50 : lastF));
  }
  return groups;
}

/** Each roll's value of column k's entry in every group's lanes (memo.value, the asks valued) into bestM, where better. */
function settleEntries(ctx: GoalContext, s: TwoLeft, memo: LastTurnMemo, k: number, groups: LaneGroup[], M: number): void {
  const { R, zeroRule } = ctx;
  const { bestM, slotOfRoll, pointsOfRoll, comboValue } = s;
  const LATE_ANY = lateAny(R);
  const onlyFirst = ctx.parts[k].firstRollOnly;
  const special = ctx.nOfAKind[k];
  const [scoreSlot, zeroSlot] = entrySlots(onlyFirst, R);
  const value = memo.value;
  for (let r = 0; r < R; r++) slotOfRoll[r] = ((zeroRule && pointsOfRoll[r] === 0 ? zeroSlot : scoreSlot) + r) * M;
  for (const g of groups) {
    const n = g.lanes.length;
    if (onlyFirst) {
      for (let jj = 0; jj < n; jj++) {
        const j = g.lanes[jj];
        const late = value[g.late[jj]];
        bestM[LATE_ANY * M + j] = Math.max(bestM[LATE_ANY * M + j], late);
        for (let r = 0; r < R; r++) if (special[r]) bestM[(LATE * R + r) * M + j] = Math.max(bestM[(LATE * R + r) * M + j], late);
      }
    }
    // Each combo's values per lane once (rolls share a few dozen combos), then roll by roll
    // across the lanes: every cell of bestM still takes its entries' maxima in the same order.
    const combos = g.last.length / n;
    for (let i = 0; i < combos * n; i++) comboValue[i] = value[g.last[i]];
    for (let r = 0; r < R; r++) {
      const c = g.comboOfRoll[r];
      if (c < 0) continue;
      const base = slotOfRoll[r];
      for (let jj = 0, at = c * n; jj < n; jj++, at++) {
        const slot = base + g.lanes[jj];
        const v = comboValue[at];
        if (v > bestM[slot]) bestM[slot] = v;
      }
    }
  }
}
