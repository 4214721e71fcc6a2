import { describe, expect, it } from 'vitest';
import { quantilesOf, shapeSurvival } from './level-shape.ts';

describe('level shape', () => {
  // A standardized exponential (mean 0, SD 1), skewed right like Triple Yahtzee's errors, sampled on its own quantile grid.
  const n = 20000;
  const sample = Float64Array.from({ length: n }, (_, i) => -Math.log(1 - (i + 0.5) / n) - 1);
  const cdf = (x: number) => (x < -1 ? 0 : 1 - Math.exp(-(x + 1)));
  const q = quantilesOf(sample.slice().reverse(), 100);

  it('reads back the tail of the sample it was made from, to 0.002 inside its outer quantiles', () => {
    for (let x = -0.99; x < 3.5; x += 0.01) expect(Math.abs(shapeSurvival(q, x) - (1 - cdf(x)))).toBeLessThan(0.002);
  });

  it('is decreasing, continuous at the outer quantiles, and its far upper tail stays above 0 and ordered', () => {
    let last = 1;
    for (let x = -8; x < 12; x += 0.05) {
      const p = shapeSurvival(q, x);
      expect(p).toBeLessThanOrEqual(last);
      expect(p).toBeGreaterThan(0);
      last = p;
    }
    for (const edge of [q[0], q[q.length - 1]]) expect(Math.abs(shapeSurvival(q, edge - 1e-9) - shapeSurvival(q, edge + 1e-9))).toBeLessThan(1e-6);
    expect(shapeSurvival(q, 11)).toBeLessThan(shapeSurvival(q, 10));
  });

  it('takes repeated quantiles (a lumpy end game) without dividing by zero', () => {
    const lumpy = quantilesOf(Float64Array.from({ length: 1000 }, (_, i) => (i < 700 ? -0.5 : 1.2)), 10);
    expect(shapeSurvival(lumpy, 0)).toBeCloseTo(0.3, 1);
    expect(Number.isFinite(shapeSurvival(lumpy, -0.5))).toBe(true);
  });
});
