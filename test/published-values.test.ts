import { describe, expect, it } from 'vitest';
import { RULESETS } from '../src/rules/index.ts';
import { buildColumnTable, initialState } from '../src/solver/index.ts';
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
  ] as const)('%s start value is %f', async (id, expected) => {
    const model = await testModel(id);
    expect(Math.abs(model.value(initialState(RULESETS[id])) - expected)).toBeLessThan(1e-6);
  });
});
