import type { Issue } from '../errors.ts';
import { fmix32, hashString } from '../dice/index.ts';
import type { RuleSet } from '../rules/index.ts';
import { isSolvedExactly } from '../rules/index.ts';
import {
  createTurnCache,
  holdOptions,
  isFinished,
  rankedScoreOptions,
  stateKey,
  TIE_EPSILON,
  type GameModel,
  type GameState,
  type TurnCache,
  type TurnEval,
} from '../solver/index.ts';
import { commonDice, finishTurn, playTurn, reroll, type DiceStream } from './self-play.ts';

/**
 * Effort: a multi-column decision settled by rollouts of the current policy instead of by the
 * model's value alone. The model's best options (at most `candidates`, and only those within
 * `window` points of its best) are each followed by `rollouts` plays of the engine on the model:
 * the rest of the turn, then `horizon` more turns, then the model's value of the state reached
 * (to the end of the game where the horizon passes it). The option with the best mean wins.
 *
 * Every option's rollout j plays the same dice, `commonDice(seed, j)` (common random numbers),
 * so the options' means differ by their decisions, not by their luck: a difference of a point is
 * seen in a few dozen rollouts where independent dice would need thousands. The seed is a hash
 * of the decision, so the same position gets the same advice.
 */
export interface EffortPlan {
  /** the model's best options rolled out, at most */
  candidates: number;
  /** only options within this many points of the model's best are rolled out */
  window: number;
  /** rollouts per option */
  rollouts: number;
  /** full turns played after the decision's own turn before the model values the state reached */
  horizon: number;
}

/**
 * Effort 0 is the model alone (no rollouts, a hint under 1 ms). Each level up costs more; the
 * latency and the self-play gain of each are measured by bench/effort.ts (docs/multi-column.md, "Effort").
 */
export const EFFORT_PLANS: readonly EffortPlan[] = [
  { candidates: 1, window: 0, rollouts: 0, horizon: 0 },
  { candidates: 2, window: 3, rollouts: 128, horizon: 2 },
  { candidates: 3, window: 5, rollouts: 256, horizon: 3 },
  { candidates: 4, window: 8, rollouts: 512, horizon: 4 },
];

export const MAX_EFFORT = EFFORT_PLANS.length - 1;

/** The request's effort, validated: an integer 0 to MAX_EFFORT, above 0 only for multi-column rule sets. */
export function parseEffort(value: unknown, rs: RuleSet): { ok: true; effort: number } | { ok: false; issues: Issue[] } {
  if (value === undefined) return { ok: true, effort: 0 };
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_EFFORT) {
    return { ok: false, issues: [{ field: 'effort', message: `must be an integer 0 to ${MAX_EFFORT}, got ${JSON.stringify(value)}` }] };
  }
  if (value > 0 && isSolvedExactly(rs)) {
    return { ok: false, issues: [{ field: 'effort', message: `${rs.id} is solved exactly: its advice needs no rollouts (effort 0)` }] };
  }
  return { ok: true, effort: value };
}

/** An option as the engine lists it: a hold (keep index) or a box to score in. */
export type CandidateOption = { keep: number; ev: number } | { gain: number; next: GameState; ev: number };

/** Rollout machinery of one model: its own turn cache, so the caller's turn evaluations stay valid. */
export interface Rollouts {
  model: GameModel;
  turns: TurnCache;
  counts: number[];
}

export function createRollouts(model: GameModel): Rollouts {
  return { model, turns: createTurnCache(model, { admit: 'first', holdsOnly: true }), counts: [0, 0, 0, 0, 0, 0] };
}

/** How many of `options` (the model's best first) a plan rolls out: 0 or 1 means the model decides alone. */
export function candidateCount(plan: EffortPlan, options: readonly { ev: number }[]): number {
  if (plan.rollouts === 0 || options.length < 2) return 0;
  let n = 1;
  while (n < options.length && n < plan.candidates && options[n].ev >= options[0].ev - plan.window) n++;
  return n < 2 ? 0 : n;
}

/** The seed of a decision's rollouts: a hash of everything the decision depends on. */
export function decisionSeed(state: GameState, roll: number, rollsLeft: number): number {
  return fmix32(hashString(`${stateKey(state)}#${roll}#${rollsLeft}`));
}

/** Rollout means of a decision's options, and each one's paired standard error against option 0. */
export interface RolloutStats {
  means: Float64Array;
  /** standard error of mean_k − mean_0 over the rollouts (0 for option 0) */
  se: Float64Array;
}

/**
 * Mean outcome (points still to come, the option's own included) of `plan.rollouts` rollouts of
 * each of `options`, a decision after roll `roll` with `rollsLeft` rerolls left in `state`, on
 * the dice streams of `seed`; with the paired standard error of each mean's difference to
 * option 0's (the same dice in both).
 */
export function rolloutStats(r: Rollouts, state: GameState, roll: number, rollsLeft: 0 | 1 | 2, options: readonly CandidateOption[], plan: EffortPlan, seed: number): RolloutStats {
  const n = options.length;
  const M = plan.rollouts;
  const sums = new Float64Array(n);
  const diffSq = new Float64Array(n);
  const one = new Float64Array(n);
  for (let j = 0; j < M; j++) {
    const dice = commonDice(seed, j);
    for (let k = 0; k < n; k++) one[k] = rolloutOnce(r, state, roll, rollsLeft, options[k], plan.horizon, dice);
    for (let k = 0; k < n; k++) {
      sums[k] += one[k];
      diffSq[k] += (one[k] - one[0]) ** 2;
    }
  }
  const means = sums.map((x) => x / M);
  const se = new Float64Array(n);
  for (let k = 1; k < n; k++) {
    const d = means[k] - means[0];
    se[k] = M > 1 ? Math.sqrt(Math.max(0, diffSq[k] / M - d * d) / (M - 1)) : Infinity;
  }
  return { means, se };
}

/**
 * Rollouts are noisy and the model's ranking is already close (its gaps between the best options
 * are often under a point, the paired rollout differences have an SD of 8–12 points a rollout):
 * an option differs from the model's choice (option 0) only where the rollouts tell them apart,
 * its mean more than SIGNIFICANCE standard errors from option 0's. Where they cannot, its value
 * is option 0's (a tie, which the model's order breaks), so noise alone never overturns the model.
 */
export const SIGNIFICANCE = 2;

/** The values a decision's options get at effort: rolloutStats with SIGNIFICANCE applied. */
export function rolloutValues(r: Rollouts, state: GameState, roll: number, rollsLeft: 0 | 1 | 2, options: readonly CandidateOption[], plan: EffortPlan, seed: number): Float64Array {
  const { means, se } = rolloutStats(r, state, roll, rollsLeft, options, plan, seed);
  for (let k = 1; k < means.length; k++) if (Math.abs(means[k] - means[0]) <= SIGNIFICANCE * se[k]) means[k] = means[0];
  return means;
}

/**
 * One rollout: the option, the rest of its turn (turn 0 of `dice`; a hold rerolls as the next
 * roll of that turn), then up to `horizon` turns, then the model's value of the state reached.
 */
function rolloutOnce(r: Rollouts, state: GameState, roll: number, rollsLeft: 0 | 1 | 2, o: CandidateOption, horizon: number, dice: DiceStream): number {
  const { model, turns, counts } = r;
  let points: number;
  let s: GameState;
  if ('keep' in o) {
    const te = turns.get(state);
    const rollNo = 3 - rollsLeft;
    const next = reroll(te, dice, 0, rollNo, o.keep, counts);
    const box = finishTurn(te, dice, 0, next, rollNo, counts);
    points = box.gain;
    s = box.next;
  } else {
    points = o.gain;
    s = o.next;
  }
  for (let turn = 1; turn <= horizon; turn++) {
    if (isFinished(model.rs, s)) return points;
    const box = playTurn(turns.get(s), dice, turn, counts);
    points += box.gain;
    s = box.next;
  }
  return isFinished(model.rs, s) ? points : points + model.value(s);
}

/**
 * The engine's options after roll `roll` with `rollsLeft` rerolls left, best first by the model:
 * every open box and every distinct hold, a box ahead of a hold of equal value (as in advice).
 */
export function modelOptions(te: TurnEval, roll: number, rollsLeft: 0 | 1 | 2): CandidateOption[] {
  const scores = rankedScoreOptions(te, roll, rollsLeft === 2);
  const holds = rollsLeft === 0 ? [] : holdOptions(te, roll, rollsLeft);
  const out: CandidateOption[] = [];
  let i = 0;
  let j = 0;
  while (i < scores.length || j < holds.length) {
    if (j >= holds.length || (i < scores.length && scores[i].ev >= holds[j].ev - TIE_EPSILON)) out.push(scores[i++]);
    else out.push(holds[j++]);
  }
  return out;
}

const modelRollouts = new WeakMap<GameModel, Rollouts>();

/**
 * The advisor's refiner (advisor/types.ts OptionRefiner) at `effort` (1 to MAX_EFFORT): the
 * plan's candidates rolled out, their means as their values. One rollout cache per model.
 */
export function effortRefiner(model: GameModel, effort: number): { effort: number; refine(te: TurnEval, roll: number, rollsLeft: 0 | 1 | 2, options: readonly CandidateOption[]): { values: Float64Array; rollouts: number } | undefined } {
  const plan = EFFORT_PLANS[effort];
  if (!plan || effort === 0) throw new Error(`effort must be 1 to ${MAX_EFFORT}, got ${effort}`);
  let r = modelRollouts.get(model);
  if (!r) modelRollouts.set(model, (r = createRollouts(model)));
  const rollouts = r;
  return {
    effort,
    refine(te, roll, rollsLeft, options) {
      const n = candidateCount(plan, options);
      if (n === 0) return undefined;
      return { values: rolloutValues(rollouts, te.state, roll, rollsLeft, options.slice(0, n), plan, decisionSeed(te.state, roll, rollsLeft)), rollouts: plan.rollouts };
    },
  };
}
