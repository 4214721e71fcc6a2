import type { RuleSet } from '../rules/index.ts';
import type { GameModel, GameState } from '../solver/index.ts';
import { compileRules } from '../solver/compiled-rules.ts';
import { filledCount } from '../solver/game-state.ts';
import { canonicalUpper, columnParts, flagOf, forEachNextState, ownTable, partIndex, partScoreNow, type ColumnPart, type ColumnTables } from './column-parts.ts';

/** The columns of a game state in canonical form: canonical upper totals, the 50 flag as 0/1. */
export interface CanonicalColumns {
  mask: Int32Array;
  upper: Int32Array;
  flag: Uint8Array;
}

/**
 * value(s) = Σ_c m_c V_c(s_c) + K(s, t): V_c the exact value of column c played on its own (its
 * type's table), m_c its multiplier, K an optional correction of the whole state that may also
 * depend on t, the boxes filled. K = 0 is the decomposition model; zero tables and K = 0 greedy play.
 */
export interface Correction {
  /** short name for reports */
  name: string;
  /** K of the state whose columns are `cols`, with `filled` boxes filled */
  value(cols: CanonicalColumns, filled: number): number;
}

/**
 * Score-now is combined from the columns' own score-now steps instead of the option list. Ending
 * the turn in column c changes only column c (and t, by one for every option), so with
 * A_c = m_c V_c(s_c) and S_c[r] the best of column c's own entries for roll r,
 *
 *   best[r] = Σ_c A_c + max_c (m_c S_c[r] - A_c),
 *
 * where, under a correction, S_c is computed on a copy of V_c whose next-state entries x carry
 * K(s with column c at x, t + 1) / m_c: the other columns stay as they are during the turn.
 * Superpass's zero rule spans the columns: a zero is legal only when no column has an entry
 * that scores, so each column reports its best scoring entry per roll and its best zero entry,
 * and a zero competes only for rolls where no column scores.
 */
export function columnSumModel(rs: RuleSet, tables: ColumnTables, correction?: Correction): GameModel {
  const c = compileRules(rs);
  const parts = columnParts(rs, tables);
  const zeroRule = rs.zeroOnlyWhenNothingScores;
  const R = c.dice.rollCount;
  const anchor = new Float64Array(parts.length);
  const live = new Uint8Array(parts.length);
  const noPos = new Float64Array(R).fill(-Infinity);
  const cols = canonicalColumns(parts.length);
  const canonicalise = (s: GameState): void => writeCanonical(parts, s, cols);

  /** Writes V_c(x) + K(s with column c at x, t) / m_c over the next-state entries x of p.table, or restores them. */
  const patch = (p: ColumnPart, s: GameState, filled: number, on: boolean): void => {
    if (p.table === p.pristine) {
      // Nothing patched yet: no copy to restore, or the first patch, which makes the copy.
      if (!on) return;
      ownTable(parts, p);
    }
    const k = p.column;
    const [mask0, upper0, flag0] = [cols.mask[k], cols.upper[k], cols.flag[k]];
    forEachNextState(p, s.columns[k], (i, mask, upper, flag) => {
      if (!on) {
        p.table[i] = p.pristine[i];
        return;
      }
      cols.mask[k] = mask;
      cols.upper[k] = upper;
      cols.flag[k] = flag;
      p.table[i] = p.pristine[i] + correction!.value(cols, filled) / p.multiplier;
    });
    cols.mask[k] = mask0;
    cols.upper[k] = upper0;
    cols.flag[k] = flag0;
  };

  const combine = (out: Float64Array, later: boolean, base: number): void => {
    let zeroBest = -Infinity;
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k];
      if (!live[k] || !p.rules) continue;
      const z = p.multiplier * p.rules.zero - anchor[k];
      if (z > zeroBest) zeroBest = z;
    }
    for (let r = 0; r < R; r++) {
      let best = -Infinity;
      for (let k = 0; k < parts.length; k++) {
        if (!live[k]) continue;
        const p = parts[k];
        const s = p.plain ? p.plain.best : later && p.firstRollOnly ? noPos : p.rules!.pos;
        const v = p.multiplier * s[r] - anchor[k];
        if (v > best) best = v;
      }
      out[r] = base + (zeroRule ? (best === -Infinity ? zeroBest : best) : best > zeroBest ? best : zeroBest);
    }
  };

  return {
    rs,
    c,
    exact: false,
    columnTables: tables,
    value(state) {
      let v = 0;
      for (const p of parts) v += p.multiplier * p.pristine[partIndex(p, state.columns[p.column])];
      if (!correction) return v;
      canonicalise(state);
      return v + correction.value(cols, filledCount(state));
    },
    fillScoreNow(state, first, later) {
      const next = filledCount(state) + 1;
      const full = (1 << rs.boxes.length) - 1;
      if (correction) canonicalise(state);
      let base = 0;
      for (let k = 0; k < parts.length; k++) {
        const p = parts[k];
        anchor[k] = p.multiplier * p.pristine[partIndex(p, state.columns[p.column])];
        base += anchor[k];
        live[k] = state.columns[p.column].mask === full ? 0 : 1;
        if (!live[k]) continue;
        if (correction) patch(p, state, next, true);
        partScoreNow(p, state.columns[p.column], correction !== undefined);
        if (correction) patch(p, state, next, false);
      }
      combine(first, false, base);
      if (parts.some((p, k) => live[k] && p.firstRollOnly)) combine(later, true, base);
      else later.set(first);
    },
  };
}

export function canonicalColumns(n: number): CanonicalColumns {
  return { mask: new Int32Array(n), upper: new Int32Array(n), flag: new Uint8Array(n) };
}

/** The canonical columns of a state. */
export function writeCanonical(parts: readonly ColumnPart[], s: GameState, out: CanonicalColumns): void {
  for (const p of parts) {
    const col = s.columns[p.column];
    out.mask[p.column] = col.mask;
    out.upper[p.column] = canonicalUpper(p, col);
    out.flag[p.column] = flagOf(p, col);
  }
}

/** The decomposition model: Σ_c m_c V_c(s_c). */
export function decompositionModel(rs: RuleSet, tables: ColumnTables): GameModel {
  return columnSumModel(rs, tables);
}
