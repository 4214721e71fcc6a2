import { describe, expect, it } from 'vitest';
import { RULESETS } from '../../rules/index.ts';
import { boxCount, createTurnEval, evaluateState, filledCount, isFinished } from '../../solver/index.ts';
import { testColumnTables } from '../../../test/support/models.ts';
import { mulberry32 } from '../../../test/support/random-positions.ts';
import { columnSumModel, decompositionModel } from '../column-sum-model.ts';
import { featureCount, linearCorrection } from '../features.ts';
import { commonDice, playModelGame } from '../self-play.ts';
import { backwardFit } from './backward-fit.ts';
import { sampleStates } from './collect.ts';
import { choleskySolve, NormalEquations } from './least-squares.ts';

describe('least squares', () => {
  it('Cholesky solves a symmetric positive definite system', () => {
    const a = Float64Array.from([4, 2, 0.6, 2, 5, 1, 0.6, 1, 3]);
    const x = choleskySolve(Float64Array.from(a), Float64Array.from([1, 2, 3]), 3);
    for (let i = 0; i < 3; i++) expect(a[i * 3] * x[0] + a[i * 3 + 1] * x[1] + a[i * 3 + 2] * x[2]).toBeCloseTo([1, 2, 3][i], 12);
  });

  it('recovers the weights of noiseless linear data', () => {
    const rng = mulberry32(3);
    const w = [1.5, -2, 0.25, 7];
    const eq = new NormalEquations(4);
    for (let i = 0; i < 200; i++) {
      const x = [rng(), rng() < 0.5 ? 1 : 0, rng() * 10, 1];
      eq.add(x, x.reduce((s, xi, k) => s + xi * w[k], 0));
    }
    eq.solve(0).forEach((v, k) => expect(v).toBeCloseTo(w[k], 9));
  });
});

describe('self-play and the backward fit', () => {
  it('common dice: the same game gives the same faces, 1 to 6', () => {
    const a = commonDice(5, 17);
    const b = commonDice(5, 17);
    for (let turn = 0; turn < 10; turn++) {
      for (let roll = 0; roll < 3; roll++) {
        for (let i = 0; i < 6; i++) {
          expect(a(turn, roll, i)).toBe(b(turn, roll, i));
          expect(a(turn, roll, i)).toBeGreaterThanOrEqual(1);
          expect(a(turn, roll, i)).toBeLessThanOrEqual(6);
        }
      }
    }
    expect(Array.from({ length: 20 }, (_, g) => commonDice(5, g)(0, 0, 0))).not.toEqual(Array(20).fill(commonDice(5, 0)(0, 0, 0)));
  });

  it('a self-played game visits every level once and ends with every box filled', async () => {
    const rs = RULESETS.superpass;
    const model = decompositionModel(rs, await testColumnTables('superpass'));
    const levels: number[] = [];
    const score = playModelGame(model, commonDice(1, 0), (s) => levels.push(filledCount(s)));
    expect(levels).toEqual(Array.from({ length: boxCount(rs) }, (_, i) => i));
    expect(score).toBeGreaterThan(500);
  });

  it('pins the decomposition self-play signature (fixed seed): a change in play fails loudly', async () => {
    const totals = [];
    for (const id of ['triple-yahtzee', 'superpass'] as const) {
      const model = decompositionModel(RULESETS[id], await testColumnTables(id));
      let total = 0;
      for (let g = 0; g < 4; g++) total += playModelGame(model, commonDice(2024, g));
      totals.push(total);
    }
    expect(totals).toEqual([8079, 4639]);
  });

  it('backward fit: each fitted level matches the turn engine backups it was fitted to', async () => {
    const rs = RULESETS['triple-yahtzee'];
    const tables = await testColumnTables('triple-yahtzee');
    const { byLevel } = sampleStates(decompositionModel(rs, tables), 40, 9);
    // Only the last levels, to keep the test short.
    const tail = byLevel.map((states, level) => (level >= boxCount(rs) - 4 ? states : []));
    const weights = backwardFit(rs, tables, tail, { ridge: 1e-6 });
    expect(weights[boxCount(rs) - 1]).toEqual(new Float64Array(featureCount(rs)));
    const model = columnSumModel(rs, tables, linearCorrection(rs, 'test', weights));
    const te = createTurnEval(model);
    // The model at level L-2 approximates the backup of level L-1 values: the least-squares
    // residual is small next to the size of the corrections.
    let sq = 0;
    for (const s of tail[boxCount(rs) - 2]) {
      expect(isFinished(rs, s)).toBe(false);
      sq += (evaluateState(te, s).value - model.value(s)) ** 2;
    }
    expect(Math.sqrt(sq / tail[boxCount(rs) - 2].length)).toBeLessThan(10);
  });
});
