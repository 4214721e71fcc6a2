import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureModel } from '../../src/store/model-loader.ts';
import type { SolverFactory } from '../../src/store/model-loader.ts';
import { TEST_COLUMN_RULESETS, TEST_MOMENTS_RULESETS, TEST_RULESETS, TEST_TABLE_DIR } from './paths.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Newest modification time of the .ts files below `dir`. */
function newest(dir: string): number {
  return Math.max(0, ...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newest(join(dir, e.name)) : e.name.endsWith('.ts') ? statSync(join(dir, e.name)).mtimeMs : 0)));
}

/**
 * The solver threads that build the test tables: the compiled ones where the build is newer than
 * every source a solver thread runs (after `npm ci`, whose `prepare` builds it: about 10 s less
 * than threads loading TypeScript through tsx), else the sources themselves.
 */
async function solverThreads(): Promise<SolverFactory> {
  const compiled = join(root, 'dist/workers/solve-worker.js');
  let built = 0;
  try {
    built = statSync(compiled).mtimeMs;
  } catch {
    // not built
  }
  const sources = Math.max(...['src/solver', 'src/rules', 'src/dice', 'src/approx', 'src/store', 'workers'].map((d) => newest(join(root, d))));
  const pool = built > sources ? join(root, 'dist/workers/pool.js') : join(root, 'workers/pool.ts');
  return ((await import(pool)) as typeof import('../../workers/pool.ts')).solverThreads;
}

export default async function setup(): Promise<void> {
  const solver = await solverThreads();
  // joint: superpass-ordered's exact table (about a second), which its optimal strategy and reviews read.
  for (const id of [...TEST_RULESETS, ...TEST_COLUMN_RULESETS]) await ensureModel(TEST_TABLE_DIR, id, { threads: 2, solver, moments: TEST_MOMENTS_RULESETS.includes(id), joint: true });
}
