/**
 * The HTTP app, with no socket: `createApp(deps)` returns a hono app that tests drive through
 * `app.request()` and serve.ts puts on a port.
 *
 * Adding an endpoint: write a route module in its own file under src/server/routes/ (a function
 * `(app, deps) => void` of type RouteModule from app-deps.ts) and list it in ROUTES below. Inside it:
 *   - GET routes without a body: `app.openapi(createRoute({...}), handler)`;
 *   - routes with a body: `mountBodyRoute(app, route, limits, handler)` and, in the handler,
 *     `await readBody(c, schema)` then `sendData(c, result)` (JSON, or MessagePack on request);
 *   - batch work (seconds of CPU) goes through `deps.admission.run` onto `deps.batch`, never
 *     inline on the event loop;
 *   - fail by throwing a DicewiseError: the one onError below turns it into a problem+json
 *     response, so never build error responses by hand.
 * Schemas declared in the route feed /api/v1/openapi.json and the docs page automatically.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { RequestListener } from 'node:http';
import { resolveDeps, type AppDeps, type DicewiseApp, type ResolvedDeps, type RouteModule } from './app-deps.ts';
import { answerCachedHints } from './cached-hints.ts';
import { notFoundProblem, problemResponse, problemType, toProblem } from './problem.ts';
import { recordRequest } from './record-request.ts';
import { registerAnalyseRoute } from './routes/analyse.ts';
import { registerDocsRoutes } from './routes/docs.ts';
import { registerHealthRoutes } from './routes/health.ts';
import { registerHintRoute } from './routes/hint.ts';
import { registerMetricsRoute } from './routes/metrics.ts';
import { registerOddsRoute } from './routes/odds.ts';
import { registerRuleSetsRoute } from './routes/rulesets.ts';
import { registerSimulateRoute } from './routes/simulate.ts';
import { registerWebRoutes } from './routes/web.ts';
import { registerWebTablesRoutes } from './routes/web-tables.ts';

export type { AppDeps, DicewiseApp } from './app-deps.ts';

/** Every route module, in mounting order; the docs come last so that they describe all the others. */
const ROUTES: readonly RouteModule[] = [
  registerHealthRoutes,
  registerMetricsRoute,
  registerRuleSetsRoute,
  registerHintRoute,
  registerOddsRoute,
  registerAnalyseRoute,
  registerSimulateRoute,
  registerWebRoutes,
  registerWebTablesRoutes,
  registerDocsRoutes,
];

/** Answers 405 with Allow for a documented path asked with a method it does not have. */
function addMethodNotAllowed(app: DicewiseApp): void {
  const allowed = new Map<string, string[]>();
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== 'route') continue;
    const path = def.route.path.replaceAll(/\{(\w+)\}/g, ':$1');
    allowed.set(path, [...(allowed.get(path) ?? []), def.route.method.toUpperCase()]);
  }
  for (const [path, methods] of allowed) {
    // Registered last, so hono reaches these only when no route above matched the method.
    app.all(path, (c) =>
      problemResponse(
        c,
        { type: problemType('http-405'), title: 'Method not allowed', status: 405, detail: `${c.req.method} is not allowed on ${path}; use ${methods.join(', ')}`, instance: c.req.path, errors: [] },
        { allow: methods.join(', ') },
      ),
    );
  }
}

export function createApp(deps: AppDeps): DicewiseApp {
  return appOf(resolveDeps(deps));
}

/**
 * The app as a server puts it on a socket: `answerFirst` wraps the app's Node request listener
 * so that hints asked again are answered before the app (cached-hints.ts).
 */
export function createServedApp(deps: AppDeps): { app: DicewiseApp; answerFirst: (appListener: RequestListener) => RequestListener } {
  const resolved = resolveDeps(deps);
  return { app: appOf(resolved), answerFirst: (appListener) => answerCachedHints(resolved, appListener) };
}

function appOf(resolved: ResolvedDeps): DicewiseApp {
  const { logger } = resolved;
  const app: DicewiseApp = new OpenAPIHono();

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const route = c.req.routePath === '/*' || c.req.routePath === '*' ? 'unmatched' : c.req.routePath;
    recordRequest(resolved, c.req.method, route, c.req.path, c.res.status, performance.now() - started);
  });

  for (const register of ROUTES) register(app, resolved);
  addMethodNotAllowed(app);

  app.notFound((c) => problemResponse(c, notFoundProblem(c.req.path.slice(0, 200))));
  app.onError((err, c) => {
    const { problem, headers, internal } = toProblem(err, c.req.path.slice(0, 200));
    if (internal) logger.error('unhandled error', { method: c.req.method, path: c.req.path.slice(0, 200), error: err.stack ?? String(err) });
    else if (problem.status >= 500) logger.warn('request refused', { path: c.req.path.slice(0, 200), status: problem.status, detail: (err as Error).message });
    return problemResponse(c, problem, headers);
  });
  return app;
}
