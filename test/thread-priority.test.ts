import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SolveTask } from '../src/solver/index.ts';
import { createWorkerPool } from '../workers/pool.ts';
import { BACKGROUND_NICE, threadsLowerable } from '../workers/thread-priority.ts';

/** Each thread of this process: its id and nice value (field 19 of /proc/…/stat). */
function threadNices(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // a thread that ended between the listing and the read
    }
  }
  return out;
}

/** Threads at the background priority that were not among `before`. */
const newlyLowered = (before: ReadonlySet<number>) => [...threadNices()].filter(([tid, nice]) => nice === BACKGROUND_NICE && !before.has(tid)).length;

describe.skipIf(process.platform !== 'linux')('background solver threads', () => {
  it('lower their own threads only: the thread that answers requests keeps its priority', async () => {
    expect(threadsLowerable()).toBe(true);
    // Threads of pools other tests left running are not this test's.
    const before = new Set(threadNices().keys());
    const pool = createWorkerPool({ threads: 2, background: true });
    try {
      let lowered = 0;
      for (let i = 0; i < 200 && lowered < 2; i++) {
        await new Promise((r) => setTimeout(r, 50));
        lowered = newlyLowered(before);
      }
      expect(lowered).toBe(2);
      expect(threadNices().get(process.pid)).toBe(0);
    } finally {
      await pool.destroy();
    }
    const plain = createWorkerPool({ threads: 1 });
    const beforePlain = new Set(threadNices().keys());
    try {
      // A plain pool's thread has loaded once a task comes back; it stays at the process's priority.
      await plain.run('solve', { ruleset: 'yahtzee-no-bonus', values: new Float64Array(0), states: new Int32Array(0) } satisfies SolveTask);
      expect(newlyLowered(beforePlain)).toBe(0);
    } finally {
      await plain.destroy();
    }
  });
});
