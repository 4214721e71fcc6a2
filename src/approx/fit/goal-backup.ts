import { createTurnWorkspace, evaluateTurnValue, type GameState, type TurnWorkspace } from '../../solver/index.ts';
import { indexIn, openBoxesOf, type GoalContext } from '../goal-context.ts';
import { entryGain } from '../last-turns.ts';
import { entrySlots, LATE, lateAny, settleRolls, slotCount } from '../score-slots.ts';

/**
 * The turn engine's exact one-turn goal backup of a turn-start state for many needs at once, one
 * lane per need: lane j is the best chance of scoring at least needs[j] more, this turn played
 * for that need and every state the turn can end in valued by `value`. What the quantile head is
 * fitted to (quantile-fit.ts), as the neural correction is fitted to the points backup.
 *
 * Every entry of the turn (a box of a column, with the points and column state each roll gives
 * it) asks `value` for its next state at need − gain: the asks of one box are gathered first
 * (need, and the upper total and Yahtzee flag of its column after the entry), valued together,
 * then each roll's best entry is settled per lane as the goal model's own turns settle them
 * (score-slots.ts: the zero rule, the first-roll-only column).
 */
export interface BoxAsks {
  /** the column and box entered */
  k: number;
  b: number;
  need: number[];
  upper: number[];
  flag: number[];
}

/** Values a box's asks: out[i] = the chance from `after` (the box filled) with column k at upper[i], flag[i], need[i] points still needed. */
export type AskValuer = (after: GameState, asks: BoxAsks, out: Float64Array) => void;

export interface GoalBackup {
  ws: TurnWorkspace;
  best: Float64Array;
  lanes: number;
}

export function createGoalBackup(ctx: GoalContext, lanes: number): GoalBackup {
  return { ws: createTurnWorkspace(ctx.c.dice, lanes), best: new Float64Array(slotCount(ctx.R) * lanes), lanes };
}

/** out[j] = the backup of `state` at needs[j], j < needs.length ≤ the backup's lanes. */
export function goalBackup(ctx: GoalContext, g: GoalBackup, state: GameState, needs: ArrayLike<number>, value: AskValuer, out: Float64Array): void {
  const { R, C, zeroRule, entry } = ctx;
  const L = needs.length;
  if (L > g.lanes) throw new RangeError(`goal backup: ${L} needs, at most ${g.lanes}`);
  const best = g.best;
  best.fill(-Infinity, 0, slotCount(R) * L);
  const LATE_ANY = lateAny(R);
  const after: GameState = { columns: state.columns.map((col) => ({ ...col })) };
  let firstOnly = false;
  const lane = new Int32Array(R * L);
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
      const asks: BoxAsks = { k, b, need: [], upper: [], flag: [] };
      const index = new Map<number, Map<number, number>>();
      const ask = (needLeft: number, upper: number, flag: boolean): number =>
        indexIn(index, needLeft, upper * 2 + (flag ? 1 : 0), () => {
          asks.need.push(needLeft);
          asks.upper.push(upper);
          return asks.flag.push(flag ? 1 : 0) - 1;
        });
      const slots = new Int32Array(R);
      for (let r = 0; r < R; r++) {
        const gain = entryGain(p, col, r, b, special[r] === 1, entry);
        slots[r] = (zeroRule && entry.points === 0 ? zeroSlot : scoreSlot) + r;
        if (gain === undefined) {
          lane[r * L] = -1;
          continue;
        }
        const u = entry.next.upper;
        const f = entry.next.yahtzee50;
        for (let j = 0; j < L; j++) lane[r * L + j] = ask(needs[j] - gain, u, f);
      }
      // After a reroll a first-roll-only column's entry scores nothing and leaves the column as it was.
      const late = onlyFirst ? Array.from({ length: L }, (_, j) => ask(needs[j], col.upper, col.yahtzee50)) : [];
      after.columns[k].mask = col.mask | (1 << b);
      const values = new Float64Array(asks.need.length);
      value(after, asks, values);
      after.columns[k] = { ...col };
      if (onlyFirst) {
        for (let j = 0; j < L; j++) {
          const v = values[late[j]];
          if (v > best[LATE_ANY * L + j]) best[LATE_ANY * L + j] = v;
          for (let r = 0; r < R; r++) if (special[r] && v > best[(LATE * R + r) * L + j]) best[(LATE * R + r) * L + j] = v;
        }
      }
      for (let r = 0; r < R; r++) {
        if (lane[r * L] < 0) continue;
        const at = slots[r] * L;
        for (let j = 0; j < L; j++) {
          const v = values[lane[r * L + j]];
          if (v > best[at + j]) best[at + j] = v;
        }
      }
    }
  }
  const ws = g.ws;
  settleRolls(ctx, ws.scoreFirst, ws.scoreLater, firstOnly, best, L);
  ws.lanes = L;
  evaluateTurnValue(ctx.c.dice, ws.scoreFirst, ws.scoreLater, ws);
  out.set(ws.value.subarray(0, L));
}
