import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULESETS } from '../src/rules/index.ts';
import { ensureModel } from '../src/store/model-loader.ts';
import { checkTable, MOMENTS_SUFFIX, readTable, tablePath } from '../src/store/table-store.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

const ID = 'yahtzee-no-bonus';
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dicewise-ensure-'));
  // The value table is there, its moments table is not.
  await copyFile(tablePath(TEST_TABLE_DIR, ID), tablePath(dir, ID));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('ensureModel and the moments table', () => {
  it('loadMoments: false builds a missing moments table but returns the model without it, and finds it built the next time', async () => {
    const built: string[] = [];
    const opts = { moments: true, loadMoments: false, threads: 1, onBuild: (_: string, why: string) => built.push(why) };
    const model = await ensureModel(dir, ID, opts);
    expect(model.moments).toBeUndefined();
    expect(built).toEqual([expect.stringMatching(/no moments table/)]);
    await expect(checkTable(dir, RULESETS[ID], MOMENTS_SUFFIX)).resolves.toBeUndefined();
    // The moments written are the reference's (E, E²) per state.
    const ours = await readTable(dir, RULESETS[ID], MOMENTS_SUFFIX);
    const reference = await readTable(TEST_TABLE_DIR, RULESETS[ID], MOMENTS_SUFFIX);
    const bytes = (v: Float64Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    expect(bytes(ours.values).equals(bytes(reference.values))).toBe(true);

    const again = await ensureModel(dir, ID, opts);
    expect(again.moments).toBeUndefined();
    expect(built).toHaveLength(1);
    // Loaded as before where the caller does not say otherwise.
    const loaded = await ensureModel(dir, ID, { moments: true, threads: 1, onBuild: (_, why) => built.push(why) });
    expect(loaded.moments?.length).toBe(ours.values.length);
    expect(built).toHaveLength(1);
  });
});
