import type { DiceTables } from '../dice/index.ts';
import { Xoshiro128 } from '../dice/index.ts';
import type { FaceCounts, RuleSet, RuleSetId } from '../rules/index.ts';
import { columnTypeOf, RULESETS } from '../rules/index.ts';
import {
  columnJobs,
  columnScoreNowOf,
  createColumnScoreNow,
  isTurnOnly,
  paybacks,
  rollPricesOfTurns,
  solveRelaxedColumn,
  turnsLeft,
  type ColumnJob,
  type RelaxedColumn,
  type RollPrices,
} from './column-bound.ts';
import { columnStateIndex } from './column-layout.ts';
import { compileRules } from './compiled-rules.ts';
import { scoreOptions, type ColumnState, type GameState } from './game-state.ts';
import { createTurnWorkspace, evaluateHolds, evaluateTurn, type TurnWorkspace } from './turn-engine.ts';

/**
 * The search for roll prices that make column-bound.ts's bound small: projected-free subgradient
 * steps on the dual (the bound is convex in the prices and every price vector gives a valid
 * bound, so the search only decides how tight it gets, never whether it holds).
 *
 * A subgradient of Σ_t Λ_t + Σ_c m_c W_c(λ / m_c) at λ, entry (t, stage, roll):
 *   q_t(stage, roll) − Σ_c P(column c fills at turn t with that roll at that stage),
 * where q_t is the distribution of the roll and stage one turn played for λ_t stops at (exact,
 * by carrying the dice's probabilities through the engine's holds), and the columns' fill
 * probabilities follow their optimal relaxed play (estimated by playing `games` relaxed games per
 * column on fixed seeds: a stochastic subgradient, whose noise only slows the search). Where a
 * turn's prices do not depend on the dice, Λ_t is flat in the stop policy and any achievable stop
 * distribution is a subgradient: the mixture of the columns' own stop distributions, weighted by
 * how often each fills then, is used (or, with `flatStops: 'demand'`, the one a turn played for
 * the columns' demand per occurrence reaches).
 *
 * Step: Polyak's, λ ← λ − θ (bound − target) / |g|² · g with `target` a value the bound cannot go
 * below (a measured mean of best play), θ halved after two steps without a new best. The best
 * prices met are kept; their bound is exact (the relaxed columns are solved exactly every step).
 */

/** Per game: index (stage × turns + t) × rolls + roll, stage 0 = first roll, 1 = reroll. */
export interface FillTally {
  fills: Float64Array;
  /** every stop of the turn, fill or pass */
  stops: Float64Array;
}

/** A full roll drawn from keep `k` (the empty keep: a fresh roll of all dice). */
function rollFrom(t: DiceTables, k: number, rng: Xoshiro128): number {
  const R = t.rollCount;
  while (k >= R) k = t.addDie[k * 6 + rng.below(6)];
  return k;
}

function faceCounts(t: DiceTables, r: number): FaceCounts {
  const R = t.rollCount;
  return [0, 1, 2, 3, 4, 5].map((f) => t.rollFaceCount[f * R + r]) as unknown as FaceCounts;
}

/**
 * Plays `games` games of the relaxed column `col` (solved under prices / scale) from `start`
 * and tallies where it stops and fills, per game.
 */
export function tallyRelaxedColumn(colRs: RuleSet, col: RelaxedColumn, start: ColumnState, prices: RollPrices, scale: number, games: number, seed: number): FillTally {
  const c = col.c;
  const t = c.dice;
  const R = t.rollCount;
  const T = col.turns;
  const L = c.layout;
  const fills = new Float64Array(2 * T * R);
  const stops = new Float64Array(2 * T * R);
  const sn = createColumnScoreNow(c);
  const ws = createTurnWorkspace(t, 1);
  const rng = new Xoshiro128(seed);
  const inv = 1 / scale;
  const w = 1 / games;
  const empty = t.keepCount - 1;
  const B = colRs.boxes.length;
  for (let g = 0; g < games; g++) {
    let state: ColumnState = start;
    let p = col.passes;
    let open = 0;
    for (let b = 0; b < B; b++) if ((start.mask & (1 << b)) === 0) open++;
    while (open > 0) {
      const turn = T - open - p;
      const x = columnStateIndex(L, state);
      const W = col.layers[p];
      const pass = p > 0 ? col.layers[p - 1][x] : -Infinity;
      columnScoreNowOf(sn, W, x);
      const sf = ws.scoreFirst;
      const sl = ws.scoreLater;
      for (let r = 0, o = turn * R; r < R; r++, o++) {
        const f = sn.first[r] - prices.first[o] * inv;
        sf[r] = f > pass ? f : pass;
        const l = sn.later[r] - prices.later[o] * inv;
        sl[r] = l > pass ? l : pass;
      }
      evaluateHolds(t, sl, ws);
      ws.now.set(sl);
      ws.now.set(sf, R);
      ws.bestHolds();
      let r = rollFrom(t, empty, rng);
      let stage = 0;
      const k1 = ws.holdChoice[R + r];
      if (k1 !== r || sf[r] < ws.hold2[r]) {
        stage = 1;
        if (k1 !== r) r = rollFrom(t, k1, rng);
        const k2 = ws.holdChoice[r];
        if (k2 !== r) r = rollFrom(t, k2, rng);
      }
      const at = (stage * T + turn) * R + r;
      stops[at] += w;
      const fill = (stage === 0 ? sn.first[r] - prices.first[turn * R + r] * inv : sn.later[r] - prices.later[turn * R + r] * inv) > pass;
      if (!fill) {
        p--;
        continue;
      }
      fills[at] += w;
      let best = -Infinity;
      let next = state;
      for (const o of scoreOptions(colRs, { columns: [state] }, faceCounts(t, r), stage === 0)) {
        const v = o.points + o.bonus + W[columnStateIndex(L, o.next.columns[0])];
        if (v > best) [best, next] = [v, o.next.columns[0]];
      }
      state = next;
      open--;
    }
  }
  return { fills, stops };
}

/** The stop distribution of turn t played for its prices alone (out: stage × rolls + roll). */
export function stopDistribution(t: DiceTables, prices: RollPrices, turn: number, ws: TurnWorkspace, out: Float64Array): void {
  const R = t.rollCount;
  const first = prices.first.subarray(turn * R, (turn + 1) * R);
  const later = prices.later.subarray(turn * R, (turn + 1) * R);
  evaluateTurn(t, first, later, ws);
  ws.now.set(later);
  ws.now.set(first, R);
  ws.bestHolds();
  out.fill(0, 0, 2 * R);
  const mass = new Float64Array(t.keepCount);
  for (let r = 0; r < R; r++) {
    const m = t.rollProbability[r];
    const k = ws.holdChoice[R + r];
    if (k === r && first[r] >= ws.hold2[r]) out[r] += m;
    else mass[k] += m;
  }
  spread(t, mass);
  for (let r = 0; r < R; r++) {
    const m = mass[r];
    const k = ws.holdChoice[r];
    mass[r] = 0;
    if (k === r) out[R + r] += m;
    else mass[k] += m;
  }
  spread(t, mass);
  for (let r = 0; r < R; r++) out[R + r] += mass[r];
}

/** Carries the mass of every partial keep onto the full rolls it becomes (keeps run from full rolls to the empty keep). */
function spread(t: DiceTables, mass: Float64Array): void {
  for (let k = t.keepCount - 1; k >= t.rollCount; k--) {
    const m = mass[k];
    if (m === 0) continue;
    mass[k] = 0;
    for (let f = 0; f < 6; f++) mass[t.addDie[k * 6 + f]] += m / 6;
  }
}

/** One relaxed column solved and played: its W and its tally. */
export interface ColumnSolve {
  value: number;
  tally: FillTally;
}

/** Solves one job and plays it once per seed; what a worker thread runs. */
export function solveColumnJob(job: ColumnJob, turns: number, prices: RollPrices, games: number, seeds: number[]): ColumnSolve[] {
  const col = solveRelaxedColumn(job.colRs, job.start, turns, prices, job.multiplier);
  return seeds.map((seed) => ({ value: col.value, tally: tallyRelaxedColumn(job.colRs, col, job.start, prices, job.multiplier, games, seed) }));
}

/** One job as plain data for a worker thread: the column type by rule set and column. */
export interface BoundColumnTask {
  ruleset: RuleSetId;
  /** a column of the game that plays the job's type */
  column: number;
  multiplier: number;
  start: ColumnState;
  turns: number;
  prices: RollPrices;
  games: number;
  /** one tally of `games` relaxed games per seed, all from one solve */
  seeds: number[];
}

export function boundColumnTask(rs: RuleSet, job: ColumnJob, turns: number, prices: RollPrices, games: number, seeds: number[]): BoundColumnTask {
  return { ruleset: rs.id, column: job.columns[0], multiplier: job.multiplier, start: job.start, turns, prices, games, seeds };
}

export function runBoundColumnTask(task: BoundColumnTask): ColumnSolve[] {
  const colRs = columnTypeOf(RULESETS[task.ruleset], task.column).rs;
  return solveColumnJob({ columns: [task.column], colRs, multiplier: task.multiplier, start: task.start }, task.turns, task.prices, task.games, task.seeds);
}

/** Runs the tasks of one step (in threads or here); results in task order. */
export type ColumnJobRunner = (tasks: BoundColumnTask[]) => Promise<ColumnSolve[][]>;

export const runJobsHere: ColumnJobRunner = async (tasks) => tasks.map(runBoundColumnTask);

export interface PriceSearchStep {
  step: number;
  bound: number;
  payback: number;
  /** length of the subgradient and the step taken along it */
  gradient: number;
  theta: number;
  cpuSeconds: number;
}

export interface PriceSearchOptions {
  steps: number;
  /** relaxed games per column and step for the fill tallies */
  games: number;
  seed: number;
  /** a value the bound cannot go below (a lower bound on the optimum) */
  target: number;
  /** at a turn whose prices ignore the dice: the mixture of the columns' own stop distributions (default), or the stop distribution closest to their demand */
  flatStops?: 'demand' | 'mixture';
  /** least roll probability the step's metric uses (rarer rolls move as if this common) */
  floor?: number;
  /** initial Polyak factor */
  theta?: number;
  /** starting prices; default none */
  start?: RollPrices;
  run?: ColumnJobRunner;
  onStep?: (s: PriceSearchStep) => void;
  /** CPU seconds of a step (threads included, where the runner measures them); default this thread's */
  cpu?: () => number;
}

export interface PriceSearchResult {
  best: RollPrices;
  bound: number;
  steps: PriceSearchStep[];
}

export async function searchRollPrices(rs: RuleSet, state: GameState, o: PriceSearchOptions): Promise<PriceSearchResult> {
  const turns = turnsLeft(rs, state);
  const dice = compileRules(columnTypeOf(rs, 0).rs).dice;
  const R = dice.rollCount;
  const jobs = columnJobs(rs, state);
  const run = o.run ?? runJobsHere;
  const cpu = o.cpu ?? (() => process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6);
  let prices = o.start ?? rollPricesOfTurns(new Float64Array(turns), R);
  let theta = o.theta ?? 1;
  let best = prices;
  let bestBound = Infinity;
  let sinceBest = 0;
  let bestGrad = new Float64Array(0);
  let bestNorm2 = 0;
  const steps: PriceSearchStep[] = [];
  const ws = createTurnWorkspace(dice);
  const q = new Float64Array(2 * R);
  const metric = dice.rollProbability.map((p) => 1 / Math.max(p, o.floor ?? 0));
  for (let step = 0; step < o.steps; step++) {
    const c0 = cpu();
    const solved = await solveJobs(rs, jobs, turns, prices, o.games, o.seed + 1000 * step, run);
    const payback = paybacks(dice, prices, turns).reduce((a, b) => a + b, 0);
    let bound = payback;
    jobs.forEach((job, i) => {
      for (const ci of job.columns) bound += rs.columns[ci].multiplier * solved[i].value;
    });
    // g = q − Σ_c fills, per (stage, turn, roll).
    const g = new Float64Array(2 * turns * R);
    jobs.forEach((job, i) => {
      const f = solved[i].tally.fills;
      const n = job.columns.length;
      for (let a = 0; a < g.length; a++) g[a] -= n * f[a];
    });
    for (let t = 0; t < turns; t++) {
      const flat = isTurnOnly({ turns: 1, rolls: R, first: prices.first.subarray(t * R, (t + 1) * R), later: prices.later.subarray(t * R, (t + 1) * R) });
      if (flat && o.flatStops === 'demand') demandStops(dice, g, turns, t, ws, q);
      else if (flat) mixedStops(dice, jobs, solved, turns, t, q);
      else stopDistribution(dice, prices, t, ws, q);
      for (let s = 0; s < 2; s++) for (let r = 0; r < R; r++) g[(s * turns + t) * R + r] += q[s * R + r];
    }
    // Preconditioned: a roll's price moves by its excess demand per occurrence (g / P(roll)),
    // and the Polyak step is taken in that metric (|g|² = Σ g² / P).
    let norm2 = 0;
    for (let a = 0; a < g.length; a++) {
      const d = g[a] * metric[a % R];
      norm2 += g[a] * d;
      g[a] = d;
    }
    if (bound < bestBound - 1e-9) {
      [best, bestBound, bestGrad, bestNorm2, sinceBest] = [prices, bound, g, norm2, 0];
    } else if (++sinceBest >= 2) {
      theta /= 2;
      sinceBest = 0;
    }
    const rec: PriceSearchStep = { step, bound, payback, gradient: Math.sqrt(norm2), theta, cpuSeconds: cpu() - c0 };
    steps.push(rec);
    o.onStep?.(rec);
    if (step === o.steps - 1 || norm2 === 0) break;
    // After a step that found no better prices, go back to the best and step again, shorter.
    const [from, dir, n2] = sinceBest === 0 ? [best, bestGrad, bestNorm2] : [prices, g, norm2];
    const eta = (theta * Math.max(bestBound - o.target, 0)) / n2;
    const first = from.first.slice();
    const later = from.later.slice();
    for (let t = 0; t < turns; t++) {
      for (let r = 0; r < R; r++) {
        first[t * R + r] -= eta * dir[t * R + r];
        later[t * R + r] -= eta * dir[(turns + t) * R + r];
      }
    }
    prices = { turns, rolls: R, first, later };
  }
  return { best, bound: bestBound, steps };
}

/**
 * Every job solved and played (job i on seed + i). Without prices a column's multiplier changes
 * nothing it does (W in its own points, its fills), so columns of one type and state share one
 * solve then, each still played on its own seed.
 */
async function solveJobs(rs: RuleSet, jobs: ColumnJob[], turns: number, prices: RollPrices, games: number, seed: number, run: ColumnJobRunner): Promise<ColumnSolve[]> {
  const unpriced = prices.first.every((v) => v === 0) && prices.later.every((v) => v === 0);
  const keyOf = (j: ColumnJob, i: number) => (unpriced ? `${columnTypeOf(rs, j.columns[0]).key}|${j.start.mask}|${j.start.upper}|${j.start.yahtzee50}` : String(i));
  const group = new Map<string, number>();
  const tasks: BoundColumnTask[] = [];
  const slot = jobs.map((j, i) => {
    const key = keyOf(j, i);
    let k = group.get(key);
    if (k === undefined) {
      group.set(key, (k = tasks.length));
      tasks.push(boundColumnTask(rs, j, turns, prices, games, []));
    }
    tasks[k].seeds.push(seed + i);
    return [k, tasks[k].seeds.length - 1];
  });
  const done = await run(tasks);
  return slot.map(([k, n]) => done[k][n]);
}

/**
 * q for a turn whose prices ignore the dice: of every stop distribution one turn can reach (all
 * subgradients there), the one a turn played for the columns' demand per occurrence
 * (fills / P(roll)) reaches, the one closest to that demand in its own direction.
 */
function demandStops(dice: DiceTables, g: Float64Array, turns: number, t: number, ws: TurnWorkspace, q: Float64Array): void {
  const R = dice.rollCount;
  const first = new Float64Array(R);
  const later = new Float64Array(R);
  for (let r = 0; r < R; r++) {
    // g holds −Σ_c fills here.
    first[r] = -g[t * R + r] / dice.rollProbability[r];
    later[r] = -g[(turns + t) * R + r] / dice.rollProbability[r];
  }
  stopDistribution(dice, { turns: 1, rolls: R, first, later }, 0, ws, q);
}

/** q for a turn whose prices ignore the dice: the columns' stop distributions, each as often as it fills then. */
function mixedStops(dice: DiceTables, jobs: ColumnJob[], solved: ColumnSolve[], turns: number, t: number, q: Float64Array): void {
  const R = dice.rollCount;
  q.fill(0);
  let fillRate = 0;
  const rates = jobs.map((job, i) => {
    let fill = 0;
    let stop = 0;
    const { fills, stops } = solved[i].tally;
    for (let s = 0; s < 2; s++) {
      for (let r = 0, a = (s * turns + t) * R; r < R; r++, a++) {
        fill += fills[a];
        stop += stops[a];
      }
    }
    fillRate += job.columns.length * fill;
    return { fill: job.columns.length * fill, stop };
  });
  if (fillRate === 0) {
    // No column plays then: stopping at the first roll is as good a stop policy as any.
    q.set(dice.rollProbability);
    return;
  }
  jobs.forEach((_, i) => {
    const { fill, stop } = rates[i];
    if (fill === 0 || stop === 0) return;
    const { stops } = solved[i].tally;
    const wgt = fill / fillRate / stop;
    for (let s = 0; s < 2; s++) for (let r = 0, a = (s * turns + t) * R; r < R; r++, a++) q[s * R + r] += wgt * stops[a];
  });
}
