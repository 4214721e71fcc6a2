import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../src/server/logger.ts';
import { startServer } from '../src/server/serve.ts';
import { alive } from '../src/store/write-atomic.ts';
import { playGames } from './support/game-records.ts';
import { testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { childPids } from './support/processes.ts';

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
    const server = await startServer({ port: 0, host: '127.0.0.1', tables: TEST_TABLE_DIR, rulesets: ['yahtzee'], goalTables: [] }, logger);
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

  it('closing stops a table build in progress: its process ends and no table is left half-written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dicewise-serve-close-'));
    const before = new Set(childPids());
    const logger = memoryLogger();
    const server = await startServer({ port: 0, host: '127.0.0.1', tables: dir, rulesets: ['yahtzee'], goalTables: [], threads: 1, batchThreads: 1 }, logger);
    try {
      let builder: number | undefined;
      await expect.poll(() => (builder = childPids().find((p) => !before.has(p))), { timeout: 20_000, interval: 10 }).toBeDefined();
      expect(server.registry.state('yahtzee').status).toBe('building');
      await server.close();
      await expect.poll(() => alive(builder!), { timeout: 5000 }).toBe(false);
      expect(readdirSync(dir).filter((f) => f.endsWith('.dwt'))).toEqual([]);
      await expect.poll(() => logger.records.find((r) => r.msg === 'model build stopped')).toMatchObject({ ruleset: 'yahtzee', error: expect.stringMatching(/closing/) });
      expect(logger.records.filter((r) => r.msg === 'model failed to load')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('its batch threads simulate and review from the server\'s own copy of a value table, not from the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dicewise-serve-shared-'));
    const files = ['yahtzee.dwt', 'yahtzee.moments.dwt'];
    for (const f of files) copyFileSync(join(TEST_TABLE_DIR, f), join(dir, f));
    const server = await startServer({ port: 0, host: '127.0.0.1', tables: dir, rulesets: ['yahtzee'], goalTables: [], batchThreads: 1 }, memoryLogger());
    const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    try {
      await waitReady(server.url);
      // Loaded: a batch thread that read the folder now would find nothing there.
      for (const f of files) rmSync(join(dir, f));
      const simulated = await post('/api/v1/simulate', { ruleset: 'yahtzee', strategies: ['optimal'], games: 30, seed: 3 });
      expect(simulated.status).toBe(200);
      expect(await simulated.json()).toMatchObject({ games: 30 });
      const games = playGames(await testModel('yahtzee'), 5, 2);
      const reviewed = await post('/api/v1/analyse', { games });
      expect(reviewed.status).toBe(200);
      const body = (await reviewed.json()) as { results: unknown[] };
      expect(body.results).toHaveLength(2);
      expect(JSON.stringify(body)).not.toContain('TABLE_MISSING');
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a hint with effort is made on a batch thread from the server\'s own column tables, not from the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dicewise-serve-columns-'));
    copyFileSync(join(TEST_TABLE_DIR, 'superpass.dwt'), join(dir, 'superpass.dwt'));
    const server = await startServer({ port: 0, host: '127.0.0.1', tables: dir, rulesets: ['superpass'], goalTables: [], batchThreads: 1 }, memoryLogger());
    try {
      await waitReady(server.url);
      rmSync(join(dir, 'superpass.dwt'));
      const res = await fetch(`${server.url}/api/v1/hint`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ruleset: 'superpass', dice: [1, 2, 3, 4, 5, 6], rollsLeft: 2, effort: 1 }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ruleset: 'superpass', effort: 1 });
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
