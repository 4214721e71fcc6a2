import { describe, expect, it } from 'vitest';
import { diceTables } from '../src/dice/index.ts';
import { DicewiseError } from '../src/errors.ts';
import { createTurnWorkspace, evaluateTurn } from './support/reference-turn.ts';
import { createTurnKernel, VALUE_CHUNK } from '../src/solver/kernel/turn-kernel.ts';
import { mulberry32 } from './support/random-positions.ts';

/**
 * Score-now values with the cases where a different operation order or maximum would show: exact
 * ties (integers), zeros of both signs, and plain doubles.
 */
function randomScores(n: number, rng: () => number): Float64Array {
  const a = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = rng();
    a[i] = u < 0.1 ? 0 : u < 0.15 ? -0 : u < 0.5 ? Math.floor(rng() * 50) : rng() * 50;
  }
  return a;
}

/** Index of the first element whose bits differ, or -1. */
function firstBitDifference(a: Float64Array, b: Float64Array): number {
  expect(a.length).toBe(b.length);
  const x = new BigUint64Array(a.buffer, a.byteOffset, a.length);
  const y = new BigUint64Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return i;
  return -1;
}

/** Lane j of a per-keep array packed for L lanes, `rows` rows of it. */
function lane(a: Float64Array, L: number, j: number, rows: number): Float64Array {
  const out = new Float64Array(rows);
  for (let k = 0; k < rows; k++) out[k] = a[k * L + j];
  return out;
}

describe('WebAssembly turn kernel', () => {
  for (const dice of [5, 6]) {
    const t = diceTables(dice);
    const R = t.rollCount;
    const K = t.keepCount;
    for (const L of [1, 2, 3, 64, 257]) {
      for (const firstDiffers of [false, true]) {
        it(`${dice} dice, ${L} lane${L > 1 ? 's' : ''}${firstDiffers ? ', first-roll scores differ' : ''}: same bits as the engine`, () => {
          const rng = mulberry32(dice * 1000 + L * 2 + (firstDiffers ? 1 : 0));
          const later = randomScores(R * L, rng);
          const first = firstDiffers ? later.map((v) => (rng() < 0.3 ? v + rng() * 10 : v)) : later;
          const kernel = createTurnKernel(t, L);
          kernel.scoreLater.set(later);
          if (firstDiffers) kernel.scoreFirst.set(first);
          const v0 = kernel.evaluate(firstDiffers);

          const ws = createTurnWorkspace(t, L);
          expect(Object.is(v0, evaluateTurn(t, first, later, ws))).toBe(true);
          expect(firstBitDifference(kernel.value, ws.value), 'value').toBe(-1);
          expect(firstBitDifference(kernel.hold3, ws.hold3), 'hold3').toBe(-1);
          expect(firstBitDifference(kernel.hold2, ws.hold2), 'hold2').toBe(-1);
          expect(firstBitDifference(kernel.roll1.subarray(0, R * L), ws.roll1), 'roll1').toBe(-1);
          // Partial rows of the last maximum: the engine's scratch, the sub-keep maxima of hold2.
          expect(firstBitDifference(kernel.roll1, ws.scratch), 'sub-keep maxima').toBe(-1);
        });
      }
      if (L === 1) continue;
      it(`${dice} dice, ${L} lanes: each lane is the one-lane engine on that lane's values`, () => {
        // Without -0: the engine takes maxima of four or more sub-keeps in another order with
        // lanes than without, which only shows in which zero a tie of +0 and -0 keeps.
        const rng = mulberry32(dice * 7 + L);
        const later = randomScores(R * L, rng).map((v) => v + 0);
        const first = later.map((v) => (rng() < 0.3 ? v + rng() * 10 : v));
        const kernel = createTurnKernel(t, L);
        kernel.scoreLater.set(later);
        kernel.scoreFirst.set(first);
        kernel.evaluate(true);
        const ws = createTurnWorkspace(t, 1);
        for (let j = 0; j < L; j++) {
          const v = evaluateTurn(t, lane(first, L, j, R), lane(later, L, j, R), ws);
          expect(Object.is(kernel.value[j], v), `value, lane ${j}`).toBe(true);
          expect(firstBitDifference(lane(kernel.hold3, L, j, K), ws.hold3), `hold3, lane ${j}`).toBe(-1);
          expect(firstBitDifference(lane(kernel.hold2, L, j, K), ws.hold2), `hold2, lane ${j}`).toBe(-1);
          expect(firstBitDifference(lane(kernel.roll1, L, j, K), ws.scratch), `roll1, lane ${j}`).toBe(-1);
        }
      });
    }
  }

  for (const dice of [5, 6]) {
    it(`${dice} dice, select mode (lane 0 chooses for every lane): same bits as the engine`, () => {
      const t = diceTables(dice);
      for (const L of [1, 2, 3, 64]) {
        for (const firstDiffers of [false, true]) {
          const rng = mulberry32(dice * 31 + L);
          const later = randomScores(t.rollCount * L, rng);
          // Without a first-roll difference, lane 0 the same for every roll: every choice ties in
          // lane 0, where the keep itself wins and decides the other lanes.
          if (!firstDiffers) for (let r = 0; r < t.rollCount; r++) later[r * L] = 7;
          const first = firstDiffers ? later.map((v) => (rng() < 0.3 ? v + rng() * 10 : v)) : later;
          const kernel = createTurnKernel(t, L, 'select');
          kernel.scoreLater.set(later);
          kernel.scoreFirst.set(first);
          kernel.evaluate(firstDiffers);
          const ws = createTurnWorkspace(t, L, 'select');
          evaluateTurn(t, first, later, ws);
          const what = `${L} lanes${firstDiffers ? ', first differs' : ''}`;
          expect(firstBitDifference(kernel.value, ws.value), `value, ${what}`).toBe(-1);
          expect(firstBitDifference(kernel.hold2, ws.hold2), `hold2, ${what}`).toBe(-1);
          expect(firstBitDifference(kernel.roll1, ws.scratch), `roll1, ${what}`).toBe(-1);
        }
      }
    });
  }

  it('select-ties mode: lane 0 values within 1e-9 of each other are one value, and the keep itself wins; same bits as the engine', () => {
    const t = diceTables(5);
    const L = 3;
    for (const firstDiffers of [false, true]) {
      const rng = mulberry32(51 + (firstDiffers ? 1 : 0));
      const later = randomScores(t.rollCount * L, rng);
      // Lane 0 of every roll 7 give or take an ulp or two: every choice ties within 1e-9.
      for (let r = 0; r < t.rollCount; r++) later[r * L] = 7 + (rng() < 0.5 ? 1e-15 : 0) * Math.floor(rng() * 3);
      const first = firstDiffers ? later.map((v, i) => (i % L === 0 ? v + 1e-12 : v + 1)) : later;
      const kernel = createTurnKernel(t, L, 'select-ties');
      kernel.scoreLater.set(later);
      kernel.scoreFirst.set(first);
      kernel.evaluate(firstDiffers);
      const ws = createTurnWorkspace(t, L, 'select-ties');
      evaluateTurn(t, first, later, ws);
      expect(firstBitDifference(kernel.value, ws.value)).toBe(-1);
      expect(firstBitDifference(kernel.hold2, ws.hold2)).toBe(-1);
      expect(firstBitDifference(kernel.roll1, ws.scratch)).toBe(-1);
      // Every roll kept whole (stopping): each roll row of hold2 is its own score-now row, lanes 1 and 2 included.
      for (let r = 0; r < t.rollCount; r++) for (let j = 0; j < L; j++) expect(kernel.hold2[r * L + j]).toBe(later[r * L + j]);
      // A first roll better by 1e-12 does not count: the turn goes on as after a reroll.
      if (firstDiffers) for (let r = 0; r < t.rollCount; r++) expect(kernel.roll1[r * L + 1]).not.toBe(first[r * L + 1]);
    }
  });

  it('evaluateValue: the values of evaluate, the same bits, over chunks of lanes (max and select, ragged last chunk)', () => {
    const t = diceTables(5);
    const R = t.rollCount;
    for (const mode of ['max', 'select'] as const) {
      for (const L of [2, VALUE_CHUNK, VALUE_CHUNK + 1, 2 * VALUE_CHUNK - 1, 601]) {
        for (const firstDiffers of [false, true]) {
          const rng = mulberry32(L * 4 + (firstDiffers ? 1 : 0) + (mode === 'select' ? 2 : 0));
          const later = randomScores(R * L, rng);
          const first = firstDiffers ? later.map((v) => (rng() < 0.3 ? v + rng() * 10 : v)) : later;
          const whole = createTurnKernel(t, L, mode);
          const chunked = createTurnKernel(t, 601, mode);
          chunked.lanes = L;
          for (const k of [whole, chunked]) {
            k.scoreLater.set(later);
            if (firstDiffers) k.scoreFirst.set(first);
          }
          const v0 = whole.evaluate(firstDiffers);
          expect(Object.is(chunked.evaluateValue(firstDiffers), v0)).toBe(true);
          expect(firstBitDifference(chunked.value.subarray(0, L), whole.value), `${mode}, ${L} lanes${firstDiffers ? ', first differs' : ''}`).toBe(-1);
        }
      }
    }
  });

  it('pairs mode: each pair of lanes has the bits of that pair alone in select mode (every per-keep array)', () => {
    for (const dice of [5, 6]) {
      const t = diceTables(dice);
      const R = t.rollCount;
      const K = t.keepCount;
      const N = 7;
      for (const firstDiffers of [false, true]) {
        const rng = mulberry32(dice * 7 + (firstDiffers ? 1 : 0));
        const later = randomScores(R * 2 * N, rng);
        // Some pairs with every first lane equal: their choices all tie, where the keep itself wins.
        for (let r = 0; r < R; r++) later[r * 2 * N + 2] = 7;
        const first = firstDiffers ? later.map((v) => (rng() < 0.3 ? v + rng() * 10 : v)) : later;
        const pairs = createTurnKernel(t, 2 * N, 'pairs');
        pairs.scoreLater.set(later);
        pairs.scoreFirst.set(first);
        pairs.evaluate(firstDiffers);
        for (let p = 0; p < N; p++) {
          const alone = createTurnKernel(t, 2, 'select');
          for (let r = 0; r < R; r++) {
            for (const j of [0, 1]) {
              alone.scoreLater[r * 2 + j] = later[r * 2 * N + 2 * p + j];
              alone.scoreFirst[r * 2 + j] = first[r * 2 * N + 2 * p + j];
            }
          }
          alone.evaluate(firstDiffers);
          const what = `${dice} dice, pair ${p}${firstDiffers ? ', first differs' : ''}`;
          for (const j of [0, 1]) {
            expect(Object.is(pairs.value[2 * p + j], alone.value[j]), `value lane ${j}, ${what}`).toBe(true);
            for (const name of ['hold3', 'hold2', 'roll1'] as const) {
              const rows = name === 'roll1' ? R : K;
              expect(firstBitDifference(lane(pairs[name], 2 * N, 2 * p + j, rows), lane(alone[name], 2, j, rows)), `${name} lane ${j}, ${what}`).toBe(-1);
            }
          }
        }
      }
    }
    expect(() => {
      const k = createTurnKernel(diceTables(5), 4, 'pairs');
      k.lanes = 3;
      k.evaluate(false);
    }).toThrow(DicewiseError);
  });

  it('keeps the zero the engine keeps where +0 and -0 tie, wherever maxima are taken', () => {
    // Mostly -0: a keep's mean is -0 only when all six are, so maxima meet ties of both zeros
    // everywhere, and only the engine's order of comparisons decides which one stays.
    for (const dice of [5, 6]) {
      const t = diceTables(dice);
      for (const L of [1, 3, 64]) {
        const rng = mulberry32(dice + L);
        const later = Float64Array.from({ length: t.rollCount * L }, () => (rng() < 0.9 ? -0 : 0));
        const first = later.map((v) => (rng() < 0.5 ? 0 : v));
        const kernel = createTurnKernel(t, L);
        kernel.scoreLater.set(later);
        kernel.scoreFirst.set(first);
        kernel.evaluate(true);
        const ws = createTurnWorkspace(t, L);
        evaluateTurn(t, first, later, ws);
        expect(firstBitDifference(kernel.hold2, ws.hold2), `${dice} dice, ${L} lanes: hold2`).toBe(-1);
        expect(firstBitDifference(kernel.roll1, ws.scratch), `${dice} dice, ${L} lanes: roll1`).toBe(-1);
      }
    }
  });

  it('runs fewer lanes than its capacity, packed for that count, as the workspace does', () => {
    const t = diceTables(6);
    const kernel = createTurnKernel(t, 257);
    const ws = createTurnWorkspace(t, 257);
    const rng = mulberry32(99);
    for (const L of [64, 1, 3, 257]) {
      const later = randomScores(t.rollCount * L, rng);
      kernel.lanes = L;
      ws.lanes = L;
      kernel.scoreLater.set(later);
      kernel.evaluate(false);
      evaluateTurn(t, later, later, ws);
      expect(firstBitDifference(kernel.value.subarray(0, L), ws.value.subarray(0, L)), `value, ${L} lanes`).toBe(-1);
      expect(firstBitDifference(kernel.hold2.subarray(0, t.keepCount * L), ws.hold2.subarray(0, t.keepCount * L)), `hold2, ${L} lanes`).toBe(-1);
    }
  });

  it('gives the known value of a turn scored as the dice total (Chance alone), per lane', () => {
    // Each die is then played alone: keep 5 or 6 after the first roll, 4 to 6 after the second,
    // worth 14/3 a die, 70/3 for five. Lane j scores (j + 1) times the total.
    const t = diceTables(5);
    const kernel = createTurnKernel(t, 3);
    for (let r = 0; r < t.rollCount; r++) {
      let total = 0;
      for (let f = 0; f < 6; f++) total += (f + 1) * t.keepCounts[r * 6 + f];
      for (let j = 0; j < 3; j++) kernel.scoreLater[r * 3 + j] = total * (j + 1);
    }
    kernel.evaluate(false);
    for (let j = 0; j < 3; j++) expect(kernel.value[j]).toBeCloseTo((70 / 3) * (j + 1), 12);
  });

  it('maxRows: each roll row is the running maximum of the base row and its pairs, in their order; pairs out of roll order are refused', () => {
    const t = diceTables(5);
    const R = t.rollCount;
    const rng = mulberry32(11);
    for (const L of [1, 3, 8, 17, 64]) {
      const sources = 40;
      const kernel = createTurnKernel(t, L, 'max', { extra: sources * L + 1, pairs: 13 * R });
      kernel.lanes = L;
      kernel.extra.set(randomScores(sources * L + 1, rng));
      kernel.base.set(randomScores(L, rng));
      // Rolls with no pair, one, or many; the last source starts one value in (unaligned rows).
      const list: [number, number][] = [];
      for (let r = 0; r < R; r++) {
        const n = r % 7 === 0 ? 0 : Math.floor(rng() * 14);
        for (let i = 0; i < n; i++) list.push([r, Math.floor(rng() * sources)]);
      }
      list.forEach(([r, src], i) => {
        kernel.pairs[2 * i] = r;
        kernel.pairs[2 * i + 1] = kernel.extra.byteOffset + 8 * (src === sources - 1 ? src * L + 1 : src * L);
      });
      const want = new Float64Array(R * L);
      for (let r = 0; r < R; r++) want.set(kernel.base.subarray(0, L), r * L);
      for (const [r, src] of list) {
        const at = src === sources - 1 ? src * L + 1 : src * L;
        for (let j = 0; j < L; j++) {
          const v = kernel.extra[at + j];
          if (v > want[r * L + j]) want[r * L + j] = v;
        }
      }
      kernel.maxRows(list.length);
      expect(firstBitDifference(kernel.scoreLater.subarray(0, R * L), want), `${L} lanes`).toBe(-1);
      // A pair of an earlier roll after a later one would be left out: refused instead.
      kernel.pairs[0] = 5;
      kernel.pairs[2] = 4;
      expect(() => kernel.maxRows(list.length)).toThrow(/out of roll order/);
    }
  });

  it('runs the operations one by one as evaluate runs them', () => {
    const t = diceTables(6);
    const L = 5;
    const a = createTurnKernel(t, L);
    const b = createTurnKernel(t, L);
    const later = randomScores(t.rollCount * L, mulberry32(7));
    const first = later.map((v, i) => (i % 3 === 0 ? v + 1 : v));
    for (const k of [a, b]) {
      k.scoreLater.set(later);
      k.scoreFirst.set(first);
    }
    a.evaluate(true);
    b.fillKeepValues(b.hold3);
    b.maxOverHolds(b.hold3, b.hold2);
    b.fillKeepValues(b.hold2);
    b.maxOverHolds(b.hold2, b.roll1);
    b.raiseTo(b.roll1, b.scoreFirst);
    b.weightedSum(b.roll1, b.value);
    expect(firstBitDifference(a.roll1, b.roll1)).toBe(-1);
    expect(firstBitDifference(a.value, b.value)).toBe(-1);
    expect(() => b.fillKeepValues(new Float64Array(t.keepCount * L))).toThrow(/must be an array of this kernel/);
  });

  it('refuses a capacity that is not a positive integer or does not fit in 4 GiB, and lanes past it, naming lanes', () => {
    const errorOf = (f: () => unknown): DicewiseError => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(DicewiseError);
        return e as DicewiseError;
      }
      throw new Error('expected a DicewiseError');
    };
    // 6 dice: (3 * 924 + 462 + 1) * 8 = 25,880 bytes a lane, about 166,000 lanes in 4 GiB.
    for (const bad of [0, -1, 1.5, Number.NaN, 2_000_000]) {
      const err = errorOf(() => createTurnKernel(diceTables(6), bad));
      expect(err.code).toBe('INVALID_OPTION');
      expect(err.message).toMatch(/^lanes must be /);
      expect(err.issues[0].field).toBe('lanes');
    }
    const k = createTurnKernel(diceTables(5), 8);
    for (const bad of [0, 9, 2.5]) {
      k.lanes = bad;
      expect(errorOf(() => k.evaluate(false)).message).toBe(`lanes must be an integer from 1 to the capacity 8, got ${bad}`);
    }
  });
});
