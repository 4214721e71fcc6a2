import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webDir = fileURLToPath(new URL('../src/web/', import.meta.url));

/**
 * The page's own modules (the engine's, under lib/, are served compiled and fetch nothing). sw.js
 * is not one: it is the service worker, which stands between the page and the network and keeps
 * its files (it fetches what site.json lists and answers the page's GETs).
 */
const modules = readdirSync(webDir).filter((f) => f.endsWith('.js') && f !== 'sw.js');

describe('the web page modules', () => {
  // One request layer: whatever answers the page's questions (the server, or an engine in the page)
  // is chosen in api.js, so no other module may reach the network on its own.
  it('reach the network only through api.js', () => {
    expect(modules).toContain('api.js');
    const network = /\b(?:fetch|XMLHttpRequest|WebSocket|EventSource|sendBeacon)\s*\(|\bnew\s+(?:XMLHttpRequest|WebSocket|EventSource)\b/;
    const offenders = modules.filter((f) => f !== 'api.js' && network.test(readFileSync(`${webDir}${f}`, 'utf8')));
    expect(offenders).toEqual([]);
    expect(network.test(readFileSync(`${webDir}api.js`, 'utf8')), 'the pattern finds api.js’s own fetch').toBe(true);
  });
});
