import type { RuleSet } from '../../rules/index.ts';
import { filledCount, type GameState } from '../../solver/index.ts';
import { columnParts, type ColumnTables } from '../column-parts.ts';
import { writeCanonical, type Correction } from '../column-sum-model.ts';
import { aimTerms } from '../goal-chance.ts';
import { createGoalContext, type GoalContext } from '../goal-context.ts';
import { bestPlayValue } from '../goal-spread.ts';
import { createLastTurnMemo } from '../last-turn-memo.ts';
import { neuralInputCount, writeNeuralInputs } from '../neural-correction.ts';
import { normalQuantile } from '../normal-cdf.ts';
import { createStateQuantiles, goalQuantiles, quantileChance, readQuantiles, type GoalQuantiles } from '../quantile-chance.ts';
import { quantileHead, type QuantileLevel } from '../quantile-head.ts';
import type { ClassSpread } from '../spread-classes.ts';
import { createTwoLeft, NEED_LANES, twoLeftChances } from '../two-left.ts';
import { createGoalBackup, goalBackup, type AskValuer } from './goal-backup.ts';
import { fitMultiMlp, type MultiMlp } from './quantile-mlp.ts';
import type { TrainOptions } from './training.ts';

export interface QuantileFitOptions extends TrainOptions {
  /** quantiles per state */
  quantiles: number;
  /** needs per state backed up, spread over ±zRange SDs of its class around its mean */
  lanes: number;
  zRange: number;
  onLevel?: (level: number, report: QuantileLevelReport) => void;
}

export interface QuantileLevelReport {
  rows: number;
  /** RMS of the targets' distance from the baseline (the class spread), and what the net leaves, in SDs */
  baselineRms: number;
  trainRms: number;
  heldOutRms: number;
  /** quantile targets beyond the needs backed up (clamped to the outermost) */
  clamped: number;
  seconds: number;
}

/**
 * Fitted value iteration for the goal value (quantile-head.ts), backwards over the levels with
 * three or more boxes left: each sampled turn-start state s is backed up exactly by the turn
 * engine at `lanes` needs (goal-backup.ts), its next states valued by the head's next level, or,
 * with two boxes left after the turn, by the exact two-box turns (two-left.ts). The backed-up
 * chances, a falling function of the need, give the M quantile targets at p_i = (i + ½) / M
 * (where the chance falls through 1 − p_i, linear between needs), and the level's network is
 * fitted to them standardized by the class spread, less the level's shape. The rows should
 * include states off best play's path (collect.ts withSuccessors), which the goal's play visits.
 */
export function quantileBackwardFit(
  rs: RuleSet,
  tables: ColumnTables,
  correction: Correction | undefined,
  spread: ClassSpread,
  byLevel: readonly GameState[][],
  opts: QuantileFitOptions,
): (QuantileLevel | undefined)[] {
  const ctx = createGoalContext(rs, tables, correction, spread);
  const M = opts.quantiles;
  const levels: (QuantileLevel | undefined)[] = Array.from({ length: ctx.total }, () => undefined);
  const gq = goalQuantiles(ctx, quantileHead(rs, tables, M, levels));
  ctx.quantiles = gq;
  const parts = columnParts(rs, tables);
  const ni = neuralInputCount(rs);
  const backup = createGoalBackup(ctx, opts.lanes);
  const exact = exactValuer(ctx);
  const fitted = headValuer(ctx, gq);
  const z = Array.from({ length: opts.lanes }, (_, j) => -opts.zRange + (2 * opts.zRange * j) / (opts.lanes - 1));
  const B = new Float64Array(opts.lanes);
  const s0 = createStateQuantiles(M);
  let start: MultiMlp | undefined;
  for (let level = ctx.total - 3; level >= 0; level--) {
    const states = byLevel[level] ?? [];
    if (states.length === 0) continue;
    const t0 = performance.now();
    const valuer = level === ctx.total - 3 ? exact : fitted;
    const rows = states.length;
    const xs = new Float64Array(rows * ni);
    const ys = new Float64Array(rows * M);
    const shape = gq.shape[level];
    let clamped = 0;
    let base = 0;
    states.forEach((s, r) => {
      writeCanonical(parts, s, ctx.cols);
      writeNeuralInputs(rs, parts, ctx.cols, xs.subarray(r * ni, (r + 1) * ni));
      // The class spread's location and scale (the head's baseline): the needs are spread around it.
      const k = ctx.spreadClass(ctx.cols);
      const mean = bestPlayValue(ctx, s, level) + spread.bias[level][k];
      const sd = Math.sqrt(spread.variance[level][k]);
      s0.mean = mean;
      s0.sd = sd;
      const needs: number[] = [];
      for (const zj of z) {
        const n = Math.round(mean + sd * zj);
        if (n >= 1 && (needs.length === 0 || n > needs[needs.length - 1])) needs.push(n);
      }
      goalBackup(ctx, backup, s, needs, valuer, B);
      const x = needs.map((n) => (n - 0.5 - mean) / sd);
      for (let i = 0; i < M; i++) {
        const u = 1 - (i + 0.5) / M;
        const target = crossing(x, B, needs.length, u);
        if (target.clamped) clamped++;
        ys[r * M + i] = target.x - shape[i];
        base += ys[r * M + i] ** 2;
      }
    });
    const fit = fitMultiMlp(xs, ys, ni, M, { hidden: opts.hidden, epochs: opts.epochs, batch: opts.batch, learningRate: opts.learningRate, decay: opts.decay, seed: opts.seed + level, start });
    start = fit.net;
    levels[level] = { hidden: fit.net.hidden, quantiles: M, w1: fit.net.w1, b1: fit.net.b1, w2: fit.net.w2, b2: fit.net.b2 };
    opts.onLevel?.(level, { rows, baselineRms: Math.sqrt(base / (rows * M)), trainRms: fit.trainRms, heldOutRms: fit.heldOutRms, clamped, seconds: (performance.now() - t0) / 1000 });
  }
  return levels;
}

/**
 * Where the falling chances B at points x (ascending) pass u, with the normal score Φ⁻¹(1 − B)
 * linear between points (as the head is read, quantile-chance.ts); the outermost point where
 * none does.
 */
function crossing(x: number[], B: Float64Array, n: number, u: number): { x: number; clamped: boolean } {
  if (B[0] < u) return { x: x[0], clamped: true };
  const score = (b: number): number => normalQuantile(1 - Math.min(1 - 1e-9, Math.max(1e-9, b)));
  const target = score(u);
  for (let j = 1; j < n; j++) {
    if (B[j] < u) {
      const w0 = score(B[j - 1]);
      const w1 = score(B[j]);
      const f = w1 > w0 ? (target - w0) / (w1 - w0) : 0.5;
      return { x: x[j - 1] + Math.min(1, Math.max(0, f)) * (x[j] - x[j - 1]), clamped: false };
    }
  }
  return { x: x[n - 1], clamped: true };
}

/** The exact chances of two-box turns (two-left.ts): what the turns with three boxes left lead to. */
export function exactValuer(ctx: GoalContext): AskValuer {
  const two = createTwoLeft(ctx);
  const memo = createLastTurnMemo(ctx);
  const t = aimTerms({ kind: 'reach', need: 0 });
  return (after, asks, out) => {
    const n = asks.need.length;
    for (let at = 0; at < n; at += NEED_LANES) {
      const count = Math.min(NEED_LANES, n - at);
      twoLeftChances(ctx, two, memo, t, after, { count, need: asks.need.slice(at, at + count), column: asks.k, upper: asks.upper.slice(at, at + count), flag: asks.flag.slice(at, at + count) }, out.subarray(at, at + count));
    }
  };
}

/** The head's chances (quantile-chance.ts), one reading per distinct column state of the asks. */
function headValuer(ctx: GoalContext, gq: GoalQuantiles): AskValuer {
  const parts = ctx.parts;
  const s = createStateQuantiles(gq.head.M);
  return (after, asks, out) => {
    const k = asks.k;
    const col = after.columns[k];
    const [upper0, flag0] = [col.upper, col.yahtzee50];
    const level = filledCount(after);
    const byState = new Map<number, number[]>();
    asks.need.forEach((_, i) => {
      const key = asks.upper[i] * 2 + asks.flag[i];
      const list = byState.get(key);
      if (list) list.push(i);
      else byState.set(key, [i]);
    });
    for (const [key, list] of byState) {
      col.upper = key >> 1;
      col.yahtzee50 = (key & 1) === 1;
      writeCanonical(parts, after, ctx.cols);
      readQuantiles(ctx, gq, after, level, s);
      for (const i of list) out[i] = quantileChance(s, asks.need[i], 0);
    }
    col.upper = upper0;
    col.yahtzee50 = flag0;
  };
}
