import type { ColumnTables } from '../../src/approx/index.ts';
import { RULESETS, type RuleSetId } from '../../src/rules/index.ts';
import type { GameModel } from '../../src/solver/index.ts';
import { loadColumnTables, loadModel } from '../../src/store/model-loader.ts';
import { readTable } from '../../src/store/table-store.ts';
import { TEST_TABLE_DIR } from './paths.ts';

const cache = new Map<string, Promise<GameModel>>();

/** The exact model for a rule set, from the tables the global setup built. */
export function testModel(id: RuleSetId = 'yahtzee'): Promise<GameModel> {
  let m = cache.get(id);
  if (!m) {
    m = loadModel(TEST_TABLE_DIR, id);
    cache.set(id, m);
  }
  return m;
}

const columnCache = new Map<string, Promise<ColumnTables>>();

/** The column-type tables of a multi-column rule set, from the tables the global setup built. */
export function testColumnTables(id: 'triple-yahtzee' | 'superpass' | 'superpass-ordered'): Promise<ColumnTables> {
  let t = columnCache.get(id);
  if (!t) {
    t = loadColumnTables(TEST_TABLE_DIR, RULESETS[id]);
    columnCache.set(id, t);
  }
  return t;
}

const valueCache = new Map<string, Promise<Float64Array>>();

/** The exact expected-score table of a single-column rule set (what a points distribution follows), from the global setup's tables. */
export function testValues(id: RuleSetId): Promise<Float64Array> {
  let v = valueCache.get(id);
  if (!v) {
    v = readTable(TEST_TABLE_DIR, RULESETS[id]).then((t) => t.values);
    valueCache.set(id, v);
  }
  return v;
}
