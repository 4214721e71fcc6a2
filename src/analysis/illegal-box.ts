import type { FaceCounts, RuleSet } from '../rules/index.ts';
import { hasColumns, isJokerRoll } from '../rules/index.ts';
import type { GameState, ScoreOption } from '../solver/index.ts';
import { fillableBoxes } from '../solver/index.ts';
import type { ReadTurn } from './read-record.ts';

/**
 * Why a box the record names is not among the legal score options (`scoreOptions` decides what
 * is legal; this only words the reason): filled already, out of the column's fill order, barred
 * by the Joker rules, or a zero while another box scores (Superpass).
 */
export function illegalBoxReason(rs: RuleSet, state: GameState, counts: FaceCounts, turn: ReadTurn, legal: readonly ScoreOption[]): string {
  const multi = hasColumns(rs);
  const name = (column: number, box: number) => (multi ? `${rs.boxes[box].id} (column ${column + 1})` : rs.boxes[box].id);
  const target = name(turn.column, turn.box);
  const allowed = `allowed: ${legal.map((o) => name(o.column, o.box)).join(', ') || 'none'}`;
  const col = state.columns[turn.column];
  if (col.mask & (1 << turn.box)) return `${target} is already filled`;
  const fillable = fillableBoxes(rs, turn.column, col.mask);
  if (!fillable.includes(turn.box)) {
    const order = rs.columns[turn.column].fill === 'top-down' ? 'top to bottom' : 'bottom to top';
    return `column ${turn.column + 1} is filled ${order}: its next box is ${rs.boxes[fillable[0]].id}`;
  }
  if (isJokerRoll(rs, { filledMask: col.mask, yahtzeeHolds50: col.yahtzee50 }, counts)) {
    return `${target} is not allowed: a Yahtzee with the Yahtzee box filled follows the Joker rules; ${allowed}`;
  }
  if (rs.zeroOnlyWhenNothingScores) return `${target} would score 0, allowed only when no box scores; ${allowed}`;
  return `${target} is not allowed for this roll; ${allowed}`;
}
