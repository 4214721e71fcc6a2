import { filledCount, stateIndex, UPPER_SLOTS, type GameState } from '../solver/index.ts';
import { partIndex } from './column-parts.ts';
import { writeCanonical } from './column-sum-model.ts';
import { openBoxesOf, type GoalContext } from './goal-context.ts';

/**
 * The spread model of a goal model (goal-model.ts): the points still to come from a turn-start
 * state s, R(s), have mean = best play's value at s (the corrected column sum) + the bias of best
 * play's errors in s's level and spread class, and SD = those errors' SD there (spread-classes.ts,
 * fit/spread-fit.ts).
 */

/** Best play's value of `state` at `filled` boxes filled; ctx.cols holds its canonical columns (the correction reads them). */
export function bestPlayValue(ctx: GoalContext, state: GameState, filled: number): number {
  let v = ctx.correction ? ctx.correction.value(ctx.cols, filled) : 0;
  for (const p of ctx.parts) {
    const col = state.columns[p.column];
    if (col.mask !== ctx.full) v += p.multiplier * p.pristine[partIndex(p, col)];
  }
  return v;
}

/** Mean and variance of the points still to come from a turn-start state under best play. */
export function spreadOf(ctx: GoalContext, state: GameState): { mean: number; variance: number } {
  const filled = filledCount(state);
  if (filled >= ctx.total) return { mean: 0, variance: 0 };
  writeCanonical(ctx.parts, state, ctx.cols);
  const k = ctx.spreadClass(ctx.cols);
  return { mean: bestPlayValue(ctx, state, filled) + ctx.spread.bias[filled][k], variance: ctx.spread.variance[filled][k] };
}

/**
 * The spread after each entry of a turn: per column k, box b and variant v of the state the entry
 * leaves (an upper box: v dice of its face; a lower box: the Yahtzee flag after), at
 * (k × B + b) × 7 + v, the mean and SD of the points to come after it. `allowed`: the boxes each
 * column lets the turn enter; `anchor`: each column's part of best play's value before the turn.
 */
export interface EntrySpreads {
  mean: Float64Array;
  sd: Float64Array;
  allowed: Int32Array;
  anchor: Float64Array;
}

export function createEntrySpreads(ctx: GoalContext): EntrySpreads {
  const n = ctx.C * ctx.B * 7;
  return { mean: new Float64Array(n), sd: new Float64Array(n), allowed: new Int32Array(ctx.C), anchor: new Float64Array(ctx.C) };
}

/** Fills `s` for every entry of the turn in `state`, the entries leaving `next` boxes filled; `variance` (an opponent's) is added to every one. */
export function writeEntrySpreads(ctx: GoalContext, s: EntrySpreads, state: GameState, next: number, variance: number): void {
  const { parts, C, full } = ctx;
  writeCanonical(parts, state, ctx.cols);
  let base = 0;
  for (let k = 0; k < C; k++) {
    const col = state.columns[k];
    s.anchor[k] = col.mask === full ? 0 : parts[k].multiplier * parts[k].pristine[partIndex(parts[k], col)];
    base += s.anchor[k];
    s.allowed[k] = openBoxesOf(ctx, state, k);
  }
  for (let k = 0; k < C; k++) writeColumnEntries(ctx, s, state, k, base, next, variance);
}

/** writeEntrySpreads for the entries of column k; `base` is best play's value before the turn, less the correction. */
function writeColumnEntries(ctx: GoalContext, s: EntrySpreads, state: GameState, k: number, base: number, next: number, variance: number): void {
  const { B, cols, correction, spread, spreadClass } = ctx;
  const last = next === ctx.total;
  const p = ctx.parts[k];
  const L = p.c.layout;
  const col = state.columns[k];
  const [mask0, upper0, flag0] = [cols.mask[k], cols.upper[k], cols.flag[k]];
  const visit = (b: number, v: number, mask: number, raw: number, f: number): void => {
    const i = (k * B + b) * 7 + v;
    if (last) {
      s.mean[i] = 0;
      s.sd[i] = Math.sqrt(variance);
      return;
    }
    cols.mask[k] = mask;
    cols.upper[k] = L.canonUpper[(mask & 63) * UPPER_SLOTS + Math.min(L.threshold, raw)];
    cols.flag[k] = f;
    const cls = spreadClass(cols);
    s.mean[i] = base - s.anchor[k] + p.multiplier * columnValue(ctx, k, mask, raw, f) + (correction ? correction.value(cols, next) : 0) + spread.bias[next][cls];
    s.sd[i] = Math.sqrt(spread.variance[next][cls] + variance);
  };
  for (let m = s.allowed[k]; m; m &= m - 1) {
    const b = 31 - Math.clz32(m & -m);
    const mask = col.mask | (1 << b);
    if (b < 6) for (let n = 0; n <= L.dice; n++) visit(b, n, mask, col.upper + (b + 1) * n, flag0);
    else {
      visit(b, flag0, mask, col.upper, flag0);
      if (b === L.yahtzeeBox && L.flags === 2 && flag0 === 0) visit(b, 1, mask, col.upper, 1);
    }
  }
  cols.mask[k] = mask0;
  cols.upper[k] = upper0;
  cols.flag[k] = flag0;
}

/** Column k's exact value (its type's table) with `mask` filled, upper total `upperRaw` and Yahtzee flag `flag`. */
function columnValue(ctx: GoalContext, k: number, mask: number, upperRaw: number, flag: number): number {
  if (mask === ctx.full) return 0;
  const L = ctx.parts[k].c.layout;
  return ctx.parts[k].pristine[stateIndex(L, mask, Math.min(L.threshold, upperRaw), flag)];
}
