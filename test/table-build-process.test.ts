import { readFile } from 'node:fs/promises';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isDicewiseError } from '../src/errors.ts';
import { RULESETS } from '../src/rules/index.ts';
import type { BuildProgress } from '../src/solver/index.ts';
import { MOMENTS_SUFFIX, readTable } from '../src/store/table-store.ts';
import { alive } from '../src/store/write-atomic.ts';
import { buildTableInProcess } from '../workers/table-build.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { childPids } from './support/processes.ts';

/** A server's table builds run in a child process: what it writes, what it reports, how it fails. */
const dir = mkdtempSync(join(tmpdir(), 'dicewise-build-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function valuesBytes(folder: string, suffix = ''): Promise<Buffer> {
  const { values } = await readTable(folder, RULESETS.yahtzee, suffix);
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

describe('buildTableInProcess', () => {
  it('writes a rule set\'s value and moments tables, the same values as a build in this process, with progress on the way', async () => {
    const progress: BuildProgress[] = [];
    await buildTableInProcess({ dir, id: 'yahtzee', kind: 'values', threads: 2, background: false }, (p) => progress.push(p));
    expect((await valuesBytes(dir)).equals(await valuesBytes(TEST_TABLE_DIR))).toBe(true);
    expect((await valuesBytes(dir, MOMENTS_SUFFIX)).equals(await valuesBytes(TEST_TABLE_DIR, MOMENTS_SUFFIX))).toBe(true);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((p) => p.statesDone >= 0 && p.statesDone <= p.statesTotal)).toBe(true);
    expect(progress.some((p) => p.statesDone === p.statesTotal)).toBe(true);
  });

  it('a DicewiseError in the build arrives as one, with its code and field', async () => {
    const error = await buildTableInProcess({ dir, id: 'yahtzee-no-bonus', kind: 'reach', threads: 1, cap: 0, background: true }).catch((e: unknown) => e);
    expect(isDicewiseError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INVALID_OPTION', issues: [{ field: 'cap' }] });
  });

  it('any other failure rejects naming the table and its cause; what stood in the folder\'s place is left alone', async () => {
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, 'x');
    await expect(buildTableInProcess({ dir: file, id: 'yatzy', kind: 'values', threads: 1, background: true })).rejects.toThrow(/the yatzy values table build failed: .*ENOTDIR/s);
    expect(await readFile(file, 'utf8')).toBe('x');
  });
});

describe('buildTableInProcess with a signal', () => {
  it('stops the build when the signal aborts: the child ends, the promise rejects with the reason, and no table stands', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'dicewise-build-stop-'));
    try {
      const controller = new AbortController();
      const reason = new Error('closing');
      let pid: number | undefined;
      const before = new Set(childPids());
      const build = buildTableInProcess({ dir: folder, id: 'yatzy', kind: 'values', threads: 1, background: true }, () => {
        pid ??= childPids().find((p) => !before.has(p));
        controller.abort(reason);
      }, controller.signal);
      await expect(build).rejects.toBe(reason);
      expect(pid).toBeDefined();
      await expect.poll(() => alive(pid!), { timeout: 5000 }).toBe(false);
      expect(readdirSync(folder).filter((f) => f.endsWith('.dwt'))).toEqual([]);
      // An aborted signal starts nothing.
      await expect(buildTableInProcess({ dir: folder, id: 'yatzy', kind: 'values', threads: 1, background: true }, undefined, controller.signal)).rejects.toBe(reason);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
