import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../src/rules/index.ts';
import type { ReachTable } from '../src/solver/index.ts';
import { readReachTable, writeReachTable } from '../src/store/reach-store.ts';
import { readTable, tableKey } from '../src/store/table-store.ts';
import { createWorkerPool, reviewRunner, simulateRunner } from '../workers/pool.ts';
import { playGames } from './support/game-records.ts';
import { testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { TAIL_RULESET, tailReachTable } from './support/reach.ts';

describe('goal tables in shared memory', () => {
  it('reads a table into SharedArrayBuffers with the same contents, and a message shares it rather than copying it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicewise-shared-'));
    try {
      await writeReachTable(dir, await tailReachTable());
      const plain = (await readReachTable(dir, RULESETS[TAIL_RULESET])).table;
      const shared = (await readReachTable(dir, RULESETS[TAIL_RULESET], 'reach', { shared: true })).table;
      for (const key of ['lo', 'count', 'offset', 'values'] as const) {
        expect(shared[key].buffer).toBeInstanceOf(SharedArrayBuffer);
        expect(plain[key].buffer).not.toBeInstanceOf(SharedArrayBuffer);
        expect(Array.from(shared[key])).toEqual(Array.from(plain[key]));
      }
      expect(shared.cap).toBe(plain.cap);
      // What a worker thread receives in its task: a write on one side is seen on the other.
      const { port1, port2 } = new MessageChannel();
      const received = new Promise<ReachTable>((resolve) => port2.once('message', resolve));
      port1.postMessage(shared);
      const copy = await received;
      port1.close();
      port2.close();
      const before = shared.values[0];
      copy.values[0] = 0.125;
      expect(shared.values[0]).toBe(0.125);
      shared.values[0] = before;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a simulate thread plays from the value table its task shares: with no table folder, the games it plays from the file', async () => {
    const task = { ruleset: 'yahtzee' as const, seed: 5, from: 0, to: 40, strategies: ['optimal'], cacheEntries: 1024 };
    const table = await readTable(TEST_TABLE_DIR, RULESETS.yahtzee, '', { shared: true });
    expect(table.values.buffer).toBeInstanceOf(SharedArrayBuffer);
    const fromFiles = createWorkerPool({ threads: 1, tables: TEST_TABLE_DIR });
    const noFiles = createWorkerPool({ threads: 1, tables: join(tmpdir(), 'dicewise-no-tables-here') });
    try {
      const expected = await simulateRunner(fromFiles)(task);
      await expect(simulateRunner(noFiles)(task)).rejects.toMatchObject({ code: 'TABLE_MISSING' });
      const played = await simulateRunner(noFiles)({ ...task, tables: { [tableKey('yahtzee')]: table } });
      expect(Array.from(played.scores)).toEqual(Array.from(expected.scores));
      expect(played.scores.length).toBe(40);
    } finally {
      await Promise.all([fromFiles.destroy(), noFiles.destroy()]);
    }
  });

  it('a review thread rates games from the value table its task shares: with no table folder, the review it makes from the file', async () => {
    const records = playGames(await testModel('yahtzee'), 11, 6, 0.3);
    const chunk = { input: { records, first: 1 }, output: 'jsonl' as const };
    const table = await readTable(TEST_TABLE_DIR, RULESETS.yahtzee, '', { shared: true });
    const fromFiles = createWorkerPool({ threads: 1, tables: TEST_TABLE_DIR });
    const noFiles = createWorkerPool({ threads: 1, tables: join(tmpdir(), 'dicewise-no-tables-here') });
    try {
      const expected = await reviewRunner(fromFiles)(chunk);
      expect(expected.errors).toBe(0);
      await expect(reviewRunner(noFiles)(chunk)).rejects.toMatchObject({ code: 'TABLE_MISSING' });
      const reviewed = await reviewRunner(noFiles, undefined, () => ({ tables: { [tableKey('yahtzee')]: table } }))(chunk);
      expect(reviewed.errors).toBe(0);
      expect(Buffer.from(reviewed.out).toString('utf8')).toBe(Buffer.from(expected.out).toString('utf8'));
      expect(reviewed.games).toBe(6);
    } finally {
      await Promise.all([fromFiles.destroy(), noFiles.destroy()]);
    }
  });
});
