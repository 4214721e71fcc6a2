import type { DiceTables } from '../dice/index.ts';
import { createTurnKernel, type KernelExtras, type TurnKernel, type TurnMode } from './kernel/turn-kernel.ts';

export { maxPlan, type MaxPlan, type TurnMode } from './kernel/turn-kernel.ts';

/**
 * The one turn engine, generic over its value lanes. Given, for every roll, the best value of
 * scoring now, it computes the value of every hold before the second and third rolls, the value
 * of every first roll and the value of the turn-start state.
 *
 * A state carries L lanes of values that the engine keeps apart: L = 1 is the expected final
 * score; a reach table runs one lane per number of points still needed; the moments and the
 * points distribution of the expected-score strategy run in `select` mode, where lane 0 makes
 * every choice. Holding, rerolling and choosing act on each lane on its own (a mean over the dice
 * and a maximum over choices), so the lanes share every index computation of the loops. Every
 * per-keep array holds keep k, lane j at k * L + j.
 *
 * The loops run in a WebAssembly SIMD kernel (kernel/turn-kernel.ts, written in AssemblyScript in
 * wasm/): about 2× the typed-array JavaScript at one lane and 5–12× at 64–600 lanes, with the
 * same bits (bench/turn-kernel.ts; test/turn-kernel.test.ts checks it against the JavaScript).
 *
 * `scoreFirst` applies after the first roll and `scoreLater` after a reroll; they differ only
 * where a rule set makes entries after a reroll worth less (Superpass's first-roll-only column).
 * Score-now may be taken after any roll: keeping all dice equals moving on with the same roll.
 */
export type TurnWorkspace = TurnKernel;

/** What an evaluated turn gives its readers (a workspace, or a copy of one kept in a cache). */
export interface TurnResults {
  lanes: number;
  /** value of holding keep k before the third roll; rows < rollCount are full rolls (= score after roll 3) */
  hold3: Float64Array;
  /** value of holding keep k before the second roll; rows < rollCount = value of roll 2 */
  hold2: Float64Array;
  /** rows < rollCount: value of each first roll (2 rerolls left) */
  roll1: Float64Array;
  /** value of the turn-start state, per lane */
  value: Float64Array;
}

/** A workspace for up to `lanes` lanes (lower `ws.lanes` between calls for fewer). */
export function createTurnWorkspace(t: DiceTables, lanes = 1, mode: TurnMode = 'max', extras?: KernelExtras): TurnWorkspace {
  return createTurnKernel(t, lanes, mode, extras);
}

/**
 * Runs the turn over ws.lanes lanes: `scoreFirst` and `scoreLater` hold rollCount * L values
 * (write them straight into ws.scoreLater / ws.scoreFirst to spare the copy). Fills ws.value
 * with each lane's value at the start of the turn and returns lane 0.
 */
export function evaluateTurn(t: DiceTables, scoreFirst: Float64Array, scoreLater: Float64Array, ws: TurnWorkspace): number {
  return ws.evaluate(loadScores(t, scoreFirst, scoreLater, ws));
}

/** Puts score-now into the workspace (unless written there already); true where the first roll's differs. */
function loadScores(t: DiceTables, scoreFirst: Float64Array, scoreLater: Float64Array, ws: TurnWorkspace): boolean {
  const n = t.rollCount * ws.lanes;
  const differs = scoreFirst !== scoreLater;
  if (scoreLater !== ws.scoreLater) ws.scoreLater.set(scoreLater.subarray(0, n));
  if (differs && scoreFirst !== ws.scoreFirst) ws.scoreFirst.set(scoreFirst.subarray(0, n));
  return differs;
}

/**
 * `evaluateTurn` for callers that read only ws.value (the lane tables' backward induction): the
 * same bits, but hold3, hold2 and roll1 are left as scratch, which lets many lanes run in chunks
 * that cost less per lane.
 */
export function evaluateTurnValue(t: DiceTables, scoreFirst: Float64Array, scoreLater: Float64Array, ws: TurnWorkspace): number {
  return ws.evaluateValue(loadScores(t, scoreFirst, scoreLater, ws));
}

/**
 * The part of `evaluateTurn` that a player's decisions read: hold3 and hold2 (the value of every
 * hold before the third and second rolls), the same bits as the whole run. The value of each
 * first roll and of the turn-start state are not computed (ws.value and ws.roll1 are stale): the
 * two steps they take are about 40% of the run.
 */
export function evaluateHolds(t: DiceTables, scoreLater: Float64Array, ws: TurnWorkspace): void {
  if (scoreLater !== ws.scoreLater) ws.scoreLater.set(scoreLater.subarray(0, t.rollCount * ws.lanes));
  ws.fillKeepValues(ws.hold3);
  ws.maxOverHolds(ws.hold3, ws.hold2);
  ws.fillKeepValues(ws.hold2);
}

/** Value of holding keep k with `rollsLeft` rerolls still to come after the current roll (1 or 2), lane 0. */
export function holdValue(ws: TurnResults, rollsLeft: 1 | 2, keep: number): number {
  return rollsLeft === 2 ? ws.hold2[keep * ws.lanes] : ws.hold3[keep * ws.lanes];
}
