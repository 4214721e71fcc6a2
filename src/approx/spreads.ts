import type { ModelledRuleSetId } from '../rules/index.ts';
import fitted from './data/spreads.json' with { type: 'json' };

/**
 * The goal models' spread (goal-model.ts, fit/spread-fit.ts), per rule set: per level (boxes
 * filled) and spread class, the mean and the variance of best play's errors (points still to come
 * − best play's value), and per level their shape, measured over `games` self-played games. The
 * numbers are in data/spreads.json, written by `npx tsx fit/spread.ts`; do not edit them by hand.
 */
export interface FittedSpread {
  games: number;
  seed: number;
  /** per level, per spread class (goal-model.ts spreadClass) */
  bias: readonly (readonly number[])[];
  variance: readonly (readonly number[])[];
  /** per level, quantiles of the standardized errors at probabilities (i + ½) / M (level-shape.ts) */
  shape: readonly (readonly number[])[];
}

export const SPREADS: Readonly<Record<ModelledRuleSetId, FittedSpread>> = fitted;
