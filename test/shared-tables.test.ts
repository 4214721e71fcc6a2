import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../src/rules/index.ts';
import type { ReachTable } from '../src/solver/index.ts';
import { readReachTable, writeReachTable } from '../src/store/reach-store.ts';
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
});
