import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseGames } from '../src/analysis/index.ts';
import { DicewiseError } from '../src/errors.ts';
import type { SimulateTask, TaskResult } from '../src/simulate/index.ts';
import { createAdmission } from '../src/server/admission.ts';
import { inlineBatchWork, type BatchWork } from '../src/server/batch-work.ts';
import { processTableBuild } from '../src/server/table-builds.ts';
import { createTableRegistry, staticRegistry, type TableRegistry } from '../src/server/table-registry.ts';
import { diskSources } from '../src/store/disk-sources.ts';
import { loadedSource } from './support/table-sources.ts';
import { startServer } from '../src/server/serve.ts';
import { REQUEST_CHUNK_GAMES } from '../src/server/simulate-request.ts';
import { withBuildLock } from '../src/store/build-lock.ts';
import { sweepTempFiles, writeFileAtomic } from '../src/store/write-atomic.ts';
import { errorOf } from './support/errors.ts';
import { playGames } from './support/game-records.ts';
import { testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { postJson, testApp } from './support/server.ts';

// Findings 2-4 of the hardening review, each as a test: batch work bounded and stoppable, readiness
// while draining, no paths in responses, retried loads, a folder that survives interrupted builds.

/** A promise with its resolve outside, to hold work until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('the admission policy', () => {
  it('runs at most maxRunning, queues maxQueued, refuses the next at once with Retry-After', async () => {
    const a = createAdmission({ maxRunning: 2, maxQueued: 1, deadlineMs: 60_000 });
    const g = gate();
    let started = 0;
    const work = async () => {
      started++;
      await g.opened;
      return started;
    };
    const runs = [a.run(work), a.run(work), a.run(work)];
    await tick();
    expect(started).toBe(2);
    expect(a.stats()).toMatchObject({ running: 2, queued: 1 });
    const refused = await errorOf(a.run(work));
    expect(refused.code).toBe('OVERLOADED');
    expect((refused as unknown as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    g.open();
    await Promise.all(runs);
    expect(started).toBe(3);
    expect(a.stats()).toMatchObject({ running: 0, queued: 0, admitted: 3, rejected: 1 });
  });

  it('stops work at its deadline, and a queued request whose client leaves never starts', async () => {
    const a = createAdmission({ maxRunning: 1, maxQueued: 1, deadlineMs: 30 });
    const chunks: number[] = [];
    const chunked = async (signal: AbortSignal) => {
      for (let i = 0; i < 1000; i++) {
        if (signal.aborted) throw signal.reason;
        chunks.push(i);
        await tick(5);
      }
    };
    const client = new AbortController();
    let queuedRan = false;
    const first = errorOf(a.run(chunked));
    const second = errorOf(
      a.run(async () => {
        queuedRan = true;
      }, client.signal),
    );
    client.abort();
    expect((await second).code).toBe('CANCELLED');
    expect((await first).code).toBe('DEADLINE_EXCEEDED');
    expect(queuedRan).toBe(false);
    expect(chunks.length).toBeLessThan(1000);
    expect(a.stats()).toMatchObject({ running: 0, queued: 0, cancelled: 1, deadlineExceeded: 1 });
  });

  it('names a bad option', () => {
    expect(() => createAdmission({ maxRunning: 0, maxQueued: 0, deadlineMs: 1 })).toThrow('maxRunning must be an integer ≥ 1, got 0');
  });
});

describe('batch routes behind the admission policy', () => {
  let registry: TableRegistry;
  beforeAll(async () => {
    registry = await staticRegistry([await testModel('yahtzee')]);
  });

  /** Inline batch work whose simulate chunks wait for the test, counting the chunks started. */
  function heldBatch() {
    const inline = inlineBatchWork(registry);
    const state = { started: 0, release: gate() };
    const batch: BatchWork = {
      ...inline,
      simulate: async (task: SimulateTask): Promise<TaskResult> => {
        state.started++;
        await state.release.opened;
        return inline.simulate(task);
      },
    };
    return { batch, state };
  }

  it('a batch request beyond capacity gets 503 with Retry-After before any work; hints still answer', async () => {
    const { batch, state } = heldBatch();
    const { app } = await testApp({ batch, admission: { maxRunning: 1, maxQueued: 1, deadlineMs: 60_000 } });
    const body = { strategies: ['greedy'], games: 1000, seed: 1 };
    const running = postJson(app, '/api/v1/simulate', body);
    const queued = postJson(app, '/api/v1/simulate', body);
    await tick(10);
    const refused = await postJson(app, '/api/v1/analyse', { games: [] });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ title: 'Too busy', status: 503 });
    const hint = await postJson(app, '/api/v1/hint', { dice: [1, 1, 6, 6, 6] });
    expect(hint.status).toBe(200);
    const metrics = await (await app.request('/metrics')).text();
    expect(metrics).toMatch(/^dicewise_batch_running 1$/m);
    expect(metrics).toMatch(/^dicewise_batch_queued 1$/m);
    expect(metrics).toMatch(/^dicewise_batch_rejected_total 1$/m);
    state.release.open();
    expect((await running).status).toBe(200);
    expect((await queued).status).toBe(200);
    // two requests of 1,000 games in chunks of REQUEST_CHUNK_GAMES
    expect(state.started).toBe((2 * 1000) / REQUEST_CHUNK_GAMES);
  });

  it('a client that disconnects stops its simulation within one chunk', async () => {
    const { batch, state } = heldBatch();
    const { app } = await testApp({ batch });
    const client = new AbortController();
    const res = Promise.resolve(app.request('/api/v1/simulate', { method: 'POST', body: JSON.stringify({ games: 20_000, strategies: ['greedy'] }), headers: { 'content-type': 'application/json' }, signal: client.signal }));
    await tick(10);
    // concurrency 1 keeps two chunks in flight
    expect(state.started).toBe(2);
    client.abort();
    state.release.open();
    expect((await res).status).toBe(503);
    await tick(10);
    expect(state.started).toBe(2);
    const metrics = await (await app.request('/metrics')).text();
    expect(metrics).toMatch(/^dicewise_batch_cancelled_total 1$/m);
  });
});

describe('readiness, metrics and paths', () => {
  it('/readyz is 503 while draining; /healthz stays 200', async () => {
    let draining = false;
    const { app } = await testApp({ draining: () => draining });
    expect((await app.request('/readyz')).status).toBe(200);
    draining = true;
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ detail: 'the server is shutting down' });
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('/metrics counts requests by route and status in Prometheus text format', async () => {
    const { app } = await testApp();
    await postJson(app, '/api/v1/hint', { dice: [1, 1, 6, 6, 6] });
    await postJson(app, '/api/v1/hint', { dice: [1, 1, 6, 6, 6] });
    await postJson(app, '/api/v1/hint', { dice: [7] });
    await app.request('/no/such/path');
    const res = await app.request('/metrics');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('dicewise_http_requests_total{method="POST",route="/api/v1/hint",status="200"} 2');
    expect(text).toContain('dicewise_http_requests_total{method="POST",route="/api/v1/hint",status="400"} 1');
    expect(text).toContain('dicewise_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toMatch(/dicewise_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/hint",status="200"\} 2/);
    expect(text).toMatch(/^dicewise_hint_cache_hits_total 1$/m);
    expect(text).toMatch(/^dicewise_hint_cache_misses_total 1$/m);
  });

  it('a table that cannot load is reported without the folder\'s path; the log has it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicewise-paths-'));
    try {
      // A "folder" that is a file: reading a table from it fails with the file system's own message.
      const tables = join(dir, 'not-a-folder');
      await writeFile(tables, '');
      const lines: { msg: string; error?: string }[] = [];
      const logger = { info() {}, warn() {}, error: (msg: string, f?: Record<string, unknown>) => lines.push({ msg, ...(f as object) }) };
      const registry = createTableRegistry({ rulesets: ['yahtzee'], sources: diskSources(tables, { build: processTableBuild({ threads: 1, backgroundThreads: 1 }) }), logger });
      await registry.start();
      const { app } = await testApp({ registry });
      const text = await (await app.request('/readyz')).text();
      expect(text).toContain('<tables>/yahtzee.dwt');
      expect(text).not.toContain(dir);
      expect(JSON.stringify(lines)).toContain(resolve(tables));
      const hint = await (await postJson(app, '/api/v1/hint', {})).text();
      expect(hint).toContain('TABLE_MISSING'.toLowerCase().replace('_', '-'));
      expect(hint).not.toContain(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('model loads are retried', () => {
  it('a failed load is tried again with backoff; meanwhile the rule set is 503 with Retry-After', async () => {
    const model = await testModel('yahtzee');
    let calls = 0;
    const registry = createTableRegistry({
      rulesets: ['yahtzee'],
      retry: { firstMs: 20, maxMs: 40 },
      sources: {
        values: loadedSource(async () => {
          calls++;
          if (calls < 3) throw new DicewiseError('TABLE_MISSING', 'disk not mounted yet');
          return model;
        }),
      },
    });
    await registry.start();
    expect(registry.state('yahtzee')).toMatchObject({ status: 'failed', error: 'disk not mounted yet', retryAfterSeconds: 1 });
    expect(() => registry.get('yahtzee')).toThrow(expect.objectContaining({ code: 'NOT_READY' }));
    for (let i = 0; i < 100 && !registry.ready(); i++) await tick(10);
    expect(registry.ready()).toBe(true);
    expect(calls).toBe(3);
  });

  it('NOT_SOLVED is final', async () => {
    let calls = 0;
    const registry = createTableRegistry({
      rulesets: ['superpass'],
      retry: { firstMs: 5, maxMs: 5 },
      sources: {
        values: loadedSource(async () => {
          calls++;
          throw new DicewiseError('NOT_SOLVED', 'no model');
        }),
      },
    });
    await registry.start();
    await tick(30);
    expect(calls).toBe(1);
    expect(() => registry.get('superpass')).toThrow(expect.objectContaining({ code: 'NOT_SOLVED' }));
  });
});

describe('the table folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dicewise-folder-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('sweeps temporary files of processes that are gone, keeps its own and other files', async () => {
    const gone = 2 ** 22 + 12345; // above Linux's default pid_max: no such process
    await writeFile(join(dir, `.yahtzee.dwt.${gone}.1700000000000.tmp`), 'half a table');
    await writeFile(join(dir, `.yatzy.dwt.${process.pid}.1700000000000.tmp`), 'being written');
    await writeFileAtomic(join(dir, 'yahtzee.dwt'), 'a table');
    expect(await sweepTempFiles(dir)).toEqual([`.yahtzee.dwt.${gone}.1700000000000.tmp`]);
    expect((await readdir(dir)).sort()).toEqual([`.yatzy.dwt.${process.pid}.1700000000000.tmp`, 'yahtzee.dwt']);
    expect(await sweepTempFiles(join(dir, 'missing'))).toEqual([]);
  });

  it('one builder at a time per rule set: the second waits for the first', async () => {
    const order: string[] = [];
    const first = gate();
    const a = withBuildLock(dir, 'yahtzee', async () => {
      order.push('a starts');
      await first.opened;
      order.push('a ends');
    });
    await tick(50);
    const b = withBuildLock(dir, 'yahtzee', async () => {
      order.push('b starts');
    });
    const other = withBuildLock(dir, 'yatzy', async () => {
      order.push('yatzy runs');
    });
    await other;
    await tick(300);
    first.open();
    await Promise.all([a, b]);
    expect(order).toEqual(['a starts', 'yatzy runs', 'a ends', 'b starts']);
  });
});

describe('the server', () => {
  it('listens on loopback by default with timeouts and a connection cap, and closes', async () => {
    const server = await startServer({ port: 0, host: '127.0.0.1', tables: TEST_TABLE_DIR, rulesets: ['yahtzee'], goalTables: [], batchThreads: 1 }, { info() {}, warn() {}, error() {} });
    try {
      const http = server.server as import('node:http').Server;
      expect({ request: http.requestTimeout, headers: http.headersTimeout, keepAlive: http.keepAliveTimeout, connections: http.maxConnections }).toEqual({
        request: 30_000,
        headers: 10_000,
        keepAlive: 5_000,
        connections: 1024,
      });
      for (let i = 0; i < 200 && (await fetch(`${server.url}/readyz`)).status !== 200; i++) await tick(25);
      // analyse runs on the batch worker: bytes in, bytes out, the same answer as inline
      const games = playGames(await testModel('yahtzee'), 3, 3, 0.3);
      const res = await fetch(`${server.url}/api/v1/analyse`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ games: [games[0], { turns: 1 }, ...games.slice(1)] }) });
      expect(res.status).toBe(200);
      const { results } = (await res.json()) as { results: unknown[] };
      const model = await testModel('yahtzee');
      expect(results).toEqual(JSON.parse(JSON.stringify(analyseGames(() => model, [games[0], { turns: 1 }, ...games.slice(1)]))));
    } finally {
      await server.close();
    }
  });
});
