import { isPlainSingleColumn } from '../rules/index.ts';
import type { CompiledRules } from './compiled-rules.ts';
import { UPPER_SLOTS } from './column-layout.ts';

/**
 * A box memo's entry not yet filled (a byte: column × boxes + box is at most 59): the box chooser
 * takes that roll. Box memos (a turn's `boxes`, the decision memo's rows) are Uint8Arrays.
 */
export const NO_BOX = 255;

/**
 * Per-state scratch for the score-now step: for every free box, the value of ending the turn
 * there (points + bonuses + value of the next state), precomputed once per state so that the
 * 252-roll loop is a table read and an add.
 */
export interface ScoreScratch {
  /** upperValue[b * 7 + c]: value of scoring c dice of face b + 1 in upper box b */
  upperValue: Float64Array;
  /** lowerBase[b]: value of the state after filling lower box b (points excluded) */
  lowerBase: Float64Array;
  /** best score-now value per roll */
  best: Float64Array;
}

export function createScoreScratch(c: CompiledRules): ScoreScratch {
  const B = c.rs.boxes.length;
  return {
    upperValue: new Float64Array(B * 7),
    lowerBase: new Float64Array(B),
    best: new Float64Array(c.dice.rollCount),
  };
}

/** Value of the canonical state (mask, upper, flag) in a value table. */
export function valueAt(c: CompiledRules, values: Float64Array, mask: number, upper: number, flag: number): number {
  const L = c.layout;
  return values[(mask * UPPER_SLOTS + L.canonUpper[(mask & 63) * UPPER_SLOTS + upper]) * L.flags + flag];
}

/**
 * Fills s.best[r] with the best value of scoring roll r now from state (mask, upper, flag),
 * given the values of the states one box later. Yahtzee rolls follow the Joker rules.
 *
 * With `boxes`, also boxes[r] = the box of that best value, the lowest box of the highest value
 * as the box chooser takes it (engine-decisions.ts createBoxChooser; the same where
 * `scoreNowPicksBoxes`), and NO_BOX for n-of-a-kind rolls, which the Joker and Yahtzee bonus rules
 * score apart: the chooser takes those. A zero value stands in for every roll of a box, also
 * where the box scores: there the box's own value is at least as high and replaces it or ties it.
 */
export function scoreNow(
  c: CompiledRules,
  values: Float64Array,
  mask: number,
  upper: number,
  flag: number,
  s: ScoreScratch,
  boxes?: Uint8Array,
): void {
  const B = c.rs.boxes.length;
  const T = c.layout.threshold;
  const UB = c.rs.upperBonus.points;
  const best = s.best;
  const upperValue = s.upperValue;
  const lowerBase = s.lowerBase;
  // Every box is worth at least its zero-score value for every roll (a zero in an upper box
  // is never better than scoring dice there, since a higher upper total never hurts), so one
  // pass sets the best zero-score value and each box then visits only the rolls where it scores.
  const nzStart = c.nzStart;
  const nzRoll = c.nzRoll;
  const nzScore = c.nzScore;
  let zero = -Infinity;
  let zeroBox = -1;
  for (let b = 0; b < B; b++) {
    const bit = 1 << b;
    if (mask & bit) continue;
    const next = mask | bit;
    let z: number;
    if (b < 6) {
      const face = b + 1;
      for (let n = 0; n <= c.dice.dice; n++) {
        const pts = face * n;
        const raw = upper + pts;
        const bonus = upper < T && raw >= T ? UB : 0;
        upperValue[b * 7 + n] = pts + bonus + valueAt(c, values, next, raw > T ? T : raw, flag);
      }
      z = upperValue[b * 7];
    } else {
      z = lowerBase[b] = valueAt(c, values, next, upper, flag);
    }
    if (z > zero) {
      zero = z;
      zeroBox = b;
    }
  }
  best.fill(zero);
  if (boxes) boxes.fill(zeroBox, 0, best.length);
  for (let b = 0; b < B; b++) {
    if (mask & (1 << b)) continue;
    const e = nzStart[b + 1];
    if (boxes) {
      const upperBox = b < 6;
      const o = b * 7;
      const base = upperBox ? 0 : lowerBase[b];
      for (let i = nzStart[b]; i < e; i++) {
        const r = nzRoll[i];
        const v = upperBox ? upperValue[o + nzScore[i]] : nzScore[i] + base;
        const w = best[r];
        if (v > w) {
          best[r] = v;
          boxes[r] = b;
        } else if (v === w && b < boxes[r]) boxes[r] = b;
      }
    } else if (b < 6) {
      const o = b * 7;
      for (let i = nzStart[b]; i < e; i++) {
        const r = nzRoll[i];
        const v = upperValue[o + nzScore[i]];
        const w = best[r];
        best[r] = v > w ? v : w;
      }
    } else {
      const base = lowerBase[b];
      for (let i = nzStart[b]; i < e; i++) {
        const r = nzRoll[i];
        const v = nzScore[i] + base;
        const w = best[r];
        best[r] = v > w ? v : w;
      }
    }
  }
  if (boxes) for (const r of c.yahtzeeRoll) boxes[r] = NO_BOX;
  scoreYahtzeeRolls(c, values, mask, upper, flag, upperValue, lowerBase, best, 1, 0);
}

/**
 * Score-now's n-of-a-kind rolls, where the Yahtzee box changes the options: scoring 50 there
 * moves to the bonus state; with the box filled the Joker rules and the Yahtzee bonus apply. For
 * lane j of `stride` lanes side by side (score-now-lanes.ts; one state alone: stride 1, lane 0):
 * upperValue[(b × 7 + c) × stride + j], lowerBase[b × stride + j] and best[r × stride + j] as
 * `scoreNow` fills them for the state (mask, upper, flag).
 */
export function scoreYahtzeeRolls(
  c: CompiledRules,
  values: Float64Array,
  mask: number,
  upper: number,
  flag: number,
  upperValue: Float64Array,
  lowerBase: Float64Array,
  best: Float64Array,
  stride: number,
  j: number,
): void {
  const yBox = c.layout.yahtzeeBox;
  if (yBox < 0) return;
  const B = c.rs.boxes.length;
  const yBit = 1 << yBox;
  if ((mask & yBit) === 0) {
    // A Yahtzee in the open Yahtzee box moves to the 50 state, where later Yahtzees earn the bonus.
    if (c.layout.flags === 2) {
      const v50 = 50 + valueAt(c, values, mask | yBit, upper, 1);
      for (let f = 0; f < 6; f++) {
        const o = c.yahtzeeRoll[f] * stride + j;
        if (v50 > best[o]) best[o] = v50;
      }
    }
    return;
  }
  if (!c.jokerActive && flag === 0) return;
  const yb = flag ? c.rs.yahtzeeBonus : 0;
  const lowerFree = (~mask & c.lowerMask) !== 0 ? 1 : 0;
  for (let f = 0; f < 6; f++) {
    const o = c.yahtzeeRoll[f] * stride + j;
    if (!c.jokerActive) {
      best[o] += yb;
      continue;
    }
    const uf = mask & (1 << f) ? 1 : 0;
    const row = ((f * 2 + uf) * 2 + lowerFree) * B;
    let v = -Infinity;
    for (let b = 0; b < B; b++) {
      if (mask & (1 << b)) continue;
      const pts = c.jokerPoints[row + b];
      if (pts < 0) continue;
      const w = b < 6 ? upperValue[(b * 7 + pts / (b + 1)) * stride + j] : pts + lowerBase[b * stride + j];
      if (w > v) v = w;
    }
    best[o] = v + yb;
  }
}

/**
 * Whether `scoreNow`'s boxes are the box chooser's over `values`: the table is indexed by mask as
 * `scoreNow` reads it, a column scores its points once (multiplier 1), and a full sheet is worth
 * 0 in the table as the model's `value` says. Then the chooser's gain + value of the next state is
 * the same sum of the same numbers as the value here.
 */
export function scoreNowPicksBoxes(c: CompiledRules, values: Float64Array): boolean {
  const L = c.layout;
  if (L.slotOfMask !== null || !isPlainSingleColumn(c.rs) || c.rs.columns[0].multiplier !== 1) return false;
  const full = (1 << c.rs.boxes.length) - 1;
  for (let i = full * UPPER_SLOTS * L.flags; i < (full + 1) * UPPER_SLOTS * L.flags; i++) if (values[i] !== 0) return false;
  return true;
}
