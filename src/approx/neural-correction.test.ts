import { describe, expect, it } from 'vitest';
import { RULESETS } from '../rules/index.ts';
import { boxCount, filledCount } from '../solver/index.ts';
import { mulberry32, randomStates } from '../../test/support/random-positions.ts';
import { testColumnTables } from '../../test/support/models.ts';
import { columnParts, forEachNextState } from './column-parts.ts';
import { canonicalColumns, writeCanonical } from './column-sum-model.ts';
import { featureCount, writeFeatures } from './features.ts';
import { withSuccessors } from './fit/collect.ts';
import { mlpOutput } from './fit/mlp.ts';
import { neuralCorrection, neuralInputCount, writeNeuralInputs, type NeuralLevel } from './neural-correction.ts';
import { decodeNeuralLevel, encodeNeuralLevel } from './neural-data.ts';

function randomLevels(id: 'triple-yahtzee' | 'superpass', hidden: number, seed: number): NeuralLevel[] {
  const rs = RULESETS[id];
  const rng = mulberry32(seed);
  const r = (n: number, s: number) => Float64Array.from({ length: n }, () => (rng() - 0.5) * s);
  return Array.from({ length: boxCount(rs) }, () => ({
    linear: r(featureCount(rs), 10),
    hidden,
    w1: r(hidden * neuralInputCount(rs), 2),
    b1: r(hidden, 1),
    w2: r(hidden, 10),
    b2: (rng() - 0.5) * 5,
  }));
}

describe.each(['triple-yahtzee', 'superpass'] as const)('%s neural correction', (id) => {
  const rs = RULESETS[id];

  it('reusing the other columns’ first-layer terms gives the full forward pass, state after next state', async () => {
    const tables = await testColumnTables(id);
    const levels = randomLevels(id, 6, 3);
    // Made before its levels are filled in, as a fit makes it.
    const filling: (NeuralLevel | undefined)[] = levels.map(() => undefined);
    const k = neuralCorrection(rs, tables, 'random', filling);
    levels.forEach((L, i) => (filling[i] = L));
    const parts = columnParts(rs, tables);
    const cols = canonicalColumns(parts.length);
    const phi = new Float64Array(featureCount(rs));
    const x = new Float64Array(neuralInputCount(rs));
    const direct = (level: number): number => {
      const L = levels[level];
      writeFeatures(rs, cols, phi);
      writeNeuralInputs(rs, parts, cols, x);
      const net = { inputs: x.length, hidden: L.hidden, w1: L.w1, b1: L.b1, w2: L.w2, b2: L.b2 };
      return phi.reduce((s, f, i) => s + f * L.linear[i], 0) + mlpOutput(net, x);
    };
    let checked = 0;
    for (const s of randomStates(rs, mulberry32(8), 12)) {
      const level = filledCount(s);
      if (level >= boxCount(rs) - 1) continue;
      writeCanonical(parts, s, cols);
      expect(k.value(cols, level)).toBeCloseTo(direct(level), 9);
      // As the model's score-now step asks: one column moved to each of its next states in turn.
      parts.forEach((p, c) => {
        const saved = [cols.mask[c], cols.upper[c], cols.flag[c]] as const;
        forEachNextState(p, s.columns[c], (_i, mask, upper, flag) => {
          cols.mask[c] = mask;
          cols.upper[c] = upper;
          cols.flag[c] = flag;
          expect(Math.abs(k.value(cols, level + 1) - direct(level + 1))).toBeLessThan(1e-9);
          checked++;
        });
        [cols.mask[c], cols.upper[c], cols.flag[c]] = saved;
      });
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('a level survives its float32 encoding, weight for weight', () => {
    const [L] = randomLevels(id, 5, 4);
    const back = decodeNeuralLevel(rs, 5, encodeNeuralLevel(L))!;
    for (const key of ['linear', 'w1', 'b1', 'w2'] as const) expect(Array.from(back[key])).toEqual(Array.from(L[key], Math.fround));
    expect(back.b2).toBe(Math.fround(L.b2));
    expect(() => decodeNeuralLevel(rs, 6, encodeNeuralLevel(L))).toThrow(/weights, expected/);
    const zero = { ...L, linear: L.linear.map(() => 0), w1: L.w1.map(() => 0), b1: L.b1.map(() => 0), w2: L.w2.map(() => 0), b2: 0 };
    expect(encodeNeuralLevel(zero)).toBe('');
    expect(decodeNeuralLevel(rs, 5, '')).toBeUndefined();
  });
});

describe('withSuccessors', () => {
  it('adds to each level the asked count of next states of the level before, each one box further in one column', async () => {
    const rs = RULESETS.superpass;
    const tables = await testColumnTables('superpass');
    const states = randomStates(rs, mulberry32(9), 30);
    const byLevel = Array.from({ length: boxCount(rs) }, () => [] as typeof states);
    for (const s of states) byLevel[filledCount(s)].push(s);
    const before = byLevel.map((l) => l.slice());
    withSuccessors(rs, tables, byLevel, 2, 5);
    for (let level = 1; level < boxCount(rs) - 1; level++) {
      const added = byLevel[level].slice(before[level].length);
      expect(added.length).toBe(2 * before[level - 1].length);
      for (const s of added) {
        expect(filledCount(s)).toBe(level);
        const parents = before[level - 1].filter((p) => p.columns.filter((col, c) => col !== s.columns[c]).length === 1);
        expect(parents.length).toBeGreaterThan(0);
      }
    }
  });
});
