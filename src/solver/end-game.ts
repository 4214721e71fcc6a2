import type { RuleSet } from '../rules/index.ts';
import { UPPER_COUNT } from '../rules/index.ts';
import { UPPER_SLOTS } from './column-layout.ts';
import { compileRules, type CompiledRules } from './compiled-rules.ts';
import { isPlainColumn } from './fast-play.ts';
import type { GameModel } from './game-model.ts';
import type { ColumnState, GameState } from './game-state.ts';
import { createReachScratch, reachScoreNow, type ReachScratch, type ReachSource } from './reach-score-now.ts';
import { evaluateTurn } from './turn-engine.ts';
import { shareCurve, type ShareCurve } from './win-share.ts';

/**
 * The win goal's end game solved exactly: expectimax over the player's remaining boxes with the
 * score in the state, maximising the expected share u(final total) (win-share.ts) against the
 * opponents' final totals in distribution. Where the win model (win-model.ts) takes each target's
 * own best chance beyond this turn, an optimistic mix of plans, this is the share of one plan,
 * the one played.
 *
 * The score enters the state as lanes of the one turn engine: a state (mask, upper, flag) of the
 * sub-game below the position carries one lane per number g of points gained since the position
 * (g = 0..gmax[s], the most its filled boxes can have added), W(s, g) = the best expected share
 * from the start of a turn in s with score + g on the sheet. Holding and rerolling act on each
 * lane alone, and scoring v points into s' reads W(s', g + v): lane n = K − g is the reach
 * tables' "points still needed" (reach-score-now.ts shifts a next state's lanes by the gain), so
 * the reach goal's own score-now step and engine solve it, with u in place of the reach step
 * function at the finished sheet. Every box choice is the same as there (u never falls as the
 * total rises, so the zero-entry argument holds).
 *
 * The memo is keyed by integers: the boxes filled since the position (the open mask compressed to
 * k bits), the canonical upper total (column-layout.ts: the future depends on it only through
 * which gains still reach the bonus) and the Yahtzee-50 flag; each key's lanes lie in one
 * Float64Array.
 */

/** Boxes open at or below which the win goal is answered by the exact end game (bench/end-game.ts times it). */
export const END_GAME_BOXES = 4;

/** The most open boxes a solve accepts: the sub-game has up to 2^k masks × 64 upper totals × 2 flags. */
export const END_GAME_MAX_BOXES = 9;

export interface EndGameSolver {
  c: CompiledRules;
  /** the last solve: the position's column, its points and the opponents' share curve */
  root: ColumnState;
  score: number;
  curve: ShareCurve;
  /** W at the position (g = 0), from the start of its turn */
  value: number;
  /** the position's score-now values (lane g = 0), per roll: what its turn's evaluation starts from */
  rootNow: Float64Array;
  /** open boxes of the position, lowest first */
  openBits: Int32Array;
  /**
   * Per key: where its lanes start in `memo` (-1: not in the sub-game), and the stretch of g they
   * hold, lo..hi; below lo W is 0 and above hi it is 1 (or no play reaches there).
   */
  offset: Int32Array;
  lo: Int32Array;
  hi: Int32Array;
  memo: Float64Array;
  /** lane number n = K − g for every state */
  K: number;
  scratch: ReachScratch | undefined;
  /** the most points each box scores with ordinary dice */
  maxPoints: Float64Array;
}

export function createEndGameSolver(rs: RuleSet): EndGameSolver {
  if (!isPlainColumn(rs) || !rs.exact) throw new Error(`the end game is solved for single-column rule sets with free fill order, not ${rs.id}`);
  if (rs.columns[0].multiplier !== 1) throw new Error(`${rs.id}: a column multiplier is not supported by the end game`);
  const c = compileRules(rs);
  const B = rs.boxes.length;
  const R = c.dice.rollCount;
  const maxPoints = new Float64Array(B);
  for (let b = 0; b < B; b++) for (let r = 0; r < R; r++) maxPoints[b] = Math.max(maxPoints[b], c.score[b * R + r]);
  return {
    c,
    root: { mask: -1, upper: 0, yahtzee50: false },
    score: 0,
    curve: shareCurve([]),
    value: NaN,
    rootNow: new Float64Array(R),
    openBits: new Int32Array(0),
    offset: new Int32Array(0),
    lo: new Int32Array(0),
    hi: new Int32Array(0),
    memo: new Float64Array(0),
    K: 0,
    scratch: undefined,
    maxPoints,
  };
}

function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

/** The memo key of state (mask, canonical upper, flag) of the sub-game below the last solve's position. */
function keyOf(s: EndGameSolver, mask: number, upper: number, flag: number): number {
  const bits = s.openBits;
  let j = 0;
  for (let i = 0; i < bits.length; i++) if (mask & (1 << bits[i])) j |= 1 << i;
  return (j * UPPER_SLOTS + upper) * s.c.layout.flags + flag;
}

/**
 * Solves the end game from `col` (a turn-start column with at most END_GAME_MAX_BOXES open) with
 * `score` points on the sheet against the opponents' `curve`, and returns the best expected share
 * from the start of the turn. The solver then answers `endGameShare` for every state below it.
 *
 * Lanes where the share is settled are not solved: W(s, g) is 1 once score + g reaches the
 * curve's top stretch (u within SHARE_TAIL of 1 there: win-share.ts) and 0 where even the most
 * points still possible stay below its bottom one (u within SHARE_TAIL of 0). Against finished
 * opponents u is a step function and both are exact; against opponents in progress a share
 * moves by less than SHARE_TAIL (the end game's values are a maximum of means of u).
 */
export function solveEndGame(s: EndGameSolver, col: ColumnState, score: number, curve: ShareCurve): number {
  const { c } = s;
  const L = c.layout;
  const B = L.boxes;
  const T = L.threshold;
  const F = L.flags;
  const UB = c.rs.upperBonus.points;
  const yb = F === 2 ? c.rs.yahtzeeBonus : 0;
  const yBit = L.yahtzeeBox >= 0 ? 1 << L.yahtzeeBox : 0;
  const full = (1 << B) - 1;
  const open = ~col.mask & full;
  const k = popcount(open);
  if (k === 0) throw new Error('the end game of a finished sheet has no turn to solve');
  if (k > END_GAME_MAX_BOXES) throw new Error(`the end game is solved with at most ${END_GAME_MAX_BOXES} boxes open, got ${k}`);
  const bits: number[] = [];
  for (let b = 0; b < B; b++) if (open & (1 << b)) bits.push(b);
  s.openBits = Int32Array.from(bits);
  const keys = (1 << k) * UPPER_SLOTS * F;
  if (s.offset.length < keys) {
    s.offset = new Int32Array(keys);
    s.lo = new Int32Array(keys);
    s.hi = new Int32Array(keys);
  }
  s.offset.fill(-1, 0, keys);
  const { offset, lo, hi, maxPoints } = s;
  const { canonUpper } = L;
  const canon = (mask: number, upper: number) => canonUpper[(mask & 63) * UPPER_SLOTS + (upper > T ? T : upper)];

  // Forward from the position, level by level: every state of the sub-game, with the fewest and
  // the most points its filled boxes can have added (lo, hi).
  const flag0 = col.yahtzee50 && F === 2 ? 1 : 0;
  const rootUpper = canon(col.mask, col.upper);
  const levels: number[][] = [[col.mask, rootUpper, flag0]];
  const rootKey = keyOf(s, col.mask, rootUpper, flag0);
  offset[rootKey] = 0;
  lo[rootKey] = 0;
  hi[rootKey] = 0;
  for (let d = 0; d < k - 1; d++) {
    const next: number[] = [];
    const here = levels[d];
    for (let i = 0; i < here.length; i += 3) {
      const mask = here[i];
      const upper = here[i + 1];
      const flag = here[i + 2];
      const key0 = keyOf(s, mask, upper, flag);
      const gLo = lo[key0];
      const gHi = hi[key0];
      const visit = (m: number, u: number, f: number, least: number, most: number) => {
        const key = keyOf(s, m, u, f);
        if (offset[key] < 0) {
          offset[key] = 0;
          lo[key] = gLo + least;
          hi[key] = gHi + most;
          next.push(m, u, f);
        } else {
          if (gLo + least < lo[key]) lo[key] = gLo + least;
          if (gHi + most > hi[key]) hi[key] = gHi + most;
        }
      };
      const bonus = flag ? yb : 0;
      for (const b of bits) {
        if (mask & (1 << b)) continue;
        const m = mask | (1 << b);
        if (b < UPPER_COUNT) {
          for (let n = 0; n <= L.dice; n++) {
            const raw = upper + (b + 1) * n;
            const gain = (b + 1) * n + (upper < T && raw >= T ? UB : 0);
            visit(m, canon(m, raw), flag, gain, gain + bonus);
          }
        } else {
          visit(m, upper, flag, 0, maxPoints[b] + bonus);
          if (b === L.yahtzeeBox && F === 2 && flag === 0) visit(m, upper, 1, 50, 50);
        }
      }
    }
    levels.push(next);
  }

  // Settled lanes (see above) are left out; `most` bounds the points still possible from a state.
  const u = curve.u;
  const top = u.length;
  const zeroBelow = curve.first;
  const oneFrom = curve.end - 1;
  let lanes = 0;
  let K = 0;
  for (let d = 0; d < levels.length; d++) {
    const level = levels[d];
    for (let i = 0; i < level.length; i += 3) {
      const mask = level[i];
      const key = keyOf(s, mask, level[i + 1], level[i + 2]);
      if (d > 0) {
        const free = ~mask & full;
        let most = 0;
        for (const b of bits) if (free & (1 << b)) most += maxPoints[b] + (yb > 0 && (level[i + 2] === 1 || (free & yBit) !== 0) ? yb : 0);
        if (free & 63 && level[i + 1] < T) most += UB;
        lo[key] = Math.max(lo[key], zeroBelow - score - most);
        hi[key] = Math.min(hi[key], oneFrom - 1 - score);
      }
      offset[key] = lanes;
      if (hi[key] >= lo[key]) lanes += hi[key] - lo[key] + 1;
      if (hi[key] > K) K = hi[key];
    }
  }
  let capacity = 1;
  for (let d = 1; d < levels.length; d++) {
    for (let i = 0; i < levels[d].length; i += 3) {
      const key = keyOf(s, levels[d][i], levels[d][i + 1], levels[d][i + 2]);
      capacity = Math.max(capacity, hi[key] - lo[key] + 1);
    }
  }
  if (s.memo.length < lanes) s.memo = new Float64Array(Math.max(lanes, 2 * s.memo.length));
  if (!s.scratch || s.scratch.capacity < capacity) s.scratch = createReachScratch(c, Math.max(capacity, 2 * (s.scratch?.capacity ?? 0)));
  s.K = K;
  s.score = score;
  s.curve = curve;
  s.root = { mask: col.mask, upper: col.upper, yahtzee50: col.yahtzee50 };
  const { memo } = s;
  const src: ReachSource = {
    read(dst, at, state, from, count) {
      const flag = state % F;
      const rest = (state - flag) / F;
      const upper = rest % UPPER_SLOTS;
      const mask = (rest - upper) / UPPER_SLOTS;
      if (mask === full) {
        // The sheet is full: the total is the position's score plus g.
        for (let j = 0; j < count; j++) {
          const x = score + K - from - j;
          dst[at + j] = x < top ? u[x] : 1;
        }
        return;
      }
      const key = keyOf(s, mask, upper, flag);
      const o = offset[key];
      if (o < 0) throw new Error(`end game: state ${state} is not below the position`);
      const gLo = lo[key];
      const gHi = hi[key];
      // g outside lo..hi is settled, or never scored into (the pad of a shift, where any value will do).
      for (let j = 0; j < count; j++) {
        const g = K - from - j;
        dst[at + j] = g > gHi ? 1 : g < gLo ? 0 : memo[o + gHi - g];
      }
    },
  };
  const scratch = s.scratch;
  for (let d = levels.length - 1; d >= 0; d--) {
    const level = levels[d];
    for (let i = 0; i < level.length; i += 3) {
      const mask = level[i];
      const upper = level[i + 1];
      const flag = level[i + 2];
      const key = keyOf(s, mask, upper, flag);
      const width = hi[key] - lo[key] + 1;
      if (width <= 0) continue;
      reachScoreNow(c, src, mask, upper, flag, K - hi[key], width, scratch);
      if (d === 0) s.rootNow.set(scratch.best.subarray(0, c.dice.rollCount));
      evaluateTurn(c.dice, scratch.best, scratch.best, scratch.ws);
      // Lane j is n = K − hi + j, that is g = hi − j: the lanes are stored in that order.
      memo.set(scratch.ws.value.subarray(0, width), offset[key]);
    }
  }
  s.value = memo[offset[rootKey]];
  return s.value;
}

/**
 * W(s, total): the best expected share from the start of a turn in column `col`, with `total`
 * points on the sheet, for a state of the last solve's sub-game. A finished sheet is u(total).
 */
export function endGameShare(s: EndGameSolver, col: ColumnState, total: number): number {
  const L = s.c.layout;
  if (col.mask === (1 << L.boxes) - 1) return total < s.curve.u.length ? s.curve.u[total] : 1;
  const upper = L.canonUpper[(col.mask & 63) * UPPER_SLOTS + Math.min(L.threshold, col.upper)];
  const flag = col.yahtzee50 && L.flags === 2 ? 1 : 0;
  const inside = (col.mask & s.root.mask) === s.root.mask;
  const key = inside ? keyOf(s, col.mask, upper, flag) : -1;
  const o = key < 0 ? -1 : s.offset[key];
  const g = total - s.score;
  if (o < 0 || g < 0) throw new Error(`end game: ${JSON.stringify(col)} with ${total} points is not below the solved position`);
  return g > s.hi[key] ? 1 : g < s.lo[key] ? 0 : s.memo[o + s.hi[key] - g];
}

/**
 * The win goal over the exact end game as a GameModel, set like the win model (win-model.ts):
 * `score` and `curve` per turn. Evaluating a turn solves the end game below its state (or reuses
 * the last solve for the same state, score and curve); option values read the solve.
 */
export interface EndGameModel extends GameModel {
  score: number;
  curve: ShareCurve;
  solver: EndGameSolver;
}

export function endGameModel(rs: RuleSet): EndGameModel {
  const solver = createEndGameSolver(rs);
  const solvedFor = (col: ColumnState): void => {
    const r = solver.root;
    if (solver.curve === model.curve && solver.score === model.score && r.mask === col.mask && r.upper === col.upper && r.yahtzee50 === col.yahtzee50) return;
    solveEndGame(solver, col, model.score, model.curve);
  };
  const model: EndGameModel = {
    rs,
    c: solver.c,
    exact: true,
    valueKind: 'probability',
    score: 0,
    curve: solver.curve,
    solver,
    value(state: GameState) {
      const col = state.columns[0];
      const u = model.curve.u;
      if (col.mask === (1 << rs.boxes.length) - 1) return model.score < u.length ? u[model.score] : 1;
      solvedFor(col);
      return solver.value;
    },
    valueAfter(next: GameState, gain: number) {
      if (solver.curve !== model.curve || solver.score !== model.score) throw new Error('end game: option values are read after evaluating the turn');
      return endGameShare(solver, next.columns[0], model.score + gain);
    },
    fillScoreNow(state: GameState, first: Float64Array, later: Float64Array) {
      solvedFor(state.columns[0]);
      first.set(solver.rootNow);
      later.set(solver.rootNow);
    },
  };
  return model;
}

/** Boxes still open in a single-column state. */
export function openBoxes(rs: RuleSet, state: GameState): number {
  return rs.boxes.length - popcount(state.columns[0].mask);
}
