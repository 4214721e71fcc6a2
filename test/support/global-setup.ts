import { ensureModel } from '../../src/store/model-loader.ts';
import { solverThreads } from '../../workers/pool.ts';
import { TEST_COLUMN_RULESETS, TEST_MOMENTS_RULESETS, TEST_RULESETS, TEST_TABLE_DIR } from './paths.ts';

export default async function setup(): Promise<void> {
  // joint: superpass-ordered's exact table (about a second), which its optimal strategy and reviews read.
  for (const id of [...TEST_RULESETS, ...TEST_COLUMN_RULESETS]) await ensureModel(TEST_TABLE_DIR, id, { threads: 2, solver: solverThreads, moments: TEST_MOMENTS_RULESETS.includes(id), joint: true });
}
