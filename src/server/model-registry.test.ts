import { describe, expect, it } from 'vitest';
import { DicewiseError } from '../errors.ts';
import { RULESETS, type RuleSetId } from '../rules/index.ts';
import type { GameModel } from '../solver/index.ts';
import { memoryLogger } from './logger.ts';
import { RetryLaterError } from '../errors.ts';
import { createModelRegistry, type LoadHooks } from './model-registry.ts';

const fakeModel = (id: RuleSetId) => ({ rs: RULESETS[id], exact: true, value: () => 123.5 }) as unknown as GameModel;

/** A loader whose loads the test finishes by hand, recording the order and the hooks. */
function manualLoader() {
  const calls: { id: RuleSetId; background: boolean; hooks: LoadHooks; finish: (err?: unknown) => void }[] = [];
  const load = (id: RuleSetId, hooks: LoadHooks, background: boolean) =>
    new Promise<GameModel>((resolve, reject) => {
      calls.push({ id, background, hooks, finish: (err) => (err ? reject(err) : resolve(fakeModel(id))) });
    });
  return { calls, load };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('model registry', () => {
  it('loads the primary first, then the rest one by one in the background', async () => {
    const { calls, load } = manualLoader();
    const logger = memoryLogger();
    const r = createModelRegistry({ load, rulesets: ['yahtzee', 'yatzy', 'yahtzee-no-bonus'], logger });
    expect(r.primary).toBe('yahtzee');
    const done = r.start();
    expect(r.start()).toBe(done);
    await tick();
    expect(calls.map((c) => [c.id, c.background])).toEqual([['yahtzee', false]]);
    expect(r.state('yatzy')).toMatchObject({ status: 'queued', retryAfterSeconds: 30 });
    expect(r.ready()).toBe(false);
    expect(() => r.get('yahtzee')).toThrow(RetryLaterError);
    calls[0].finish();
    await tick();
    expect(r.ready()).toBe(true);
    expect(r.get('yahtzee').rs.id).toBe('yahtzee');
    expect(calls.map((c) => [c.id, c.background])).toEqual([['yahtzee', false], ['yatzy', true]]);
    calls[1].finish();
    await tick();
    calls[2].finish();
    await done;
    expect(r.served.map((id) => r.state(id).status)).toEqual(['ready', 'ready', 'ready']);
    expect(logger.records.filter((x) => x.msg === 'model ready').map((x) => [x.ruleset, x.startValue])).toEqual([
      ['yahtzee', 123.5],
      ['yatzy', 123.5],
      ['yahtzee-no-bonus', 123.5],
    ]);
  });

  it('reports build progress, logs every tenth once and estimates Retry-After from the rate', async () => {
    const { calls, load } = manualLoader();
    const logger = memoryLogger();
    let clock = 0;
    const r = createModelRegistry({ load, rulesets: ['yahtzee'], logger, now: () => clock });
    void r.start();
    await tick();
    calls[0].hooks.onBuild('no table');
    expect(r.state('yahtzee')).toMatchObject({ status: 'building', progress: 0, retryAfterSeconds: 20 });
    clock = 10_000;
    for (const done of [10, 15, 25, 50]) calls[0].hooks.onProgress({ level: 6, statesDone: done, statesTotal: 100 });
    // Half done in 10 s: about 10 s more.
    expect(r.state('yahtzee')).toMatchObject({ status: 'building', progress: 0.5, retryAfterSeconds: 10 });
    try {
      r.get('yahtzee');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RetryLaterError);
      expect((e as RetryLaterError).retryAfterSeconds).toBe(10);
      expect((e as RetryLaterError).message).toMatch(/being built/);
    }
    expect(logger.records.filter((x) => x.msg === 'table build progress').map((x) => x.percent)).toEqual([10, 20, 50]);
    expect(logger.records[0]).toMatchObject({ msg: 'table build started', ruleset: 'yahtzee', reason: 'no table', background: false });
  });

  it('keeps going after a failure and reports it on every request', async () => {
    const { calls, load } = manualLoader();
    const logger = memoryLogger();
    const r = createModelRegistry({ load, rulesets: ['yahtzee', 'yatzy', 'yahtzee-no-bonus'], logger });
    const done = r.start();
    await tick();
    calls[0].finish(new DicewiseError('TABLE_CORRUPT', 'tables/yahtzee.dwt: payload checksum mismatch'));
    await tick();
    calls[1].finish(new Error('disk on fire'));
    await tick();
    calls[2].finish();
    await done;
    expect(r.ready()).toBe(false);
    expect(r.state('yahtzee')).toEqual({ status: 'failed', error: 'tables/yahtzee.dwt: payload checksum mismatch' });
    expect(() => r.get('yahtzee')).toThrow(expect.objectContaining({ code: 'TABLE_CORRUPT' }));
    expect(() => r.get('yatzy')).toThrow(expect.objectContaining({ code: 'TABLE_MISSING' }));
    expect(r.get('yahtzee-no-bonus').rs.id).toBe('yahtzee-no-bonus');
    expect(logger.records.filter((x) => x.level === 'error').map((x) => x.ruleset)).toEqual(['yahtzee', 'yatzy']);
  });

  it('answers for rule sets it does not load, and passes on why a load failed', async () => {
    const r = createModelRegistry({
      load: async (id) => {
        if (id === 'superpass') throw new DicewiseError('NOT_SOLVED', 'superpass has no model');
        return fakeModel(id);
      },
      rulesets: ['yahtzee', 'superpass'],
    });
    await r.start();
    expect(r.state('yatzy')).toEqual({ status: 'not-served' });
    expect(() => r.get('yatzy')).toThrow(expect.objectContaining({ code: 'TABLE_MISSING', message: expect.stringMatching(/--rulesets/) }));
    expect(r.state('superpass')).toEqual({ status: 'failed', error: 'superpass has no model' });
    expect(() => r.get('superpass')).toThrow(expect.objectContaining({ code: 'NOT_SOLVED' }));
    expect(() => createModelRegistry({ load: async (id) => fakeModel(id), rulesets: [] })).toThrow(/at least one/);
  });
});
