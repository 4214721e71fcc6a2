import type { GoalContext } from './goal-context.ts';

/**
 * A goal model's score-now keeps, per roll, the best entry of each kind, at slot kind × R + roll
 * (R rolls). Kinds: an entry that scores or a zero (the zero rule lets a zero in only where
 * nothing scores), in a column open after a reroll (ANY_) or in a first-roll-only one (FIRST_);
 * and such a column's entries after a reroll, which score nothing and so are one candidate for
 * every roll (slot LATE_ANY) but n of a kind, which may earn a Yahtzee bonus (LATE × R + roll).
 */
export const ANY_SCORE = 0;
export const ANY_ZERO = 1;
export const FIRST_SCORE = 2;
export const FIRST_ZERO = 3;
export const LATE = 4;

/** Slots of one lane: five kinds per roll, and LATE_ANY. */
export function slotCount(R: number): number {
  return 5 * R + 1;
}

/** The slot of a first-roll-only column's entries after a reroll, for every roll but n of a kind. */
export function lateAny(R: number): number {
  return 5 * R;
}

/** The first slots (roll 0) of a column's entries that score and of its zeros. */
export function entrySlots(onlyFirst: boolean, R: number): [score: number, zero: number] {
  return onlyFirst ? [FIRST_SCORE * R, FIRST_ZERO * R] : [ANY_SCORE * R, ANY_ZERO * R];
}

/**
 * Each roll's score-now from the slots' best values (`best` at slot × lanes + lane): the zero
 * rule, then a first-roll-only column's entries after a reroll. Writes roll r, lane j at
 * r × lanes + j; `later` is `first` where no first-roll-only column is open.
 */
export function settleRolls(ctx: GoalContext, first: Float64Array, later: Float64Array, firstOnly: boolean, best: Float64Array, lanes = 1): void {
  const { R, zeroRule, specialAt } = ctx;
  const M = lanes;
  const LATE_ANY = lateAny(R);
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
}

/**
 * The slot whose entry roll r takes, on the first roll or after a reroll (`later`), as
 * settleRolls settles values: the best of `value` (per slot, -Infinity where none) by the same rules.
 */
export function chosenSlot(ctx: GoalContext, value: Float64Array, r: number, later: boolean, firstOnly: boolean): number {
  const { R, zeroRule } = ctx;
  const pickOf = (slots: number[]): number => slots.reduce((a, b) => (value[b] > value[a] ? b : a));
  const score = later ? ANY_SCORE * R + r : pickOf([ANY_SCORE * R + r, FIRST_SCORE * R + r]);
  const zero = later ? ANY_ZERO * R + r : pickOf([ANY_ZERO * R + r, FIRST_ZERO * R + r]);
  const options = later && firstOnly ? [zero, LATE * R + r] : [zero];
  if (zeroRule && value[score] > -Infinity) return score;
  return pickOf(zeroRule ? options : [score, ...options]);
}
