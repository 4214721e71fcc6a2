import type { CompiledRules } from './compiled-rules.ts';
import { decodeState, stateIndex } from './column-layout.ts';
import { createEntryScratch, scoreEntry, yahtzeeRollsDiffer, type EntryScratch } from './fast-play.ts';
import type { ColumnState } from './game-state.ts';
import { createTurnWorkspace, evaluateTurn, type TurnWorkspace } from './turn-engine.ts';

/**
 * The first two moments of the points still to come under optimal expected-score play: two
 * lanes per state, [E[Y], E[Y^2]], run through the turn engine in `select` mode so the second
 * lane follows the choices the first lane makes. Scoring g points into s' gives
 * E[g + Y'] = g + E[Y'] and E[(g + Y')^2] = g^2 + 2g E[Y'] + E[Y'^2]. The standard deviation of
 * the final score is then sqrt(E[Y^2] - E[Y]^2). Stored as moments[2 * slot], moments[2 * slot + 1].
 */
export interface MomentsSolver {
  c: CompiledRules;
  /** best [E, E2] per roll */
  best: Float64Array;
  turn: TurnWorkspace;
  /** [E, E2] of scoring n dice in the upper box being visited, at 2n */
  upper: Float64Array;
  entry: EntryScratch;
  col: ColumnState;
}

export function createMomentsSolver(c: CompiledRules): MomentsSolver {
  return {
    c,
    best: new Float64Array(c.dice.rollCount * 2),
    turn: createTurnWorkspace(c.dice, 2, 'select'),
    upper: new Float64Array(2 * (c.dice.dice + 1)),
    entry: createEntryScratch(),
    col: { mask: 0, upper: 0, yahtzee50: false },
  };
}

/** Offers scoring `gain` into slot `next` to roll r: taken when its expected value is higher. */
function offer(best: Float64Array, r: number, moments: Float64Array, next: number, gain: number): void {
  const e = moments[2 * next];
  const v = gain + e;
  if (v > best[2 * r]) {
    best[2 * r] = v;
    best[2 * r + 1] = gain * gain + 2 * gain * e + moments[2 * next + 1];
  }
}

/**
 * Fills s.best with the best score-now [E, E2] of every roll in state (mask, upper, flag), with
 * the structure of score-now.ts: every roll starts from the best zero-score entry, each box then
 * visits only the rolls where it scores, and the rolls where the Yahtzee box changes the options
 * are scored box by box through `scoreEntry`.
 */
export function momentsScoreNow(s: MomentsSolver, moments: Float64Array, mask: number, upper: number, flag: number): void {
  const { c, best } = s;
  const B = c.rs.boxes.length;
  const T = c.layout.threshold;
  const UB = c.rs.upperBonus.points;
  const L = c.layout;
  let zero = -1;
  for (let b = 0; b < B; b++) {
    if (mask & (1 << b)) continue;
    const next = stateIndex(L, mask | (1 << b), upper, flag);
    if (zero < 0 || moments[2 * next] > moments[2 * zero]) zero = next;
  }
  for (let r = 0; r < c.dice.rollCount; r++) {
    best[2 * r] = moments[2 * zero];
    best[2 * r + 1] = moments[2 * zero + 1];
  }
  const { nzStart, nzRoll, nzScore } = c;
  const up = s.upper;
  for (let b = 0; b < B; b++) {
    if (mask & (1 << b)) continue;
    const e = nzStart[b + 1];
    if (b < 6) {
      // Scoring n dice of this face: the same [E, E2] for every roll with n of them.
      for (let n = 1; n <= c.dice.dice; n++) {
        const pts = (b + 1) * n;
        const raw = upper + pts;
        const gain = pts + (upper < T && raw >= T ? UB : 0);
        const next = 2 * stateIndex(L, mask | (1 << b), raw > T ? T : raw, flag);
        up[2 * n] = gain + moments[next];
        up[2 * n + 1] = gain * gain + 2 * gain * moments[next] + moments[next + 1];
      }
      for (let i = nzStart[b]; i < e; i++) {
        const r = 2 * nzRoll[i];
        const o = 2 * nzScore[i];
        if (up[o] > best[r]) {
          best[r] = up[o];
          best[r + 1] = up[o + 1];
        }
      }
    } else {
      const next = 2 * stateIndex(L, mask | (1 << b), upper, flag);
      const e1 = moments[next];
      const e2 = moments[next + 1];
      for (let i = nzStart[b]; i < e; i++) {
        const r = 2 * nzRoll[i];
        const g = nzScore[i];
        if (g + e1 > best[r]) {
          best[r] = g + e1;
          best[r + 1] = g * g + 2 * g * e1 + e2;
        }
      }
    }
  }
  if (!yahtzeeRollsDiffer(c, mask, flag)) return;
  const { entry: e, col } = s;
  col.mask = mask;
  col.upper = upper;
  col.yahtzee50 = flag === 1;
  for (let f = 0; f < 6; f++) {
    const r = c.yahtzeeRoll[f];
    best[2 * r] = -Infinity;
    for (let b = 0; b < B; b++) {
      if (mask & (1 << b) || !scoreEntry(c, col, r, b, e)) continue;
      const up = e.next.upper > T ? T : e.next.upper;
      offer(best, r, moments, stateIndex(L, e.next.mask, up, L.flags === 2 && e.next.yahtzee50 ? 1 : 0), e.gain);
    }
  }
}

/** Solves states[from..to) of one level into `moments` (two lanes per slot; the next level read from it). */
export function solveMomentsStates(s: MomentsSolver, moments: Float64Array, states: Int32Array): void {
  for (const state of states) {
    const { mask, upper, flag } = decodeState(s.c.layout, state);
    momentsScoreNow(s, moments, mask, upper, flag);
    evaluateTurn(s.c.dice, s.best, s.best, s.turn);
    moments[2 * state] = s.turn.value[0];
    moments[2 * state + 1] = s.turn.value[1];
  }
}

/** Standard deviation of the final score from the moments of the points still to come. */
export function momentsSd(e: number, e2: number): number {
  return Math.sqrt(Math.max(0, e2 - e * e));
}

/**
 * [E, E2] of the points still to come at a decision point of the turn in state (mask, upper,
 * flag), playing for points from there: at the start of the turn (roll -1), or after roll `roll`
 * with `rollsLeft` rerolls left. Runs the turn once in `select` mode over the moments table.
 */
export function turnMoments(s: MomentsSolver, moments: Float64Array, mask: number, upper: number, flag: number, roll: number, rollsLeft: 0 | 1 | 2): [number, number] {
  momentsScoreNow(s, moments, mask, upper, flag);
  evaluateTurn(s.c.dice, s.best, s.best, s.turn);
  if (roll < 0) return [s.turn.value[0], s.turn.value[1]];
  const lanes = rollsLeft === 2 ? s.turn.roll1 : rollsLeft === 1 ? s.turn.hold2 : s.turn.hold3;
  return [lanes[2 * roll], lanes[2 * roll + 1]];
}
