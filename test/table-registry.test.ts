import { describe, expect, it, vi } from 'vitest';
import { DicewiseError } from '../src/errors.ts';
import { EXACT_RULESETS, PLAYABLE_RULESETS, RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { memoryLogger } from '../src/server/logger.ts';
import { RetryLaterError } from '../src/errors.ts';
import { advise } from '../src/advisor/index.ts';
import { parsePosition } from '../src/position/index.ts';
import { parseGoalTables } from '../src/server/serve-options.ts';
import type { NotReadyError } from '../src/server/table-entry.ts';
import { processTableBuild } from '../src/server/table-builds.ts';
import { createTableRegistry } from '../src/server/table-registry.ts';
import { diskSources } from '../src/store/disk-sources.ts';
import { loadModel } from '../src/store/model-loader.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { openReachTable, type GameModel, type ReachTable } from '../src/solver/index.ts';
import { loadedSource, manualSources, tick } from './support/table-sources.ts';

const fakeModel = (id: RuleSetId) => ({ rs: RULESETS[id], exact: true, value: () => 123.5 }) as unknown as GameModel;
const fakeLane = (): ReachTable => openReachTable({ kind: 'reach', cap: 1, encoding: 'fixed', bits: 22, offset: new Uint32Array(2), rows: { bytes: new Uint8Array(8) }, values: 0 });

describe('table registry: models', () => {
  it('builds the primary first, then the rest one by one in the background', async () => {
    const { builds, sources } = manualSources(['values']);
    const logger = memoryLogger();
    const r = createTableRegistry({ sources, rulesets: ['yahtzee', 'yatzy', 'yahtzee-no-bonus'], logger });
    expect(r.primary).toBe('yahtzee');
    const done = r.start();
    expect(r.start()).toBe(done);
    await vi.waitFor(() => expect(r.queue()).toEqual(['yatzy values', 'yahtzee-no-bonus values']));
    expect(builds.map((b) => [b.id, b.hooks.background])).toEqual([['yahtzee', false]]);
    expect(r.state('yatzy')).toMatchObject({ status: 'queued' });
    expect(r.ready()).toBe(false);
    expect(() => r.get('yahtzee')).toThrow(RetryLaterError);
    builds[0].finish(fakeModel('yahtzee'));
    await vi.waitFor(() => expect(builds).toHaveLength(2));
    expect(r.ready()).toBe(true);
    expect(r.get('yahtzee').rs.id).toBe('yahtzee');
    expect(builds.map((b) => [b.id, b.hooks.background])).toEqual([
      ['yahtzee', false],
      ['yatzy', true],
    ]);
    builds[1].finish(fakeModel('yatzy'));
    await vi.waitFor(() => expect(builds).toHaveLength(3));
    builds[2].finish(fakeModel('yahtzee-no-bonus'));
    await done;
    expect(r.served.map((id) => r.state(id).status)).toEqual(['ready', 'ready', 'ready']);
    expect(logger.records.filter((x) => x.msg === 'model ready').map((x) => [x.ruleset, x.startValue])).toEqual([
      ['yahtzee', 123.5],
      ['yatzy', 123.5],
      ['yahtzee-no-bonus', 123.5],
    ]);
  });

  it('reports build progress, logs every tenth once with the time left, and estimates Retry-After from the rate', async () => {
    const { builds, sources } = manualSources(['values']);
    const logger = memoryLogger();
    let clock = 0;
    const r = createTableRegistry({ sources, rulesets: ['yahtzee'], logger, now: () => clock });
    void r.start();
    await vi.waitFor(() => expect(builds).toHaveLength(1));
    expect(r.state('yahtzee')).toMatchObject({ status: 'building', progress: 0, retryAfterSeconds: 20 });
    clock = 10_000;
    for (const done of [10, 15, 25, 50]) builds[0].hooks.onProgress({ level: 6, statesDone: done, statesTotal: 100 });
    // Half done in 10 s: about 10 s more.
    expect(r.state('yahtzee')).toMatchObject({ status: 'building', progress: 0.5, etaSeconds: 10, retryAfterSeconds: 10 });
    try {
      r.get('yahtzee');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RetryLaterError);
      expect((e as NotReadyError).retryAfterSeconds).toBe(10);
      expect((e as NotReadyError).message).toMatch(/being built \(50%, about 10 s left\)/);
      expect((e as NotReadyError).progress).toEqual({ table: 'yahtzee model', status: 'building', percent: 50, etaSeconds: 10, queuedAhead: 0 });
    }
    expect(logger.records.filter((x) => x.msg === 'table build progress').map((x) => [x.percent, x.etaSeconds])).toEqual([
      [10, 90],
      [20, 30],
      [50, 10],
    ]);
    expect(logger.records[0]).toMatchObject({ msg: 'table build started', ruleset: 'yahtzee', reason: 'no table', background: false });
  });

  it('keeps going after a failure and reports it on every request', async () => {
    const logger = memoryLogger();
    const r = createTableRegistry({
      rulesets: ['yahtzee', 'yatzy', 'yahtzee-no-bonus'],
      logger,
      sources: {
        values: loadedSource(async (id) => {
          if (id === 'yahtzee') throw new DicewiseError('TABLE_CORRUPT', 'tables/yahtzee.dwt: payload checksum mismatch');
          if (id === 'yatzy') throw new Error('disk on fire');
          return fakeModel(id);
        }),
      },
    });
    await r.start();
    expect(r.ready()).toBe(false);
    expect(r.state('yahtzee')).toEqual({ status: 'failed', error: 'tables/yahtzee.dwt: payload checksum mismatch' });
    expect(() => r.get('yahtzee')).toThrow(expect.objectContaining({ code: 'TABLE_CORRUPT' }));
    expect(() => r.get('yatzy')).toThrow(expect.objectContaining({ code: 'TABLE_MISSING' }));
    expect(r.get('yahtzee-no-bonus').rs.id).toBe('yahtzee-no-bonus');
    expect(logger.records.filter((x) => x.level === 'error').map((x) => x.ruleset)).toEqual(['yahtzee', 'yatzy']);
  });

  it('answers for rule sets it does not load, and passes on why a load failed', async () => {
    const r = createTableRegistry({
      sources: {
        values: loadedSource(async (id) => {
          if (id === 'superpass') throw new DicewiseError('NOT_SOLVED', 'superpass has no model');
          return fakeModel(id);
        }),
      },
      rulesets: ['yahtzee', 'superpass'],
    });
    await r.start();
    expect(r.state('yatzy')).toEqual({ status: 'not-served' });
    expect(() => r.get('yatzy')).toThrow(expect.objectContaining({ code: 'TABLE_MISSING', message: expect.stringMatching(/--rulesets/) }));
    expect(r.state('superpass')).toEqual({ status: 'failed', error: 'superpass has no model' });
    expect(() => r.get('superpass')).toThrow(expect.objectContaining({ code: 'NOT_SOLVED' }));
    // No source of reach tables: a reach request is refused at once.
    expect(() => r.table('reach', 'yahtzee')).toThrow(expect.objectContaining({ code: 'TABLE_MISSING', message: expect.stringMatching(/this server has no reach tables \(yahtzee\)/) }));
    expect(() => createTableRegistry({ sources: {}, rulesets: [] })).toThrow(/at least one/);
  });
});

describe('table registry: goal tables built ahead', () => {
  it('queues the planned goal tables after every model, most played first, and builds them one at a time', async () => {
    const { builds, sources } = manualSources();
    const r = createTableRegistry({ sources, rulesets: ['yahtzee', 'yahtsoos'], goalTables: ['yahtzee', 'yahtsoos'] });
    const started = r.start();
    await vi.waitFor(() => expect(r.queue()).toHaveLength(5));
    expect([...builds.map((b) => `${b.id} ${b.kind}`), ...r.queue()]).toEqual([
      'yahtzee values',
      'yahtsoos values',
      'yahtzee reach',
      'yahtzee distribution',
      'yahtsoos reach',
      'yahtsoos distribution',
    ]);
    for (let i = 0; i < 6; i++) {
      await vi.waitFor(() => expect(builds).toHaveLength(i + 1));
      await tick();
      // Never two at once.
      expect(builds).toHaveLength(i + 1);
      builds[i].finish(builds[i].kind === 'values' ? fakeModel(builds[i].id) : fakeLane());
    }
    await started;
    await vi.waitFor(() => expect(r.state('yahtsoos', 'distribution').status).toBe('ready'));
    expect(r.pending()).toEqual([]);
  });

  it('moves the tables a goal request needs to the front, in the order it needs them, and starts one nobody planned', async () => {
    const { builds, sources } = manualSources(['reach', 'distribution']);
    const r = createTableRegistry({
      sources: { ...sources, values: loadedSource(async (id) => fakeModel(id)) },
      rulesets: ['yahtzee', 'yahtsoos', 'yatzy'],
      goalTables: ['yahtzee', 'yahtsoos'],
    });
    await r.start();
    await vi.waitFor(() => expect(r.queue()).toEqual(['yahtzee distribution', 'yahtsoos reach', 'yahtsoos distribution']));
    expect(() => r.tables('yahtsoos', ['reach', 'distribution'])).toThrow(RetryLaterError);
    expect(r.queue()).toEqual(['yahtsoos reach', 'yahtsoos distribution', 'yahtzee distribution']);
    // A rule set outside the plan: its table is read, then its build goes to the very front.
    expect(() => r.table('reach', 'yatzy')).toThrow(RetryLaterError);
    await vi.waitFor(() => expect(r.queue()[0]).toBe('yatzy reach'));
    expect(r.state('yatzy', 'distribution')).toEqual({ status: 'absent' });
    builds[0].finish(fakeLane());
    await vi.waitFor(() => expect(builds.map((b) => `${b.id} ${b.kind}`)).toEqual(['yahtzee reach', 'yatzy reach']));
  });
});

describe('table registry: tables on disk', () => {
  it('a moments table that cannot be read on first use leaves the advice without its SD, and is read again next time', async () => {
    const disk = diskSources(TEST_TABLE_DIR, { build: processTableBuild({ threads: 1, backgroundThreads: 1 }) });
    let tries = 0;
    const finish = async (): Promise<void> => {
      tries++;
      throw new Error('moments file damaged');
    };
    const values = { ...disk.values, finish };
    const r = createTableRegistry({ sources: { ...disk, values }, rulesets: ['yahtzee'] });
    await r.start();
    const model = await r.complete('yahtzee');
    expect(model).toBe(r.get('yahtzee'));
    expect(model.moments).toBeUndefined();
    const parsed = parsePosition({ ruleset: 'yahtzee', dice: [2, 2, 5, 5, 5], rollsLeft: 1 });
    if (!parsed.ok) throw new Error('bad position');
    const advice = advise(model, parsed.position);
    expect(advice.finalScoreSd).toBeUndefined();
    expect(advice.best).toBeDefined();
    await r.complete('yahtzee');
    expect(tries).toBe(2);
  });

  it("reads an exact model's moments table on first use, and its advice is then the one loaded whole", async () => {
    const r = createTableRegistry({ sources: diskSources(TEST_TABLE_DIR, { build: processTableBuild({ threads: 1, backgroundThreads: 1 }) }), rulesets: ['yahtzee'] });
    await r.start();
    const model = r.get('yahtzee');
    expect(model.moments).toBeUndefined();
    const completing = r.complete('yahtzee');
    expect(r.complete('yahtzee')).toBe(completing);
    expect(await completing).toBe(model);
    expect(r.complete('yahtzee')).toBe(model);
    const whole = await loadModel(TEST_TABLE_DIR, 'yahtzee');
    const bytes = (a: Float64Array | undefined) => Buffer.from(a!.buffer, a!.byteOffset, a!.byteLength);
    expect(bytes(model.moments).equals(bytes(whole.moments))).toBe(true);
    const parsed = parsePosition({ ruleset: 'yahtzee', scorecard: { ones: 3, sixes: 24 }, dice: [2, 2, 5, 5, 5], rollsLeft: 1 });
    if (!parsed.ok) throw new Error('bad position');
    const advice = advise(model, parsed.position);
    expect(advice.finalScoreSd).toBeGreaterThan(0);
    expect(advice).toEqual(advise(whole, parsed.position));
  });
});

describe('--goal-tables and DICEWISE_GOAL_TABLES', () => {
  const served = [...PLAYABLE_RULESETS];
  it('reads all, none and a list of rule sets', () => {
    expect(parseGoalTables(undefined, served, 'goal-tables')).toEqual([...EXACT_RULESETS]);
    expect(EXACT_RULESETS.slice(0, 2)).toEqual(['yahtzee', 'yahtsoos']);
    expect(parseGoalTables('all', ['yatzy', 'yahtzee', 'superpass'], 'goal-tables')).toEqual(['yahtzee', 'yatzy']);
    expect(parseGoalTables('none', served, 'goal-tables')).toEqual([]);
    expect(parseGoalTables('yatzy, yahtzee,yatzy', served, 'goal-tables')).toEqual(['yatzy', 'yahtzee']);
  });

  it('names the option in its errors', () => {
    expect(() => parseGoalTables('yahtzee,,yatzy', served, 'goal-tables')).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', message: expect.stringMatching(/^goal-tables must be all, none or a comma-separated list/), issues: [expect.objectContaining({ field: 'goal-tables' })] }),
    );
    expect(() => parseGoalTables('superpass', served, 'DICEWISE_GOAL_TABLES')).toThrow(/^DICEWISE_GOAL_TABLES has "superpass", which has no goal tables; those with them: yahtzee, yahtsoos/);
    expect(() => parseGoalTables('kniffel', served, 'goal-tables')).toThrow(/goal-tables has "kniffel", which has no goal tables/);
    expect(() => parseGoalTables('yatzy', ['yahtzee'], 'goal-tables')).toThrow(/goal-tables has yatzy, which this server does not serve/);
  });
});
