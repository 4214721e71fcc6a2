/**
 * Ridge least squares by the normal equations: w = (XᵀX + λI)⁻¹ Xᵀy, solved by Cholesky. The
 * feature counts here are about a hundred and the rows a few hundred thousand, so accumulating
 * XᵀX row by row is cheap and needs no matrix of all rows.
 */
export class NormalEquations {
  readonly n: number;
  private readonly xtx: Float64Array;
  private readonly xty: Float64Array;
  rows = 0;
  sumY2 = 0;

  constructor(n: number) {
    this.n = n;
    this.xtx = new Float64Array(n * n);
    this.xty = new Float64Array(n);
  }

  add(x: ArrayLike<number>, y: number): void {
    const n = this.n;
    for (let i = 0; i < n; i++) {
      const xi = x[i];
      if (xi === 0) continue;
      this.xty[i] += xi * y;
      const row = i * n;
      for (let j = 0; j < n; j++) this.xtx[row + j] += xi * x[j];
    }
    this.rows++;
    this.sumY2 += y * y;
  }

  /** The weights; `ridge` is λ per row, so its strength does not depend on the sample size. */
  solve(ridge: number): Float64Array {
    const n = this.n;
    const a = Float64Array.from(this.xtx);
    for (let i = 0; i < n; i++) a[i * n + i] += ridge * this.rows;
    return choleskySolve(a, Float64Array.from(this.xty), n);
  }
}

/** Solves A x = b for symmetric positive definite A (n × n, row-major); overwrites a. */
export function choleskySolve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j];
    for (let k = 0; k < j; k++) d -= a[j * n + k] * a[j * n + k];
    if (d <= 0) throw new Error(`matrix not positive definite at ${j}`);
    const l = Math.sqrt(d);
    a[j * n + j] = l;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j];
      for (let k = 0; k < j; k++) s -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = s / l;
    }
  }
  const x = Float64Array.from(b);
  for (let i = 0; i < n; i++) {
    let s = x[i];
    for (let k = 0; k < i; k++) s -= a[i * n + k] * x[k];
    x[i] = s / a[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = x[i];
    for (let k = i + 1; k < n; k++) s -= a[k * n + i] * x[k];
    x[i] = s / a[i * n + i];
  }
  return x;
}
