import { DicewiseError } from '../errors.ts';
import type { RuleSet } from '../rules/index.ts';
import { columnTypeOf } from '../rules/index.ts';
import type { ColumnState, CompiledRules, RuleScratch, ScoreScratch } from '../solver/index.ts';
import { columnStateIndex, stateIndex, UPPER_SLOTS } from '../solver/column-layout.ts';
import { compileRules } from '../solver/compiled-rules.ts';
import { scoreOptions } from '../solver/game-state.ts';
import { createScoreScratch, scoreNow } from '../solver/score-now.ts';
import { createRuleScratch, needsRulePath, scoreNowRules } from '../solver/score-now-rules.ts';

/** Value tables of a rule set's column types, keyed by type key (`superpass#col3`, see rules/column-types.ts). */
export type ColumnTables = ReadonlyMap<string, Float64Array>;

/**
 * One column of a multi-column game, with the exact table of its column type and the scratch of
 * its score-now step. `pristine` is the loaded table, never written; `table` is what score-now
 * reads: the pristine table, until a correction first patches it (column-sum-model.ts), which
 * gives the part its own copy (`ownTable`).
 */
export interface ColumnPart {
  column: number;
  multiplier: number;
  c: CompiledRules;
  pristine: Float64Array;
  table: Float64Array;
  /** plain columns run score-now.ts (Joker, Yahtzee bonus); the others score-now-rules.ts */
  plain: ScoreScratch | null;
  rules: RuleScratch | null;
  firstRollOnly: boolean;
}

export function columnParts(rs: RuleSet, tables: ColumnTables): ColumnPart[] {
  return rs.columns.map((def, column) => {
    const type = columnTypeOf(rs, column);
    const pristine = tables.get(type.key);
    const c = compileRules(type.rs);
    if (!pristine || pristine.length !== c.layout.size) {
      throw new DicewiseError('TABLE_STALE', `${type.key}: value table has ${pristine?.length ?? 'no'} entries, expected ${c.layout.size}`);
    }
    const rulePath = needsRulePath(c);
    return {
      column,
      multiplier: def.multiplier,
      c,
      pristine,
      table: pristine,
      plain: rulePath ? null : createScoreScratch(c),
      rules: rulePath ? createRuleScratch(c) : null,
      firstRollOnly: def.fill === 'first-roll-only',
    };
  });
}

/**
 * A copy of p's table for a correction to patch, made when it first does: a server's model of a
 * rule set nobody has asked about holds none (Triple Yahtzee's is 8 MiB). Columns of one type
 * share the copy, as they share the table.
 */
export function ownTable(parts: readonly ColumnPart[], p: ColumnPart): void {
  const copy = Float64Array.from(p.pristine);
  for (const q of parts) if (q.pristine === p.pristine) q.table = copy;
}

/** Canonical upper total of a column state (see column-layout.ts). */
export function canonicalUpper(p: ColumnPart, col: ColumnState): number {
  const L = p.c.layout;
  return L.canonUpper[(col.mask & 63) * UPPER_SLOTS + Math.min(L.threshold, col.upper)];
}

export function flagOf(p: ColumnPart, col: ColumnState): number {
  return col.yahtzee50 && p.c.layout.flags === 2 ? 1 : 0;
}

/** Index of a column state in its type's table. */
export function partIndex(p: ColumnPart, col: ColumnState): number {
  return columnStateIndex(p.c.layout, col);
}

/**
 * Runs the column's own score-now step on `p.table` (results in p.plain.best or p.rules.pos / zero).
 *
 * The plain step takes a zero in any free box as a floor for every roll, which is right only
 * while scoring dice in an upper box is never worth less than a zero there, and it offers a
 * Yahtzee in the open Yahtzee box both with and without the 50 flag, right only while the flag
 * never lowers a value. Exact tables satisfy both (a higher upper total and the bonus never
 * hurt); a corrected table may not, and where it does not, this column is scored from its
 * option list instead (`checked` = true).
 */
export function partScoreNow(p: ColumnPart, col: ColumnState, checked = false): void {
  const upper = Math.min(p.c.layout.threshold, col.upper);
  if (!p.plain) {
    scoreNowRules(p.c, p.table, col.mask, upper, p.rules!);
    return;
  }
  scoreNow(p.c, p.table, col.mask, upper, flagOf(p, col), p.plain);
  if (checked && !plainPathHolds(p, col.mask, upper)) optionListScoreNow(p, col);
}

function plainPathHolds(p: ColumnPart, m: number, upper: number): boolean {
  const u = p.plain!.upperValue;
  for (let b = 0; b < 6; b++) {
    if (m & (1 << b)) continue;
    for (let n = 1; n <= p.c.layout.dice; n++) if (u[b * 7 + n] < u[b * 7]) return false;
  }
  const L = p.c.layout;
  const yBit = L.yahtzeeBox >= 0 ? 1 << L.yahtzeeBox : 0;
  if (L.flags === 2 && yBit !== 0 && (m & yBit) === 0) {
    const next = m | yBit;
    if (p.table[stateIndex(L, next, upper, 1)] < p.table[stateIndex(L, next, upper, 0)]) return false;
  }
  return true;
}

/** p.plain.best from the column type's option list and p.table: slow, exact for any table. */
function optionListScoreNow(p: ColumnPart, col: ColumnState): void {
  const { rs, dice } = p.c;
  const state = { columns: [col] };
  for (let r = 0; r < dice.rollCount; r++) {
    let best = -Infinity;
    for (const o of scoreOptions(rs, state, dice.keepCounts.subarray(r * 6, r * 6 + 6), true)) {
      const v = o.points + o.bonus + p.table[partIndex(p, o.next.columns[0])];
      if (v > best) best = v;
    }
    p.plain!.best[r] = best;
  }
}

/**
 * Calls `visit(index, mask, canonicalUpper, flag)` for every table entry the score-now step of
 * this column state reads: the states one box later. An index may come more than once.
 */
export function forEachNextState(p: ColumnPart, col: ColumnState, visit: (index: number, mask: number, upper: number, flag: number) => void): void {
  const L = p.c.layout;
  const T = L.threshold;
  const upper = Math.min(T, col.upper);
  const flag = flagOf(p, col);
  const at = (mask: number, raw: number, f: number) => {
    const u = L.canonUpper[(mask & 63) * UPPER_SLOTS + Math.min(T, raw)];
    visit(stateIndex(L, mask, Math.min(T, raw), f), mask, u, f);
  };
  for (let b = 0; b < L.boxes; b++) {
    const bit = 1 << b;
    if (col.mask & bit) continue;
    const next = col.mask | bit;
    if (L.slotOfMask !== null && L.slotOfMask[next] < 0) continue;
    if (b < 6) for (let n = 0; n <= L.dice; n++) at(next, upper + (b + 1) * n, flag);
    else at(next, upper, flag);
    if (b === L.yahtzeeBox && L.flags === 2) at(next, upper, 1);
  }
}
