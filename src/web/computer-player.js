// @ts-check
import { extraYahtzeeBonus, replay } from './coach-game.js';
import { holdPositions } from './dice.js';

/**
 * The coach's computer opponent. It plays for the most points: every decision is the best option
 * of the points hint for its position, on its own dice (the game's seed with "/computer"). Its game
 * depends on nothing the player does, so it is fixed by the seed: an undo on the player's side
 * only shows fewer of its turns, and a shared link replays the same opponent.
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./types.js').Action} Action
 * @typedef {import('./coach-game.js').Step} Step
 * @typedef {import('./coach-game.js').GameState} GameState
 */

/** @param {string} seed */
export function computerSeed(seed) {
  return `${seed}/computer`;
}

/**
 * @param {RuleSet} rs
 * @param {string} seed the game's seed (the computer rolls its own stream from it)
 * @param {(g: GameState) => Promise<Advice>} hint the points hint for a position of the computer's game
 */
export function createComputer(rs, seed, hint) {
  const own = computerSeed(seed);
  /** @type {Step[]} */
  const steps = [];
  /** @type {Promise<void>} */
  let queue = Promise.resolve();

  /** @param {number} turns */
  async function play(turns) {
    for (;;) {
      const g = replay(rs, own, steps);
      if (g.over || g.records.length >= turns) return;
      const advice = await hint(g);
      const best = advice.best;
      if (!best) throw new Error('the hint gave the computer no option');
      /** @type {import('./coach-game.js').Verdict} */
      const verdict = { loss: 0, nearTie: false, best: best.action, chosen: best.action, turn: g.turn, roll: g.roll };
      if ('hold' in best.action && g.roll < 3) {
        const keep = holdPositions(g.dice, best.action.hold);
        steps.push({ kind: 'hold', keep: g.dice.map((_, i) => keep.has(i)), verdict });
        continue;
      }
      if (!('score' in best.action)) throw new Error('the hint told the computer to reroll with no rerolls left');
      const column = (best.action.column ?? 1) - 1;
      const box = rs.boxes.findIndex((b) => 'score' in best.action && b.id === best.action.score);
      steps.push({ kind: 'score', box, column, points: best.points ?? 0, yahtzeeBonus: extraYahtzeeBonus(rs, g, column), verdict });
    }
  }

  return {
    /**
     * Plays on until the computer has finished `turns` turns (or its game); one run at a time, in order.
     * @param {number} turns
     * @returns {Promise<void>}
     */
    playUntil(turns) {
      const run = queue.catch(() => undefined).then(() => play(turns));
      queue = run;
      return run;
    },
    /**
     * The computer's game after its first `turns` turns, as far as it has played them.
     * @param {number} turns
     * @returns {GameState}
     */
    after(turns) {
      let n = 0;
      const upTo = steps.findIndex((s) => s.kind === 'score' && ++n > turns);
      return replay(rs, own, upTo < 0 ? steps : steps.slice(0, upTo));
    },
  };
}
