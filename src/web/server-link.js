// @ts-check
/**
 * Where the page stands with its server: served by one (`server` mode: its API answers every
 * goal) or as static files (`static` mode, `dicewise export-web`: the engine in the page alone),
 * and, with a server, whether it can be reached now. api.js asks this before each request and
 * reports what each request met; the page's notice and the modes listen for changes, so that what
 * needs the server says so while it is out of reach and comes back when it is reachable again.
 *
 * Reachable is learnt from requests, not assumed: a failed request marks the server out of reach,
 * and only an answer to a request no cache can give (a POST, or the health check) marks it back,
 * since offline the service worker answers the page's GETs from its cache. The browser's online
 * and offline events start the health check at once; while out of reach with the network up (the
 * server down, not the network), it is checked again now and then (FIRST_PROBE_MS, PROBE_MS).
 *
 * @typedef {'server' | 'static'} SiteMode
 * @typedef {{ mode: SiteMode, reachable: boolean }} Link
 *   reachable: with a server, whether it answered the last request made (always false in static mode)
 */

/**
 * How soon an unreachable server is checked again while the browser says it is online: after a
 * second, then twice as long each time up to PROBE_MS. The browser's online event can come before
 * its requests go through again, so the first checks after it come soon.
 */
const FIRST_PROBE_MS = 1000;
const PROBE_MS = 15_000;

/** @type {Link} */
const link = { mode: 'server', reachable: browserOnline() };
/** @type {Set<(link: Link) => void>} */
const listeners = new Set();
/** @type {(() => Promise<boolean>) | undefined} */
let probe;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;
let wait = FIRST_PROBE_MS;

/** @returns {Link} */
export function linkState() {
  return { ...link, reachable: link.mode === 'server' && link.reachable };
}

/** Whether a request to the server is worth making: the page has one and did not fail to reach it last. */
export function serverReachable() {
  return linkState().reachable;
}

/** @param {SiteMode} mode */
export function setSiteMode(mode) {
  if (link.mode === mode) return;
  link.mode = mode;
  notify();
}

/**
 * What a request met: an answer from the server (true) or none (false).
 * @param {boolean} ok
 */
export function markReachable(ok) {
  clearTimeout(timer);
  // With the network down the online event says when to look again; with it up, look now and then.
  if (!ok && link.mode === 'server' && browserOnline()) {
    timer = setTimeout(() => void check(), wait);
    wait = Math.min(2 * wait, PROBE_MS);
  }
  if (ok) wait = FIRST_PROBE_MS;
  if (link.reachable === ok) return;
  link.reachable = ok;
  notify();
}

/**
 * The health check to run while the server is out of reach (api.js gives it: it alone reaches the network).
 * @param {() => Promise<boolean>} check resolves true when the server answered
 */
export function setProbe(check) {
  probe = check;
}

/**
 * Calls `fn` on every change of mode or reachability, until the returned function is called.
 * @param {(link: Link) => void} fn
 */
export function onLinkChange(fn) {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

function notify() {
  const now = linkState();
  for (const fn of listeners) fn(now);
}

function browserOnline() {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

async function check() {
  if (link.mode !== 'server' || !probe) return;
  markReachable(browserOnline() && (await probe().catch(() => false)));
}

if (typeof addEventListener === 'function') {
  addEventListener('online', () => {
    wait = FIRST_PROBE_MS;
    void check();
  });
  addEventListener('offline', () => markReachable(false));
}
