import { readSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../src/rules/index.ts';
import { openReachTable, type ReachTableData } from '../src/solver/index.ts';
import { openReachTableData, readReachTable, writeReachTable } from '../src/store/reach-store.ts';
import { readTable, tableKey } from '../src/store/table-store.ts';
import { createWorkerPool, reviewRunner, simulateRunner } from '../workers/pool.ts';
import { playGames } from './support/game-records.ts';
import { testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { TAIL_RULESET, tableRows, tailReachTable } from './support/reach.ts';

describe('tables shared with worker threads', () => {
  it('opens a goal table with its index in shared memory and its rows in the file; a message carries its data, which opens to the same rows', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicewise-shared-'));
    try {
      const built = await tailReachTable();
      await writeReachTable(dir, built);
      const { table } = await readReachTable(dir, RULESETS[TAIL_RULESET]);
      expect(tableRows(table)).toEqual(tableRows(built.table));
      expect(table.data.offset.buffer).toBeInstanceOf(SharedArrayBuffer);
      // The rows stay in the file: this thread holds its index and the rows it decoded.
      expect('file' in table.data.rows).toBe(true);
      // What a worker thread receives in its task: the index shared (a write on one side is seen on the other), the same open file.
      const { port1, port2 } = new MessageChannel();
      const received = new Promise<ReachTableData>((resolve) => port2.once('message', resolve));
      port1.postMessage(table.data);
      const copy = await received;
      port1.close();
      port2.close();
      expect(copy.rows).toEqual(table.data.rows);
      const last = table.data.offset.length - 1;
      const before = table.data.offset[last];
      copy.offset[last] = 12345;
      expect(table.data.offset[last]).toBe(12345);
      table.data.offset[last] = before;
      // Opened as a thread that never read the file opens it: the same rows, through the same descriptor.
      expect(tableRows(openReachTable(copy, (dst, at) => readSync((copy.rows as { file: { fd: number; at: number } }).file.fd, dst, 0, dst.length, (copy.rows as { file: { at: number } }).file.at + at)))).toEqual(tableRows(built.table));
      expect(openReachTableData(copy)).toBe(table);
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
