import type { FaceCounts, RuleSet } from '../rules/index.ts';
import { popcount } from './column-layout.ts';
import { closedMask, scoreBox, upperBonusFor, UPPER_COUNT, yahtzeeBoxIndex } from '../rules/index.ts';

/**
 * The turn-start state of a whole game, column by column, with everything that decides the
 * future and nothing else (points already written are the position's business, not the engine's).
 */
export interface ColumnState {
  /** bit i set = box i of this column is filled */
  mask: number;
  /** upper-section total of this column so far */
  upper: number;
  /** the column's Yahtzee box holds 50 */
  yahtzee50: boolean;
}

export interface GameState {
  columns: ColumnState[];
}

export interface ScoreOption {
  column: number;
  box: number;
  /** points written in the box (before the column multiplier) */
  points: number;
  /** upper bonus + Yahtzee bonus this entry earns (before the column multiplier) */
  bonus: number;
  /** points added to the final total by this entry: multiplier × (points + bonus) */
  gain: number;
  next: GameState;
}

export function initialState(rs: RuleSet): GameState {
  const mask = closedMask(rs);
  return { columns: rs.columns.map(() => ({ mask, upper: 0, yahtzee50: false })) };
}

/** Boxes on the sheet, the closed ones of a sub-game included (a state's level is its filled count). */
export function boxCount(rs: RuleSet): number {
  return rs.boxes.length * rs.columns.length;
}

/** Turns of a game: one per box it plays (a sub-game's closed boxes are filled from the start). */
export function turnCount(rs: RuleSet): number {
  return (rs.boxes.length - popcount(closedMask(rs))) * rs.columns.length;
}

export function filledCount(state: GameState): number {
  let n = 0;
  for (const c of state.columns) n += popcount(c.mask);
  return n;
}

export function isFinished(rs: RuleSet, state: GameState): boolean {
  const full = (1 << rs.boxes.length) - 1;
  return state.columns.every((c) => c.mask === full);
}

/** Boxes of a column its fill rule allows now (before Joker and zero rules). */
export function fillableBoxes(rs: RuleSet, column: number, mask: number): number[] {
  const B = rs.boxes.length;
  const free: number[] = [];
  for (let b = 0; b < B; b++) if ((mask & (1 << b)) === 0) free.push(b);
  if (free.length === 0) return free;
  switch (rs.columns[column].fill) {
    case 'top-down':
      return [free[0]];
    case 'bottom-up':
      return [free[free.length - 1]];
    default:
      return free;
  }
}

/**
 * Every legal way to end the turn with this roll: each (column, box) the fill rules, the Joker
 * rules and Superpass's zero rule allow, with its points, bonuses and the next state.
 * `firstRoll` is true when the dice are those of the turn's first roll.
 */
export function scoreOptions(rs: RuleSet, state: GameState, counts: FaceCounts, firstRoll: boolean): ScoreOption[] {
  const out: ScoreOption[] = [];
  const yahtzeeBox = yahtzeeBoxIndex(rs);
  state.columns.forEach((col, ci) => {
    const def = rs.columns[ci];
    for (const b of fillableBoxes(rs, ci, col.mask)) {
      const res = scoreBox(rs, { filledMask: col.mask, yahtzeeHolds50: col.yahtzee50 }, counts, b);
      if (!res) continue;
      const points = def.fill === 'first-roll-only' && !firstRoll ? 0 : res.points;
      const upperBonus = b < UPPER_COUNT ? upperBonusFor(rs, col.upper, points) : 0;
      const bonus = upperBonus + res.yahtzeeBonus;
      const nextCol: ColumnState = {
        mask: col.mask | (1 << b),
        upper: b < UPPER_COUNT ? col.upper + points : col.upper,
        yahtzee50: col.yahtzee50 || (b === yahtzeeBox && points === 50),
      };
      const columns = state.columns.slice();
      columns[ci] = nextCol;
      out.push({ column: ci, box: b, points, bonus, gain: def.multiplier * (points + bonus), next: { columns } });
    }
  });
  if (rs.zeroOnlyWhenNothingScores && out.some((o) => o.points > 0)) return out.filter((o) => o.points > 0);
  return out;
}
