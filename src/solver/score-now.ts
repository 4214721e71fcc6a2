import type { CompiledRules } from './compiled-rules.ts';
import { UPPER_SLOTS } from './column-layout.ts';

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
function valueAt(c: CompiledRules, values: Float64Array, mask: number, upper: number, flag: number): number {
  const L = c.layout;
  return values[(mask * UPPER_SLOTS + L.canonUpper[(mask & 63) * UPPER_SLOTS + upper]) * L.flags + flag];
}

/**
 * Fills s.best[r] with the best value of scoring roll r now from state (mask, upper, flag),
 * given the values of the states one box later. Yahtzee rolls follow the Joker rules.
 */
export function scoreNow(
  c: CompiledRules,
  values: Float64Array,
  mask: number,
  upper: number,
  flag: number,
  s: ScoreScratch,
): void {
  const B = c.rs.boxes.length;
  const R = c.dice.rollCount;
  const T = c.layout.threshold;
  const UB = c.rs.upperBonus.points;
  const yBox = c.layout.yahtzeeBox;
  const best = s.best;
  const upperValue = s.upperValue;
  const lowerBase = s.lowerBase;
  best.fill(-Infinity);
  for (let b = 0; b < B; b++) {
    const bit = 1 << b;
    if (mask & bit) continue;
    const next = mask | bit;
    if (b < 6) {
      const face = b + 1;
      for (let n = 0; n <= c.dice.dice; n++) {
        const pts = face * n;
        const raw = upper + pts;
        const bonus = upper < T && raw >= T ? UB : 0;
        upperValue[b * 7 + n] = pts + bonus + valueAt(c, values, next, raw > T ? T : raw, flag);
      }
      const counts = c.dice.rollFaceCount;
      const o = b * 7;
      const co = b * R;
      for (let r = 0; r < R; r++) {
        const v = upperValue[o + counts[co + r]];
        const w = best[r];
        best[r] = v > w ? v : w;
      }
    } else {
      const base = valueAt(c, values, next, upper, flag);
      lowerBase[b] = base;
      const sc = c.score;
      const o = b * R;
      for (let r = 0; r < R; r++) {
        const v = sc[o + r] + base;
        const w = best[r];
        best[r] = v > w ? v : w;
      }
    }
  }
  if (yBox < 0) return;
  const yBit = 1 << yBox;
  if ((mask & yBit) === 0) {
    // A Yahtzee in the open Yahtzee box moves to the 50 state, where later Yahtzees earn the bonus.
    if (c.layout.flags === 2) {
      const v50 = 50 + valueAt(c, values, mask | yBit, upper, 1);
      for (let f = 0; f < 6; f++) {
        const r = c.yahtzeeRoll[f];
        if (v50 > best[r]) best[r] = v50;
      }
    }
    return;
  }
  if (!c.jokerActive && flag === 0) return;
  const yb = flag ? c.rs.yahtzeeBonus : 0;
  const lowerFree = (~mask & c.lowerMask) !== 0 ? 1 : 0;
  for (let f = 0; f < 6; f++) {
    const r = c.yahtzeeRoll[f];
    if (!c.jokerActive) {
      best[r] += yb;
      continue;
    }
    const uf = mask & (1 << f) ? 1 : 0;
    const row = ((f * 2 + uf) * 2 + lowerFree) * B;
    let v = -Infinity;
    for (let b = 0; b < B; b++) {
      if (mask & (1 << b)) continue;
      const pts = c.jokerPoints[row + b];
      if (pts < 0) continue;
      const w = b < 6 ? upperValue[b * 7 + pts / (b + 1)] : pts + lowerBase[b];
      if (w > v) v = w;
    }
    best[r] = v + yb;
  }
}
