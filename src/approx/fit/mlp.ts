import { mulberry32 } from '../../dice/index.ts';
import { adamStep, epochRate, shuffle, type TrainOptions } from './training.ts';

/**
 * A one-hidden-layer perceptron with ReLU units: y = b2 + Σ_j w2_j max(0, a_j), a = W1 x + b1.
 * Small on purpose: it is evaluated for every next state of a turn, so it must cost about as
 * much as a dot product over the features.
 */
export interface Mlp {
  inputs: number;
  hidden: number;
  /** hidden × inputs, row j the weights of unit j */
  w1: Float64Array;
  b1: Float64Array;
  w2: Float64Array;
  b2: number;
}

export function mlpOutput(net: Mlp, x: ArrayLike<number>, a: Float64Array = new Float64Array(net.hidden)): number {
  const { inputs: n, hidden: H, w1, b1, w2 } = net;
  let y = net.b2;
  for (let j = 0; j < H; j++) {
    let s = b1[j];
    const row = j * n;
    for (let i = 0; i < n; i++) s += w1[row + i] * x[i];
    a[j] = s;
    if (s > 0) y += w2[j] * s;
  }
  return y;
}

export interface MlpFitOptions extends TrainOptions {
  /** a net to start from (the next level's, whose shape must match) */
  start?: Mlp;
}

export interface MlpFit {
  net: Mlp;
  /** root mean square error on the training rows and on the held-out tenth */
  trainRms: number;
  heldOutRms: number;
}

/**
 * Fits y ≈ net(x) by Adam on minibatches. Rows are `n` features each in `xs` (row-major). The
 * target is centred and scaled while fitting and the scale is folded back into the output layer,
 * so the learning rate means the same for any target. Every tenth row is held out to report the
 * error on rows not fitted; it is not used for stopping, so the fit is a fixed function of its
 * inputs and seed.
 */
export function fitMlp(xs: Float64Array, ys: Float64Array, n: number, opts: MlpFitOptions): MlpFit {
  const rows = ys.length;
  const H = opts.hidden;
  const rng = mulberry32(opts.seed);
  let mean = 0;
  for (let r = 0; r < rows; r++) mean += ys[r];
  mean /= Math.max(1, rows);
  let sd = 0;
  for (let r = 0; r < rows; r++) sd += (ys[r] - mean) ** 2;
  sd = Math.sqrt(sd / Math.max(1, rows)) || 1;

  // Parameters in one array so that Adam runs over them in one loop: w1, b1, w2, b2.
  const P = H * n + H + H + 1;
  const p = new Float64Array(P);
  const o1 = 0;
  const ob1 = H * n;
  const ow2 = ob1 + H;
  const ob2 = ow2 + H;
  if (opts.start && opts.start.inputs === n && opts.start.hidden === H) {
    p.set(opts.start.w1, o1);
    p.set(opts.start.b1, ob1);
    for (let j = 0; j < H; j++) p[ow2 + j] = opts.start.w2[j] / sd;
    p[ob2] = (opts.start.b2 - mean) / sd;
  } else {
    const s1 = Math.sqrt(2 / n);
    for (let k = 0; k < H * n; k++) p[o1 + k] = gaussian(rng) * s1;
    for (let j = 0; j < H; j++) p[ob1 + j] = 0.01;
    for (let j = 0; j < H; j++) p[ow2 + j] = gaussian(rng) * Math.sqrt(1 / H);
  }
  const g = new Float64Array(P);
  const m = new Float64Array(P);
  const v = new Float64Array(P);
  const train: number[] = [];
  const held: number[] = [];
  for (let r = 0; r < rows; r++) (r % 10 === 9 ? held : train).push(r);
  const order = Int32Array.from(train);
  const a = new Float64Array(H);
  const adam = { p, m, v };
  let step = 0;
  const predict = (r: number): number => {
    let y = p[ob2];
    const x = r * n;
    for (let j = 0; j < H; j++) {
      let s = p[ob1 + j];
      const row = o1 + j * n;
      for (let i = 0; i < n; i++) s += p[row + i] * xs[x + i];
      a[j] = s;
      if (s > 0) y += p[ow2 + j] * s;
    }
    return y;
  };
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    shuffle(order, rng);
    const lr = epochRate(opts, epoch);
    for (let from = 0; from < order.length; from += opts.batch) {
      const to = Math.min(order.length, from + opts.batch);
      g.fill(0);
      for (let q = from; q < to; q++) {
        const r = order[q];
        const err = predict(r) - (ys[r] - mean) / sd;
        g[ob2] += err;
        const x = r * n;
        for (let j = 0; j < H; j++) {
          if (a[j] <= 0) continue;
          g[ow2 + j] += err * a[j];
          const d = err * p[ow2 + j];
          g[ob1 + j] += d;
          const row = o1 + j * n;
          for (let i = 0; i < n; i++) {
            const xi = xs[x + i];
            if (xi !== 0) g[row + i] += d * xi;
          }
        }
      }
      const scale = 1 / (to - from);
      adamStep(adam, g, scale, lr, opts.decay, ++step, ob1, ow2, ob2);
    }
  }
  const rms = (set: readonly number[]): number => {
    let sq = 0;
    for (const r of set) sq += ((predict(r) - (ys[r] - mean) / sd) * sd) ** 2;
    return Math.sqrt(sq / Math.max(1, set.length));
  };
  const net: Mlp = {
    inputs: n,
    hidden: H,
    w1: p.slice(o1, ob1),
    b1: p.slice(ob1, ow2),
    w2: p.slice(ow2, ob2).map((w) => w * sd),
    b2: p[ob2] * sd + mean,
  };
  return { net, trainRms: rms(train), heldOutRms: rms(held) };
}

function gaussian(rng: () => number): number {
  const u = 1 - rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}
