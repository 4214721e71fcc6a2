import { copyFile, mkdtemp, readFile, readdir, rename, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DicewiseError } from '../src/errors.ts';
import { RULESETS } from '../src/rules/index.ts';
import { buildReachTable, encodeTable, SOLVER_VERSION, type BuiltTable } from '../src/solver/index.ts';
import { checkTable, listTables, readTable, sharedTableReader, tablePath, writeTable } from '../src/store/table-store.ts';
import { testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { TAIL_RULESET, tableRows, tailReachTable } from './support/reach.ts';
import { reachTablePath, readReachTable, writeReachTable } from '../src/store/reach-store.ts';

let dir: string;
let built: BuiltTable;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dicewise-tables-'));
  const original = await readTable(TEST_TABLE_DIR, RULESETS['yahtzee-no-bonus']);
  const { checksum: _c, payloadBytes: _p, format: _f, ...header } = original.header;
  built = { header, values: original.values, states: 0 };
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function expectCode(p: Promise<unknown>, code: string, text: RegExp): Promise<void> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DicewiseError);
  expect((e as DicewiseError).code).toBe(code);
  expect((e as DicewiseError).message).toMatch(text);
}

describe('table files', () => {
  it('round-trips header and values exactly, leaving no temporary file', async () => {
    const file = await writeTable(dir, built);
    const back = await readTable(dir, RULESETS['yahtzee-no-bonus']);
    // Byte for byte (toEqual walks the 524,288 floats one by one: seconds of CPU).
    expect(Buffer.from(back.values.buffer, back.values.byteOffset, back.values.byteLength).equals(Buffer.from(built.values.buffer, built.values.byteOffset, built.values.byteLength))).toBe(true);
    expect(back.header.startValue).toBe(built.header.startValue);
    expect(back.header.solverVersion).toBe(SOLVER_VERSION);
    expect(file).toBe(tablePath(dir, 'yahtzee-no-bonus'));
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a truncated file, naming the file and the fix', async () => {
    const file = await writeTable(dir, built);
    await truncate(file, 1000);
    await expectCode(readTable(dir, RULESETS['yahtzee-no-bonus']), 'TABLE_CORRUPT', /yahtzee-no-bonus\.dwt.*truncated.*dicewise tables build --ruleset yahtzee-no-bonus/);
  });

  it('refuses a flipped payload byte (checksum)', async () => {
    const file = await writeTable(dir, built);
    const bytes = await readFile(file);
    bytes[bytes.length - 3] ^= 0xff;
    await writeFile(file, bytes);
    await expectCode(readTable(dir, RULESETS['yahtzee-no-bonus']), 'TABLE_CORRUPT', /checksum/);
  });

  it('checks a table from its header alone: a truncated file or another rule set fails, a flipped payload byte only once read', async () => {
    const file = tablePath(dir, 'yahtzee-no-bonus');
    await copyFile(tablePath(TEST_TABLE_DIR, 'yahtzee-no-bonus'), file);
    await expect(checkTable(dir, RULESETS['yahtzee-no-bonus'])).resolves.toBeUndefined();
    await expectCode(checkTable(dir, RULESETS.yahtzee), 'TABLE_MISSING', /no table for yahtzee/);
    const bytes = await readFile(file);
    bytes[bytes.length - 3] ^= 0xff;
    await writeFile(file, bytes);
    await expect(checkTable(dir, RULESETS['yahtzee-no-bonus'])).resolves.toBeUndefined();
    await expectCode(readTable(dir, RULESETS['yahtzee-no-bonus']), 'TABLE_CORRUPT', /checksum/);
    await truncate(file, bytes.length - 8);
    await expectCode(checkTable(dir, RULESETS['yahtzee-no-bonus']), 'TABLE_CORRUPT', /truncated/);
  });

  it('a shared reader gives one copy of a file until the file is replaced', async () => {
    const file = tablePath(dir, 'yahtzee-no-bonus');
    await copyFile(tablePath(TEST_TABLE_DIR, 'yahtzee-no-bonus'), file);
    const read = sharedTableReader();
    const [a, b] = await Promise.all([read(dir, RULESETS['yahtzee-no-bonus']), read(dir, RULESETS['yahtzee-no-bonus'])]);
    expect(b.values).toBe(a.values);
    const bytes = (v: Float64Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    expect(bytes(a.values).equals(bytes(built.values))).toBe(true);
    // A table is replaced as a build writes it: a new file renamed over the old one.
    await copyFile(file, `${file}.next`);
    await rename(`${file}.next`, file);
    // (Identity compared by hand: not.toBe diffs two 4 MiB arrays, seconds of CPU.)
    expect((await read(dir, RULESETS['yahtzee-no-bonus'])).values === a.values).toBe(false);
  });

  it('a shared reader serves a table it was handed as written (keep), in shared memory only', async () => {
    const rs = RULESETS['yahtzee-no-bonus'];
    const values = new Float64Array(new SharedArrayBuffer(built.values.byteLength));
    values.set(built.values);
    const read = sharedTableReader();
    await writeTable(dir, { ...built, values }, '', read.keep);
    const kept = await read(dir, rs);
    // (Identity compared by hand: toBe on a mismatch diffs two 4 MiB arrays.)
    expect(kept.values === values).toBe(true);
    expect(read.loaded()['yahtzee-no-bonus'].values === values).toBe(true);
    // The header is the file's, checksum and sizes included.
    expect(kept.header).toEqual((await readTable(dir, rs)).header);
    // Outside shared memory a table could not go to worker threads as it is: the file is read.
    const plain = sharedTableReader();
    await writeTable(dir, built, '', plain.keep);
    const back = await plain(dir, rs);
    expect(back.values === built.values).toBe(false);
    expect(back.values.buffer instanceof SharedArrayBuffer).toBe(true);
  });

  it('reads a reach table whose checksum is taken in slices, and refuses a flipped byte in it', async () => {
    const { table } = await tailReachTable();
    const file = await writeReachTable(dir, await tailReachTable());
    const read = await readReachTable(dir, RULESETS[TAIL_RULESET], 'reach');
    expect(tableRows(read.table)).toEqual(tableRows(table));
    const bytes = await readFile(file);
    bytes[bytes.length - 12] ^= 0xff;
    await writeFile(file, bytes);
    await expectCode(readReachTable(dir, RULESETS[TAIL_RULESET], 'reach'), 'TABLE_CORRUPT', /checksum/);
    await rm(file);
  });

  it('reads a float64 goal table (exact rows, as checks build them) from its file as it was written', async () => {
    const built = await buildReachTable(RULESETS[TAIL_RULESET], { cap: 40, levels: 2, float64: true });
    await writeReachTable(dir, built);
    const read = await readReachTable(dir, RULESETS[TAIL_RULESET], 'reach');
    expect(read.header.layout).toMatchObject({ encoding: 'float64', cap: 40 });
    expect(tableRows(read.table)).toEqual(tableRows(built.table));
    await rm(reachTablePath(dir, TAIL_RULESET));
  });

  it('refuses garbage, a table of another rule set, another solver version and a changed rule set', async () => {
    const file = tablePath(dir, 'yahtzee-no-bonus');
    await writeFile(file, 'hello world, not a table');
    await expectCode(readTable(dir, RULESETS['yahtzee-no-bonus']), 'TABLE_CORRUPT', /bad magic/);
    await writeFile(file, encodeTable({ ...built.header, ruleset: 'yahtzee' }, built.values));
    await expectCode(readTable(dir, RULESETS['yahtzee-no-bonus']), 'TABLE_STALE', /holds rule set yahtzee/);
    await writeFile(file, encodeTable({ ...built.header, solverVersion: SOLVER_VERSION + 1 }, built.values));
    await expectCode(readTable(dir, RULESETS['yahtzee-no-bonus']), 'TABLE_STALE', /solver version/);
    await writeFile(file, encodeTable({ ...built.header, fingerprint: '0000000000000000' }, built.values));
    await expectCode(readTable(dir, RULESETS['yahtzee-no-bonus']), 'TABLE_STALE', /different definition/);
    const info = await listTables(dir);
    expect(info.map((i) => [i.ruleset, i.status])).toEqual([['yahtzee-no-bonus', 'stale']]);
  });

  it('reports a missing table with the build command', async () => {
    await expectCode(readTable(dir, RULESETS.yatzy), 'TABLE_MISSING', /dicewise tables build --ruleset yatzy/);
  });

  it('lists a good table as ok with its start value', async () => {
    await writeTable(dir, built);
    const [info] = await listTables(dir);
    expect(info.status).toBe('ok');
    expect(info.header?.startValue).toBeCloseTo(245.8707745, 6);
  });

  it('a model over a loaded table values the start state as the header says', async () => {
    const model = await testModel('yahtzee');
    expect(model.value({ columns: [{ mask: 0, upper: 0, yahtzee50: false }] })).toBeCloseTo(254.5877287, 7);
  });
});
