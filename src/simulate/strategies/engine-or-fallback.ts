import type { TurnEval } from '../../solver/index.ts';
import { engineBox, engineHold } from '../../solver/engine-decisions.ts';
import { markTrusted } from '../play-game.ts';
import type { DecisionContext, Strategy } from '../strategy.ts';

/**
 * A goal strategy: at the first decision of each turn `startTurn` evaluates the turn for the goal
 * (or answers undefined: before a horizon, a decided game, solo); the turn's holds and box are
 * then the engine's decisions on it, or `fallback`'s where there is none.
 */
export function engineOrFallback(name: string, startTurn: (ctx: DecisionContext) => TurnEval | undefined, fallback?: Strategy): Strategy {
  let game = -1;
  let turn = -1;
  let te: TurnEval | undefined;
  const turnOf = (ctx: DecisionContext): TurnEval | undefined => {
    if (ctx.game !== game || ctx.turn !== turn) {
      game = ctx.game;
      turn = ctx.turn;
      te = startTurn(ctx);
    }
    return te;
  };
  const other = (): Strategy => {
    if (!fallback) throw new Error(`${name}: no turn evaluated and no fallback strategy`);
    return fallback;
  };
  return markTrusted({
    name,
    chooseHold: (ctx) => {
      const t = turnOf(ctx);
      return t ? engineHold(t, ctx.roll, ctx.rollsLeft as 1 | 2) : other().chooseHold(ctx);
    },
    chooseBox: (ctx) => {
      const t = turnOf(ctx);
      return t ? engineBox(t, ctx.roll, ctx.rollsLeft === 2) : other().chooseBox(ctx);
    },
  });
}
