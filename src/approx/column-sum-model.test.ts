import { describe, expect, it } from 'vitest';
import { RULESETS } from '../rules/index.ts';
import { boxCount, genericScoreNow, initialState, type GameModel, type GameState } from '../solver/index.ts';
import { mulberry32, randomStates } from '../../test/support/random-positions.ts';
import { testColumnTables } from '../../test/support/models.ts';
import { columnSumModel, decompositionModel } from './column-sum-model.ts';
import { featureCount, linearCorrection } from './features.ts';
import { bestModel, correctedModel, greedyModel } from './multi-column-models.ts';

type MultiId = 'triple-yahtzee' | 'superpass';

function expectSameScoreNow(model: GameModel, states: GameState[]): void {
  const R = model.c.dice.rollCount;
  const first = new Float64Array(R);
  const later = new Float64Array(R);
  const gFirst = new Float64Array(R);
  const gLater = new Float64Array(R);
  for (const s of states) {
    model.fillScoreNow(s, first, later);
    genericScoreNow(model.rs, model.c, (x) => model.value(x), s, gFirst, gLater);
    // A plain comparison per roll: two expect calls for each of 252 rolls cost more than the values.
    for (let r = 0; r < R; r++) {
      if (!(Math.abs(first[r] - gFirst[r]) < 1e-9) || !(Math.abs(later[r] - gLater[r]) < 1e-9)) {
        throw new Error(`state ${JSON.stringify(s)} roll ${r}: score-now ${first[r]}/${later[r]}, option list ${gFirst[r]}/${gLater[r]}`);
      }
    }
  }
}

describe.each(['triple-yahtzee', 'superpass'] as MultiId[])('%s column-sum models', (id) => {
  const rs = RULESETS[id];

  it('decomposition: fast score-now equals the option list (genericScoreNow) on random reachable states', async () => {
    const model = decompositionModel(rs, await testColumnTables(id));
    expectSameScoreNow(model, randomStates(rs, mulberry32(11), 40));
  });

  it('a correction patched into the tables gives the option list value too (random weights)', async () => {
    const rng = mulberry32(5);
    const weights = Array.from({ length: boxCount(rs) }, () => Array.from({ length: featureCount(rs) }, () => (rng() - 0.5) * 20));
    const model = columnSumModel(rs, await testColumnTables(id), linearCorrection(rs, 'random', weights));
    expectSameScoreNow(model, randomStates(rs, mulberry32(12), 30));
  });

  it('the linear model (fitted correction, corrections.ts) scores now as its option list does', async () => {
    const model = correctedModel(rs, await testColumnTables(id));
    expectSameScoreNow(model, randomStates(rs, mulberry32(14), 12));
  });

  it('the best model (the neural correction of neural-data.ts) scores now as its option list does', async () => {
    const model = bestModel(rs, await testColumnTables(id));
    expectSameScoreNow(model, randomStates(rs, mulberry32(15), 12));
  });

  it('greedy: value 0 everywhere, score-now is the best multiplier-weighted gain', () => {
    const model = greedyModel(rs);
    const states = randomStates(rs, mulberry32(13), 20);
    for (const s of states) expect(model.value(s)).toBe(0);
    expectSameScoreNow(model, states);
  });

  it('decomposition value is the sum of multiplier × column start values at the start', async () => {
    const tables = await testColumnTables(id);
    const model = decompositionModel(rs, tables);
    const start = [...tables.values()].map((v) => v[0]);
    const expected = id === 'triple-yahtzee' ? 6 * start[0] : start.reduce((a, b) => a + b, 0);
    expect(model.value(initialState(rs))).toBeCloseTo(expected, 9);
  });
});

describe('superpass zero rule across columns', () => {
  it('after a reroll, a roll that scores nowhere but column 3 may still go to a zero elsewhere', async () => {
    const rs = RULESETS.superpass;
    const model = decompositionModel(rs, await testColumnTables('superpass'));
    const full = (1 << 13) - 1;
    // Columns 1, 2, 4 have only kniffel open (box 11; column 1 top-down needs all before it filled
    // and column 2 bottom-up all after it), column 3 only chance.
    const kniffelOnly = full & ~(1 << 11);
    const s: GameState = {
      columns: [
        { mask: full, upper: 70, yahtzee50: false },
        { mask: full, upper: 70, yahtzee50: false },
        { mask: full & ~(1 << 12), upper: 70, yahtzee50: false },
        { mask: kniffelOnly, upper: 70, yahtzee50: false },
      ],
    };
    const R = model.c.dice.rollCount;
    const first = new Float64Array(R);
    const later = new Float64Array(R);
    model.fillScoreNow(s, first, later);
    const v4 = model.value({ columns: [s.columns[0], s.columns[1], s.columns[2], { mask: full, upper: 70, yahtzee50: false }] });
    const v3 = model.value({ columns: [s.columns[0], s.columns[1], { mask: full, upper: 70, yahtzee50: false }, s.columns[3]] });
    for (let r = 0; r < R; r++) {
      const counts = Array.from(model.c.dice.keepCounts.subarray(r * 6, r * 6 + 6));
      const sum = counts.reduce((a, c, f) => a + c * (f + 1), 0);
      const kniffel = Math.max(...counts) >= 5;
      // First roll: chance in column 3 always scores, so a zero in column 4 is never legal.
      expect(first[r]).toBeCloseTo(kniffel ? Math.max(sum + v3, 50 + v4) : sum + v3, 9);
      // After a reroll column 3 scores 0; without a kniffel nothing scores, so either zero is legal.
      expect(later[r]).toBeCloseTo(kniffel ? 50 + v4 : Math.max(v3, v4), 9);
    }
  });
});
