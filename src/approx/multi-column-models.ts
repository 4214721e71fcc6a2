import type { RuleSet } from '../rules/index.ts';
import { columnTypes, isModelledRuleSetId } from '../rules/index.ts';
import { DicewiseError } from '../errors.ts';
import { compileRules, type GameModel, type ThresholdModel } from '../solver/index.ts';
import type { ColumnTables } from './column-parts.ts';
import { columnSumModel, type Correction } from './column-sum-model.ts';
import { CORRECTIONS } from './corrections.ts';
import { linearCorrection } from './features.ts';
import { neuralCorrection } from './neural-correction.ts';
import { neuralLevels } from './neural-data.ts';
import { thresholdGoalModel } from './goal-model.ts';
import { quantileLevels } from './quantile-data.ts';
import { quantileHead, type QuantileHead } from './quantile-head.ts';
import { SPREADS } from './spreads.ts';
import { GOAL_HORIZONS } from './goal-horizons.ts';

/** Greedy play: every column valued 0, so each turn maximises its own multiplier-weighted points. */
export function greedyModel(rs: RuleSet): GameModel {
  const zeros = new Map(columnTypes(rs).map((t) => [t.key, new Float64Array(compileRules(t.rs).layout.size)] as const));
  return columnSumModel(rs, zeros);
}

/** The decomposition plus the fitted correction of corrections.ts (the decomposition where none is fitted). */
export function correctedModel(rs: RuleSet, tables: ColumnTables): GameModel {
  return columnSumModel(rs, tables, fittedCorrection(rs));
}

/** The correction of corrections.ts, where one is fitted for the rule set. */
function fittedCorrection(rs: RuleSet): Correction | undefined {
  const fit = isModelledRuleSetId(rs.id) ? CORRECTIONS[rs.id] : undefined;
  return fit ? linearCorrection(rs, `${rs.id} correction`, fit.weights) : undefined;
}

/** The fitted neural correction of neural-data.ts, where one is fitted. */
function neuralFit(rs: RuleSet, tables: ColumnTables): Correction | undefined {
  const levels = neuralLevels(rs);
  return levels ? neuralCorrection(rs, tables, `${rs.id} neural correction`, levels) : undefined;
}

/** The correction `bestModel` plays: the neural one where fitted, else the linear one. */
function bestCorrection(rs: RuleSet, tables: ColumnTables): Correction | undefined {
  return neuralFit(rs, tables) ?? fittedCorrection(rs);
}

/**
 * Dicewise's best model of a multi-column rule set: the neural correction where one is fitted
 * (see docs/multi-column.md's sub-game and full-game measurements), else the linear one.
 */
export function bestModel(rs: RuleSet, tables: ColumnTables): GameModel {
  return columnSumModel(rs, tables, bestCorrection(rs, tables));
}

/**
 * A goal model (reach, win) of a multi-column rule set: its best model's values with the spread
 * measured for that model (spreads.ts, fitted by fit/spread.ts on best play's own games;
 * goal-model.ts), steering within the horizons of goal-horizons.ts (chosen when `linear` was
 * best, and not chosen again since). It holds no goal: each request or turn aims it (`aim`).
 */
export function goalModel(rs: RuleSet, tables: ColumnTables): ThresholdModel {
  if (!isModelledRuleSetId(rs.id)) throw new DicewiseError('NOT_SOLVED', `${rs.id} has no measured goal spread: only points are advised`);
  return thresholdGoalModel(rs, tables, bestCorrection(rs, tables), SPREADS[rs.id], GOAL_HORIZONS[rs.id], goalValue(rs, tables));
}

/** The fitted quantile head of quantile-data.ts, where one is fitted: the goal value the goal model reads. */
function goalValue(rs: RuleSet, tables: ColumnTables): QuantileHead | undefined {
  const fit = quantileLevels(rs);
  return fit ? quantileHead(rs, tables, fit.M, fit.levels) : undefined;
}

const served = new WeakMap<GameModel, ThresholdModel>();

/**
 * The goal model of a served best model, one per model: every hint aims it at its own goal, and
 * the memos of laws and last turns it keeps serve them all.
 */
export function servedGoalModel(best: GameModel): ThresholdModel {
  let g = served.get(best);
  if (!g) {
    if (!best.columnTables) throw new DicewiseError('NOT_SOLVED', `${best.rs.id}: its model has no column tables to play goals from`);
    served.set(best, (g = goalModel(best.rs, best.columnTables)));
  }
  return g;
}
