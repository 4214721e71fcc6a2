import type { RuleSetId } from '../rules/index.ts';
import fitted from './data/goal-calibration.json' with { type: 'json' };
import { calibrateChance, type WinCalibration } from './win-calibration.ts';

/**
 * The multi-column goals' shown chances, calibrated. Their goal value (approx/quantile-head.ts)
 * is each need's own best chance, fitted backwards, and runs high by up to a few points far from
 * the end: the advice's one plan achieves less than the best plan for every need, and a value
 * steered by picks up its errors in the states it prefers. As for the win goal of the exactly
 * solved rule sets (win-calibration.ts), a logistic map per boxes open, σ(a + b · logit(shown)),
 * takes the chance shown to the rate the advice's own play achieved from it, in games played by
 * the goal's own strategy (`bench/goal-calibration-multi.ts --fit`):
 *
 * - `reach`: reach goals over several targets, played alone; also used against an opponent who
 *   has finished, whom the goal model reads as a target (their total, a tie counting half);
 * - `win`: against one opponent still playing, best play (the opponent the goal assumes).
 *
 * The maps rise with the chance (b > 0), so they never reorder the options; 0 and 1 stay, and the
 * last turns, which are exact, are not mapped. Fitted on one seed, measured on another
 * (docs/multi-column.md).
 */
export type GoalSituation = 'reach' | 'win';

const CALIBRATIONS = fitted as Partial<Record<RuleSetId, Partial<Record<GoalSituation, WinCalibration>>>>;

/** The stored calibration of a multi-column rule set's goal in `situation`, if one was fitted. */
export function goalCalibration(id: RuleSetId, situation: GoalSituation): WinCalibration | undefined {
  return CALIBRATIONS[id]?.[situation];
}

/** The shown chance with `open` boxes open under `calibration`, unchanged where none is fitted for `open`. */
export function calibrateGoalChance(calibration: WinCalibration | undefined, open: number, p: number): number {
  return calibrateChance(calibration?.byOpen[String(open)], p);
}
