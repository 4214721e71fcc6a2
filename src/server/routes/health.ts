import { createRoute } from '@hono/zod-openapi';
import { RetryLaterError } from '../../errors.ts';
import type { RouteModule } from '../app-deps.ts';
import { HealthSchema, problemContent, ReadySchema } from '../schemas.ts';

export const healthRoute = createRoute({
  method: 'get',
  path: '/healthz',
  summary: 'Liveness',
  description: 'The process is up and answering; 200 even while tables are still loading.',
  responses: { 200: { description: 'Alive', content: { 'application/json': { schema: HealthSchema } } } },
});

export const readyRoute = createRoute({
  method: 'get',
  path: '/readyz',
  summary: 'Readiness',
  description: 'Ready once the primary rule set (yahtzee) is loaded (other rule sets may still be building); 503 again while the server drains before it stops.',
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: ReadySchema } } },
    503: problemContent('Not ready yet; see Retry-After'),
  },
});

export const registerHealthRoutes: RouteModule = (app, deps) => {
  app.openapi(healthRoute, (c) => c.json({ status: 'ok' as const }, 200));
  app.openapi(readyRoute, (c) => {
    const { registry } = deps;
    if (deps.draining()) throw new RetryLaterError('NOT_READY', 'the server is shutting down', 5);
    if (!registry.ready()) {
      const s = registry.state(registry.primary);
      const why = s.status === 'failed' ? `failed: ${s.error}` : s.status;
      throw new RetryLaterError('NOT_READY', `the ${registry.primary} model is ${why}`, s.retryAfterSeconds ?? 30);
    }
    const rulesets: Record<string, string> = {};
    for (const id of registry.served) rulesets[id] = registry.state(id).status;
    return c.json({ status: 'ready' as const, rulesets }, 200);
  });
};
