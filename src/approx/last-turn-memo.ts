import type { GameState, PointsLaw } from '../solver/index.ts';
import type { AimTerms } from './goal-chance.ts';
import { indexIn, type GoalContext } from './goal-context.ts';
import { createLastTurns, LAST_TURN_LANES, lastBox, type LastTurns } from './last-turns.ts';

/** Last turns' values kept (`known`) before they start over. */
const LAST_KNOWN = 1 << 16;

/**
 * A goal model's last turns (last-turns.ts) and what it keeps of them. The turns before them ask
 * for many last turns at once (two-left.ts): each entry's asks are gathered (need, key: the points
 * still needed, and the upper total × 2 + flag of the last box's column; `index` finds an ask
 * already made), then valued LAST_TURN_LANES at a time into `value`.
 *
 * `known`: last turns valued already, by points still needed, then last box and its column's
 * state: a third-last turn's entries meet about half of theirs twice (box x then y, y then x), and
 * a reach goal's hints the same ones again. Valid while the goal's worth of the last points stays
 * what it was (endChance: the opponent's law and variance, `law` and `variance` here); a goal of
 * another worth starts it over.
 */
export interface LastTurnMemo {
  turns: LastTurns;
  laneValues: Float64Array;
  need: number[];
  key: number[];
  value: number[];
  index: Map<number, Map<number, number>>;
  known: Map<number, Map<number, number>>;
  size: number;
  law: PointsLaw | undefined;
  variance: number;
}

export function createLastTurnMemo(ctx: GoalContext): LastTurnMemo {
  return {
    turns: createLastTurns(ctx.rs, ctx.parts, ctx.nOfAKind),
    laneValues: new Float64Array(LAST_TURN_LANES),
    need: [],
    key: [],
    value: [],
    index: new Map(),
    known: new Map(),
    size: 0,
    law: undefined,
    variance: 0,
  };
}

/** The exact chance of goal `t` from `state`, one box left, with `needLeft` points still needed. */
export function lastChance(ctx: GoalContext, m: LastTurnMemo, t: AimTerms, state: GameState, needLeft: number): number {
  const turns = m.turns;
  turns.need[0] = needLeft;
  const col = state.columns[lastBox(ctx.rs, state).column];
  turns.upper[0] = col.upper;
  turns.flag[0] = col.yahtzee50 ? 1 : 0;
  turns.evaluate(state, 1, m.laneValues, t.worth);
  return m.laneValues[0];
}

/** Forgets the asks of the entry before (not the values known). */
export function clearAsks(m: LastTurnMemo): void {
  m.need.length = 0;
  m.key.length = 0;
  m.index.clear();
}

/** The index of the ask for a last turn with `needAfter` points still needed, the last box's column at upper total `u` and flag `f`. */
export function askLastTurn(m: LastTurnMemo, needAfter: number, u: number, f: boolean): number {
  const key = u * 2 + (f ? 1 : 0);
  return indexIn(m.index, needAfter, key, () => {
    m.need.push(needAfter);
    return m.key.push(key) - 1;
  });
}

/**
 * Values every ask into m.value for goal `t`, the last box that of `after`: those known from
 * before, the others LAST_TURN_LANES at a time, ordered by column state (the engine's gains are
 * per column state).
 */
export function valueAsks(ctx: GoalContext, m: LastTurnMemo, t: AimTerms, after: GameState): void {
  if (t.law !== m.law || t.variance !== m.variance || m.size >= LAST_KNOWN) {
    m.known.clear();
    m.size = 0;
    m.law = t.law;
    m.variance = t.variance;
  }
  const { column: k, box: b } = lastBox(ctx.rs, after);
  // A key (upper total × 2 + flag) is below 512: an upper total is below 256.
  const boxKey = ((k * ctx.B + b) * 2 ** ctx.B + after.columns[k].mask) * 512;
  const { need, key, value, known, turns, laneValues } = m;
  value.length = need.length;
  const order: number[] = [];
  for (let i = 0; i < need.length; i++) {
    const v = known.get(need[i])?.get(boxKey + key[i]);
    if (v === undefined) order.push(i);
    else value[i] = v;
  }
  order.sort((x, y) => key[x] - key[y]);
  for (let at = 0; at < order.length; at += LAST_TURN_LANES) {
    const n = Math.min(LAST_TURN_LANES, order.length - at);
    for (let j = 0; j < n; j++) {
      const i = order[at + j];
      turns.need[j] = need[i];
      turns.upper[j] = key[i] >> 1;
      turns.flag[j] = key[i] & 1;
    }
    turns.evaluate(after, n, laneValues, t.worth);
    for (let j = 0; j < n; j++) {
      const i = order[at + j];
      value[i] = laneValues[j];
      let byBox = known.get(need[i]);
      if (!byBox) known.set(need[i], (byBox = new Map()));
      byBox.set(boxKey + key[i], laneValues[j]);
      m.size++;
    }
  }
}
