import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { SolveTask } from '../src/solver/index.ts';
import { createWorkerPool } from '../workers/pool.ts';
import { workerEntry } from '../workers/worker-url.ts';

/** `make()` as it runs where dist/ is stale: the test suite otherwise starts the compiled entries (vitest.config.ts). */
function fromSources<T>(make: () => T): T {
  const compiled = process.env.DICEWISE_COMPILED_WORKERS;
  delete process.env.DICEWISE_COMPILED_WORKERS;
  try {
    return make();
  } finally {
    if (compiled !== undefined) process.env.DICEWISE_COMPILED_WORKERS = compiled;
  }
}

// `dicewise` run by tsx, and the tests after an edit not yet built: each thread must load its
// TypeScript entry and everything it imports.
describe('worker threads started from the TypeScript sources', () => {
  it('start a plain thread, which answers a message', async () => {
    const entry = fromSources(() => workerEntry('levels-worker'));
    expect(entry.filename).toMatch(/\/workers\/levels-worker\.ts$/);
    const worker = new Worker(new URL(entry.filename), { execArgv: entry.execArgv, workerData: {} });
    try {
      const failed = once(worker, 'error').then(([e]) => Promise.reject(e as Error));
      // Not a job: the thread's handler answers with the failure, which shows that it runs.
      worker.postMessage({});
      const [reply] = await Promise.race([once(worker, 'message'), failed]);
      expect(reply).toHaveProperty('ok', false);
    } finally {
      await worker.terminate();
    }
  });

  it('start a pool, whose thread runs a task', async () => {
    const pool = fromSources(() => createWorkerPool({ threads: 1 }));
    try {
      expect(await pool.run('solve', { ruleset: 'yahtzee-no-bonus', values: new Float64Array(0), states: new Int32Array(0) } satisfies SolveTask)).toBe(0);
    } finally {
      await pool.destroy();
    }
  });
});
