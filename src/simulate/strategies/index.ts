import type { RuleSet } from '../../rules/index.ts';
import type { GameModel } from '../../solver/index.ts';
import type { Strategy } from '../strategy.ts';
import { greedyStrategy } from './greedy.ts';
import { heuristicStrategy } from './heuristic.ts';
import { optimalStrategy } from './optimal.ts';
import { randomStrategy } from './random.ts';

export { modelStrategy } from './model-policy.ts';
export { greedyStrategy, zeroValueModel } from './greedy.ts';
export { heuristicStrategy } from './heuristic.ts';
export { optimalStrategy } from './optimal.ts';
export { randomStrategy } from './random.ts';

export const BUILTIN_STRATEGIES = ['optimal', 'greedy', 'heuristic', 'random'] as const;
export type BuiltinStrategy = (typeof BUILTIN_STRATEGIES)[number];

export function isBuiltinStrategy(name: string): name is BuiltinStrategy {
  return (BUILTIN_STRATEGIES as readonly string[]).includes(name);
}

/** Only the optimal strategy reads the exact table. */
export function needsModel(name: string): boolean {
  return name === 'optimal';
}

export interface StrategyEnv {
  rs: RuleSet;
  /** the exact model of rs; required by `optimal` */
  model?: GameModel;
  /** turn evaluations cached per engine-backed strategy (see fast-play.ts) */
  cacheEntries: number;
}

export function createBuiltinStrategy(name: BuiltinStrategy, env: StrategyEnv): Strategy {
  switch (name) {
    case 'optimal':
      if (!env.model) throw new Error('the optimal strategy needs the exact model of the rule set');
      return optimalStrategy(env.model, env.cacheEntries);
    case 'greedy':
      return greedyStrategy(env.rs, env.cacheEntries);
    case 'heuristic':
      return heuristicStrategy(env.rs);
    case 'random':
      return randomStrategy();
  }
}
