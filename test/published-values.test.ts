import { describe, expect, it } from 'vitest';
import { RULESETS } from '../src/rules/index.ts';
import { buildColumnTable, compileRules, decodeState, initialState, momentsSd, statesAtLevel } from '../src/solver/index.ts';
import { TEST_RULESETS } from './support/paths.ts';
import { testModel } from './support/models.ts';

// Acceptance numbers from RULES.md: the exact optimal expected final scores.
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

// RULES.md's standard deviations of the final score under optimal play, to the 4 decimals given.
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
    for (const id of TEST_RULESETS) {
      const model = await testModel(id);
      const c = compileRules(RULESETS[id]);
      for (let level = 0; level < RULESETS[id].boxes.length; level++) {
        for (const s of statesAtLevel(c.layout, level)) {
          const { mask, upper, flag } = decodeState(c.layout, s);
          const v = model.value({ columns: [{ mask, upper, yahtzee50: flag === 1 }] });
          if (Math.abs(model.moments![2 * s] - v) > 1e-9) throw new Error(`${id} state ${s}: moments ${model.moments![2 * s]} vs value ${v}`);
        }
      }
    }
  });
});
