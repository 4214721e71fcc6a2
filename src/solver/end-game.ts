import type { RuleSet } from '../rules/index.ts';
import { UPPER_COUNT } from '../rules/index.ts';
import { popcount, UPPER_SLOTS } from './column-layout.ts';
import { compileRules, type CompiledRules } from './compiled-rules.ts';
import { isPlainSingleColumn, isSolvedExactly } from '../rules/index.ts';
import { createEntryScratch, scoreEntry, yahtzeeRollsDiffer, type EntryScratch } from './score-entry.ts';
import type { GameModel } from './game-model.ts';
import type { ColumnState, GameState } from './game-state.ts';
import { createTurnWorkspace, evaluateTurn, type TurnWorkspace } from './turn-engine.ts';
import { shareCurve, type ShareCurve } from './win-share.ts';

/**
 * The win goal's end game solved exactly: expectimax over the player's remaining boxes with the
 * score in the state, maximising the expected share u(final total) (win-share.ts) against the
 * opponents' final totals in distribution. Where the win model (win-model.ts) takes each target's
 * own best chance beyond this turn, an optimistic mix of plans, this is the share of one plan,
 * the one played.
 *
 * The score enters the state as lanes of the one turn engine: a state (mask, upper, flag) of the
 * sub-game below the position carries one lane per number g of points its filled boxes can have
 * added since the position (the reachable g only: filled boxes score few distinct totals),
 * W(s, g) = the best expected share from the start of a turn in s with score + g on the sheet.
 * Holding and rerolling act on each lane alone; scoring e points into s' reads W(s', g + e),
 * gathered per (box, points) into rows of the engine's memory, from which the kernel takes each
 * roll's best entry as the reach goal's score-now step does (reach-score-now.ts: the same zero
 * entries first, then the rolls where a box scores, then the Yahtzee rolls through the rules).
 *
 * Settled lanes are not solved: W(s, g) is 1 once score + g reaches the curve's top stretch (u
 * within SHARE_TAIL of 1 there: win-share.ts) and 0 where even the most points still possible
 * stay below its bottom one. Against finished opponents u is a step function and both are exact;
 * against opponents in progress a share moves by less than SHARE_TAIL (the values are maxima of
 * means of u).
 *
 * The memo is keyed by integers: the boxes filled since the position (its open mask compressed
 * to k bits), the canonical upper total (column-layout.ts) and the Yahtzee-50 flag.
 */

/** Boxes open at or below which the win goal is answered by the exact end game (bench/end-game.ts times it). */
export const END_GAME_BOXES = 4;

/** The most open boxes a solve accepts: the sub-game has up to 2^k masks × 64 upper totals × 2 flags. */
export const END_GAME_MAX_BOXES = 9;

/** More than any box scores with ordinary dice: points index the gathered rows of a lower box. */
const POINTS = 64;

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
   * Per key: where its lanes start in `memo` (-1: not in the sub-game) and how many; the lanes'
   * g in `gs` from the same offset, ascending. `first`/`last`: their smallest and largest g, with
   * `at[base[key] + g − first]` the lane of g (-1: not reachable).
   */
  offset: Int32Array;
  count: Int32Array;
  first: Int32Array;
  last: Int32Array;
  base: Int32Array;
  /** below zeroG[key] a lane's share is 0; from oneG (one for all states) it is 1 */
  zeroG: Int32Array;
  oneG: number;
  gs: Int32Array;
  at: Int32Array;
  memo: Float64Array;
  /** the engine, with one row per (box, points) gathered in its memory (`rowOf`) */
  ws: TurnWorkspace | undefined;
  capacity: number;
  /** rowOf[b * POINTS + v]: row of box b scoring v (upper boxes: v = dice showing the face) */
  rowOf: Int32Array;
  rows: number;
  /** distinct points of each box, 0 included (Joker entries too): the gains a lane may take there */
  points: number[][];
  maxPoints: Float64Array;
  entry: EntryScratch;
  col: ColumnState;
  row: Float64Array;
}

export function createEndGameSolver(rs: RuleSet): EndGameSolver {
  if (!isPlainSingleColumn(rs) || !isSolvedExactly(rs)) throw new Error(`the end game is solved for single-column rule sets with free fill order, not ${rs.id}`);
  if (rs.columns[0].multiplier !== 1) throw new Error(`${rs.id}: a column multiplier is not supported by the end game`);
  const c = compileRules(rs);
  const B = rs.boxes.length;
  const R = c.dice.rollCount;
  const maxPoints = new Float64Array(B);
  const points: number[][] = [];
  const rowOf = new Int32Array(B * POINTS).fill(-1);
  let rows = 0;
  for (let b = 0; b < B; b++) {
    const seen = new Set<number>([0]);
    for (let r = 0; r < R; r++) seen.add(c.score[b * R + r]);
    for (let row = 0; row < 24; row++) if (c.jokerPoints[row * B + b] >= 0) seen.add(c.jokerPoints[row * B + b]);
    points.push([...seen].sort((x, y) => x - y));
    maxPoints[b] = Math.max(...seen);
    if (b < UPPER_COUNT) for (let n = 0; n <= c.dice.dice; n++) rowOf[b * POINTS + n] = rows++;
    else {
      rowOf[b * POINTS] = rows++;
      for (let i = c.nzStart[b]; i < c.nzStart[b + 1]; i++) if (rowOf[b * POINTS + c.nzScore[i]] < 0) rowOf[b * POINTS + c.nzScore[i]] = rows++;
    }
  }
  return {
    c,
    root: { mask: -1, upper: 0, yahtzee50: false },
    score: 0,
    curve: shareCurve([]),
    value: NaN,
    rootNow: new Float64Array(R),
    openBits: new Int32Array(0),
    offset: new Int32Array(0),
    count: new Int32Array(0),
    first: new Int32Array(0),
    last: new Int32Array(0),
    base: new Int32Array(0),
    zeroG: new Int32Array(0),
    oneG: 0,
    gs: new Int32Array(0),
    at: new Int32Array(0),
    memo: new Float64Array(0),
    ws: undefined,
    capacity: 0,
    rowOf,
    rows,
    points,
    maxPoints,
    entry: createEntryScratch(),
    col: { mask: 0, upper: 0, yahtzee50: false },
    row: new Float64Array(0),
  };
}

/** The memo key of state (mask, canonical upper, flag) of the sub-game below the last solve's position. */
function keyOf(s: EndGameSolver, mask: number, upper: number, flag: number): number {
  const bits = s.openBits;
  let j = 0;
  for (let i = 0; i < bits.length; i++) if (mask & (1 << bits[i])) j |= 1 << i;
  return (j * UPPER_SLOTS + upper) * s.c.layout.flags + flag;
}

/** W(state of `key`, g) for a solved (or settled) state; the sheet full: u(score + g). */
function shareAt(s: EndGameSolver, key: number, g: number): number {
  if (key < 0) {
    const x = s.score + g;
    return x < s.curve.u.length ? s.curve.u[x] : 1;
  }
  if (g >= s.oneG) return 1;
  if (g < s.zeroG[key]) return 0;
  const i = g - s.first[key];
  const lane = i < 0 || g > s.last[key] ? -1 : s.at[s.base[key] + i];
  if (lane < 0) throw new Error(`end game: ${g} points gained do not reach state key ${key}`);
  return s.memo[s.offset[key] + lane];
}

/**
 * Solves the end game from `col` (a turn-start column with at most END_GAME_MAX_BOXES open) with
 * `score` points on the sheet against the opponents' `curve`, and returns the best expected share
 * from the start of the turn. The solver then answers `endGameShare` for every state below it.
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
    s.count = new Int32Array(keys);
    s.first = new Int32Array(keys);
    s.last = new Int32Array(keys);
    s.base = new Int32Array(keys);
    s.zeroG = new Int32Array(keys);
  }
  s.offset.fill(-1, 0, keys);
  const { offset, count, first, last, base, zeroG, points } = s;
  const { canonUpper } = L;
  const canon = (mask: number, upper: number) => canonUpper[(mask & 63) * UPPER_SLOTS + (upper > T ? T : upper)];

  // Forward from the position, level by level: every state of the sub-game and the g its filled
  // boxes can have added (a bit set per state, as bytes).
  const flag0 = col.yahtzee50 && F === 2 ? 1 : 0;
  const rootUpper = canon(col.mask, col.upper);
  const levels: number[][] = [[col.mask, rootUpper, flag0]];
  // Every state's bits over g = 0..span - 1, at bitAt[key] in one pool: span bounds the points of all open boxes.
  let span = 1 + (open & 63 ? UB : 0);
  for (const b of bits) span += s.maxPoints[b] + yb;
  const bitAt = new Map<number, number>();
  let pool = new Uint8Array(span * 64);
  let used = 0;
  const rootKey = keyOf(s, col.mask, rootUpper, flag0);
  offset[rootKey] = 0;
  bitAt.set(rootKey, 0);
  pool[0] = 1;
  used = span;
  const held: number[] = [];
  for (let d = 0; d < k - 1; d++) {
    const next: number[] = [];
    const here = levels[d];
    for (let i = 0; i < here.length; i += 3) {
      const mask = here[i];
      const upper = here[i + 1];
      const flag = here[i + 2];
      const from = bitAt.get(keyOf(s, mask, upper, flag))!;
      held.length = 0;
      for (let g = 0; g < span; g++) if (pool[from + g]) held.push(g);
      const bonus = flag ? yb : 0;
      // The child's bits at g + e for every g the parent holds; the child is met here first or again.
      const visit = (m: number, u: number, f: number, e: number) => {
        const key = keyOf(s, m, u, f);
        let to = bitAt.get(key);
        if (to === undefined) {
          offset[key] = 0;
          next.push(m, u, f);
          if (used + span > pool.length) {
            const grown = new Uint8Array(2 * pool.length);
            grown.set(pool);
            pool = grown;
          }
          bitAt.set(key, (to = used));
          used += span;
        }
        for (const g of held) if (g + e < span) pool[to + g + e] = 1;
      };
      for (const b of bits) {
        if (mask & (1 << b)) continue;
        const m = mask | (1 << b);
        if (b < UPPER_COUNT) {
          for (let n = 0; n <= L.dice; n++) {
            const raw = upper + (b + 1) * n;
            const u = canon(m, raw);
            const gain = (b + 1) * n + (upper < T && raw >= T ? UB : 0);
            visit(m, u, flag, gain);
            if (bonus) visit(m, u, flag, gain + bonus);
          }
        } else if (b === L.yahtzeeBox && F === 2 && flag === 0) {
          visit(m, upper, 0, 0);
          visit(m, upper, 1, 50);
        } else {
          for (const e of points[b]) {
            visit(m, upper, flag, e);
            if (bonus) visit(m, upper, flag, e + bonus);
          }
        }
      }
    }
    levels.push(next);
  }

  // Each state's lanes: its reachable g, less the settled ones (see above).
  const oneG = curve.end - 1 - score;
  s.oneG = oneG;
  let lanes = 0;
  let indexed = 0;
  let capacity = 1;
  const gs: number[] = [];
  for (let d = 0; d < levels.length; d++) {
    const level = levels[d];
    for (let i = 0; i < level.length; i += 3) {
      const mask = level[i];
      const key = keyOf(s, mask, level[i + 1], level[i + 2]);
      let zero = -Infinity;
      if (d > 0) {
        const free = ~mask & full;
        let most = 0;
        for (const b of bits) if (free & (1 << b)) most += s.maxPoints[b] + (yb > 0 && (level[i + 2] === 1 || (free & yBit) !== 0) ? yb : 0);
        if (free & 63 && level[i + 1] < T) most += UB;
        zero = curve.first - score - most;
      }
      zeroG[key] = zero === -Infinity ? -1 : Math.max(-1, zero);
      const at = bitAt.get(key)!;
      offset[key] = lanes;
      let n = 0;
      for (let g = 0; g < span; g++) {
        if (!pool[at + g] || (d > 0 && (g < zero || g >= oneG))) continue;
        if (n === 0) first[key] = g;
        last[key] = g;
        gs.push(g);
        n++;
      }
      count[key] = n;
      lanes += n;
      if (n > 0) {
        base[key] = indexed;
        indexed += last[key] - first[key] + 1;
        if (n > capacity) capacity = n;
      }
    }
  }
  if (s.gs.length < lanes) s.gs = new Int32Array(Math.max(lanes, 2 * s.gs.length));
  s.gs.set(gs);
  if (s.at.length < indexed) s.at = new Int32Array(Math.max(indexed, 2 * s.at.length));
  s.at.fill(-1, 0, indexed);
  for (const key of bitAt.keys()) {
    for (let j = 0; j < count[key]; j++) s.at[base[key] + s.gs[offset[key] + j] - first[key]] = j;
  }
  if (s.memo.length < lanes) s.memo = new Float64Array(Math.max(lanes, 2 * s.memo.length));
  if (!s.ws || s.capacity < capacity) {
    s.capacity = Math.max(capacity, 2 * s.capacity);
    s.ws = createTurnWorkspace(c.dice, s.capacity, 'max', { extra: s.rows * s.capacity, pairs: c.nzStart[B] });
    s.row = new Float64Array(s.capacity);
  }
  s.score = score;
  s.curve = curve;
  s.root = { mask: col.mask, upper: col.upper, yahtzee50: col.yahtzee50 };
  for (let d = levels.length - 1; d >= 0; d--) {
    const level = levels[d];
    for (let i = 0; i < level.length; i += 3) {
      const key = keyOf(s, level[i], level[i + 1], level[i + 2]);
      const n = count[key];
      if (n === 0) continue;
      scoreNowLanes(s, level[i], level[i + 1], level[i + 2], offset[key], n);
      const ws = s.ws;
      if (d === 0) s.rootNow.set(ws.scoreLater.subarray(0, c.dice.rollCount));
      evaluateTurn(c.dice, ws.scoreLater, ws.scoreLater, ws);
      s.memo.set(ws.value.subarray(0, n), offset[key]);
    }
  }
  s.value = s.memo[offset[rootKey]];
  return s.value;
}

/** The key of a state one box later (-1: the sheet is full). */
function childKey(s: EndGameSolver, mask: number, upper: number, flag: number): number {
  const L = s.c.layout;
  if (mask === (1 << L.boxes) - 1) return -1;
  return keyOf(s, mask, L.canonUpper[(mask & 63) * UPPER_SLOTS + (upper > L.threshold ? L.threshold : upper)], flag);
}

/**
 * Score-now over the `n` lanes of state (mask, upper, flag), their g at gs[from..]: into the
 * engine's scoreLater, best[r * n + j]. Every entry's W(s', g + gain) is gathered into its row of
 * the engine's memory; the kernel raises each roll to the rows of the boxes where it scores.
 */
function scoreNowLanes(s: EndGameSolver, mask: number, upper: number, flag: number, from: number, n: number): void {
  const c = s.c;
  const L = c.layout;
  const B = L.boxes;
  const T = L.threshold;
  const UB = c.rs.upperBonus.points;
  const ws = s.ws!;
  const { rowOf } = s;
  const extra = ws.extra;
  const best = ws.scoreLater;
  const gather = (row: number, key: number, gain: number) => gatherLanes(s, extra, row * n, key, gain, from, n);
  const zero = s.row;
  zero.fill(0, 0, n);
  for (let b = 0; b < B; b++) {
    if (mask & (1 << b)) continue;
    const m = mask | (1 << b);
    if (b < UPPER_COUNT) {
      for (let d = 0; d <= L.dice; d++) {
        const raw = upper + (b + 1) * d;
        gather(rowOf[b * POINTS + d], childKey(s, m, raw, flag), (b + 1) * d + (upper < T && raw >= T ? UB : 0));
      }
    } else {
      const key = childKey(s, m, upper, flag);
      // A 50 in the open Yahtzee box moves to the bonus state (and its rolls are scored again below).
      const fifty = b === L.yahtzeeBox && L.flags === 2 ? childKey(s, m, upper, 1) : key;
      for (const v of s.points[b]) if (v < POINTS && rowOf[b * POINTS + v] >= 0) gather(rowOf[b * POINTS + v], v === 50 ? fifty : key, v);
    }
    const o = rowOf[b * POINTS] * n;
    for (let j = 0; j < n; j++) if (extra[o + j] > zero[j]) zero[j] = extra[o + j];
  }
  ws.base.set(zero.subarray(0, n));
  const { nzByRoll, nzBox, nzRoll, nzScore } = c;
  const pairs = ws.pairs;
  const at = extra.byteOffset;
  let p = 0;
  for (let t = 0; t < nzByRoll.length; t++) {
    const i = nzByRoll[t];
    const b = nzBox[i];
    if (mask & (1 << b)) continue;
    pairs[2 * p] = nzRoll[i];
    pairs[2 * p + 1] = at + 8 * rowOf[b * POINTS + nzScore[i]] * n;
    p++;
  }
  ws.lanes = n;
  ws.maxRows(p);
  if (!yahtzeeRollsDiffer(c, mask, flag)) return;
  // Rolls of n of a kind where the Yahtzee box changes the options: box by box through the rules.
  const e = s.entry;
  const col = s.col;
  col.mask = mask;
  col.upper = upper;
  col.yahtzee50 = flag === 1;
  const row = s.row;
  for (let f = 0; f < 6; f++) {
    const r = c.yahtzeeRoll[f];
    const o = r * n;
    best.fill(0, o, o + n);
    for (let b = 0; b < B; b++) {
      if (mask & (1 << b) || !scoreEntry(c, col, r, b, e)) continue;
      gatherLanes(s, row, 0, childKey(s, e.next.mask, e.next.upper, L.flags === 2 && e.next.yahtzee50 ? 1 : 0), e.gain, from, n);
      for (let j = 0; j < n; j++) if (row[j] > best[o + j]) best[o + j] = row[j];
    }
  }
}

/** dst[at + j] = W(state of `key`, gs[from + j] + gain) for j < n: `shareAt` over a state's lanes, its checks hoisted. */
function gatherLanes(s: EndGameSolver, dst: Float64Array, at: number, key: number, gain: number, from: number, n: number): void {
  const gs = s.gs;
  if (key < 0) {
    const u = s.curve.u;
    const top = u.length;
    const base = s.score + gain;
    for (let j = 0; j < n; j++) {
      const x = base + gs[from + j];
      dst[at + j] = x < top ? u[x] : 1;
    }
    return;
  }
  const { oneG, memo } = s;
  const zero = s.zeroG[key];
  const first = s.first[key];
  const last = s.last[key];
  const index = s.base[key] - first;
  const o = s.offset[key];
  const lanes = s.at;
  for (let j = 0; j < n; j++) {
    const g = gs[from + j] + gain;
    if (g >= oneG) dst[at + j] = 1;
    else if (g < zero) dst[at + j] = 0;
    else {
      const lane = g < first || g > last ? -1 : lanes[index + g];
      if (lane < 0) throw new Error(`end game: ${g} points gained do not reach state key ${key}`);
      dst[at + j] = memo[o + lane];
    }
  }
}

/**
 * W(s, total): the best expected share from the start of a turn in column `col`, with `total`
 * points on the sheet, for a state of the last solve's sub-game. A finished sheet is u(total).
 */
export function endGameShare(s: EndGameSolver, col: ColumnState, total: number): number {
  const L = s.c.layout;
  const g = total - s.score;
  const inside = (col.mask & s.root.mask) === s.root.mask && g >= 0;
  const key = inside ? childKey(s, col.mask, col.upper, col.yahtzee50 && L.flags === 2 ? 1 : 0) : -2;
  if (key === -2 || (key >= 0 && s.offset[key] < 0)) throw new Error(`end game: ${JSON.stringify(col)} with ${total} points is not below the solved position`);
  return shareAt(s, key, g);
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
