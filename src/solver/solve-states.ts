import type { CompiledRules } from './compiled-rules.ts';
import { decodeState } from './column-layout.ts';
import { createScoreScratch, scoreNow, type ScoreScratch } from './score-now.ts';
import { createTurnWorkspace, evaluateTurn, type TurnWorkspace } from './turn-engine.ts';

/** Everything one thread needs to evaluate turn-start states; reused across states. */
export interface StateSolver {
  c: CompiledRules;
  score: ScoreScratch;
  turn: TurnWorkspace;
}

export function createStateSolver(c: CompiledRules): StateSolver {
  return { c, score: createScoreScratch(c), turn: createTurnWorkspace(c.dice) };
}

/** Value of one turn-start state from the values of the states one box later. */
export function solveState(s: StateSolver, values: Float64Array, index: number): number {
  const { mask, upper, flag } = decodeState(s.c.layout, index);
  scoreNow(s.c, values, mask, upper, flag, s.score);
  return evaluateTurn(s.c.dice, s.score.best, s.score.best, s.turn);
}

/**
 * Solves states[from..to) in place. States of one level only read the next level, so any
 * partition of a level's states over threads gives the same values, bit for bit.
 */
export function solveStates(
  s: StateSolver,
  values: Float64Array,
  states: Int32Array,
  from = 0,
  to = states.length,
): void {
  for (let i = from; i < to; i++) values[states[i]] = solveState(s, values, states[i]);
}
