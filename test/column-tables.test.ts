import { describe, expect, it } from 'vitest';
import { DicewiseError } from '../src/errors.ts';
import { RULESETS } from '../src/rules/index.ts';
import { initialState, splitColumnTypeTables, type TableHeader } from '../src/solver/index.ts';
import { decompositionModel } from '../src/approx/index.ts';
import { listTables, readTable } from '../src/store/table-store.ts';
import { loadModel } from '../src/store/model-loader.ts';
import { testColumnTables } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

describe('multi-column tables and models', () => {
  it('superpass.dwt holds its four column types, start value = Σ column start values', async () => {
    const t = await readTable(TEST_TABLE_DIR, RULESETS.superpass);
    const layout = t.header.layout;
    if (layout.kind !== 'columns') throw new Error('expected a column-types table');
    expect(layout.types.map((x) => [x.key, x.fill, x.entries])).toEqual([
      ['superpass#col1', 'top-down', 14 * 64],
      ['superpass#col2', 'bottom-up', 14 * 64],
      ['superpass#col3', 'first-roll-only', 8192 * 64],
      ['superpass#col4', 'any', 8192 * 64],
    ]);
    expect(t.header.startValue).toBeCloseTo(layout.types.reduce((s, x) => s + x.startValue, 0), 9);
    // Ordered columns value the box order, not which end they start from: the same expected score.
    expect(layout.types[0].startValue).toBeCloseTo(layout.types[1].startValue, 9);
    const info = (await listTables(TEST_TABLE_DIR)).find((i) => i.ruleset === 'superpass');
    expect(info?.status).toBe('ok');
  });

  it('refuses a column-types file whose types are not the ones this Dicewise derives', async () => {
    const t = await readTable(TEST_TABLE_DIR, RULESETS.superpass);
    const layout = t.header.layout;
    if (layout.kind !== 'columns') throw new Error('expected a column-types table');
    const swapped: TableHeader = { ...t.header, layout: { ...layout, types: [layout.types[1], layout.types[0], ...layout.types.slice(2)] } };
    expect(() => splitColumnTypeTables(RULESETS.superpass, swapped, t.values, 'rebuild')).toThrow(DicewiseError);
    const short: TableHeader = { ...t.header, layout: { ...layout, types: layout.types.slice(1) } };
    expect(() => splitColumnTypeTables(RULESETS.superpass, short, t.values, 'rebuild')).toThrow(/3 column types, expected 4/);
  });

  it('triple-yahtzee plays every column from the yahtzee table: decomposition start = 6 × 254.5877287', async () => {
    const model = decompositionModel(RULESETS['triple-yahtzee'], await testColumnTables('triple-yahtzee'));
    expect(model.value(initialState(RULESETS['triple-yahtzee']))).toBeCloseTo(6 * 254.5877287, 6);
  });

  it.each(['triple-yahtzee', 'superpass'] as const)('loadModel(%s) serves an approximate model of the whole game', async (id) => {
    const model = await loadModel(TEST_TABLE_DIR, id);
    expect(model.rs.id).toBe(id);
    expect(model.exact).toBe(false);
    const start = model.value(initialState(RULESETS[id]));
    expect(start).toBeGreaterThan(id === 'superpass' ? 889 : 1527);
  });
});
