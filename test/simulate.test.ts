import { afterAll, describe, expect, it } from 'vitest';
import { buildReport, createInlineRunner, simulate, type SimulationData } from '../src/simulate/index.ts';
import { createSimulatePool } from '../workers/simulate-pool.ts';
import { testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

const inline = createInlineRunner({ model: (id) => testModel(id) });
const pools = [createSimulatePool(1, TEST_TABLE_DIR), createSimulatePool(2, TEST_TABLE_DIR)];
afterAll(() => Promise.all(pools.map((p) => p.destroy())));

const ALL = ['optimal', 'greedy', 'heuristic', 'random'];

describe('reproducible simulation', () => {
  it('the same seed gives identical results with 1 and 2 threads and inline, whatever the chunks', async () => {
    const run = (runner = inline, concurrency = 1, chunkSize = 500) =>
      simulate({ ruleset: 'yahtzee', strategies: ALL, games: 240, seed: 17, chunkSize, concurrency, runner });
    const [one, two, here] = await Promise.all([run(pools[0].run, 1, 64), run(pools[1].run, 2, 37), run()]);
    const report = buildReport(here);
    expect(buildReport(one)).toEqual(report);
    expect(buildReport(two)).toEqual(report);
    expect(two.scores).toEqual(here.scores);
    // A different seed plays different games.
    const other = await simulate({ ruleset: 'yahtzee', strategies: ['greedy'], games: 240, seed: 18, runner: inline });
    expect(other.scores[0]).not.toEqual(here.scores[1]);
  });

  it('strategies share the dice: a game of the same seed starts with the same roll for every strategy', async () => {
    const a = await simulate({ strategies: ['greedy'], games: 50, seed: 4, runner: inline });
    const b = await simulate({ strategies: ['random', 'greedy'], games: 50, seed: 4, runner: inline });
    expect(b.scores[1]).toEqual(a.scores[0]);
  });
});

describe('signatures: fixed-seed totals pin the play of every built-in strategy', () => {
  // 2,000 games of `yahtzee`, seed 1. Any change in how a strategy plays (or in the dice stream)
  // changes these totals; update them only for an intended change of play.
  let data: SimulationData;
  it.each([
    ['optimal', 509_343],
    ['greedy', 433_565],
    ['heuristic', 448_857],
  ] as const)('%s total over 2,000 games is %i', async (name, total) => {
    data ??= await simulate({ ruleset: 'yahtzee', strategies: ['optimal', 'greedy', 'heuristic'], games: 2000, seed: 1, runner: pools[1].run, concurrency: 2 });
    const s = data.names.indexOf(name);
    expect(data.scores[s].reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('strategy strength', () => {
  it('optimal beats greedy beats random by paired differences whose 95% CIs exclude 0', async () => {
    const report = buildReport(await simulate({ strategies: ['optimal', 'greedy', 'random'], games: 1500, seed: 2, runner: pools[1].run, concurrency: 2 }));
    const pair = (a: string, b: string) => report.pairs.find((p) => p.a === a && p.b === b)!;
    expect(pair('optimal', 'greedy').ci95[0]).toBeGreaterThan(0);
    expect(pair('greedy', 'random').ci95[0]).toBeGreaterThan(0);
    expect(pair('optimal', 'random').ci95[0]).toBeGreaterThan(0);
    // Common dice make the paired CI much narrower than the two means' CIs.
    const og = pair('optimal', 'greedy');
    const half = (og.ci95[1] - og.ci95[0]) / 2;
    const [o, g] = report.strategies;
    expect(half).toBeLessThan((o.ci95[1] - o.ci95[0]) / 2 + (g.ci95[1] - g.ci95[0]) / 2);
  });
});
