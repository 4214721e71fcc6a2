import { describe, expect, it } from 'vitest';
import { RULESETS } from '../src/rules/index.ts';
import { buildReachTable } from '../src/solver/index.ts';
import { testModel } from './support/models.ts';
import { compareExample, readReachExamples } from './support/reach-examples.ts';

// The full yahtzee reach table takes minutes, so here only the examples near the end of a game are
// checked, from the last levels solved in-process (bench/reach.ts checks all ten on the full table).
// The examples are a fixture of the clone, so the test runs everywhere rather than skipping.
describe('reach advice agrees with the independent reference examples', () => {
  it('every example with at most one box open, every option, to 1e-9', async () => {
    const model = await testModel('yahtzee');
    const reach = (await buildReachTable(RULESETS.yahtzee, { cap: 600, float64: true, levels: 1 })).table;
    const near = readReachExamples().filter((ex) => Object.keys(ex.position.scorecard as object).length >= 12);
    expect(near.length).toBeGreaterThan(0);
    for (const ex of near) expect(compareExample(model, reach, ex)).toBeLessThan(1e-9);
  });
});
