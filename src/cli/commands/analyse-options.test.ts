import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { resolveAnalyseCommandOptions, type AnalyseFlags } from './analyse-options.ts';

describe('resolveAnalyseCommandOptions', () => {
  it('uses the defaults when nothing is given: per-game text, every core, ./tables', () => {
    expect(resolveAnalyseCommandOptions({}, {})).toEqual({ threads: availableParallelism(), tables: 'tables', json: false, jsonl: false, summary: false, output: 'text' });
  });

  it('prefers --tables to DICEWISE_TABLES, and that to ./tables', () => {
    expect(resolveAnalyseCommandOptions({}, { DICEWISE_TABLES: '/srv/t' }).tables).toBe('/srv/t');
    expect(resolveAnalyseCommandOptions({ tables: 'mine' }, { DICEWISE_TABLES: '/srv/t' }).tables).toBe('mine');
  });

  it('chooses the output from the flags', () => {
    expect(resolveAnalyseCommandOptions({ json: true }, {}).output).toBe('jsonl');
    expect(resolveAnalyseCommandOptions({ jsonl: true }, {}).output).toBe('jsonl');
    expect(resolveAnalyseCommandOptions({ summary: true, json: true }, {}).output).toBe('none');
    expect(resolveAnalyseCommandOptions({ reach: '250', threads: '3', shard: '1/4' }, {})).toMatchObject({ reach: 250, threads: 3, shard: { index: 1, count: 4 } });
  });

  it.each<[AnalyseFlags, string, string]>([
    [{ threads: '0' }, '--threads must be a positive integer, got "0"', 'threads'],
    [{ reach: '-3' }, '--reach must be a whole final total, got "-3"', 'reach'],
    [{ json: true, jsonl: true }, '--jsonl and --json are two output formats: give one', 'jsonl'],
    [{ summary: true, jsonl: true }, '--jsonl prints each game; --summary prints one profile', 'jsonl'],
    [{ shard: '0/2' }, '--shard must be K/N', 'shard'],
  ])('names the bad flag: %j', (flags, message, field) => {
    expect(() => resolveAnalyseCommandOptions(flags, {})).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', message: expect.stringContaining(message), issues: [expect.objectContaining({ field })] }));
  });
});
