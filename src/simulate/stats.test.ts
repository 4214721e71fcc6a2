import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../dice/index.ts';
import { meanSd, pairedDifference, summarizeScores, Z95 } from './stats.ts';
import { pairedReachDifference, reachShare } from './stats.ts';

/** numpy's default percentile: linear interpolation between order statistics. */
function bruteQuantile(sorted: number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const k = Math.floor(h);
  return sorted[k] + (h - k) * ((sorted[Math.min(k + 1, sorted.length - 1)] ?? sorted[k]) - sorted[k]);
}

describe('summarizeScores', () => {
  it('matches brute force on random scores', () => {
    const rng = new Xoshiro128(3);
    for (const n of [1, 2, 3, 10, 101, 1000]) {
      const a = Int32Array.from({ length: n }, () => rng.below(400));
      const sorted = Array.from(a).sort((x, y) => x - y);
      const s = summarizeScores(a);
      const mean = sorted.reduce((x, y) => x + y, 0) / n;
      const sd = n > 1 ? Math.sqrt(sorted.reduce((x, y) => x + (y - mean) ** 2, 0) / (n - 1)) : 0;
      expect(s.games).toBe(n);
      expect(s.total).toBe(sorted.reduce((x, y) => x + y, 0));
      expect(s.mean).toBeCloseTo(mean, 10);
      expect(s.sd).toBeCloseTo(sd, 10);
      expect(s.min).toBe(sorted[0]);
      expect(s.max).toBe(sorted[n - 1]);
      expect(s.median).toBeCloseTo(bruteQuantile(sorted, 0.5), 10);
      for (const p of [1, 5, 25, 75, 95, 99] as const) expect(s.percentiles[`p${p}`]).toBeCloseTo(bruteQuantile(sorted, p / 100), 10);
      expect(s.ci95[1] - s.mean).toBeCloseTo((Z95 * sd) / Math.sqrt(n), 10);
      expect(s.counts.reduce((x, y) => x + y, 0)).toBe(n);
    }
  });

  it('known small case: 1..5', () => {
    const s = summarizeScores(Int32Array.from([5, 1, 4, 2, 3]));
    expect(s.mean).toBe(3);
    expect(s.median).toBe(3);
    expect(s.percentiles.p25).toBe(2);
    expect(s.percentiles.p75).toBe(4);
    expect(s.sd).toBeCloseTo(Math.sqrt(2.5), 12);
  });
});

describe('pairedDifference', () => {
  it('is the mean, SD and CI of the per-game differences', () => {
    const a = Int32Array.from([10, 12, 9, 14]);
    const b = Int32Array.from([8, 12, 10, 10]);
    const p = pairedDifference(a, b);
    const d = [2, 0, -1, 4];
    const sd = Math.sqrt(d.reduce((x, y) => x + (y - 1.25) ** 2, 0) / 3);
    expect(p.mean).toBe(1.25);
    expect(p.sd).toBeCloseTo(sd, 12);
    expect(p.ci95[0]).toBeCloseTo(1.25 - (Z95 * sd) / 2, 12);
  });

  it('meanSd from sums', () => {
    const { mean, sd } = meanSd(1 + 2 + 3 + 4, 1 + 4 + 9 + 16, 4);
    expect(mean).toBe(2.5);
    expect(sd).toBeCloseTo(Math.sqrt(5 / 3), 12);
  });
});

describe('reach shares', () => {
  it('counts the games at or above the target, with the Wilson interval', () => {
    const scores = Int32Array.from([100, 250, 300, 299, 301, 300, 10, 400]);
    const r = reachShare(scores, 300);
    expect(r.share).toBe(4 / 8);
    // Wilson, n = 8, p = 0.5: centre 0.5, half-width 1.96·sqrt(0.25/8 + 1.96²/256)/(1 + 1.96²/8).
    const z = 1.959963984540054;
    const half = (z * Math.sqrt(0.25 / 8 + (z * z) / 256)) / (1 + (z * z) / 8);
    expect(r.ci95[0]).toBeCloseTo(0.5 - half, 12);
    expect(r.ci95[1]).toBeCloseTo(0.5 + half, 12);
  });

  it('keeps the interval inside [0, 1] when no game or every game reaches it', () => {
    const scores = Int32Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(reachShare(scores, 11)).toEqual({ share: 0, ci95: [0, expect.closeTo(0.2775, 4)] });
    const all = reachShare(scores, 1);
    expect(all.share).toBe(1);
    expect(all.ci95[1]).toBeCloseTo(1, 12);
    expect(all.ci95[0]).toBeCloseTo(0.7225, 4);
  });

  it('pairs the games: the difference of shares is the mean of the indicator differences', () => {
    const a = Int32Array.from([300, 300, 100, 300]);
    const b = Int32Array.from([100, 300, 300, 100]);
    const d = pairedReachDifference(a, b, 250);
    expect(d.mean).toBe((1 + 0 - 1 + 1) / 4);
  });
});
