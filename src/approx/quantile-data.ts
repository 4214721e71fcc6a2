import type { ModelledRuleSetId, RuleSet } from '../rules/index.ts';
import fitted from './data/quantiles.json' with { type: 'json' };
import { neuralInputCount } from './neural-correction.ts';
import { base64Of, bytesOf } from './neural-data.ts';
import type { QuantileLevel } from './quantile-head.ts';

/**
 * Fitted quantile heads (quantile-head.ts), the goal value of the multi-column goal models, per
 * rule set: one level per boxes filled, each its weights as little-endian float32 in base64 (w1,
 * b1, w2, b2); a level without a network (the last two, whose turns are solved exactly) is ''.
 * Written by `npx tsx fit/goal-value.ts` (see there for the options recorded here); do not edit
 * by hand.
 */
export interface FittedQuantiles {
  games: number;
  successors: number;
  quantiles: number;
  hidden: number;
  epochs: number;
  lanes: number;
  zRange: number;
  seed: number;
  levels: readonly string[];
}

export const QUANTILES: Readonly<Partial<Record<ModelledRuleSetId, FittedQuantiles>>> = fitted;

export function encodeQuantileLevel(L: QuantileLevel | undefined): string {
  if (!L) return '';
  const all = new Float32Array(L.w1.length + L.b1.length + L.w2.length + L.b2.length);
  let o = 0;
  for (const part of [L.w1, L.b1, L.w2, L.b2]) {
    all.set(part, o);
    o += part.length;
  }
  return base64Of(new Uint8Array(all.buffer));
}

export function decodeQuantileLevel(rs: RuleSet, hidden: number, quantiles: number, text: string): QuantileLevel | undefined {
  if (text === '') return undefined;
  const all = new Float32Array(bytesOf(text).buffer);
  const ni = neuralInputCount(rs);
  const want = hidden * ni + hidden + quantiles * hidden + quantiles;
  if (all.length !== want) throw new Error(`${rs.id}: a quantile level has ${all.length} weights, expected ${want}`);
  let o = 0;
  const take = (n: number): Float64Array => Float64Array.from(all.subarray(o, (o += n)));
  return { hidden, quantiles, w1: take(hidden * ni), b1: take(hidden), w2: take(quantiles * hidden), b2: take(quantiles) };
}

const decoded = new Map<string, readonly (QuantileLevel | undefined)[]>();

/** The fitted levels of a rule set and their quantiles per state, decoded once; undefined where none is fitted. */
export function quantileLevels(rs: RuleSet): { M: number; levels: readonly (QuantileLevel | undefined)[] } | undefined {
  const fit = QUANTILES[rs.id as ModelledRuleSetId];
  if (!fit) return undefined;
  let levels = decoded.get(rs.id);
  if (!levels) decoded.set(rs.id, (levels = fit.levels.map((t) => decodeQuantileLevel(rs, fit.hidden, fit.quantiles, t))));
  return { M: fit.quantiles, levels };
}
