import { DicewiseError } from '../../errors.ts';
import type { RuleSet } from '../../rules/index.ts';
import { hasJointTable, isSolvedByModel } from '../../rules/index.ts';
import type { GameModel, SharedMemoSpace } from '../../solver/index.ts';
import { markTrusted } from '../play-game.ts';
import type { Strategy } from '../strategy.ts';
import { greedyStrategy } from './greedy.ts';
import { heuristicStrategy } from './heuristic.ts';
import { hintsStrategy } from './hints.ts';
import { modelStrategy } from './model-policy.ts';
import { optimalStrategy } from './optimal.ts';
import { randomStrategy } from './random.ts';
import { sequentialStrategy } from './sequential.ts';
import type { GoalPlay } from './goal-play.ts';
import { reachPlay } from './reach.ts';
import { winPlay } from './win.ts';

export { MEMO_STRATEGIES, modelStrategy } from './model-policy.ts';
export { greedyStrategy, zeroValueModel } from './greedy.ts';
export { heuristicStrategy } from './heuristic.ts';
export { hintsStrategy } from './hints.ts';
export { optimalStrategy } from './optimal.ts';
export { randomStrategy } from './random.ts';
export { sequentialStrategy } from './sequential.ts';
export { needing, parseReachStrategy, reachPlay, reachStrategy, spreadReachStrategy, steeredReach } from './reach.ts';
export { winPlay } from './win.ts';
export type { GoalPlay, GoalPlayContext } from './goal-play.ts';

/** The strategies that play a goal other than points, one per goal (src/goals names each): the runner asks these for a name that is no built-in. */
export const GOAL_PLAYS: readonly GoalPlay[] = [reachPlay, winPlay];

/**
 * Built-in strategies. On the exact single-column rule sets `best`, `linear`, `decomposition` and
 * `sequential` play the exact table (there is one column: all four are `optimal` under their own
 * names). On Triple Yahtzee and Superpass (no exact table: `optimal` is refused):
 * - best: the model `loadModel` serves (approx/multi-column-models.ts bestModel);
 * - linear: the decomposition with its fitted linear correction (`best` where no neural
 *   correction is fitted);
 * - decomposition: the plain column-sum model Σ m_c V_c;
 * - greedy: the column-sum model over zero tables (each turn maximises multiplier-weighted points);
 * - sequential: columns one after another, each optimally (sequential.ts);
 * - hints: Superpass only, rules after the game's published advice (hints.ts);
 * - random: uniform over legal actions. `heuristic` plays single-column rule sets only.
 * On the sub-games (superpass-ordered) all of these play as on the full games, and `optimal`
 * plays their exact joint table (approx/joint-exact.ts), the yardstick of the others.
 */
export const BUILTIN_STRATEGIES = ['optimal', 'best', 'linear', 'decomposition', 'sequential', 'greedy', 'hints', 'heuristic', 'random'] as const;
export type BuiltinStrategy = (typeof BUILTIN_STRATEGIES)[number];

/** Every strategy a run takes by name, for messages that list them: the built-ins, a reach target, the win goal. */
export const STRATEGY_NAMES = `${BUILTIN_STRATEGIES.join(', ')}, reach:T (play to finish with at least T), win (play to win, head to head)`;

/** The strategies of the single-column rule sets' HTTP route. */
export const SINGLE_COLUMN_STRATEGIES = ['optimal', 'greedy', 'heuristic', 'random'] as const;

export function isBuiltinStrategy(name: string): name is BuiltinStrategy {
  return (BUILTIN_STRATEGIES as readonly string[]).includes(name);
}

/**
 * Which model a built-in strategy plays: `best` is what `loadModel` serves (the exact model of a
 * single-column rule set, the best model of a multi-column one); `linear`, `decomposition` and
 * `greedy` are the multi-column approximations and `exact` a sub-game's joint table
 * (approx/multi-column-models.ts, joint-exact.ts), supplied by the caller since simulate/ does not
 * import approx/. undefined: no model.
 */
export type ModelKind = 'best' | 'linear' | 'decomposition' | 'greedy' | 'exact';

export function modelKindOf(name: string, rs?: RuleSet): ModelKind | undefined {
  const multi = rs !== undefined && isSolvedByModel(rs);
  switch (name) {
    case 'optimal':
      return rs !== undefined && hasJointTable(rs) ? 'exact' : 'best';
    case 'best':
      return 'best';
    case 'linear':
      return multi ? 'linear' : 'best';
    case 'decomposition':
    case 'sequential':
      return multi ? 'decomposition' : 'best';
    case 'greedy':
      return multi ? 'greedy' : undefined;
    default:
      return undefined;
  }
}

export interface StrategyEnv {
  rs: RuleSet;
  /** the model of kind modelKindOf(name, rs); required where that is defined */
  model?: GameModel;
  /** turn evaluations cached per engine-backed strategy (see solver/engine-decisions.ts) */
  cacheEntries: number;
  /** the run's decision memo space for this strategy, shared by its threads (MEMO_STRATEGIES) */
  memo?: SharedMemoSpace;
}

function refuse(name: string, rs: RuleSet, why: string): DicewiseError {
  return new DicewiseError('INVALID_INPUT', `strategy "${name}" cannot play ${rs.id}: ${why}`, [{ field: 'strategies', message: why }]);
}

export function createBuiltinStrategy(name: BuiltinStrategy, env: StrategyEnv): Strategy {
  const { rs } = env;
  const multi = isSolvedByModel(rs);
  if (multi && name === 'optimal' && !hasJointTable(rs)) throw refuse(name, rs, 'no exact table; use best');
  if (multi && name === 'heuristic') throw refuse(name, rs, 'heuristic plays single-column rule sets; use best, linear, decomposition or greedy');
  const kind = modelKindOf(name, rs);
  if (kind && !env.model) throw new Error(`the ${name} strategy needs the ${kind} model of ${rs.id}`);
  switch (name) {
    case 'optimal':
      return optimalStrategy(env.model!, env.cacheEntries, env.memo);
    case 'best':
    case 'linear':
    case 'decomposition':
      return markTrusted(modelStrategy(name, env.model!, env.cacheEntries, env.memo));
    case 'sequential':
      return multi ? sequentialStrategy(env.model!) : markTrusted(modelStrategy(name, env.model!, env.cacheEntries, env.memo));
    case 'greedy':
      return multi ? markTrusted(modelStrategy('greedy', env.model!, env.cacheEntries, env.memo)) : greedyStrategy(rs, env.cacheEntries, env.memo);
    case 'hints':
      return hintsStrategy(rs);
    case 'heuristic':
      return heuristicStrategy(rs);
    case 'random':
      return randomStrategy();
  }
}
