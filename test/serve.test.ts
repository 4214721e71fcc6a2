import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../src/server/logger.ts';
import { startServer } from '../src/server/serve.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await fetch(`${url}/readyz`)).status === 200) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('server never became ready');
}

describe('startServer', () => {
  it('listens on a free port, loads the table, answers over HTTP and closes', async () => {
    const logger = memoryLogger();
    const server = await startServer({ port: 0, host: '127.0.0.1', tables: TEST_TABLE_DIR, rulesets: ['yahtzee'] }, logger);
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      await waitReady(server.url);
      const res = await fetch(`${server.url}/api/v1/hint`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scorecard: { ones: 3 }, dice: [1, 1, 6, 6, 6] }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ score: 3, best: { action: { hold: [6, 6, 6] } } });
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(logger.records.map((r) => r.msg)).toEqual(expect.arrayContaining(['listening', 'model ready', 'request']));
    expect(logger.records.find((r) => r.msg === 'listening')).toMatchObject({ url: server.url, rulesets: ['yahtzee'] });
  });
});
