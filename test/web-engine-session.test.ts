import { beforeAll, describe, expect, it } from 'vitest';
import { bestModel } from '../src/approx/index.ts';
import { createEngineSession, type EngineSession } from '../src/browser/engine-session.ts';
import type { TableSupply } from '../src/browser/table-supply.ts';
import { isDicewiseError } from '../src/errors.ts';
import { problemOf } from '../src/problems.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import type { DicewiseApp } from '../src/server/app.ts';
import { staticRegistry } from '../src/server/table-registry.ts';
import { createApp } from '../src/server/app.ts';
import { readTable, MOMENTS_SUFFIX } from '../src/store/table-store.ts';
import { playGame, seededRandom } from './support/game-records.ts';
import { testColumnTables, testModel, testValues } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { playedPositions } from './support/played-positions.ts';
import { postJson } from './support/server.ts';

/**
 * The browser engine's answers (src/browser/engine-session.ts) against the server's, in one Node
 * process over the same test tables: a points hint is the body POST /api/v1/hint answers, field
 * for field and option for option, a bad position the same problem, a review the entry
 * POST /api/v1/analyse gives the game. (test/web-engine-offline.test.ts runs the bundle in
 * Chromium, with tables it solved itself.)
 */

const EXACT: readonly RuleSetId[] = ['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus'];
const MODELLED = ['triple-yahtzee', 'superpass'] as const;

/** The tables as the test setup built them, in place of what a browser solves or downloads. */
const testSupply: TableSupply = {
  values: (id) => testValues(id),
  moments: async (id) => (await readTable(TEST_TABLE_DIR, RULESETS[id], MOMENTS_SUFFIX)).values,
  columnTables: (id) => testColumnTables(id as (typeof MODELLED)[number]),
  // Unbundled, approx/ reads its own weights (the bundle's neural slot stands in for them in a page).
  neural: async () => undefined,
  records: () => [],
};

/** What a JSON body holds (undefined fields dropped, as the server's encoder drops them). */
const asJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe('the browser engine answers as the server does', () => {
  let app: DicewiseApp;
  let session: EngineSession;

  beforeAll(async () => {
    const models = [...(await Promise.all(EXACT.map((id) => testModel(id)))), ...(await Promise.all(MODELLED.map(async (id) => bestModel(RULESETS[id], await testColumnTables(id)))))];
    app = createApp({ registry: await staticRegistry(models) });
    session = createEngineSession(testSupply);
  });

  const serverHint = async (p: unknown) => postJson(app, '/api/v1/hint', p).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));

  it.each([...EXACT, ...MODELLED])('%s: every hint of 40 played positions is the server’s body', async (id) => {
    const positions = await playedPositions(id, 7, 40, async (p) => (await serverHint(p)).body as never);
    let options = 0;
    for (const p of positions) {
      const server = await serverHint(p);
      expect(server.status, JSON.stringify(p)).toBe(200);
      const mine = asJson(await session.hint(p));
      expect(mine, JSON.stringify(p)).toEqual(server.body);
      options += (mine as { options: unknown[] }).options.length;
    }
    expect(options).toBeGreaterThan(100);
  });

  it('a multi-column hint with effort settles the same options by the same rollouts as the server’s', async () => {
    for (const p of [
      { ruleset: 'superpass', dice: [1, 2, 3, 4, 6, 6], rollsLeft: 2, effort: 1 },
      { ruleset: 'triple-yahtzee', dice: [2, 2, 5, 5, 6], rollsLeft: 1, effort: 1 },
    ]) {
      const server = await serverHint(p);
      expect(server.status).toBe(200);
      const mine = asJson(await session.hint(p)) as { options: { rollouts?: number }[] };
      expect(mine.options.some((o) => (o.rollouts ?? 0) > 0)).toBe(true);
      expect(mine).toEqual(server.body);
    }
  });

  const BAD: [string, unknown][] = [
    ['a face of 7', { dice: [1, 2, 3, 4, 7] }],
    ['four dice', { dice: [1, 2, 3, 4] }],
    ['a misspelt field', { dice: [1, 2, 3, 4, 5], rolls_left: 1 }],
    ['points a box cannot hold', { scorecard: { twos: 3 } }],
    ['an unknown rule set', { ruleset: 'farkle' }],
    ['not an object', [1, 2, 3]],
    ['effort on an exact rule set', { dice: [1, 2, 3, 4, 5], effort: 1 }],
    ['effort out of range', { ruleset: 'superpass', dice: [1, 2, 3, 4, 5, 6], effort: 9 }],
    ['a finished sheet', { ruleset: 'yahtzee-no-bonus', scorecard: Object.fromEntries(RULESETS['yahtzee-no-bonus'].boxes.map((b) => [b.id, 0])) }],
  ];
  it.each(BAD)('%s: the same problem as the server’s', async (_, body) => {
    const server = await serverHint(body);
    expect(server.status).toBe(400);
    const err = await session.hint(body).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDicewiseError(err), String(err)).toBe(true);
    if (isDicewiseError(err)) expect(problemOf(err, '/api/v1/hint')).toEqual(server.body);
  });

  it('a reach or win goal is the server’s: 501 naming the goal, never a points answer', async () => {
    const err = await session.hint({ dice: [1, 2, 3, 4, 5], goal: { type: 'reach', score: 250 } }).catch((e: unknown) => e);
    expect(isDicewiseError(err) && problemOf(err, '/api/v1/hint')).toMatchObject({ status: 501, errors: [{ field: 'goal' }] });
  });

  it('a rule set the engine does not play is refused, not answered by another', async () => {
    const err = await session.hint({ ruleset: 'superpass-ordered', dice: [1, 2, 3, 4, 5, 6] }).catch((e: unknown) => e);
    expect(isDicewiseError(err) && problemOf(err, '/api/v1/hint')).toMatchObject({ status: 501, detail: expect.stringContaining('superpass-ordered is not played by the browser engine') });
  });

  it.each([...EXACT, ...MODELLED])('%s: a game’s review is the server’s', async (id) => {
    const model = EXACT.includes(id) ? await testModel(id) : bestModel(RULESETS[id], await testColumnTables(id as (typeof MODELLED)[number]));
    for (const [seed, turns] of [[3, undefined], [4, 5]] as const) {
      const record = playGame(model, seededRandom(seed), { noise: 0.3, turns });
      const server = (await (await postJson(app, '/api/v1/analyse', { games: [record] })).json()) as { results: unknown[] };
      expect(asJson(await session.review(record))).toEqual(server.results[0]);
    }
  });

  it('a bad record is reviewed as the server reviews it: an error in its place', async () => {
    const record = { ruleset: 'yahtzee', turns: [{ rolls: [[1, 2, 3, 4, 5]], box: 'nowhere' }] } as unknown;
    const server = (await (await postJson(app, '/api/v1/analyse', { games: [record] })).json()) as { results: unknown[] };
    expect(asJson(await session.review(record))).toEqual(server.results[0]);
    expect(server.results[0]).toHaveProperty('error');
  });

  it('lists the rule sets as GET /api/v1/rulesets does, for the points goal', async () => {
    await session.ready('yahtzee');
    const server = (await (await app.request('/api/v1/rulesets')).json()) as { rulesets: Record<string, unknown>[] };
    const mine = session.rulesets().rulesets as Record<string, unknown>[];
    expect(mine.map((r) => r.id)).toEqual(server.rulesets.map((r) => r.id));
    for (const [i, r] of mine.entries()) {
      const { status: _s, goals: _g, startValue: _v, ...rest } = server.rulesets[i];
      expect(r).toMatchObject(rest);
      expect(r.goals).toEqual(['points']);
    }
    const yahtzee = mine.find((r) => r.id === 'yahtzee')!;
    expect(yahtzee).toMatchObject({ status: 'ready', startValue: server.rulesets.find((r) => r.id === 'yahtzee')!.startValue });
    expect(mine.find((r) => r.id === 'superpass-ordered')!.status).toBe('not-served');
  });
});
