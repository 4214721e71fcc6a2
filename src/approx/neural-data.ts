import type { ModelledRuleSetId, RuleSet } from '../rules/index.ts';
import fitted from './data/neural.json' with { type: 'json' };
import { featureCount } from './features.ts';
import { neuralInputCount, type NeuralLevel } from './neural-correction.ts';

/**
 * Fitted neural corrections (neural-correction.ts), per rule set: one level per boxes filled,
 * each its weights as little-endian float32 in base64 (linear, w1, b1, w2, b2), so that a fit of
 * some 100,000 weights stays a file of a few hundred kilobytes; a level of zeros (no correction:
 * the last level, or one no game passes) is ''. Written by `npx tsx fit/neural.ts`
 * (see there for the options recorded here); do not edit by hand.
 */
export interface FittedNeural {
  games: number;
  successors: number;
  rounds: number;
  hidden: number;
  epochs: number;
  seed: number;
  levels: readonly string[];
}

export const NEURAL: Readonly<Partial<Record<ModelledRuleSetId, FittedNeural>>> = fitted;

export function encodeNeuralLevel(L: NeuralLevel): string {
  if ([L.linear, L.w1, L.b1, L.w2].every((a) => a.every((x) => x === 0)) && L.b2 === 0) return '';
  const all = new Float32Array(L.linear.length + L.w1.length + L.b1.length + L.w2.length + 1);
  let o = 0;
  for (const part of [L.linear, L.w1, L.b1, L.w2]) {
    all.set(part, o);
    o += part.length;
  }
  all[o] = L.b2;
  return base64Of(new Uint8Array(all.buffer));
}

// atob and btoa rather than Buffer: the multi-column models also run in a browser (src/browser).
export function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

export function decodeNeuralLevel(rs: RuleSet, hidden: number, text: string): NeuralLevel | undefined {
  if (text === '') return undefined;
  const all = new Float32Array(bytesOf(text).buffer);
  const nf = featureCount(rs);
  const ni = neuralInputCount(rs);
  const want = nf + hidden * ni + 2 * hidden + 1;
  if (all.length !== want) throw new Error(`${rs.id}: a neural level has ${all.length} weights, expected ${want}`);
  let o = 0;
  const take = (n: number): Float64Array => Float64Array.from(all.subarray(o, (o += n)));
  return { linear: take(nf), hidden, w1: take(hidden * ni), b1: take(hidden), w2: take(hidden), b2: all[o] };
}

const decoded = new Map<string, readonly (NeuralLevel | undefined)[]>();

/**
 * The fitted levels of a rule set, decoded once (every model and goal model of the rule set reads
 * the same ones; a correction keeps its own scratch); undefined where none is fitted.
 */
export function neuralLevels(rs: RuleSet): readonly (NeuralLevel | undefined)[] | undefined {
  const fit = NEURAL[rs.id as ModelledRuleSetId];
  if (!fit) return undefined;
  let levels = decoded.get(rs.id);
  if (!levels) decoded.set(rs.id, (levels = fit.levels.map((t) => decodeNeuralLevel(rs, fit.hidden, t))));
  return levels;
}
