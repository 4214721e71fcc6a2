import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { bestModel } from '../src/approx/index.ts';
import { readTableIndex } from '../src/browser/table-index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { createApp, type DicewiseApp } from '../src/server/app.ts';
import { findWebDir, webSite, WEB_LIB } from '../src/server/routes/web-site.ts';
import { staticRegistry } from '../src/server/table-registry.ts';
import { decodeHeader } from '../src/solver/index.ts';
import { testColumnTables, testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

/**
 * What the page needs to work offline and be installed, as the server serves it: the service
 * worker with the site's version in it, the list it caches, the web app manifest and its icons,
 * the engine's bundle, and the column tables the engine downloads, checked by their SHA-256.
 */
describe('the offline page’s routes', () => {
  let app: DicewiseApp;
  beforeAll(async () => {
    app = createApp({ registry: await staticRegistry([await testModel('yahtzee'), bestModel(RULESETS.superpass, await testColumnTables('superpass'))]) });
  });

  it('serves the service worker at the root, its version that of the site it caches', async () => {
    const sw = await app.request('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const text = await sw.text();
    const site = (await (await app.request('/web/site.json')).json()) as { mode: string; version: string; precache: string[] };
    expect(text.startsWith(`self.DICEWISE_VERSION = "${site.version}";\n`)).toBe(true);
    expect(text).toContain("addEventListener('fetch'");
    expect(site.mode).toBe('server');
  });

  it('lists for the service worker every file the page and the engine load offline, each served', async () => {
    const { precache } = (await (await app.request('/web/site.json')).json()) as { precache: string[] };
    for (const p of ['/', '/web/app.js', '/web/engine.js', '/web/offline.js', '/web/style.css', '/web/rules.json', '/web/manifest.webmanifest', '/web/engine/engine-worker.js', '/web/engine/solve-worker.js', '/api/v1/rulesets']) {
      expect(precache).toContain(p);
    }
    for (const [folder, names] of Object.entries(WEB_LIB)) for (const n of names) expect(precache).toContain(`/web/lib/${folder}/${n}`);
    expect(precache.filter((p) => /neural|sw\.js|site\.json/.test(p))).toEqual([]);
    for (const p of precache) expect((await app.request(p)).status, p).toBe(200);
  });

  it('gives the site a new version when any of its files changes', () => {
    const copy = mkdtempSync(join(tmpdir(), 'dicewise-site-'));
    try {
      cpSync(findWebDir(), join(copy, 'src', 'web'), { recursive: true });
      const site = webSite(join(copy, 'src', 'web'), 'static');
      const before = site.info().version;
      expect(site.info().version).toBe(before);
      writeFileSync(join(copy, 'src', 'web', 'style.css'), `${readFileSync(join(copy, 'src', 'web', 'style.css'), 'utf8')}\n/* changed */\n`);
      expect(site.info().version).not.toBe(before);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('serves a web app manifest whose icons are there, in their sizes', async () => {
    const res = await app.request('/web/manifest.webmanifest');
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await res.json()) as { start_url: string; display: string; icons: { src: string; sizes: string; type: string }[] };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    for (const icon of manifest.icons) {
      const r = await app.request(icon.src);
      expect(r.status, icon.src).toBe(200);
      expect(r.headers.get('content-type')).toBe(icon.type);
      if (icon.type === 'image/png') {
        const png = new Uint8Array(await r.arrayBuffer());
        const view = new DataView(png.buffer);
        expect(`${view.getUint32(16)}x${view.getUint32(20)}`).toBe(icon.sizes);
      }
    }
    const page = await (await app.request('/')).text();
    expect(page).toContain('<link rel="manifest" href="/web/manifest.webmanifest">');
    expect(page).toContain('<script type="module" src="/web/offline.js">');
  });

  it('serves the engine’s bundle by its names only', async () => {
    const worker = await app.request('/web/engine/engine-worker.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await app.request('/web/engine/files.json')).status).toBe(200);
    for (const p of ['/web/engine/..%2Fapp.js', '/web/engine/../../package.json', '/web/engine/nothing.js', '/web/engine/%2e%2e%2fapp.js', '/web/engine/', '/web/engine/chunk-X.ts']) expect((await app.request(p)).status, p).toBe(404);
  });

  it('lists Superpass’s column tables for download: the file gunzips to the table file’s payload, SHA-256 and all', async () => {
    const res = await app.request('/web/tables/index.json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const entries = readTableIndex(await res.json());
    expect(entries.map((e) => [e.ruleset, e.kind])).toEqual([['superpass', 'columns']]);
    const [entry] = entries;
    const file = await app.request(`/web/tables/${entry.file}`);
    expect(file.headers.get('cache-control')).toContain('immutable');
    const gz = new Uint8Array(await file.arrayBuffer());
    expect(gz.byteLength).toBe(entry.bytes);
    const payload = gunzipSync(gz);
    expect(payload.byteLength).toBe(entry.entries * 8);
    const sha = createHash('sha256').update(payload).digest('hex');
    const dwt = new Uint8Array(readFileSync(join(TEST_TABLE_DIR, 'superpass.dwt')));
    expect(sha).toBe(entry.sha256);
    expect(sha).toBe(decodeHeader(dwt, 'superpass.dwt', '').header.checksum);
    for (const p of ['/web/tables/superpass.columns.0000000000000000.f64.gz', '/web/tables/index.js', '/web/tables/..%2Fsite.json']) expect((await app.request(p)).status, p).toBe(404);
  });
});
