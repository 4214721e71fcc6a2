import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage.ts';

describe('collectGarbage', () => {
  it('frees a shared buffer nothing refers to any more', async () => {
    // Made in a function of its own, so no frame of this test keeps it.
    const ref = ((): WeakRef<SharedArrayBuffer> => new WeakRef(new SharedArrayBuffer(1 << 20)))();
    // A WeakRef holds its target until the job that made it ends.
    await new Promise((resolve) => setImmediate(resolve));
    await collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });
});
