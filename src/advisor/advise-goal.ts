import { invalidInput } from '../errors.ts';
import type { Position } from '../position/index.ts';
import { reachGoalModel, reachNeedLimit, type GameModel, type ReachTable, type TurnEval } from '../solver/index.ts';
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
  const advice = adviseProbability(reachGoalModel(position.rs, table, need), position);
  return need <= 0 ? certain(advice) : advice;
}

/**
 * A target already reached is certain whatever is played. The engine would say so only to
 * rounding (its sums of outcome probabilities give 1 − 3e-15), and a player told 99.9999…% would
 * look for a risk that is not there.
 */
function certain(a: ProbabilityAdvice): ProbabilityAdvice {
  const tie = a.options.length > 1;
  const options = a.options.map((o) => ({ ...o, probability: 1, loss: 0, nearTie: tie }));
  const out: ProbabilityAdvice = { ...a, probabilityBefore: 1, probability: 1, options };
  if (options.length) out.best = options[0];
  return out;
}
