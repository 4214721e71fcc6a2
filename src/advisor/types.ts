import type { RuleSetId } from '../rules/index.ts';
import type { Action } from '../position/index.ts';

/**
 * Options whose expected value is within this many points of the best are flagged `nearTie`:
 * a hundredth of a point is below what a player can feel over a game, so such choices are
 * shown as equally good rather than as mistakes.
 */
export const NEAR_TIE_POINTS = 0.01;

/** One thing the player may do now, valued by the engine. */
export interface AdviceOption {
  action: Action;
  /** expected points still to come after this action, points and bonuses it scores included */
  ev: number;
  /** best ev − ev (0 for the best option) */
  loss: number;
  /** points written in the box (score options only, before any column multiplier) */
  points?: number;
  /** upper and Yahtzee bonuses this entry earns (score options only, when not 0) */
  bonus?: number;
  /** loss < NEAR_TIE_POINTS; for the best option: the runner-up is within NEAR_TIE_POINTS */
  nearTie: boolean;
}

/** A position turned into readable advice; the JSON body of the hint API and `dicewise hint --json`. */
export interface Advice {
  ruleset: RuleSetId;
  /** true when the values are exact optima */
  exact: boolean;
  /** points on the sheet now, bonuses and multipliers included */
  score: number;
  /** expected points still to come from the start of this turn */
  stateValue: number;
  /** score + ev of the best option, or score + stateValue at the start of a turn */
  expectedFinalScore: number;
  /** sorted faces; absent at the start of a turn */
  dice?: number[];
  rollsLeft: 0 | 1 | 2;
  /** every legal action, best first; empty at the start of a turn */
  options: AdviceOption[];
  /** options[0], when there are options */
  best?: AdviceOption;
}
