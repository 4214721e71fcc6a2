/**
 * What it would cost the page to explain its own hints: the outlook table (the lanes a hint's
 * `explain` reads, docs/explain.md) solved in this machine's Chromium (/usr/bin/chromium,
 * headless), in one Web Worker as the page's engine solves its tables, by the engine's own code
 * (solver/build-lane-table.ts over the compiled modules, bundled as the engine is). Per rule set:
 * the value table's solve (which the outlook follows), the outlook table's, its size, and the
 * renderer's peak memory (VmHWM of Chromium's renderer processes, from /proc), each in a new page.
 *
 *   npm run build && npx tsx bench/web-outlook.ts [--rulesets yahtzee,yatzy]
 *
 * The page is served cross-origin isolated, so that the build's SharedArrayBuffers exist (the
 * page itself is not; what it would need to build there is docs/explain.md's question); the
 * rule set's fingerprint, which only a table file's header carries, is stubbed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { launchChromium } from '../test/support/browser.ts';

const { values: args } = parseArgs({ options: { rulesets: { type: 'string', default: 'yahtzee,yatzy' } } });
const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'dicewise-web-outlook-'));

const entry = `
import { RULESETS } from ${JSON.stringify(join(root, 'dist/src/rules/index.js'))};
import { buildOutlookTable, solveColumnTable } from ${JSON.stringify(join(root, 'dist/src/solver/index.js'))};
self.onmessage = async (e) => {
  const rs = RULESETS[e.data];
  const t0 = performance.now();
  const { values } = await solveColumnTable(rs, {});
  const t1 = performance.now();
  const built = await buildOutlookTable(rs, { values });
  const t2 = performance.now();
  self.postMessage({ valuesSeconds: (t1 - t0) / 1000, outlookSeconds: (t2 - t1) / 1000, states: built.states, lanes: built.table.values.length, bytes: built.table.values.byteLength, start: built.header.startValue });
};
`;
await build({
  stdin: { contents: entry, resolveDir: root, loader: 'js' },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  outfile: join(out, 'worker.js'),
  logLevel: 'error',
  plugins: [
    {
      name: 'stub-node-crypto',
      setup(b) {
        b.onResolve({ filter: /^node:crypto$/ }, () => ({ path: 'node:crypto', namespace: 'stub' }));
        b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: "export function createHash() { const h = { update: () => h, digest: () => '0'.repeat(64) }; return h; }", loader: 'js' }));
      },
    },
  ],
});
writeFileSync(join(out, 'index.html'), '<!doctype html><title>outlook</title>');

const server = createServer((req, res) => {
  const file = req.url === '/worker.js' ? 'worker.js' : 'index.html';
  res.writeHead(200, {
    'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-embedder-policy': 'require-corp',
  });
  res.end(readFileSync(join(out, file)));
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Chromium renderer processes now running: pid → peak resident memory (VmHWM, MiB). */
function renderers(): Map<number, number> {
  const found = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('chromium') || !cmd.includes('--type=renderer')) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (hwm) found.set(Number(pid), Number(hwm[1]) / 1024);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const browser = await launchChromium();
try {
  console.log('| rule set | value table | outlook table | states | lanes | bytes | start value | renderer peak |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const id of args.rulesets.split(',')) {
    const before = new Set(renderers().keys());
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    // A string, run in the page: the bench has no DOM types.
    const r = (await page.evaluate(`new Promise((resolve, reject) => {
      const w = new Worker('/worker.js', { type: 'module' });
      w.onmessage = (e) => resolve(e.data);
      w.onerror = (e) => reject(new Error(e.message));
      w.postMessage(${JSON.stringify(id)});
    })`)) as Record<string, number>;
    const peak = Math.max(0, ...[...renderers()].filter(([pid]) => !before.has(pid)).map(([, mib]) => mib));
    console.log(
      `| ${id} | ${r.valuesSeconds.toFixed(2)} s | ${r.outlookSeconds.toFixed(2)} s | ${r.states.toLocaleString('en')} | ${r.lanes.toLocaleString('en')} | ${(r.bytes / 1e6).toFixed(1)} MB | ${r.start.toFixed(4)} | ${peak.toFixed(0)} MiB |`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
  rmSync(out, { recursive: true, force: true });
}
