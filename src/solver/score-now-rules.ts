import type { CompiledRules } from './compiled-rules.ts';
import { UPPER_SLOTS } from './column-layout.ts';

/**
 * Score-now for a column with a fill rule (top-down, bottom-up, first-roll-only) or Superpass's
 * zero rule: a path of its own so that the plain path in score-now.ts, which every exact rule set
 * runs 300,000 times per build, keeps its shape. No Joker and no Yahtzee bonus here (no rule set
 * combines them with column rules; `createRuleScratch` refuses).
 *
 * The result is split the way the zero rule needs it, also across columns (approx/):
 * - `pos[r]`: best value of an entry that scores more than 0 with roll r (-Infinity where none);
 * - `zero`: best value of an entry that scores 0. A box scoring 0 is worth the same for every
 *   roll that scores nothing in it, and only rolls where no box scores may take a zero under the
 *   zero rule, so one number per state is enough.
 * After a reroll a first-roll-only column scores 0 everywhere: `pos` is -Infinity for every roll.
 */
export interface RuleScratch {
  /** upperValue[b * 7 + n]: value of scoring n dice of face b + 1 in upper box b */
  upperValue: Float64Array;
  /** lowerBase[b]: value of the state after filling lower box b (points excluded) */
  lowerBase: Float64Array;
  pos: Float64Array;
  zero: number;
}

export function createRuleScratch(c: CompiledRules): RuleScratch {
  if (c.jokerActive || c.layout.flags !== 1) throw new Error(`${c.rs.id}: fill-rule columns with a Joker or Yahtzee bonus are not supported`);
  const B = c.rs.boxes.length;
  return { upperValue: new Float64Array(B * 7), lowerBase: new Float64Array(B), pos: new Float64Array(c.dice.rollCount), zero: -Infinity };
}

/** True where a single-column rule set needs this path instead of score-now.ts. */
export function needsRulePath(c: CompiledRules): boolean {
  return c.layout.fill !== 'any' || c.rs.zeroOnlyWhenNothingScores;
}

/** The boxes the column's fill rule allows now, as a bit mask. */
export function allowedMask(fill: string, boxes: number, mask: number): number {
  const free = ~mask & ((1 << boxes) - 1);
  if (free === 0) return 0;
  if (fill === 'top-down') return free & -free;
  if (fill === 'bottom-up') return 1 << (31 - Math.clz32(free));
  return free;
}

/** Fills s.pos and s.zero for the state (mask, upper) given the values of the states one box later. */
export function scoreNowRules(c: CompiledRules, values: Float64Array, mask: number, upper: number, s: RuleScratch): void {
  const L = c.layout;
  const B = L.boxes;
  const T = L.threshold;
  const UB = c.rs.upperBonus.points;
  const { upperValue, lowerBase, pos } = s;
  const { nzStart, nzRoll, nzScore } = c;
  const { canonUpper, slotOfMask } = L;
  const allowed = allowedMask(L.fill, B, mask);
  let zero = -Infinity;
  for (let b = 0; b < B; b++) {
    if ((allowed & (1 << b)) === 0) continue;
    const next = mask | (1 << b);
    const row = (slotOfMask === null ? next : slotOfMask[next]) * UPPER_SLOTS;
    let z: number;
    if (b < 6) {
      const face = b + 1;
      for (let n = 0; n <= L.dice; n++) {
        const pts = face * n;
        const raw = upper + pts;
        const bonus = upper < T && raw >= T ? UB : 0;
        upperValue[b * 7 + n] = pts + bonus + values[row + canonUpper[(next & 63) * UPPER_SLOTS + (raw > T ? T : raw)]];
      }
      z = upperValue[b * 7];
    } else {
      z = lowerBase[b] = values[row + canonUpper[(next & 63) * UPPER_SLOTS + upper]];
    }
    if (z > zero) zero = z;
  }
  s.zero = zero;
  pos.fill(-Infinity);
  for (let b = 0; b < B; b++) {
    if ((allowed & (1 << b)) === 0) continue;
    const e = nzStart[b + 1];
    const upperRow = b * 7;
    const base = lowerBase[b];
    for (let i = nzStart[b]; i < e; i++) {
      const r = nzRoll[i];
      const v = b < 6 ? upperValue[upperRow + nzScore[i]] : nzScore[i] + base;
      if (v > pos[r]) pos[r] = v;
    }
  }
}

/**
 * The column on its own: the best score-now value per roll after the first roll and after a
 * reroll, from s.pos and s.zero. Without the zero rule a zero entry competes with the scoring
 * ones (a box that scores is never worth less than a zero in it: a higher upper total never hurts).
 */
export function columnScoreNow(c: CompiledRules, s: RuleScratch, first: Float64Array, later: Float64Array): void {
  const { pos, zero } = s;
  const zeroRule = c.rs.zeroOnlyWhenNothingScores;
  for (let r = 0, R = pos.length; r < R; r++) {
    const p = pos[r];
    first[r] = p === -Infinity ? zero : zeroRule || p > zero ? p : zero;
  }
  if (c.layout.fill === 'first-roll-only') later.fill(zero);
  else if (later !== first) later.set(first);
}
