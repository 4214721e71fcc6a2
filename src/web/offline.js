// @ts-check
/**
 * Registers the page's service worker (/sw.js, src/web/sw.js), which keeps the page and the
 * browser engine for offline use. Where the browser has none, or refuses it (a private window, an
 * insecure origin), the page works online as before.
 */
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
}

export {};
