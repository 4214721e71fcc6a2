import { invalidInput } from '../errors.ts';
import type { Position } from '../position/index.ts';
import type { RuleSet } from '../rules/index.ts';
import {
  createTurnEval,
  evaluateState,
  opponentFinal,
  meanTotal,
  pointMass,
  reachGoalModel,
  reachNeedLimit,
  shareCurve,
  winGoalModel,
  type FinalDistribution,
  type GameModel,
  type ReachGoalModel,
  type ReachTable,
  type TurnEval,
  type WinGoalModel,
} from '../solver/index.ts';
import { isPlainColumn } from '../solver/fast-play.ts';
import { advise, adviseProbability } from './advise.ts';
import type { Advice, ProbabilityAdvice } from './types.ts';

/** What a goal other than points needs beside the expected-score model. */
export interface GoalTables {
  reach?: ReachTable;
  /** the points distribution of expected-score play: how opponents in progress finish */
  distribution?: ReachTable;
}

/** Which extra tables a position's goal needs ([] for points). */
export function goalTablesNeeded(position: Position): (keyof GoalTables)[] {
  if (position.goal.type === 'points') return [];
  const inProgress = position.opponents?.some((o) => 'state' in o);
  return inProgress ? ['reach', 'distribution'] : ['reach'];
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
  if (!position.rs.exact || !isPlainColumn(position.rs)) {
    throw invalidInput([{ field: 'goal.type', message: `the ${goal.type} goal is answered for the exactly solved rule sets, not ${position.rs.id}` }]);
  }
  if (goal.type === 'win') return adviseWin(tables, position);
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

/** Every opponent's final total in distribution: a point for the finished, the table's for those in progress. */
function opponentFinals(rs: RuleSet, distribution: ReachTable | undefined, position: Position): FinalDistribution[] {
  return (position.opponents ?? []).map((o) => ('finalScore' in o ? pointMass(o.finalScore) : opponentFinal(rs, distribution, o.state, o.score)));
}

/**
 * Advice for the win goal: every option valued by our expected share of the stake against the
 * opponents' final totals (win-share.ts, win-model.ts).
 */
function adviseWin(tables: GoalTables, position: Position): ProbabilityAdvice {
  const rs = position.rs;
  if (!tables.reach) throw new Error('the win goal needs the reach table');
  const finals = opponentFinals(rs, tables.distribution, position);
  const { model, te } = winTurn(rs, tables.reach);
  model.score = position.score;
  model.curve = shareCurve(finals);
  const advice = adviseProbability(model, position, evaluateState(te, position.state));
  advice.opponents = finals.map((f) => ({ expectedFinalScore: meanTotal(f) }));
  return advice;
}

const winTurns = new WeakMap<ReachTable, { model: WinGoalModel; te: TurnEval }>();

function winTurn(rs: RuleSet, table: ReachTable): { model: WinGoalModel; te: TurnEval } {
  let t = winTurns.get(table);
  if (!t || t.model.rs !== rs) {
    const model = winGoalModel(rs, table, shareCurve([]), 0);
    t = { model, te: createTurnEval(model) };
    winTurns.set(table, t);
  }
  return t;
}
