import { describe, expect, it } from 'vitest';
import { RULESETS, type RuleSet } from '../rules/index.ts';
import { boxCount, createTurnEval, evaluateState, filledCount, initialState, optionValue, scoreOptions, type AimedGoalModel, type GameState, type GoalAim, type ThresholdModel } from '../solver/index.ts';
import { mulberry32, randomStates } from '../../test/support/random-positions.ts';
import { testColumnTables } from '../../test/support/models.ts';
import { spreadClassCount, thresholdGoalModel } from './goal-model.ts';
import { CORRECTIONS } from './corrections.ts';
import { correctedModel } from './multi-column-models.ts';
import { linearCorrection } from './features.ts';
import { normalCdf } from './normal-cdf.ts';
import { neuralInputCount } from './neural-correction.ts';
import { quantileHead } from './quantile-head.ts';
import { randomQuantileLevel } from '../../test/support/quantile-levels.ts';

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

/** The same, with a quantile head of random weights at every level (quantile-head.ts): the goal value read off quantiles. */
async function randomHeadModel(id: MultiId, seed: number): Promise<ThresholdModel> {
  const rs = RULESETS[id];
  const rng = mulberry32(seed);
  const tables = await testColumnTables(id);
  const level = () => Array.from({ length: spreadClassCount(rs) }, () => rng());
  const variance = Array.from({ length: boxCount(rs) }, () => level().map((x) => 100 + x * 5000));
  const bias = Array.from({ length: boxCount(rs) }, () => level().map((x) => (x - 0.7) * 20));
  const shape = Array.from({ length: boxCount(rs) }, () => Float64Array.from({ length: 20 }, (_, i) => -2 + i * 0.2 + rng() * 0.1));
  const levels = Array.from({ length: boxCount(rs) - 2 }, () => randomQuantileLevel(neuralInputCount(rs), 4, 8, rng));
  return thresholdGoalModel(rs, tables, linearCorrection(rs, 'correction', CORRECTIONS[id]!.weights), { bias, variance, shape }, undefined, quantileHead(rs, tables, 8, levels));
}

/** A target `need` points away (no variance), or an opponent whose total has `variance` and no law. */
function aimAt(need: number, variance: number): GoalAim {
  return variance === 0 ? { kind: 'reach', need } : { kind: 'win', need, variance };
}

/** The best value over the option list (`scoreOptions`, the rules' own entries) of every roll. */
function optionListBest(model: AimedGoalModel, state: GameState, firstRoll: boolean): Float64Array {
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
function expectScoreNowAsOptionList(model: AimedGoalModel, state: GameState): void {
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

/** `state` played on by random legal entries until `left` boxes are left. */
function playDown(rs: RuleSet, state: GameState, left: number, rng: () => number): GameState {
  while (boxCount(rs) - filledCount(state) > left) {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < rs.dice; i++) counts[Math.floor(rng() * 6)]++;
    const options = scoreOptions(rs, state, counts, true);
    state = options[Math.floor(rng() * options.length)].next;
  }
  return state;
}

describe.each(['triple-yahtzee', 'superpass'] as MultiId[])('%s goal model', (id) => {
  const rs = RULESETS[id];

  it('fast score-now equals the best of the option list for reach targets and opponents, on random reachable states', async () => {
    const model = await randomSpreadModel(id, 3, true);
    let checked = 0;
    for (const [i, state] of randomStates(rs, mulberry32(21), 24).entries()) {
      const { mean } = model.spread(state);
      // Targets below, at and above what best play expects; no spread, and an opponent's.
      expectScoreNowAsOptionList(model.aim(aimAt(mean + [-80, 0, 60][i % 3], i % 2 === 0 ? 0 : 2500)), state);
      checked++;
    }
    expect(checked).toBe(24);
  });

  it('with a quantile head, fast score-now equals the best of the option list for targets and opponents', async () => {
    const model = await randomHeadModel(id, 8);
    let checked = 0;
    for (const [i, state] of randomStates(rs, mulberry32(31), 24).entries()) {
      if (boxCount(rs) - filledCount(state) < 4) continue;
      const { mean } = model.spread(state);
      expectScoreNowAsOptionList(model.aim(aimAt(mean + [-80, 0, 60][i % 3], [0, 400, 6400][(i >> 1) % 3])), state);
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
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
        expectScoreNowAsOptionList(model.aim(aimAt(mean + offset, 0)), state);
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
      const need = Math.round(mean) + 25;
      expect(model.aim(aimAt(need, 900)).value(state)).toBeCloseTo(normalCdf((mean - need + 0.5) / Math.sqrt(variance + 900)), 12);
    }
  });

  it('aims are values, not state: two goals asked of one model in turn get what each gets alone', async () => {
    const alone = [await randomSpreadModel(id, 6, true), await randomSpreadModel(id, 6, true)];
    const shared = await randomSpreadModel(id, 6, true);
    const rng = mulberry32(26);
    // Turn starts from one box left to the spread's turns: the exact endings and their memo, and the spread.
    const states = [1, 2, 3, 3, 5, 9].map((left) => playDown(rs, initialState(rs), left, rng));
    let compared = 0;
    for (const state of states) {
      const { mean } = shared.spread(state);
      // The same need: a memo of last turns kept by need alone would hand one goal's values to the other.
      const goals: GoalAim[] = [aimAt(Math.round(mean) + 10, 0), aimAt(Math.round(mean) + 10, 1600)];
      const values = (model: ThresholdModel, goal: GoalAim) => {
        const te = evaluateState(createTurnEval(model.aim(goal)), state);
        return [te.value, ...te.first, ...te.later];
      };
      const expected = goals.map((goal, i) => values(alone[i], goal));
      // Both views made first, then asked in turn, twice: neither sees the other's goal.
      for (let round = 0; round < 2; round++) {
        for (const [i, goal] of goals.entries()) {
          expect(values(shared, goal)).toEqual(expected[i]);
          compared++;
        }
      }
      expect(expected[0]).not.toEqual(expected[1]);
    }
    expect(compared).toBe(4 * states.length);
  });

  it('with one box left the goal is exact: the last turn’s chance of each total, a tie counting half', async () => {
    const model = await randomSpreadModel(id, 5);
    const state = randomStates(rs, mulberry32(23), 400).find((s) => filledCount(s) === boxCount(rs) - 1);
    expect(state).toBeDefined();
    // Every final roll ends the game: each option's value is 0, ½ or 1 against a fixed total.
    for (const need of [0, 10, 25, 40, 1000]) {
      const aimed = model.aim(aimAt(need, 0));
      const te = evaluateState(createTurnEval(aimed), state!);
      for (let r = 0; r < model.c.dice.rollCount; r++) for (const v of [te.first[r], te.later[r]]) expect([0, 0.5, 1]).toContain(v);
      for (const o of scoreOptions(rs, state!, model.c.dice.keepCounts.subarray(0, 6), true)) {
        const v = optionValue(aimed, o.next, o.gain);
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
