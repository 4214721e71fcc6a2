import type { RuleSet } from '../rules/index.ts';
import { columnTypeOf } from '../rules/index.ts';
import { columnStateIndex, decodeState, statesAtLevel } from './column-layout.ts';
import { compileRules, type CompiledRules } from './compiled-rules.ts';
import type { ColumnState, GameState } from './game-state.ts';
import { scoreNow } from './score-now.ts';
import { columnScoreNow, scoreNowRules } from './score-now-rules.ts';
import { createStateSolver, type StateSolver } from './solve-states.ts';
import { evaluateTurn } from './turn-engine.ts';

/**
 * An upper bound on the optimal expected score of a multi-column game: the Lagrangian relaxation
 * of a weakly coupled dynamic program (Hawkins 2003; Adelman & Mersereau 2008).
 *
 * The columns are coupled only by the rule that each turn fills exactly one box, in one column,
 * from one shared set of dice. Price that rule: a box filled at turn t costs λ_t, and every turn
 * pays λ_t back. Then let each column play on its own, with its own copy of the dice and its own
 * holds, deciding after any roll of any turn to fill one of its boxes (paying λ_t) or to pass,
 * and having to be full when the game's turns run out. Its best expected points less prices is
 * W_c(λ), a one-column dynamic program over (column state, passes still allowed). For any prices
 *
 *   V* ≤ Σ_t λ_t + Σ_c m_c W_c(λ / m_c),
 *
 * because optimal play of the real game, seen from one column, is one of the ways that column
 * may play on its own: it holds what the real player holds, fills where the real player fills in
 * it and passes otherwise (its fills land in its own boxes under its own rules; Superpass's zero
 * rule across columns allows a zero only where this column has nothing that scores either, so
 * the column's own zero rule allows it too), is full at the end, and earns in that column what
 * the real game earns there. Its prices add up to exactly Σ_t λ_t, one fill a turn. Knowing the
 * other columns' dice and states tells a column nothing about its own future dice, so no such
 * play beats W_c, the best one that sees only its own. Summing over columns gives the bound.
 *
 * With a constant price every column fills all its boxes and pays the same, so the price cancels:
 * prices that vary over the turns are what tighten the bound. `linearPrices` gives the one-
 * parameter family λ_t = β (t − (N − 1) / 2), whose prices sum to 0.
 */

/** Prices of turns 0..turns-1: β (t − (turns − 1) / 2). */
export function linearPrices(turns: number, beta: number): Float64Array {
  const out = new Float64Array(turns);
  for (let t = 0; t < turns; t++) out[t] = beta * (t - (turns - 1) / 2);
  return out;
}

function openBoxes(rs: RuleSet, col: ColumnState): number {
  let n = 0;
  for (let b = 0; b < rs.boxes.length; b++) if ((col.mask & (1 << b)) === 0) n++;
  return n;
}

/**
 * W of one column type (its single-column rule set `colRs`) from column state `start`, when
 * `turns` turns remain in the game and a fill at turn t (0 = now) costs prices[t] (in the
 * column's own, unmultiplied points). Values are indexed by (passes left p, state): with p passes
 * left and k boxes open the turn is turns − k − p. Score-now of every roll is the best of filling
 * a box (its points − the turn's price + the next state's value at the same p) and, where p > 0,
 * passing (this state's value at p − 1); the turn engine does the rest.
 */
export function relaxedColumnValue(colRs: RuleSet, start: ColumnState, turns: number, prices: Float64Array): number {
  const c = compileRules(colRs);
  const L = c.layout;
  const B = colRs.boxes.length;
  const open0 = openBoxes(colRs, start);
  if (open0 === 0) return 0;
  const P = turns - open0;
  if (P < 0) throw new Error(`${turns} turns cannot fill ${open0} open boxes`);
  if (prices.length < turns) throw new Error(`${prices.length} prices for ${turns} turns`);
  const W: Float64Array[] = [];
  for (let p = 0; p <= P; p++) W.push(new Float64Array(L.size));
  const s = createStateSolver(c);
  for (let level = B - 1; level >= B - open0; level--) {
    const k = B - level;
    for (const x of statesAtLevel(L, level)) {
      for (let p = 0; p <= P; p++) {
        const t = turns - k - p;
        W[p][x] = relaxedTurn(s, c, W[p], x, prices[t], p > 0 ? W[p - 1][x] : -Infinity);
      }
    }
  }
  return W[P][columnStateIndex(L, start)];
}

/** One turn of the relaxed column in state x: fill (price paid) or pass (worth `pass`). */
function relaxedTurn(s: StateSolver, c: CompiledRules, next: Float64Array, x: number, price: number, pass: number): number {
  const { mask, upper, flag } = decodeState(c.layout, x);
  let first: Float64Array;
  let later: Float64Array;
  if (s.rules) {
    scoreNowRules(c, next, mask, upper, s.rules.scratch);
    columnScoreNow(c, s.rules.scratch, s.rules.first, s.rules.later);
    ({ first, later } = s.rules);
  } else {
    scoreNow(c, next, mask, upper, flag, s.score);
    first = later = s.score.best;
  }
  const R = c.dice.rollCount;
  for (let r = 0; r < R; r++) {
    const v = later[r] - price;
    later[r] = v > pass ? v : pass;
  }
  if (first !== later) {
    for (let r = 0; r < R; r++) {
      const v = first[r] - price;
      first[r] = v > pass ? v : pass;
    }
  }
  return evaluateTurn(c.dice, first, later, s.turn);
}

/**
 * The bound from game state `state` under per-turn prices (prices[t] for the t-th turn from now):
 * Σ_t prices[t] + Σ_c m_c W_c(prices / m_c). Columns of one type and multiplier are solved once.
 */
export function lagrangianBound(rs: RuleSet, state: GameState, prices: Float64Array): number {
  const turns = state.columns.reduce((n, col) => n + openBoxes(rs, col), 0);
  let bound = 0;
  for (let t = 0; t < turns; t++) bound += prices[t];
  const solved = new Map<string, number>();
  state.columns.forEach((col, ci) => {
    const m = rs.columns[ci].multiplier;
    const type = columnTypeOf(rs, ci);
    // Without prices the multiplier only scales W: one solve serves every multiplier.
    const priced = prices.some((x) => x !== 0);
    const key = `${type.key}|${priced ? m : 1}|${col.mask}|${col.upper}|${col.yahtzee50}`;
    let w = solved.get(key);
    if (w === undefined) {
      w = relaxedColumnValue(type.rs, col, turns, prices.map((x) => x / m));
      solved.set(key, w);
    }
    bound += m * w;
  });
  return bound;
}
