import { createShareKernel, type ShareKernel } from './kernel/share-kernel.ts';
import type { ReachTable } from './reach-table.ts';

let kernel: ShareKernel | undefined;

/** This thread's kernel, made on first use: every table's rows go through it. */
function shareKernel(): ShareKernel {
  kernel ??= createShareKernel();
  return kernel;
}

/**
 * The win goal (docs/rules.md, "Goals"): the stake goes to the highest final total, a k-way tie for
 * first splits it. Opponents play for points, so their final totals do not depend on how we play:
 * they are independent random variables X_i with known distributions, and our share is a fixed
 * function u of our own final total x:
 *
 *   u(x) = E[ 1{x >= X_i for all i} / (1 + #{i : X_i = x}) ]
 *        = integral over z in [0, 1] of prod_i (P(X_i < x) + z P(X_i = x)) dz
 *
 * (1/(1+m) is the integral of z^m), so u(x) is the product polynomial's coefficients c_m summed
 * as c_m / (m + 1).
 */

/** A final total's distribution: P(total = lo + k) = p[k]. */
export interface FinalDistribution {
  lo: number;
  p: Float64Array;
}

/** Our expected share as a function of our final total: u[x] for x = 0..u.length - 1, and 1 above. */
export interface ShareCurve {
  u: Float64Array;
  /** d[x] = u[x] − u[x − 1] (d[0] = u[0]) */
  d: Float64Array;
  /** d is read on [first, end) only: outside it the steps sum to less than SHARE_TAIL at each end */
  first: number;
  end: number;
}

/**
 * Steps of the share curve left out at each end, in share. Opponents' totals have tails of
 * probabilities far below anything a share can show (a 1e-15 chance of 700 points); reading them
 * would multiply the work of every option's value for nothing.
 */
const SHARE_TAIL = 1e-10;

export function pointMass(total: number): FinalDistribution {
  return { lo: total, p: Float64Array.of(1) };
}

export function shareCurve(opponents: FinalDistribution[]): ShareCurve {
  let top = 0;
  for (const o of opponents) top = Math.max(top, o.lo + o.p.length - 1);
  // One past the highest total any opponent can reach: there we win alone.
  const size = top + 2;
  const u = new Float64Array(size);
  const k = opponents.length;
  const below = new Float64Array(k);
  const poly = new Float64Array(k + 1);
  for (let x = 0; x < size; x++) {
    poly.fill(0);
    poly[0] = 1;
    let degree = 0;
    for (let i = 0; i < k; i++) {
      const o = opponents[i];
      const j = x - o.lo;
      const at = j >= 0 && j < o.p.length ? o.p[j] : 0;
      const a = below[i];
      // Multiply by (a + at·z), highest degree first so each coefficient is read before it is overwritten.
      poly[degree + 1] = poly[degree] * at;
      for (let m = degree; m > 0; m--) poly[m] = poly[m] * a + poly[m - 1] * at;
      poly[0] *= a;
      degree++;
      below[i] = a + at;
    }
    let share = 0;
    for (let m = 0; m <= degree; m++) share += poly[m] / (m + 1);
    u[x] = share;
  }
  const d = new Float64Array(size);
  for (let x = 0; x < size; x++) d[x] = x === 0 ? u[0] : u[x] - u[x - 1];
  let first = 0;
  for (let tail = 0; first < size && tail + d[first] < SHARE_TAIL; first++) tail += d[first];
  let end = size;
  for (let tail = 0; end > first && tail + d[end - 1] < SHARE_TAIL; end--) tail += d[end - 1];
  return { u, d, first, end };
}

/**
 * E[u(base + R)] where P(R >= n) is reach table t's chance for state s: with
 * u(base + R) = u(base) + sum over n >= 1 of d(base + n)·1{R >= n}, and P(R >= n) = 1 below the
 * stored stretch, the sum below it telescopes to u(base + lo − 1), and only the stretch is read.
 * Each n's chance is the best for that n alone (the reach tables' own approximation of the goal);
 * above the table's cap the chance counts as 0.
 */
export function expectedShare(curve: ShareCurve, base: number, t: ReachTable, s: number): number {
  const { u, d } = curve;
  const size = u.length;
  const { lo, values } = t.row(s);
  const x0 = base + lo - 1;
  if (x0 >= size - 1) return 1;
  let v = x0 < 0 ? 0 : u[x0];
  const from = Math.max(base + lo, curve.first);
  const to = Math.min(base + lo + values.length, curve.end);
  if (to <= from) return v;
  const k = shareKernel();
  if (k.curve !== curve) {
    if (d.length > k.d.length) throw new Error(`a share curve of ${d.length} totals, more than the kernel holds (${k.d.length})`);
    k.d.set(d);
    k.curve = curve;
  }
  return v + k.dot(from, values, from - base - lo, to - from);
}

/**
 * An opponent's final total: `score` now plus the points still to come from turn-start state s,
 * read from a points-distribution table (points-distribution.ts), normalised (a fixed-point row
 * sums to 1 by construction, a float64 row to within its trimming). Where the table lumps
 * P(>= cap) into its last lane, that mass counts as exactly cap.
 */
export function finalDistribution(t: ReachTable, s: number, score: number): FinalDistribution {
  const row = t.row(s);
  const count = row.values.length;
  if (count === 0) return pointMass(score);
  const p = Float64Array.from(row.values);
  let sum = 0;
  for (let k = 0; k < count; k++) sum += p[k];
  for (let k = 0; k < count; k++) p[k] /= sum;
  return { lo: score + row.lo, p };
}

/** The mean of a final-total distribution. */
export function meanTotal(f: FinalDistribution): number {
  let m = 0;
  for (let k = 0; k < f.p.length; k++) m += (f.lo + k) * f.p[k];
  return m;
}
