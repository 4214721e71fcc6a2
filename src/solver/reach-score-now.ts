import type { CompiledRules } from './compiled-rules.ts';
import { stateIndex } from './column-layout.ts';
import { createEntryScratch, scoreEntry, yahtzeeRollsDiffer, type EntryScratch } from './score-entry.ts';
import { createTurnWorkspace, type TurnWorkspace } from './turn-engine.ts';
import type { ColumnState } from './game-state.ts';

/**
 * Score-now for the reach goal: the probability lanes of a state are P(n) for the n points still
 * needed, n = n0 .. n0 + L - 1. Scoring g points and moving to state s' turns lane n into
 * P(s', n - g): a shift of the next state's lanes, where the expected-score engine adds g. Every
 * choice of box is the same as in score-now.ts (the same compiled score tables and the same
 * zero-score argument), so the two goals differ only in how a gain combines with a value.
 */

/** Where the probability lanes of the states one box later are read from (a table being built, or a finished one). */
export interface ReachSource {
  /** dst[at + j] = P(state, from + j) for j in [0, count); P = 1 for from + j <= 0 */
  read(dst: Float64Array, at: number, state: number, from: number, count: number): void;
}

export interface ReachScratch {
  /** lanes per state (allocated capacity) */
  capacity: number;
  /** the turn engine this score-now feeds: `best` is its input, `upper` and `lower` live in its memory */
  ws: TurnWorkspace;
  /** upper[(b * 7 + c) * cap + j]: scoring c dice of face b + 1 in upper box b, lane j */
  upper: Float64Array;
  /** lower[b * (cap + PAD) + i]: P(next state of lower box b, n0 - PAD + i) */
  lower: Float64Array;
  /** the best of scoring nothing (every roll's floor): the kernel's base row */
  zero: Float64Array;
  row: Float64Array;
  /** best score-now lanes per roll: best[r * L + j] (the engine's scoreLater) */
  best: Float64Array;
  entry: EntryScratch;
  col: ColumnState;
}

/** More than any box scores with ordinary dice (a Yahtzee's 50); the Joker and bonus rolls take the direct path. */
const PAD = 64;

/**
 * A turn workspace for `capacity` reach lanes with the score-now scratch in the kernel's memory,
 * so the maxima over boxes, most of a reach state's work, run in the kernel (`maxRows`).
 */
export function createReachScratch(c: CompiledRules, capacity: number): ReachScratch {
  const B = c.rs.boxes.length;
  for (let i = c.nzStart[6]; i < c.nzStart[B]; i++) {
    if (c.nzScore[i] > PAD) throw new Error(`${c.rs.id}: a box scores ${c.nzScore[i]}, more than the reach lanes pad (${PAD})`);
  }
  const upperLength = B * 7 * capacity;
  const ws = createTurnWorkspace(c.dice, capacity, 'max', { extra: upperLength + B * (capacity + PAD), pairs: c.nzStart[B] });
  return {
    capacity,
    ws,
    upper: ws.extra.subarray(0, upperLength),
    lower: ws.extra.subarray(upperLength),
    zero: ws.base,
    row: new Float64Array(capacity),
    best: ws.scoreLater,
    entry: createEntryScratch(),
    col: { mask: 0, upper: 0, yahtzee50: false },
  };
}

/**
 * Fills s.best[r * L + j] with the best probability of reaching n0 + j more points when roll r
 * is scored now in state (mask, upper, flag), given the lanes of the states one box later.
 */
export function reachScoreNow(
  c: CompiledRules,
  src: ReachSource,
  mask: number,
  upper: number,
  flag: number,
  n0: number,
  L: number,
  s: ReachScratch,
): void {
  const B = c.rs.boxes.length;
  const T = c.layout.threshold;
  const UB = c.rs.upperBonus.points;
  const dice = c.dice.dice;
  const cap = s.capacity;
  const W = cap + PAD;
  const { upper: up, lower, zero } = s;
  zero.fill(0, 0, L);
  for (let b = 0; b < B; b++) {
    const bit = 1 << b;
    if (mask & bit) continue;
    const next = mask | bit;
    if (b < 6) {
      const face = b + 1;
      for (let n = 0; n <= dice; n++) {
        const pts = face * n;
        const raw = upper + pts;
        const gain = pts + (upper < T && raw >= T ? UB : 0);
        src.read(up, (b * 7 + n) * cap, stateIndex(c.layout, next, raw > T ? T : raw, flag), n0 - gain, L);
      }
      const o = b * 7 * cap;
      for (let j = 0; j < L; j++) if (up[o + j] > zero[j]) zero[j] = up[o + j];
    } else {
      src.read(lower, b * W, stateIndex(c.layout, next, upper, flag), n0 - PAD, L + PAD);
      const o = b * W + PAD;
      for (let j = 0; j < L; j++) if (lower[o + j] > zero[j]) zero[j] = lower[o + j];
    }
  }
  // Each box raises the rolls where it scores: (roll, address of its lanes) pairs, roll by roll, for the kernel.
  const { nzByRoll, nzBox, nzRoll, nzScore } = c;
  const pairs = s.ws.pairs;
  const upAt = up.byteOffset;
  const lowAt = lower.byteOffset;
  let n = 0;
  for (let t = 0; t < nzByRoll.length; t++) {
    const i = nzByRoll[t];
    const b = nzBox[i];
    if (mask & (1 << b)) continue;
    pairs[2 * n] = nzRoll[i];
    // Upper boxes: nzScore is the count of the face; lower boxes: the points, read as a shift.
    pairs[2 * n + 1] = b < 6 ? upAt + 8 * (b * 7 + nzScore[i]) * cap : lowAt + 8 * (b * W + PAD - nzScore[i]);
    n++;
  }
  s.ws.lanes = L;
  s.ws.maxRows(n);
  scoreYahtzeeRolls(c, src, mask, upper, flag, n0, L, s);
}

/**
 * Rolls of n of a kind where the Yahtzee box changes the options: scoring 50 there moves to the
 * bonus state, and with the box filled the Joker rules and the Yahtzee bonus apply. Each such
 * roll is scored box by box through `scoreEntry`, the rules functions themselves.
 */
function scoreYahtzeeRolls(
  c: CompiledRules,
  src: ReachSource,
  mask: number,
  upper: number,
  flag: number,
  n0: number,
  L: number,
  s: ReachScratch,
): void {
  if (!yahtzeeRollsDiffer(c, mask, flag)) return;
  const B = c.rs.boxes.length;
  const T = c.layout.threshold;
  const { best, row, entry: e, col } = s;
  col.mask = mask;
  col.upper = upper;
  col.yahtzee50 = flag === 1;
  for (let f = 0; f < 6; f++) {
    const r = c.yahtzeeRoll[f];
    const o = r * L;
    best.fill(0, o, o + L);
    for (let b = 0; b < B; b++) {
      if (mask & (1 << b) || !scoreEntry(c, col, r, b, e)) continue;
      const up = e.next.upper > T ? T : e.next.upper;
      const nextFlag = c.layout.flags === 2 && e.next.yahtzee50 ? 1 : 0;
      src.read(row, 0, stateIndex(c.layout, e.next.mask, up, nextFlag), n0 - e.gain, L);
      for (let j = 0; j < L; j++) if (row[j] > best[o + j]) best[o + j] = row[j];
    }
  }
}
