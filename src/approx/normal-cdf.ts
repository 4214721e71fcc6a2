/**
 * Φ(z), the standard normal distribution function, for the goal models' inner loops (tens of
 * thousands of calls a turn). Inside |z| < 6 a table with linear interpolation (step 1/128,
 * error below 3e-6); outside it the complementary error function with fractional error below
 * 1.2e-7 (Numerical Recipes' erfcc), so far-tail values keep their order: a position with a
 * 1e-12 chance still prefers the option worth 2e-12.
 */
const STEP = 128;
const LIMIT = 6;
const table = new Float64Array(2 * LIMIT * STEP + 2);
for (let i = 0; i < table.length; i++) table[i] = tailCdf(i / STEP - LIMIT);

/** Φ(z) from erfc, accurate in relative terms on both tails. */
function tailCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z < 0 ? 0.5 * erfc : 1 - 0.5 * erfc;
}

export function normalCdf(z: number): number {
  if (!(z > -LIMIT && z < LIMIT)) return z !== z ? NaN : tailCdf(z);
  const u = (z + LIMIT) * STEP;
  const i = u | 0;
  const f = u - i;
  return table[i] + f * (table[i + 1] - table[i]);
}

/**
 * Φ⁻¹(p), the standard normal quantile, for 0 < p < 1 (±Infinity at 0 and 1): Acklam's rational
 * approximation (relative error below 1.2e-9), refined by one Halley step on erfc's Φ.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0)) return -Infinity;
  if (!(p < 1)) return Infinity;
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  let x: number;
  if (p < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p > 1 - 0.02425) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  }
  const e = tailCdf(x) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}
