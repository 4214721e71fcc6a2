import { upperBonusFor } from '../rules/index.ts';
import { filledCount, type GameState } from '../solver/index.ts';
import { scoreEntry } from '../solver/score-entry.ts';
import { chance, endChance, shapeAt, type AimTerms } from './goal-chance.ts';
import type { GoalContext } from './goal-context.ts';
import { createEntrySpreads, writeEntrySpreads, type EntrySpreads } from './goal-spread.ts';
import { entrySlots, LATE, lateAny, settleRolls, slotCount } from './score-slots.ts';

/**
 * Score-now of a goal model's turns valued by the spread (four or more boxes left), and of the
 * last turn, whose entries end the game: every entry valued by
 *
 *   P(gain + R(s') ≥ need) = S((need − ½ − gain − mean(s')) / sd(s')),
 *
 * s' the state after the entry (goal-spread.ts), S the survival function of its level
 * (goal-chance.ts). The chance is one increasing function of d/s for every entry of the turn (one
 * level's shape): each roll keeps, per slot (score-slots.ts), the entry of largest z = d/s, and the
 * chance is taken once, for it. bestZ/bestD/bestS: per slot, z, d and s of its best entry.
 */
export interface SpreadScoreNow {
  entries: EntrySpreads;
  bestZ: Float64Array;
  bestD: Float64Array;
  bestS: Float64Array;
  /** per slot, the chance of its best entry, -Infinity where there is none */
  bestV: Float64Array;
}

// No entry yet: NaN fails both comparisons in `pick`, so the first entry is taken whatever its z.
const NONE = NaN;

export function createSpreadScoreNow(ctx: GoalContext): SpreadScoreNow {
  const n = slotCount(ctx.R);
  return { entries: createEntrySpreads(ctx), bestZ: new Float64Array(n), bestD: new Float64Array(n), bestS: new Float64Array(n), bestV: new Float64Array(n) };
}

/** Fills first/later with each roll's best chance for the goal `t`, from the entries' spreads. */
export function fillSpreadScoreNow(ctx: GoalContext, s: SpreadScoreNow, t: AimTerms, state: GameState, first: Float64Array, later: Float64Array): void {
  const next = filledCount(state) + 1;
  writeEntrySpreads(ctx, s.entries, state, next, t.variance);
  const need = t.need - 0.5;
  const shape = shapeAt(ctx, t, next);
  let firstOnly = false;
  for (let k = 0; k < ctx.C; k++) if (s.entries.allowed[k] && ctx.parts[k].firstRollOnly) firstOnly = true;
  s.bestZ.fill(NONE);
  for (let k = 0; k < ctx.C; k++) pickColumnEntries(ctx, s, state, k, need, shape);
  // The last turn's entries end the game: their chance is endChance's (the opponent's law, where set).
  const last = next === ctx.total;
  const { bestZ, bestD, bestS, bestV } = s;
  for (let slot = 0; slot < bestV.length; slot++) bestV[slot] = Number.isNaN(bestZ[slot]) ? -Infinity : last ? endChance(t, bestD[slot]) : chance(bestD[slot], bestS[slot], shape);
  settleRolls(ctx, first, later, firstOnly, bestV);
}

/** Offers entry (d, sd) to `slot`: kept where its z is larger, or where equal and its chance is. */
function pick(s: SpreadScoreNow, slot: number, d: number, sd: number, shape: ArrayLike<number> | undefined): void {
  const z = sd > 0 ? d / sd : d > 0 ? Infinity : d < 0 ? -Infinity : 0;
  const z0 = s.bestZ[slot];
  if (z < z0 || (z === z0 && chance(d, sd, shape) <= chance(s.bestD[slot], s.bestS[slot], shape))) return;
  s.bestZ[slot] = z;
  s.bestD[slot] = d;
  s.bestS[slot] = sd;
}

/**
 * Offers every entry of column k, roll by roll, to its slot. Entries go outermost, rolls inside:
 * a roll that is not n of a kind scores the compiled table's points (scoreEntry's own fast path),
 * n of a kind goes through scoreEntry. `need` is the goal's need − ½.
 */
function pickColumnEntries(ctx: GoalContext, s: SpreadScoreNow, state: GameState, k: number, need: number, shape: ArrayLike<number> | undefined): void {
  const { R, zeroRule, entry } = ctx;
  const { mean, sd, allowed } = s.entries;
  const { bestZ, bestD, bestS } = s;
  const LATE_ANY = lateAny(R);
  const p = ctx.parts[k];
  const col = state.columns[k];
  const flags2 = p.c.layout.flags === 2;
  const onlyFirst = p.firstRollOnly;
  const table = p.c.score;
  const unit = p.c.rs.columns[0].multiplier;
  const special = ctx.nOfAKind[k];
  const [scoreSlot, zeroSlot] = entrySlots(onlyFirst, R);
  for (let m = allowed[k]; m; m &= m - 1) {
    const b = 31 - Math.clz32(m & -m);
    const upper = b < 6;
    const at = (k * ctx.B + b) * 7;
    const lateAt = at + (upper ? 0 : col.yahtzee50 && flags2 ? 1 : 0);
    if (onlyFirst) pick(s, LATE_ANY, mean[lateAt] - need, sd[lateAt], shape);
    // A lower box's next state is one variant for every roll but n of a kind (only n of a kind
    // fills the Yahtzee box with 50); an upper box's is the count of its face, and the column's
    // bonus is earned at its threshold.
    const scale = p.multiplier * unit;
    const lowerAt = at + (col.yahtzee50 && flags2 ? 1 : 0);
    for (let r = 0; r < R; r++) {
      let d: number;
      let sdv: number;
      let points: number;
      if (special[r] === 0) {
        points = table[b * R + r];
        if (upper) {
          const i = at + points / (b + 1);
          d = scale * (points + upperBonusFor(p.c.rs, col.upper, points)) + mean[i] - need;
          sdv = sd[i];
        } else {
          // Summed in the order of the other entries: a reordered sum can flip exact ties.
          d = scale * points + mean[lowerAt] - need;
          sdv = sd[lowerAt];
        }
      } else {
        if (!scoreEntry(p.c, col, r, b, entry)) continue;
        points = entry.points;
        const i = at + (upper ? points / (b + 1) : entry.next.yahtzee50 && flags2 ? 1 : 0);
        d = p.multiplier * entry.gain + mean[i] - need;
        sdv = sd[i];
        if (onlyFirst) pick(s, LATE * R + r, p.multiplier * entry.yahtzeeBonus + mean[lateAt] - need, sd[lateAt], shape);
      }
      const slot = (zeroRule && points === 0 ? zeroSlot : scoreSlot) + r;
      const z = sdv > 0 ? d / sdv : d > 0 ? Infinity : d < 0 ? -Infinity : 0;
      const z0 = bestZ[slot];
      // `pick` inlined for the common cases (a new best, or the first entry); it settles ties.
      if (z > z0 || z0 !== z0) {
        bestZ[slot] = z;
        bestD[slot] = d;
        bestS[slot] = sdv;
      } else if (z === z0) pick(s, slot, d, sdv, shape);
    }
  }
}
