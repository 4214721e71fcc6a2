import { adviseReach, adviseSpreadGoal, aimAtTarget } from '../../advisor/index.ts';
import { createReachAnalyser } from '../../analysis/index.ts';
import { isSolvedByModel } from '../../rules/index.ts';
import { reachPlay } from '../../simulate/index.ts';
import type { GoalModule } from '../goal-module.ts';

/**
 * A final total to reach: the exact reach table (solver/reach-model.ts) where the rule set is
 * solved exactly, its goal model (approx/goal-model.ts) where a model plays it.
 */
export const reachGoal: GoalModule<'reach'> = {
  kind: 'reach',
  tables: (rs) => (isSolvedByModel(rs) ? ['goal-model'] : ['reach']),
  advise: (model, tables, position, te) => (isSolvedByModel(position.rs) ? adviseSpreadGoal(model, tables, position, aimAtTarget(position.goal.score), te) : adviseReach(tables, position, position.goal.score)),
  label: (goal) => `reach ${goal.score}`,
  playedBy: reachPlay.plays,
  review: (goal, lane) => ({ analyser: async (rs) => createReachAnalyser(rs, await lane(rs.id, 'reach'), goal.score) }),
};
