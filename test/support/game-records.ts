import type { GameRecord, TurnRecord } from '../../src/analysis/index.ts';
import { subKeepsOf } from '../../src/dice/index.ts';
import { holdAction, keepOfFaces } from '../../src/position/index.ts';
import type { GameModel } from '../../src/solver/index.ts';
import { mulberry32 } from './random-positions.ts';
import { bestHold, boxCount, createTurnEval, evaluateState, holdOptions, initialState, isFinished, rankedScoreOptions } from '../../src/solver/index.ts';

/** The seeded PRNG of the position generator, so generated games are the same on every run. */
export const seededRandom = mulberry32;

function rollDice(rng: () => number, n: number): number[] {
  return Array.from({ length: n }, () => 1 + Math.floor(rng() * 6));
}

/** Records keep dice in any order; shuffling checks that the analysis does not care. */
function shuffle<T>(rng: () => number, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

export interface PlayOptions {
  /** probability that a decision is random instead of optimal (0 = optimal play) */
  noise?: number;
  /** stop after this many turns (an unfinished game) */
  turns?: number;
  /**
   * Decisions (1-based turn, roll 1 or 2 = hold, roll 3 = box) to get wrong on purpose: the worst
   * hold, or the worst box after a third roll. Each is logged with the loss the engine's option
   * lists give (best minus worst).
   */
  worst?: (turn: number, roll: number) => boolean;
  injected?: { turn: number; roll: number; kind: 'hold' | 'score'; loss: number }[];
}

/**
 * A game played through the engine's own choices: bestHold before each reroll and the best ranked
 * box, stopping early only where rerolling cannot beat scoring now. With `noise`, some holds,
 * stops and boxes are random instead.
 */
export function playGame(model: GameModel, rng: () => number, opts: PlayOptions = {}): GameRecord {
  const { rs } = model;
  const dice = model.c.dice;
  const noise = opts.noise ?? 0;
  const te = createTurnEval(model);
  let state = initialState(rs);
  const turns: TurnRecord[] = [];
  const maxTurns = opts.turns ?? boxCount(rs);
  while (turns.length < maxTurns && !isFinished(rs, state)) {
    evaluateState(te, state);
    let faces = rollDice(rng, rs.dice);
    const rolls = [faces];
    const holds: number[][] = [];
    const turnNo = turns.length + 1;
    const worstBox = opts.worst?.(turnNo, 3) ?? false;
    for (let roll = 1; roll < 3; roll++) {
      const rollKeep = keepOfFaces(dice, faces);
      let keep: number;
      if (opts.worst?.(turnNo, roll)) {
        const all = holdOptions(te, rollKeep, roll === 1 ? 2 : 1);
        keep = all[all.length - 1].keep;
        opts.injected?.push({ turn: turnNo, roll, kind: 'hold', loss: all[0].ev - all[all.length - 1].ev });
      } else if (rng() < noise) {
        if (rng() < 0.2) break;
        const subs = subKeepsOf(dice, rollKeep);
        keep = subs[Math.floor(rng() * subs.length)];
      } else {
        const bh = bestHold(te, rollKeep, roll === 1 ? 2 : 1);
        const now = (roll === 1 ? te.first : te.later)[rollKeep];
        if (now >= bh.ev && !worstBox) break;
        keep = bh.keep;
      }
      const held = (holdAction(dice, keep) as { hold: number[] }).hold;
      holds.push(shuffle(rng, held.slice()));
      faces = shuffle(rng, [...held, ...rollDice(rng, rs.dice - held.length)]);
      rolls.push(faces);
    }
    const options = rankedScoreOptions(te, keepOfFaces(dice, faces), rolls.length === 1);
    let o = rng() < noise ? options[Math.floor(rng() * options.length)] : options[0];
    if (worstBox) {
      o = options[options.length - 1];
      opts.injected?.push({ turn: turnNo, roll: 3, kind: 'score', loss: options[0].ev - o.ev });
    }
    const turn: TurnRecord = { rolls, holds, box: rs.boxes[o.box].id };
    if (rs.columns.length > 1) turn.column = o.column + 1;
    turns.push(turn);
    state = o.next;
  }
  return { ruleset: rs.id, turns };
}

/** `count` games from one seed; the first `optimal` of each ten are played without noise. */
export function playGames(model: GameModel, seed: number, count: number, noise = 0.1, optimalShare = 0.5): GameRecord[] {
  const rng = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => playGame(model, rng, { noise: i % 10 < optimalShare * 10 ? 0 : noise }));
}
