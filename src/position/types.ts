import type { RuleSetId } from '../rules/index.ts';
import type { GameState } from '../solver/index.ts';

/** A scorecard column as a player writes it: box id -> points written there. */
export type ScorecardColumn = Record<string, number>;

/** A position as a player sees it (the public JSON shape of the hint API). */
export interface PositionInput {
  ruleset?: RuleSetId;
  /** one object for single-column rule sets; an array, one object per column, otherwise */
  scorecard?: ScorecardColumn | ScorecardColumn[];
  /** extra-Yahtzee bonus points so far; per column where columns exist */
  yahtzeeBonus?: number | number[];
  /** current dice, any order; omitted = start of a turn */
  dice?: number[];
  /** rerolls still allowed after these dice */
  rollsLeft?: 0 | 1 | 2;
  /** what to play for; default points */
  goal?: Goal;
}

/** A readable action: dice to hold (sorted faces) or a box to score in. */
export type Action = { hold: number[] } | { score: string; column?: number };

/** An opponent as a player describes one: their sheet at the start of their next turn, or their final total. */
export type OpponentInput = { scorecard: ScorecardColumn | ScorecardColumn[]; yahtzeeBonus?: number | number[] } | { finalScore: number };

/** What a player plays for (RULES.md, "Goals"). */
export type Goal = { type: 'points' } | { type: 'reach'; score: number } | { type: 'win'; opponents: OpponentInput[] };

/** A validated opponent: finished with a total, or in progress at the start of a turn in `state` with `score` on the sheet. */
export type Opponent = { finalScore: number } | { state: GameState; score: number };
