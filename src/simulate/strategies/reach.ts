import { createTurnEval, evaluateState, type GameModel, type TurnEval } from '../../solver/index.ts';
import { engineBox, engineHold } from '../../solver/fast-play.ts';
import type { DecisionContext, Strategy } from '../strategy.ts';

/** `reach:T`: play to finish with at least T, a target given as part of the strategy's name. */
export function parseReachStrategy(name: string): number | undefined {
  const m = /^reach:(\d{1,6})$/.exec(name);
  return m ? Number(m[1]) : undefined;
}

/**
 * Plays for the best chance of a final total of at least `target`: each turn, the reach goal
 * model (the exact reach table's, or a multi-column rule set's approximate goal model) is set to
 * the points still needed and the turn is evaluated once through the engine; holds and boxes then
 * follow the same decision functions as every engine strategy.
 */
export function reachStrategy(model: GameModel & { need: number }, target: number): Strategy {
  const te = createTurnEval(model);
  let game = -1;
  let turn = -1;
  const turnOf = (ctx: DecisionContext): TurnEval => {
    if (ctx.game !== game || ctx.turn !== turn) {
      game = ctx.game;
      turn = ctx.turn;
      model.need = target - ctx.score;
      evaluateState(te, ctx.state);
    }
    return te;
  };
  return {
    name: `reach:${target}`,
    chooseHold: (ctx) => engineHold(turnOf(ctx), ctx.roll, ctx.rollsLeft as 1 | 2),
    chooseBox: (ctx) => engineBox(turnOf(ctx), ctx.roll, ctx.rollsLeft === 2),
  };
}
