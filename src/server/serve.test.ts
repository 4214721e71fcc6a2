import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVED_RULESETS, EXACT_RULESETS, PLAYABLE_RULESETS } from '../rules/index.ts';
import { resolveServeOptions, SERVE_DEFAULTS } from './serve.ts';

describe('resolveServeOptions', () => {
  it('uses defaults when nothing is given', () => {
    expect(resolveServeOptions({}, {})).toEqual({ ...SERVE_DEFAULTS, rulesets: [...DEFAULT_SERVED_RULESETS], goalTables: [...EXACT_RULESETS], threads: undefined });
    // The sub-games are not served unless asked for.
    expect(DEFAULT_SERVED_RULESETS).not.toContain('superpass-ordered');
    // Every exactly solved rule set is served, YahtSooS among the first.
    expect(PLAYABLE_RULESETS.slice(0, 2)).toEqual(['yahtzee', 'yahtsoos']);
    expect(PLAYABLE_RULESETS).toEqual(expect.arrayContaining(['yahtzee-free-joker', 'yahtzee-no-bonus', 'yatzy', 'triple-yahtzee', 'superpass']));
    expect(SERVE_DEFAULTS.port).toBe(8080);
  });

  it('prefers flags to the environment and the environment to defaults', () => {
    const env = { PORT: '9000', HOST: '127.0.0.1', DICEWISE_TABLES: '/srv/tables', DICEWISE_RULESETS: 'yatzy' };
    expect(resolveServeOptions({}, env)).toMatchObject({ port: 9000, host: '127.0.0.1', tables: '/srv/tables', rulesets: ['yatzy'] });
    expect(resolveServeOptions({ port: '0', host: '::1', tables: 't', rulesets: 'yahtzee, yahtzee-no-bonus', threads: '3' }, env)).toEqual({
      port: 0,
      host: '::1',
      tables: 't',
      rulesets: ['yahtzee', 'yahtzee-no-bonus'],
      goalTables: ['yahtzee', 'yahtzee-no-bonus'],
      threads: 3,
    });
  });

  it('reads batch capacity from the environment', () => {
    const env = { DICEWISE_BATCH_THREADS: '3', DICEWISE_BATCH_RUNNING: '4', DICEWISE_BATCH_QUEUED: '0', DICEWISE_BATCH_DEADLINE_S: '90' };
    expect(resolveServeOptions({}, env)).toMatchObject({ batchThreads: 3, admission: { maxRunning: 4, maxQueued: 0, deadlineMs: 90_000 } });
    expect(() => resolveServeOptions({}, { DICEWISE_BATCH_RUNNING: '0' })).toThrow(/DICEWISE_BATCH_RUNNING must be an integer ≥ 1, got "0"/);
  });

  it('names the bad option, flag or variable', () => {
    expect(() => resolveServeOptions({ port: 'http' }, {})).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', issues: [expect.objectContaining({ field: 'port' })] }));
    expect(() => resolveServeOptions({}, { PORT: '70000' })).toThrow(/PORT must be an integer from 0 to 65535, got "70000"/);
    expect(() => resolveServeOptions({ rulesets: 'yahtzee,kniffel' }, {})).toThrow(/rulesets has unknown rule set "kniffel"/);
    expect(() => resolveServeOptions({}, { DICEWISE_RULESETS: ' , ' })).toThrow(/DICEWISE_RULESETS must name at least one/);
    expect(() => resolveServeOptions({ threads: '0' }, {})).toThrow(/threads must be a positive integer, got "0"/);
  });

  it('takes the reach cap of server-built tables from --reach-cap or DICEWISE_REACH_CAP', () => {
    expect(resolveServeOptions({}, { DICEWISE_REACH_CAP: '40' }).reachCap).toBe(40);
    expect(resolveServeOptions({ reachCap: '300' }, { DICEWISE_REACH_CAP: '40' }).reachCap).toBe(300);
    expect(() => resolveServeOptions({ reachCap: '0' }, {})).toThrow(/reach-cap must be an integer from 1 to 4000, got "0"/);
    expect(() => resolveServeOptions({}, { DICEWISE_REACH_CAP: '4001' })).toThrow(/DICEWISE_REACH_CAP must be an integer from 1 to 4000, got "4001"/);
  });
});
