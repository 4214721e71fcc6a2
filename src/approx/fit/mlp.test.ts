import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../test/support/random-positions.ts';
import { NormalEquations } from './least-squares.ts';
import { fitMlp, mlpOutput } from './mlp.ts';

describe('fitMlp', () => {
  // y has kinks a linear fit cannot follow: max(0, x0 - x1) and max(0, x1 + x2 - 1).
  const n = 5;
  const rows = 3000;
  const rng = mulberry32(21);
  const xs = new Float64Array(rows * n);
  const ys = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    const x = xs.subarray(r * n, (r + 1) * n);
    for (let i = 0; i < n; i++) x[i] = i === 4 ? (rng() < 0.5 ? 1 : 0) : rng();
    ys[r] = 30 * Math.max(0, x[0] - x[1]) - 20 * Math.max(0, x[1] + x[2] - 1) + 5 * x[4] + 100;
  }
  const sd = Math.sqrt(ys.reduce((s, y) => s + (y - ys.reduce((a, b) => a + b, 0) / rows) ** 2, 0) / rows);

  it('fits a piecewise linear function far better than least squares, on rows it did not fit too', () => {
    const fit = fitMlp(xs, ys, n, { hidden: 8, epochs: 60, batch: 32, learningRate: 0.01, decay: 0, seed: 1 });
    const eq = new NormalEquations(n + 1);
    const withOne = (r: number) => [...xs.subarray(r * n, (r + 1) * n), 1];
    for (let r = 0; r < rows; r++) eq.add(withOne(r), ys[r]);
    const w = eq.solve(0);
    let sq = 0;
    for (let r = 0; r < rows; r++) sq += (withOne(r).reduce((s, x, k) => s + x * w[k], 0) - ys[r]) ** 2;
    const linearRms = Math.sqrt(sq / rows);
    expect(linearRms).toBeGreaterThan(0.2 * sd);
    expect(fit.heldOutRms).toBeLessThan(0.05 * sd);
    expect(fit.heldOutRms).toBeLessThan(linearRms / 5);
  });

  it('its net reproduces the fit error it reports, with the target scale folded back in', () => {
    const fit = fitMlp(xs, ys, n, { hidden: 8, epochs: 5, batch: 32, learningRate: 0.01, decay: 0, seed: 2 });
    let sq = 0;
    let count = 0;
    for (let r = 9; r < rows; r += 10) {
      sq += (mlpOutput(fit.net, xs.subarray(r * n, (r + 1) * n)) - ys[r]) ** 2;
      count++;
    }
    expect(Math.sqrt(sq / count)).toBeCloseTo(fit.heldOutRms, 9);
  });

  it('is a fixed function of its inputs and seed', () => {
    const opts = { hidden: 4, epochs: 2, batch: 64, learningRate: 0.01, decay: 1e-4, seed: 3 };
    expect(fitMlp(xs, ys, n, opts).net).toEqual(fitMlp(xs, ys, n, opts).net);
  });
});
