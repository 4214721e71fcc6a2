/**
 * The one seeded PRNG and hash mixer: the simulator's dice streams, approx's common dice and the
 * tests' random positions all draw from here; Math.random is never used, so a run is reproducible.
 *
 * Every game has its own generator, seeded from (run seed, game index, stream id) by a hash, so a
 * game's dice do not depend on which thread plays it or in which order: the same seed gives the
 * same games whatever the thread count or chunk size. Stream 0 is the dice; each strategy that
 * wants randomness of its own (the random strategy, user bots) gets a stream named by a hash of
 * its name, so it never consumes, or shifts, the dice.
 */

/** MurmurHash3's 32-bit finaliser: a fast bijective mixer. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** 32-bit FNV-1a hash of a string's UTF-16 code units; the web coach seeds its dice streams with it. */
export function fnv1a32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** 32-bit hash of a string (FNV-1a then mixed), for naming streams. */
export function hashString(s: string): number {
  return fmix32(fnv1a32(s));
}

export const DICE_STREAM = 0;

/** One 32-bit seed for (run seed, game, stream). `seed` may be any non-negative safe integer. */
export function streamSeed(seed: number, game: number, stream: number): number {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 4294967296) >>> 0;
  let h = fmix32(lo ^ 0x243f6a88);
  h = fmix32(h ^ hi ^ 0x85a308d3);
  h = fmix32((h + Math.imul(game >>> 0, 0x9e3779b9)) >>> 0);
  h = fmix32((h ^ Math.floor(game / 4294967296)) >>> 0);
  return fmix32((h + Math.imul(stream >>> 0, 0x632be5ab) + 0x13198a2e) >>> 0);
}

/** xoshiro128** (Blackman and Vigna): 128-bit state, 32-bit outputs, seeded through splitmix32. */
export class Xoshiro128 {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  constructor(seed32 = 0) {
    this.reseed(seed32);
  }

  reseed(seed32: number): void {
    let s = seed32 >>> 0;
    const split = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      return (z ^ (z >>> 15)) >>> 0;
    };
    this.a = split();
    this.b = split();
    this.c = split();
    this.d = split();
    // The all-zero state is the one state xoshiro cannot leave.
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** Next 32-bit unsigned output. */
  next(): number {
    const t = this.b << 9;
    let r = Math.imul(this.b, 5);
    r = Math.imul((r << 7) | (r >>> 25), 9);
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = (this.d << 11) | (this.d >>> 21);
    return r >>> 0;
  }

  /**
   * Fills out[at..at + count) with die faces 0..5: the values of `count` calls of `die()`, in
   * order, with the state held in locals (the simulator draws three rolls' worth of dice a turn).
   */
  dice(out: Uint8Array, count: number, at = 0): void {
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.d;
    for (let i = 0; i < count; i++) {
      const t = b << 9;
      let r = Math.imul(b, 5);
      r = Math.imul((r << 7) | (r >>> 25), 9);
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = (d << 11) | (d >>> 21);
      out[at + i] = (((r >>> 0) * 6) / 4294967296) | 0;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }

  /** Uniform in [0, 1) with 32 random bits. */
  float(): number {
    return this.next() / 4294967296;
  }

  /** Uniform integer in [0, n) for n ≤ 2^32 by multiply-shift; the bias is below 2^-32 · n, far below any test. */
  below(n: number): number {
    return Math.floor((this.next() * n) / 4294967296);
  }

  /** A die face index 0..5 (face − 1). */
  die(): number {
    return ((this.next() * 6) / 4294967296) | 0;
  }
}

/**
 * mulberry32 (Tommy Ettinger): a one-word generator, returns floats in [0, 1). Approx's common dice
 * and the tests' random positions use it; their pinned results were drawn with it.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
