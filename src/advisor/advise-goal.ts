import { invalidInput } from '../errors.ts';
import type { Position } from '../position/index.ts';
import type { RuleSet } from '../rules/index.ts';
import { createTurnEval, evaluateState, reachGoalModel, reachNeedLimit, type GameModel, type ReachGoalModel, type ReachTable, type TurnEval } from '../solver/index.ts';
import { advise, adviseProbability } from './advise.ts';
import type { Advice, ProbabilityAdvice } from './types.ts';

/** What a goal other than points needs beside the expected-score model. */
export interface GoalTables {
  reach?: ReachTable;
}

/** Which extra tables a position's goal needs ([] for points). */
export function goalTablesNeeded(position: Position): (keyof GoalTables)[] {
  return position.goal.type === 'points' ? [] : ['reach'];
}

/**
 * Advice for the position's goal: expected points (the default), or the chance of reaching a
 * final total. A target beyond what the reach table holds from this position is an input error
 * that names the largest answerable target; one already reached or out of reach is answered
 * (1 or 0 everywhere).
 */
export function adviseGoal(model: GameModel, tables: GoalTables, position: Position, te?: TurnEval): Advice | ProbabilityAdvice {
  const goal = position.goal;
  if (goal.type === 'points') return advise(model, position, te);
  if (!position.rs.exact) {
    throw invalidInput([{ field: 'goal.type', message: `the reach goal is answered for the exactly solved rule sets, not ${position.rs.id}` }]);
  }
  const table = tables.reach;
  if (!table) throw new Error('the reach goal needs its reach table');
  const need = goal.score - position.score;
  const limit = reachNeedLimit(position.rs, table, position.state);
  if (need > limit) {
    throw invalidInput([
      {
        field: 'goal.score',
        message: `the ${position.rs.id} reach table answers targets up to ${position.score + limit} from this position (${limit} points still needed); rebuild it with a larger --cap for more`,
      },
    ]);
  }
  const { model: reach, te: turn } = reachTurn(position.rs, table);
  reach.need = need;
  return adviseProbability(reach, position, evaluateState(turn, position.state));
}

/**
 * One reach model and turn evaluation per table and thread: a hint sets the points it needs and
 * evaluates the turn there, instead of creating a model and its engine memory per request.
 */
const reachTurns = new WeakMap<ReachTable, { model: ReachGoalModel; te: TurnEval }>();

function reachTurn(rs: RuleSet, table: ReachTable): { model: ReachGoalModel; te: TurnEval } {
  let t = reachTurns.get(table);
  if (!t || t.model.rs !== rs) {
    const model = reachGoalModel(rs, table, 0);
    t = { model, te: createTurnEval(model) };
    reachTurns.set(table, t);
  }
  return t;
}
