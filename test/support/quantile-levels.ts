import type { QuantileLevel } from '../../src/approx/quantile-head.ts';

/** A quantile head's level of random weights (quantile-head.ts): tests check the head's arithmetic, not a fit. */
export function randomQuantileLevel(inputs: number, hidden: number, M: number, rng: () => number): QuantileLevel {
  const r = (n: number, s: number) => Float64Array.from({ length: n }, () => (rng() - 0.5) * s);
  return { hidden, quantiles: M, w1: r(hidden * inputs, 0.6), b1: r(hidden, 0.2), w2: r(M * hidden, 0.2), b2: r(M, 0.2) };
}
