import { describe, expect, it } from 'vitest';
import { createBuildQueue } from './build-queue.ts';

/** A job the test ends by hand, recording when it starts. */
function gated(name: string, log: string[]) {
  let end!: () => void;
  const ended = new Promise<void>((r) => (end = r));
  return { job: async () => void (log.push(name), await ended), end };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('build queue', () => {
  it('runs one job at a time, first first; an urgent one goes to the front, a promoted one too', async () => {
    const log: string[] = [];
    const q = createBuildQueue<string>();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => gated(n, log));
    const done = [q.add('a', a.job, false), q.add('b', b.job, false), q.add('c', c.job, false)];
    expect(q.running).toBe('a');
    expect(q.waiting()).toEqual(['b', 'c']);
    void q.add('d', d.job, true);
    expect(q.waiting()).toEqual(['d', 'b', 'c']);
    q.promote('c');
    expect(q.waiting()).toEqual(['c', 'd', 'b']);
    expect([q.indexOf('c'), q.indexOf('b'), q.indexOf('a')]).toEqual([0, 2, -1]);
    expect([q.holds('a'), q.holds('b'), q.holds('e')]).toEqual([true, true, false]);
    a.end();
    await done[0];
    await tick();
    expect(q.running).toBe('c');
    c.end();
    await done[2];
    await tick();
    d.end();
    await tick();
    b.end();
    await done[1];
    expect(log).toEqual(['a', 'c', 'd', 'b']);
    // The job's own promise settles first; the queue is empty just after.
    await tick();
    expect(q.running).toBeUndefined();
  });

  it('a failed job rejects its own promise and the next one still runs', async () => {
    const q = createBuildQueue<number>();
    const failed = q.add(1, () => Promise.reject(new Error('disk full')), false);
    let ran = false;
    const next = q.add(2, async () => void (ran = true), false);
    await expect(failed).rejects.toThrow('disk full');
    await next;
    expect(ran).toBe(true);
  });
});
