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
 * repository's src/web folder (plain ES modules, no build step). Only the files that folder held
 * at start-up are served, looked up by exact name, so no request path can reach anything else.
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

/**
 * Route module serving the page from `dir` (default: the repository's src/web). Files are read
 * on every request, so editing the page needs no restart; the set of names is fixed at start-up.
 */
export function webRoutes(dir?: string): RouteModule {
  return (app) => {
    const root = dir ?? findWebDir();
    const names = new Set(readdirSync(root).filter((n) => SERVABLE.test(n) && CONTENT_TYPES[extname(n)] !== undefined));
    const rules = asset(new TextEncoder().encode(JSON.stringify(webRuleFacts())) as Uint8Array<ArrayBuffer>, CONTENT_TYPES['.json']);

    const load = (name: string): Asset | undefined => {
      if (name === RULES_FILE) return rules;
      if (!names.has(name)) return undefined;
      try {
        return asset(new Uint8Array(readFileSync(join(root, name))), CONTENT_TYPES[extname(name)]);
      } catch {
        return undefined;
      }
    };

    const send = (c: Context, name: string): Response => {
      const found = load(name);
      if (!found) return problemResponse(c, notFoundProblem(c.req.path));
      const headers = { 'content-type': found.type, 'cache-control': 'no-cache', etag: found.etag, 'x-content-type-options': 'nosniff' };
      const match = c.req.header('if-none-match');
      if (match !== undefined && match.split(',').some((t) => t.trim() === found.etag)) return c.body(null, 304, headers);
      return c.body(found.body, 200, headers);
    };

    app.get('/', (c) => send(c, 'index.html'));
    app.get('/web/:name', (c) => send(c, c.req.param('name')));
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
  webRoutes(dir)(app, deps);
};
