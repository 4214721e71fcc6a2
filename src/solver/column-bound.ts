import type { RuleSet } from '../rules/index.ts';
import { columnTypeOf } from '../rules/index.ts';
import type { DiceTables } from '../dice/index.ts';
import { columnStateIndex, decodeState, statesAtLevel } from './column-layout.ts';
import { compileRules, type CompiledRules } from './compiled-rules.ts';
import type { ColumnState, GameState } from './game-state.ts';
import { BATCH } from './solve-states.ts';
import { createScoreScratch, scoreNow, type ScoreScratch } from './score-now.ts';
import { columnScoreNow, createRuleScratch, needsRulePath, scoreNowRules, type RuleScratch } from './score-now-rules.ts';
import { createTurnWorkspace, evaluateTurn, type TurnWorkspace } from './turn-engine.ts';

/**
 * An upper bound on the optimal expected score of a multi-column game: the Lagrangian relaxation
 * of a weakly coupled dynamic program (Hawkins 2003; Adelman & Mersereau 2008).
 *
 * The columns are coupled only by the rule that each turn fills exactly one box, in one column,
 * from one shared set of dice. Let each column play on its own, with its own copy of the dice and
 * its own holds, deciding after any roll of any turn to fill one of its boxes or to pass, and
 * having to be full when the game's turns run out; charge it a price for every fill, and pay the
 * prices back as below. Its best expected points less prices is W_c, a one-column dynamic
 * program over (column state, passes still allowed).
 *
 * Roll prices. A fill at turn t with roll d costs λ_t(d, s), where s says whether d is the
 * turn's first roll or a reroll: any function of the turn, the dice and the stage. In the real
 * game exactly one column fills at turn t, with the dice D_t the player stopped at, after stage
 * S_t, so Σ_c λ_t(D_t, S_t)·[c fills at t] = λ_t(D_t, S_t) on every play, and for the optimal
 * strategy
 *
 *   V* = Σ_c E[points_c − Σ_t λ_t(D_t, S_t)·[c fills at t]] + Σ_t E[λ_t(D_t, S_t)].
 *
 * The last sum is at most Σ_t Λ_t, Λ_t = the best expected λ_t(D, S) of one turn played for it
 * alone (the turn engine with λ_t as score-now): whatever the strategy knows before turn t, that
 * turn's dice are fresh, so its holds and its stop are one way to play that one-turn game. Each
 * column's term is at most m_c·W_c(λ / m_c): optimal play of the real game, seen from one column,
 * is one of the ways that column may play on its own. It holds what the real player holds,
 * fills where the real player fills in it (with the dice and at the stage the real player
 * stopped at, so it pays exactly the price above) and passes otherwise; its fills are legal
 * under its own rules (Superpass's zero rule across columns allows a zero only where this column
 * has nothing that scores either, so the column's own zero rule allows it too); it is full at
 * the end and earns in that column what the real game earns there. Knowing the other columns'
 * dice and states tells it nothing about its own future dice, so no such play beats W_c. Hence,
 * for every price function, whatever its signs,
 *
 *   V* ≤ Σ_t Λ_t(λ) + Σ_c m_c W_c(λ / m_c).
 *
 * Both terms are maxima of functions linear in λ, so the bound is convex in λ (price-search.ts
 * minimises it). Turn prices are the case where λ_t does not depend on the dice: then Λ_t = λ_t
 * and the bound is Σ_t λ_t + Σ_c m_c W_c. A constant price cancels (every column fills all its
 * boxes and pays it back); `linearPrices` gives the one-parameter family λ_t = β (t − (N − 1) / 2).
 * Roll prices charge what turn prices cannot: each column chasing a good roll with its own
 * dice, where one player rolls once for all of them, pays for what the others also chase, and
 * the payback counts only the one chase a turn affords.
 */

/** Prices of turns 0..turns-1: β (t − (turns − 1) / 2). */
export function linearPrices(turns: number, beta: number): Float64Array {
  const out = new Float64Array(turns);
  for (let t = 0; t < turns; t++) out[t] = beta * (t - (turns - 1) / 2);
  return out;
}

/**
 * The price of a fill at turn t (0 = now) with roll r (the dice engine's roll index):
 * first[t * rolls + r] where r is the turn's first roll, later[t * rolls + r] after a reroll.
 */
export interface RollPrices {
  turns: number;
  rolls: number;
  first: Float64Array;
  later: Float64Array;
}

/** Turn prices as roll prices: every roll of turn t costs prices[t]. */
export function rollPricesOfTurns(prices: ArrayLike<number>, rolls: number, turns = prices.length): RollPrices {
  const first = new Float64Array(turns * rolls);
  for (let t = 0; t < turns; t++) first.fill(prices[t], t * rolls, (t + 1) * rolls);
  return { turns, rolls, first, later: first.slice() };
}

/** True where every roll of every turn costs the same as that turn's other rolls. */
export function isTurnOnly(p: RollPrices): boolean {
  for (let t = 0; t < p.turns; t++) {
    const v = p.first[t * p.rolls];
    for (let r = 0, o = t * p.rolls; r < p.rolls; r++, o++) if (p.first[o] !== v || p.later[o] !== v) return false;
  }
  return true;
}

function openBoxes(rs: RuleSet, col: ColumnState): number {
  let n = 0;
  for (let b = 0; b < rs.boxes.length; b++) if ((col.mask & (1 << b)) === 0) n++;
  return n;
}

/** Open boxes over all columns: the turns left. */
export function turnsLeft(rs: RuleSet, state: GameState): number {
  return state.columns.reduce((n, col) => n + openBoxes(rs, col), 0);
}

/**
 * A relaxed column solved from `start`: layers[p][x] is W of state x with p passes left (its
 * turn is turns − open(x) − p), value is W of the start.
 */
export interface RelaxedColumn {
  c: CompiledRules;
  turns: number;
  /** passes the start allows */
  passes: number;
  layers: Float64Array[];
  value: number;
}

/** Score-now of one column state, unpriced: the column's own first-roll and reroll values per roll. */
export interface ColumnScoreNow {
  c: CompiledRules;
  rules: RuleScratch | null;
  score: ScoreScratch;
  first: Float64Array;
  later: Float64Array;
}

export function createColumnScoreNow(c: CompiledRules): ColumnScoreNow {
  const R = c.dice.rollCount;
  const first = new Float64Array(R);
  const later = c.layout.fill === 'first-roll-only' ? new Float64Array(R) : first;
  return { c, rules: needsRulePath(c) ? createRuleScratch(c) : null, score: createScoreScratch(c), first, later };
}

/** Fills s.first and s.later for state x from `next`, the values of the states one box later. */
export function columnScoreNowOf(s: ColumnScoreNow, next: Float64Array, x: number): void {
  const { mask, upper, flag } = decodeState(s.c.layout, x);
  if (s.rules) {
    scoreNowRules(s.c, next, mask, upper, s.rules);
    columnScoreNow(s.c, s.rules, s.first, s.later);
  } else {
    s.score.best = s.first;
    scoreNow(s.c, next, mask, upper, flag, s.score);
  }
}

/**
 * W of one column type (its single-column rule set `colRs`) from column state `start`, when
 * `turns` turns remain and a fill costs prices / scale (the column's own, unmultiplied points).
 * With p passes left and k boxes open the turn is turns − k − p. Score-now of every roll is the
 * best of filling a box (its points − its price + the next state's value at the same p) and,
 * where p > 0, passing (this state's value at p − 1); the turn engine does the rest, BATCH
 * states of one level and one p side by side in its lanes.
 */
export function solveRelaxedColumn(colRs: RuleSet, start: ColumnState, turns: number, prices: RollPrices, scale = 1): RelaxedColumn {
  const c = compileRules(colRs);
  const L = c.layout;
  const B = colRs.boxes.length;
  const R = c.dice.rollCount;
  const open0 = openBoxes(colRs, start);
  const P = turns - open0;
  if (P < 0) throw new Error(`${turns} turns cannot fill ${open0} open boxes`);
  if (prices.turns < turns || prices.rolls !== R) throw new Error(`prices for ${prices.turns} turns of ${prices.rolls} rolls, asked for ${turns} of ${R}`);
  const layers: Float64Array[] = [];
  for (let p = 0; p <= P; p++) layers.push(new Float64Array(L.size));
  if (open0 === 0) return { c, turns, passes: P, layers, value: 0 };
  const sn = createColumnScoreNow(c);
  const ws = createTurnWorkspace(c.dice, BATCH);
  const inv = 1 / scale;
  for (let level = B - 1; level >= B - open0; level--) {
    const k = B - level;
    const states = statesAtLevel(L, level);
    for (let p = 0; p <= P; p++) {
      const t = turns - k - p;
      const W = layers[p];
      const pass = p > 0 ? layers[p - 1] : null;
      for (let at = 0; at < states.length; at += BATCH) {
        const n = Math.min(BATCH, states.length - at);
        ws.lanes = n;
        for (let j = 0; j < n; j++) {
          const x = states[at + j];
          columnScoreNowOf(sn, W, x);
          writePricedLane(ws, sn.first, sn.later, prices, t, inv, pass ? pass[x] : -Infinity, j, n);
        }
        ws.evaluate(true);
        for (let j = 0; j < n; j++) W[states[at + j]] = ws.value[j];
      }
    }
  }
  ws.lanes = BATCH;
  return { c, turns, passes: P, layers, value: layers[P][columnStateIndex(L, start)] };
}

/**
 * Lane j of n of the workspace's score-now for a relaxed part at turn t: each roll's best of
 * filling (its unpriced score-now `first` / `later`, less the fill's price / scale) and passing
 * (`pass`, -Infinity where no pass is left). Relaxed columns and coupled groups of columns
 * (approx/coupled-bound.ts) price their fills by this one rule.
 */
export function writePricedLane(ws: TurnWorkspace, first: Float64Array, later: Float64Array, prices: RollPrices, t: number, inv: number, pass: number, j: number, n: number): void {
  const R = prices.rolls;
  const pf = prices.first;
  const pl = prices.later;
  const sf = ws.scoreFirst;
  const sl = ws.scoreLater;
  for (let r = 0, o = t * R, i = j; r < R; r++, o++, i += n) {
    const f = first[r] - pf[o] * inv;
    sf[i] = f > pass ? f : pass;
    const l = later[r] - pl[o] * inv;
    sl[i] = l > pass ? l : pass;
  }
}

/** W of one column type from `start` under turn prices (prices[t] for the t-th turn from now). */
export function relaxedColumnValue(colRs: RuleSet, start: ColumnState, turns: number, prices: Float64Array): number {
  if (prices.length < turns) throw new Error(`${prices.length} prices for ${turns} turns`);
  const R = compileRules(colRs).dice.rollCount;
  return solveRelaxedColumn(colRs, start, turns, rollPricesOfTurns(prices, R, turns)).value;
}

/**
 * Λ_t for every turn: the best expected price of one turn played for the price alone (stop at
 * any roll, holds free). For turn prices Λ_t is the turn's price.
 */
export function paybacks(dice: DiceTables, prices: RollPrices, turns = prices.turns): Float64Array {
  const R = dice.rollCount;
  const out = new Float64Array(turns);
  const ws = createTurnWorkspace(dice);
  for (let t = 0; t < turns; t++) {
    out[t] = evaluateTurn(dice, prices.first.subarray(t * R, (t + 1) * R), prices.later.subarray(t * R, (t + 1) * R), ws);
  }
  return out;
}

/** The bound and its parts: Σ_t Λ_t, then each column's m_c W_c (in column order). */
export interface BoundParts {
  bound: number;
  payback: number;
  columns: number[];
}

/** A column of the game as its relaxed sub-problem: which type, which multiplier, from where. */
export interface ColumnJob {
  /** the columns of the game this solve stands for (same type, multiplier and state) */
  columns: number[];
  colRs: RuleSet;
  multiplier: number;
  start: ColumnState;
}

/**
 * The distinct relaxed sub-problems of a game state: columns of one type, multiplier and state
 * are solved once. Without prices the multiplier only scales W, so one solve serves every
 * multiplier (`priced` false).
 */
export function columnJobs(rs: RuleSet, state: GameState, priced = true): ColumnJob[] {
  const jobs = new Map<string, ColumnJob>();
  state.columns.forEach((col, ci) => {
    const m = rs.columns[ci].multiplier;
    const type = columnTypeOf(rs, ci);
    const key = `${type.key}|${priced ? m : 1}|${col.mask}|${col.upper}|${col.yahtzee50}`;
    const job = jobs.get(key);
    if (job) job.columns.push(ci);
    else jobs.set(key, { columns: [ci], colRs: type.rs, multiplier: priced ? m : 1, start: col });
  });
  return [...jobs.values()];
}

/**
 * The bound from game state `state` under roll prices (turn t = the t-th turn from now):
 * Σ_t Λ_t + Σ_c m_c W_c(prices / m_c).
 */
export function rollPriceBound(rs: RuleSet, state: GameState, prices: RollPrices): BoundParts {
  const turns = turnsLeft(rs, state);
  const dice = compileRules(columnTypeOf(rs, 0).rs).dice;
  const payback = paybacks(dice, prices, turns).reduce((a, b) => a + b, 0);
  const columns = new Array<number>(state.columns.length).fill(0);
  for (const job of columnJobs(rs, state)) {
    const w = solveRelaxedColumn(job.colRs, job.start, turns, prices, job.multiplier).value;
    for (const ci of job.columns) columns[ci] = rs.columns[ci].multiplier * w;
  }
  return { bound: payback + columns.reduce((a, b) => a + b, 0), payback, columns };
}

/**
 * The bound from game state `state` under per-turn prices (prices[t] for the t-th turn from now):
 * Σ_t prices[t] + Σ_c m_c W_c(prices / m_c).
 */
export function lagrangianBound(rs: RuleSet, state: GameState, prices: Float64Array): number {
  const turns = turnsLeft(rs, state);
  let bound = 0;
  for (let t = 0; t < turns; t++) bound += prices[t];
  const priced = prices.some((x) => x !== 0);
  for (const job of columnJobs(rs, state, priced)) {
    const w = relaxedColumnValue(job.colRs, job.start, turns, prices.map((x) => x / job.multiplier));
    for (const ci of job.columns) bound += rs.columns[ci].multiplier * w;
  }
  return bound;
}
