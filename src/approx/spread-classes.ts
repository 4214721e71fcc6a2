import { fiftyBoxIndex, type RuleSet } from '../rules/index.ts';
import type { CanonicalColumns } from './column-sum-model.ts';

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
