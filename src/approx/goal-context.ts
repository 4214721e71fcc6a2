import type { RuleSet } from '../rules/index.ts';
import { allowedMask, boxCount, compileRules, type CompiledRules, type GameState } from '../solver/index.ts';
import { createEntryScratch, type EntryScratch } from '../solver/score-entry.ts';
import { columnParts, type ColumnPart, type ColumnTables } from './column-parts.ts';
import { canonicalColumns, type CanonicalColumns, type Correction } from './column-sum-model.ts';
import type { GoalQuantiles } from './quantile-head.ts';
import { spreadClassCount, spreadClassifier, type ClassSpread } from './spread-classes.ts';

/**
 * What every part of a multi-column goal model reads (goal-model.ts), fixed when the model is
 * made: the columns and their exact tables, best play's correction and measured spread, the
 * rolls that score through scoreEntry's slow path; and two scratch objects the parts take turns
 * with (each part fills them before it reads them).
 */
export interface GoalContext {
  rs: RuleSet;
  c: CompiledRules;
  parts: ColumnPart[];
  /** columns */
  C: number;
  /** boxes per column, and a full column's mask */
  B: number;
  full: number;
  /** boxes in the game */
  total: number;
  /** rolls of the dice */
  R: number;
  /** a zero may be entered only where nothing scores (Superpass) */
  zeroRule: boolean;
  correction: Correction | undefined;
  spread: ClassSpread;
  /** the goal value where a quantile head is fitted (quantile-chance.ts); else the spread alone */
  quantiles: GoalQuantiles | undefined;
  spreadClass: (cols: CanonicalColumns) => number;
  /** per column, 1 for the rolls of n of a kind (Joker, Yahtzee bonus, the 50 box: scoreEntry's slow path) */
  nOfAKind: Uint8Array[];
  /** 1 for the rolls that are n of a kind in some column */
  specialAt: Uint8Array;
  /** scratch: the canonical columns of the state being read */
  cols: CanonicalColumns;
  /** scratch: an entry's points and the column it leaves */
  entry: EntryScratch;
}

export function createGoalContext(rs: RuleSet, tables: ColumnTables, correction: Correction | undefined, spread: ClassSpread): GoalContext {
  const c = compileRules(rs);
  const parts = columnParts(rs, tables);
  const total = boxCount(rs);
  const classes = spreadClassCount(rs);
  if (spread.bias.length < total || spread.variance.length < total || spread.bias.some((b) => b.length !== classes)) {
    throw new Error(`${rs.id}: a spread needs ${total} levels of ${classes} classes`);
  }
  const R = c.dice.rollCount;
  const nOfAKind = parts.map((p) => {
    const marks = new Uint8Array(R);
    for (const r of p.c.yahtzeeRoll) marks[r] = 1;
    return marks;
  });
  const specialAt = new Uint8Array(R);
  for (const marks of nOfAKind) marks.forEach((m, r) => (specialAt[r] |= m));
  const ctx: GoalContext = {
    rs,
    c,
    parts,
    C: parts.length,
    B: rs.boxes.length,
    full: (1 << rs.boxes.length) - 1,
    total,
    R,
    zeroRule: rs.zeroOnlyWhenNothingScores,
    correction,
    spread,
    quantiles: undefined,
    spreadClass: spreadClassifier(rs),
    nOfAKind,
    specialAt,
    cols: canonicalColumns(parts.length),
    entry: createEntryScratch(),
  };
  return ctx;
}

/** The boxes of column k that the column's fill rule lets this turn enter (a mask; 0 for a full column). */
export function openBoxesOf(ctx: GoalContext, state: GameState, k: number): number {
  const col = state.columns[k];
  return col.mask === ctx.full ? 0 : allowedMask(ctx.rs.columns[k].fill, ctx.B, col.mask);
}

/** The index kept in `map` for (a, b); where there is none, `add`'s (the index of what it added), kept. */
export function indexIn<A, B>(map: Map<A, Map<B, number>>, a: A, b: B, add: () => number): number {
  let inner = map.get(a);
  if (!inner) map.set(a, (inner = new Map()));
  let i = inner.get(b);
  if (i === undefined) {
    i = add();
    inner.set(b, i);
  }
  return i;
}
