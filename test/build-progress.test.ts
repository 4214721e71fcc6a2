import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressBar } from '../src/cli/progress.ts';
import { aboutTime, buildEstimate, describeEstimate } from '../src/solver/index.ts';
import { buildsInProgress, withBuildLock } from '../src/store/build-lock.ts';

describe('build progress', () => {
  afterEach(() => vi.restoreAllMocks());

  it('estimates the time left from the rate so far, once past the first 2%', () => {
    expect(buildEstimate({ statesDone: 1, statesTotal: 100 }, 5_000)).toEqual({ fraction: 0.01, percent: 1 });
    expect(buildEstimate({ statesDone: 43, statesTotal: 100 }, 90_000)).toEqual({ fraction: 0.43, percent: 43, etaSeconds: 120 });
    expect(describeEstimate(buildEstimate({ statesDone: 43, statesTotal: 100 }, 90_000))).toBe('43%, about 2 min left');
    expect([aboutTime(4), aboutTime(44), aboutTime(150), aboutTime(7200)]).toEqual(['about 4 s', 'about 40 s', 'about 3 min', 'about 2.0 h']);
  });

  it('prints a line every 10% to stderr when it is not a terminal', () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => (lines.push(String(s)), true));
    const tty = process.stderr.isTTY;
    process.stderr.isTTY = false;
    try {
      const bar = progressBar('yahtzee reach', { lines: true });
      for (let done = 0; done <= 100; done += 5) bar.update(done, 100);
      bar.stop();
      // Without `lines` a pipe gets nothing, as before.
      progressBar('simulate').update(50, 100);
    } finally {
      process.stderr.isTTY = tty;
    }
    // The time left depends on the clock; the percents do not.
    expect(lines.map((l) => l.replace(/, about .* left/, ''))).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90].map((p) => `yahtzee reach: ${p}%\n`));
  });

  it('shows a build in progress to other processes through its lock, and forgets it when done', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicewise-progress-'));
    try {
      let seen: Awaited<ReturnType<typeof buildsInProgress>> = [];
      await withBuildLock(dir, 'yahtzee.reach', async (report) => {
        report({ level: 8, statesDone: 30, statesTotal: 100 });
        await vi.waitFor(async () => {
          seen = await buildsInProgress(dir);
          expect(seen).toHaveLength(1);
        });
      });
      expect(seen[0]).toMatchObject({ name: 'yahtzee.reach', estimate: { fraction: 0.3, percent: 30 } });
      expect(await buildsInProgress(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes the latest percent of a burst of reports, once the write before it is done', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicewise-progress-'));
    try {
      await withBuildLock(dir, 'yahtzee', async (report) => {
        // A thread busy solving reports many percents between two turns of its event loop.
        for (let done = 1; done <= 60; done++) report({ level: 5, statesDone: done, statesTotal: 100 });
        await vi.waitFor(async () => expect((await buildsInProgress(dir))[0]?.estimate.percent).toBe(60));
      });
      expect(await buildsInProgress(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
