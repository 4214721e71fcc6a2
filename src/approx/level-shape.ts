import { normalCdf } from './normal-cdf.ts';

/**
 * P(Z > x) for a standardized error Z (mean 0, SD 1) from its quantiles at probabilities
 * (i + ½) / M, i = 0..M−1 (M = q.length), its distribution linear between them. Beyond the outer
 * quantiles the normal tail carries on, scaled to meet them, so that far-tail chances stay
 * ordered instead of flattening to 0 or 1 (a target far out still prefers the better option).
 */
export function shapeSurvival(q: ArrayLike<number>, x: number): number {
  const M = q.length;
  const edge = 0.5 / M;
  if (x < q[0]) return 1 - (edge * normalCdf(x)) / normalCdf(q[0]);
  if (x >= q[M - 1]) return (edge * normalCdf(-x)) / normalCdf(-q[M - 1]);
  let lo = 0;
  let hi = M - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (q[mid] <= x) lo = mid;
    else hi = mid;
  }
  return 1 - (lo + 0.5 + (x - q[lo]) / (q[hi] - q[lo])) / M;
}

/** M quantiles at probabilities (i + ½) / M of `values` (sorted in place). */
export function quantilesOf(values: Float64Array, M: number): Float64Array {
  values.sort();
  const out = new Float64Array(M);
  const n = values.length;
  for (let i = 0; i < M; i++) {
    const at = ((i + 0.5) / M) * n - 0.5;
    const j = Math.max(0, Math.min(n - 1, Math.floor(at)));
    const k = Math.min(n - 1, j + 1);
    const f = Math.max(0, Math.min(1, at - j));
    out[i] = values[j] + f * (values[k] - values[j]);
  }
  return out;
}
