import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { problemCatalogue } from './problem.ts';

/**
 * The docs page: Swagger UI over /api/v1/openapi.json, its script and styles served by this
 * server from the swagger-ui-dist package (nothing from elsewhere: the server may run offline),
 * plus the problem types that error responses link to (`/api/v1/docs#problem-…`).
 */
export const DOCS_ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'docs-init.js': 'text/javascript; charset=utf-8',
};

// Swagger UI reads its options here rather than from an inline script, so a strict CSP can forbid those.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: true, validatorUrl: null });\n`;

const assets = new Map<string, Buffer | string>();

/**
 * Where the package's files are, found without loading it: its main module evaluates the whole
 * Swagger UI bundle (3.9 MB of script kept in the heap), which only browsers run.
 */
const swaggerDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** An asset's bytes, read from the package once. */
export function docsAsset(name: string): { body: Buffer | string; type: string } | undefined {
  const type = DOCS_ASSETS[name];
  if (!type) return undefined;
  let body = assets.get(name);
  if (body === undefined) {
    body = name === 'docs-init.js' ? INIT : readFileSync(join(swaggerDir(), name));
    assets.set(name, body);
  }
  return { body, type };
}

function esc(s: unknown): string {
  return String(s).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

export function renderDocsPage(title: string, version: string, assetBase: string): string {
  const problems = problemCatalogue()
    .map((p) => `<li id="problem-${esc(p.slug)}"><code>${esc(p.slug)}</code>: ${esc(p.title)} (HTTP ${p.status})</li>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)} ${esc(version)}</title>
<link rel="stylesheet" href="${assetBase}/swagger-ui.css">
<style>#problems{font:15px/1.45 system-ui,sans-serif;max-width:1460px;margin:2rem auto;padding:0 20px}</style>
</head><body>
<div id="swagger-ui"></div>
<section id="problems"><h2>Problem types</h2>
<p>Errors are <code>application/problem+json</code> (RFC 9457); <code>type</code> links here and <code>errors</code> lists each offending field.
503 answers carry <code>Retry-After</code>.</p>
<ul>${problems}</ul></section>
<script src="${assetBase}/swagger-ui-bundle.js"></script>
<script src="${assetBase}/docs-init.js"></script>
</body></html>`;
}
