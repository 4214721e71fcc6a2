import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseGames, type ChunkReview, type GameRecord, type ReviewChunk } from '../src/analysis/index.ts';
import { isDicewiseError } from '../src/errors.ts';
import { createWorkerPool, reviewRunner, type WorkerPool } from '../workers/pool.ts';
import { playGames } from './support/game-records.ts';
import { testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

const decoder = new TextDecoder();

/** A chunk's JSON Lines output, one parsed result per game. */
function linesOf(r: ChunkReview): unknown[] {
  const text = typeof r.out === 'string' ? r.out : decoder.decode(r.out);
  return text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
}

describe('a streamed review on the worker pool', () => {
  let pool: WorkerPool;
  let games: GameRecord[];
  /** Every chunk of 7 games to the pool, as the CLI's `analyse` sends them; results in input order. */
  const review = async (records: unknown[], on = pool): Promise<{ results: unknown[]; games: number; errors: number }> => {
    const run = reviewRunner(on);
    const chunks: ReviewChunk[] = [];
    for (let i = 0; i < records.length; i += 7) chunks.push({ input: { records: records.slice(i, i + 7), first: i + 1 }, output: 'jsonl' });
    const parts = await Promise.all(chunks.map(run));
    return { results: parts.flatMap(linesOf), games: parts.reduce((s, p) => s + p.games, 0), errors: parts.reduce((s, p) => s + p.errors, 0) };
  };

  beforeAll(async () => {
    pool = createWorkerPool({ threads: 2, tables: TEST_TABLE_DIR });
    const yahtzee = await testModel('yahtzee');
    const free = await testModel('yahtzee-free-joker');
    games = [...playGames(yahtzee, 31, 30, 0.2), ...playGames(free, 32, 10, 0.2).map((g) => ({ ...g, ruleset: 'yahtzee-free-joker' as const }))];
  });
  afterAll(() => pool.destroy());

  it('gives the same results as inline analysis, in input order; a bad record is only its own error', async () => {
    const yahtzee = await testModel('yahtzee');
    const free = await testModel('yahtzee-free-joker');
    const superpass = await testModel('superpass');
    const records: unknown[] = [...games];
    records.splice(5, 0, { turns: [{ rolls: [[1, 2, 3, 4, 9]], box: 'chance' }] });
    // A game not begun: rated by Superpass's best model, in a thread as here.
    records.splice(20, 0, { ruleset: 'superpass', turns: [] });
    const models = { yahtzee, 'yahtzee-free-joker': free, superpass } as const;
    const inline = analyseGames((id) => models[id as keyof typeof models], records);
    const pooled = await review(records);
    expect(pooled.results).toEqual(JSON.parse(JSON.stringify(inline)));
    expect(pooled.games).toBe(records.length);
    expect(pooled.errors).toBe(inline.filter((r) => 'error' in r).length);
    expect(inline[5]).toMatchObject({ error: { turn: 1, roll: 1 } });
  });

  it('parses JSON Lines in the workers; a malformed line is that game\'s error', async () => {
    const lines = games.map((g) => JSON.stringify(g));
    lines.splice(3, 0, '{"turns": [');
    const r = await reviewRunner(pool)({ input: { text: `${lines.join('\n')}\n`, firstLine: 1 }, output: 'jsonl' });
    const results = linesOf(r);
    expect(results).toHaveLength(games.length + 1);
    expect(results[3]).toMatchObject({ error: { turn: 0, roll: 0, detail: expect.stringMatching(/not valid JSON/) } });
    const again = await review(games);
    expect([...results.slice(0, 3), ...results.slice(4)]).toEqual(again.results);
  });

  it('a missing table fails the chunk with its code', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'dicewise-no-tables-'));
    const bare = createWorkerPool({ threads: 1, tables: empty });
    try {
      const err = await review(games.slice(0, 2), bare).catch((e: unknown) => e);
      expect(isDicewiseError(err) && err.code).toBe('TABLE_MISSING');
    } finally {
      await bare.destroy();
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('names a bad option', () => {
    expect(() => createWorkerPool({ threads: 0, tables: TEST_TABLE_DIR })).toThrow('threads must be a positive integer, got 0');
  });
});
