/**
 * Service hardening acceptance (issue 14), against the compiled `dicewise serve` in a child
 * process on 127.0.0.1 (a free port), yahtzee only, tables from $DICEWISE_TABLES (default the
 * test tables in node_modules/.cache). Bounded in count and time: about two minutes.
 *
 *   npm run build && npx tsx bench/hardening.ts [--soak 60]
 *
 * 1. Finding-1 bodies (structured-clone references, records, extension types, cycles): each must
 *    answer 400 within 50 ms, and the server's RSS stays under 300 MB throughout.
 * 2. Four maximal simulates and two maximal analyses in flight (capacity: 2 running + 4 queued):
 *    hint p99 and /healthz latency over HTTP, and how fast a seventh batch request gets its 503.
 * 3. A client that disconnects: time until its request no longer runs (/metrics).
 * 4. `--soak` seconds of hints (autocannon, 20 connections) while batch work keeps running:
 *    errors and RSS at start and end.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Packr } from 'msgpackr';
import { RULESETS } from '../src/rules/index.ts';
import { loadModel } from '../src/store/model-loader.ts';
import { playGames } from '../test/support/game-records.ts';
import { TEST_TABLE_DIR } from '../test/support/paths.ts';
import { mulberry32, randomPosition } from '../test/support/random-positions.ts';
import { freePort } from './support/free-port.ts';
import { percentile, rssMiB, waitReady } from './support/server-process.ts';

const { values: args } = parseArgs({ options: { soak: { type: 'string', default: '60' } } });
const SOAK_S = Number(args.soak);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TABLES = process.env.DICEWISE_TABLES ?? TEST_TABLE_DIR;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['dist/bundle/main.js', 'serve', '--port', String(port), '--tables', TABLES, '--rulesets', 'yahtzee'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, DICEWISE_BATCH_RUNNING: '2', DICEWISE_BATCH_QUEUED: '4', DICEWISE_BATCH_DEADLINE_S: '120' },
});
let peakRss = 0;
const sampler = setInterval(() => {
  try {
    peakRss = Math.max(peakRss, rssMiB(child.pid!));
  } catch {
    // exited
  }
}, 20);

async function timed(path: string, init?: RequestInit): Promise<{ ms: number; status: number; bytes: number }> {
  const t = performance.now();
  const res = await fetch(url + path, init);
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - t, status: res.status, bytes };
}

const post = (path: string, body: unknown, signal?: AbortSignal) =>
  timed(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
const postPacked = (path: string, body: Uint8Array) => timed(path, { method: 'POST', headers: { 'content-type': 'application/msgpack' }, body });

async function metric(name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
}

try {
  await waitReady(url, child, 60_000);
  const model = await loadModel(TABLES, 'yahtzee');
  const rng = mulberry32(99);
  const hints = Array.from({ length: 2000 }, () => randomPosition(RULESETS.yahtzee, rng).input);
  const games = playGames(model, 5, 1000, 0.2);
  const startRss = rssMiB(child.pid!);
  console.log(`server pid ${child.pid}, ${url}, RSS after start ${startRss.toFixed(0)} MB`);

  // 1. Finding-1 bodies, after a few ordinary requests so that the first is not timing the JIT.
  for (let i = 0; i < 20; i++) {
    await post('/api/v1/hint', hints[i]);
    await postPacked('/api/v1/hint', new Packr({ useRecords: false }).pack(hints[i]));
    await post('/api/v1/analyse', { games: games.slice(i, i + 2) });
  }
  peakRss = 0;
  const clone = new Packr({ structuredClone: true });
  const shared = { scorecard: { ones: 3 }, dice: [1, 1, 6, 6, 6], rollsLeft: 1 };
  const sharedGame = { ruleset: 'x'.repeat(100_000), turns: games[0].turns };
  const cyc: Record<string, unknown> = { dice: [1, 2, 3, 4, 5] };
  cyc.self = cyc;
  const plain = new Packr({ useRecords: false, moreTypes: true, useBigIntExtension: true });
  const finding1: [string, () => Promise<{ ms: number; status: number; bytes: number }>][] = [
    ['hint, 30 KB of references to one object', () => postPacked('/api/v1/hint', clone.pack({ dice: Array.from({ length: 3000 }, () => shared) }))],
    ['analyse, 1,000 references to a game with a 100 KB ruleset', () => postPacked('/api/v1/analyse', clone.pack({ games: Array.from({ length: 1000 }, () => sharedGame) }))],
    ['(beyond finding 1) analyse, 8 MB of JSON: 80 copies of that game', () => post('/api/v1/analyse', { games: Array.from({ length: 80 }, () => sharedGame) })],
    ['hint, msgpackr records', () => postPacked('/api/v1/hint', new Packr({ useRecords: true }).pack(shared))],
    ['hint, Date, Set, RegExp, BigInt, typed array', () => postPacked('/api/v1/hint', plain.pack({ a: new Date(), b: new Set([1]), c: /x/, d: 2n ** 70n, e: new Float64Array(8) }))],
    ['hint, a cycle', () => postPacked('/api/v1/hint', clone.pack(cyc))],
    ['hint, array32 claiming 4 billion elements', () => postPacked('/api/v1/hint', new Uint8Array([0xdd, 0xff, 0xff, 0xff, 0xff]))],
    ['hint, 64 KB of nesting', () => post('/api/v1/hint', `${'['.repeat(30_000)}${']'.repeat(30_000)}`)],
  ];
  const rows1: Record<string, unknown>[] = [];
  for (const [name, send] of finding1) {
    const r = await send();
    rows1.push({ request: name, status: r.status, ms: Number(r.ms.toFixed(1)), 'response bytes': r.bytes });
  }
  console.log('\n1. finding-1 bodies');
  console.table(rows1);
  const finding = rows1.filter((r) => !String(r.request).startsWith('(beyond'));
  console.log(`finding-1 requests all 400 within 50 ms: ${finding.every((r) => r.status === 400 && (r.ms as number) < 50)}; server peak RSS ${peakRss.toFixed(0)} MB (goal < 300)`);

  // 2. Batch load: 4 maximal simulates + 2 maximal analyses, then hints and probes.
  const strategies = ['optimal', 'greedy', 'heuristic', 'random'];
  const batch = [
    ...Array.from({ length: 4 }, (_, i) => post('/api/v1/simulate', { games: 20_000, strategies, seed: i + 1 })),
    ...Array.from({ length: 2 }, () => post('/api/v1/analyse', { games })),
  ];
  await sleep(500);
  const inFlight = (await metric('dicewise_batch_running')) + (await metric('dicewise_batch_queued'));
  const seventh = await post('/api/v1/simulate', { games: 100 });
  const hintMs: number[] = [];
  const healthMs: number[] = [];
  let errors = 0;
  const until = performance.now() + 8000;
  let n = 0;
  while (performance.now() < until) {
    const h = await post('/api/v1/hint', hints[n++ % hints.length]);
    if (h.status !== 200) errors++;
    hintMs.push(h.ms);
    if (n % 10 === 0) healthMs.push((await timed('/healthz')).ms);
    await sleep(5);
  }
  const stillInFlight = (await metric('dicewise_batch_running')) + (await metric('dicewise_batch_queued'));
  console.log('\n2. with 4 maximal simulates + 2 maximal analyses admitted');
  console.table({
    'hints over HTTP': { n: hintMs.length, 'p50 ms': percentile(hintMs, 50).toFixed(2), 'p99 ms': percentile(hintMs, 99).toFixed(2), 'max ms': Math.max(...hintMs).toFixed(2), errors },
    '/healthz': { n: healthMs.length, 'p50 ms': percentile(healthMs, 50).toFixed(2), 'p99 ms': percentile(healthMs, 99).toFixed(2), 'max ms': Math.max(...healthMs).toFixed(2), errors: 0 },
  });
  console.log(`batch requests in flight at the start ${inFlight}, after 8 s ${stillInFlight}; a seventh got ${seventh.status} in ${seventh.ms.toFixed(1)} ms`);
  const batchResults = await Promise.all(batch);
  console.log(`batch requests answered: ${batchResults.map((r) => `${r.status} in ${(r.ms / 1000).toFixed(1)} s`).join(', ')}`);

  // 3. A client that disconnects.
  const client = new AbortController();
  const gone = post('/api/v1/simulate', { games: 20_000, strategies }, client.signal).catch(() => undefined);
  await sleep(1000);
  const runningBefore = await metric('dicewise_batch_running');
  const t0 = performance.now();
  client.abort();
  await gone;
  let freedMs = NaN;
  for (let i = 0; i < 500; i++) {
    if ((await metric('dicewise_batch_running')) === 0) {
      freedMs = performance.now() - t0;
      break;
    }
    await sleep(2);
  }
  console.log(`\n3. disconnect: running ${runningBefore} before; 0 after ${freedMs.toFixed(0)} ms (a 250-game chunk of 4 strategies); cancelled total ${await metric('dicewise_batch_cancelled_total')}`);

  // 4. Soak: hints closed-loop while two simulates keep running.
  let soaking = true;
  const keepBusy = async () => {
    while (soaking) await post('/api/v1/simulate', { games: 20_000, strategies });
  };
  const busy = [keepBusy(), keepBusy()];
  await sleep(300);
  const soakStart = rssMiB(child.pid!);
  const requests = hints.slice(0, 500).map((p) => ({ method: 'POST' as const, path: '/api/v1/hint', headers: { 'content-type': 'application/json' }, body: JSON.stringify(p) }));
  const r = await autocannon({ url, connections: 20, duration: SOAK_S, requests });
  const soakEnd = rssMiB(child.pid!);
  soaking = false;
  await Promise.all(busy);
  console.log(`\n4. ${SOAK_S} s of hints (20 connections) with 2 simulates running`);
  console.table({
    hints: { 'hints/s': Math.round(r['2xx'] / r.duration), 'p50 ms': r.latency.p50, 'p99 ms': r.latency.p99, 'max ms': r.latency.max, 'non-2xx': r.non2xx, errors: r.errors, timeouts: r.timeouts, 'RSS start MB': soakStart.toFixed(0), 'RSS end MB': soakEnd.toFixed(0) },
  });
  console.log(`server peak RSS from step 1 on ${peakRss.toFixed(0)} MB`);
} finally {
  clearInterval(sampler);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
