import { describe, expect, it } from 'vitest';
import { createApp } from '../src/server/app.ts';
import { staticRegistry } from '../src/server/table-registry.ts';
import { SimulationReportSchema } from '../src/server/simulate-request.ts';
import { testModel } from './support/models.ts';

describe('POST /api/v1/simulate', async () => {
  const app = createApp({ registry: await staticRegistry([await testModel('yahtzee')]) });
  const post = (body: unknown) =>
    app.request('/api/v1/simulate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('compares strategies on the same dice, reproducibly', async () => {
    const body = { ruleset: 'yahtzee', strategies: ['optimal', 'greedy'], games: 200, seed: 7 };
    const a = await post(body);
    expect(a.status).toBe(200);
    const report = await a.json();
    const again = await (await post(body)).json();
    expect(again).toEqual(report);
    const text = JSON.stringify(report);
    expect(text).toContain('optimal');
    expect(text).toContain('greedy');
  });

  it('answers with the report its OpenAPI schema documents, nothing more', async () => {
    const report = await (await post({ strategies: ['optimal', 'random'], games: 50, seed: 3 })).json();
    expect(SimulationReportSchema.strict().safeParse(report).error?.issues ?? []).toEqual([]);
    const doc = (await (await app.request('/api/v1/openapi.json')).json()) as { paths: Record<string, { post: { responses: Record<string, { content: Record<string, { schema: { $ref?: string } }> }> } }> };
    expect(doc.paths['/api/v1/simulate'].post.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/SimulationReport');
  });

  it('rejects too many games with 413 naming games, and bad fields with 400', async () => {
    const big = await post({ games: 1_000_000 });
    expect(big.status).toBe(413);
    expect(JSON.stringify(await big.json())).toContain('games');
    const bad = await post({ strategies: ['telepathy'] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('strategies');
  });
});
