import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatProfile, type PlayerProfile } from '../src/analysis/index.ts';
import { registerAnalyse } from '../src/cli/commands/analyse.ts';
import { registerMerge } from '../src/cli/commands/merge.ts';
import { registerSimulate } from '../src/cli/commands/simulate.ts';
import { describeError } from '../src/cli/run.ts';
import { shardJson } from '../src/cli/shard-json.ts';
import { shardRange } from '../src/shard.ts';
import {
  buildReport,
  createInlineRunner,
  formatHeadToHead,
  formatReport,
  headToHeadReport,
  headToHeadShardReport,
  mergeHeadToHeadShards,
  mergeSimulationShards,
  playHeadToHead,
  shardReport,
  simulate,
  type HeadToHeadShardReport,
  type SimulationShardReport,
} from '../src/simulate/index.ts';
import { playGame, seededRandom } from './support/game-records.ts';
import { testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

const runner = createInlineRunner({ model: (id) => testModel(id) });
const dir = mkdtempSync(join(tmpdir(), 'dicewise-shard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a report file holds: the JSON text read back, as merge reads it. */
const roundTrip = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const parts = (n: number) => Array.from({ length: n }, (_, i) => ({ index: i + 1, count: n }));
/** Shards handed over out of order, as files from a batch engine come. */
const shuffled = <T>(xs: T[]): T[] => [...xs.slice(1), xs[0]].reverse();

describe('shards merged are the whole run, digit for digit', () => {
  it.each([1, 2, 7])('solo simulation in %i parts: the same report object and text', async (n) => {
    const run = { strategies: ['optimal', 'greedy'], games: 150, seed: 11, runner, chunkSize: 40 };
    const whole = buildReport(await simulate(run), 240);
    const reports: SimulationShardReport[] = [];
    for (const shard of parts(n)) reports.push(roundTrip(shardReport(await simulate({ ...run, shard }), 240)));
    expect(reports.map((r) => r.games)).toEqual(parts(n).map((s) => shardRange(150, s)[1] - shardRange(150, s)[0]));
    const order = shuffled(reports);
    const merged = mergeSimulationShards(order, order.map((r) => `part ${r.shard.index}`));
    expect(merged).toEqual(whole);
    expect(JSON.stringify(merged)).toBe(JSON.stringify(whole));
    expect(formatReport(merged)).toBe(formatReport(whole));
  });

  it.each([1, 2, 7])('head to head in %i parts of the deals: the same report object and text', async (n) => {
    const run = { strategies: ['optimal', 'greedy'], players: 3, games: 63, seed: 4, runner, chunkSize: 9 };
    const whole = headToHeadReport(await playHeadToHead(run));
    const reports: HeadToHeadShardReport[] = [];
    for (const shard of parts(n)) reports.push(roundTrip(headToHeadShardReport(await playHeadToHead({ ...run, shard }))));
    expect(reports.reduce((s, r) => s + r.headToHead.games, 0)).toBe(63);
    expect(reports.every((r) => r.headToHead.games % 3 === 0)).toBe(true);
    const order = shuffled(reports);
    const merged = mergeHeadToHeadShards(order, order.map((r) => `part ${r.shard.index}`));
    expect(merged).toEqual(whole);
    expect(JSON.stringify(merged)).toBe(JSON.stringify(whole));
    expect(formatHeadToHead(merged)).toBe(formatHeadToHead(whole));
  });

  it('different runs, missing and repeated parts are refused, naming the file', async () => {
    const run = { strategies: ['greedy', 'random'], games: 30, seed: 2, runner };
    const [a, b] = await Promise.all(parts(2).map(async (shard) => roundTrip(shardReport(await simulate({ ...run, shard })))));
    const otherSeed = roundTrip(shardReport(await simulate({ ...run, seed: 3, shard: { index: 2, count: 2 } })));
    expect(() => mergeSimulationShards([a, otherSeed], ['a.json', 'b.json'])).toThrow('a.json and b.json are parts of different runs: seed 2 and 3');
    expect(() => mergeSimulationShards([a], ['a.json'])).toThrow('part 2 of 2 missing');
    expect(() => mergeSimulationShards([a, a, b], ['a.json', 'c.json', 'b.json'])).toThrow('part 1 of 2 given twice: a.json and c.json');
    const seven = roundTrip(shardReport(await simulate({ ...run, shard: { index: 2, count: 7 } })));
    expect(() => mergeSimulationShards([a, seven], ['a.json', 's.json'])).toThrow('s.json is part 2 of 7, a.json part 1 of 2');
    const short = roundTrip(b);
    short.shard.scores[0].pop();
    expect(() => mergeSimulationShards([a, short], ['a.json', 'b.json'])).toThrow('b.json: shard.scores[0] must be 15 non-negative integers');
    await expect(simulate({ ...run, shard: { index: 1, count: 31 } })).rejects.toThrow('at most 30 parts');
  });
});

describe('dicewise simulate --shard, analyse --shard and merge', () => {
  let records: string;
  let whole: { json: string; text: string };
  beforeAll(async () => {
    // 300 lines of three-turn games: the review cuts chunks of 200, so parts of 2 and 7 cut a chunk, and part 2 of 2 holds a whole one.
    const model = await testModel('yahtzee');
    const rng = seededRandom(26);
    records = join(dir, 'games.jsonl');
    // Two strategies' games, as simulate --record writes them: the profile has one group for each.
    const lines = Array.from({ length: 300 }, (_, i) => JSON.stringify({ strategy: i % 3 === 0 ? 'careless' : 'careful', game: i, ...playGame(model, rng, { noise: i % 3 === 0 ? 0.5 : 0.1, turns: 3 }) }));
    writeFileSync(records, `${lines.join('\n')}\n`);
    const json = (await cli(registerAnalyse, 'analyse', records, '--summary', '--json', '--threads', '1', '--tables', TEST_TABLE_DIR)).stdout;
    // What `analyse --summary` prints of that profile (without --json it formats the same profile).
    whole = { json, text: formatProfile(JSON.parse(json) as PlayerProfile) };
  });

  it.each([1, 2, 7])('analyse --summary in %i parts merges into the whole profile: the same JSON and text', async (n) => {
    const files: string[] = [];
    for (const { index } of parts(n)) {
      const r = await cli(registerAnalyse, 'analyse', records, '--summary', '--json', '--threads', '1', '--shard', `${index}/${n}`, '--tables', TEST_TABLE_DIR);
      expect(r.stderr).toBe('');
      files.push(join(dir, `review-${n}-${index}.json`));
      writeFileSync(files.at(-1)!, r.stdout);
    }
    const merged = await cli(registerMerge, 'merge', ...shuffled(files), '--json');
    expect(merged.stderr).toBe('');
    expect(merged.stdout).toBe(whole.json);
    const profile = JSON.parse(merged.stdout) as PlayerProfile;
    expect(profile).toMatchObject({ games: 300, analysed: 300, finished: 0 });
    expect(profile.groups?.map((g) => [g.name, g.profile.games])).toEqual([['careless', 100], ['careful', 200]]);
    expect((await cli(registerMerge, 'merge', ...files)).stdout).toBe(whole.text);
  });

  it('simulate --shard K/N --json is a part merge reads: with the other parts it prints the whole run\'s --json and text; bad --shard is refused naming the option', async () => {
    const run = { strategies: ['greedy', 'random'], games: 120, seed: 8, runner };
    const whole = buildReport(await simulate(run), 180);
    const args = ['--strategy', 'greedy,random', '--games', '120', '--seed', '8', '--threads', '1', '--target', '180', '--tables', TEST_TABLE_DIR];
    const files = [join(dir, 'sim-1.json'), join(dir, 'sim-2.json')];
    // Part 1 as the core makes it, part 2 from the command (whose --json matches the core's, simulate-cli.test.ts).
    writeFileSync(files[0], shardJson(shardReport(await simulate({ ...run, shard: { index: 1, count: 2 } }), 180)));
    const part = await cli(registerSimulate, 'simulate', ...args, '--shard', '2/2', '--json');
    expect(part.code).toBe(0);
    writeFileSync(files[1], part.stdout);
    expect(JSON.parse(part.stdout)).toMatchObject({ games: 60, shard: { index: 2, count: 2, from: 60, to: 120 } });
    expect((await cli(registerMerge, 'merge', files[1], files[0], '--json')).stdout).toBe(`${JSON.stringify(whole, null, 2)}\n`);
    expect((await cli(registerMerge, 'merge', ...files)).stdout).toBe(`${formatReport(whole)}\n120 games × 2 strategies: 2 parts merged\n`);
    for (const shard of ['0/3', '4/3', 'half']) {
      const r = await cli(registerSimulate, 'simulate', ...args, '--shard', shard);
      expect(r.stderr).toBe(`dicewise: --shard must be K/N with 1 ≤ K ≤ N, got ${shard}`);
      expect(r.code).toBe(2);
    }
    const mixed = await cli(registerMerge, 'merge', files[0], join(dir, 'review-2-2.json'));
    expect(mixed.stderr).toBe(`dicewise: ${files[0]} is a part of a run of simulate and ${join(dir, 'review-2-2.json')} of analyse: merge the parts of one run`);
    const notShard = join(dir, 'whole.json');
    writeFileSync(notShard, JSON.stringify(whole));
    expect((await cli(registerMerge, 'merge', notShard)).stderr).toContain('whole.json is not a shard report');
  });
});

/** Runs a command in this process, as src/cli/run.ts would, capturing its output and exit code. */
async function cli(register: (p: Command) => void, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const program = new Command().exitOverride();
  register(program);
  let stdout = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  process.exitCode = undefined;
  try {
    await program.parseAsync(['node', 'dicewise', ...args]);
    return { code: Number(process.exitCode ?? 0), stdout, stderr: '' };
  } catch (e) {
    const { message, exitCode } = describeError(e);
    return { code: exitCode, stdout, stderr: message };
  } finally {
    process.exitCode = undefined;
    spy.mockRestore();
  }
}
