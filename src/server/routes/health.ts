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
      if (s.status === 'failed') throw new RetryLaterError('NOT_READY', `the ${registry.primary} model failed: ${s.error}`, s.retryAfterSeconds ?? 30);
      try {
        registry.get(registry.primary);
      } catch (e) {
        // The primary's own NOT_READY, with its build's progress.
        if (e instanceof RetryLaterError) throw e;
      }
      throw new RetryLaterError('NOT_READY', `the ${registry.primary} model is ${s.status}`, s.retryAfterSeconds ?? 30);
    }
    const rulesets: Record<string, string> = {};
    for (const id of registry.served) rulesets[id] = registry.state(id).status;
    const tables = registry.pending().map(({ ruleset, kind, state }) => {
      const t: { ruleset: string; kind: typeof kind; status: string; percent?: number; etaSeconds?: number } = { ruleset, kind, status: state.status };
      if (state.progress !== undefined) t.percent = Math.floor(100 * state.progress);
      if (state.etaSeconds !== undefined) t.etaSeconds = state.etaSeconds;
      return t;
    });
    return c.json({ status: 'ready' as const, rulesets, tables, queue: registry.queue() }, 200);
  });
};
