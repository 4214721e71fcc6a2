import type { ModelledRuleSetId } from '../rules/index.ts';
import fitted from './data/corrections.json' with { type: 'json' };

/**
 * Fitted weights of the learned correction (features.ts), per rule set: one row per level (boxes
 * filled), featureCount(rs) weights each. The numbers are in data/corrections.json, written by
 * `npx tsx fit/correction.ts` (see there for the options recorded here); do not edit them by hand.
 */
export interface FittedCorrection {
  games: number;
  rounds: number;
  ridge: number;
  seed: number;
  weights: readonly (readonly number[])[];
}

export const CORRECTIONS: Readonly<Record<ModelledRuleSetId, FittedCorrection>> = fitted;
