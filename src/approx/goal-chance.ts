import type { GoalAim, PointsLaw } from '../solver/index.ts';
import type { GoalContext } from './goal-context.ts';
import { lawShare } from './last-turns.ts';
import { shapeSurvival } from './level-shape.ts';
import { normalCdf } from './normal-cdf.ts';

/**
 * A goal as the goal model's arithmetic reads it (goal-model.ts): the points needed, the
 * opponent's variance and law (none for a target), and the goal's worth of the last box's points
 * (last-turns.ts). Made once per aim; never changed.
 */
export interface AimTerms {
  need: number;
  /** the opponent's spread, added to ours; 0 for a target or a finished opponent */
  variance: number;
  law: PointsLaw | undefined;
  /** the last turn's worth of its points G, as a function of d = G − need: the chance at the end of the game */
  worth: (d: number) => number;
}

export function aimTerms(goal: GoalAim): AimTerms {
  const terms: AimTerms = {
    need: goal.need,
    variance: goal.kind === 'win' ? goal.variance : 0,
    law: goal.kind === 'win' ? goal.law : undefined,
    worth: (d) => endChance(terms, d + 0.5),
  };
  return terms;
}

/** P(mean + sd·Z > need − ½), d = mean − need + ½; `shape` the level's for a target, undefined for normal. */
export function chance(d: number, s: number, shape: ArrayLike<number> | undefined): number {
  if (!(s > 0)) return d > 0 ? 1 : d < 0 ? 0 : 0.5;
  return shape ? shapeSurvival(shape, -d / s) : normalCdf(d / s);
}

/**
 * The chance at the end of our game, d = our final total − need + ½: against the opponent's law
 * of points to come where it is set (their last box: a Triple Yahtzee box of 0 or 150 is no
 * normal), else the normal of their variance. With need = their score + the law's mean − our
 * score + ½, d + mean is our final total less their score now; a tie counts half.
 */
export function endChance(t: AimTerms, d: number): number {
  const law = t.law;
  if (!law || !(t.variance > 0)) return chance(d, Math.sqrt(t.variance), undefined);
  return lawShare(law, d + law.mean);
}

/**
 * The shape of best play's errors at `level` where the goal reads it: a target's (and a finished
 * opponent's) chance is the skewed survival function; against an opponent still playing the
 * difference of two skewed totals is nearly symmetric, and a normal.
 */
export function shapeAt(ctx: GoalContext, t: AimTerms, level: number): ArrayLike<number> | undefined {
  return ctx.spread.shape && t.variance === 0 && level < ctx.total ? ctx.spread.shape[level] : undefined;
}
