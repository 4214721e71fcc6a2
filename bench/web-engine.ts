/**
 * The engine in the browser, as a player meets it, in this machine's Chromium (/usr/bin/chromium)
 * against the compiled server (`dicewise serve`), through a counting proxy that sees every byte
 * the browser fetches (the page, its service worker's install, the engine's workers, its tables):
 *
 *   1. First visit to a usable offline Yahtzee advisor: a new browser profile opens the page; the
 *      service worker caches it and the engine solves yahtzee's value table (hints answer) and its
 *      moments table (hints carry the final score's SD, as the server's). Bytes fetched (as sent,
 *      and as gzip would send them) and seconds to each point.
 *   2. The in-page solve of each rule set's tables, each in a new profile (nothing cached): the
 *      five exact rule sets' value and moments tables (solved side by side in two solve workers,
 *      as a page does), Triple Yahtzee (yahtzee's value table and its weights), Superpass (its
 *      column tables downloaded, and solved with the download refused), per table and to ready.
 *   3. Hint latency in the page, as a page's script waits for it (postMessage both ways included):
 *      p50 / p99 / max over distinct played positions, for Yahtzee, Triple Yahtzee and Superpass;
 *      and the same positions asked of the server by the page's fetch over loopback (the best a
 *      network can do), which the page asks while the engine is still getting a table in.
 *   4. A second visit, offline: the page reloaded with the network cut, to a Yahtzee hint.
 *
 *   npm run build && npx tsx bench/web-engine.ts [--tables DIR] [--hints 400] [--rulesets yahtzee,yatzy,…]
 *
 * --tables: a folder with the server's tables (superpass's column tables are downloaded from it;
 * default the test suite's, node_modules/.cache/dicewise-test-tables, else ./tables). The server
 * serves yahtzee, triple-yahtzee and superpass; the engine solves every exact rule set itself.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/support/browser.ts';
import { engineCall, serviceWorkerActive, valueOf } from '../test/support/engine-page.ts';
import { TEST_TABLE_DIR } from '../test/support/paths.ts';
import { playedPositions } from '../test/support/played-positions.ts';
import type { RuleSetId } from '../src/rules/index.ts';
import { freePort } from './support/free-port.ts';
import { waitReady } from './support/server-process.ts';

const { values: args } = parseArgs({
  options: {
    tables: { type: 'string' },
    hints: { type: 'string', default: '400' },
    rulesets: { type: 'string', default: 'yahtzee,yahtsoos,yahtzee-free-joker,yahtzee-no-bonus,yatzy,triple-yahtzee,superpass' },
  },
});
const tables = args.tables ?? (existsSync(TEST_TABLE_DIR) ? TEST_TABLE_DIR : 'tables');
const HINTS = Number(args.hints);
const cli = new URL('../dist/bundle/main.js', import.meta.url).pathname;

const port = await freePort();
const child = spawn(process.execPath, [cli, 'serve', '--port', String(port), '--tables', tables, '--rulesets', 'yahtzee,triple-yahtzee,superpass', '--goal-tables', 'none'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, LOG_LEVEL: 'warn' },
});

/** Bytes the browser fetched through the proxy: as sent, and as gzip -6 would have sent them. */
const traffic = { bytes: 0, gzip: 0, requests: 0 };
const proxy = createServer((req, res) => {
  const up = httpRequest({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (r) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => {
      const body = Buffer.concat(chunks);
      traffic.requests++;
      traffic.bytes += body.byteLength;
      traffic.gzip += body.byteLength > 0 ? gzipSync(body).byteLength : 0;
      res.writeHead(r.statusCode ?? 502, r.headers);
      res.end(body);
    });
  });
  up.on('error', () => res.writeHead(502).end());
  req.pipe(up);
});
await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

const browser = await launchChromium();
const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
/** p50, p99 and max of times in ms, as a table row's cells. */
const quantiles = (ms: number[]) => {
  const timed = [...ms].sort((a, b) => a - b);
  const q = (f: number) => timed[Math.min(timed.length - 1, Math.floor(f * timed.length))].toFixed(2);
  return `${q(0.5).padStart(5)} ms | ${q(0.99).padStart(5)} ms | ${timed[timed.length - 1].toFixed(2)} ms`;
};
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface TableRecord {
  ruleset: string;
  kind: string;
  origin: string;
  seconds: number;
  bytes: number;
}

try {
  await waitReady(`http://127.0.0.1:${port}`, child, 10 * 60_000, { all: true });

  // 1. First visit.
  {
    const context = await browser.newContext();
    const page = await context.newPage();
    Object.assign(traffic, { bytes: 0, gzip: 0, requests: 0 });
    const t0 = performance.now();
    await page.goto(`${url}/`);
    await page.waitForSelector('#ruleset:not([disabled])');
    const pageShown = performance.now() - t0;
    await serviceWorkerActive(page);
    const cached = performance.now() - t0;
    valueOf(await engineCall(page, 'ready', 'yahtzee', { sd: false }));
    const hints = performance.now() - t0;
    valueOf(await engineCall(page, 'ready', 'yahtzee'));
    const whole = performance.now() - t0;
    console.log('First visit to an offline Yahtzee advisor (new profile):');
    console.log(`  page shown                        ${s(pageShown)}`);
    console.log(`  page and engine cached (SW ready) ${s(cached)}`);
    console.log(`  hints answer (value table solved) ${s(hints)}`);
    console.log(`  hints as the server's (+ moments) ${s(whole)}`);
    console.log(`  fetched: ${traffic.requests} requests, ${mb(traffic.bytes)} as sent (${mb(traffic.gzip)} gzipped)`);
    await context.close();
  }

  // 2. Solve times per rule set, each in a new profile.
  console.log('\nIn-page tables per rule set (new profile each; values and moments solved side by side):');
  console.log('  rule set             | to ready | tables');
  const solveOne = async (id: string, refuseDownload = false) => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    if (refuseDownload) await page.route('**/web/tables/index.json', (r) => r.fulfill({ status: 404, body: '' }));
    // A document of the origin that is not the page: the page gets the rule set it shows into the engine itself, which would solve beside this one.
    await page.goto(`${url}/healthz`);
    const t = performance.now();
    const ready = valueOf(await engineCall<{ tables: TableRecord[] }>(page, 'ready', id));
    const wall = performance.now() - t;
    const list = ready.tables.map((r) => `${r.ruleset === id ? '' : `${r.ruleset} `}${r.kind} ${r.origin} ${r.seconds.toFixed(2)} s${r.bytes ? ` (${mb(r.bytes)})` : ''}`).join(', ');
    console.log(`  ${(id + (refuseDownload ? ' (no download)' : '')).padEnd(20)} | ${s(wall).padStart(8)} | ${list}`);
    await context.close();
  };
  for (const id of args.rulesets.split(',')) {
    await solveOne(id);
    if (id === 'superpass') await solveOne(id, true);
  }

  // 3. Hint latency in the page.
  console.log(`\nHint latency in the page (${HINTS} distinct played positions each, after 20 to warm up):`);
  console.log('  rule set                 | p50      | p99      | max');
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  await page.goto(`${url}/`);
  await page.waitForSelector('#ruleset:not([disabled])');
  const serverPage = await context.newPage();
  await serverPage.goto(`http://127.0.0.1:${port}/healthz`);
  for (const id of ['yahtzee', 'triple-yahtzee', 'superpass'] as RuleSetId[]) {
    valueOf(await engineCall(page, 'ready', id));
    const positions = await playedPositions(id, 1, HINTS + 20, async (p) => valueOf(await engineCall(page, 'hint', p)) as never);
    const ms: number[] = await page.evaluate(`(async () => {
      const engine = await import('/web/engine.js');
      const positions = ${JSON.stringify(positions)};
      const out = [];
      for (const p of positions) {
        const t = performance.now();
        await engine.hint(p);
        out.push(performance.now() - t);
      }
      return out;
    })()`);
    console.log(`  ${id.padEnd(24)} | ${quantiles(ms.slice(20))}`);
    // The same hints from the server, as the page's fetch waits for them (no proxy: the page at the server's own address, over loopback).
    const direct: number[] = await serverPage.evaluate(`(async () => {
      const positions = ${JSON.stringify(positions)};
      const out = [];
      for (const p of positions) {
        const t = performance.now();
        const res = await fetch('/api/v1/hint', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(p) });
        await res.json();
        out.push(performance.now() - t);
      }
      return out;
    })()`);
    console.log(`  ${`${id}, server`.padEnd(24)} | ${quantiles(direct.slice(20))}`);
  }
  await serverPage.close();

  // 4. Second visit, offline.
  await serviceWorkerActive(page);
  await context.setOffline(true);
  const t = performance.now();
  await page.reload();
  await page.waitForSelector('#ruleset:not([disabled])');
  valueOf(await engineCall(page, 'hint', { ruleset: 'yahtzee', dice: [1, 2, 3, 4, 6], rollsLeft: 2 }));
  console.log(`\nSecond visit, offline: page reloaded to a Yahtzee hint (tables read back from the Cache API) in ${s(performance.now() - t)}`);
  await context.close();
} finally {
  await browser.close();
  proxy.close();
  child.kill();
}
