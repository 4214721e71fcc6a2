import type { CompiledRules } from './compiled-rules.ts';
import { decodeState } from './column-layout.ts';
import type { ReachTask } from './lane-task.ts';
import type { ReachTable } from './reach-table.ts';
import { chooseScores, createScoreChoices, type ScoreChoices } from './score-choice.ts';
import { createTurnWorkspace, evaluateTurnValue, type TurnWorkspace } from './turn-engine.ts';

/**
 * The distribution of the points still to come under optimal expected-score play (how an
 * opponent who plays for points will finish): lanes [E, D(0), D(1), ..., D(w)] per state run
 * through the turn engine in `select` mode, so lane 0 (the expected value of the table) makes
 * every choice and the distribution follows. Scoring g points into s' shifts D(s') by g. Where
 * w is the cap, lane cap holds P(>= cap), so shifting adds the mass pushed past it.
 */
export interface DistributionSolver {
  c: CompiledRules;
  choices: ScoreChoices;
  best: Float64Array;
  turn: TurnWorkspace;
}

export function createDistributionSolver(c: CompiledRules, cap: number): DistributionSolver {
  const turn = createTurnWorkspace(c.dice, cap + 2, 'select');
  return { c, choices: createScoreChoices(c), best: turn.scoreLater, turn };
}

export function solveDistributionStates(s: DistributionSolver, task: ReachTask): void {
  const { c, choices, best } = s;
  const { width, offset, next, cap } = task;
  const values = task.values!;
  const R = c.dice.rollCount;
  for (const state of task.states) {
    const w = width[state];
    const L = w + 2;
    s.turn.lanes = L;
    const { mask, upper, flag } = decodeState(c.layout, state);
    chooseScores(c, values, 1, mask, upper, flag, choices);
    for (let r = 0; r < R; r++) {
      const o = r * L;
      const g = choices.gain[r];
      const nx = choices.next[r];
      const wn = width[nx];
      const base = offset[nx];
      best[o] = choices.value[r];
      // Lanes 1 + k hold D(s', k - g): zeros, the next state's lanes shifted by g, zeros.
      const from = Math.min(g, w + 1);
      const to = Math.min(w + 1, g + wn + 1);
      best.fill(0, o + 1, o + 1 + from);
      if (to > from) best.set(next.subarray(base + from - g, base + to - g), o + 1 + from);
      best.fill(0, o + 1 + Math.max(from, to), o + 1 + w + 1);
      if (w === cap) {
        let tail = 0;
        for (let j = Math.max(0, cap - g); j <= wn; j++) tail += next[base + j];
        best[o + 1 + cap] = tail;
      }
    }
    evaluateTurnValue(c.dice, best, best, s.turn);
    task.level.set(s.turn.value.subarray(1, L), offset[state]);
  }
}

/** P(points still to come = k) from a finished distribution table (k = cap: P(>= cap)). */
export function distributionAt(t: ReachTable, state: number, k: number): number {
  const i = k - t.lo[state];
  return i >= 0 && i < t.count[state] ? t.values[t.offset[state] + i] : 0;
}
