import type { TurnEval } from '../../solver/index.ts';
import { engineBox, engineHold } from '../../solver/fast-play.ts';
import { markTrusted } from '../play-game.ts';
import type { DecisionContext, Strategy } from '../strategy.ts';

/**
 * A goal strategy: the engine's decisions on the turn `turnOf` evaluated for the goal, or
 * `fallback`'s where it gives none (before a horizon, a decided game, solo).
 */
export function engineOrFallback(name: string, turnOf: (ctx: DecisionContext) => TurnEval | undefined, fallback?: Strategy): Strategy {
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
