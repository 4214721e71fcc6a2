import { DicewiseError } from '../../errors.ts';
import { isPlainSingleColumn, isSolvedByModel, isSolvedExactly, type RuleSet } from '../../rules/index.ts';
import {
  createTurnEval,
  END_GAME_BOXES,
  endGameModel,
  evaluateState,
  evaluateStateFor,
  goalSteers,
  opponentFinal,
  openBoxes,
  opponentAim,
  shareCurve,
  winGoalModel,
  type FinalDistribution,
  type ReachTable,
  type ThresholdModel,
  type TurnEval,
} from '../../solver/index.ts';
import { WIN_STRATEGY } from '../head-to-head-run.ts';
import type { DecisionContext, Strategy } from '../strategy.ts';
import { engineOrFallback } from './engine-or-fallback.ts';
import type { GoalPlay } from './goal-play.ts';

/** `win` on a rule set: the exact end game and win model where it is solved exactly, its goal model where a model plays it. */
export const winPlay: GoalPlay = {
  plays: (spec) => spec === WIN_STRATEGY,
  async create({ rs, strategy, lane, goalModel }) {
    if (isSolvedByModel(rs)) {
      const model = await goalModel();
      return spreadWinStrategy(model, await strategy('best'));
    }
    if (!isSolvedExactly(rs) || !isPlainSingleColumn(rs)) {
      throw new DicewiseError('INVALID_INPUT', `strategy "win" needs an exactly solved single-column or a multi-column rule set, not ${rs.id}`, [{ field: 'strategies', message: 'win plays the exact and the multi-column rule sets' }]);
    }
    // The run's own `optimal` as the fallback: one memo of its decisions, not two.
    const [reach, distribution, optimal] = await Promise.all([lane('reach'), lane('distribution'), strategy('optimal')]);
    return winStrategy(rs, reach, distribution, optimal);
  },
};

/**
 * `win`: plays for the largest expected share of the stake against the other players at the table
 * (ctx.opponents), assumed to play for points: each turn their sheets give their final totals in
 * distribution (the points-distribution table; a finished sheet is its total), and this turn's
 * options are valued by our share: with at most END_GAME_BOXES boxes open by the exact end game
 * (end-game.ts), before that by the win goal model (win-model.ts), as the advice values them.
 * Where the result no longer depends on our play (won or lost whatever happens) and in solo
 * games, it plays `fallback` (optimal).
 */
export function winStrategy(rs: RuleSet, reach: ReachTable, distribution: ReachTable, fallback: Strategy): Strategy {
  const model = winGoalModel(rs, reach, shareCurve([]), 0);
  const te = createTurnEval(model);
  const end = endGameModel(rs);
  const endTe = createTurnEval(end);
  const finals: FinalDistribution[] = [];
  const startTurn = (ctx: DecisionContext): TurnEval | undefined => {
    if (ctx.opponents.length === 0) return undefined;
    finals.length = 0;
    for (const o of ctx.opponents) finals.push(opponentFinal(rs, distribution, o.state, o.score));
    const curve = shareCurve(finals);
    const u = curve.u;
    // Sure to win alone even scoring nothing more.
    if (u[Math.min(ctx.score, u.length - 1)] === 1) return undefined;
    if (openBoxes(rs, ctx.state) <= END_GAME_BOXES) {
      end.score = ctx.score;
      end.curve = curve;
      // No chance left whatever happens: play for points.
      return evaluateState(endTe, ctx.state).value === 0 ? undefined : endTe;
    }
    model.score = ctx.score;
    model.curve = curve;
    // Sure to lose even with the most points still possible.
    if (model.value(ctx.state) === 0) return undefined;
    return evaluateState(te, ctx.state);
  };
  return engineOrFallback('win', startTurn, fallback);
}

/**
 * `win` on a multi-column rule set, two players: the goal model (approx/goal-model.ts) values
 * this turn's options by the chance of finishing ahead of the one opponent, whose total is taken
 * as normal with the mean and spread of best play from their sheet, or near their end by the
 * exact law of their points (pointsLaw; a tie counts half). Solo,
 * before the model's win horizon (goalSteers) and where the game is decided, it plays `fallback`
 * (best).
 */
export function spreadWinStrategy(model: ThresholdModel, fallback: Strategy): Strategy {
  let te: TurnEval | undefined;
  const startTurn = (ctx: DecisionContext): TurnEval | undefined => {
    if (ctx.opponents.length === 0 || !goalSteers(model, 'win', ctx.state)) return undefined;
    const { goal } = opponentAim(model, ctx.score, ctx.opponents[0]);
    // Won whatever happens (ahead of a finished opponent) or lost whatever happens: play for points.
    if (goal.need <= 0 && goal.variance === 0) return undefined;
    const aimed = model.aim(goal);
    te ??= createTurnEval(aimed);
    return evaluateStateFor(te, aimed, ctx.state).value !== 0 ? te : undefined;
  };
  return engineOrFallback('win', startTurn, fallback);
}
