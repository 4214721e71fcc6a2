import { createRoute, z } from '@hono/zod-openapi';
import type { RouteModule } from '../app-deps.ts';
import { renderDocsPage } from '../docs-page.ts';
import { DOCS_PATH } from '../problem.ts';

export const OPENAPI_PATH = '/api/v1/openapi.json';

const openapiRoute = createRoute({
  method: 'get',
  path: OPENAPI_PATH,
  summary: 'This OpenAPI document',
  responses: { 200: { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } } },
});

const docsRoute = createRoute({
  method: 'get',
  path: DOCS_PATH,
  summary: 'Human-readable API documentation',
  responses: { 200: { description: 'HTML page', content: { 'text/html': { schema: z.string() } } } },
});

/**
 * The document is generated on first request, after every route module (extra ones included)
 * has registered, and then kept: routes do not change while the server runs.
 */
export const registerDocsRoutes: RouteModule = (app, deps) => {
  let doc: Record<string, unknown> | undefined;
  let page: string | undefined;
  const document = () =>
    (doc ??= app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Dicewise API',
        version: deps.version,
        description: 'Optimal-strategy advice for Yahtzee-family dice games, from exact strategy tables.',
      },
    }) as unknown as Record<string, unknown>);
  app.openapi(openapiRoute, (c) => c.json(document(), 200));
  app.openapi(docsRoute, (c) => c.html((page ??= renderDocsPage(document())), 200));
};
