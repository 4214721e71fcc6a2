import type { Context } from 'hono';
import type { RouteModule } from '../app-deps.ts';
import { notFoundProblem, problemResponse } from '../problem.ts';
import { findWebDir, missingWebLib, readEngineListing, SERVICE_WORKER_PATH, SITE_PATH, webEngineDir, webLibDir, webSite, type Asset } from './web-site.ts';

export { findWebDir, missingWebLib, RULES_FILE, WEB_LIB, webLibDir, webRuleFacts } from './web-site.ts';

/**
 * The web advisor and coach: GET / is the page, GET /web/<file> its assets, straight from the
 * repository's src/web folder (plain ES modules, no build step), GET /web/lib/<folder>/<file>
 * the engine's compiled modules it imports (WEB_LIB), GET /web/engine/<file> the browser engine's
 * bundle (dist/web-engine), GET /sw.js the service worker that keeps it all for offline use and
 * GET /web/site.json what it keeps (web-site.ts has the list). Only those names are served,
 * looked up by exact name, so no request path can reach anything else.
 * Every response carries an ETag and `no-cache`: the browser keeps its copy and revalidates with
 * a cheap 304, so a new version of the page is picked up at once without versioned file names.
 */

/**
 * Route module serving the page from `dir` (default: the repository's src/web) and the engine's
 * modules it imports from the dist/ beside it. Files are read on every request, so editing the
 * page or rebuilding needs no restart; the set of the page's own names is fixed at start-up.
 */
export function webRoutes(dir?: string): RouteModule {
  return (app) => {
    const site = webSite(dir ?? findWebDir(), 'server');

    const send = (c: Context, found: Asset | undefined): Response => {
      if (!found) return problemResponse(c, notFoundProblem(c.req.path));
      const headers = { 'content-type': found.type, 'cache-control': 'no-cache', etag: found.etag, 'x-content-type-options': 'nosniff' };
      const match = c.req.header('if-none-match');
      if (match !== undefined && match.split(',').some((t) => t.trim() === found.etag)) return c.body(null, 304, headers);
      return c.body(found.body, 200, headers);
    };

    app.get('/', (c) => send(c, site.read('/')));
    app.get(SERVICE_WORKER_PATH, (c) => send(c, site.read(SERVICE_WORKER_PATH)));
    app.get(SITE_PATH, (c) => send(c, site.read(SITE_PATH)));
    app.get('/web/:name', (c) => send(c, site.read(`/web/${c.req.param('name')}`)));
    app.get('/web/lib/:folder/:name', (c) => send(c, site.read(`/web/lib/${c.req.param('folder')}/${c.req.param('name')}`)));
    app.get('/web/engine/:name', (c) => send(c, site.read(`/web/engine/${c.req.param('name')}`)));
  };
}

/** The page from the repository's src/web; without that folder (a trimmed install) the API still serves, and says why / is missing. */
export const registerWebRoutes: RouteModule = (app, deps) => {
  let dir: string;
  try {
    dir = findWebDir();
  } catch (e) {
    deps.logger.warn('web page not served', { reason: (e as Error).message });
    return;
  }
  const missing = missingWebLib(webLibDir(dir));
  if (missing.length > 0) deps.logger.warn('web page served without the engine modules it imports: run npm run build', { missing });
  if (!readEngineListing(webEngineDir(dir))) deps.logger.warn('web page served without its in-browser engine (offline advice): run npm run build', { missing: webEngineDir(dir) });
  webRoutes(dir)(app, deps);
};
