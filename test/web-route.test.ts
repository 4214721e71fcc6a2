import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { possibleBoxValues } from '../src/position/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import type { DicewiseApp } from '../src/server/app.ts';
import { findWebDir, WEB_LIB, webLibDir } from '../src/server/routes/web.ts';
import { testApp } from './support/server.ts';

const webDir = fileURLToPath(new URL('../src/web/', import.meta.url));
const srcDir = fileURLToPath(new URL('../src/', import.meta.url));

/** Each served engine module as `folder/file.js`. */
const LIB = Object.entries(WEB_LIB).flatMap(([folder, names]) => names.map((n) => `${folder}/${n}`));

/** A source of src/ compiled as `npm run build` compiles it (tsconfig.build.json), to ES modules. */
function compiled(lib: string): string {
  const config = ts.getParsedCommandLineOfConfigFile(fileURLToPath(new URL('../tsconfig.build.json', import.meta.url)), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const file = join(srcDir, lib.replace(/\.js$/, '.ts'));
  return ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions: { ...config!.options, module: ts.ModuleKind.ESNext }, fileName: file }).outputText;
}

describe('the web page routes', () => {
  let app: DicewiseApp;
  beforeAll(async () => {
    ({ app } = await testApp());
  });

  it('serves the page at / and its files under /web/ with their content types', async () => {
    const page = await app.request('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<script type="module" src="/web/app.js">');
    const cases: [string, string][] = [
      ['/web/app.js', 'text/javascript; charset=utf-8'],
      ['/web/style.css', 'text/css; charset=utf-8'],
      ['/web/favicon.svg', 'image/svg+xml'],
      ['/web/index.html', 'text/html; charset=utf-8'],
    ];
    for (const [path, type] of cases) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('revalidates with ETags: no-cache, then 304 for an unchanged file', async () => {
    const first = await app.request('/web/app.js');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.request('/web/app.js', { headers: { 'if-none-match': `"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const changed = await app.request('/web/app.js', { headers: { 'if-none-match': '"stale"' } });
    expect(changed.status).toBe(200);
  });

  it('serves only the files of src/web, whatever the path says', async () => {
    for (const path of [
      '/web/../package.json',
      '/web/..%2Fpackage.json',
      '/web/%2e%2e%2fpackage.json',
      '/web/..%5Cpackage.json',
      '/web/%2Fetc%2Fpasswd',
      '/web/nothing.js',
      '/web/types.d.ts',
      '/web/',
      '/web/sub/app.js',
      '/web/.hidden.js',
    ]) {
      const res = await app.request(path);
      expect([404], path).toContain(res.status);
      expect(res.headers.get('content-type'), path).toBe('application/problem+json');
    }
  });

  it('serves the engine modules the page imports, compiled, under /web/lib/', async () => {
    for (const lib of LIB) {
      const res = await app.request(`/web/lib/${lib}`);
      expect(res.status, lib).toBe(200);
      expect(res.headers.get('content-type'), lib).toBe('text/javascript; charset=utf-8');
      expect(await res.text(), `${lib}: dist/ is older than src/, run npm run build`).toBe(compiled(lib));
    }
    const scoring = await (await app.request('/web/lib/rules/scoring.js')).text();
    expect(scoring).toContain('export function upperBonusOf(');
  });

  it('serves only the listed engine modules, and only those the browser can load', async () => {
    for (const lib of LIB) {
      const [folder] = lib.split('/');
      const specs = [...compiled(lib).matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]);
      for (const spec of specs) {
        // A bare package name or a node: builtin cannot be loaded by the page; a relative one must be served too.
        expect(spec, `${lib} imports ${spec}`).toMatch(/^\.\.?\//);
        expect(LIB, `${lib} imports ${spec}, which is not served`).toContain(join(folder, spec));
      }
    }
    for (const path of [
      '/web/lib/rules/fingerprint.js',
      '/web/lib/rules/column-types.js',
      '/web/lib/rules/index.js',
      '/web/lib/rules/scoring.ts',
      '/web/lib/rules/nothing.js',
      '/web/lib/solver/game-state.js',
      '/web/lib/server/serve.js',
      '/web/lib/rules/../../package.json',
      '/web/lib/rules/..%2F..%2F..%2Fpackage.json',
      '/web/lib/..%2Fsrc/scoring.js',
      '/web/lib/rules/%2e%2e%2fserver%2fserve.js',
      '/web/lib/%2e%2e/rules/scoring.js',
      '/web/lib/rules/sub/scoring.js',
      '/web/lib/rules/',
      '/web/lib/__proto__/scoring.js',
      '/web/lib/rules/constructor',
      '/web/lib/scoring.js',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('application/problem+json');
    }
  });

  it('gives the page every box’s legal points, from the same rules the hint API checks against', async () => {
    const res = await app.request('/web/rules.json');
    expect(res.status).toBe(200);
    const facts = (await res.json()) as Record<string, { boxValues: Record<string, number[]>; yahtzeeBonus: number; upperBonus: { threshold: number; points: number } }>;
    for (const rs of Object.values(RULESETS)) {
      const possible = possibleBoxValues(rs);
      expect(facts[rs.id].yahtzeeBonus).toBe(rs.yahtzeeBonus);
      expect(facts[rs.id].upperBonus).toEqual(rs.upperBonus);
      rs.boxes.forEach((b, i) => expect(facts[rs.id].boxValues[b.id]).toEqual([...possible[i]].sort((x, y) => x - y)));
    }
    expect(facts.yahtzee.boxValues.twos).toEqual([0, 2, 4, 6, 8, 10]);
  });

  it('works offline once loaded: no file of the page refers to another origin', () => {
    for (const name of readdirSync(webDir)) {
      const text = readFileSync(join(webDir, name), 'utf8');
      // The SVG namespace is an identifier, not a request.
      const external = text.replaceAll('http://www.w3.org/2000/svg', '').match(/(?:https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/gi);
      expect(external, name).toBeNull();
    }
  });

  it('finds src/web from the sources and from the compiled dist/ tree', () => {
    const repo = mkdtempSync(join(tmpdir(), 'dicewise-web-'));
    try {
      writeFileSync(join(repo, 'package.json'), '{}');
      mkdirSync(join(repo, 'src', 'web'), { recursive: true });
      writeFileSync(join(repo, 'src', 'web', 'index.html'), '<!doctype html>');
      mkdirSync(join(repo, 'src', 'server', 'routes'), { recursive: true });
      mkdirSync(join(repo, 'dist', 'src', 'server', 'routes'), { recursive: true });
      expect(findWebDir(join(repo, 'src', 'server', 'routes'))).toBe(join(repo, 'src', 'web'));
      expect(findWebDir(join(repo, 'dist', 'src', 'server', 'routes'))).toBe(join(repo, 'src', 'web'));
      expect(findWebDir()).toBe(webDir.replace(/\/$/, ''));
      expect(webLibDir(findWebDir(join(repo, 'dist', 'src', 'server', 'routes')))).toBe(join(repo, 'dist', 'src'));
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
