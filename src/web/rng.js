// @ts-check
import { fnv1a32, mulberry32 } from './lib/dice/random.js';

/**
 * The coach's dice: a seeded PRNG, so a game is shared by its seed. Each roll of each turn draws
 * from its own stream (seed, turn, roll), so an undone decision meets the same dice again and two
 * players who hold differently still see the same luck on every roll they both make.
 */

/**
 * `count` faces for roll `roll` (1-based) of turn `turn` (1-based) of the game `seed`.
 * @param {string} seed
 * @param {number} turn
 * @param {number} roll
 * @param {number} count
 */
export function rollDice(seed, turn, roll, count) {
  const next = mulberry32(fnv1a32(`${seed}/${turn}/${roll}`));
  return Array.from({ length: count }, () => 1 + Math.floor(next() * 6));
}

/** A fresh seed: 8 base-36 characters, short enough to read out. */
export function newSeed() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return (words[0].toString(36) + words[1].toString(36)).slice(0, 8).padStart(8, '0');
}
