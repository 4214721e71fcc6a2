/** What both fitters of a one-hidden-layer network take (mlp.ts, quantile-mlp.ts). */
export interface TrainOptions {
  hidden: number;
  epochs: number;
  batch: number;
  learningRate: number;
  /** L2 penalty on the weights, per sample */
  decay: number;
  seed: number;
}

/** The samples' order for an epoch: a Fisher–Yates shuffle by the fit's own seeded generator. */
export function shuffle(order: Int32Array | number[], rng: () => number): void {
  for (let i = order.length - 1; i > 0; i--) {
    const k = Math.floor(rng() * (i + 1));
    const t = order[i];
    order[i] = order[k];
    order[k] = t;
  }
}

/** The learning rate of an epoch: cosine decay from the start rate to 0 over the epochs. */
export function epochRate(opts: TrainOptions, epoch: number): number {
  return opts.learningRate * 0.5 * (1 + Math.cos((Math.PI * epoch) / opts.epochs));
}

/**
 * One Adam step over a one-hidden-layer network's parameters, as both fitters lay them out
 * (mlp.ts, quantile-mlp.ts): w1 [0, ob1), b1 [ob1, ow2), w2 [ow2, ob2), b2 [ob2, P). Weight decay
 * falls on the weights only. `step` is the step's number from 1 (bias correction).
 */
export interface AdamState {
  p: Float64Array;
  m: Float64Array;
  v: Float64Array;
}

const BETA1 = 0.9;
const BETA2 = 0.999;

export function adamStep(s: AdamState, g: Float64Array, scale: number, lr: number, decay: number, step: number, ob1: number, ow2: number, ob2: number): void {
  const { p, m, v } = s;
  const c1 = 1 - BETA1 ** step;
  const c2 = 1 - BETA2 ** step;
  for (let k = 0; k < p.length; k++) {
    const gk = g[k] * scale + (k < ob1 || (k >= ow2 && k < ob2) ? decay * p[k] : 0);
    m[k] = BETA1 * m[k] + (1 - BETA1) * gk;
    v[k] = BETA2 * v[k] + (1 - BETA2) * gk * gk;
    p[k] -= (lr * (m[k] / c1)) / (Math.sqrt(v[k] / c2) + 1e-8);
  }
}
