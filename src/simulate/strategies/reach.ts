import { createTurnEval, evaluateState, goalSteers, type GameModel, type ThresholdModel, type TurnEval } from '../../solver/index.ts';
import type { DecisionContext, Strategy } from '../strategy.ts';
import { engineOrFallback } from './engine-or-fallback.ts';

/** `reach:T`: play to finish with at least T, a target given as part of the strategy's name. */
export function parseReachStrategy(name: string): number | undefined {
  const m = /^reach:(\d{1,6})$/.exec(name);
  return m ? Number(m[1]) : undefined;
}

/**
 * Plays for the best chance of a final total of at least `target`: each turn, the reach goal
 * model (the exact reach table's) is set to the points still needed and the turn is evaluated
 * once through the engine; holds and boxes then follow the same decision functions as every
 * engine strategy.
 */
export function reachStrategy(model: GameModel & { need: number }, target: number): Strategy {
  return steeredReach(model, target, () => true);
}

/**
 * `reach:T` on a multi-column rule set: the approximate goal model steers within its reach
 * horizon (goalSteers); `fallback` (best) plays before it, and where the turn is decided: the
 * target already on the sheet, or no chance left whatever happens (every option then has the
 * same chance, and points are what is left to play for).
 */
export function spreadReachStrategy(model: ThresholdModel, target: number, fallback: Strategy): Strategy {
  return steeredReach(model, target, (ctx) => target > ctx.score && goalSteers(model, 'reach', ctx.state), fallback);
}

function steeredReach(model: GameModel & { need: number }, target: number, steers: (ctx: DecisionContext) => boolean, fallback?: Strategy): Strategy {
  const te = createTurnEval(model);
  const startTurn = (ctx: DecisionContext): TurnEval | undefined => {
    if (!steers(ctx)) return undefined;
    model.need = target - ctx.score;
    evaluateState(te, ctx.state);
    // No chance left whatever happens: the fallback plays for points.
    return fallback && te.value === 0 ? undefined : te;
  };
  return engineOrFallback(`reach:${target}`, startTurn, fallback);
}
