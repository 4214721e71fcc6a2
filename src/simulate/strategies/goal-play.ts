import type { RuleSet } from '../../rules/index.ts';
import type { GoalKind, ReachTable, ThresholdModel } from '../../solver/index.ts';
import type { Strategy } from '../strategy.ts';

/** What a runner lends a goal's strategy while it is made: the rule set, and models and tables it loads once per thread. */
export interface GoalPlayContext {
  rs: RuleSet;
  /** the strategy's name as the run gives it (`reach:250`, `win`) */
  spec: string;
  /** the run's own built-in strategy of this name, as a fallback: the two then share one memo of decisions */
  strategy(name: 'best' | 'optimal'): Promise<Strategy>;
  /** a lane table of an exactly solved rule set */
  lane(kind: GoalKind): Promise<ReachTable>;
  /** a fresh goal model over a modelled rule set's best model (approx/multi-column-models.ts goalModel) */
  goalModel(): Promise<ThresholdModel>;
}

/**
 * A goal's simulator strategy: the names it takes and how it is made on a rule set. The runner
 * (inline-runner.ts) asks GOAL_PLAYS (index.ts) instead of testing the name; the goal's module
 * (src/goals) names its play.
 */
export interface GoalPlay {
  plays(spec: string): boolean;
  create(ctx: GoalPlayContext): Promise<Strategy>;
}
