import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';
import { possibleBoxValues } from '../../position/index.ts';
import { RULESET_IDS, RULESETS } from '../../rules/index.ts';
import type { RouteModule } from '../app-deps.ts';
import { notFoundProblem, problemResponse } from '../problem.ts';

/**
 * The web advisor and coach: GET / is the page, GET /web/<file> its assets, straight from the
 * repository's src/web folder (plain ES modules, no build step), and GET /web/lib/<folder>/<file>
 * the engine's compiled modules it imports (WEB_LIB). Only the files src/web held at start-up and
 * the names WEB_LIB lists are served, looked up by exact name, so no request path can reach anything else.
 * Every response carries an ETag and `no-cache`: the browser keeps its copy and revalidates with
 * a cheap 304, so a new version of the page is picked up at once without versioned file names.
 */

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** Served names: one flat folder of lowercase kebab-case files; anything else is never served. */
const SERVABLE = /^[a-z0-9][a-z0-9-]*\.[a-z]+$/;

/** Rule facts the page needs besides GET /api/v1/rulesets: the points each box can hold and the bonuses. */
export const RULES_FILE = 'rules.json';

/**
 * The engine's own modules the page imports, compiled (dist/src/<folder>/<file>, built by `npm ci`
 * and `npm run build`) and served at /web/lib/<folder>/<file>: the page scores bonuses and rolls
 * its dice with the code the engine plays by, not a copy. Only these names are served, and only
 * modules the browser can load (every import relative and in this list): the rest of rules/ is
 * not, because fingerprint.ts imports node:crypto and column-types.ts and index.ts import it.
 */
export const WEB_LIB: Readonly<Record<string, readonly string[]>> = {
  rules: ['boxes.js', 'capabilities.js', 'patterns.js', 'rulesets.js', 'scoring.js'],
  dice: ['dice-tables.js', 'index.js', 'multiset.js', 'random.js'],
  // The reasons' wording (hint `explain`): the page words them with the CLI's templates.
  position: ['reason-text.js'],
};

/**
 * The repository's src/web folder, from this module's location: src/server/routes/ when run
 * from sources, dist/src/server/routes/ when compiled; both sit below the folder holding
 * package.json, whose src/web is the one to serve.
 */
export function findWebDir(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'src', 'web', 'index.html'))) return join(dir, 'src', 'web');
    if (dirname(dir) === dir) throw new Error(`no src/web folder with index.html above ${from}`);
  }
}

interface Asset {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  etag: string;
}

function asset(body: Uint8Array<ArrayBuffer>, type: string): Asset {
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

/** Box values and bonuses by rule set id, computed from the same rules parsePosition checks against. */
export function webRuleFacts(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const id of RULESET_IDS) {
    const rs = RULESETS[id];
    const values = possibleBoxValues(rs);
    out[id] = {
      upperBoxes: 6,
      upperBonus: { ...rs.upperBonus },
      yahtzeeBonus: rs.yahtzeeBonus,
      boxValues: Object.fromEntries(rs.boxes.map((b, i) => [b.id, [...values[i]].sort((x, y) => x - y)])),
    };
  }
  return out;
}

/** The compiled modules beside a web folder: the repository's dist/src, which `npm run build` writes. */
export function webLibDir(webDir: string): string {
  return join(webDir, '..', '..', 'dist', 'src');
}

/** The WEB_LIB files missing from `libDir`: a checkout run from its sources before `npm run build`. */
export function missingWebLib(libDir: string): string[] {
  return Object.entries(WEB_LIB).flatMap(([folder, files]) => files.map((f) => `${folder}/${f}`)).filter((f) => !existsSync(join(libDir, f)));
}

function readAsset(path: string): Asset | undefined {
  try {
    return asset(new Uint8Array(readFileSync(path)), CONTENT_TYPES[extname(path)]);
  } catch {
    return undefined;
  }
}

/**
 * Route module serving the page from `dir` (default: the repository's src/web) and the engine's
 * modules it imports from the dist/src beside it (webLibDir). Files are read on every request, so
 * editing the page or rebuilding needs no restart; the set of names is fixed at start-up.
 */
export function webRoutes(dir?: string): RouteModule {
  return (app) => {
    const root = dir ?? findWebDir();
    const lib = webLibDir(root);
    const names = new Set(readdirSync(root).filter((n) => SERVABLE.test(n) && CONTENT_TYPES[extname(n)] !== undefined));
    const rules = asset(new TextEncoder().encode(JSON.stringify(webRuleFacts())) as Uint8Array<ArrayBuffer>, CONTENT_TYPES['.json']);

    const load = (name: string): Asset | undefined => {
      if (name === RULES_FILE) return rules;
      return names.has(name) ? readAsset(join(root, name)) : undefined;
    };
    const loadLib = (folder: string, name: string): Asset | undefined =>
      Object.hasOwn(WEB_LIB, folder) && WEB_LIB[folder].includes(name) ? readAsset(join(lib, folder, name)) : undefined;

    const send = (c: Context, found: Asset | undefined): Response => {
      if (!found) return problemResponse(c, notFoundProblem(c.req.path));
      const headers = { 'content-type': found.type, 'cache-control': 'no-cache', etag: found.etag, 'x-content-type-options': 'nosniff' };
      const match = c.req.header('if-none-match');
      if (match !== undefined && match.split(',').some((t) => t.trim() === found.etag)) return c.body(null, 304, headers);
      return c.body(found.body, 200, headers);
    };

    app.get('/', (c) => send(c, load('index.html')));
    app.get('/web/:name', (c) => send(c, load(c.req.param('name'))));
    app.get('/web/lib/:folder/:name', (c) => send(c, loadLib(c.req.param('folder'), c.req.param('name'))));
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
  webRoutes(dir)(app, deps);
};
