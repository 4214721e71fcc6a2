import { describe, expect, it } from 'vitest';
import { RULESETS } from '../rules/index.ts';
import { boxCount, filledCount } from '../solver/index.ts';
import { mulberry32, randomStates } from '../../test/support/random-positions.ts';
import { testColumnTables } from '../../test/support/models.ts';
import { columnParts } from './column-parts.ts';
import { canonicalColumns, writeCanonical } from './column-sum-model.ts';
import { neuralInputCount, writeNeuralInputs } from './neural-correction.ts';
import { normalCdf, normalQuantile } from './normal-cdf.ts';
import { createStateQuantiles, probitSurvival, quantileChance, quantileScores } from './quantile-chance.ts';
import { decodeQuantileLevel, encodeQuantileLevel } from './quantile-data.ts';
import { quantileHead } from './quantile-head.ts';
import { randomQuantileLevel } from '../../test/support/quantile-levels.ts';

describe('quantile head', () => {
  it.each(['superpass', 'triple-yahtzee'] as const)('%s: its cached per-column layer gives the plain forward pass, asked in any order', async (id) => {
    const rs = RULESETS[id];
    const tables = await testColumnTables(id);
    const parts = columnParts(rs, tables);
    const rng = mulberry32(7);
    const n = neuralInputCount(rs);
    const M = 8;
    const levels = Array.from({ length: boxCount(rs) }, () => randomQuantileLevel(n, 6, M, rng));
    const head = quantileHead(rs, tables, M, levels);
    const shape = Float64Array.from({ length: M }, (_, i) => -1.5 + (3 * i) / (M - 1));
    const cols = canonicalColumns(parts.length);
    const x = new Float64Array(n);
    const out = new Float64Array(M);
    let checked = 0;
    for (const state of randomStates(rs, mulberry32(3), 40)) {
      const level = filledCount(state);
      if (level === boxCount(rs)) continue;
      writeCanonical(parts, state, cols);
      writeNeuralInputs(rs, parts, cols, x);
      const L = levels[level];
      const plain = Array.from({ length: M }, (_, i) => {
        let y = L.b2[i] + shape[i];
        for (let j = 0; j < L.hidden; j++) {
          let a = L.b1[j];
          for (let k = 0; k < n; k++) a += L.w1[j * n + k] * x[k];
          y += L.w2[i * L.hidden + j] * Math.max(0, a);
        }
        return y;
      });
      // Quantiles ascend: where the net crosses two, the lower one is the floor.
      for (let i = 1; i < M; i++) plain[i] = Math.max(plain[i], plain[i - 1]);
      head.write(cols, level, shape, out);
      for (let i = 0; i < M; i++) expect(out[i]).toBeCloseTo(plain[i], 10);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('encodes a level as float32 and decodes it to the same weights', () => {
    const rs = RULESETS.superpass;
    const L = randomQuantileLevel(neuralInputCount(rs), 5, 4, mulberry32(2));
    const back = decodeQuantileLevel(rs, 5, 4, encodeQuantileLevel(L))!;
    for (const k of ['w1', 'b1', 'w2', 'b2'] as const) back[k].forEach((v, i) => expect(v).toBe(Math.fround(L[k][i])));
    expect(encodeQuantileLevel(undefined)).toBe('');
    expect(() => decodeQuantileLevel(rs, 6, 4, encodeQuantileLevel(L))).toThrow(/weights/);
  });
});

describe('chances from quantiles', () => {
  it('normalQuantile inverts Φ', () => {
    // normalCdf itself is within 3e-6 (a table), relative in the far tail.
    for (const p of [0.001, 0.02, 0.3, 0.5, 0.77, 0.98, 0.999999]) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 5);
    expect(normalCdf(normalQuantile(1e-9)) / 1e-9).toBeCloseTo(1, 3);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963985, 6);
  });

  it('reads a normal law exactly at any x, inside the quantiles and beyond them', () => {
    for (const M of [4, 16]) {
      const z = quantileScores(M);
      for (let x = -5; x <= 5; x += 0.37) expect(probitSurvival(z, z, x)).toBeCloseTo(1 - normalCdf(x), 9);
    }
  });

  it('falls with x, and quantiles piled up read as an atom', () => {
    const z = quantileScores(8);
    // Quantiles 0–3 at −1 and 4–7 at 2: the law jumps past p = 0.0625 .. 0.4375 at −1 and 0.5625 .. 0.9375 at 2.
    const q = Float64Array.from([-1, -1, -1, -1, 2, 2, 2, 2]);
    expect(probitSurvival(q, z, -1 - 1e-9)).toBeCloseTo(0.9375, 5);
    expect(probitSurvival(q, z, -1)).toBeCloseTo(0.5625, 5);
    expect(probitSurvival(q, z, 2 - 1e-9)).toBeCloseTo(0.4375, 5);
    expect(probitSurvival(q, z, 2)).toBeCloseTo(0.0625, 5);
    expect(probitSurvival(q, z, 0)).toBeLessThan(0.5625);
    expect(probitSurvival(q, z, 0)).toBeGreaterThan(0.4375);
    const skew = Float64Array.from([-3, -1.2, -0.6, -0.2, 0.1, 0.35, 0.6, 0.9]);
    let last = 1;
    for (let x = -6; x <= 6; x += 0.05) {
      const s = probitSurvival(skew, z, x);
      expect(s).toBeLessThanOrEqual(last);
      last = s;
    }
  });

  it('against an opponent’s normal spread, a normal law of ours gives Φ((mean − need + ½) / √(sd² + v)), the opponent narrower or wider than us', () => {
    const s = createStateQuantiles(32);
    s.q.set(s.scores);
    s.mean = 500;
    s.sd = 40;
    for (const v of [0, 100, 900, 1600, 2500, 10000]) {
      for (const need of [430, 500, 520, 600]) {
        const exact = normalCdf((s.mean - need + 0.5) / Math.sqrt(s.sd ** 2 + v));
        // Beside our own: the atoms' reading adds their spacing, well within half a point of chance.
        expect(Math.abs(quantileChance(s, need, v) - exact)).toBeLessThan(v <= s.sd ** 2 ? 1e-4 : 5e-3);
      }
    }
  });
});
