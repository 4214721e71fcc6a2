import type { Action, Reason } from '../position/index.ts';
import type { Family, RuleSetId } from '../rules/index.ts';

/**
 * The readable shapes of game analysis: a finished (or unfinished) game as a player records it,
 * and the review of each decision in it. Dice are faces in any order; boxes are rule-set box ids.
 */
export interface TurnRecord {
  /** the dice after each roll of the turn: 1 to 3 rolls */
  rolls: number[][];
  /** holds[i] = dice kept before roll i + 2; one fewer than rolls (may be omitted with one roll) */
  holds?: number[][];
  /** the box the turn was scored in */
  box: string;
  /** 1-based column, required only by multi-column rule sets */
  column?: number;
}

export interface GameRecord {
  /** default `yahtzee`, as in the hint API */
  ruleset?: RuleSetId;
  turns: TurnRecord[];
}

/** An action with its value: expected points still to come from the start of that turn. */
export interface RatedAction {
  action: Action;
  ev: number;
}

export interface Decision {
  /** 1-based turn */
  turn: number;
  /** 1-based roll the decision was made after */
  roll: number;
  kind: 'hold' | 'score';
  chosen: RatedAction;
  best: RatedAction;
  /** best.ev - chosen.ev; exactly 0 when the chosen action is (tied for) best */
  loss: number;
  /**
   * An explained review's mistakes: the aspects of the outlook where the choice falls short of
   * the best, largest first, as few as cover at least 80% of the loss (position/outlook.ts)
   */
  reasons?: Reason[];
}

/** Decisions counted by loss, see `MISTAKE_BUCKETS`; zero-loss decisions are not mistakes. */
export interface MistakeCounts {
  slight: number;
  inaccuracy: number;
  mistake: number;
  blunder: number;
  total: number;
}

/** The goal a review rates decisions for, where it is not points: a target to reach, or the share of the stake. */
export type ReviewedGoal = { type: 'reach'; score: number } | { type: 'win' };

export interface GameAnalysis {
  ruleset: RuleSetId;
  /**
   * Set when the game was reviewed for the chance of reaching a final total: every value (`ev`,
   * `startValue`, `remainingValue`, `loss`, `luck`) is then a probability, and mistakes are
   * bucketed by percentage points. Absent for the default goal, points.
   */
  goal?: ReviewedGoal;
  /**
   * false where the values are a model's estimates, not an exact table's (Triple Yahtzee and
   * Superpass, rated by their best model; docs/multi-column.md measures its error on the sub-games, against
   * their exact tables). Absent where every value is exact.
   */
  exact?: false;
  /** every box is filled */
  finished: boolean;
  /** points on the sheet: boxes, upper bonus, Yahtzee bonuses, column multipliers */
  finalScore: number;
  /** expected final score of optimal play from the empty sheet */
  startValue: number;
  /** expected points still to come from the state reached (0 when finished) */
  remainingValue: number;
  totalLoss: number;
  /** finalScore + remainingValue - startValue + totalLoss: how much the dice gave beyond expectation */
  luck: number;
  mistakes: MistakeCounts;
  turns: { turn: number; points: number }[];
  decisions: Decision[];
  /**
   * An explained review: where the game's loss came from, by family of boxes (the upper section
   * and its bonus, of a kind, straights, the Yahtzee and its bonus, chance); it adds up to totalLoss
   */
  lossByFamily?: Record<Family, number>;
}

export interface GameError {
  error: {
    /** 1-based turn; 0 for a problem with the game as a whole */
    turn: number;
    /** 1-based roll; 0 when the problem is not tied to one roll */
    roll: number;
    detail: string;
  };
}

export type GameResult = GameAnalysis | GameError;

export function isGameError(r: GameResult): r is GameError {
  return 'error' in r;
}

export function gameError(turn: number, roll: number, detail: string): GameError {
  return { error: { turn, roll, detail } };
}
