import type { DiceTables } from '../dice/index.ts';
import { holdAction, keepOfFaces, scoreAction, type Action, type Position } from '../position/index.ts';
import type { RuleSet } from '../rules/index.ts';
import {
  createMomentsSolver,
  createTurnEval,
  evaluateState,
  momentsSd,
  snapProbability,
  turnMoments,
  type MomentsSolver,
  holdOptions,
  rankedScoreOptions,
  type GameModel,
  type GameState,
  type HoldOption,
  type RankedScoreOption,
  stateKey,
  TIE_EPSILON,
  type TurnEval,
} from '../solver/index.ts';
import { NEAR_TIE_POINTS, NEAR_TIE_PROBABILITY, type Advice, type AdviceOption, type OptionRefiner, type ProbabilityAdvice, type ProbabilityOption } from './types.ts';

/** The turn `advise` reads: the evaluation of the position's state, made now unless the caller has it. */
function turnFor(model: GameModel, state: GameState, te: TurnEval | undefined): TurnEval {
  if (!te) return evaluateState(createTurnEval(model), state);
  if (te.model !== model) throw new Error(`TurnEval belongs to ${te.model.rs.id}, not ${model.rs.id}`);
  if (stateKey(te.state) !== stateKey(state)) throw new Error('TurnEval was evaluated for another state');
  return te;
}

/**
 * Readable actions are built once per keep and per box, then shared (frozen) by every advice:
 * a hint lists up to 45 of them, and allocating them per request was a visible share of its cost.
 */
const holdActions = new WeakMap<DiceTables, Action[]>();
const scoreActions = new WeakMap<RuleSet, Action[][]>();

function freezeAction(a: Action): Action {
  if ('hold' in a) Object.freeze(a.hold);
  return Object.freeze(a);
}

function sharedHoldAction(t: DiceTables, keep: number): Action {
  let list = holdActions.get(t);
  if (!list) holdActions.set(t, (list = []));
  return (list[keep] ??= freezeAction(holdAction(t, keep)));
}

function sharedScoreAction(rs: RuleSet, column: number, box: number): Action {
  let table = scoreActions.get(rs);
  if (!table) scoreActions.set(rs, (table = rs.columns.map(() => [])));
  return (table[column][box] ??= freezeAction(scoreAction(rs, column, box)));
}

function scoreOption(model: GameModel, o: RankedScoreOption, bestEv: number): AdviceOption {
  const loss = Math.max(0, bestEv - o.ev);
  const action = sharedScoreAction(model.rs, o.column, o.box);
  const nearTie = loss < NEAR_TIE_POINTS;
  // Keys in one order in every option, `bonus` only where earned: the JSON stays compact and stable.
  return o.bonus > 0
    ? { action, ev: o.ev, loss, points: o.points, bonus: o.bonus, nearTie }
    : { action, ev: o.ev, loss, points: o.points, nearTie };
}

function holdOption(model: GameModel, o: HoldOption, bestEv: number): AdviceOption {
  const loss = Math.max(0, bestEv - o.ev);
  return { action: sharedHoldAction(model.c.dice, o.keep), ev: o.ev, loss, nearTie: loss < NEAR_TIE_POINTS };
}

/**
 * Advice for a position: every legal action with its expected value, best first. With rerolls
 * left that is every distinct hold and every box open now; with none, every open box; at the
 * start of a turn (no dice) only the value of the state. `te`, when given, is the evaluation of
 * the position's state by `model` (from a TurnCache: solver/turn-cache.ts).
 */
export function advise(model: GameModel, position: Position, te?: TurnEval, refiner?: OptionRefiner): Advice {
  if (model.valueKind === 'probability') throw new Error('a probability model is advised by adviseProbability');
  if (refiner && model.exact) throw new Error('an exact model needs no refiner');
  const advice = rankOptions(model, position, te, refiner);
  if (!model.exact) advice.effort = refiner?.effort ?? 0;
  return advice;
}

/**
 * The options ranked by the model's values, whatever they are: `advise` labels them as expected
 * points, `adviseProbability` relabels them as chances.
 */
function rankOptions(model: GameModel, position: Position, te?: TurnEval, refiner?: OptionRefiner): Advice {
  if (model.rs.id !== position.rs.id) throw new Error(`model for ${model.rs.id} asked about a ${position.rs.id} position`);
  const turn = turnFor(model, position.state, te);
  const { score, rollsLeft, dice } = position;
  const base = { ruleset: model.rs.id, exact: model.exact, score, stateValue: turn.value };
  if (!dice) {
    const start: Advice = { ...base, expectedFinalScore: score + turn.value, rollsLeft, options: [] };
    const sd = finalScoreSd(model, position, -1);
    if (sd !== undefined) start.finalScoreSd = sd;
    return start;
  }

  const roll = keepOfFaces(model.c.dice, dice);
  const scores = rankedScoreOptions(turn, roll, rollsLeft === 2);
  const holds = rollsLeft === 0 ? [] : holdOptions(turn, roll, rollsLeft);
  // Both lists come sorted best first: merge them instead of sorting again. Scoring now and holding
  // every die are the same decision when their values tie; the score option, which ends the turn
  // and is what a player would write down, is then listed first.
  const scoreFirst = (i: number, j: number) =>
    j >= holds.length || (i < scores.length && scores[i].ev >= holds[j].ev - TIE_EPSILON);
  const bestEv = scores.length + holds.length === 0 ? 0 : scoreFirst(0, 0) ? scores[0].ev : holds[0].ev;
  const options: AdviceOption[] = [];
  let i = 0;
  let j = 0;
  while (i < scores.length || j < holds.length) {
    if (scoreFirst(i, j)) options.push(scoreOption(model, scores[i++], bestEv));
    else options.push(holdOption(model, holds[j++], bestEv));
  }
  if (refiner) refineOptions(refiner, turn, roll, rollsLeft, scores, holds, scoreFirst, options);
  const advice: Advice = {
    ...base,
    expectedFinalScore: score + (options.length ? options[0].ev : turn.value),
    dice,
    rollsLeft,
    options,
  };
  // The best option is a near-tie only when another option comes within the threshold of it.
  if (options.length) options[0].nearTie = options.length > 1 && options[1].loss < NEAR_TIE_POINTS;
  if (options.length) advice.best = options[0];
  const sd = finalScoreSd(model, position, roll);
  if (sd !== undefined) advice.finalScoreSd = sd;
  return advice;
}

/**
 * Effort above 0: the refiner's values replace the model's for the first options it values
 * (ev = their rollout mean, `rollouts` says how many), which are then ranked among themselves by
 * those values; the options after them keep the model's ev and loss.
 */
function refineOptions(
  refiner: OptionRefiner,
  turn: TurnEval,
  roll: number,
  rollsLeft: 0 | 1 | 2,
  scores: readonly RankedScoreOption[],
  holds: readonly HoldOption[],
  scoreFirst: (i: number, j: number) => boolean,
  options: AdviceOption[],
): void {
  const engine: (HoldOption | RankedScoreOption)[] = [];
  for (let i = 0, j = 0; i < scores.length || j < holds.length; ) engine.push(scoreFirst(i, j) ? scores[i++] : holds[j++]);
  const r = refiner.refine(turn, roll, rollsLeft, engine);
  if (!r) return;
  const n = r.values.length;
  const order = [...r.values.keys()].sort((a, b) => r.values[b] - r.values[a] || a - b);
  const top = r.values[order[0]];
  const refined = order.map((k): AdviceOption => {
    const loss = top - r.values[k];
    return { ...options[k], ev: r.values[k], loss, nearTie: loss < NEAR_TIE_POINTS, rollouts: r.rollouts };
  });
  options.splice(0, n, ...refined);
}

const momentsSolvers = new WeakMap<GameModel, MomentsSolver>();

/**
 * Standard deviation of the final score under optimal play from this decision point, where the
 * model has its moments table (exact single-column rule sets); `roll` is -1 at the start of a turn.
 */
function finalScoreSd(model: GameModel, position: Position, roll: number): number | undefined {
  const moments = model.moments;
  if (!moments) return undefined;
  let s = momentsSolvers.get(model);
  if (!s) momentsSolvers.set(model, (s = createMomentsSolver(model.c)));
  const col = position.state.columns[0];
  const flag = col.yahtzee50 && model.c.layout.flags === 2 ? 1 : 0;
  const [e, e2] = turnMoments(s, moments, col.mask, Math.min(model.c.layout.threshold, col.upper), flag, roll, position.rollsLeft);
  return momentsSd(e, e2);
}

/**
 * What a probability model's value is shown as: `action` is the option's (the advisor's shared
 * action objects), undefined for the chance from the start of the turn.
 */
export type ShownChance = (value: number, action?: Action) => number;

/**
 * Advice for a probability goal (reach a target): the same engine run on a model whose values
 * are chances (reach-model.ts), so the options, their order and the ties come from `advise`.
 * `chance`: what a value is shown as (default: as the tables keep it, snapProbability); the
 * options keep the model's order, and losses are taken between shown chances.
 */
export function adviseProbability(model: GameModel, position: Position, te?: TurnEval, chance: ShownChance = snapProbability): ProbabilityAdvice {
  if (model.valueKind !== 'probability') throw new Error('adviseProbability needs a probability model');
  const a = rankOptions(model, position, te);
  const top = a.options.length ? chance(a.options[0].ev, a.options[0].action) : 0;
  const options: ProbabilityOption[] = a.options.map(({ ev, ...o }) => {
    const probability = chance(ev, o.action);
    const loss = Math.max(0, top - probability);
    const nearTie = loss < NEAR_TIE_PROBABILITY;
    return o.bonus !== undefined
      ? { action: o.action, probability, loss, points: o.points, bonus: o.bonus, nearTie }
      : o.points !== undefined
        ? { action: o.action, probability, loss, points: o.points, nearTie }
        : { action: o.action, probability, loss, nearTie };
  });
  if (options.length) options[0].nearTie = options.length > 1 && options[1].loss < NEAR_TIE_PROBABILITY;
  const out: ProbabilityAdvice = {
    ruleset: a.ruleset,
    exact: a.exact,
    goal: position.goal,
    score: a.score,
    probabilityBefore: chance(a.stateValue),
    // The best option's own value: score + ev − score would differ from it by rounding.
    probability: options.length ? options[0].probability : chance(a.stateValue),
    dice: a.dice,
    rollsLeft: a.rollsLeft,
    options,
  };
  if (!out.dice) delete out.dice;
  if (options.length) out.best = options[0];
  return out;
}
