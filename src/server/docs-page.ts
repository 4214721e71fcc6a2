import { problemCatalogue } from './problem.ts';

/**
 * The docs page: the OpenAPI document rendered to one self-contained HTML page (no scripts or
 * styles from elsewhere: the server may run offline), plus the problem types that error
 * responses link to and a small form to try the hint endpoint.
 */

type Json = Record<string, unknown>;

function esc(s: unknown): string {
  return String(s).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function pre(v: unknown): string {
  return `<pre>${esc(JSON.stringify(v, null, 2))}</pre>`;
}

function operation(path: string, method: string, op: Json): string {
  const body = (op.requestBody as Json | undefined)?.content as Json | undefined;
  const responses = (op.responses ?? {}) as Record<string, Json>;
  const parts = [
    `<section class="op" id="${esc(`${method}-${path}`)}"><h3><span class="m">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>`,
    op.summary ? `<p><b>${esc(op.summary)}</b></p>` : '',
    op.description ? `<p>${esc(op.description)}</p>` : '',
  ];
  if (body) {
    parts.push('<h4>Request body</h4>');
    for (const [type, media] of Object.entries(body)) parts.push(`<p><code>${esc(type)}</code></p>${pre((media as Json).schema)}`);
  }
  parts.push('<h4>Responses</h4><ul>');
  for (const [status, r] of Object.entries(responses)) {
    const types = Object.keys((r.content ?? {}) as Json).map((t) => `<code>${esc(t)}</code>`).join(', ');
    parts.push(`<li><b>${esc(status)}</b> ${esc(r.description ?? '')} ${types}</li>`);
  }
  parts.push('</ul></section>');
  return parts.join('\n');
}

const TRY_IT = `
<section id="try"><h2>Try a hint</h2>
<textarea id="pos" rows="6" cols="80">{"ruleset":"yahtzee","scorecard":{"ones":3},"dice":[1,1,6,6,6],"rollsLeft":2}</textarea>
<p><button id="go">POST /api/v1/hint</button></p><pre id="out"></pre></section>
<script>
document.getElementById('go').onclick = async () => {
  const out = document.getElementById('out');
  try {
    const r = await fetch('/api/v1/hint', { method: 'POST', headers: { 'content-type': 'application/json' }, body: document.getElementById('pos').value });
    out.textContent = r.status + '\\n' + JSON.stringify(await r.json(), null, 2);
  } catch (e) { out.textContent = String(e); }
};
</script>`;

export function renderDocsPage(doc: Json): string {
  const info = (doc.info ?? {}) as Json;
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Json;
  const ops: string[] = [];
  for (const [path, item] of Object.entries(paths)) for (const [method, op] of Object.entries(item)) ops.push(operation(path, method, op));
  const problems = problemCatalogue()
    .map((p) => `<li id="problem-${esc(p.slug)}"><code>${esc(p.slug)}</code>: ${esc(p.title)} (HTTP ${p.status})</li>`)
    .join('\n');
  const comps = Object.entries(schemas)
    .map(([name, s]) => `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3>${pre(s)}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(info.title)} ${esc(info.version)}</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
pre{background:#f5f5f5;padding:.6rem;overflow:auto;font-size:13px}code{font-size:.95em}
.op{border-top:1px solid #ddd;padding-top:.4rem}.m{background:#245;color:#fff;padding:0 .4rem;border-radius:3px;font-size:.85em}
textarea{width:100%;font-family:monospace}
</style></head><body>
<h1>${esc(info.title)} <small>${esc(info.version)}</small></h1>
<p>${esc(info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI ${esc(doc.openapi)}).</p>
<h2>Endpoints</h2>
${ops.join('\n')}
${TRY_IT}
<h2>Problem types</h2>
<p>Errors are <code>application/problem+json</code> (RFC 9457); <code>type</code> links here and <code>errors</code> lists each offending field.</p>
<ul>${problems}</ul>
<h2>Schemas</h2>
${comps}
</body></html>`;
}
