import type { CompiledRules } from './compiled-rules.ts';
import { decodeState } from './column-layout.ts';
import { createScoreScratch, scoreNow, type ScoreScratch } from './score-now.ts';
import { createLaneScoreScratch, scoreNowLanes, type LaneScoreScratch } from './score-now-lanes.ts';
import { columnScoreNow, createRuleScratch, needsRulePath, scoreNowRules, type RuleScratch } from './score-now-rules.ts';
import { createTurnWorkspace, evaluateTurn, type TurnWorkspace } from './turn-engine.ts';

/**
 * States solved side by side in the lanes of one engine run (`solveStates`). Each lane of the
 * engine in `max` mode is a value vector of its own, so BATCH states share the index work of
 * every loop and the SIMD kernel takes two at a time; score-now of the batch runs in the lanes
 * too (score-now-lanes.ts). Each state's value has the same bits as alone (the same sums in the
 * same order; maxima of non-negative values, in any order). The `yahtzee` table on one thread,
 * warm: 2.1 s one state at a time, 1.2 s 32 at a time (16: 1.3 s, 64: no gain), 0.70 s with
 * score-now in the lanes (1.32 s the same hour without). With score-now in the lanes a batch
 * pays a fixed cost (its list of entries, its rows' addresses read per eight lanes) that more
 * lanes share: 32: 395–399 ms, 64: 350–354, 96: 331–337, 128: 345–358 (median of 8 warm runs,
 * one thread, in process, each with claims of four batches).
 */
export const BATCH = 96;

/** Everything one thread needs to evaluate turn-start states; reused across states. */
export interface StateSolver {
  c: CompiledRules;
  score: ScoreScratch;
  turn: TurnWorkspace;
  /** set for columns with a fill rule or the zero rule (score-now-rules.ts) */
  rules: { scratch: RuleScratch; first: Float64Array; later: Float64Array } | null;
  /** BATCH lanes, one state each; score-now of each state goes to its own lane */
  batch: LaneScoreScratch | null;
  /** the rule path's BATCH lanes: each state's score-now is taken alone and copied into its lane */
  ruleBatch: TurnWorkspace | null;
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
  const batch = rules ? null : createLaneScoreScratch(c, BATCH);
  const ruleBatch = rules ? createTurnWorkspace(c.dice, BATCH) : null;
  return { c, score, turn, rules, batch, ruleBatch };
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
  let i = from;
  if (s.batch) {
    for (; i + BATCH <= to; i += BATCH) solveBatch(s.batch, s.c, values, states, i);
  } else if (s.ruleBatch) {
    for (; i + BATCH <= to; i += BATCH) solveRuleBatch(s, s.ruleBatch, values, states, i);
  }
  for (; i < to; i++) values[states[i]] = solveState(s, values, states[i]);
}

/** States states[at..at + BATCH), one per lane of the batch workspace. */
function solveBatch(b: LaneScoreScratch, c: CompiledRules, values: Float64Array, states: Int32Array, at: number): void {
  scoreNowLanes(c, values, states, at, b);
  b.ws.evaluate(false);
  const v = b.ws.value;
  for (let j = 0; j < BATCH; j++) values[states[at + j]] = v[j];
}

/** Rule-path states states[at..at + BATCH): each state's score-now alone (score-now-rules.ts), copied into its lane. */
function solveRuleBatch(s: StateSolver, ws: TurnWorkspace, values: Float64Array, states: Int32Array, at: number): void {
  const { c } = s;
  const { scratch, first, later } = s.rules!;
  const R = c.dice.rollCount;
  const differs = first !== later;
  for (let j = 0; j < BATCH; j++) {
    const { mask, upper } = decodeState(c.layout, states[at + j]);
    scoreNowRules(c, values, mask, upper, scratch);
    columnScoreNow(c, scratch, first, later);
    for (let r = 0, o = j; r < R; r++, o += BATCH) ws.scoreLater[o] = later[r];
    if (differs) for (let r = 0, o = j; r < R; r++, o += BATCH) ws.scoreFirst[o] = first[r];
  }
  ws.evaluate(differs);
  const v = ws.value;
  for (let j = 0; j < BATCH; j++) values[states[at + j]] = v[j];
}
