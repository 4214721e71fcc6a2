import type { ResolvedDeps } from './app-deps.ts';

/**
 * Every answered request, counted in the metrics by its route (the matched pattern, so one series
 * per route whatever clients send) and logged with its path: hono's middleware (app.ts) and the
 * cached hints answered before hono (cached-hints.ts) both record through here.
 */
export function recordRequest(deps: Pick<ResolvedDeps, 'metrics' | 'logger'>, method: string, route: string, path: string, status: number, ms: number): void {
  deps.metrics.observeRequest(method, route, status, ms / 1000);
  deps.logger.info('request', { method, path: path.slice(0, 200), status, ms: Math.round(ms * 100) / 100 });
}
