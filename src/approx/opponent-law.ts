import { createTurnWorkspace, filledCount, UPPER_SLOTS, type GameState, type PointsLaw, type TurnWorkspace } from '../solver/index.ts';
import { indexIn, openBoxesOf, type GoalContext } from './goal-context.ts';
import { createLastBoxLaw, entryGain, LAST_TURN_LANES, runLaw } from './last-turns.ts';
import { chosenSlot, entrySlots, LATE, slotCount } from './score-slots.ts';

/**
 * Boxes left up to which an opponent's points to come are read by their exact law (pointsLaw)
 * rather than a normal of best play's spread: one law per turn of ours (win.ts), about as many
 * engine runs as their open boxes' entries leave states.
 */
export const LAW_BOXES = 3;
/** Laws kept between calls (their states' futures are fixed); cleared whole when full. */
const LAW_MEMO = 4096;

/**
 * The laws of an opponent's points to come, near their end, played for points (as best play
 * plays so near the end: each entry worth its gain and the expected points of the boxes it
 * leaves), kept by state: they do not depend on any goal. The workspaces are made on first use.
 */
export interface LawMemo {
  laws: Map<string, PointsLaw>;
  lastBoxLaw: (state: GameState) => PointsLaw;
  ws: TurnWorkspace | undefined;
}

export function createLawMemo(ctx: GoalContext): LawMemo {
  return { laws: new Map(), lastBoxLaw: createLastBoxLaw(ctx.rs, ctx.parts, ctx.nOfAKind), ws: undefined };
}

/** The law of the points still to come from `state`, with one to LAW_BOXES boxes left; undefined with more. */
export function opponentLaw(ctx: GoalContext, memo: LawMemo, state: GameState): PointsLaw | undefined {
  const left = ctx.total - filledCount(state);
  return left >= 1 && left <= LAW_BOXES ? boxLaw(ctx, memo, state) : undefined;
}

/** The law from `state`, kept: the last box's (last-turns.ts) or, with more left, entryLaw's. */
function boxLaw(ctx: GoalContext, memo: LawMemo, state: GameState): PointsLaw {
  const key = lawKey(ctx, state);
  let known = memo.laws.get(key);
  if (!known) {
    // Bounded: a server meets ever new opponents.
    if (memo.laws.size >= LAW_MEMO) memo.laws.clear();
    known = ctx.total - filledCount(state) === 1 ? memo.lastBoxLaw(state) : entryLaw(ctx, memo, state);
    memo.laws.set(key, known);
  }
  return known;
}

/** States of the same canonical upper totals (value tables' layout) have the same future. */
function lawKey(ctx: GoalContext, state: GameState): string {
  return state.columns
    .map((col, k) => {
      const L = ctx.parts[k].c.layout;
      return `${col.mask},${L.canonUpper[(col.mask & 63) * UPPER_SLOTS + Math.min(L.threshold, col.upper)]},${col.yahtzee50 ? 1 : 0}`;
    })
    .join('|');
}

/** Per slot of score-now (score-slots.ts): the best expected points of its entries, that entry's gain and the law it leaves. */
interface BestEntries {
  value: Float64Array;
  gain: Float64Array;
  law: (PointsLaw | undefined)[];
  /** a first-roll-only column is open */
  firstOnly: boolean;
}

/**
 * The law from `state` with two or more boxes left: per roll, the entry of most expected points
 * under the rules of score-now (the zero rule, a first-roll-only column's entries after a reroll
 * scoring nothing), whose gain shifts the law it leaves (the same, one box fewer); then the turn
 * engine in select mode, lane 0 the expected points making every choice and a lane per total
 * carrying its chance.
 */
function entryLaw(ctx: GoalContext, memo: LawMemo, state: GameState): PointsLaw {
  const best = bestEntries(ctx, memo, state);
  const { pairs, pairFirst, pairLater, chosenFirst, chosenLater } = chosenPairs(ctx, best);
  const { R } = ctx;
  const totals = new Map<number, number>();
  for (const { gain, law } of pairs) for (const g of law.points) if (!totals.has(gain + g)) totals.set(gain + g, 0);
  const points = Float64Array.from(totals.keys()).sort();
  points.forEach((t, i) => totals.set(t, 1 + i));
  for (const p of pairs) p.law.points.forEach((g, i) => (p.at[i] = totals.get(p.gain + g)!));
  const L = 1 + points.length;
  if (!memo.ws || memo.ws.capacity < L) memo.ws = createTurnWorkspace(ctx.c.dice, Math.max(L, 2 * LAST_TURN_LANES), 'select');
  const ws = memo.ws;
  const fillRows = (rows: Float64Array, chosen: Int32Array, pairOfRoll: Int32Array): void => {
    rows.fill(0, 0, R * L);
    for (let r = 0; r < R; r++) {
      const { law, at } = pairs[pairOfRoll[r]];
      const chance = law.chance;
      const o = r * L;
      rows[o] = best.value[chosen[r]];
      for (let i = 0; i < at.length; i++) rows[o + at[i]] += chance[i];
    }
  };
  fillRows(ws.scoreLater, chosenLater, pairLater);
  // The first roll's rows are read only where they differ from a reroll's.
  if (best.firstOnly) fillRows(ws.scoreFirst, chosenFirst, pairFirst);
  return runLaw(ws, points, best.firstOnly);
}

/** Every entry of the turn in `state` offered to its slot by expected points: its gain + the mean of the law it leaves. */
function bestEntries(ctx: GoalContext, memo: LawMemo, state: GameState): BestEntries {
  const { R, C, zeroRule, entry } = ctx;
  const after: GameState = { columns: state.columns.map((col) => ({ ...col })) };
  const nextLaws = new Map<number, PointsLaw>();
  const n = slotCount(R);
  const best: BestEntries = { value: new Float64Array(n).fill(-Infinity), gain: new Float64Array(n), law: new Array(n), firstOnly: false };
  const offer = (slot: number, e: number, gain: number, law: PointsLaw): void => {
    if (e > best.value[slot]) {
      best.value[slot] = e;
      best.gain[slot] = gain;
      best.law[slot] = law;
    }
  };
  for (let k = 0; k < C; k++) {
    const col = state.columns[k];
    const open = openBoxesOf(ctx, state, k);
    const onlyFirst = ctx.parts[k].firstRollOnly;
    if (open && onlyFirst) best.firstOnly = true;
    const [scoreSlot, zeroSlot] = entrySlots(onlyFirst, R);
    for (let m = open; m; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      // The rolls entered in box b leave a few states (their upper totals and flags): each law is looked up once.
      nextLaws.clear();
      const lawAfter = (upper: number, flag: boolean): PointsLaw => {
        const at = 2 * upper + (flag ? 1 : 0);
        let law = nextLaws.get(at);
        if (!law) {
          after.columns[k] = { mask: col.mask | (1 << b), upper, yahtzee50: flag };
          law = boxLaw(ctx, memo, after);
          after.columns[k] = { ...col };
          nextLaws.set(at, law);
        }
        return law;
      };
      for (let r = 0; r < R; r++) {
        const gain = entryGain(ctx.parts[k], col, r, b, ctx.nOfAKind[k][r] === 1, entry);
        if (gain === undefined) continue;
        // The slot before the law: a law not known yet is worked out through this same scratch.
        const slot = (zeroRule && entry.points === 0 ? zeroSlot : scoreSlot) + r;
        const law = lawAfter(entry.next.upper, entry.next.yahtzee50);
        offer(slot, gain + law.mean, gain, law);
      }
      // After a reroll a first-roll-only column's entry scores nothing and leaves the column as it was.
      if (onlyFirst) {
        const law = lawAfter(col.upper, col.yahtzee50);
        for (let r = 0; r < R; r++) offer(LATE * R + r, law.mean, 0, law);
      }
    }
  }
  return best;
}

/** One (gain, law) that chosen entries leave, and `at`: per point of the law, the lane of its total. */
interface LawPair {
  gain: number;
  law: PointsLaw;
  at: Int32Array;
}

/**
 * Each roll's chosen entry, first roll and after a reroll, as settleRolls settles values, and
 * the distinct (gain, law) pairs they leave (rolls entered alike share one): each pair is then
 * mapped to the totals it reaches once, not once per roll and point of its law.
 */
function chosenPairs(ctx: GoalContext, best: BestEntries): { pairs: LawPair[]; pairFirst: Int32Array; pairLater: Int32Array; chosenFirst: Int32Array; chosenLater: Int32Array } {
  const { R } = ctx;
  const firstOnly = best.firstOnly;
  const pairOf = new Map<PointsLaw, Map<number, number>>();
  const pairs: LawPair[] = [];
  const pairIndex = (slot: number): number => {
    const law = best.law[slot]!;
    const gain = best.gain[slot];
    return indexIn(pairOf, law, gain, () => pairs.push({ gain, law, at: new Int32Array(law.points.length) }) - 1);
  };
  const chosenFirst = new Int32Array(R);
  const chosenLater = new Int32Array(R);
  const pairFirst = new Int32Array(R);
  const pairLater = new Int32Array(R);
  for (let r = 0; r < R; r++) {
    chosenFirst[r] = chosenSlot(ctx, best.value, r, false, firstOnly);
    chosenLater[r] = firstOnly ? chosenSlot(ctx, best.value, r, true, firstOnly) : chosenFirst[r];
    pairFirst[r] = pairIndex(chosenFirst[r]);
    pairLater[r] = firstOnly ? pairIndex(chosenLater[r]) : pairFirst[r];
  }
  return { pairs, pairFirst, pairLater, chosenFirst, chosenLater };
}
