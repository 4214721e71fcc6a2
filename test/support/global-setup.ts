import { join } from 'node:path';
import { ensureModel, ensureReachTable } from '../../src/store/model-loader.ts';
import type { SolverFactory } from '../../src/store/model-loader.ts';
import { BUILT_IS_CURRENT, ROOT } from './cli.ts';
import { TEST_COLUMN_RULESETS, TEST_MOMENTS_RULESETS, TEST_OUTLOOK_RULESETS, TEST_RULESETS, TEST_TABLE_DIR } from './paths.ts';

/**
 * The solver threads that build the test tables: the compiled ones where the build is current
 * (about 10 s less than threads loading TypeScript through tsx), else the sources themselves.
 */
async function solverThreads(): Promise<SolverFactory> {
  const pool = join(ROOT, BUILT_IS_CURRENT ? 'dist/workers/pool.js' : 'workers/pool.ts');
  return ((await import(pool)) as typeof import('../../workers/pool.ts')).solverThreads;
}

export default async function setup(): Promise<void> {
  const solver = await solverThreads();
  // joint: superpass-ordered's exact table (about a second), which its optimal strategy and reviews read.
  for (const id of [...TEST_RULESETS, ...TEST_COLUMN_RULESETS]) await ensureModel(TEST_TABLE_DIR, id, { threads: 2, solver, moments: TEST_MOMENTS_RULESETS.includes(id), joint: true });
  for (const id of TEST_OUTLOOK_RULESETS) await ensureReachTable(TEST_TABLE_DIR, id, { kind: 'outlook', threads: 2, solver });
}
