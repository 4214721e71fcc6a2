import { fmix32, keepIndexOfCounts, mulberry32 } from '../dice/index.ts';
import { engineHold } from '../solver/engine-decisions.ts';
import {
  createTurnCache,
  initialState,
  isFinished,
  rankedScoreOptions,
  type GameModel,
  type GameState,
  type RankedScoreOption,
  type TurnCache,
  type TurnEval,
} from '../solver/index.ts';

/**
 * Self-play of a GameModel through the turn engine, for fitting and measuring the approximate
 * models of this module (the general simulator lives in simulate/).
 *
 * Dice come from common random numbers: each (game, turn, roll) has its own fixed sequence of
 * faces, and a reroll of k dice takes the first k of its roll's sequence. Two strategies playing
 * game g see the same first roll every turn and, where they hold alike, the same rerolls, so
 * their score difference has far less variance than with independent dice.
 */
export type DiceStream = (turn: number, roll: number, index: number) => number;

/** mulberry32 on a hash of (seed, game, turn, roll): the dice of game `game`. */
export function commonDice(seed: number, game: number): DiceStream {
  const cache = new Map<number, Uint8Array>();
  return (turn, roll, index) => {
    const key = turn * 4 + roll;
    let faces = cache.get(key);
    if (!faces) {
      const next = mulberry32(fmix32(fmix32(fmix32(seed >>> 0) ^ game) ^ key));
      faces = new Uint8Array(6);
      for (let i = 0; i < 6; i++) faces[i] = 1 + Math.floor(next() * 6);
      cache.set(key, faces);
    }
    return faces[index];
  };
}

/** Called at the start of every turn with the state and the points scored so far. */
export type TurnHook = (state: GameState, scored: number) => void;

const selfPlayTurns = new WeakMap<GameModel, TurnCache>();

/** One turn cache per model: every self-played game opens in the same states. */
function turnsOf(model: GameModel): TurnCache {
  let turns = selfPlayTurns.get(model);
  if (!turns) selfPlayTurns.set(model, (turns = createTurnCache(model, { admit: 'second' })));
  return turns;
}

/**
 * Plays one game: before each reroll the engine's decision (`engineHold`: the best hold unless
 * scoring now is worth at least as much, then the turn ends), then the best-ranked box. Returns
 * the final score.
 */
export function playModelGame(model: GameModel, dice: DiceStream, onTurn?: TurnHook): number {
  const { rs } = model;
  const turns = turnsOf(model);
  const counts = [0, 0, 0, 0, 0, 0];
  let state = initialState(rs);
  let score = 0;
  for (let turn = 0; !isFinished(rs, state); turn++) {
    onTurn?.(state, score);
    const best = playTurn(turns.get(state), dice, turn, counts);
    score += best.gain;
    state = best.next;
  }
  return score;
}

/** Rolls turn `turn`'s first roll of `dice` (`counts` is scratch): its keep index. */
export function firstRoll(te: TurnEval, dice: DiceStream, turn: number, counts: number[]): number {
  counts.fill(0);
  for (let i = 0; i < te.model.rs.dice; i++) counts[dice(turn, 0, i) - 1]++;
  return keepIndexOfCounts(te.model.c.dice, counts);
}

/**
 * Rerolls all but keep `keep` as roll `rollNo` (1 or 2) of turn `turn`: the first dice of that
 * roll's sequence replace the rerolled ones. Returns the new roll's keep index.
 */
export function reroll(te: TurnEval, dice: DiceStream, turn: number, rollNo: number, keep: number, counts: number[]): number {
  const t = te.model.c.dice;
  for (let f = 0; f < 6; f++) counts[f] = t.keepCounts[keep * 6 + f];
  for (let i = 0; i < te.model.rs.dice - t.keepSize[keep]; i++) counts[dice(turn, rollNo, i) - 1]++;
  return keepIndexOfCounts(t, counts);
}

/**
 * Plays the rest of a turn the engine's way from roll `roll`, made as roll `rollNo` (0 = the first
 * roll), and returns the box it scores.
 */
export function finishTurn(te: TurnEval, dice: DiceStream, turn: number, roll: number, rollNo: number, counts: number[]): RankedScoreOption {
  for (; rollNo < 2; rollNo++) {
    const keep = engineHold(te, roll, rollNo === 0 ? 2 : 1);
    if (keep === roll) break;
    roll = reroll(te, dice, turn, rollNo + 1, keep, counts);
  }
  return rankedScoreOptions(te, roll, rollNo === 0)[0];
}

/** Plays turn `turn` of `dice` the engine's way from the state `te` was evaluated for. */
export function playTurn(te: TurnEval, dice: DiceStream, turn: number, counts: number[]): RankedScoreOption {
  return finishTurn(te, dice, turn, firstRoll(te, dice, turn, counts), 0, counts);
}
