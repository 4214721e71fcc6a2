import type { RuleSet } from '../rules/index.ts';
import { compileRules, type CompiledRules } from './compiled-rules.ts';
import { columnStateIndex, stateIndex } from './column-layout.ts';
import type { GameState } from './game-state.ts';
import { boxCount, filledCount, scoreOptions } from './game-state.ts';
import { createScoreScratch, scoreNow, scoreNowPicksBoxes, type ScoreScratch } from './score-now.ts';
import { columnScoreNow, createRuleScratch, needsRulePath, scoreNowRules } from './score-now-rules.ts';

/**
 * What play needs from a solved (or approximated) game: the value of any turn-start state and,
 * for a state, the best score-now value of every roll after the first roll and after a reroll.
 * Exact single-column rule sets read their table; multi-column rule sets supply their own.
 */
export interface GameModel {
  rs: RuleSet;
  c: CompiledRules;
  /** true when values are exact optima, false for approximations */
  exact: boolean;
  /** expected points still to come from the start of a turn in this state */
  value(state: GameState): number;
  /**
   * fills first[r] / later[r] with the best score-now value of roll r; where given `boxes`, a model
   * that can also writes boxes[r] = the box the engine scores full roll r in after a reroll (as
   * engineBox, column × boxes + box), NO_BOX (score-now.ts) where it leaves that to the box chooser
   */
  fillScoreNow(state: GameState, first: Float64Array, later: Float64Array, boxes?: Uint8Array): void;
  /**
   * What the values are: expected points still to come (the default), or the probability of
   * reaching a goal, where a gain is not added to the next state's value but lowers what it needs.
   */
  valueKind?: 'points' | 'probability';
  /** value of ending the turn with `gain` points into `next`; default gain + value(next) */
  valueAfter?(next: GameState, gain: number): number;
  /** exact single-column models: [E, E2] of the points still to come per state slot (moments.ts), where built */
  moments?: Float64Array;
  /** exact single-column models: the expected-score table the values are read from (its choices are what lane tables such as the outlook follow) */
  table?: Float64Array;
  /** multi-column models: the column types' value tables they combine (approx/column-parts.ts), by type key */
  columnTables?: ReadonlyMap<string, Float64Array>;
}

/**
 * What a goal model is asked about, given with each request (ThresholdModel.aim) and never written
 * into the shared model, so that two requests with different goals cannot see each other's. Reach:
 * `need` = the target less our score. Win against one opponent: `need` = their expected total less
 * our score, plus ½ (a tie counts half); `variance` = the spread of their points still to come (0
 * once they have finished); `law`, near their end, the exact law of those points (pointsLaw).
 */
export type GoalAim = ReachAim | WinAim;
export interface ReachAim {
  kind: 'reach';
  need: number;
}
export interface WinAim {
  kind: 'win';
  need: number;
  variance: number;
  law?: PointsLaw;
}

/**
 * An approximate goal model of a multi-column rule set (approx/goal-model.ts): values are the
 * chance that the points still to come, R, reach what a goal needs, read from R's mean and spread
 * under best play. It holds what every goal shares (tables, spreads, memos); `aim` gives the
 * model of one goal, a cheap view made per request or turn.
 */
export interface ThresholdModel {
  rs: RuleSet;
  c: CompiledRules;
  /** The model of one goal: its values are the chances of reaching it. */
  aim(goal: GoalAim): AimedGoalModel;
  /** The law of the points still to come from `state` under points play, where the model knows it. */
  pointsLaw?(state: GameState): PointsLaw | undefined;
  /** mean and variance of the points still to come from a turn-start state under best play */
  spread(state: GameState): { mean: number; variance: number };
  /**
   * Boxes left at or below which each goal's values steer play; with more left, best play's
   * choices did better for the goal in measured games (approx/goal-horizons.ts).
   */
  horizon: { reach: number; win: number };
  /**
   * Boxes left at or below which the model's values are exact optima where nothing of an
   * opponent's is still to come (no variance): its last turns are solved exactly.
   */
  exactBoxes: number;
}

/** A threshold model aimed at one goal (ThresholdModel.aim): what the turn engine and the advisor play. */
export interface AimedGoalModel extends GameModel {
  valueKind: 'probability';
  readonly goal: GoalAim;
  valueAfter(next: GameState, gain: number): number;
}

/** Points still to come, points[k] (ascending) with chance[k], and their mean and variance. */
export interface PointsLaw {
  points: Float64Array;
  chance: Float64Array;
  /** below[k] = the chance of fewer points than points[k] (a share against the law is a search, not a sum) */
  below: Float64Array;
  mean: number;
  variance: number;
}

/** Whether a threshold model's `goal` steers play in `state` (else best play's choices stand). */
export function goalSteers(model: ThresholdModel, goal: 'reach' | 'win', state: GameState): boolean {
  return boxCount(model.rs) - filledCount(state) <= model.horizon[goal];
}

/**
 * The aim at finishing ahead of one opponent, given our score: their total is their final one, or
 * their score plus best play's mean from their state with its spread, and a tie counts half (need
 * = their expected total − our score + ½); near their end, the law of their points (pointsLaw,
 * where the model has one). Also returns their expected total.
 */
export function opponentAim(model: ThresholdModel, score: number, opponent: { finalScore: number } | { state: GameState; score: number }): { goal: WinAim; expected: number } {
  const law = 'finalScore' in opponent ? undefined : model.pointsLaw?.(opponent.state);
  const { mean, variance } = 'finalScore' in opponent ? { mean: opponent.finalScore, variance: 0 } : (law ?? model.spread(opponent.state));
  const expected = 'finalScore' in opponent ? mean : opponent.score + mean;
  return { goal: { kind: 'win', need: expected - score + 0.5, variance, law }, expected };
}

/** Whether a threshold model's values for `goal` are exact in `state`: near the end, with nothing of an opponent's still to come. */
export function aimIsExact(model: ThresholdModel, goal: GoalAim, state: GameState): boolean {
  return boxCount(model.rs) - filledCount(state) <= model.exactBoxes && (goal.kind === 'reach' || goal.variance === 0);
}

/** The value of a scoring option under the model's goal. */
export function optionValue(model: GameModel, next: GameState, gain: number): number {
  return model.valueAfter ? model.valueAfter(next, gain) : gain + model.value(next);
}

/**
 * Model over an exact value table of a single-column rule set (see column-layout.ts), or of one
 * column type of a multi-column rule set (rules/column-types.ts).
 */
export function exactColumnModel(rs: RuleSet, values: Float64Array): GameModel {
  const c = compileRules(rs);
  if (values.length !== c.layout.size) {
    throw new Error(`value table for ${rs.id} has ${values.length} entries, expected ${c.layout.size}`);
  }
  const T = c.layout.threshold;
  if (needsRulePath(c)) {
    const rules = createRuleScratch(c);
    return {
      rs,
      c,
      exact: true,
      table: values,
      value(state) {
        const col = state.columns[0];
        if (col.mask === (1 << rs.boxes.length) - 1) return 0;
        return values[stateIndex(c.layout, col.mask, Math.min(T, col.upper), 0)];
      },
      fillScoreNow(state, first, later) {
        const col = state.columns[0];
        scoreNowRules(c, values, col.mask, Math.min(T, col.upper), rules);
        columnScoreNow(c, rules, first, later);
      },
    };
  }
  const scratch: ScoreScratch = createScoreScratch(c);
  const picksBoxes = scoreNowPicksBoxes(c, values);
  return {
    rs,
    c,
    exact: true,
    table: values,
    value(state) {
      const col = state.columns[0];
      const full = (1 << rs.boxes.length) - 1;
      if (col.mask === full) return 0;
      return values[columnStateIndex(c.layout, col)];
    },
    fillScoreNow(state, first, later, boxes) {
      const col = state.columns[0];
      scoreNow(c, values, col.mask, Math.min(T, col.upper), col.yahtzee50 && c.layout.flags === 2 ? 1 : 0, scratch, picksBoxes ? boxes : undefined);
      first.set(scratch.best);
      later.set(scratch.best);
    },
  };
}

/**
 * Score-now values from the generic option list and any value function: slower than the
 * table path, but covers every column rule (fill orders, first-roll-only, zero rule).
 */
export function genericScoreNow(
  rs: RuleSet,
  c: CompiledRules,
  value: (s: GameState) => number,
  state: GameState,
  first: Float64Array,
  later: Float64Array,
): void {
  const counts = c.dice.keepCounts;
  for (let r = 0; r < c.dice.rollCount; r++) {
    const roll = counts.subarray(r * 6, r * 6 + 6);
    first[r] = bestOption(rs, value, state, roll, true);
    later[r] = bestOption(rs, value, state, roll, false);
  }
}

function bestOption(
  rs: RuleSet,
  value: (s: GameState) => number,
  state: GameState,
  roll: Uint8Array,
  firstRoll: boolean,
): number {
  let best = -Infinity;
  for (const o of scoreOptions(rs, state, roll, firstRoll)) {
    const v = o.gain + value(o.next);
    if (v > best) best = v;
  }
  return best;
}
