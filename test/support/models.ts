import type { RuleSetId } from '../../src/rules/index.ts';
import type { GameModel } from '../../src/solver/index.ts';
import { loadModel } from '../../src/store/models.ts';
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
