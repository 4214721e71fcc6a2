import { upperBonusFor } from '../rules/index.ts';
import { filledCount, type GameState } from '../solver/index.ts';
import { scoreEntry } from '../solver/score-entry.ts';
import { writeCanonical } from './column-sum-model.ts';
import type { AimTerms } from './goal-chance.ts';
import { openBoxesOf, type GoalContext } from './goal-context.ts';
import { createStateQuantiles, quantileChance, readQuantiles, type GoalQuantiles, type StateQuantiles } from './quantile-chance.ts';
import { entrySlots, LATE, lateAny, settleRolls, slotCount } from './score-slots.ts';
import { UPPER_SLOTS } from '../solver/index.ts';

/**
 * Score-now of a goal model's turns valued by the quantile head (quantile-head.ts), where the
 * states the turn ends in have three or more boxes left: every entry valued by
 *
 *   P(gain + R(s') ≥ need),
 *
 * s' the state after the entry, read off s''s quantiles (quantile-chance.ts). The entries' next
 * states are those of the spread's score-now (spread-score-now.ts): per column k, box b and
 * variant v (an upper box: v dice of its face; a lower box: the Yahtzee flag after) at
 * (k × B + b) × 7 + v, each read once a turn; a variant's chance is kept per gain, since most
 * rolls of a box score one of a few gains.
 */
export interface QuantileScoreNow {
  /** per variant, its reading (made where the turn allows the box) */
  reads: StateQuantiles[];
  allowed: Int32Array;
  /** per slot, the chance of its best entry, -Infinity where there is none */
  bestV: Float64Array;
  /** per variant × gain below GAINS: the chance, valid where stamp equals the turn's */
  chance: Float64Array;
  stamp: Int32Array;
  turn: number;
}

/** Gains kept per variant: more than any one entry scores (Triple Yahtzee: 3 × (50 + 100)). */
const GAINS = 512;

export function createQuantileScoreNow(ctx: GoalContext, g: GoalQuantiles): QuantileScoreNow {
  const n = ctx.C * ctx.B * 7;
  return {
    reads: Array.from({ length: n }, () => createStateQuantiles(g.head.M, g.scores)),
    allowed: new Int32Array(ctx.C),
    bestV: new Float64Array(slotCount(ctx.R)),
    chance: new Float64Array(n * GAINS),
    stamp: new Int32Array(n * GAINS),
    turn: 0,
  };
}

/** Fills first/later with each roll's best chance for goal `t` in `state`, the turn's next states read by the head. */
export function fillQuantileScoreNow(ctx: GoalContext, g: GoalQuantiles, s: QuantileScoreNow, t: AimTerms, state: GameState, first: Float64Array, later: Float64Array): void {
  const next = filledCount(state) + 1;
  s.turn = (s.turn + 1) | 0;
  if (s.turn === 0) {
    s.stamp.fill(0);
    s.turn = 1;
  }
  let firstOnly = false;
  for (let k = 0; k < ctx.C; k++) {
    s.allowed[k] = openBoxesOf(ctx, state, k);
    if (s.allowed[k] && ctx.parts[k].firstRollOnly) firstOnly = true;
  }
  readVariants(ctx, g, s, state, next);
  s.bestV.fill(-Infinity);
  for (let k = 0; k < ctx.C; k++) pickColumnEntries(ctx, s, t, state, k);
  settleRolls(ctx, first, later, firstOnly, s.bestV);
}

/** Reads every variant the turn's entries can leave (writeEntrySpreads' enumeration), `next` boxes filled after the entry. */
function readVariants(ctx: GoalContext, g: GoalQuantiles, s: QuantileScoreNow, state: GameState, next: number): void {
  const { B, cols } = ctx;
  writeCanonical(ctx.parts, state, cols);
  // The state as each entry leaves it (bestPlayValue reads its columns' own states): a copy, one column changed at a time.
  const scratch: GameState = { columns: state.columns.map((c) => ({ ...c })) };
  for (let k = 0; k < ctx.C; k++) {
    const p = ctx.parts[k];
    const L = p.c.layout;
    const col = state.columns[k];
    const [mask0, upper0, flag0] = [cols.mask[k], cols.upper[k], cols.flag[k]];
    const after = scratch.columns[k];
    const saved = { ...after };
    const visit = (b: number, v: number, mask: number, raw: number, f: number): void => {
      cols.mask[k] = mask;
      cols.upper[k] = L.canonUpper[(mask & 63) * UPPER_SLOTS + Math.min(L.threshold, raw)];
      cols.flag[k] = f;
      after.mask = mask;
      after.upper = raw;
      after.yahtzee50 = f === 1 || saved.yahtzee50;
      readQuantiles(ctx, g, scratch, next, s.reads[(k * B + b) * 7 + v]);
    };
    for (let m = s.allowed[k]; m; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      const mask = col.mask | (1 << b);
      if (b < 6) for (let n = 0; n <= L.dice; n++) visit(b, n, mask, saved.upper + (b + 1) * n, flag0);
      else {
        visit(b, flag0, mask, saved.upper, flag0);
        if (b === L.yahtzeeBox && L.flags === 2 && flag0 === 0) visit(b, 1, mask, saved.upper, 1);
      }
    }
    after.mask = saved.mask;
    after.upper = saved.upper;
    after.yahtzee50 = saved.yahtzee50;
    cols.mask[k] = mask0;
    cols.upper[k] = upper0;
    cols.flag[k] = flag0;
  }
}

/** The chance of variant i after `gain` points for goal t, kept for the turn. */
function chanceOf(s: QuantileScoreNow, t: AimTerms, i: number, gain: number): number {
  if (gain >= 0 && gain < GAINS && gain === (gain | 0)) {
    const at = i * GAINS + gain;
    if (s.stamp[at] === s.turn) return s.chance[at];
    s.stamp[at] = s.turn;
    return (s.chance[at] = quantileChance(s.reads[i], t.need - gain, t.variance));
  }
  return quantileChance(s.reads[i], t.need - gain, t.variance);
}

/** Offers every entry of column k, roll by roll, to its slot (pickColumnEntries of spread-score-now.ts, by chance). */
function pickColumnEntries(ctx: GoalContext, s: QuantileScoreNow, t: AimTerms, state: GameState, k: number): void {
  const { R, zeroRule, entry } = ctx;
  const bestV = s.bestV;
  const LATE_ANY = lateAny(R);
  const p = ctx.parts[k];
  const col = state.columns[k];
  const flags2 = p.c.layout.flags === 2;
  const onlyFirst = p.firstRollOnly;
  const table = p.c.score;
  const unit = p.c.rs.columns[0].multiplier;
  const special = ctx.nOfAKind[k];
  const [scoreSlot, zeroSlot] = entrySlots(onlyFirst, R);
  const scale = p.multiplier * unit;
  for (let m = s.allowed[k]; m; m &= m - 1) {
    const b = 31 - Math.clz32(m & -m);
    const upper = b < 6;
    const at = (k * ctx.B + b) * 7;
    const lateAt = at + (upper ? 0 : col.yahtzee50 && flags2 ? 1 : 0);
    if (onlyFirst) {
      const v = chanceOf(s, t, lateAt, 0);
      if (v > bestV[LATE_ANY]) bestV[LATE_ANY] = v;
    }
    const lowerAt = at + (col.yahtzee50 && flags2 ? 1 : 0);
    for (let r = 0; r < R; r++) {
      let v: number;
      let points: number;
      if (special[r] === 0) {
        points = table[b * R + r];
        v = upper ? chanceOf(s, t, at + points / (b + 1), scale * (points + upperBonusFor(p.c.rs, col.upper, points))) : chanceOf(s, t, lowerAt, scale * points);
      } else {
        if (!scoreEntry(p.c, col, r, b, entry)) continue;
        points = entry.points;
        const i = at + (upper ? points / (b + 1) : entry.next.yahtzee50 && flags2 ? 1 : 0);
        v = chanceOf(s, t, i, p.multiplier * entry.gain);
        if (onlyFirst) {
          const late = chanceOf(s, t, lateAt, p.multiplier * entry.yahtzeeBonus);
          if (late > bestV[LATE * R + r]) bestV[LATE * R + r] = late;
        }
      }
      const slot = (zeroRule && points === 0 ? zeroSlot : scoreSlot) + r;
      if (v > bestV[slot]) bestV[slot] = v;
    }
  }
}
