import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { Page } from 'playwright-core';

/** What a call of /web/engine.js in a page gave: its result, or the problem it rejected with. */
export type EngineAnswer<T = unknown> = { ok: true; value: T } | { ok: false; problem: { status: number; detail: string; [k: string]: unknown } };

/**
 * Calls `op` of the page's /web/engine.js (hint, review, ready, rulesets, status) with `args`, as a
 * page's script would. A script text, not a function: the test runner rewrites a function's
 * `import()` into its own loader, which the page has not.
 */
export function engineCall<T = unknown>(page: Page, op: string, ...args: unknown[]): Promise<EngineAnswer<T>> {
  return page.evaluate(`(async () => {
    const engine = await import('/web/engine.js');
    try {
      return { ok: true, value: await engine[${JSON.stringify(op)}](...${JSON.stringify(args)}) };
    } catch (e) {
      return { ok: false, problem: e.problem ?? { status: 0, detail: String(e) } };
    }
  })()`) as Promise<EngineAnswer<T>>;
}

/** The value of an answer, or a failure naming its problem. */
export function valueOf<T>(a: EngineAnswer<T>): T {
  if (!a.ok) throw new Error(`the engine answered ${a.problem.status}: ${a.problem.detail}`);
  return a.value;
}

/** Waits until the page's service worker is active (its install, which caches the page, is done). */
export async function serviceWorkerActive(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    type Sw = { state: string; addEventListener(t: 'statechange', f: () => void): void };
    const g = globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<{ active: Sw }> } }; caches: { keys(): Promise<string[]> } };
    const sw = (await g.navigator.serviceWorker.ready).active;
    if (sw.state !== 'activated') await new Promise<void>((ok) => sw.addEventListener('statechange', () => sw.state === 'activated' && ok()));
    return g.caches.keys();
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.gz': 'application/gzip',
};

/**
 * A plain static file server over `dir`, as any static host: a file for its path (index.html for
 * a folder), a type by extension, no headers of Dicewise's and no API behind it.
 */
export async function startStaticServer(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir + sep) && file !== dir) return void res.writeHead(403).end();
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      statSync(file);
    } catch {
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
