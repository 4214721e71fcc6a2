import { createRoute, z } from '@hono/zod-openapi';
import type { RouteModule } from '../app-deps.ts';
import { docsAsset, renderDocsPage } from '../docs-page.ts';
import { DOCS_PATH, notFoundProblem, problemResponse } from '../problem.ts';

export const OPENAPI_PATH = '/api/v1/openapi.json';

const TITLE = 'Dicewise API';

const openapiRoute = createRoute({
  method: 'get',
  path: OPENAPI_PATH,
  summary: 'This OpenAPI document',
  responses: { 200: { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } } },
});

const docsRoute = createRoute({
  method: 'get',
  path: DOCS_PATH,
  summary: 'Interactive API documentation (Swagger UI, served from this server)',
  responses: { 200: { description: 'HTML page', content: { 'text/html': { schema: z.string() } } } },
});

/**
 * The document is generated on first request, after every route module has registered, and then
 * kept: routes do not change while the server runs.
 */
export const registerDocsRoutes: RouteModule = (app, deps) => {
  let doc: Record<string, unknown> | undefined;
  const document = () =>
    (doc ??= app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: TITLE,
        version: deps.version,
        description: 'Optimal-strategy advice for Yahtzee-family dice games, from exact strategy tables.',
      },
    }) as unknown as Record<string, unknown>);
  const page = renderDocsPage(TITLE, deps.version, `${DOCS_PATH}/assets`);
  app.openapi(openapiRoute, (c) => c.json(document(), 200));
  app.openapi(docsRoute, (c) => c.html(page, 200));
  app.get(`${DOCS_PATH}/assets/:name`, (c) => {
    const asset = docsAsset(c.req.param('name'));
    if (!asset) return problemResponse(c, notFoundProblem(c.req.path.slice(0, 200)));
    return c.body(typeof asset.body === 'string' ? asset.body : new Uint8Array(asset.body), 200, { 'content-type': asset.type, 'cache-control': 'public, max-age=86400' });
  });
};
