import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVED_RULESETS, EXACT_RULESETS } from '../../rules/index.ts';
import { resolveTablesBuildOptions, type TablesBuildFlags } from './tables-build-options.ts';

describe('resolveTablesBuildOptions', () => {
  it('builds one rule set\'s value tables on every core into ./tables by default', () => {
    expect(resolveTablesBuildOptions({ ruleset: 'yatzy' }, {})).toEqual({ rulesets: ['yatzy'], goalKinds: [], threads: availableParallelism(), tables: 'tables', moments: false, cap: 600 });
  });

  it('--all names every rule set served by default, or with goal tables every exact one', () => {
    expect(resolveTablesBuildOptions({ all: true, moments: true }, {})).toMatchObject({ rulesets: [...DEFAULT_SERVED_RULESETS], moments: true });
    expect(resolveTablesBuildOptions({ all: true, reach: true }, {})).toMatchObject({ rulesets: [...EXACT_RULESETS], goalKinds: ['reach'] });
    expect(resolveTablesBuildOptions({ ruleset: 'yahtzee', win: true, cap: '40', threads: '2' }, {})).toMatchObject({ goalKinds: ['reach', 'distribution'], cap: 40, threads: 2 });
  });

  it('prefers --tables to DICEWISE_TABLES, and that to ./tables', () => {
    expect(resolveTablesBuildOptions({ all: true }, { DICEWISE_TABLES: '/srv/t' }).tables).toBe('/srv/t');
    expect(resolveTablesBuildOptions({ all: true, tables: 'mine' }, { DICEWISE_TABLES: '/srv/t' }).tables).toBe('mine');
  });

  it('reads --cap only where goal tables are built', () => {
    expect(resolveTablesBuildOptions({ ruleset: 'yahtzee', cap: '0' }, {}).cap).toBe(600);
  });

  it.each<[TablesBuildFlags, string, string]>([
    [{}, 'give --ruleset <id> or --all', 'ruleset'],
    [{ ruleset: 'kniffel' }, '--ruleset must be one of', 'ruleset'],
    [{ all: true, threads: '0' }, '--threads must be a positive integer, got "0"', 'threads'],
    [{ all: true, reach: true, cap: '0' }, '--cap must be a positive integer, got "0"', 'cap'],
    [{ all: true, win: true, cap: '5000' }, 'cap must be an integer from 1 to 4000, got 5000', 'cap'],
  ])('names the bad flag: %j', (flags, message, field) => {
    expect(() => resolveTablesBuildOptions(flags, {})).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', message: expect.stringContaining(message), issues: [expect.objectContaining({ field })] }));
  });
});
