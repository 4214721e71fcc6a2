import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { possibleBoxValues } from '../../position/index.ts';
import { RULESET_IDS, RULESETS } from '../../rules/index.ts';

/**
 * The files that make the web page, by the URL path each is served at: the page's own (src/web),
 * the engine's compiled modules it imports (WEB_LIB), the browser engine's bundle (dist/web-engine),
 * and what is made from them: the rule facts, the service worker with the site's version in it,
 * and site.json, which lists what the service worker caches. The server serves these
 * (routes/web.ts); `dicewise export-web` writes the same files for a static host.
 */

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/** Served names: one flat folder of lowercase kebab-case files; anything else is never served. */
export const SERVABLE = /^[a-z0-9][a-z0-9-]*\.[a-z]+$/;

/** The engine bundle's names: its entries, esbuild's chunks (chunk-<HASH>.js), the weights files and its listing. */
const ENGINE_FILE = /^[A-Za-z0-9][A-Za-z0-9.-]*\.(?:js|json)$/;

/** Rule facts the page needs besides GET /api/v1/rulesets: the points each box can hold and the bonuses. */
export const RULES_FILE = 'rules.json';

/** The service worker: served at the root, so that its scope is the whole page. */
export const SERVICE_WORKER_PATH = '/sw.js';
const SERVICE_WORKER_FILE = 'sw.js';

/** What the service worker caches and where the page stands (served by a Node server, or static files). */
export const SITE_PATH = '/web/site.json';

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
  position: ['box-names.js', 'reason-text.js'],
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

/** The compiled modules beside a web folder: the repository's dist/src, which `npm run build` writes. */
export function webLibDir(webDir: string): string {
  return join(webDir, '..', '..', 'dist', 'src');
}

/** The browser engine's bundle beside a web folder: dist/web-engine, which `npm run build` writes (scripts/build-web-engine.mjs). */
export function webEngineDir(webDir: string): string {
  return join(webDir, '..', '..', 'dist', 'web-engine');
}

/** The WEB_LIB files missing from `libDir`: a checkout run from its sources before `npm run build`. */
export function missingWebLib(libDir: string): string[] {
  return Object.entries(WEB_LIB).flatMap(([folder, files]) => files.map((f) => `${folder}/${f}`)).filter((f) => !existsSync(join(libDir, f)));
}

export interface Asset {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  etag: string;
}

export function asset(body: Uint8Array<ArrayBuffer>, type: string): Asset {
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

function readAsset(path: string): Asset | undefined {
  try {
    return asset(new Uint8Array(readFileSync(path)), CONTENT_TYPES[extname(path)]);
  } catch {
    return undefined;
  }
}

const UTF8 = new TextEncoder();

function textAsset(text: string, type: string): Asset {
  return asset(UTF8.encode(text) as Uint8Array<ArrayBuffer>, type);
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

/** The bundle's listing (scripts/build-web-engine.mjs writes it). */
export interface EngineListing {
  version: string;
  files: { name: string; bytes: number; sha256: string }[];
  neural: Record<string, { file: string; sha256: string; bytes: number }>;
  modules: string[];
}

/** The engine bundle's listing in `engineDir`, or undefined where there is none (not built). */
export function readEngineListing(engineDir: string): EngineListing | undefined {
  try {
    return JSON.parse(readFileSync(join(engineDir, 'files.json'), 'utf8')) as EngineListing;
  } catch {
    return undefined;
  }
}

/** What site.json says: served by a Node server (`server`: its API answers) or as static files (`static`: the engine alone). */
export type SiteMode = 'server' | 'static';

export interface SiteInfo {
  mode: SiteMode;
  /** a hash of every file cached for offline use: a new one replaces the old caches */
  version: string;
  /** URL paths the service worker caches when it installs */
  precache: string[];
}

export interface WebSite {
  /** the asset at a URL path, or undefined where nothing is served there */
  read(path: string): Asset | undefined;
  /** the URL paths of every file that makes the page (the page, its modules, the engine bundle, its weights) */
  paths(): string[];
  info(): SiteInfo;
}

/**
 * The site from web folder `root` (the repository's src/web) and the dist/ beside it. Files are
 * read when asked for, so that an edited page or a rebuilt engine is served at once; the page's
 * own names are those `root` holds at the call.
 */
export function webSite(root: string, mode: SiteMode): WebSite {
  const lib = webLibDir(root);
  const engineDir = webEngineDir(root);
  const names = readdirSync(root).filter((n) => SERVABLE.test(n) && CONTENT_TYPES[extname(n)] !== undefined && n !== SERVICE_WORKER_FILE);
  const rules = textAsset(JSON.stringify(webRuleFacts()), CONTENT_TYPES['.json']);
  const libPaths = Object.entries(WEB_LIB).flatMap(([folder, files]) => files.map((f) => `/web/lib/${folder}/${f}`));

  /** The bundle's files: the code (cached at install) and the weights (fetched and kept by the engine when a rule set needs them). */
  const engineFiles = (): { code: string[]; weights: string[] } => {
    const listing = readEngineListing(engineDir);
    const weights = new Set(Object.values(listing?.neural ?? {}).map((n) => n.file));
    const all = listing?.files.map((f) => f.name) ?? [];
    return { code: all.filter((n) => !weights.has(n)), weights: [...weights] };
  };

  /** The static files the service worker caches, by path, with their assets. */
  const cached = (): [string, Asset | undefined][] => [
    ['/', readAsset(join(root, 'index.html'))],
    ...names.map((n): [string, Asset | undefined] => [`/web/${n}`, n === RULES_FILE ? rules : readAsset(join(root, n))]),
    ...(names.includes(RULES_FILE) ? [] : [[`/web/${RULES_FILE}`, rules] as [string, Asset]]),
    ...libPaths.map((p): [string, Asset | undefined] => [p, readAsset(join(lib, p.slice('/web/lib/'.length)))]),
    ...engineFiles().code.map((n): [string, Asset | undefined] => [`/web/engine/${n}`, readAsset(join(engineDir, n))]),
  ];

  const info = (): SiteInfo => {
    const files = cached().filter((f): f is [string, Asset] => f[1] !== undefined);
    const version = createHash('sha256')
      .update(files.map(([p, a]) => `${p} ${a.etag}`).join('\n'))
      .digest('hex')
      .slice(0, 16);
    // The rule sets' list is the API's, not a file: cached too where there is a server, so the page opens offline.
    const precache = [...files.map(([p]) => p), ...(mode === 'server' ? ['/api/v1/rulesets'] : [])];
    return { mode, version, precache };
  };

  const read = (path: string): Asset | undefined => {
    if (path === '/') return readAsset(join(root, 'index.html'));
    if (path === SERVICE_WORKER_PATH) {
      const sw = readAsset(join(root, SERVICE_WORKER_FILE));
      // The version is part of the worker's script: a new version is a new script, which the browser installs.
      return sw && textAsset(`self.DICEWISE_VERSION = ${JSON.stringify(info().version)};\n${new TextDecoder().decode(sw.body)}`, sw.type);
    }
    if (path === SITE_PATH) return textAsset(JSON.stringify(info()), CONTENT_TYPES['.json']);
    const m = /^\/web\/(?:(lib)\/([\w-]+)\/|(engine)\/)?([^/]+)$/.exec(path);
    if (!m) return undefined;
    const [, isLib, folder, isEngine, name] = m;
    if (isLib) return Object.hasOwn(WEB_LIB, folder) && WEB_LIB[folder].includes(name) ? readAsset(join(lib, folder, name)) : undefined;
    if (isEngine) return ENGINE_FILE.test(name) && (name === 'files.json' || readEngineListing(engineDir)?.files.some((f) => f.name === name)) ? readAsset(join(engineDir, name)) : undefined;
    if (name === RULES_FILE) return rules;
    return names.includes(name) ? readAsset(join(root, name)) : undefined;
  };

  return {
    read,
    paths: () => {
      const { weights } = engineFiles();
      return [...cached().map(([p]) => p), ...weights.map((n) => `/web/engine/${n}`), SERVICE_WORKER_PATH, SITE_PATH];
    },
    info,
  };
}
