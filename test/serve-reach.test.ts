import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adviseGoal } from '../src/goals/index.ts';
import { parsePosition } from '../src/position/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { memoryLogger } from '../src/server/logger.ts';
import { startServer } from '../src/server/serve.ts';
import { readReachTable } from '../src/store/reach-store.ts';
import { testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

/**
 * The real server builds a missing reach table in a process of its own on the first reach goal, with
 * the cap it is given (1 here: the whole yahtzee-no-bonus table, one lane per state, seconds),
 * answering 503 + Retry-After until the table is written and loaded.
 */
const id = 'yahtzee-no-bonus';
const dir = mkdtempSync(join(tmpdir(), 'dicewise-serve-reach-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(`${url}/api/v1/hint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('dicewise serve with reach goals', () => {
  it('builds the missing reach table in the background, then answers from it', async () => {
    // The value and moments tables are there: the server is ready at once, and only the reach table is built.
    for (const file of [`${id}.dwt`, `${id}.moments.dwt`]) copyFileSync(join(TEST_TABLE_DIR, file), join(dir, file));
    const logger = memoryLogger();
    const server = await startServer({ port: 0, host: '127.0.0.1', tables: dir, rulesets: [id], goalTables: [], threads: 2, reachCap: 1 }, logger);
    const input = { ruleset: id, scorecard: { ones: 3, chance: 20 }, dice: [1, 2, 3, 4, 6], rollsLeft: 1, goal: { type: 'reach', score: 24 } };
    try {
      while ((await fetch(`${server.url}/readyz`)).status !== 200) await new Promise((r) => setTimeout(r, 25));
      const first = await post(server.url, input);
      expect(first.status).toBe(503);
      expect(Number(first.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Points hints are answered while the build runs.
      expect((await post(server.url, { ...input, goal: undefined })).status).toBe(200);
      let res = first;
      for (let i = 0; i < 1200 && res.status === 503; i++) {
        await new Promise((r) => setTimeout(r, 100));
        res = await post(server.url, input);
      }
      expect(res.status).toBe(200);
      const { table } = await readReachTable(dir, RULESETS[id]);
      expect(table.cap).toBe(1);
      const parsed = parsePosition(input);
      if (!parsed.ok) throw new Error('bad position');
      expect(await res.json()).toEqual(JSON.parse(JSON.stringify(adviseGoal(await testModel(id), { reach: table }, parsed.position))));
      // With a cap of 1, 24 (one point more than the 23 on the sheet) is the largest target answered.
      const beyond = await post(server.url, { ...input, goal: { type: 'reach', score: 25 } });
      expect(beyond.status).toBe(400);
      expect(await beyond.json()).toMatchObject({ errors: [{ field: 'goal.score', message: expect.stringContaining('answers targets up to 24 from this position') }] });
    } finally {
      await server.close();
    }
    expect(logger.records.map((r) => r.msg)).toEqual(expect.arrayContaining(['reach table build started', 'reach table ready']));
  });
});
