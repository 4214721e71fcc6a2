import { DicewiseError } from '../../errors.ts';
import { isSolvedByModel, isSolvedExactly } from '../../rules/index.ts';
import { createTurnEval, evaluateStateFor, goalSteers, reachGoalModel, type GameModel, type ThresholdModel, type TurnEval } from '../../solver/index.ts';
import type { DecisionContext, Strategy } from '../strategy.ts';
import { engineOrFallback } from './engine-or-fallback.ts';
import type { GoalPlay } from './goal-play.ts';

/** `reach:T`: play to finish with at least T, a target given as part of the strategy's name. */
export function parseReachStrategy(name: string): number | undefined {
  const m = /^reach:(\d{1,6})$/.exec(name);
  return m ? Number(m[1]) : undefined;
}

/** `reach:T` on a rule set: the exact reach table's model where it is solved exactly, its goal model where a model plays it. */
export const reachPlay: GoalPlay = {
  plays: (spec) => parseReachStrategy(spec) !== undefined,
  async create({ rs, spec, strategy, lane, goalModel }) {
    const target = parseReachStrategy(spec)!;
    if (isSolvedByModel(rs)) {
      const model = await goalModel();
      return spreadReachStrategy(model, target, await strategy('best'));
    }
    if (!isSolvedExactly(rs)) throw new DicewiseError('INVALID_INPUT', `strategy "${spec}" needs an exact or multi-column rule set, not ${rs.id}`, [{ field: 'strategies', message: 'reach plays the exact and the multi-column rule sets' }]);
    const table = await lane('reach');
    if (target > table.cap) {
      throw new DicewiseError('INVALID_INPUT', `strategy "${spec}": the ${rs.id} reach table holds targets up to ${table.cap}`, [{ field: 'strategies', message: `target above ${table.cap}` }]);
    }
    return reachStrategy(reachGoalModel(rs, table, target), target);
  },
};

/**
 * Plays for the best chance of a final total of at least `target`: each turn, the reach goal
 * model (the exact reach table's) is set to the points still needed and the turn is evaluated
 * once through the engine; holds and boxes then follow the same decision functions as every
 * engine strategy.
 */
export function reachStrategy(model: GameModel & { need: number }, target: number): Strategy {
  return steeredReach(needing(model), target, () => true);
}

/** A model that holds the points it needs (an exact reach model, one per strategy), set per turn. */
export function needing(model: GameModel & { need: number }): (need: number) => GameModel {
  return (need) => {
    model.need = need;
    return model;
  };
}

/**
 * `reach:T` on a multi-column rule set: the approximate goal model steers within its reach
 * horizon (goalSteers); `fallback` (best) plays before it, and where the turn is decided: the
 * target already on the sheet, or no chance left whatever happens (every option then has the
 * same chance, and points are what is left to play for).
 */
export function spreadReachStrategy(model: ThresholdModel, target: number, fallback: Strategy): Strategy {
  return steeredReach((need) => model.aim({ kind: 'reach', need }), target, (ctx) => target > ctx.score && goalSteers(model, 'reach', ctx.state), fallback);
}

/**
 * Plays for `target` by the model `aimAt` gives for the points still needed, in the turns
 * `steers` picks, by `fallback` in the others and where no chance is left. The sub-game benchmark
 * steers by the exact joint reach model this way.
 */
export function steeredReach(aimAt: (need: number) => GameModel, target: number, steers: (ctx: DecisionContext) => boolean, fallback?: Strategy): Strategy {
  let te: TurnEval | undefined;
  const startTurn = (ctx: DecisionContext): TurnEval | undefined => {
    if (!steers(ctx)) return undefined;
    const model = aimAt(target - ctx.score);
    te ??= createTurnEval(model);
    evaluateStateFor(te, model, ctx.state);
    // No chance left whatever happens: the fallback plays for points.
    return fallback && te.value === 0 ? undefined : te;
  };
  return engineOrFallback(`reach:${target}`, startTurn, fallback);
}
