import type { RuleSet } from '../rules/index.ts';
import { filledCount, type AimedGoalModel, type GameState, type GoalAim, type ThresholdModel } from '../solver/index.ts';
import type { ColumnTables } from './column-parts.ts';
import type { Correction } from './column-sum-model.ts';
import { aimTerms, chance, endChance, shapeAt, type AimTerms } from './goal-chance.ts';
import { createGoalContext, type GoalContext } from './goal-context.ts';
import { spreadOf } from './goal-spread.ts';
import { createLastTurnMemo, lastChance, type LastTurnMemo } from './last-turn-memo.ts';
import { createLawMemo, opponentLaw, type LawMemo } from './opponent-law.ts';
import { createStateQuantiles, goalQuantiles, quantileChance, readQuantiles, type StateQuantiles } from './quantile-chance.ts';
import type { QuantileHead } from './quantile-head.ts';
import { createQuantileScoreNow, fillQuantileScoreNow, type QuantileScoreNow } from './quantile-score-now.ts';
import { slotCount } from './score-slots.ts';
import { writeCanonical } from './column-sum-model.ts';
import type { ClassSpread } from './spread-classes.ts';
import { createSpreadScoreNow, fillSpreadScoreNow, type SpreadScoreNow } from './spread-score-now.ts';
import { fillThreeLeft } from './three-left.ts';
import { createTwoLeft, fillTwoLeft, twoLeftChance, type TwoLeft } from './two-left.ts';

export { spreadClassCount, spreadClassifier, type ClassSpread } from './spread-classes.ts';
export { LAW_BOXES } from './opponent-law.ts';

/** Boxes left from which the goal models are exact: their last three turns are solved for the goal. */
export const EXACT_BOXES = 3;

/**
 * Reach and win goals for the multi-column rule sets, whose joint state space cannot be solved:
 * the points still to come from a turn-start state s, R(s), are read from best play's value at s
 * (the corrected column sum, column-sum-model.ts) and best play's measured errors in s's level and
 * spread class (`spread`, fit/spread-fit.ts): mean = value + bias, SD = the errors' SD there
 * (goal-spread.ts). A turn is then solved exactly for the goal, every hold and box valued by
 *
 *   P(gain + R(s') ≥ need) = S((need − ½ − gain − mean(s')) / sd(s')),
 *
 * s' the state after the entry (½: totals are whole numbers), S the survival function of the
 * level's standardized errors for a target (Superpass's are skewed left, Triple Yahtzee's right,
 * by its Yahtzee bonuses), the normal one against an opponent (whose own spread adds to sd: the
 * difference of two skewed totals is nearly symmetric; goal-chance.ts, spread-score-now.ts). The
 * last three turns are solved exactly instead (last-turns.ts): with one box left s' is the end of
 * the game (0, ½ or 1 against a target), with two left s' has one box, valued by its last turn
 * played for the goal (two-left.ts), and with three left s' has two, valued by their two turns
 * played for the goal (three-left.ts). With three boxes left of Superpass (column 3's sixes,
 * column 4's kniffel and full house, 40 points needed) the spread rated the turn at 61.2% where
 * the best chance is 46.4%. An opponent near their end is read by the exact law of their points
 * (opponent-law.ts).
 *
 * Why a class and not a fit on every feature of the state: a variance fitted to which boxes are
 * open was exploited by the goal's own play, which steered into states best play rarely visits,
 * where the fit was worst (a Superpass small straight in column 4 on the first turn "raised" the
 * SD from 70 to 92 points). And why not one spread per level: then every entry of a turn leads to
 * the same spread, so a 50 won counts as much as it adds to the mean although it also closes that
 * box's chance of a 50 later; reach play over-gambled (Superpass: 1251 reached in 8.5% of games
 * against best play's 9.3%, 29 points lost on average).
 *
 * The model holds what every goal shares (tables, scratch, the memos of laws and last turns); a
 * goal is given to `aim`, whose view reads it and nothing else, so requests never see each
 * other's goals.
 */
export function thresholdGoalModel(rs: RuleSet, tables: ColumnTables, correction: Correction | undefined, spread: ClassSpread, horizon?: { reach: number; win: number }, head?: QuantileHead): ThresholdModel {
  const ctx = createGoalContext(rs, tables, correction, spread);
  const q = head && goalQuantiles(ctx, head);
  ctx.quantiles = q;
  const g: GoalParts = {
    quantileNow: q && createQuantileScoreNow(ctx, q),
    reading: q && createStateQuantiles(q.head.M, q.scores),
    ctx,
    spreadNow: createSpreadScoreNow(ctx),
    last: createLastTurnMemo(ctx),
    two: createTwoLeft(ctx),
    threeBest: new Float64Array(slotCount(ctx.R)),
    laws: createLawMemo(ctx),
  };
  return {
    rs,
    c: ctx.c,
    horizon: horizon ?? { reach: ctx.total, win: ctx.total },
    exactBoxes: EXACT_BOXES,
    spread: (state) => spreadOf(ctx, state),
    pointsLaw: (state) => opponentLaw(ctx, g.laws, state),
    aim: (goal) => aimedModel(g, goal),
  };
}

/** The parts of one goal model, shared by every goal it is aimed at: each part's scratch and memo. */
interface GoalParts {
  ctx: GoalContext;
  /** the quantile head's score-now and one state's reading, where the context has a head */
  quantileNow: QuantileScoreNow | undefined;
  reading: StateQuantiles | undefined;
  spreadNow: SpreadScoreNow;
  last: LastTurnMemo;
  two: TwoLeft;
  /** the three-box turn's best value per slot */
  threeBest: Float64Array;
  laws: LawMemo;
}

/** The model of one goal: a view over the shared parts that reads `goal` from its own terms. */
function aimedModel(g: GoalParts, goal: GoalAim): AimedGoalModel {
  const t = aimTerms(goal);
  return {
    rs: g.ctx.rs,
    c: g.ctx.c,
    exact: false,
    valueKind: 'probability',
    goal,
    value: (state) => chanceAfter(g, t, state, 0),
    valueAfter: (next, gain) => chanceAfter(g, t, next, gain),
    fillScoreNow: (state, first, later) => fillScoreNow(g, t, state, first, later),
  };
}

/** The chance of goal `t` after an entry of `gain` points that leaves turn-start state `next` (a turn's own start: gain 0). */
function chanceAfter(g: GoalParts, t: AimTerms, next: GameState, gain: number): number {
  const { ctx } = g;
  const filled = filledCount(next);
  if (filled === ctx.total) return endChance(t, gain - t.need + 0.5);
  if (ctx.total - filled === 1) return lastChance(ctx, g.last, t, next, t.need - gain);
  if (ctx.total - filled === 2) return twoLeftChance(ctx, g.two, g.last, t, next, t.need - gain);
  if (g.reading && ctx.quantiles!.head.has(filled)) {
    writeCanonical(ctx.parts, next, ctx.cols);
    readQuantiles(ctx, ctx.quantiles!, next, filled, g.reading);
    return quantileChance(g.reading, t.need - gain, t.variance);
  }
  const s = spreadOf(ctx, next);
  return chance(gain + s.mean - t.need + 0.5, Math.sqrt(s.variance + t.variance), shapeAt(ctx, t, filled));
}

/** Each roll's best chance of goal `t` in `state`: exact with two or three boxes left, else by the spread (and, one box left, the end of the game). */
function fillScoreNow(g: GoalParts, t: AimTerms, state: GameState, first: Float64Array, later: Float64Array): void {
  const left = g.ctx.total - filledCount(state);
  if (left === 2) return fillTwoLeft(g.ctx, g.two, g.last, t, state, first, later);
  if (left === 3) return fillThreeLeft(g.ctx, g.two, g.last, t, g.threeBest, state, first, later);
  if (g.quantileNow && g.ctx.quantiles!.head.has(g.ctx.total - left + 1)) return fillQuantileScoreNow(g.ctx, g.ctx.quantiles!, g.quantileNow, t, state, first, later);
  fillSpreadScoreNow(g.ctx, g.spreadNow, t, state, first, later);
}
