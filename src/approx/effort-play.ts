import { createTurnCache, initialState, isFinished, type GameModel, type GameState, type TurnCache } from '../solver/index.ts';
import { candidateCount, createRollouts, decisionSeed, modelOptions, rolloutValues, type CandidateOption, type EffortPlan, type Rollouts } from './rollout.ts';
import { firstRoll, reroll, type DiceStream } from './self-play.ts';

/** A player of whole games at one effort: its own turns and its rollouts' (rollout.ts). */
export interface EffortPlayer {
  plan: EffortPlan;
  turns: TurnCache;
  rollouts: Rollouts;
  /** decisions taken, and those settled by rollouts */
  decisions: number;
  rolledOut: number;
}

export function createEffortPlayer(model: GameModel, plan: EffortPlan): EffortPlayer {
  return { plan, turns: createTurnCache(model, { admit: 'second' }), rollouts: createRollouts(model), decisions: 0, rolledOut: 0 };
}

/**
 * The option a hint at this effort advises: the model's best, or where the plan rolls out two or
 * more options, the one with the best rollout mean (the model's order breaks ties).
 */
export function effortChoice(p: EffortPlayer, options: readonly CandidateOption[], state: GameState, roll: number, rollsLeft: 0 | 1 | 2): CandidateOption {
  p.decisions++;
  const n = candidateCount(p.plan, options);
  if (n === 0) return options[0];
  p.rolledOut++;
  const means = rolloutValues(p.rollouts, state, roll, rollsLeft, options.slice(0, n), p.plan, decisionSeed(state, roll, rollsLeft));
  let best = 0;
  for (let k = 1; k < n; k++) if (means[k] > means[best]) best = k;
  return options[best];
}

/**
 * Plays one game of `dice` (self-play.ts's common random numbers) deciding every hold and box as
 * a hint at the player's effort would: the yardstick of bench/effort.ts against the model alone.
 */
export function playEffortGame(model: GameModel, p: EffortPlayer, dice: DiceStream): number {
  const rs = model.rs;
  const counts = [0, 0, 0, 0, 0, 0];
  let state = initialState(rs);
  let score = 0;
  for (let turn = 0; !isFinished(rs, state); turn++) {
    const te = p.turns.get(state);
    let roll = firstRoll(te, dice, turn, counts);
    for (let rollNo = 0; ; rollNo++) {
      const rollsLeft = (2 - rollNo) as 0 | 1 | 2;
      const o = effortChoice(p, modelOptions(te, roll, rollsLeft), state, roll, rollsLeft);
      if ('keep' in o) {
        roll = reroll(te, dice, turn, rollNo + 1, o.keep, counts);
        continue;
      }
      score += o.gain;
      state = o.next;
      break;
    }
  }
  return score;
}
