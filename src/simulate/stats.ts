/** Two-sided 95% normal quantile. */
export const Z95 = 1.959963984540054;

export const PERCENTILES = [1, 5, 25, 75, 95, 99] as const;

export interface ScoreSummary {
  games: number;
  /** sum of all final scores: an exact integer, the run's signature */
  total: number;
  mean: number;
  /** 95% confidence interval of the mean (normal approximation) */
  ci95: [number, number];
  /** sample standard deviation (n − 1) */
  sd: number;
  median: number;
  /** p1, p5, p25, p75, p95, p99: linear interpolation between order statistics (numpy's default) */
  percentiles: Record<`p${(typeof PERCENTILES)[number]}`, number>;
  min: number;
  max: number;
  /** games per final score: counts[s] games scored s */
  counts: Int32Array;
}

/** Value of order statistic k (0-based) from per-score counts, via cumulative counts. */
function orderStat(cum: Int32Array, k: number): number {
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid] > k) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function quantile(cum: Int32Array, n: number, q: number): number {
  const h = (n - 1) * q;
  const k = Math.floor(h);
  const a = orderStat(cum, k);
  const b = k + 1 < n ? orderStat(cum, k + 1) : a;
  return a + (h - k) * (b - a);
}

/** Summary of non-negative integer scores; every sum is over integers in game order, so it is reproducible. */
export function summarizeScores(scores: Int32Array): ScoreSummary {
  const n = scores.length;
  let total = 0;
  let max = 0;
  let min = Infinity;
  for (let i = 0; i < n; i++) {
    const s = scores[i];
    total += s;
    if (s > max) max = s;
    if (s < min) min = s;
  }
  const mean = total / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (scores[i] - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  const half = (Z95 * sd) / Math.sqrt(n);
  const counts = new Int32Array(max + 1);
  for (let i = 0; i < n; i++) counts[scores[i]]++;
  const cum = new Int32Array(max + 1);
  for (let s = 0, c = 0; s <= max; s++) cum[s] = c += counts[s];
  const percentiles = {} as ScoreSummary['percentiles'];
  for (const p of PERCENTILES) percentiles[`p${p}`] = quantile(cum, n, p / 100);
  return { games: n, total, mean, ci95: [mean - half, mean + half], sd, median: quantile(cum, n, 0.5), percentiles, min, max, counts };
}

export interface PairedStats {
  /** mean of a − b over the same games */
  mean: number;
  sd: number;
  ci95: [number, number];
}

/** Mean difference of two strategies over the same games (common random numbers), with its 95% CI. */
export function pairedDifference(a: Int32Array, b: Int32Array): PairedStats {
  const n = a.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += a[i] - b[i];
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (a[i] - b[i] - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  const half = (Z95 * sd) / Math.sqrt(n);
  return { mean, sd, ci95: [mean - half, mean + half] };
}

/** Mean and sample SD from a sum and a sum of squares of n values. */
export function meanSd(sum: number, sumSq: number, n: number): { mean: number; sd: number } {
  const mean = sum / n;
  const v = n > 1 ? (sumSq - sum * mean) / (n - 1) : 0;
  return { mean, sd: Math.sqrt(Math.max(0, v)) };
}

export interface ShareStats {
  /** games reaching the target / games */
  share: number;
  /** Wilson score interval: stays inside [0, 1] and honest near 0 and 1 */
  ci95: [number, number];
}

/** Share of games with a final score of at least `target`, with its 95% confidence interval. */
export function reachShare(scores: Int32Array, target: number): ShareStats {
  const n = scores.length;
  let k = 0;
  for (let i = 0; i < n; i++) if (scores[i] >= target) k++;
  const p = k / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { share: p, ci95: [Math.max(0, centre - half), Math.min(1, centre + half)] };
}

/** Paired difference of the shares reaching `target` over the same games: the mean of 1[a >= T] − 1[b >= T]. */
export function pairedReachDifference(a: Int32Array, b: Int32Array, target: number): PairedStats {
  const hit = (s: Int32Array) => s.map((x) => (x >= target ? 1 : 0));
  return pairedDifference(hit(a), hit(b));
}
