import type { RuleSetId } from '../rules/index.ts';
import type { Action, Goal } from '../position/index.ts';
import type { HoldOption, RankedScoreOption, TurnEval } from '../solver/index.ts';

/**
 * Options whose expected value is within this many points of the best are flagged `nearTie`:
 * a hundredth of a point is below what a player can feel over a game, so such choices are
 * shown as equally good rather than as mistakes.
 */
export const NEAR_TIE_POINTS = 0.01;

/** The same for probabilities (reach and win goals): a hundredth of a percentage point. */
export const NEAR_TIE_PROBABILITY = 1e-4;

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
  /** effort > 0: the rollouts whose mean `ev` is (absent where `ev` is the model's value) */
  rollouts?: number;
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
  /** standard deviation of the final score under optimal play from the start of this turn, where known */
  finalScoreSd?: number;
  /** multi-column rule sets: the effort the options were valued at (0 = the model alone) */
  effort?: number;
}

/**
 * Values a decision's best options afresh, by more work than the model's value (rollouts of the
 * policy: approx/rollout.ts). `options` come best first by the model; the answer holds new values
 * for the first `values.length` of them, or is undefined where the model decides alone.
 */
export interface OptionRefiner {
  /** reported in the advice */
  effort: number;
  refine(te: TurnEval, roll: number, rollsLeft: 0 | 1 | 2, options: readonly (HoldOption | RankedScoreOption)[]): { values: Float64Array; rollouts: number } | undefined;
}

/** One option valued for a probability goal (reach a target, win). */
export interface ProbabilityOption {
  action: Action;
  /** the chance of the goal after this action, playing on for it */
  probability: number;
  /** best probability − probability */
  loss: number;
  points?: number;
  bonus?: number;
  /** loss < NEAR_TIE_PROBABILITY; for the best option: the runner-up is within it */
  nearTie: boolean;
}

/** Advice for a probability goal: the same options, valued by the chance of the goal. */
export interface ProbabilityAdvice {
  ruleset: RuleSetId;
  exact: boolean;
  goal: Goal;
  score: number;
  /** chance of the goal from the start of this turn */
  probabilityBefore: number;
  /** chance of the goal now, playing the best option (= probabilityBefore at the start of a turn) */
  probability: number;
  dice?: number[];
  rollsLeft: 0 | 1 | 2;
  options: ProbabilityOption[];
  best?: ProbabilityOption;
  /** win goal: each opponent's expected final total (as they play for points), in the goal's order */
  opponents?: { expectedFinalScore: number }[];
  /**
   * Multi-column rule sets: what ranks the options. `goal`: their chances, with at most `horizon`
   * boxes left. `points`: before that, best play's order (its choice did better for the goal in
   * measured games), each option still with the goal model's chance; a loss is then against the
   * first option and negative where the model rates an option above it.
   */
  steering?: { by: 'goal' | 'points'; horizon: number };
  /**
   * Win goal before the exact end game, and the multi-column rule sets' reach and win goals before
   * their exact last turns: the estimate's chances are calibrated to what the advice's own play
   * took, measured over `games` games (seed) at `turns` turns with this many boxes open
   * (advisor/win-calibration.ts, advisor/goal-calibration.ts). Absent where the chances are exact
   * or not calibrated.
   */
  calibration?: { games: number; seed: number; boxesOpen: number; turns: number };
}
