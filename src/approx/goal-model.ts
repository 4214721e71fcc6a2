import { fiftyBoxIndex, upperBonusFor, type RuleSet } from '../rules/index.ts';
import { allowedMask, boxCount, compileRules, createTurnWorkspace, evaluateTurnValue, filledCount, stateIndex, UPPER_SLOTS, type ColumnState, type GameState, type PointsLaw, type ThresholdModel, type TurnWorkspace } from '../solver/index.ts';
import { createEntryScratch, scoreEntry } from '../solver/score-entry.ts';
import { columnParts, partIndex, type ColumnTables } from './column-parts.ts';
import { createLastBoxLaw, createLastTurns, entryGain, LAST_TURN_LANES, lastBox, lawShare, runLaw } from './last-turns.ts';
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

/** Boxes left from which the goal models are exact: their last three turns are solved for the goal. */
export const EXACT_BOXES = 3;

/**
 * Boxes left up to which an opponent's points to come are read by their exact law (pointsLaw)
 * rather than a normal of best play's spread: one law per turn of ours (win.ts), about as many
 * engine runs as their open boxes' entries leave states.
 */
export const LAW_BOXES = 3;
/** Laws kept between calls (their states' futures are fixed); cleared whole when full. */
const LAW_MEMO = 4096;

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

/** The index kept in `map` for (a, b); where there is none, `add`'s (the index of what it added), kept. */
function indexIn<A, B>(map: Map<A, Map<B, number>>, a: A, b: B, add: () => number): number {
  let inner = map.get(a);
  if (!inner) map.set(a, (inner = new Map()));
  let i = inner.get(b);
  if (i === undefined) {
    i = add();
    inner.set(b, i);
  }
  return i;
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
 * difference of two skewed totals is nearly symmetric). The last three turns are solved exactly
 * instead (last-turns.ts): with one box left s' is the end of the game (0, ½ or 1 against a
 * target), with two left s' has one box, valued by its last turn played for the goal, and with
 * three left s' has two, valued by their two turns played for the goal (fillThreeLeft). With
 * three boxes left of Superpass (column 3's sixes, column 4's kniffel and full house, 40 points
 * needed) the spread rated the turn at 61.2% where the best chance is 46.4%.
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
  /**
   * The chance at the end of our game, d = our final total − need + ½: against the opponent's law
   * of points to come where it is set (their last box: a Triple Yahtzee box of 0 or 150 is no
   * normal), else the normal of extraVariance. With need = their score + the law's mean − our
   * score + ½, d + mean is our final total less their score now; a tie counts half.
   */
  const endChance = (d: number): number => {
    const law = model.law;
    if (!law || !(model.extraVariance > 0)) return chance(d, Math.sqrt(model.extraVariance), undefined);
    return lawShare(law, d + law.mean);
  };
  const shapeAt = (level: number): ArrayLike<number> | undefined => (spread.shape && model.extraVariance === 0 && level < total ? spread.shape[level] : undefined);

  // The last three turns solved exactly (last-turns.ts): the last turn's worth of its points G is
  // chance(G − need + ½), as at the end of the game.
  const lastTurns = createLastTurns(rs, parts, nOfAKind, (d) => endChance(d + 0.5));
  const lastBoxLaw = createLastBoxLaw(rs, parts, nOfAKind);
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

  let lawWs: TurnWorkspace | undefined;
  /**
   * The law of the points still to come from `state` with two or more boxes left (LAW_BOXES),
   * played for points (as best play plays so near the end: each entry worth its gain and the
   * expected points of the boxes it leaves): per roll, the entry of most expected points under
   * the rules of score-now (the zero rule, a first-roll-only column's entries after a reroll
   * scoring nothing), whose gain shifts the law it leaves (the same, one box fewer); then the
   * turn engine in select mode, lane 0 the expected points making every choice and a lane per
   * total carrying its chance.
   */
  const boxLaw = (state: GameState): PointsLaw => {
    const key = lawKey(state);
    let known = laws.get(key);
    if (!known) {
      // Bounded: a server meets ever new opponents.
      if (laws.size >= LAW_MEMO) laws.clear();
      known = total - filledCount(state) === 1 ? lastBoxLaw(state) : entryLaw(state);
      laws.set(key, known);
    }
    return known;
  };
  // States of the same canonical upper totals (value tables' layout) have the same future.
  const lawKey = (state: GameState): string =>
    state.columns
      .map((col, k) => {
        const L = parts[k].c.layout;
        return `${col.mask},${L.canonUpper[(col.mask & 63) * UPPER_SLOTS + Math.min(L.threshold, col.upper)]},${col.yahtzee50 ? 1 : 0}`;
      })
      .join('|');
  const laws = new Map<string, PointsLaw>();
  const entryLaw = (state: GameState): PointsLaw => {
    const after: GameState = { columns: state.columns.map((col) => ({ ...col })) };
    const nextLaws = new Map<number, PointsLaw>();
    // Per kind of entry and roll (fillScoreNow's slots): the best expected value, its gain and the law it leaves.
    const bestE = new Float64Array(5 * R + 1).fill(-Infinity);
    const bestGain = new Float64Array(5 * R + 1);
    const bestLaw: (PointsLaw | undefined)[] = new Array(5 * R + 1);
    const offer = (slot: number, e: number, gain: number, law: PointsLaw): void => {
      if (e > bestE[slot]) {
        bestE[slot] = e;
        bestGain[slot] = gain;
        bestLaw[slot] = law;
      }
    };
    let firstOnly = false;
    for (let k = 0; k < C; k++) {
      const col = state.columns[k];
      const open = col.mask === full ? 0 : allowedMask(rs.columns[k].fill, B, col.mask);
      const onlyFirst = rs.columns[k].fill === 'first-roll-only';
      if (open && onlyFirst) firstOnly = true;
      const [scoreSlot, zeroSlot] = onlyFirst ? [FIRST_SCORE * R, FIRST_ZERO * R] : [ANY_SCORE * R, ANY_ZERO * R];
      for (let m = open; m; m &= m - 1) {
        const b = 31 - Math.clz32(m & -m);
        // The rolls entered in box b leave a few states (their upper totals and flags): each law is looked up once.
        nextLaws.clear();
        const lawAfter = (upper: number, flag: boolean): PointsLaw => {
          const at = 2 * upper + (flag ? 1 : 0);
          let law = nextLaws.get(at);
          if (!law) {
            after.columns[k] = { mask: col.mask | (1 << b), upper, yahtzee50: flag };
            law = boxLaw(after);
            after.columns[k] = { ...col };
            nextLaws.set(at, law);
          }
          return law;
        };
        for (let r = 0; r < R; r++) {
          const gain = entryGain(parts[k], col, r, b, nOfAKind[k][r] === 1, entry);
          if (gain === undefined) continue;
          const law = lawAfter(entry.next.upper, entry.next.yahtzee50);
          offer((zeroRule && entry.points === 0 ? zeroSlot : scoreSlot) + r, gain + law.mean, gain, law);
        }
        // After a reroll a first-roll-only column's entry scores nothing and leaves the column as it was.
        if (onlyFirst) {
          const law = lawAfter(col.upper, col.yahtzee50);
          for (let r = 0; r < R; r++) offer(LATE * R + r, law.mean, 0, law);
        }
      }
    }
    // Each roll's entry, first roll and after a reroll, as settleRolls settles values.
    const choose = (r: number, later: boolean): number => {
      const pickOf = (slots: number[]): number => slots.reduce((a, b) => (bestE[b] > bestE[a] ? b : a));
      const score = later ? ANY_SCORE * R + r : pickOf([ANY_SCORE * R + r, FIRST_SCORE * R + r]);
      const zero = later ? ANY_ZERO * R + r : pickOf([ANY_ZERO * R + r, FIRST_ZERO * R + r]);
      const options = later && firstOnly ? [zero, LATE * R + r] : [zero];
      if (zeroRule && bestE[score] > -Infinity) return score;
      return pickOf(zeroRule ? options : [score, ...options]);
    };
    // The rolls' entries leave few distinct (gain, law) pairs (rolls entered alike share one): each
    // is mapped to the totals it reaches once, not once per roll and point of its law.
    const pairOf = new Map<PointsLaw, Map<number, number>>();
    const pairs: { gain: number; law: PointsLaw; at: Int32Array }[] = [];
    const pairIndex = (slot: number): number => {
      const law = bestLaw[slot]!;
      const gain = bestGain[slot];
      return indexIn(pairOf, law, gain, () => pairs.push({ gain, law, at: new Int32Array(law.points.length) }) - 1);
    };
    const chosenFirst = new Int32Array(R);
    const chosenLater = new Int32Array(R);
    const pairFirst = new Int32Array(R);
    const pairLater = new Int32Array(R);
    for (let r = 0; r < R; r++) {
      chosenFirst[r] = choose(r, false);
      chosenLater[r] = firstOnly ? choose(r, true) : chosenFirst[r];
      pairFirst[r] = pairIndex(chosenFirst[r]);
      pairLater[r] = firstOnly ? pairIndex(chosenLater[r]) : pairFirst[r];
    }
    const totals = new Map<number, number>();
    for (const { gain, law } of pairs) for (const g of law.points) if (!totals.has(gain + g)) totals.set(gain + g, 0);
    const points = Float64Array.from(totals.keys()).sort();
    points.forEach((t, i) => totals.set(t, 1 + i));
    for (const p of pairs) p.law.points.forEach((g, i) => (p.at[i] = totals.get(p.gain + g)!));
    const L = 1 + points.length;
    if (!lawWs || lawWs.capacity < L) lawWs = createTurnWorkspace(c.dice, Math.max(L, 2 * LAST_TURN_LANES), 'select');
    const ws = lawWs;
    const fillRows = (rows: Float64Array, chosen: Int32Array, pairOfRoll: Int32Array): void => {
      rows.fill(0, 0, R * L);
      for (let r = 0; r < R; r++) {
        const { law, at } = pairs[pairOfRoll[r]];
        const chance = law.chance;
        const o = r * L;
        rows[o] = bestE[chosen[r]];
        for (let i = 0; i < at.length; i++) rows[o + at[i]] += chance[i];
      }
    };
    fillRows(ws.scoreLater, chosenLater, pairLater);
    // The first roll's rows are read only where they differ from a reroll's.
    if (firstOnly) fillRows(ws.scoreFirst, chosenFirst, pairFirst);
    return runLaw(ws, points, firstOnly);
  };

  const model: ThresholdModel = {
    rs,
    c,
    exact: false,
    valueKind: 'probability',
    need: 0,
    extraVariance: 0,
    horizon: horizon ?? { reach: total, win: total },
    exactBoxes: EXACT_BOXES,
    spread: spreadOf,
    pointsLaw(state) {
      const left = total - filledCount(state);
      return left >= 1 && left <= LAW_BOXES ? boxLaw(state) : undefined;
    },
    value(state) {
      if (filledCount(state) === total) return endChance(0.5 - model.need);
      if (total - filledCount(state) === 1) return lastChance(state, model.need);
      if (total - filledCount(state) === 2) return twoLeftChance(state, model.need);
      const s = spreadOf(state);
      return chance(s.mean - model.need + 0.5, Math.sqrt(s.variance + model.extraVariance), shapeAt(filledCount(state)));
    },
    valueAfter(next, gain) {
      if (filledCount(next) === total) return endChance(gain - model.need + 0.5);
      if (total - filledCount(next) === 1) return lastChance(next, model.need - gain);
      if (total - filledCount(next) === 2) return twoLeftChance(next, model.need - gain);
      const s = spreadOf(next);
      return chance(gain + s.mean - model.need + 0.5, Math.sqrt(s.variance + model.extraVariance), shapeAt(filledCount(next)));
    },
    fillScoreNow(state, first, later) {
      if (filledCount(state) === total - 2) return fillTwoLeft(state, first, later);
      if (filledCount(state) === total - 3) return fillThreeLeft(state, first, later);
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
      // The last turn's entries end the game: their chance is endChance's (the opponent's law, where set).
      const last = filledCount(state) + 1 === total;
      for (let slot = 0; slot < bestV.length; slot++) bestV[slot] = Number.isNaN(bestZ[slot]) ? -Infinity : last ? endChance(bestD[slot]) : chance(bestD[slot], bestS[slot], shape);
      settleRolls(first, later, firstOnly);
    },
  };

  // Per slot of fillScoreNow: the chance of its best entry, -Infinity where there is none.
  const bestV = new Float64Array(5 * R + 1);

  /**
   * Each roll's score-now from the slots' best chances (`best` at slot × lanes + lane): the zero
   * rule, then a first-roll-only column's entries after a reroll. Writes roll r, lane j at
   * r × lanes + j.
   */
  const settleRolls = (first: Float64Array, later: Float64Array, firstOnly: boolean, best: Float64Array = bestV, lanes = 1): void => {
    const M = lanes;
    for (let r = 0; r < R; r++) {
      for (let j = 0; j < M; j++) {
        const score1 = Math.max(best[(ANY_SCORE * R + r) * M + j], best[(FIRST_SCORE * R + r) * M + j]);
        const zero1 = Math.max(best[(ANY_ZERO * R + r) * M + j], best[(FIRST_ZERO * R + r) * M + j]);
        first[r * M + j] = zeroRule ? (score1 > -Infinity ? score1 : zero1) : Math.max(score1, zero1);
        if (!firstOnly) continue;
        const late = best[(specialAt[r] ? LATE * R + r : LATE_ANY) * M + j];
        const score2 = best[(ANY_SCORE * R + r) * M + j];
        const zero2 = best[(ANY_ZERO * R + r) * M + j];
        later[r * M + j] = zeroRule ? (score2 > -Infinity ? score2 : Math.max(zero2, late)) : Math.max(score2, zero2, late);
      }
    }
    if (!firstOnly) later.set(first.subarray(0, R * M));
  };

  /** Last turns' values kept (lastKnown) before it starts over. */
  const LAST_KNOWN = 1 << 16;
  // Two boxes left, many lanes at once (the one turn engine's): each lane its own points still
  // needed and, in one column, its own upper total and Yahtzee flag. Up to NEED_LANES per run.
  const NEED_LANES = 64;
  let twoWs: TurnWorkspace | undefined;
  const bestM = new Float64Array((5 * R + 1) * NEED_LANES);
  const pointsOfRoll = new Int32Array(R);
  const slotOfRoll = new Int32Array(R);
  // A group's last-turn values per (combo, lane): at most one combo per roll.
  const comboValue = new Float64Array(R * NEED_LANES);
  const comboIndex = new Map<number, number>();
  // The last turns asked by one entry: distinct (points still needed, upper total and flag of the last box's column).
  const lastNeed: number[] = [];
  const lastKey: number[] = [];
  const lastValue: number[] = [];
  const lastIndex = new Map<number, Map<number, number>>();
  const lastLane = (needAfter: number, u: number, f: boolean): number => {
    const key = u * 2 + (f ? 1 : 0);
    return indexIn(lastIndex, needAfter, key, () => {
      lastNeed.push(needAfter);
      return lastKey.push(key) - 1;
    });
  };
  // Last turns valued already, by points still needed, then last box and its column's state: a
  // third-last turn's entries meet about half of theirs twice (box x then y, y then x), and a
  // reach goal's hints the same ones again. Valid while the goal's worth of the last points stays
  // what it was (endChance: the opponent's law and variance).
  const lastKnown = new Map<number, Map<number, number>>();
  let knownSize = 0;
  let knownLaw: PointsLaw | undefined;
  let knownVariance = 0;
  /** Values every last turn gathered in lastNeed/lastKey, LAST_TURN_LANES at a time, ordered by column state (the engine's gains are per column state). */
  const evaluateLastTurns = (after: GameState): void => {
    if (model.law !== knownLaw || model.extraVariance !== knownVariance || knownSize >= LAST_KNOWN) {
      lastKnown.clear();
      knownSize = 0;
      knownLaw = model.law;
      knownVariance = model.extraVariance;
    }
    const { column: k, box: b } = lastBox(rs, after);
    // lastKey (upper total × 2 + flag) is below 512: an upper total is below 256.
    const boxKey = ((k * B + b) * 2 ** B + after.columns[k].mask) * 512;
    lastValue.length = lastNeed.length;
    const order: number[] = [];
    for (let i = 0; i < lastNeed.length; i++) {
      const v = lastKnown.get(lastNeed[i])?.get(boxKey + lastKey[i]);
      if (v === undefined) order.push(i);
      else lastValue[i] = v;
    }
    order.sort((x, y) => lastKey[x] - lastKey[y]);
    for (let at = 0; at < order.length; at += LAST_TURN_LANES) {
      const n = Math.min(LAST_TURN_LANES, order.length - at);
      for (let j = 0; j < n; j++) {
        const i = order[at + j];
        lastTurns.need[j] = lastNeed[i];
        lastTurns.upper[j] = lastKey[i] >> 1;
        lastTurns.flag[j] = lastKey[i] & 1;
      }
      lastTurns.evaluate(after, n, laneValues);
      for (let j = 0; j < n; j++) {
        const i = order[at + j];
        lastValue[i] = laneValues[j];
        let byBox = lastKnown.get(lastNeed[i]);
        if (!byBox) lastKnown.set(lastNeed[i], (byBox = new Map()));
        byBox.set(boxKey + lastKey[i], laneValues[j]);
        knownSize++;
      }
    }
  };

  /**
   * The lanes of a two-box turn: lane j needs need[j] more points, and column `column` (where
   * ≥ 0) has upper total upper[j] and Yahtzee flag flag[j] in it instead of the state's.
   */
  interface TwoLeftLanes {
    count: number;
    need: ArrayLike<number>;
    column: number;
    upper?: ArrayLike<number>;
    flag?: ArrayLike<number>;
  }
  // One group of a two-box entry's lanes: those alike in the column state the entry reads.
  interface LaneGroup {
    lanes: number[];
    upper: number;
    flag: boolean;
    comboOfRoll: Int32Array;
    // per distinct (gain, upper, flag) of the rolls × lane of the group: its last turn
    last: number[];
    late: number[];
  }

  /**
   * Score-now with two boxes left, exact, for every lane (j < lanes.count ≤ NEED_LANES): each
   * entry is valued by the last turn it leaves (last-turns.ts), one engine run per free box for
   * every gain and lane of its entries (a lane of the last turn per distinct points still needed
   * and state of the last box's column), into bestM at slot × count + j. True where a
   * first-roll-only column is open.
   */
  const scoreTwoLeft = (state: GameState, lanes: TwoLeftLanes): boolean => {
    const M = lanes.count;
    const vk = lanes.column;
    bestM.fill(-Infinity, 0, (5 * R + 1) * M);
    let firstOnly = false;
    for (let k = 0; k < C; k++) {
      const col = state.columns[k];
      allowed[k] = col.mask === full ? 0 : allowedMask(rs.columns[k].fill, B, col.mask);
      if (allowed[k] && rs.columns[k].fill === 'first-roll-only') firstOnly = true;
    }
    // The lanes by their own state of column vk (one group, the state's, where no lane has one).
    const byState = new Map<number, number[]>();
    for (let j = 0; j < M; j++) {
      const key = vk < 0 ? -1 : lanes.upper![j] * 2 + lanes.flag![j];
      const list = byState.get(key);
      if (list) list.push(j);
      else byState.set(key, [j]);
    }
    const after: GameState = { columns: state.columns.map((col) => ({ ...col })) };
    const entryCol: ColumnState = { mask: 0, upper: 0, yahtzee50: false };
    for (let k = 0; k < C; k++) {
      const p = parts[k];
      const onlyFirst = rs.columns[k].fill === 'first-roll-only';
      const special = nOfAKind[k];
      const [scoreSlot, zeroSlot] = onlyFirst ? [FIRST_SCORE * R, FIRST_ZERO * R] : [ANY_SCORE * R, ANY_ZERO * R];
      for (let m = allowed[k]; m; m &= m - 1) {
        const b = 31 - Math.clz32(m & -m);
        const mask = state.columns[k].mask | (1 << b);
        after.columns[k].mask = mask;
        const k2 = lastBox(rs, after).column;
        const same = k2 === k;
        const perLane = vk >= 0 && (k === vk || k2 === vk);
        lastNeed.length = 0;
        lastKey.length = 0;
        lastIndex.clear();
        const groups: LaneGroup[] = [];
        for (const [key, list] of perLane ? byState : new Map([[-1, Array.from({ length: M }, (_, j) => j)]])) {
          const upper = key < 0 ? state.columns[vk < 0 ? k : vk].upper : key >> 1;
          const flag = key < 0 ? state.columns[vk < 0 ? k : vk].yahtzee50 : (key & 1) === 1;
          const col = k === vk && key >= 0 ? { mask: state.columns[k].mask, upper, yahtzee50: flag } : state.columns[k];
          // The last box's column as the entry leaves it, where the entry is in another column.
          const lastU = k2 === vk && key >= 0 ? upper : after.columns[k2].upper;
          const lastF = k2 === vk && key >= 0 ? flag : after.columns[k2].yahtzee50;
          entryCol.mask = col.mask;
          entryCol.upper = col.upper;
          entryCol.yahtzee50 = col.yahtzee50;
          const g: LaneGroup = { lanes: list, upper, flag, comboOfRoll: new Int32Array(R), last: [], late: [] };
          groups.push(g);
          comboIndex.clear();
          let combos = 0;
          for (let r = 0; r < R; r++) {
            const gain = entryGain(p, entryCol, r, b, special[r] === 1, entry);
            pointsOfRoll[r] = entry.points;
            if (gain === undefined) {
              g.comboOfRoll[r] = -1;
              continue;
            }
            const u = same ? entry.next.upper : lastU;
            const f = same ? entry.next.yahtzee50 : lastF;
            // The rolls' distinct (gain, upper, flag), each asked of the last turns once per lane.
            const key2 = (gain * 4096 + u) * 2 + (f ? 1 : 0);
            let c = comboIndex.get(key2);
            if (c === undefined) {
              c = combos++;
              comboIndex.set(key2, c);
              for (const j of list) g.last.push(lastLane(lanes.need[j] - gain, u, f));
            }
            g.comboOfRoll[r] = c;
          }
          // After a reroll a first-roll-only column's entry scores nothing and leaves the column as it was.
          if (onlyFirst) for (const j of list) g.late.push(lastLane(lanes.need[j], same ? col.upper : lastU, same ? col.yahtzee50 : lastF));
        }
        evaluateLastTurns(after);
        after.columns[k].mask = state.columns[k].mask;
        for (let r = 0; r < R; r++) slotOfRoll[r] = ((zeroRule && pointsOfRoll[r] === 0 ? zeroSlot : scoreSlot) + r) * M;
        for (const g of groups) {
          const n = g.lanes.length;
          if (onlyFirst) {
            for (let jj = 0; jj < n; jj++) {
              const j = g.lanes[jj];
              const late = lastValue[g.late[jj]];
              bestM[LATE_ANY * M + j] = Math.max(bestM[LATE_ANY * M + j], late);
              for (let r = 0; r < R; r++) if (special[r]) bestM[(LATE * R + r) * M + j] = Math.max(bestM[(LATE * R + r) * M + j], late);
            }
          }
          // Each combo's values per lane once (rolls share a few dozen combos), then roll by roll
          // across the lanes: every cell of bestM still takes its entries' maxima in the same order.
          const combos = g.last.length / n;
          for (let i = 0; i < combos * n; i++) comboValue[i] = lastValue[g.last[i]];
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
    }
    return firstOnly;
  };

  const needOne = new Float64Array(1);
  const oneLane: TwoLeftLanes = { count: 1, need: needOne, column: -1 };
  /** Score-now with two boxes left for the model's own need, exact (scoreTwoLeft), settled per roll. */
  const fillTwoLeft = (state: GameState, first: Float64Array, later: Float64Array): void => {
    needOne[0] = model.need;
    settleRolls(first, later, scoreTwoLeft(state, oneLane), bestM, 1);
  };

  /** out[j]: the exact chance from `state`, two boxes left, in lane j: its turn played for the goal. */
  const twoLeftChances = (state: GameState, lanes: TwoLeftLanes, out: Float64Array): void => {
    const ws = (twoWs ??= createTurnWorkspace(c.dice, NEED_LANES));
    const firstOnly = scoreTwoLeft(state, lanes);
    settleRolls(ws.scoreFirst, ws.scoreLater, firstOnly, bestM, lanes.count);
    ws.lanes = lanes.count;
    evaluateTurnValue(c.dice, ws.scoreFirst, ws.scoreLater, ws);
    out.set(ws.value.subarray(0, lanes.count));
  };
  const chanceOne = new Float64Array(1);
  const twoLeftChance = (state: GameState, needLeft: number): number => {
    needOne[0] = needLeft;
    twoLeftChances(state, oneLane, chanceOne);
    return chanceOne[0];
  };

  /**
   * Score-now with three boxes left, exact: each entry is valued by the two-box turn it leaves,
   * one engine run per box entered (a lane per points still needed, upper total and flag of its
   * column after the entry), and the rolls' values are settled as fillTwoLeft settles them.
   * Every entry's next state and gain are read first: the two-box turns below reuse this
   * model's scratch.
   */
  const fillThreeLeft = (state: GameState, first: Float64Array, later: Float64Array): void => {
    const need = model.need;
    // Per box entered: the distinct (upper, flag, points still needed) its entries leave.
    // laneOf: by points still needed, then by upper total × 2 + flag (numbers, not a string key: 756 asks a turn).
    interface Asked { k: number; b: number; need: number[]; upper: number[]; flag: number[]; laneOf: Map<number, Map<number, number>>; values?: Float64Array }
    const boxes: Asked[] = [];
    const ask = (a: Asked, upper: number, flag: boolean, needLeft: number): number =>
      indexIn(a.laneOf, needLeft, upper * 2 + (flag ? 1 : 0), () => {
        a.need.push(needLeft);
        a.upper.push(upper);
        return a.flag.push(flag ? 1 : 0) - 1;
      });
    const entries: { a: Asked; slots: Int32Array; lane: Int32Array; onlyFirst: boolean; late: number; special: Uint8Array }[] = [];
    let firstOnly = false;
    const open = state.columns.map((col, k) => (col.mask === full ? 0 : allowedMask(rs.columns[k].fill, B, col.mask)));
    for (let k = 0; k < C; k++) {
      const p = parts[k];
      const col = state.columns[k];
      const onlyFirst = rs.columns[k].fill === 'first-roll-only';
      if (open[k] && onlyFirst) firstOnly = true;
      const special = nOfAKind[k];
      const [scoreSlot, zeroSlot] = onlyFirst ? [FIRST_SCORE * R, FIRST_ZERO * R] : [ANY_SCORE * R, ANY_ZERO * R];
      for (let m = open[k]; m; m &= m - 1) {
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
    const after: GameState = { columns: state.columns.map((col) => ({ ...col })) };
    for (const a of boxes) {
      after.columns[a.k].mask = state.columns[a.k].mask | (1 << a.b);
      a.values = new Float64Array(a.need.length);
      for (let at = 0; at < a.need.length; at += NEED_LANES) {
        const n = Math.min(NEED_LANES, a.need.length - at);
        const lanes: TwoLeftLanes = { count: n, need: a.need.slice(at, at + n), column: a.k, upper: a.upper.slice(at, at + n), flag: a.flag.slice(at, at + n) };
        twoLeftChances(after, lanes, a.values.subarray(at, at + n));
      }
      after.columns[a.k].mask = state.columns[a.k].mask;
    }
    bestV.fill(-Infinity);
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
    settleRolls(first, later, firstOnly);
  };
  return model;
}
