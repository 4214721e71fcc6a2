import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVED_RULESETS, EXACT_RULESETS, PLAYABLE_RULESETS } from '../rules/index.ts';
import { REACH_CAP_DEFAULT } from '../solver/index.ts';
import { resolveServeOptions, SERVE_DEFAULTS, type ResolvedServeOptions } from './serve-options.ts';

describe('resolveServeOptions', () => {
  it('uses the defaults when nothing is given, and lists every option', () => {
    const cores = availableParallelism();
    const resolved: ResolvedServeOptions = resolveServeOptions({}, {});
    expect(resolved).toEqual({
      port: 8080,
      host: '127.0.0.1',
      tables: 'tables',
      rulesets: [...DEFAULT_SERVED_RULESETS],
      goalTables: [...EXACT_RULESETS],
      threads: cores,
      backgroundThreads: SERVE_DEFAULTS.backgroundThreads,
      reachCap: REACH_CAP_DEFAULT,
      batchThreads: Math.max(1, cores - 1),
      batchIdleMs: 60_000,
      admission: { maxRunning: 2, maxQueued: 4, deadlineMs: 60_000 },
      hintCache: { entries: 4096, bytes: 8 * 2 ** 20 },
      turnCacheEntries: 256,
      hintBodyBytes: 64 * 1024,
      limits: { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000, maxConnections: 1024 },
      retry: { firstMs: 1000, maxMs: 60_000 },
      graceMarginMs: 5000,
    });
    expect([cores, cores - 1]).toContain(SERVE_DEFAULTS.backgroundThreads);
    // The sub-games are not served unless asked for.
    expect(DEFAULT_SERVED_RULESETS).not.toContain('superpass-ordered');
    // Every exactly solved rule set is served, YahtSooS among the first.
    expect(PLAYABLE_RULESETS.slice(0, 2)).toEqual(['yahtzee', 'yahtsoos']);
    expect(PLAYABLE_RULESETS).toEqual(expect.arrayContaining(['yahtzee-free-joker', 'yahtzee-no-bonus', 'yatzy', 'triple-yahtzee', 'superpass']));
  });

  it('prefers flags to the environment and the environment to defaults', () => {
    const env = { PORT: '9000', HOST: '0.0.0.0', DICEWISE_TABLES: '/srv/tables', DICEWISE_RULESETS: 'yatzy', DICEWISE_GOAL_TABLES: 'none', DICEWISE_REACH_CAP: '40' };
    expect(resolveServeOptions({}, env)).toMatchObject({ port: 9000, host: '0.0.0.0', tables: '/srv/tables', rulesets: ['yatzy'], goalTables: [], reachCap: 40 });
    const flags = { port: '0', host: '::1', tables: 't', rulesets: 'yahtzee, yahtzee-no-bonus', goalTables: 'all', threads: '3', reachCap: '300' };
    expect(resolveServeOptions(flags, env)).toMatchObject({
      port: 0,
      host: '::1',
      tables: 't',
      rulesets: ['yahtzee', 'yahtzee-no-bonus'],
      goalTables: ['yahtzee', 'yahtzee-no-bonus'],
      threads: 3,
      // --threads sets the background builds' threads too
      backgroundThreads: 3,
      reachCap: 300,
    });
    // A flag given leaves its variable unread, even a bad one.
    expect(resolveServeOptions({ port: 1234 }, { PORT: 'http' }).port).toBe(1234);
  });

  it('takes programmatic options as values: lists, numbers and groups, each member over its default', () => {
    const o = resolveServeOptions(
      { rulesets: ['yahtzee', 'yatzy'], goalTables: ['yatzy'], admission: { maxQueued: 0 }, limits: { maxConnections: 10 }, hintCache: { entries: 0 }, retry: { firstMs: 20 } },
      {},
    );
    expect(o).toMatchObject({ rulesets: ['yahtzee', 'yatzy'], goalTables: ['yatzy'], admission: { maxRunning: 2, maxQueued: 0, deadlineMs: 60_000 }, hintCache: { entries: 0, bytes: 8 * 2 ** 20 }, retry: { firstMs: 20, maxMs: 60_000 } });
    expect(o.limits).toEqual({ ...SERVE_DEFAULTS.limits, maxConnections: 10 });
  });

  it('reads batch capacity from the environment, under the options', () => {
    const env = { DICEWISE_BATCH_THREADS: '3', DICEWISE_BATCH_RUNNING: '4', DICEWISE_BATCH_QUEUED: '0', DICEWISE_BATCH_DEADLINE_S: '90' };
    expect(resolveServeOptions({}, env)).toMatchObject({ batchThreads: 3, admission: { maxRunning: 4, maxQueued: 0, deadlineMs: 90_000 } });
    expect(resolveServeOptions({ batchThreads: 1, admission: { deadlineMs: 500 } }, env)).toMatchObject({ batchThreads: 1, admission: { maxRunning: 4, maxQueued: 0, deadlineMs: 500 } });
  });

  it.each([
    [{ port: 'http' }, {}, 'port must be an integer from 0 to 65535, got "http"', 'port'],
    [{}, { PORT: '70000' }, 'PORT must be an integer from 0 to 65535, got "70000"', 'PORT'],
    [{}, { PORT: '' }, 'PORT must be an integer from 0 to 65535, got ""', 'PORT'],
    [{ rulesets: 'yahtzee,kniffel' }, {}, 'rulesets has unknown rule set "kniffel"', 'rulesets'],
    [{}, { DICEWISE_RULESETS: ' , ' }, 'DICEWISE_RULESETS must name at least one rule set', 'DICEWISE_RULESETS'],
    [{ threads: '0' }, {}, 'threads must be a positive integer, got "0"', 'threads'],
    [{ threads: 0 }, {}, 'threads must be a positive integer, got 0', 'threads'],
    [{ backgroundThreads: 1.5 }, {}, 'backgroundThreads must be a positive integer, got 1.5', 'backgroundThreads'],
    [{ reachCap: '0' }, {}, 'reach-cap must be an integer from 1 to 4000, got "0"', 'reach-cap'],
    [{}, { DICEWISE_REACH_CAP: '4001' }, 'DICEWISE_REACH_CAP must be an integer from 1 to 4000, got "4001"', 'DICEWISE_REACH_CAP'],
    [{ goalTables: 'superpass' }, {}, 'goal-tables has "superpass", which has no goal tables', 'goal-tables'],
    [{}, { DICEWISE_GOAL_TABLES: 'yahtzee,,yatzy' }, 'DICEWISE_GOAL_TABLES must be all, none or a comma-separated list', 'DICEWISE_GOAL_TABLES'],
    [{}, { DICEWISE_BATCH_THREADS: 'two' }, 'DICEWISE_BATCH_THREADS must be an integer ≥ 1, got "two"', 'DICEWISE_BATCH_THREADS'],
    [{}, { DICEWISE_BATCH_RUNNING: '0' }, 'DICEWISE_BATCH_RUNNING must be an integer ≥ 1, got "0"', 'DICEWISE_BATCH_RUNNING'],
    [{}, { DICEWISE_BATCH_QUEUED: '-1' }, 'DICEWISE_BATCH_QUEUED must be an integer ≥ 0, got "-1"', 'DICEWISE_BATCH_QUEUED'],
    [{}, { DICEWISE_BATCH_DEADLINE_S: '0.5' }, 'DICEWISE_BATCH_DEADLINE_S must be an integer ≥ 1, got "0.5"', 'DICEWISE_BATCH_DEADLINE_S'],
    [{ batchIdleMs: 0 }, {}, 'batchIdleMs must be an integer ≥ 1, got 0', 'batchIdleMs'],
    [{ admission: { maxRunning: 0 } }, {}, 'admission.maxRunning must be an integer ≥ 1, got 0', 'admission.maxRunning'],
    [{ hintCache: { entries: -1 } }, {}, 'hintCache.entries must be an integer ≥ 0, got -1', 'hintCache.entries'],
    [{ limits: { requestTimeoutMs: 0 } }, {}, 'limits.requestTimeoutMs must be an integer ≥ 1, got 0', 'limits.requestTimeoutMs'],
    [{ retry: { maxMs: Number.NaN } }, {}, 'retry.maxMs must be an integer ≥ 1, got NaN', 'retry.maxMs'],
    [{ graceMarginMs: -5 }, {}, 'graceMarginMs must be an integer ≥ 0, got -5', 'graceMarginMs'],
  ])('names the bad option: %j over %j', (options, env, message, field) => {
    let error: unknown;
    try {
      resolveServeOptions(options, env);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'INVALID_OPTION', message: expect.stringContaining(message), issues: [expect.objectContaining({ field })] });
    expect((error as Error).message.startsWith(message)).toBe(true);
  });
});
