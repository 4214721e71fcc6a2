import { fiftyBoxIndex, upperBonusFor, type RuleSet } from '../rules/index.ts';
import { allowedMask, boxCount, compileRules, filledCount, stateIndex, UPPER_SLOTS, type GameState, type ThresholdModel } from '../solver/index.ts';
import { createEntryScratch, scoreEntry } from '../solver/score-entry.ts';
import { columnParts, partIndex, type ColumnTables } from './column-parts.ts';
import { createLastTurns, entryGain, LAST_TURN_LANES, lastBox } from './last-turns.ts';
import { canonicalColumns, writeCanonical, type CanonicalColumns, type Correction } from './column-sum-model.ts';
import { shapeSurvival } from './level-shape.ts';
import { normalCdf } from './normal-cdf.ts';

/**
 * Best play's errors (points still to come − best play's value) by level (boxes filled) and
 * spread class (`spreadClassifier`): their mean and variance per [level][class], and per level the
 * quantiles of the errors standardized by their class's mean and SD (level-shape.ts).
 */
export interface ClassSpread {
  bias: readonly ArrayLike<number>[];
  variance: readonly ArrayLike<number>[];
  shape?: readonly ArrayLike<number>[];
}

export function spreadClassCount(rs: RuleSet): number {
  return (rs.columns.length + 1) ** 2;
}

/**
 * How much of the game's spread is still open, in the terms that move it most: o = columns whose
 * 50 box (Yahtzee, Superpass's kniffel) is free (a 50 still to win or to lose), f = columns not
 * yet full whose Yahtzee box holds 50 (Yahtzee bonuses still to come); class = o × (columns + 1)
 * + f. Best play's errors at level 40 of Superpass have an SD of 25 with no kniffel box free and
 * 42 with three.
 */
export function spreadClassifier(rs: RuleSet): (cols: CanonicalColumns) => number {
  const bit = 1 << fiftyBoxIndex(rs);
  const full = (1 << rs.boxes.length) - 1;
  const C = rs.columns.length;
  return (cols) => {
    let open = 0;
    let flagged = 0;
    for (let k = 0; k < C; k++) {
      if ((cols.mask[k] & bit) === 0) open++;
      else if (cols.flag[k] === 1 && cols.mask[k] !== full) flagged++;
    }
    return open * (C + 1) + flagged;
  };
}

/**
 * Reach and win goals for the multi-column rule sets, whose joint state space cannot be solved:
 * the points still to come from a turn-start state s, R(s), are read from best play's value at s
 * (the corrected column sum, column-sum-model.ts) and best play's measured errors in s's level and
 * spread class (`spread`, fit/spread-fit.ts): mean = value + bias, SD = the errors' SD there. A
 * turn is then solved exactly for the goal, every hold and box valued by
 *
 *   P(gain + R(s') ≥ need) = S((need − ½ − gain − mean(s')) / sd(s')),
 *
 * s' the state after the entry (½: totals are whole numbers), S the survival function of the
 * level's standardized errors for a target (Superpass's are skewed left, Triple Yahtzee's right,
 * by its Yahtzee bonuses), the normal one against an opponent (whose own spread adds to sd: the
 * difference of two skewed totals is nearly symmetric). The last two turns are solved exactly
 * instead (last-turns.ts): with one box left s' is the end of the game (0, ½ or 1 against a
 * target), and with two left s' has one box, valued by its last turn played for the goal.
 *
 * Why a class and not a fit on every feature of the state: a variance fitted to which boxes are
 * open was exploited by the goal's own play, which steered into states best play rarely visits,
 * where the fit was worst (a Superpass small straight in column 4 on the first turn "raised" the
 * SD from 70 to 92 points). And why not one spread per level: then every entry of a turn leads to
 * the same spread, so a 50 won counts as much as it adds to the mean although it also closes that
 * box's chance of a 50 later; reach play over-gambled (Superpass: 1251 reached in 8.5% of games
 * against best play's 9.3%, 29 points lost on average).
 */
export function thresholdGoalModel(rs: RuleSet, tables: ColumnTables, correction: Correction | undefined, spread: ClassSpread, horizon?: { reach: number; win: number }): ThresholdModel {
  const c = compileRules(rs);
  const parts = columnParts(rs, tables);
  const C = parts.length;
  const B = rs.boxes.length;
  const full = (1 << B) - 1;
  const total = boxCount(rs);
  const classes = spreadClassCount(rs);
  const spreadClass = spreadClassifier(rs);
  if (spread.bias.length < total || spread.variance.length < total || spread.bias.some((b) => b.length !== classes)) {
    throw new Error(`${rs.id}: a spread needs ${total} levels of ${classes} classes`);
  }
  const R = c.dice.rollCount;
  const zeroRule = rs.zeroOnlyWhenNothingScores;
  const cols = canonicalColumns(C);
  const entry = createEntryScratch();
  // Per turn, per column and box, per variant of the next state (upper: n dice of the face;
  // lower: the Yahtzee flag after): mean and SD of the points to come after it.
  const mean = new Float64Array(C * B * 7);
  const sd = new Float64Array(C * B * 7);
  const allowed = new Int32Array(C);
  const anchor = new Float64Array(C);
  let shapeNext: ArrayLike<number> | undefined;
  // fillScoreNow's best entry per roll and kind, at [kind × R + roll]: z = d/s, d and s.
  const [ANY_SCORE, ANY_ZERO, FIRST_SCORE, FIRST_ZERO, LATE] = [0, 1, 2, 3, 4];
  // No entry yet: NaN fails both comparisons in `pick`, so the first entry is taken whatever its z.
  const NONE = NaN;
  const LATE_ANY = 5 * R;
  const bestZ = new Float64Array(5 * R + 1);
  const bestD = new Float64Array(5 * R + 1);
  const bestS = new Float64Array(5 * R + 1);
  // Per column: 1 for the rolls of n of a kind (Joker, Yahtzee bonus, the 50 box: scoreEntry's slow path).
  const nOfAKind = parts.map((p) => {
    const marks = new Uint8Array(R);
    for (const r of p.c.yahtzeeRoll) marks[r] = 1;
    return marks;
  });
  const specialAt = new Uint8Array(R);
  for (const marks of nOfAKind) marks.forEach((m, r) => (specialAt[r] |= m));

  const columnValue = (k: number, mask: number, upperRaw: number, flag: number): number => {
    if (mask === full) return 0;
    const L = parts[k].c.layout;
    return parts[k].pristine[stateIndex(L, mask, Math.min(L.threshold, upperRaw), flag)];
  };

  /** Best play's value of the canonical columns in `cols` at `filled` boxes filled. */
  const valueOf = (state: GameState, filled: number): number => {
    let v = correction ? correction.value(cols, filled) : 0;
    for (const p of parts) {
      const col = state.columns[p.column];
      if (col.mask !== full) v += p.multiplier * p.pristine[partIndex(p, col)];
    }
    return v;
  };

  const spreadOf = (state: GameState): { mean: number; variance: number } => {
    const filled = filledCount(state);
    if (filled >= total) return { mean: 0, variance: 0 };
    writeCanonical(parts, state, cols);
    const k = spreadClass(cols);
    return { mean: valueOf(state, filled) + spread.bias[filled][k], variance: spread.variance[filled][k] };
  };

  /** P(mean + sd·Z > need − ½), d = mean − need + ½; `shape` the level's for a target, undefined for normal. */
  const chance = (d: number, s: number, shape: ArrayLike<number> | undefined): number => {
    if (!(s > 0)) return d > 0 ? 1 : d < 0 ? 0 : 0.5;
    return shape ? shapeSurvival(shape, -d / s) : normalCdf(d / s);
  };
  const shapeAt = (level: number): ArrayLike<number> | undefined => (spread.shape && model.extraVariance === 0 && level < total ? spread.shape[level] : undefined);

  // The last two turns solved exactly (last-turns.ts): the last turn's worth of its points G is
  // chance(G − need + ½), as at the end of the game.
  const lastTurns = createLastTurns(rs, parts, nOfAKind, (d) => chance(d + 0.5, Math.sqrt(model.extraVariance), undefined));
  const laneValues = new Float64Array(LAST_TURN_LANES);
  /** The exact chance from `state`, one box left, with `needLeft` points still needed. */
  const lastChance = (state: GameState, needLeft: number): number => {
    lastTurns.need[0] = needLeft;
    const col = state.columns[lastBox(rs, state).column];
    lastTurns.upper[0] = col.upper;
    lastTurns.flag[0] = col.yahtzee50 ? 1 : 0;
    lastTurns.evaluate(state, 1, laneValues);
    return laneValues[0];
  };

  /** Fills mean/sd for every entry of the turn in `state`. */
  const prepare = (state: GameState, next: number): void => {
    writeCanonical(parts, state, cols);
    let base = 0;
    for (let k = 0; k < C; k++) {
      const col = state.columns[k];
      anchor[k] = col.mask === full ? 0 : parts[k].multiplier * parts[k].pristine[partIndex(parts[k], col)];
      base += anchor[k];
      allowed[k] = col.mask === full ? 0 : allowedMask(rs.columns[k].fill, B, col.mask);
    }
    const last = next === total;
    shapeNext = shapeAt(next);
    for (let k = 0; k < C; k++) {
      const p = parts[k];
      const L = p.c.layout;
      const col = state.columns[k];
      const [mask0, upper0, flag0] = [cols.mask[k], cols.upper[k], cols.flag[k]];
      const visit = (b: number, v: number, mask: number, raw: number, f: number): void => {
        const i = (k * B + b) * 7 + v;
        if (last) {
          mean[i] = 0;
          sd[i] = Math.sqrt(model.extraVariance);
          return;
        }
        cols.mask[k] = mask;
        cols.upper[k] = L.canonUpper[(mask & 63) * UPPER_SLOTS + Math.min(L.threshold, raw)];
        cols.flag[k] = f;
        const cls = spreadClass(cols);
        mean[i] = base - anchor[k] + p.multiplier * columnValue(k, mask, raw, f) + (correction ? correction.value(cols, next) : 0) + spread.bias[next][cls];
        sd[i] = Math.sqrt(spread.variance[next][cls] + model.extraVariance);
      };
      for (let m = allowed[k]; m; m &= m - 1) {
        const b = 31 - Math.clz32(m & -m);
        const mask = col.mask | (1 << b);
        if (b < 6) for (let n = 0; n <= L.dice; n++) visit(b, n, mask, col.upper + (b + 1) * n, flag0);
        else {
          visit(b, flag0, mask, col.upper, flag0);
          if (b === L.yahtzeeBox && L.flags === 2 && flag0 === 0) visit(b, 1, mask, col.upper, 1);
        }
      }
      cols.mask[k] = mask0;
      cols.upper[k] = upper0;
      cols.flag[k] = flag0;
    }
  };

  const model: ThresholdModel = {
    rs,
    c,
    exact: false,
    valueKind: 'probability',
    need: 0,
    extraVariance: 0,
    horizon: horizon ?? { reach: total, win: total },
    exactBoxes: 2,
    spread: spreadOf,
    value(state) {
      if (total - filledCount(state) === 1) return lastChance(state, model.need);
      const s = spreadOf(state);
      return chance(s.mean - model.need + 0.5, Math.sqrt(s.variance + model.extraVariance), shapeAt(filledCount(state)));
    },
    valueAfter(next, gain) {
      if (total - filledCount(next) === 1) return lastChance(next, model.need - gain);
      const s = spreadOf(next);
      return chance(gain + s.mean - model.need + 0.5, Math.sqrt(s.variance + model.extraVariance), shapeAt(filledCount(next)));
    },
    fillScoreNow(state, first, later) {
      if (filledCount(state) === total - 2) return fillTwoLeft(state, first, later);
      prepare(state, filledCount(state) + 1);
      const need = model.need - 0.5;
      const shape = shapeNext;
      let firstOnly = false;
      for (let k = 0; k < C; k++) if (allowed[k] && rs.columns[k].fill === 'first-roll-only') firstOnly = true;
      bestZ.fill(NONE);
      // The chance is one increasing function of d/s for every entry of the turn (one level's
      // shape): each roll keeps, per kind of entry, the one of largest d/s, and the chance is
      // taken once, for it. Kinds: score or zero (the zero rule), in a column open after a reroll
      // or in a first-roll-only one; and such a column's entries after a reroll, which score
      // nothing and so are one candidate (slot LATE_ANY) for every roll but n of a kind (which
      // may earn a Yahtzee bonus: slot LATE × R + roll).
      // Entries go outermost, rolls inside: a roll that is not n of a kind scores the compiled
      // table's points (scoreEntry's own fast path), n of a kind goes through scoreEntry.
      const pick = (slot: number, d: number, s: number): void => {
        const z = s > 0 ? d / s : d > 0 ? Infinity : d < 0 ? -Infinity : 0;
        const z0 = bestZ[slot];
        if (z < z0 || (z === z0 && chance(d, s, shape) <= chance(bestD[slot], bestS[slot], shape))) return;
        bestZ[slot] = z;
        bestD[slot] = d;
        bestS[slot] = s;
      };
      for (let k = 0; k < C; k++) {
        const p = parts[k];
        const col = state.columns[k];
        const flags2 = p.c.layout.flags === 2;
        const onlyFirst = rs.columns[k].fill === 'first-roll-only';
        const table = p.c.score;
        const unit = p.c.rs.columns[0].multiplier;
        const special = nOfAKind[k];
        const [scoreSlot, zeroSlot] = onlyFirst ? [FIRST_SCORE * R, FIRST_ZERO * R] : [ANY_SCORE * R, ANY_ZERO * R];
        for (let m = allowed[k]; m; m &= m - 1) {
          const b = 31 - Math.clz32(m & -m);
          const upper = b < 6;
          const at = (k * B + b) * 7;
          const lateAt = at + (upper ? 0 : col.yahtzee50 && flags2 ? 1 : 0);
          if (onlyFirst) pick(LATE_ANY, mean[lateAt] - need, sd[lateAt]);
          // A lower box's next state is one variant for every roll but n of a kind (only n of a
          // kind fills the Yahtzee box with 50); an upper box's is the count of its face, and the
          // column's bonus is earned at its threshold.
          const scale = p.multiplier * unit;
          const lowerAt = at + (col.yahtzee50 && flags2 ? 1 : 0);
          for (let r = 0; r < R; r++) {
            let d: number;
            let s: number;
            let points: number;
            if (special[r] === 0) {
              points = table[b * R + r];
              if (upper) {
                const i = at + points / (b + 1);
                d = scale * (points + upperBonusFor(p.c.rs, col.upper, points)) + mean[i] - need;
                s = sd[i];
              } else {
                // Summed in the order of the other entries: a reordered sum can flip exact ties.
                d = scale * points + mean[lowerAt] - need;
                s = sd[lowerAt];
              }
            } else {
              if (!scoreEntry(p.c, col, r, b, entry)) continue;
              points = entry.points;
              const i = at + (upper ? points / (b + 1) : entry.next.yahtzee50 && flags2 ? 1 : 0);
              d = p.multiplier * entry.gain + mean[i] - need;
              s = sd[i];
              if (onlyFirst) pick(LATE * R + r, p.multiplier * entry.yahtzeeBonus + mean[lateAt] - need, sd[lateAt]);
            }
            const slot = (zeroRule && points === 0 ? zeroSlot : scoreSlot) + r;
            const z = s > 0 ? d / s : d > 0 ? Infinity : d < 0 ? -Infinity : 0;
            const z0 = bestZ[slot];
            // `pick` inlined for the common cases (a new best, or the first entry); it settles ties.
            if (z > z0 || z0 !== z0) {
              bestZ[slot] = z;
              bestD[slot] = d;
              bestS[slot] = s;
            } else if (z === z0) pick(slot, d, s);
          }
        }
      }
      for (let slot = 0; slot < bestV.length; slot++) bestV[slot] = Number.isNaN(bestZ[slot]) ? -Infinity : chance(bestD[slot], bestS[slot], shape);
      settleRolls(first, later, firstOnly);
    },
  };

  // Per slot of fillScoreNow: the chance of its best entry, -Infinity where there is none.
  const bestV = new Float64Array(5 * R + 1);

  /** Each roll's score-now from the slots' best chances: the zero rule, then a first-roll-only column's entries after a reroll. */
  const settleRolls = (first: Float64Array, later: Float64Array, firstOnly: boolean): void => {
    for (let r = 0; r < R; r++) {
      const score1 = Math.max(bestV[ANY_SCORE * R + r], bestV[FIRST_SCORE * R + r]);
      const zero1 = Math.max(bestV[ANY_ZERO * R + r], bestV[FIRST_ZERO * R + r]);
      first[r] = zeroRule ? (score1 > -Infinity ? score1 : zero1) : Math.max(score1, zero1);
      if (!firstOnly) continue;
      const late = bestV[specialAt[r] ? LATE * R + r : LATE_ANY];
      const score2 = bestV[ANY_SCORE * R + r];
      const zero2 = bestV[ANY_ZERO * R + r];
      later[r] = zeroRule ? (score2 > -Infinity ? score2 : Math.max(zero2, late)) : Math.max(score2, zero2, late);
    }
    if (!firstOnly) later.set(first);
  };

  // fillTwoLeft's lanes, one per distinct (gain, upper total and Yahtzee flag of the last box's column after the entry).
  const laneOfKey = new Map<number, number>();
  const laneOfRoll = new Int32Array(R);
  const pointsOfRoll = new Int32Array(R);

  /**
   * Score-now with two boxes left, exact: each entry is valued by the last turn it leaves
   * (last-turns.ts), one engine run per free box for all of its entries (a lane per distinct
   * gain and state of the last box's column), and the rolls' values are settled as fillScoreNow
   * settles them.
   */
  const fillTwoLeft = (state: GameState, first: Float64Array, later: Float64Array): void => {
    bestV.fill(-Infinity);
    let firstOnly = false;
    for (let k = 0; k < C; k++) {
      const col = state.columns[k];
      allowed[k] = col.mask === full ? 0 : allowedMask(rs.columns[k].fill, B, col.mask);
      if (allowed[k] && rs.columns[k].fill === 'first-roll-only') firstOnly = true;
    }
    const after: GameState = { columns: state.columns.map((col) => ({ ...col })) };
    for (let k = 0; k < C; k++) {
      const p = parts[k];
      const col = state.columns[k];
      const onlyFirst = rs.columns[k].fill === 'first-roll-only';
      const special = nOfAKind[k];
      const [scoreSlot, zeroSlot] = onlyFirst ? [FIRST_SCORE * R, FIRST_ZERO * R] : [ANY_SCORE * R, ANY_ZERO * R];
      for (let m = allowed[k]; m; m &= m - 1) {
        const b = 31 - Math.clz32(m & -m);
        after.columns[k].mask = col.mask | (1 << b);
        const k2 = lastBox(rs, after).column;
        const same = k2 === k;
        laneOfKey.clear();
        const laneOf = (gain: number, upperAfter: number, flagAfter: boolean): number => {
          const u = same ? upperAfter : after.columns[k2].upper;
          const f = same ? flagAfter : after.columns[k2].yahtzee50;
          const key = (gain * 1024 + u) * 2 + (f ? 1 : 0);
          let j = laneOfKey.get(key);
          if (j === undefined) {
            j = laneOfKey.size;
            laneOfKey.set(key, j);
            lastTurns.need[j] = model.need - gain;
            lastTurns.upper[j] = u;
            lastTurns.flag[j] = f ? 1 : 0;
          }
          return j;
        };
        // After a reroll a first-roll-only column's entry scores nothing and leaves the column as it was.
        const lateLane = onlyFirst ? laneOf(0, col.upper, col.yahtzee50) : -1;
        for (let r = 0; r < R; r++) {
          const gain = entryGain(p, col, r, b, special[r] === 1, entry);
          pointsOfRoll[r] = entry.points;
          laneOfRoll[r] = gain === undefined ? -1 : laneOf(gain, entry.next.upper, entry.next.yahtzee50);
        }
        lastTurns.evaluate(after, laneOfKey.size, laneValues);
        after.columns[k].mask = col.mask;
        if (onlyFirst) {
          bestV[LATE_ANY] = Math.max(bestV[LATE_ANY], laneValues[lateLane]);
          for (let r = 0; r < R; r++) if (special[r]) bestV[LATE * R + r] = Math.max(bestV[LATE * R + r], laneValues[lateLane]);
        }
        for (let r = 0; r < R; r++) {
          if (laneOfRoll[r] < 0) continue;
          const slot = (zeroRule && pointsOfRoll[r] === 0 ? zeroSlot : scoreSlot) + r;
          const v = laneValues[laneOfRoll[r]];
          if (v > bestV[slot]) bestV[slot] = v;
        }
      }
    }
    settleRolls(first, later, firstOnly);
  };
  return model;
}
