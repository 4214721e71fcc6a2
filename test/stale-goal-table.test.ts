import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RULESETS } from '../src/rules/index.ts';
import { processTableBuild } from '../src/server/table-builds.ts';
import { buildReachTable, LANE_BITS, reachProbability, type BuiltReachTable, type GoalKind, type ReachTable } from '../src/solver/index.ts';
import { convertLegacyLaneTable } from '../src/store/convert-lane-table.ts';
import { diskSources } from '../src/store/disk-sources.ts';
import { reachTablePath, readReachTable } from '../src/store/reach-store.ts';
import { listTables } from '../src/store/table-store.ts';
import { errorOf } from './support/errors.ts';
import { legacyLaneFile } from './support/legacy-tables.ts';
import { testValues } from './support/models.ts';
import { TAIL_CAP, TAIL_RULESET } from './support/reach.ts';

/**
 * Goal tables written before their rows were encoded one by one (format 1, float32 values read
 * whole) are stale to every reader: a server that finds one converts it on its first start (the
 * same solver's values, checked against the file's checksum), and never reads it as what it is not.
 */
const dir = mkdtempSync(join(tmpdir(), 'dicewise-stale-goal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rs = RULESETS[TAIL_RULESET];
const exact: Partial<Record<GoalKind, Promise<BuiltReachTable>>> = {};

/** The tail table of `kind`, in float64: what a format-1 file held (as float32) and what answers are measured against. */
function exactTable(kind: GoalKind): Promise<BuiltReachTable> {
  exact[kind] ??= (async () => buildReachTable(rs, { kind, cap: TAIL_CAP, levels: 2, float64: true, ...(kind === 'distribution' && { values: await testValues(rs.id) }) }))();
  return exact[kind];
}

/** The largest difference of reach answers (reach) or of tails P(points >= k) (distribution) over every state and need. */
function largestDifference(a: ReachTable, b: ReachTable): number {
  let worst = 0;
  for (let s = 0; s < a.slots; s++) {
    if (a.kind === 'reach') {
      for (let n = 0; n <= a.cap; n++) worst = Math.max(worst, Math.abs(reachProbability(a, s, n) - reachProbability(b, s, n)));
      continue;
    }
    const ra = a.row(s);
    const rb = b.row(s);
    let ta = 0;
    let tb = 0;
    for (let k = a.cap; k >= 0; k--) {
      ta += ra.values[k - ra.lo] ?? 0;
      tb += rb.values[k - rb.lo] ?? 0;
      worst = Math.max(worst, Math.abs(ta - tb));
    }
  }
  return worst;
}

describe.each(['reach', 'distribution'] as const)('a %s table of the older format', (kind) => {
  it('is stale to every reader, never read as the current format', async () => {
    await writeFile(reachTablePath(dir, rs.id, kind), legacyLaneFile(await exactTable(kind)));
    const e = await errorOf(readReachTable(dir, rs, kind));
    expect(e.code).toBe('TABLE_STALE');
    expect(e.message).toMatch(/table format 1, this Dicewise reads 2/);
    expect((await listTables(dir)).find((t) => t.kind === kind)).toMatchObject({ status: 'stale', detail: 'format 1 / solver 1' });
    const source = diskSources(dir, { cap: TAIL_CAP, build: () => Promise.reject(new Error('not here')) })[kind];
    expect(await source.read(rs.id)).toEqual({ rebuild: expect.stringMatching(/table format 1/) });
  });

  it('is converted by a server’s first start (its build process), not solved again: the answers within a step of the fixed point and float32’s rounding of exact', async () => {
    const legacy = legacyLaneFile(await exactTable(kind));
    await writeFile(reachTablePath(dir, rs.id, kind), legacy);
    const source = diskSources(dir, { cap: TAIL_CAP, build: processTableBuild({ threads: 1, backgroundThreads: 1 }) })[kind];
    const table = await source.build(rs.id, { background: true, onProgress: () => {} });
    const { header } = await readReachTable(dir, rs, kind);
    // The solve's own record kept: the converted file says when its values were computed, and how long that took.
    expect(header.createdAt).toBe((await exactTable(kind)).header.createdAt);
    expect(header.layout).toMatchObject({ kind, encoding: 'fixed', bits: LANE_BITS[kind], cap: TAIL_CAP });
    const worst = largestDifference(table, (await exactTable(kind)).table);
    expect(worst).toBeGreaterThan(0);
    // A step's half of rounding, float32's (within 6e-8 for the tails, summed from float32 masses).
    expect(worst).toBeLessThanOrEqual(2 ** -(LANE_BITS[kind] + 1) + 6e-8);
  });

  it('is left to be built where it is damaged, capped below what is asked, or of another rule set', async () => {
    const built = await exactTable(kind);
    const file = reachTablePath(dir, rs.id, kind);
    const legacy = legacyLaneFile(built);
    await writeFile(file, legacy);
    expect(await convertLegacyLaneTable(dir, rs.id, kind, TAIL_CAP)).toBeDefined();
    expect(await convertLegacyLaneTable(dir, rs.id, kind, TAIL_CAP + 1)).toBeUndefined();
    const damaged = Uint8Array.from(legacy);
    damaged[damaged.length - 3] ^= 0x40;
    await writeFile(file, damaged);
    expect(await convertLegacyLaneTable(dir, rs.id, kind, TAIL_CAP)).toBeUndefined();
    await writeFile(file, legacy.subarray(0, legacy.length - 4));
    expect(await convertLegacyLaneTable(dir, rs.id, kind, TAIL_CAP)).toBeUndefined();
    await writeFile(file, legacyLaneFile({ ...built, header: { ...built.header, fingerprint: '0000000000000000' } }));
    expect(await convertLegacyLaneTable(dir, rs.id, kind, TAIL_CAP)).toBeUndefined();
    await writeFile(reachTablePath(dir, 'yahtzee', kind), legacy);
    expect(await convertLegacyLaneTable(dir, 'yahtzee', kind, TAIL_CAP)).toBeUndefined();
  });
});
