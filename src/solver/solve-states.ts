import type { CompiledRules } from './compiled-rules.ts';
import { decodeState } from './column-layout.ts';
import { createScoreScratch, scoreNow, type ScoreScratch } from './score-now.ts';
import { columnScoreNow, createRuleScratch, needsRulePath, scoreNowRules, type RuleScratch } from './score-now-rules.ts';
import { createTurnWorkspace, evaluateTurn, type TurnWorkspace } from './turn-engine.ts';

/** Everything one thread needs to evaluate turn-start states; reused across states. */
export interface StateSolver {
  c: CompiledRules;
  score: ScoreScratch;
  turn: TurnWorkspace;
  /** set for columns with a fill rule or the zero rule (score-now-rules.ts) */
  rules: { scratch: RuleScratch; first: Float64Array; later: Float64Array } | null;
}

/** Score-now buffers for the rule path; one array where first and later rolls score alike. */
function ruleBuffers(c: CompiledRules, turn: TurnWorkspace): { scratch: RuleScratch; first: Float64Array; later: Float64Array } {
  const later = turn.scoreLater;
  const first = c.layout.fill === 'first-roll-only' ? turn.scoreFirst : later;
  return { scratch: createRuleScratch(c), first, later };
}

export function createStateSolver(c: CompiledRules): StateSolver {
  const turn = createTurnWorkspace(c.dice);
  const rules = needsRulePath(c) ? ruleBuffers(c, turn) : null;
  const score = createScoreScratch(c);
  // Score-now is written straight into the engine's input: no copy per state.
  score.best = turn.scoreLater;
  return { c, score, turn, rules };
}

/** Value of one turn-start state from the values of the states one box later. */
export function solveState(s: StateSolver, values: Float64Array, index: number): number {
  const { mask, upper, flag } = decodeState(s.c.layout, index);
  if (s.rules) {
    const { scratch, first, later } = s.rules;
    scoreNowRules(s.c, values, mask, upper, scratch);
    columnScoreNow(s.c, scratch, first, later);
    return evaluateTurn(s.c.dice, first, later, s.turn);
  }
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
