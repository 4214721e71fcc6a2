import { maxOfAKind, scorePattern, type FaceCounts } from './patterns.ts';
import type { RuleSet } from './types.ts';

/** What one column's scorecard must tell the scorer: which boxes are filled and the Yahtzee box. */
export interface ColumnFacts {
  /** bit i set = box i of the column is filled */
  filledMask: number;
  /** the Yahtzee box is filled with its full 50 (so a further Yahtzee earns the bonus) */
  yahtzeeHolds50: boolean;
}

export interface BoxResult {
  /** points written in the box */
  points: number;
  /** extra-Yahtzee bonus earned by this entry (0 or rs.yahtzeeBonus) */
  yahtzeeBonus: number;
}

const yahtzeeBoxes = new WeakMap<RuleSet, number>();

/** Index of the box that takes n of a kind for 50 (-1 where none); remembered per rule set, since scoring asks on every Yahtzee. */
export function yahtzeeBoxIndex(rs: RuleSet): number {
  let y = yahtzeeBoxes.get(rs);
  if (y === undefined) {
    y = rs.boxes.findIndex((b) => b.pattern.kind === 'ofAKindFixed' && b.pattern.n === rs.dice);
    yahtzeeBoxes.set(rs, y);
  }
  return y;
}

/**
 * Index of the box that takes n of a kind for a fixed 50 (Yahtzee, Yatzy, Superpass's kniffel of
 * five of six dice), or -1. Unlike `yahtzeeBoxIndex` it does not ask for all the dice alike, so a
 * report can count that box's 50s in every rule set; the Joker and bonus rules keep to the other.
 */
export function fiftyBoxIndex(rs: RuleSet): number {
  return rs.boxes.findIndex((b) => b.pattern.kind === 'ofAKindFixed');
}

export function isUpperBox(rs: RuleSet, box: number): boolean {
  return rs.boxes[box].pattern.kind === 'upper';
}

/** The boxes a rule set does not play (`closedBoxes`), as the filled mask every column starts with. */
export function closedMask(rs: RuleSet): number {
  let mask = 0;
  for (const id of rs.closedBoxes ?? []) mask |= 1 << rs.boxes.findIndex((b) => b.id === id);
  return mask;
}

/** Number of upper boxes (they always come first, faces 1..6). */
export const UPPER_COUNT = 6;

/** The Yahtzee box of a column holds its full 50, so a further Yahtzee earns the bonus; `values[b]`: points in box b, undefined while free. */
export function yahtzeeBoxHolds50(rs: RuleSet, values: ArrayLike<number | null | undefined>): boolean {
  const y = yahtzeeBoxIndex(rs);
  return y >= 0 && values[y] === 50;
}

/** The extra-Yahtzee bonus a score entry earns, whichever box it goes in: a Yahtzee rolled while that column's Yahtzee box holds 50. */
export function extraYahtzeeBonus(rs: RuleSet, counts: FaceCounts, yahtzeeHolds50: boolean): number {
  return rs.yahtzeeBonus > 0 && yahtzeeHolds50 && maxOfAKind(counts) === rs.dice && yahtzeeBoxIndex(rs) >= 0 ? rs.yahtzeeBonus : 0;
}

/** True when this roll is a Yahtzee that the Joker rules apply to. */
export function isJokerRoll(rs: RuleSet, facts: ColumnFacts, counts: FaceCounts): boolean {
  if (rs.joker === 'none') return false;
  const y = yahtzeeBoxIndex(rs);
  return y >= 0 && (facts.filledMask & (1 << y)) !== 0 && maxOfAKind(counts) === rs.dice;
}

function yahtzeeFace(counts: FaceCounts): number {
  for (let f = 0; f < 6; f++) if (counts[f] > 0) return f + 1;
  return 0;
}

/**
 * Scores a roll in one free box of one column under the rule set's Joker rules, or returns null
 * when the Joker rules forbid that box. Upper bonus is not included: it depends on the running total.
 */
export function scoreBox(rs: RuleSet, facts: ColumnFacts, counts: FaceCounts, box: number): BoxResult | null {
  const def = rs.boxes[box];
  const yahtzeeBonus = extraYahtzeeBonus(rs, counts, facts.yahtzeeHolds50);
  if (!isJokerRoll(rs, facts, counts)) {
    return { points: scorePattern(def.pattern, counts), yahtzeeBonus };
  }
  const face = yahtzeeFace(counts);
  const upperFilled = (facts.filledMask & (1 << (face - 1))) !== 0;
  if (rs.joker === 'free') {
    const points = upperFilled && def.jokerPoints !== undefined ? def.jokerPoints : scorePattern(def.pattern, counts);
    return { points, yahtzeeBonus };
  }
  // Forced Joker: matching upper box first, then any lower box at Joker scores, else a zero above.
  if (!upperFilled) return box === face - 1 ? { points: scorePattern(def.pattern, counts), yahtzeeBonus } : null;
  const allBoxes = (1 << rs.boxes.length) - 1;
  const lowerFree = (~facts.filledMask & allBoxes) >> UPPER_COUNT !== 0;
  if (isUpperBox(rs, box)) return lowerFree ? null : { points: 0, yahtzeeBonus };
  return { points: def.jokerPoints ?? scorePattern(def.pattern, counts), yahtzeeBonus };
}

/** The upper bonus a column's upper-section total earns. */
export function upperBonusOf(rs: RuleSet, upperTotal: number): number {
  return upperTotal >= rs.upperBonus.threshold ? rs.upperBonus.points : 0;
}

/** Upper-section total after adding `points` to an upper box, and the bonus that crossing earns. */
export function upperBonusFor(rs: RuleSet, upperBefore: number, points: number): number {
  const t = rs.upperBonus.threshold;
  return upperBefore < t && upperBefore + points >= t ? rs.upperBonus.points : 0;
}
