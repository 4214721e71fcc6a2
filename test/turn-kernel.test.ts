import { describe, expect, it } from 'vitest';
import { diceTables } from '../src/dice/index.ts';
import { DicewiseError } from '../src/errors.ts';
import { createTurnWorkspace, evaluateTurn } from '../src/solver/index.ts';
import { buildMaxPlan, createTurnKernel } from '../src/solver/kernel/turn-kernel.ts';
import { createLaneWorkspace, evaluateTurnJs } from '../bench/support/lane-turn-js.ts';
import { mulberry32 } from './support/random-positions.ts';

/**
 * Score-now values with the cases where a different operation order or max would show: exact
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

/** Index of the first element whose bits differ, or -1: Object.is per element, fast. */
function firstBitDifference(a: Float64Array, b: Float64Array): number {
  expect(a.length).toBe(b.length);
  const x = new BigUint64Array(a.buffer, a.byteOffset, a.length);
  const y = new BigUint64Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return i;
  return -1;
}

/** Lane j of a lane-major per-keep array. */
function lane(a: Float64Array, L: number, j: number): Float64Array {
  const out = new Float64Array(a.length / L);
  for (let k = 0; k < out.length; k++) out[k] = a[k * L + j];
  return out;
}

describe('WebAssembly turn kernel', () => {
  for (const dice of [5, 6]) {
    const t = diceTables(dice);
    for (const L of [1, 2, 3, 64, 257]) {
      for (const firstDiffers of [false, true]) {
        it(`${dice} dice, ${L} lane${L > 1 ? 's' : ''}${firstDiffers ? ', first-roll scores differ' : ''}: same bits as the engine, lane by lane`, () => {
          const rng = mulberry32(dice * 1000 + L * 2 + (firstDiffers ? 1 : 0));
          const R = t.rollCount;
          const later = randomScores(R * L, rng);
          const first = firstDiffers ? later.map((v) => (rng() < 0.3 ? v + rng() * 10 : v)) : later;
          const kernel = createTurnKernel(t, L);
          kernel.scoreLater.set(later);
          if (firstDiffers) kernel.scoreFirst.set(first);
          kernel.evaluate(firstDiffers);

          const ws = createTurnWorkspace(t);
          for (let j = 0; j < L; j++) {
            const laterJ = lane(later, L, j);
            const firstJ = firstDiffers ? lane(first, L, j) : laterJ;
            const v = evaluateTurn(t, firstJ, laterJ, ws);
            expect(Object.is(kernel.value[j], v), `value, lane ${j}: ${kernel.value[j]} vs ${v}`).toBe(true);
            expect(firstBitDifference(lane(kernel.hold3, L, j), ws.hold3), `hold3, lane ${j}`).toBe(-1);
            expect(firstBitDifference(lane(kernel.hold2, L, j), ws.hold2), `hold2, lane ${j}`).toBe(-1);
            expect(firstBitDifference(lane(kernel.roll1, L, j).subarray(0, R), ws.roll1), `roll1, lane ${j}`).toBe(-1);
            // Partial rows of the last maximum: the engine's scratch, part of the sub-keep maxima.
            expect(firstBitDifference(lane(kernel.roll1, L, j), ws.scratch), `sub-keep maxima, lane ${j}`).toBe(-1);
          }

          // The lane-generic JavaScript that bench/turn-kernel.ts measures the kernel against.
          const js = createLaneWorkspace(t, L);
          evaluateTurnJs(t, buildMaxPlan(t), first, later, js);
          expect(firstBitDifference(js.hold3, kernel.hold3), 'baseline hold3').toBe(-1);
          expect(firstBitDifference(js.hold2, kernel.hold2), 'baseline hold2').toBe(-1);
          expect(firstBitDifference(js.scratch, kernel.roll1), 'baseline roll1').toBe(-1);
          expect(firstBitDifference(js.value, kernel.value), 'baseline value').toBe(-1);
        });
      }
    }
  }

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

  it('runs the operations one by one as evaluate runs them', () => {
    const t = diceTables(6);
    const L = 5;
    const a = createTurnKernel(t, L);
    const b = createTurnKernel(t, L);
    const later = randomScores(t.rollCount * L, mulberry32(7));
    a.scoreLater.set(later);
    b.scoreLater.set(later);
    a.evaluate(false);
    b.fillKeepValues(b.hold3);
    b.maxOverHolds(b.hold3, b.hold2);
    b.fillKeepValues(b.hold2);
    b.maxOverHolds(b.hold2, b.roll1);
    b.weightedSum(b.roll1, b.value);
    expect(firstBitDifference(a.roll1, b.roll1)).toBe(-1);
    expect(firstBitDifference(a.value, b.value)).toBe(-1);
    expect(() => b.fillKeepValues(new Float64Array(t.keepCount * L))).toThrow(/must be an array of this kernel/);
  });

  it('refuses a lane count that is not a positive integer or does not fit in 4 GiB, naming it', () => {
    // 6 dice: (3 * 924 + 462 + 1) * 8 = 25,880 bytes a lane, about 166,000 lanes in 4 GiB.
    for (const bad of [0, -1, 1.5, Number.NaN, 2_000_000]) {
      let err: unknown;
      try {
        createTurnKernel(diceTables(6), bad);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(DicewiseError);
      expect((err as DicewiseError).code).toBe('INVALID_OPTION');
      expect((err as DicewiseError).message).toMatch(/^lanes must be /);
      expect((err as DicewiseError).issues[0].field).toBe('lanes');
    }
  });
});
