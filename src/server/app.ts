/**
 * The HTTP app, with no socket: `createApp(deps)` returns a hono app that tests drive through
 * `app.request()` and serve.ts puts on a port.
 *
 * Adding endpoints (e.g. `POST /api/v1/analyse`, `POST /api/v1/simulate`): write a route module
 * in its own file under src/server/routes/ — a function `(app, deps) => void` of type
 * RouteModule — and pass it in `createApp({ ..., routes: [registerAnalyseRoute] })` (serve.ts
 * lists the modules a real server mounts). Inside it:
 *   - GET routes without a body: `app.openapi(createRoute({...}), handler)`;
 *   - routes with a body: `mountBodyRoute(app, route, maxBytes, handler)` and, in the handler,
 *     `await readBody(c, schema)` then `sendData(c, result)` (JSON, or MessagePack on request);
 *   - fail by throwing a DicewiseError: the one onError below turns it into a problem+json
 *     response, so never build error responses by hand.
 * Schemas declared in the route feed /api/v1/openapi.json and the docs page automatically.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { createTurnEvalCache, DEFAULT_TURN_CACHE_SIZE, type TurnEvalCache } from '../advisor/index.ts';
import { createHintCache, DEFAULT_HINT_CACHE_SIZE, type HintCache } from './hint-cache.ts';
import { silentLogger, type Logger } from './logger.ts';
import type { ModelRegistry } from './model-registry.ts';
import { noReachTables, type ReachRegistry } from './reach-registry.ts';
import { notFoundProblem, problemResponse, problemType, toProblem } from './problem.ts';
import { registerAnalyseRoute } from './routes/analyse.ts';
import { registerDocsRoutes } from './routes/docs.ts';
import { registerHealthRoutes } from './routes/health.ts';
import { registerHintRoute } from './routes/hint.ts';
import { registerOddsRoute } from './routes/odds.ts';
import { registerRuleSetsRoute } from './routes/rulesets.ts';
import { registerSimulateRoute } from './routes/simulate.ts';
import { registerWebRoutes } from './routes/web.ts';

export type DicewiseApp = OpenAPIHono;

export interface AppLimits {
  /** largest hint request body; a position is well under 1 KiB */
  hintBodyBytes: number;
}

export interface AppDeps {
  registry: ModelRegistry;
  /** reach tables for reach goals and odds, loaded on first use; default none (those requests get 503) */
  reach?: ReachRegistry;
  /** request and error logs; default silent */
  logger?: Logger;
  /** evaluated turns shared by requests; default a new LRU of DEFAULT_TURN_CACHE_SIZE */
  turns?: TurnEvalCache;
  /** finished hint responses; default a new LRU of DEFAULT_HINT_CACHE_SIZE (createHintCache(0) turns it off) */
  hints?: HintCache;
  limits?: Partial<AppLimits>;
  /** further route modules, mounted after the built-in ones */
  routes?: readonly RouteModule[];
  /** API version shown in the OpenAPI document */
  version?: string;
}

export interface ResolvedDeps {
  registry: ModelRegistry;
  reach: ReachRegistry;
  logger: Logger;
  turns: TurnEvalCache;
  hints: HintCache;
  limits: AppLimits;
  version: string;
}

/** Registers routes (and their OpenAPI descriptions) on the app. */
export type RouteModule = (app: DicewiseApp, deps: ResolvedDeps) => void;

export const DEFAULT_LIMITS: AppLimits = { hintBodyBytes: 64 * 1024 };

export const BUILTIN_ROUTES: readonly RouteModule[] = [
  registerHealthRoutes,
  registerRuleSetsRoute,
  registerHintRoute,
  registerOddsRoute,
  registerAnalyseRoute,
  registerSimulateRoute,
  registerWebRoutes,
];

export function resolveDeps(deps: AppDeps): ResolvedDeps {
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  if (!Number.isInteger(limits.hintBodyBytes) || limits.hintBodyBytes < 1) {
    throw new Error(`limits.hintBodyBytes must be a positive integer, got ${limits.hintBodyBytes}`);
  }
  return {
    registry: deps.registry,
    reach: deps.reach ?? noReachTables(),
    logger: deps.logger ?? silentLogger,
    turns: deps.turns ?? createTurnEvalCache(DEFAULT_TURN_CACHE_SIZE),
    hints: deps.hints ?? createHintCache(DEFAULT_HINT_CACHE_SIZE),
    limits,
    version: deps.version ?? '0.1.0',
  };
}

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
  const resolved = resolveDeps(deps);
  const { logger } = resolved;
  const app: DicewiseApp = new OpenAPIHono();

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    logger.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 100) / 100,
    });
  });

  for (const register of [...BUILTIN_ROUTES, ...(deps.routes ?? []), registerDocsRoutes]) register(app, resolved);
  addMethodNotAllowed(app);

  app.notFound((c) => problemResponse(c, notFoundProblem(c.req.path)));
  app.onError((err, c) => {
    const { problem, headers, internal } = toProblem(err, c.req.path);
    if (internal) logger.error('unhandled error', { method: c.req.method, path: c.req.path, error: err.stack ?? String(err) });
    return problemResponse(c, problem, headers);
  });
  return app;
}
