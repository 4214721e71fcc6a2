import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SolveTask } from '../src/solver/index.ts';
import { createWorkerPool } from '../workers/pool.ts';
import { BACKGROUND_NICE, threadsLowerable } from '../workers/thread-priority.ts';

/** Each thread of this process: its id and nice value (field 19 of /proc/…/stat). */
function threadNices(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return out;
}

async function nicedThreads(want: number): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const n = [...threadNices().values()].filter((v) => v === BACKGROUND_NICE).length;
    if (n >= want) return n;
    await new Promise((r) => setTimeout(r, 50));
  }
  return [...threadNices().values()].filter((v) => v === BACKGROUND_NICE).length;
}

describe.skipIf(process.platform !== 'linux')('background solver threads', () => {
  it('lower their own threads only: the thread that answers requests keeps its priority', async () => {
    expect(threadsLowerable()).toBe(true);
    const before = [...threadNices().values()].filter((v) => v === BACKGROUND_NICE).length;
    const pool = createWorkerPool({ threads: 2, background: true });
    try {
      expect(await nicedThreads(before + 2)).toBe(before + 2);
      expect(threadNices().get(process.pid)).toBe(0);
    } finally {
      await pool.destroy();
    }
    const plain = createWorkerPool({ threads: 1 });
    try {
      // A plain pool's thread has loaded once a task comes back; it stays at the process's priority.
      await plain.run('solve', { ruleset: 'yahtzee-no-bonus', values: new Float64Array(0), states: new Int32Array(0) } satisfies SolveTask);
      expect([...threadNices().values()].filter((v) => v === BACKGROUND_NICE).length).toBe(before);
    } finally {
      await plain.destroy();
    }
  });
});
