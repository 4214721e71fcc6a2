import type { CompiledRules } from './compiled-rules.ts';
import { decodeState } from './column-layout.ts';
import { chooseScores, createScoreChoices, type ScoreChoices } from './score-choice.ts';
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
  choices: ScoreChoices;
  /** MOMENTS_BATCH states side by side, lanes 2j and 2j + 1 state j's (pairs mode); built on the first batch */
  batch?: TurnWorkspace;
}

/**
 * States solved side by side in a table build (`solveMomentsStates`): each a pair of lanes whose
 * first lane (E) makes the state's choices, so every state's moments have the bits of a solve
 * alone. The `yahtzee` moments table on one thread, in process, in turn with the build before:
 * 6.6 and 8.8 s one state at a time, 4.3 and 6.6 s 16 at a time; what is left is mostly the
 * choice of each roll's box (`chooseScores`).
 */
export const MOMENTS_BATCH = 16;

export function createMomentsSolver(c: CompiledRules): MomentsSolver {
  const turn = createTurnWorkspace(c.dice, 2, 'select');
  return { c, best: turn.scoreLater, turn, choices: createScoreChoices(c) };
}

/**
 * Fills s.best with [E, E2] of the expected-score entry of every roll in state (mask, upper, flag);
 * into `best` at rows `stride` apart from `at` instead (a state's pair of lanes in a batch).
 */
export function momentsScoreNow(s: MomentsSolver, moments: Float64Array, mask: number, upper: number, flag: number, best = s.best, stride = 2, at = 0): void {
  const { c, choices } = s;
  chooseScores(c, moments, 2, mask, upper, flag, choices);
  const { next, gain } = choices;
  for (let r = 0, o = at; r < c.dice.rollCount; r++, o += stride) {
    const g = gain[r];
    const e = moments[2 * next[r]];
    best[o] = g + e;
    best[o + 1] = g * g + 2 * g * e + moments[2 * next[r] + 1];
  }
}

/** Solves states[from..to) of one level into `moments` (two lanes per slot; the next level read from it). */
export function solveMomentsStates(s: MomentsSolver, moments: Float64Array, states: Int32Array): void {
  let i = 0;
  if (states.length >= MOMENTS_BATCH) {
    const L = 2 * MOMENTS_BATCH;
    const batch = (s.batch ??= createTurnWorkspace(s.c.dice, L, 'pairs'));
    for (; i + MOMENTS_BATCH <= states.length; i += MOMENTS_BATCH) {
      for (let j = 0; j < MOMENTS_BATCH; j++) {
        const { mask, upper, flag } = decodeState(s.c.layout, states[i + j]);
        momentsScoreNow(s, moments, mask, upper, flag, batch.scoreLater, L, 2 * j);
      }
      batch.evaluate(false);
      for (let j = 0; j < MOMENTS_BATCH; j++) {
        moments[2 * states[i + j]] = batch.value[2 * j];
        moments[2 * states[i + j] + 1] = batch.value[2 * j + 1];
      }
    }
  }
  for (; i < states.length; i++) {
    const state = states[i];
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
