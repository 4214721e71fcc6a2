import { describe, expect, it, vi } from 'vitest';
import { RULESETS } from '../src/rules/index.ts';
import {
  compileRules,
  countStates,
  createLevelJob,
  joinedHelpers,
  leadLevels,
  levelStates,
  rangeSolver,
  resolveBuildOptions,
  solveLevels,
  type LevelJob,
  type RangeSolver,
} from '../src/solver/index.ts';
import { startLevelHelpers } from '../workers/level-helpers.ts';

const rs = RULESETS.yahtzee;
// The last four levels: 30,000 states, every box, upper total and flag among them.
const levels = levelStates(rs).slice(0, 4);
const progress = () => ({ done: 0, total: countStates(levels) });

function sameBits(a: Float64Array, b: Float64Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

function newJob(moments: boolean): LevelJob {
  const lanes = moments ? 2 : 1;
  return createLevelJob({ ruleset: rs.id, moments }, levels, new Float64Array(new SharedArrayBuffer(compileRules(rs).layout.size * lanes * 8)));
}

/** The leader's solver, 1 ms slower a chunk: the helpers, joined before it starts, get their share on any machine. */
function slowed(solve: RangeSolver): RangeSolver {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  return (from, to) => {
    Atomics.wait(pause, 0, 0, 1);
    solve(from, to);
  };
}

describe('levels led by this thread with helper threads (shared-levels.ts)', () => {
  it.each([false, true])('gives the bits of the table solved on one thread (moments: %s), the helpers solving a share', async (moments) => {
    const inline = await solveLevels({ ruleset: rs.id, moments }, levels, resolveBuildOptions(), progress());
    const threads = startLevelHelpers(2);
    try {
      const job = newJob(moments);
      const helpers = [threads.start(job), threads.start(job)];
      // Both helpers wait at the first level until the leader releases it.
      await vi.waitFor(() => expect(joinedHelpers(job)).toBe(2), { timeout: 30_000 });
      const seen: number[] = [];
      await leadLevels(job, () => slowed(rangeSolver(job, compileRules(rs))), helpers, (_, solved) => seen.push(solved));
      const [a, b] = await Promise.all(helpers);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
      expect(a + b).toBeLessThan(countStates(levels));
      expect(sameBits(job.values, inline)).toBe(true);
      expect(seen.at(-1)).toBe(countStates(levels));
      expect(seen.every((n, i) => i === 0 || n >= seen[i - 1])).toBe(true);
    } finally {
      await threads.destroy();
    }
  });

  it('solveLevels with helper threads writes the same table as without, and a thread takes one job after another', async () => {
    const inline = await solveLevels({ ruleset: rs.id }, levels, resolveBuildOptions(), progress());
    const helpers = startLevelHelpers(1);
    try {
      for (let i = 0; i < 2; i++) {
        const shared = await solveLevels({ ruleset: rs.id }, levels, resolveBuildOptions({ concurrency: 2, helpers }), progress());
        expect(sameBits(shared, inline)).toBe(true);
      }
    } finally {
      await helpers.destroy();
    }
  });

  it('lets a helper go on through the levels alone while the leader is still making its solver', async () => {
    const inline = await solveLevels({ ruleset: rs.id }, levels, resolveBuildOptions(), progress());
    const threads = startLevelHelpers(1);
    try {
      const job = newJob(false);
      const last = job.states[job.states.length - 1];
      const helpers = [threads.start(job)];
      const pause = new Int32Array(new SharedArrayBuffer(4));
      // The leader's solver is made only once the helper has solved the last level's last state:
      // each level was released by the helper that ended the one before.
      const late = (): RangeSolver => {
        for (let waited = 0; job.values[last] === 0 && waited < 60_000; waited++) Atomics.wait(pause, 0, 0, 1);
        return rangeSolver(job, compileRules(rs));
      };
      await leadLevels(job, late, helpers);
      expect(await helpers[0]).toBe(countStates(levels));
      expect(sameBits(job.values, inline)).toBe(true);
    } finally {
      await threads.destroy();
    }
  });

  it('passes over a level with no states', async () => {
    const withEmpty = [levels[0], new Int32Array(0), ...levels.slice(1), new Int32Array(0)];
    const inline = await solveLevels({ ruleset: rs.id }, levels, resolveBuildOptions(), progress());
    const helpers = startLevelHelpers(1);
    try {
      const shared = await solveLevels({ ruleset: rs.id }, withEmpty, resolveBuildOptions({ concurrency: 2, helpers }), progress());
      expect(sameBits(shared, inline)).toBe(true);
    } finally {
      await helpers.destroy();
    }
  });

  it('fails with the helper’s error instead of waiting for it', async () => {
    const job = newJob(false);
    const died = new Error('helper thread died');
    await expect(leadLevels(job, () => rangeSolver(job, compileRules(rs)), [Promise.reject(died)])).rejects.toBe(died);
  });

  it('fails a job given to a helper thread that has stopped, instead of waiting for it', async () => {
    const helpers = startLevelHelpers(1);
    await helpers.destroy();
    await expect(helpers.start(newJob(false))).rejects.toThrow(/helper thread stopped/);
  });

  it('fails when a helper thread cannot start its part (an unknown rule set), the leader not waiting on it', async () => {
    const helpers = startLevelHelpers(1);
    try {
      const job = newJob(false);
      const bad = { ...job, ruleset: 'no-such-rules' as typeof job.ruleset };
      await expect(leadLevels(job, () => rangeSolver(job, compileRules(rs)), [helpers.start(bad)])).rejects.toThrow();
    } finally {
      await helpers.destroy();
    }
  });
});
