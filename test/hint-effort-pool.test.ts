import { afterAll, describe, expect, it } from 'vitest';
import { bestModel } from '../src/approx/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { createApp } from '../src/server/app.ts';
import { poolBatchWork, type BatchWork } from '../src/server/batch-work.ts';
import { SERVE_DEFAULTS } from '../src/server/serve-options.ts';
import { staticRegistry } from '../src/server/table-registry.ts';
import { testColumnTables, testModel } from './support/models.ts';
import { postJson } from './support/server.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

const pool = poolBatchWork({ tables: TEST_TABLE_DIR, threads: 1, idleMs: SERVE_DEFAULTS.batchIdleMs });
afterAll(() => pool.destroy());

describe('hints with effort run where batch work runs, behind the admission policy', () => {
  it('a pooled effort hint is the answer the server\'s thread gives; points hints are answered while one is in flight, and a second is refused while the only slot is taken', async () => {
    // The pool's hint work, held at a gate so that one is surely in flight while the others come.
    let open: () => void = () => {};
    let gate: Promise<void> = Promise.resolve();
    let entered = 0;
    const batch: BatchWork = {
      ...pool,
      hint: async (task) => {
        entered++;
        await gate;
        return pool.hint(task);
      },
    };
    const models = [bestModel(RULESETS.superpass, await testColumnTables('superpass')), await testModel('yahtzee')];
    const app = createApp({ registry: await staticRegistry(models), batch, admission: { maxRunning: 1, maxQueued: 0 } });
    const inline = createApp({ registry: await staticRegistry(models) });
    const one = { ruleset: 'superpass', dice: [1, 2, 3, 4, 6, 6], rollsLeft: 2, effort: 1 };
    const fromPool = await postJson(app, '/api/v1/hint', one);
    expect(fromPool.status).toBe(200);
    expect(entered).toBe(1);
    expect(await fromPool.text()).toBe(await (await postJson(inline, '/api/v1/hint', one)).text());

    gate = new Promise((resolve) => (open = resolve));
    const slow = postJson(app, '/api/v1/hint', { ruleset: 'superpass', dice: [2, 2, 5, 5, 6, 3], rollsLeft: 1, effort: 3 });
    while (entered < 2) await new Promise((resolve) => setImmediate(resolve));
    const points = await postJson(app, '/api/v1/hint', { ruleset: 'yahtzee', dice: [1, 2, 3, 4, 6], rollsLeft: 2 });
    expect(points.status).toBe(200);
    expect(((await points.json()) as { best: unknown }).best).toBeDefined();
    const second = await postJson(app, '/api/v1/hint', { ...one, dice: [1, 1, 3, 4, 6, 6] });
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toMatch(/^\d+$/);
    open();
    const r = await slow;
    expect(r.status).toBe(200);
    expect(((await r.json()) as { effort: number }).effort).toBe(3);
    // Points hints never reach the batch work.
    expect(entered).toBe(2);
  });
});
