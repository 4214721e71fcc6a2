// Bundles the browser engine (src/browser, compiled to dist/src/browser by tsc) for the page:
// the engine's own modules, the WebAssembly kernel embedded in them, nothing else. Run by
// `npm run build` (build:web) after tsc; writes dist/web-engine/:
//   engine-worker.js, solve-worker.js   the two workers' entries (stable names: engine.js and
//                                       the engine worker start them by name)
//   chunk-<hash>.js                     modules they share, and the multi-column models, loaded
//                                       when a multi-column rule set is first played
//   neural-<ruleset>.<sha>.json         each multi-column rule set's neural weights, fetched and
//                                       checked by the engine (not part of the code)
//   files.json                          every file above with its size and SHA-256, and a version
//                                       (a hash of them all) the service worker caches by
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'dist', 'src', 'browser');
const out = join(root, 'dist', 'web-engine');
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

const { RULESETS, RULESET_IDS } = await import(join(root, 'dist', 'src', 'rules', 'rulesets.js'));
const neuralAll = JSON.parse(readFileSync(join(root, 'src', 'approx', 'data', 'neural.json'), 'utf8'));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// The weights of the rule sets the engine plays (those served by default), a file each.
const neural = {};
for (const id of RULESET_IDS) {
  const fit = neuralAll[id];
  if (!fit || !RULESETS[id].capabilities.servedByDefault) continue;
  const bytes = Buffer.from(JSON.stringify(fit));
  const hash = sha256(bytes);
  const file = `neural-${id}.${hash.slice(0, 16)}.json`;
  writeFileSync(join(out, file), bytes);
  neural[id] = { file, sha256: hash, bytes: bytes.byteLength };
}

/**
 * The weights' JSON is the neural slot in the bundle (src/browser/neural-slot.ts); node:crypto a
 * stub that says where it was called; msgpackr (the table files' headers, which the engine never
 * reads here) is marked free of side effects, so that it is left out where nothing calls it;
 * zod's namespace of every locale (z.locales, 260 KB; the engine's messages are zod's English,
 * which zod imports apart) is left empty.
 */
const browserOnly = {
  name: 'dicewise-browser',
  setup(b) {
    b.onResolve({ filter: /^\.\/data\/neural\.json$/ }, (args) =>
      /[\\/]approx[\\/]neural-data\.js$/.test(args.importer) ? { path: 'neural.json', namespace: 'neural-slot' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'neural-slot' }, () => ({ contents: `export { default } from ${JSON.stringify(join(src, 'neural-slot.js'))};`, loader: 'js', resolveDir: src }));
    b.onResolve({ filter: /^msgpackr/ }, async (args) => {
      if (args.pluginData === 'msgpackr') return undefined;
      const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'msgpackr' });
      return { ...r, sideEffects: false };
    });
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'stub-locales' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'stub-locales' }, () => ({ contents: 'export {};', loader: 'js' }));
    b.onResolve({ filter: /^node:crypto$/ }, () => ({ path: 'node:crypto', namespace: 'stub' }));
    // The goal value of the multi-column goal models (approx/data/quantiles.json, a megabyte): the
    // engine plays no goals in the page, so its goal models, where made, fall back to the spread.
    b.onResolve({ filter: /^\.\/data\/quantiles\.json$/ }, (args) =>
      /[\\/]approx[\\/]quantile-data\.js$/.test(args.importer) ? { path: 'quantiles.json', namespace: 'stub' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'stub' }, (args) =>
      args.path === 'quantiles.json'
        ? { contents: 'export default {};', loader: 'js' }
        : {
            contents: "export function createHash() { throw new Error('node:crypto is not in the browser: this code path is the server\\'s (table files, fingerprints)'); }",
            loader: 'js',
          },
    );
  },
};

const result = await build({
  entryPoints: [join(src, 'engine-worker.js'), join(src, 'solve-worker.js')],
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'chrome100', 'firefox114', 'safari16'],
  minify: true,
  outdir: out,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  define: { __DICEWISE_WEB_BUILD__: JSON.stringify({ neural }) },
  plugins: [browserOnly],
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
});

if (process.env.DICEWISE_WEB_META) writeFileSync(process.env.DICEWISE_WEB_META, JSON.stringify(result.metafile));
const files = readdirSync(out)
  .sort()
  .map((name) => {
    const bytes = readFileSync(join(out, name));
    return { name, bytes: bytes.byteLength, sha256: sha256(bytes) };
  });
const version = sha256(files.map((f) => `${f.name} ${f.sha256}`).join('\n')).slice(0, 16);
// Every module the bundle holds code of (one resolved but left out holds none), relative to the
// repository: what test/web-engine-bundle.test.ts checks is the engine's own.
const modules = [
  ...new Set(
    Object.values(result.metafile.outputs).flatMap((o) =>
      Object.entries(o.inputs)
        .filter(([path, i]) => i.bytesInOutput > 0 && !path.startsWith('<define:'))
        .map(([path]) => path.replaceAll('\\', '/')),
    ),
  ),
].sort();
writeFileSync(join(out, 'files.json'), `${JSON.stringify({ version, files, neural, modules }, null, 1)}\n`);
