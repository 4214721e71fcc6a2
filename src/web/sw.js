// @ts-check
/**
 * The page's service worker, served at /sw.js (scope: the whole page) with the site's version
 * written above this text (`self.DICEWISE_VERSION`, a hash of every file it caches). When it
 * installs, it caches what /web/site.json lists: the page, its modules, the engine's bundle and,
 * on a server, the rule sets' list; a new version is a new script, which installs beside the old
 * one and, once active, deletes the old version's cache. It answers from the network first (a
 * page online is always the current one) and from its cache when the network fails, so that the
 * page opens and the engine starts offline. The engine keeps its tables in a cache of its own
 * (`dicewise-tables`, src/browser/verified-files.ts), which a new version keeps: its files are
 * named by their content. POST requests (the API's) are never answered from a cache.
 *
 * @typedef {{ waitUntil(p: Promise<unknown>): void }} LifecycleEvent
 * @typedef {LifecycleEvent & { request: Request, respondWith(r: Promise<Response>): void }} FetchEvent
 * @typedef {{
 *   DICEWISE_VERSION?: string,
 *   location: Location,
 *   skipWaiting(): Promise<void>,
 *   clients: { claim(): Promise<void> },
 *   addEventListener(type: 'install' | 'activate', listener: (e: LifecycleEvent) => void): void,
 *   addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void,
 * }} ServiceWorkerScope
 */

const sw = /** @type {ServiceWorkerScope} */ (/** @type {unknown} */ (self));
const PREFIX = 'dicewise-page-';
const CACHE = `${PREFIX}${sw.DICEWISE_VERSION ?? 'dev'}`;
const SITE = '/web/site.json';

sw.addEventListener('install', (e) => {
  e.waitUntil(
    (async () => {
      const listing = await fetch(SITE, { cache: 'no-cache' });
      const site = /** @type {{ precache: string[] }} */ (await listing.clone().json());
      const cache = await caches.open(CACHE);
      // Kept too: offline, the page still learns from it whether it has a server (api.js).
      await cache.put(SITE, listing);
      // Revalidated rather than taken from the HTTP cache: what the page just loaded comes back as a 304.
      await cache.addAll(site.precache.map((url) => new Request(url, { cache: 'no-cache' })));
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      await sw.clients.claim();
    })(),
  );
});

/**
 * The network's answer, kept in the cache where the URL is one cached at install (the cache then
 * holds what was last seen online); the cached copy where the network fails.
 * @param {Request} request
 * @param {string} key the cached URL it stands for ('/' for the page at any query)
 */
async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(request);
    if (res.ok && (await cache.match(key))) await cache.put(key, res.clone());
    return res;
  } catch (err) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw err;
  }
}

sw.addEventListener('fetch', (e) => {
  const { request } = e;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== sw.location.origin) return;
  // The page at any query (?mode=coach&ruleset=…) is the one page.
  const key = request.mode === 'navigate' && url.pathname === '/' ? '/' : url.pathname + url.search;
  e.respondWith(networkFirst(request, key));
});
