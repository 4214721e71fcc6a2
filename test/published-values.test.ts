import { describe, expect, it } from 'vitest';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import {
  buildColumnTable,
  countStates,
  decodeState,
  initialState,
  levelStates,
  momentsSd,
  resolveBuildOptions,
  solveLevels,
  statesAtLevel,
  type GameModel,
} from '../src/solver/index.ts';
import { TEST_MOMENTS_RULESETS, TEST_RULESETS } from './support/paths.ts';
import { testModel } from './support/models.ts';

// Acceptance numbers from docs/rules.md: the exact optimal expected final scores.
describe('published optimal values', () => {
  it('builds yahtzee-no-bonus from scratch in this process: 245.8707745', async () => {
    const built = await buildColumnTable(RULESETS['yahtzee-no-bonus']);
    expect(Math.abs(built.header.startValue - 245.8707745)).toBeLessThan(1e-6);
  });

  it.each([
    ['yahtzee', 254.5877287],
    ['yahtzee-free-joker', 254.5896095],
    ['yahtzee-no-bonus', 245.8707745],
    ['yatzy', 248.4399894],
    ['yahtsoos', 253.9702412],
  ] as const)('%s start value is %f', async (id, expected) => {
    const model = await testModel(id);
    expect(Math.abs(model.value(initialState(RULESETS[id])) - expected)).toBeLessThan(1e-6);
  });
});

// docs/rules.md's standard deviations of the final score under optimal play, to the 4 decimals given.
describe('published standard deviations', () => {
  it.each([
    ['yahtzee', 59.6076],
    ['yahtzee-free-joker', 59.6114],
    ['yahtzee-no-bonus', 39.8201],
  ] as const)('%s final score SD is %f', async (id, expected) => {
    const model = await testModel(id);
    const m = model.moments!;
    expect(Math.abs(momentsSd(m[0], m[1]) - expected)).toBeLessThan(5e-5);
  });

  it('the moments table follows the value table: its first lane is the expected value of every state', async () => {
    for (const id of TEST_MOMENTS_RULESETS) {
      const model = await testModel(id as RuleSetId);
      for (let level = 0; level < model.rs.boxes.length; level++) expectFirstLaneIsValue(model, model.moments!, statesAtLevel(model.c.layout, level));
    }
  });

  // The test run builds no moments table for these (it would double the setup's time): their
  // moments are solved here for the last levels, every box, upper total and flag among them.
  // bench/moments.ts checks every state of every rule set.
  it.each(TEST_RULESETS.filter((id) => !TEST_MOMENTS_RULESETS.includes(id)))('%s: the moments of the last four levels have the value table as first lane', async (id) => {
    const model = await testModel(id);
    const levels = levelStates(model.rs).slice(0, 4);
    const moments = await solveLevels({ ruleset: id, moments: true }, levels, resolveBuildOptions(), { done: 0, total: countStates(levels) });
    for (const states of levels) expectFirstLaneIsValue(model, moments, states);
    expect(countStates(levels)).toBeGreaterThan(30_000);
  });
});

function expectFirstLaneIsValue(model: GameModel, moments: Float64Array, states: Int32Array): void {
  for (const s of states) {
    const { mask, upper, flag } = decodeState(model.c.layout, s);
    const v = model.value({ columns: [{ mask, upper, yahtzee50: flag === 1 }] });
    if (Math.abs(moments[2 * s] - v) > 1e-9) throw new Error(`${model.rs.id} state ${s}: moments ${moments[2 * s]} vs value ${v}`);
  }
}
