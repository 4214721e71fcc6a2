import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseGames, analyseInChunks, type GameBatch, type GameRecord } from '../src/analysis/index.ts';
import { isDicewiseError } from '../src/errors.ts';
import { analyseRunner, createWorkerPool, type WorkerPool } from '../workers/pool.ts';
import { playGames } from './support/game-records.ts';
import { testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

describe('analysis on the worker pool', () => {
  let pool: WorkerPool;
  let games: GameRecord[];
  const analyse = (batch: GameBatch, onProgress?: (done: number, total: number) => void, on = pool) =>
    analyseInChunks(batch, { runner: analyseRunner(on), concurrency: on.threads, chunkSize: 7, onProgress });

  beforeAll(async () => {
    pool = createWorkerPool({ threads: 2, tables: TEST_TABLE_DIR });
    const yahtzee = await testModel('yahtzee');
    const free = await testModel('yahtzee-free-joker');
    games = [...playGames(yahtzee, 31, 30, 0.2), ...playGames(free, 32, 10, 0.2).map((g) => ({ ...g, ruleset: 'yahtzee-free-joker' as const }))];
  });
  afterAll(() => pool.destroy());

  it('gives the same results as inline analysis, in input order, with progress per chunk', async () => {
    const yahtzee = await testModel('yahtzee');
    const free = await testModel('yahtzee-free-joker');
    const records: unknown[] = [...games];
    records.splice(5, 0, { turns: [{ rolls: [[1, 2, 3, 4, 9]], box: 'chance' }] });
    records.splice(20, 0, { ruleset: 'superpass', turns: [] });
    const inline = analyseGames((id) => (id === 'yahtzee' ? yahtzee : id === 'yahtzee-free-joker' ? free : undefined), records);
    const progress: number[] = [];
    const pooled = await analyse({ records }, (done, total) => {
      expect(total).toBe(records.length);
      progress.push(done);
    });
    expect(pooled).toEqual(inline);
    expect(progress).toHaveLength(Math.ceil(records.length / 7));
    expect(progress.at(-1)).toBe(records.length);
    expect(inline[5]).toMatchObject({ error: { turn: 1, roll: 1 } });
  });

  it('parses JSON Lines in the workers; a malformed line is that game\'s error', async () => {
    const lines = games.map((g) => JSON.stringify(g));
    lines.splice(3, 0, '{"turns": [');
    const results = await analyse({ lines });
    expect(results).toHaveLength(games.length + 1);
    expect(results[3]).toMatchObject({ error: { turn: 0, roll: 0, detail: expect.stringMatching(/not valid JSON/) } });
    const again = await analyse({ records: games });
    expect([...results.slice(0, 3), ...results.slice(4)]).toEqual(again);
  });

  it('a missing table fails the batch with its code', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'dicewise-no-tables-'));
    const bare = createWorkerPool({ threads: 1, tables: empty });
    try {
      const err = await analyse({ records: games.slice(0, 2) }, undefined, bare).catch((e: unknown) => e);
      expect(isDicewiseError(err) && err.code).toBe('TABLE_MISSING');
    } finally {
      await bare.destroy();
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('names a bad option', () => {
    expect(() => createWorkerPool({ threads: 0, tables: TEST_TABLE_DIR })).toThrow('threads must be a positive integer, got 0');
    return expect(analyseInChunks({ records: [] }, { runner: analyseRunner(pool), chunkSize: 1.5 })).rejects.toThrow('chunkSize must be a positive integer');
  });
});
