import { createRoute, z } from '@hono/zod-openapi';
import type { RouteModule } from '../app-deps.ts';

export const metricsRoute = createRoute({
  method: 'get',
  path: '/metrics',
  summary: 'Prometheus metrics',
  description: 'Requests by route and status with latencies, batch admission and pool, hint cache, process. Text exposition format.',
  responses: { 200: { description: 'Metrics', content: { 'text/plain': { schema: z.string() } } } },
});

export const registerMetricsRoute: RouteModule = (app, deps) => {
  app.openapi(metricsRoute, async (c) => c.text(await deps.metrics.registry.metrics(), 200, { 'content-type': deps.metrics.registry.contentType }));
};
