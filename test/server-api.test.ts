import { createRoute, z } from '@hono/zod-openapi';
import { pack, unpack } from 'msgpackr';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { advise } from '../src/advisor/index.ts';
import { parsePosition, type PositionInput } from '../src/position/index.ts';
import { DicewiseError } from '../src/errors.ts';
import { RULESET_IDS, RULESETS } from '../src/rules/index.ts';
import { createApp, type DicewiseApp } from '../src/server/app.ts';
import { mountBodyRoute, readBody, sendData } from '../src/server/body.ts';
import { createHintCache } from '../src/server/hint-cache.ts';
import { memoryLogger } from '../src/server/logger.ts';
import { createTableRegistry } from '../src/server/table-registry.ts';
import { loadedSource, manualSources } from './support/table-sources.ts';
import { tailReachTable } from './support/reach.ts';
import { testModel } from './support/models.ts';
import { postJson, testApp } from './support/server.ts';

let app: DicewiseApp;
let logger: ReturnType<typeof memoryLogger>;
beforeAll(async () => {
  ({ app, logger } = await testApp());
});

async function expected(input: PositionInput): Promise<unknown> {
  const r = parsePosition(input);
  if (!r.ok) throw new Error('bad test position');
  // Through JSON, as the API sends it.
  return JSON.parse(JSON.stringify(advise(await testModel(r.position.rs.id), r.position)));
}

const POSITIONS: PositionInput[] = [
  {},
  { ruleset: 'yahtzee', scorecard: { ones: 3 }, dice: [1, 1, 6, 6, 6], rollsLeft: 2 },
  { scorecard: { yahtzee: 50, fours: 12, chance: 20 }, yahtzeeBonus: 100, dice: [4, 4, 4, 4, 4], rollsLeft: 1 },
  { ruleset: 'yahtzee-free-joker', scorecard: { yahtzee: 0, sixes: 24 }, dice: [6, 6, 6, 6, 6], rollsLeft: 0 },
  { ruleset: 'yahtzee-no-bonus', scorecard: { ones: 2, twos: 4, threes: 9 }, dice: [5, 2, 3, 4, 1] },
  { scorecard: { ones: null as unknown as number, twos: 6 }, dice: [2, 2, 2, 3, 3], rollsLeft: 1 },
];

describe('POST /api/v1/hint', () => {
  it.each(POSITIONS.map((p) => [JSON.stringify(p), p] as const))('answers %s with the advisor\'s advice', async (_name, input) => {
    const res = await postJson(app, '/api/v1/hint', input);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(await expected(input));
  });

  it('gives known values: the opening optimum and a best move', async () => {
    const start = (await (await postJson(app, '/api/v1/hint', {})).json()) as { stateValue: number; expectedFinalScore: number; options: unknown[] };
    expect(start.stateValue).toBeCloseTo(254.5877287, 6);
    expect(start.expectedFinalScore).toBe(start.stateValue);
    expect(start.options).toEqual([]);
    const a = (await (await postJson(app, '/api/v1/hint', POSITIONS[1])).json()) as { best: { action: unknown; loss: number }; score: number; dice: number[] };
    expect(a.best).toMatchObject({ action: { hold: [6, 6, 6] }, loss: 0 });
    expect(a.score).toBe(3);
    expect(a.dice).toEqual([1, 1, 6, 6, 6]);
  });

  it('round-trips MessagePack both ways with the same content as JSON', async () => {
    const input = POSITIONS[2];
    const json = await (await postJson(app, '/api/v1/hint', input)).json();
    const res = await postJson(app, '/api/v1/hint', input, { accept: 'application/msgpack' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/msgpack');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(JSON.stringify(json).length);
    expect(unpack(bytes)).toEqual(json);
    const res2 = await app.request('/api/v1/hint', {
      method: 'POST',
      body: pack(input),
      headers: { 'content-type': 'application/msgpack', accept: 'application/msgpack' },
    });
    expect(res2.status).toBe(200);
    expect(unpack(new Uint8Array(await res2.arrayBuffer()))).toEqual(json);
    const res3 = await app.request('/api/v1/hint', { method: 'POST', body: pack(input), headers: { 'content-type': 'application/msgpack' } });
    expect(await res3.json()).toEqual(json);
  });

  it('answers a repeated position from the response cache, byte for byte', async () => {
    const hints = createHintCache(8);
    const { app: cached } = await testApp({ hints });
    const uncached = (await testApp({ hints: createHintCache(0) })).app;
    const input = POSITIONS[1];
    const first = await (await postJson(cached, '/api/v1/hint', input)).text();
    const again = await (await postJson(cached, '/api/v1/hint', { ...input, dice: [6, 1, 6, 1, 6] })).text();
    const fresh = await (await postJson(uncached, '/api/v1/hint', input)).text();
    expect(again).toBe(first);
    expect(fresh).toBe(first);
    expect(hints).toMatchObject({ hits: 1, misses: 1 });
    const packed = await postJson(cached, '/api/v1/hint', input, { accept: 'application/msgpack' });
    expect(unpack(new Uint8Array(await packed.arrayBuffer()))).toEqual(JSON.parse(first));
    const packedAgain = await postJson(cached, '/api/v1/hint', input, { accept: 'application/msgpack' });
    expect(unpack(new Uint8Array(await packedAgain.arrayBuffer()))).toEqual(JSON.parse(first));
    expect(hints).toMatchObject({ hits: 2, misses: 2, size: 2 });
    // A bad position is rejected before the cache is consulted.
    expect((await postJson(cached, '/api/v1/hint', { ...input, rollsLeft: 5 })).status).toBe(400);
    expect(hints.hits + hints.misses).toBe(4);
  });

  it('answers 501 when the rule set has no model', async () => {
    const registry = createTableRegistry({
      rulesets: ['yahtzee', 'triple-yahtzee'],
      sources: {
        values: loadedSource(async (id) => {
          if (id === 'triple-yahtzee') throw new DicewiseError('NOT_SOLVED', 'triple-yahtzee has no model', [{ field: 'ruleset', message: 'not solved' }]);
          return testModel(id);
        }),
      },
    });
    await registry.start();
    const res = await postJson(createApp({ registry }), '/api/v1/hint', { ruleset: 'triple-yahtzee', dice: [1, 2, 3, 4, 5] });
    expect(res.status).toBe(501);
    expect(await res.json()).toMatchObject({ title: 'Rule set not solved', errors: [{ field: 'ruleset' }] });
  });

  it('answers 503 for a rule set this server does not load', async () => {
    const res = await postJson(app, '/api/v1/hint', { ruleset: 'yatzy' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeNull();
    expect(await res.json()).toMatchObject({ status: 503, errors: [{ field: 'ruleset' }] });
  });
});

describe('GET /api/v1/rulesets', () => {
  it('lists every rule set with boxes, dice, columns and values', async () => {
    const res = await app.request('/api/v1/rulesets');
    expect(res.status).toBe(200);
    const { rulesets } = (await res.json()) as { rulesets: Record<string, unknown>[] };
    expect(rulesets.map((r) => r.id)).toEqual(RULESET_IDS);
    const byId = Object.fromEntries(rulesets.map((r) => [r.id, r]));
    expect(byId.yahtzee).toMatchObject({ dice: 5, exact: true, maxOpponents: 7, goals: ['points', 'reach', 'win'], status: 'ready', published: { mean: 254.5877287 } });
    expect(byId.superpass).toMatchObject({ maxOpponents: 1, goals: ['points', 'reach', 'win'] });
    expect(byId.yahtzee.startValue as number).toBeCloseTo(254.5877287, 6);
    expect(byId['yahtzee-no-bonus'].startValue as number).toBeCloseTo(245.8707745, 6);
    expect((byId.yahtzee.boxes as unknown[]).length).toBe(13);
    expect((byId.yahtzee.boxes as unknown[])[6]).toEqual({ id: 'threeOfAKind', label: 'Three of a kind' });
    expect(byId.yatzy).toMatchObject({ status: 'not-served', exact: true });
    expect(byId.yatzy.startValue).toBeUndefined();
    expect((byId.yatzy.boxes as unknown[]).length).toBe(15);
    expect(byId['triple-yahtzee']).toMatchObject({
      exact: false,
      status: 'not-served',
      columns: [
        { multiplier: 1, fill: 'any' },
        { multiplier: 2, fill: 'any' },
        { multiplier: 3, fill: 'any' },
      ],
    });
    expect(byId.superpass).toMatchObject({ dice: 6, exact: false });
    expect((byId.superpass.columns as { fill: string }[]).map((c) => c.fill)).toEqual(RULESETS.superpass.columns.map((c) => c.fill));
    expect(byId.superpass.published).toBeUndefined();
  });
});

describe('health, readiness and documentation', () => {
  it('healthz and readyz answer 200 when the models are loaded', async () => {
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', rulesets: { yahtzee: 'ready', 'yahtzee-free-joker': 'ready', 'yahtzee-no-bonus': 'ready' }, tables: [], queue: [] });
  });

  it('openapi.json is an OpenAPI 3.1 document listing every route with its schemas', async () => {
    const doc = (await (await app.request('/api/v1/openapi.json')).json()) as {
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> }; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { type?: string; properties?: Record<string, unknown> }> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Dicewise API');
    // Other route modules add their own paths; these are the advisor service's.
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/docs', '/api/v1/hint', '/api/v1/openapi.json', '/api/v1/rulesets', '/healthz', '/readyz']),
    );
    const hint = doc.paths['/api/v1/hint'].post;
    expect(Object.keys(hint.requestBody!.content)).toEqual(['application/json', 'application/msgpack']);
    expect(Object.keys(hint.responses)).toEqual(['200', '400', '413', '501', '503']);
    expect(Object.keys(doc.paths['/api/v1/rulesets'])).toEqual(['get']);
    const { schemas } = doc.components;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['Position', 'Advice', 'AdviceOption', 'Action', 'Problem', 'RuleSetInfo']));
    expect(Object.keys(schemas.Position.properties!)).toEqual(['ruleset', 'scorecard', 'yahtzeeBonus', 'dice', 'rollsLeft', 'goal', 'effort', 'explain']);
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['Goal', 'ProbabilityAdvice', 'ProbabilityOption', 'OddsRequest', 'Odds']));
    expect(Object.keys(schemas.OddsRequest.properties!)).toEqual(['ruleset', 'scorecard', 'yahtzeeBonus', 'dice', 'rollsLeft', 'from', 'to']);
    expect(Object.keys(doc.paths['/api/v1/odds'].post.responses)).toEqual(['200', '400', '413', '503']);
    expect(Object.keys(schemas.Problem.properties!)).toEqual(['type', 'title', 'status', 'detail', 'instance', 'errors', 'progress']);
  });

  it('the docs page is Swagger UI served from this server, with the problem types', async () => {
    const res = await app.request('/api/v1/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('id="problem-invalid-input"');
    expect(html).toContain('id="problem-overloaded"');
    expect(html).not.toMatch(/https?:\/\//);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets).toEqual(['/api/v1/docs/assets/swagger-ui.css', '/api/v1/docs/assets/swagger-ui-bundle.js', '/api/v1/docs/assets/docs-init.js']);
    for (const url of assets) {
      const asset = await app.request(url);
      expect(asset.status).toBe(200);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    expect(await (await app.request('/api/v1/docs/assets/docs-init.js')).text()).toContain("url: '/api/v1/openapi.json'");
    expect((await app.request('/api/v1/docs/assets/..%2Fpackage.json')).status).toBe(404);
  });

  it('unknown paths are 404 and wrong methods 405 with Allow, both problems', async () => {
    const missing = await app.request('/api/v1/nothing');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
    expect(await missing.json()).toMatchObject({ status: 404, instance: '/api/v1/nothing' });
    const wrong = await app.request('/api/v1/hint');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });
});

describe('request logs', () => {
  it('writes one structured record per request: method, path, status, ms', async () => {
    const { app: quiet, logger: log } = await testApp();
    await postJson(quiet, '/api/v1/hint', { dice: [1, 2, 3, 4, 5] });
    await postJson(quiet, '/api/v1/hint', { scorecard: { threes: 7 } });
    await quiet.request('/healthz');
    const requests = log.records.filter((r) => r.msg === 'request');
    expect(requests.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'POST', path: '/api/v1/hint', status: 200 },
      { method: 'POST', path: '/api/v1/hint', status: 400 },
      { method: 'GET', path: '/healthz', status: 200 },
    ]);
    for (const r of requests) expect(r.ms).toBeGreaterThanOrEqual(0);
    expect(requests.every((r) => r.level === 'info')).toBe(true);
    expect(log.records.filter((r) => r.level === 'error')).toEqual([]);
    expect(logger.records.length).toBeGreaterThan(0);
  });
});

describe('route modules', () => {
  const echoRoute = createRoute({
    method: 'post',
    path: '/api/v1/echo',
    summary: 'test route',
    request: { body: { required: true, content: { 'application/json': { schema: z.object({ n: z.number().int().min(1) }) } } } },
    responses: { 200: { description: 'echo', content: { 'application/json': { schema: z.object({ twice: z.number() }) } } } },
  });
  const echo = (a: DicewiseApp) => {
    mountBodyRoute(a, echoRoute, { maxBytes: 32 }, async (c) => {
      const { n } = await readBody(c, z.object({ n: z.number().int().min(1) }));
      return sendData(c, { twice: 2 * n, served: 3 });
    });
    a.get('/api/v1/boom', () => {
      throw new Error('secret internals');
    });
  };

  it('a route mounted on the app gets validation, size cap, problems and an OpenAPI entry', async () => {
    const { app: extended, logger: log } = await testApp();
    echo(extended);
    expect(await (await postJson(extended, '/api/v1/echo', { n: 4 })).json()).toEqual({ twice: 8, served: 3 });
    const bad = await postJson(extended, '/api/v1/echo', { n: 0 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ field: 'n' }] });
    expect((await postJson(extended, '/api/v1/echo', { n: 1, pad: 'x'.repeat(40) })).status).toBe(413);
    const doc = (await (await extended.request('/api/v1/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/v1/echo');
    const boom = await extended.request('/api/v1/boom');
    expect(boom.status).toBe(500);
    const problem = (await boom.json()) as { detail: string };
    expect(problem.detail).not.toContain('secret');
    expect(log.records.find((r) => r.level === 'error')).toMatchObject({ msg: 'unhandled error', path: '/api/v1/boom' });
  });
});

describe('while tables load', () => {
  it('readyz and hints are 503 with Retry-After until the model is in, then 200', async () => {
    const { builds, sources } = manualSources(['values']);
    const registry = createTableRegistry({ rulesets: ['yahtzee', 'yahtzee-free-joker'], sources });
    const loading = createApp({ registry });
    const started = registry.start();
    await vi.waitFor(() => expect(builds.map((b) => b.id)).toEqual(['yahtzee']));
    builds[0].hooks.onProgress({ level: 5, statesDone: 0, statesTotal: 100 });

    const notReady = await loading.request('/readyz');
    expect(notReady.status).toBe(503);
    expect(Number(notReady.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await notReady.json()).toMatchObject({ title: 'Not ready', detail: expect.stringContaining('yahtzee'), progress: { table: 'yahtzee model', status: 'building', percent: 0 } });
    expect((await loading.request('/healthz')).status).toBe(200);
    const hint = await postJson(loading, '/api/v1/hint', {});
    expect(hint.status).toBe(503);
    expect(hint.headers.get('retry-after')).toMatch(/^\d+$/);

    builds[0].finish(await testModel('yahtzee'));
    await vi.waitFor(() => expect(builds).toHaveLength(2));
    expect((await loading.request('/readyz')).status).toBe(200);
    expect((await postJson(loading, '/api/v1/hint', {})).status).toBe(200);
    // The second rule set is still building in the background.
    const later = await postJson(loading, '/api/v1/hint', { ruleset: 'yahtzee-free-joker' });
    expect(later.status).toBe(503);
    expect(later.headers.get('retry-after')).toMatch(/^\d+$/);
    const list = (await (await loading.request('/api/v1/rulesets')).json()) as { rulesets: { id: string; status: string }[] };
    expect(list.rulesets.find((r) => r.id === 'yahtzee-free-joker')!.status).toBe('building');

    builds[1].finish(await testModel('yahtzee-free-joker'));
    await started;
    expect((await postJson(loading, '/api/v1/hint', { ruleset: 'yahtzee-free-joker' })).status).toBe(200);
  });

  it('builds the goal tables ahead after the models, shows their progress in /readyz, and moves a goal request\'s tables to the front', async () => {
    const { builds, sources } = manualSources(['reach', 'distribution']);
    let clock = 0;
    const registry = createTableRegistry({
      rulesets: ['yahtzee', 'yahtzee-no-bonus'],
      goalTables: ['yahtzee', 'yahtzee-no-bonus'],
      sources: { ...sources, values: loadedSource((id) => testModel(id)) },
      now: () => clock,
    });
    const app = createApp({ registry });
    await registry.start();
    await vi.waitFor(() => expect(registry.queue()).toEqual(['yahtzee distribution', 'yahtzee-no-bonus reach', 'yahtzee-no-bonus distribution']));
    // One build at a time: the most played rule set's reach table first.
    expect(builds.map((b) => `${b.id} ${b.kind}`)).toEqual(['yahtzee reach']);
    clock = 60_000;
    builds[0].hooks.onProgress({ level: 6, statesDone: 40, statesTotal: 100 });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    // 40% in 60 s: 90 s more.
    expect(await ready.json()).toEqual({
      status: 'ready',
      rulesets: { yahtzee: 'ready', 'yahtzee-no-bonus': 'ready' },
      tables: [
        { ruleset: 'yahtzee', kind: 'reach', status: 'building', percent: 40, etaSeconds: 90 },
        { ruleset: 'yahtzee', kind: 'distribution', status: 'queued' },
        { ruleset: 'yahtzee-no-bonus', kind: 'reach', status: 'queued' },
        { ruleset: 'yahtzee-no-bonus', kind: 'distribution', status: 'queued' },
      ],
      queue: ['yahtzee distribution', 'yahtzee-no-bonus reach', 'yahtzee-no-bonus distribution'],
    });
    // Points hints do not wait.
    expect((await postJson(app, '/api/v1/hint', { ruleset: 'yahtzee-no-bonus', dice: [1, 2, 3, 4, 6] })).status).toBe(200);
    // A win goal with an opponent in progress needs both of its rule set's tables: both move up, the reach table first.
    const win = await postJson(app, '/api/v1/hint', { ruleset: 'yahtzee-no-bonus', dice: [1, 2, 3, 4, 6], goal: { type: 'win', opponents: [{ scorecard: { ones: 3 } }] } });
    expect(win.status).toBe(503);
    expect(registry.queue()).toEqual(['yahtzee-no-bonus reach', 'yahtzee-no-bonus distribution', 'yahtzee distribution']);
    const problem = (await win.json()) as { detail: string; progress: unknown };
    expect(problem.progress).toEqual({ table: 'yahtzee reach table', status: 'building', percent: 40, etaSeconds: 90, queuedAhead: 1 });
    expect(problem.detail).toMatch(/yahtzee-no-bonus reach table is queued, waiting for the yahtzee reach table, being built \(40%, about 2 min left\); then its points distribution table/);
    expect(Number(win.headers.get('retry-after'))).toBe(90);
    builds[0].finish(await tailReachTable().then((b) => b.table));
    await vi.waitFor(() => expect(builds.map((b) => `${b.id} ${b.kind}`)).toEqual(['yahtzee reach', 'yahtzee-no-bonus reach']));
    expect(registry.state('yahtzee', 'reach').status).toBe('ready');
    clock = 70_000;
    builds[1].hooks.onProgress({ level: 6, statesDone: 1, statesTotal: 4 });
    const building = (await (await postJson(app, '/api/v1/odds', { ruleset: 'yahtzee-no-bonus' })).json()) as { progress: unknown };
    expect(building.progress).toEqual({ table: 'yahtzee-no-bonus reach table', status: 'building', percent: 25, etaSeconds: 30, queuedAhead: 0 });
  });
});
