import { mulberry32 } from '../../dice/index.ts';
import { adamStep, epochRate, shuffle, type TrainOptions } from './training.ts';

/**
 * A one-hidden-layer perceptron with M outputs, y = b2 + W2 max(0, W1 x + b1), fitted by Adam on
 * minibatches to the squared error summed over the outputs (the quantile head's quantiles,
 * quantile-head.ts). As fitMlp (mlp.ts) does for one output: every tenth row is held out to
 * report the error on rows not fitted (never used for stopping, so a fit is a fixed function of
 * its inputs and seed), the learning rate decays on a cosine, and a net to start from (the next
 * level's) may be given.
 */
export interface MultiMlp {
  inputs: number;
  hidden: number;
  outputs: number;
  /** hidden × inputs */
  w1: Float64Array;
  b1: Float64Array;
  /** outputs × hidden */
  w2: Float64Array;
  b2: Float64Array;
}

export interface MultiMlpOptions extends TrainOptions {
  start?: MultiMlp;
}

export interface MultiMlpFit {
  net: MultiMlp;
  /** root mean square error per output, on the training rows and on the held-out tenth */
  trainRms: number;
  heldOutRms: number;
}

/** Fits ys (rows × M, row-major) ≈ net(xs) (rows × n). */
export function fitMultiMlp(xs: Float64Array, ys: Float64Array, n: number, M: number, opts: MultiMlpOptions): MultiMlpFit {
  const rows = ys.length / M;
  const H = opts.hidden;
  const rng = mulberry32(opts.seed);
  const o1 = 0;
  const ob1 = H * n;
  const ow2 = ob1 + H;
  const ob2 = ow2 + M * H;
  const P = ob2 + M;
  const p = new Float64Array(P);
  if (opts.start && opts.start.inputs === n && opts.start.hidden === H && opts.start.outputs === M) {
    p.set(opts.start.w1, o1);
    p.set(opts.start.b1, ob1);
    p.set(opts.start.w2, ow2);
    p.set(opts.start.b2, ob2);
  } else {
    const s1 = Math.sqrt(2 / n);
    for (let k = 0; k < H * n; k++) p[o1 + k] = gaussian(rng) * s1;
    for (let j = 0; j < H; j++) p[ob1 + j] = 0.01;
    // The outputs start near zero: the head's baseline (the class spread) is where a fit begins.
    for (let k = 0; k < M * H; k++) p[ow2 + k] = gaussian(rng) * 0.01;
  }
  const g = new Float64Array(P);
  const m = new Float64Array(P);
  const v = new Float64Array(P);
  const train: number[] = [];
  const held: number[] = [];
  for (let r = 0; r < rows; r++) (r % 10 === 9 ? held : train).push(r);
  const order = Int32Array.from(train);
  const a = new Float64Array(H);
  const y = new Float64Array(M);
  const d = new Float64Array(H);
  const adam = { p, m, v };
  let step = 0;
  const predict = (r: number): void => {
    const x = r * n;
    for (let j = 0; j < H; j++) {
      let s = p[ob1 + j];
      const row = o1 + j * n;
      for (let i = 0; i < n; i++) s += p[row + i] * xs[x + i];
      a[j] = s > 0 ? s : 0;
    }
    for (let i = 0; i < M; i++) {
      let s = p[ob2 + i];
      const row = ow2 + i * H;
      for (let j = 0; j < H; j++) s += p[row + j] * a[j];
      y[i] = s;
    }
  };
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    shuffle(order, rng);
    const lr = epochRate(opts, epoch);
    for (let from = 0; from < order.length; from += opts.batch) {
      const to = Math.min(order.length, from + opts.batch);
      g.fill(0);
      for (let q = from; q < to; q++) {
        const r = order[q];
        predict(r);
        d.fill(0);
        for (let i = 0; i < M; i++) {
          const err = y[i] - ys[r * M + i];
          g[ob2 + i] += err;
          const row = ow2 + i * H;
          for (let j = 0; j < H; j++) {
            if (a[j] === 0) continue;
            g[row + j] += err * a[j];
            d[j] += err * p[row + j];
          }
        }
        const x = r * n;
        for (let j = 0; j < H; j++) {
          if (a[j] === 0) continue;
          g[ob1 + j] += d[j];
          const row = o1 + j * n;
          for (let i = 0; i < n; i++) {
            const xi = xs[x + i];
            if (xi !== 0) g[row + i] += d[j] * xi;
          }
        }
      }
      const scale = 1 / (to - from);
      adamStep(adam, g, scale, lr, opts.decay, ++step, ob1, ow2, ob2);
    }
  }
  const rms = (set: readonly number[]): number => {
    let sq = 0;
    for (const r of set) {
      predict(r);
      for (let i = 0; i < M; i++) sq += (y[i] - ys[r * M + i]) ** 2;
    }
    return Math.sqrt(sq / Math.max(1, set.length * M));
  };
  const net: MultiMlp = { inputs: n, hidden: H, outputs: M, w1: p.slice(o1, ob1), b1: p.slice(ob1, ow2), w2: p.slice(ow2, ob2), b2: p.slice(ob2, P) };
  return { net, trainRms: rms(train), heldOutRms: rms(held) };
}

function gaussian(rng: () => number): number {
  const u = 1 - rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}
