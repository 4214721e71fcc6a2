import { beforeAll, describe, expect, it } from 'vitest';
import { analyseGames, analysePacked, createAnalyser, profileResults } from '../src/analysis/index.ts';
import { ANALYSE_BATCH_CAP } from '../src/server/routes/analyse.ts';
import type { DicewiseApp } from '../src/server/app.ts';
import { playGames } from './support/game-records.ts';
import { testModel } from './support/models.ts';
import { postJson, testApp } from './support/server.ts';

describe('POST /api/v1/analyse', () => {
  let app: DicewiseApp;
  beforeAll(async () => {
    ({ app } = await testApp());
  });

  it('answers one result per game, in order, bad games in their place', async () => {
    const model = await testModel('yahtzee');
    const games: unknown[] = playGames(model, 51, 3, 0.3);
    games.splice(1, 0, { turns: [{ rolls: [[1, 2, 3, 4, 5]], box: 'chance', column: 2 }] }, { ruleset: 'triple-yahtzee', turns: [] }, { ruleset: 'kniffel', turns: [] });
    const res = await postJson(app, '/api/v1/analyse', { games });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: { error?: { turn: number; detail: string } }[] };
    expect(body.results).toHaveLength(6);
    expect(body.results[1].error).toMatchObject({ turn: 1 });
    // The registry's own reason (not served, not solved) is the game's error.
    expect(body.results[2].error).toMatchObject({ turn: 0, roll: 0, detail: expect.stringContaining('triple-yahtzee') });
    expect(body.results[3].error?.detail).toMatch(/unknown rule set "kniffel"/);
    const want = JSON.parse(JSON.stringify(analyseGames(() => model, [games[0], games[4], games[5]])));
    expect([body.results[0], body.results[4], body.results[5]]).toEqual(want);
  });

  it('with "summary": true, also the player profile of the batch; a summary that is not a boolean is a 400 naming it', async () => {
    const model = await testModel('yahtzee');
    const games: unknown[] = playGames(model, 52, 30, 0.3, 0.2);
    games.push({ turns: [{ rolls: [[1, 2, 3, 4, 9]], box: 'chance' }] });
    const res = await postJson(app, '/api/v1/analyse', { games, summary: true });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: unknown[]; summary: { games: number; errors: number } };
    expect(body.results).toHaveLength(31);
    const a = createAnalyser(model);
    expect(body.summary).toEqual(JSON.parse(JSON.stringify(profileResults(games.map((g) => analysePacked(a, g))))));
    expect(body.summary).toMatchObject({ games: 31, errors: 1 });
    // Records of two strategies: each one's profile too, as dicewise analyse --summary --json gives it.
    const tagged = games.slice(0, 30).map((g, i) => ({ strategy: i % 2 ? 'greedy' : 'optimal', ...(g as object) }));
    const grouped = (await (await postJson(app, '/api/v1/analyse', { games: tagged, summary: true })).json()) as { summary: { groups?: { name: string; profile: unknown }[] } };
    expect(grouped.summary.groups?.map((g) => g.name)).toEqual(['optimal', 'greedy']);
    expect(grouped.summary.groups?.[1].profile).toEqual(JSON.parse(JSON.stringify(profileResults(games.slice(0, 30).filter((_, i) => i % 2).map((g) => analysePacked(a, g))))));
    const without = (await (await postJson(app, '/api/v1/analyse', { games: games.slice(0, 2) })).json()) as object;
    expect(Object.keys(without)).toEqual(['results']);
    const bad = await postJson(app, '/api/v1/analyse', { games, summary: 'yes' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/summary/);
  });

  it('413 over the game cap, 400 without games', async () => {
    const tooMany = await postJson(app, '/api/v1/analyse', { games: new Array(ANALYSE_BATCH_CAP + 1).fill({ turns: [] }) });
    expect(tooMany.status).toBe(413);
    expect(((await tooMany.json()) as { detail: string }).detail).toMatch(`at most ${ANALYSE_BATCH_CAP} games per request`);
    const none = await postJson(app, '/api/v1/analyse', { game: [] });
    expect(none.status).toBe(400);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await app.request('/api/v1/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(doc.paths['/api/v1/analyse']).toBeDefined();
  });
});
