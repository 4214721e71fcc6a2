import type { RuleSet } from '../../rules/index.ts';
import { compileRules, exactColumnModel, type GameModel, type SharedMemoSpace } from '../../solver/index.ts';
import { markTrusted } from '../play-game.ts';
import type { Strategy } from '../strategy.ts';
import { modelStrategy } from './model-policy.ts';

/**
 * The turn engine with a value function that is zero everywhere: every state is worth nothing
 * after the turn, so score-now values are the best immediate points of a roll, upper bonus and
 * Yahtzee bonus included (Joker rules as in the table path). Not exact: the cache must not
 * assume the table's capped upper totals.
 */
export function zeroValueModel(rs: RuleSet): GameModel {
  const model = exactColumnModel(rs, new Float64Array(compileRules(rs).layout.size));
  return { ...model, exact: false };
}

/**
 * Greedy: score the box with the most points now (bonuses included; ties to the upper-most box),
 * and hold the dice that maximise the expected best immediate score at the end of the turn.
 */
export function greedyStrategy(rs: RuleSet, cacheEntries: number, shared?: SharedMemoSpace): Strategy {
  return markTrusted(modelStrategy('greedy', zeroValueModel(rs), cacheEntries, shared));
}
