import type { RuleSet } from '../rules/index.ts';
import { compileRules, type CompiledRules } from './compiled-rules.ts';
import { columnStateIndex } from './column-layout.ts';
import type { GameModel } from './game-model.ts';
import type { ColumnState, GameState } from './game-state.ts';
import { createReachScratch, reachScoreNow, type ReachScratch } from './reach-score-now.ts';
import { reachProbability, reachTableSource, type ReachTable } from './reach-table.ts';

/**
 * The reach goal as a GameModel: values are probabilities of scoring at least `need` more points
 * from the start of the turn, so the advisor, the analysis and the simulator decide for this goal
 * through the same turn engine and decision functions as for points.
 */
/**
 * One-lane score-now scratch per rule set and thread: a model only uses it inside fillScoreNow,
 * which finishes before another can start, and creating its kernel per hint cost more than the hint.
 */
const oneLane = new WeakMap<CompiledRules, ReachScratch>();

function oneLaneScratch(c: CompiledRules): ReachScratch {
  let s = oneLane.get(c);
  if (!s) oneLane.set(c, (s = createReachScratch(c, 1)));
  return s;
}

export interface ReachGoalModel extends GameModel {
  /** points still needed at the start of the turn being evaluated; may change between turns */
  need: number;
}

export function reachGoalModel(rs: RuleSet, table: ReachTable, need: number): ReachGoalModel {
  const c = compileRules(rs);
  const scratch = oneLaneScratch(c);
  const src = reachTableSource(table);
  const R = c.dice.rollCount;
  const index = (col: ColumnState) => columnStateIndex(c.layout, col);
  const model: ReachGoalModel = {
    rs,
    c,
    exact: true,
    valueKind: 'probability',
    need,
    value(state: GameState) {
      return reachProbability(table, index(state.columns[0]), model.need);
    },
    valueAfter(next: GameState, gain: number) {
      return reachProbability(table, index(next.columns[0]), model.need - gain);
    },
    fillScoreNow(state: GameState, first: Float64Array, later: Float64Array) {
      const col = state.columns[0];
      reachScoreNow(c, src, col.mask, Math.min(c.layout.threshold, col.upper), col.yahtzee50 && c.layout.flags === 2 ? 1 : 0, model.need, 1, scratch);
      first.set(scratch.best.subarray(0, R));
      later.set(scratch.best.subarray(0, R));
    },
  };
  return model;
}

/** The most points still needed that the table answers from this state (Infinity when it answers every need). */
export function reachNeedLimit(rs: RuleSet, table: ReachTable, state: GameState): number {
  const c = compileRules(rs);
  const col = state.columns[0];
  const s = columnStateIndex(c.layout, col);
  return Number.isNaN(reachProbability(table, s, table.cap + 1)) ? table.cap : Infinity;
}
