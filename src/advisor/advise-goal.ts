import { invalidInput } from '../errors.ts';
import type { Action, Goal, Position } from '../position/index.ts';
import { isPlainSingleColumn, isSolvedExactly, type RuleSet } from '../rules/index.ts';
import {
  aimIsExact,
  createTurnEval,
  END_GAME_BOXES,
  endGameModel,
  evaluateState,
  evaluateStateFor,
  boxCount,
  filledCount,
  goalSteers,
  opponentFinal,
  meanTotal,
  pointMass,
  reachGoalModel,
  reachNeedLimit,
  shareCurve,
  snapProbability,
  winGoalModel,
  openBoxes,
  opponentAim,
  type EndGameModel,
  type FinalDistribution,
  type GameModel,
  type GoalAim,
  type ReachGoalModel,
  type ReachTable,
  type ShareCurve,
  type ThresholdModel,
  type TurnEval,
  type WinGoalModel,
} from '../solver/index.ts';
import { advise, adviseProbability, type ShownChance } from './advise.ts';
import { clampChance, optionFloors, shareFloor } from './win-bounds.ts';
import { calibrateGoalChance, goalCalibration } from './goal-calibration.ts';
import { calibrateWinChance, winCalibration, type WinCalibration } from './win-calibration.ts';
import { NEAR_TIE_PROBABILITY, type ProbabilityAdvice, type ProbabilityOption } from './types.ts';

/** What a goal other than points needs beside the expected-score model. */
export interface GoalTables {
  reach?: ReachTable;
  /** the points distribution of expected-score play: how opponents in progress finish */
  distribution?: ReachTable;
  /** multi-column rule sets: the approximate goal model over the column tables (approx/goal-model.ts) */
  goal?: ThresholdModel;
}

/** Refuses a goal played from the exact lane tables on a rule set they do not fit. */
export function requireExactGoal(position: Position): void {
  if (!isSolvedExactly(position.rs) || !isPlainSingleColumn(position.rs)) {
    throw invalidInput([{ field: 'goal.type', message: `the ${position.goal.type} goal is answered for the exactly solved rule sets, not ${position.rs.id}` }]);
  }
}

/**
 * Advice for reaching a final total of `target` on an exactly solved rule set, from its reach
 * table. A target beyond what the table holds from this position is an input error that names the
 * largest answerable target; one already reached or out of reach is answered (1 or 0 everywhere).
 */
export function adviseReach(tables: GoalTables, position: Position, target: number): ProbabilityAdvice {
  requireExactGoal(position);
  const table = tables.reach;
  if (!table) throw new Error('the reach goal needs its reach table');
  const need = target - position.score;
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
 * opponents' final totals (win-share.ts). With at most END_GAME_BOXES boxes open the end game is
 * solved exactly (end-game.ts): the options' shares are what playing them on achieves, and the
 * advice says `exact: true`. Before that each target's best chance stands in for one plan beyond
 * this turn (win-model.ts): an estimate that is a proven ceiling on the share (`exact: false`;
 * docs/goals.md measures its error by boxes open).
 *
 * Where the rule set has a calibration (win-calibration.ts), it is applied only in the situation
 * it was fitted on: as many opponents as in its games, every one still playing. There the estimate is mapped down towards the
 * share the advice's own play took, but never below the proven floor of each option (win-bounds.ts)
 * nor above the estimate. Against finished opponents nothing needs calibrating: the estimate
 * already lies between the chance of beating their total and the chance of reaching it.
 */
export function adviseWin(tables: GoalTables, position: Position, calibration?: WinCalibration | null): ProbabilityAdvice {
  requireExactGoal(position);
  const rs = position.rs;
  const finals = opponentFinals(rs, tables.distribution, position);
  const curve = shareCurve(finals);
  let advice: ProbabilityAdvice;
  const open = openBoxes(rs, position.state);
  if (open <= END_GAME_BOXES) {
    const { model, te } = endGameTurn(rs);
    model.score = position.score;
    model.curve = curve;
    advice = adviseProbability(model, position, evaluateState(te, position.state));
  } else {
    if (!tables.reach) throw new Error('the win goal needs the reach table');
    const { model, te } = winTurn(rs, tables.reach);
    model.score = position.score;
    model.curve = curve;
    // null: the estimate as it is (what bench/win-calibration.ts fits the calibration to); undefined: the stored one.
    const stored = calibration === undefined ? winCalibration(rs.id, finals.length) : calibration;
    const fit = stored && fittedSituation(finals, stored) ? stored.byOpen[String(open)] : undefined;
    const chance = stored && fit ? calibratedChance(rs.id, open, stored, shareFloors(curve, tables.reach, position)) : undefined;
    advice = adviseProbability(model, position, evaluateState(te, position.state), chance);
    if (stored && fit) advice.calibration = { games: stored.games, seed: stored.seed, boxesOpen: open, turns: fit.turns };
  }
  advice.opponents = finals.map((f) => ({ expectedFinalScore: meanTotal(f) }));
  return advice;
}

/** The calibration's games: its number of opponents, each one's final total still to come. */
function fittedSituation(finals: readonly FinalDistribution[], calibration: WinCalibration): boolean {
  return finals.length === calibration.opponents && finals.every((f) => f.p.length > 1);
}

interface ShareFloors {
  /** the floor from the start of the turn */
  before: number;
  /** an option's floor */
  of(action: Action): number;
}

/** The proven floor of the share from the turn start and of every option (win-bounds.ts). */
function shareFloors(curve: ShareCurve, reach: ReachTable, position: Position): ShareFloors {
  const floor = shareFloor(curve, reach, position);
  // Played for the points already on the sheet, every option keeps u(score).
  if (floor.need === 0 || !position.dice) return { before: floor.before, of: () => floor.share };
  const { model, te } = reachTurn(position.rs, reach);
  model.need = floor.need;
  const options = optionFloors(floor, adviseProbability(model, position, evaluateState(te, position.state)).options);
  return { before: floor.before, of: (action) => options.get(action) ?? 0 };
}

/** The calibrated chance, held between the floor and the estimate (its ceiling). */
function calibratedChance(id: RuleSet['id'], open: number, calibration: WinCalibration, floors: ShareFloors): ShownChance {
  return (v, action) => {
    const estimate = snapProbability(v);
    const floor = action ? floors.of(action) : floors.before;
    return clampChance(calibrateWinChance(id, open, estimate, calibration), Math.min(floor, estimate), estimate);
  };
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

/** One end-game solver and turn evaluation per rule set and thread, as winTurns. */
const endGameTurns = new WeakMap<RuleSet, { model: EndGameModel; te: TurnEval }>();

function endGameTurn(rs: RuleSet): { model: EndGameModel; te: TurnEval } {
  let t = endGameTurns.get(rs);
  if (!t) {
    const model = endGameModel(rs);
    t = { model, te: createTurnEval(model) };
    endGameTurns.set(rs, t);
  }
  return t;
}

/** One turn evaluation per goal model and thread, whatever goal each request aims it at (its buffers, not its goal). */
const spreadTurns = new WeakMap<ThresholdModel, TurnEval>();

/**
 * How a goal aims a multi-column rule set's goal model at the position (the goal's module passes
 * it to adviseSpreadGoal): the goal the request asks about, and the opponents the advice reports, if any.
 */
export type AimGoalModel = (goalModel: ThresholdModel, position: Position) => { goal: GoalAim; opponents?: ProbabilityAdvice['opponents'] };

/** The reach goal's aim: the points still needed to finish with `score`. */
export function aimAtTarget(score: number): AimGoalModel {
  return (_, position) => ({ goal: { kind: 'reach', need: score - position.score } });
}

/** The win goal's aim: the one opponent's final total, taken with the mean and spread of best play from their sheet. */
export const aimAtTheOpponent: AimGoalModel = (goalModel, position) => {
  const given = position.opponents ?? [];
  if (given.length !== 1) {
    throw invalidInput([{ field: 'goal.opponents', message: `${position.rs.id} is played against one opponent: the win goal takes exactly one, got ${given.length}` }]);
  }
  const { goal, expected } = opponentAim(goalModel, position.score, given[0]);
  return { goal, opponents: [{ expectedFinalScore: expected }] };
};

/**
 * The reach and win goals of a multi-column rule set, from its approximate goal model aimed by
 * `aim`: the chance of reaching the target, or of finishing ahead of the one opponent (a tie
 * counting half). Before the goal's horizon (approx/goal-horizons.ts) the options come in best
 * play's order (`model`, its turn `te`), each with the goal model's chance: there best play's
 * choice did better for the goal.
 */
export function adviseSpreadGoal(
  model: GameModel,
  tables: GoalTables,
  position: Position & { goal: Extract<Goal, { type: 'reach' | 'win' }> },
  aim: AimGoalModel,
  te?: TurnEval,
): ProbabilityAdvice {
  const goalModel = tables.goal;
  if (!goalModel) throw new Error(`the ${position.goal.type} goal of a multi-column rule set needs its goal model`);
  const kind = position.goal.type;
  const { goal, opponents } = aim(goalModel, position);
  const aimed = goalModel.aim(goal);
  let turn = spreadTurns.get(goalModel);
  if (!turn) spreadTurns.set(goalModel, (turn = createTurnEval(aimed)));
  // Near the end the model is exact: a target, or an opponent who has finished. Before that its
  // chances are calibrated where a calibration is fitted (goal-calibration.ts): a finished
  // opponent is a target to the model, so the reach goal's.
  const exact = aimIsExact(goalModel, goal, position.state);
  // Every column's open boxes, as the calibration was fitted (openBoxes counts one column's: the single-column end game's).
  const open = boxCount(position.rs) - filledCount(position.state);
  const calibration = exact ? undefined : goalCalibration(position.rs.id, goal.kind === 'win' && goal.variance > 0 ? 'win' : 'reach');
  const fit = calibration?.byOpen[String(open)];
  const shown: ShownChance | undefined = fit ? (v) => calibrateGoalChance(calibration, open, snapProbability(v)) : undefined;
  const advice = adviseProbability(aimed, position, evaluateStateFor(turn, aimed, position.state), shown);
  if (exact) advice.exact = true;
  if (calibration && fit) advice.calibration = { games: calibration.games, seed: calibration.seed, boxesOpen: open, turns: fit.turns };
  if (opponents) advice.opponents = opponents;
  const horizon = goalModel.horizon[kind];
  if (goalSteers(goalModel, kind, position.state)) {
    advice.steering = { by: 'goal', horizon };
    return advice;
  }
  advice.steering = { by: 'points', horizon };
  if (!advice.options.length) return advice;
  return inPointsOrder(advice, advise(model, position, te ?? pointsTurn(model, position)).options);
}

const pointsTurns = new WeakMap<GameModel, TurnEval>();

/** Best play's turn at the position, on one turn evaluation per model and thread (as spreadTurns). */
function pointsTurn(model: GameModel, position: Position): TurnEval {
  let te = pointsTurns.get(model);
  if (!te) pointsTurns.set(model, (te = createTurnEval(model)));
  return evaluateState(te, position.state);
}

/** `advice`'s options in the order of best play's `ranked` options, losses against the first. */
function inPointsOrder(advice: ProbabilityAdvice, ranked: readonly { action: Action }[]): ProbabilityAdvice {
  // Both lists hold the advisor's shared action objects (advise.ts), so identity finds each option.
  const byAction = new Map<Action, ProbabilityOption>();
  for (const o of advice.options) byAction.set(o.action, o);
  const options = ranked.map((r) => {
    const o = byAction.get(r.action);
    if (!o) throw new Error(`no goal option for ${JSON.stringify(r.action)}`);
    return o;
  });
  const top = options[0].probability;
  for (const o of options) {
    o.loss = top - o.probability;
    o.nearTie = Math.abs(o.loss) < NEAR_TIE_PROBABILITY;
  }
  options[0].nearTie = options.length > 1 && Math.abs(options[1].loss) < NEAR_TIE_PROBABILITY;
  advice.options = options;
  advice.best = options[0];
  advice.probability = top;
  return advice;
}
