import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { SIMULATE_DEFAULTS } from '../../simulate/index.ts';
import { resolveSimulateCommandOptions, SIMULATE_COMMAND_DEFAULTS, type SimulateFlags } from './simulate-options.ts';

describe('resolveSimulateCommandOptions', () => {
  it('uses the defaults when nothing is given', () => {
    expect(resolveSimulateCommandOptions({}, {})).toEqual({
      ruleset: 'yahtzee',
      strategies: ['optimal'],
      games: 10_000,
      seed: 1,
      threads: availableParallelism(),
      cacheEntries: SIMULATE_DEFAULTS.cacheEntries,
      json: false,
      tables: 'tables',
    });
    expect(SIMULATE_COMMAND_DEFAULTS.games).toBe(SIMULATE_DEFAULTS.games);
  });

  it('prefers --tables to DICEWISE_TABLES, and that to ./tables', () => {
    expect(resolveSimulateCommandOptions({}, { DICEWISE_TABLES: '/srv/t' }).tables).toBe('/srv/t');
    expect(resolveSimulateCommandOptions({ tables: 'mine' }, { DICEWISE_TABLES: '/srv/t' }).tables).toBe('mine');
  });

  it('reads every flag', () => {
    const flags: SimulateFlags = { ruleset: 'yatzy', strategy: 'optimal, greedy', games: '40', seed: '0', threads: '2', cache: '0', json: true, target: '200', plot: 'a.SVG', record: '-', shard: '2/3' };
    expect(resolveSimulateCommandOptions(flags, {})).toEqual({
      ruleset: 'yatzy',
      strategies: ['optimal', 'greedy'],
      games: 40,
      seed: 0,
      threads: 2,
      cacheEntries: 0,
      json: true,
      tables: 'tables',
      target: 200,
      plot: 'a.SVG',
      record: '-',
      shard: { index: 2, count: 3 },
    });
    expect(resolveSimulateCommandOptions({ players: '3', strategy: 'win,optimal' }, {})).toMatchObject({ players: 3, strategies: ['win', 'optimal'] });
  });

  it.each<[SimulateFlags, string, string]>([
    [{ ruleset: 'kniffel' }, '--ruleset must be one of', 'ruleset'],
    [{ games: '0' }, '--games must be an integer from 1 to 1000000000, got "0"', 'games'],
    [{ games: '' }, '--games must be an integer from 1 to 1000000000, got ""', 'games'],
    [{ seed: '-1' }, '--seed must be an integer from 0 to 9007199254740991, got "-1"', 'seed'],
    [{ threads: '0' }, '--threads must be an integer from 1 to 1024, got "0"', 'threads'],
    [{ cache: 'lots' }, '--cache must be an integer from 0 to 16777216, got "lots"', 'cache'],
    [{ plot: 'a.png' }, '--plot must name an .svg file, got "a.png"', 'plot'],
    [{ target: '1.5' }, '--target must be an integer from 0 to 1000000, got "1.5"', 'target'],
    [{ players: '1' }, '--players must be an integer from 2 to', 'players'],
    [{ shard: '3/2' }, '--shard must be K/N', 'shard'],
    [{ strategy: 'optimal,,greedy' }, '--strategy must be a comma-separated list without empty entries', 'strategy'],
    [{ players: '2', target: '200' }, '--target reports solo games', 'target'],
    [{ players: '2', plot: 'a.svg' }, '--plot draws the score histograms of solo games', 'plot'],
    [{ players: '2', record: 'r.jsonl' }, '--record writes solo games', 'record'],
  ])('names the bad flag: %j', (flags, message, field) => {
    expect(() => resolveSimulateCommandOptions(flags, {})).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', message: expect.stringContaining(message), issues: [expect.objectContaining({ field })] }));
  });
});
