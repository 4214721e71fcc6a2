// @ts-check
/**
 * The coach's dice: a seeded PRNG, so a game is shared by its seed. Each roll of each turn draws
 * from its own stream (seed, turn, roll), so an undone decision meets the same dice again and two
 * players who hold differently still see the same luck on every roll they both make.
 */

/**
 * 32-bit FNV-1a hash of a string.
 * @param {string} text
 */
export function hashText(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * mulberry32: small, fast and good enough for dice; returns floats in [0, 1).
 * @param {number} seed
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` faces for roll `roll` (1-based) of turn `turn` (1-based) of the game `seed`.
 * @param {string} seed
 * @param {number} turn
 * @param {number} roll
 * @param {number} count
 */
export function rollDice(seed, turn, roll, count) {
  const next = mulberry32(hashText(`${seed}/${turn}/${roll}`));
  return Array.from({ length: count }, () => 1 + Math.floor(next() * 6));
}

/** A fresh seed: 8 base-36 characters, short enough to read out. */
export function newSeed() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return (words[0].toString(36) + words[1].toString(36)).slice(0, 8).padStart(8, '0');
}
