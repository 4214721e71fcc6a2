import { describe, expect, it } from 'vitest';
import { RULESETS } from '../rules/index.ts';
import { boxCount, createTurnEval, evaluateState, filledCount, optionValue, scoreOptions, type GameState, type ThresholdModel } from '../solver/index.ts';
import { mulberry32, randomStates } from '../../test/support/random-positions.ts';
import { testColumnTables } from '../../test/support/models.ts';
import { spreadClassCount, thresholdGoalModel } from './goal-model.ts';
import { CORRECTIONS } from './corrections.ts';
import { correctedModel } from './multi-column-models.ts';
import { linearCorrection } from './features.ts';
import { normalCdf } from './normal-cdf.ts';

type MultiId = 'triple-yahtzee' | 'superpass';

/** A random spread per level and class (and shape): the tests check the model's arithmetic, not the fit. */
async function randomSpreadModel(id: MultiId, seed: number, shaped = false): Promise<ThresholdModel> {
  const rs = RULESETS[id];
  const rng = mulberry32(seed);
  const level = () => Array.from({ length: spreadClassCount(rs) }, () => rng());
  const variance = Array.from({ length: boxCount(rs) }, () => level().map((x) => 1 + x * 5000));
  const bias = Array.from({ length: boxCount(rs) }, () => level().map((x) => (x - 0.7) * 20));
  const shape = shaped ? Array.from({ length: boxCount(rs) }, () => Float64Array.from({ length: 20 }, (_, i) => -2 + i * 0.2 + rng() * 0.1)) : undefined;
  return thresholdGoalModel(rs, await testColumnTables(id), linearCorrection(rs, 'correction', CORRECTIONS[id]!.weights), { bias, variance, shape });
}

/** The best value over the option list (`scoreOptions`, the rules' own entries) of every roll. */
function optionListBest(model: ThresholdModel, state: GameState, firstRoll: boolean): Float64Array {
  const { c } = model;
  const out = new Float64Array(c.dice.rollCount);
  for (let r = 0; r < c.dice.rollCount; r++) {
    let best = -Infinity;
    for (const o of scoreOptions(model.rs, state, c.dice.keepCounts.subarray(r * 6, r * 6 + 6), firstRoll)) best = Math.max(best, optionValue(model, o.next, o.gain));
    out[r] = best;
  }
  return out;
}

/** The model's fast score-now (first roll and after a reroll) equals the option list's best, every roll, to 1e-9. */
function expectScoreNowAsOptionList(model: ThresholdModel, state: GameState): void {
  const R = model.c.dice.rollCount;
  const first = new Float64Array(R);
  const later = new Float64Array(R);
  model.fillScoreNow(state, first, later);
  const f = optionListBest(model, state, true);
  const l = optionListBest(model, state, false);
  // A plain comparison per roll: two expect calls for each of 252 rolls cost more than the values.
  for (let r = 0; r < R; r++) {
    if (!(Math.abs(first[r] - f[r]) < 1e-9) || !(Math.abs(later[r] - l[r]) < 1e-9)) {
      throw new Error(`state ${JSON.stringify(state)} roll ${r}: score-now ${first[r]}/${later[r]}, option list ${f[r]}/${l[r]}`);
    }
  }
}

describe.each(['triple-yahtzee', 'superpass'] as MultiId[])('%s goal model', (id) => {
  const rs = RULESETS[id];

  it('fast score-now equals the best of the option list for reach targets and opponents, on random reachable states', async () => {
    const model = await randomSpreadModel(id, 3, true);
    let checked = 0;
    for (const [i, state] of randomStates(rs, mulberry32(21), 24).entries()) {
      const { mean } = model.spread(state);
      // Targets below, at and above what best play expects; no spread, and an opponent's.
      model.need = mean + [-80, 0, 60][i % 3];
      model.extraVariance = i % 2 === 0 ? 0 : 2500;
      expectScoreNowAsOptionList(model, state);
      checked++;
    }
    expect(checked).toBe(24);
  });

  it('fast score-now equals the option list where an upper box can earn its column’s bonus now', async () => {
    const model = await randomSpreadModel(id, 5, true);
    const R = model.c.dice.rollCount;
    const full = (1 << rs.boxes.length) - 1;
    // Per column one or two upper boxes open and the upper total a few points short of 63, in an
    // order each column's fill rule allows (Superpass: column 1 top down, column 2 bottom up).
    const column = (k: number, short: number) => {
      const fill = rs.columns[k].fill;
      const mask = fill === 'top-down' ? (1 << 5) - 1 : fill === 'bottom-up' ? full & ~1 : full & ~((1 << 5) | (1 << 2));
      return { mask, upper: 63 - short, yahtzee50: false };
    };
    let bonusRolls = 0;
    for (const short of [1, 3, 6, 12]) {
      const state: GameState = { columns: rs.columns.map((_, k) => column(k, short)) };
      const { mean } = model.spread(state);
      for (const offset of [-40, 0, 40]) {
        model.need = mean + offset;
        model.extraVariance = 0;
        expectScoreNowAsOptionList(model, state);
      }
      for (let r = 0; r < R; r++) {
        if (scoreOptions(rs, state, model.c.dice.keepCounts.subarray(r * 6, r * 6 + 6), true).some((o) => o.bonus > 0)) bonusRolls++;
      }
    }
    // The states do offer the bonus: some rolls have an entry that earns it.
    expect(bonusRolls).toBeGreaterThan(0);
  });

  it('its mean is best play’s value (the corrected model) plus the bias of the state’s level and class', async () => {
    const tables = await testColumnTables(id);
    const best = correctedModel(rs, tables);
    const zeroBias = Array.from({ length: boxCount(rs) }, () => new Array(spreadClassCount(rs)).fill(0));
    const model = thresholdGoalModel(rs, tables, linearCorrection(rs, 'correction', CORRECTIONS[id]!.weights), { bias: zeroBias, variance: zeroBias.map((l) => l.map(() => 100)) });
    let checked = 0;
    for (const state of randomStates(rs, mulberry32(24), 30)) {
      if (filledCount(state) === boxCount(rs)) continue;
      expect(model.spread(state).mean).toBeCloseTo(best.value(state), 9);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('a turn-start value is Φ((mean − need + ½) / sd) of its spread', async () => {
    const model = await randomSpreadModel(id, 4);
    for (const state of randomStates(rs, mulberry32(22), 5)) {
      const { mean, variance } = model.spread(state);
      if (filledCount(state) === boxCount(rs)) continue;
      expect(variance).toBeGreaterThanOrEqual(1);
      model.need = Math.round(mean) + 25;
      model.extraVariance = 900;
      expect(model.value(state)).toBeCloseTo(normalCdf((mean - model.need + 0.5) / Math.sqrt(variance + 900)), 12);
    }
  });

  it('with one box left the goal is exact: the last turn’s chance of each total, a tie counting half', async () => {
    const model = await randomSpreadModel(id, 5);
    const state = randomStates(rs, mulberry32(23), 400).find((s) => filledCount(s) === boxCount(rs) - 1);
    expect(state).toBeDefined();
    const te = createTurnEval(model);
    // Every final roll ends the game: each option's value is 0, ½ or 1 against a fixed total.
    for (const need of [0, 10, 25, 40, 1000]) {
      model.need = need;
      model.extraVariance = 0;
      evaluateState(te, state!);
      for (let r = 0; r < model.c.dice.rollCount; r++) for (const v of [te.first[r], te.later[r]]) expect([0, 0.5, 1]).toContain(v);
      for (const o of scoreOptions(rs, state!, model.c.dice.keepCounts.subarray(0, 6), true)) {
        const v = optionValue(model, o.next, o.gain);
        expect(v).toBe(o.gain + 0.5 - need > 0 ? 1 : o.gain + 0.5 === need ? 0.5 : 0);
      }
    }
  });
});

describe('normalCdf', () => {
  it('matches Φ at known points and keeps its order in the tails', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959963985)).toBeCloseTo(0.975, 5);
    expect(normalCdf(-1)).toBeCloseTo(0.158655254, 5);
    expect(normalCdf(-8) / 6.220960574e-16).toBeCloseTo(1, 5);
    expect(normalCdf(-7)).toBeLessThan(normalCdf(-6.9));
    expect(normalCdf(7)).toBeLessThanOrEqual(1);
  });
});
