/**
 * Hints with `explain` against a warm server, whole process: the real `dicewise serve` in a child
 * process on 127.0.0.1 with the yahtzee table and its outlook table from ./tables
 * ($DICEWISE_TABLES; the outlook table is built by the server on the first explain request where
 * missing, and the bench waits for it), driven by autocannon with positions from random games,
 * each asked once (an explained hint is not kept in the response cache: every one is computed).
 * The same positions without explain run beside them, on the same server.
 *
 *   npx tsx bench/hint-explain.ts [--duration 10] [--connections 4] [--compiled]
 *
 * Runs, each with and without explain: one connection as fast as answered (the latency of a hint
 * alone), then `--connections` connections as fast as answered (the server's capacity, and the
 * latency with that many requests in flight). A paced run is left out: autocannon paces a low rate
 * in bursts once a second, which queue even plain hints for a quarter second. Then in this process (tinybench): explainAdvice's own cost per hint beside
 * advise's, and the size of the JSON answer. The goal: p99 ≤ 10 ms for an explain hint in a warm
 * server.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Bench } from 'tinybench';
import { advise, explainAdvice } from '../src/advisor/index.ts';
import { parsePosition, type Position, type PositionInput } from '../src/position/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { createTurnCaches } from '../src/solver/index.ts';
import { ensureModel, ensureReachTable } from '../src/store/model-loader.ts';
import { mulberry32, randomPosition } from '../test/support/random-positions.ts';
import { freePort } from './support/free-port.ts';
import { rssMiB, START_FLAGS, waitReady } from './support/server-process.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '4' },
    compiled: { type: 'boolean', default: false },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TABLES = process.env.DICEWISE_TABLES ?? 'tables';
const GOAL_P99_MS = 10;

const rng = mulberry32(51);
const mix: PositionInput[] = Array.from({ length: 20_000 }, () => randomPosition(RULESETS.yahtzee, rng).input);

function load(url: string, explain: boolean, connections: number) {
  const requests = mix.map((p) => ({ method: 'POST', path: '/api/v1/hint', headers: { 'content-type': 'application/json' }, body: JSON.stringify(explain ? { ...p, explain } : p) }));
  const per = Math.max(1, Math.floor(requests.length / connections));
  let client = 0;
  return autocannon({
    url,
    connections,
    duration: DURATION,
    requests: requests.slice(0, per),
    setupClient: (c) => {
      const from = (client++ * per) % requests.length;
      c.setRequests(requests.slice(from, from + per));
    },
  });
}

/** Asks one explained hint until it is answered 200: the server reads (or builds) the outlook table on the first. */
async function waitOutlook(url: string): Promise<void> {
  for (let i = 0; i < 3600; i++) {
    const r = await fetch(`${url}/api/v1/hint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ruleset: 'yahtzee', explain: true }) });
    await r.arrayBuffer();
    if (r.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the outlook table never came');
}

async function serverRuns() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const entry = [...START_FLAGS, ...(args.compiled ? ['dist/bundle/main.js'] : ['--import', 'tsx', 'src/cli/main.ts'])];
  const child = spawn(process.execPath, [...entry, 'serve', '--host', '127.0.0.1', '--port', String(port), '--tables', TABLES, '--rulesets', 'yahtzee', '--goal-tables', 'none'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const rows: Record<string, Record<string, string | number>> = {};
  try {
    await waitReady(url, child, undefined, { all: true });
    const started = performance.now();
    await waitOutlook(url);
    console.log(`outlook table ready after ${((performance.now() - started) / 1000).toFixed(1)} s (read, or built where missing)`);
    // Warm-up: the JIT, both paths.
    await load(url, true, 1);
    await load(url, false, 1);
    for (const [name, explain, connections] of [
      ['explain, 1 connection', true, 1],
      ['plain, 1 connection', false, 1],
      [`explain, ${CONNECTIONS} connections`, true, CONNECTIONS],
      [`plain, ${CONNECTIONS} connections`, false, CONNECTIONS],
    ] as const) {
      const r = await load(url, explain, connections);
      rows[name] = {
        'hints/s': Math.round(r['2xx'] / r.duration),
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        'p99.9 ms': (r.latency as unknown as Record<string, number>).p99_9,
        'max ms': r.latency.max,
        'non-2xx + errors': r.non2xx + r.errors,
        'server RSS MiB': Math.round(rssMiB(child.pid!)),
      };
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  return rows;
}

async function computeRun() {
  const model = await ensureModel(TABLES, 'yahtzee');
  const table = await ensureReachTable(TABLES, 'yahtzee', { kind: 'outlook' });
  const positions: Position[] = mix.slice(0, 2000).map((input) => {
    const r = parsePosition(input);
    if (!r.ok) throw new Error('bad position in the mix');
    return r.position;
  });
  const cache = createTurnCaches({ entries: 256 });
  let i = 0;
  let j = 0;
  let bytes = 0;
  let plainBytes = 0;
  for (const p of positions) {
    const a = advise(model, p, cache.get(model, p.state));
    plainBytes += JSON.stringify(a).length;
    bytes += JSON.stringify(explainAdvice(model, table, p, a)).length;
  }
  const bench = new Bench({ time: 2000 });
  bench
    .add('advise + JSON.stringify', () => {
      const p = positions[i++ % positions.length];
      JSON.stringify(advise(model, p, cache.get(model, p.state)));
    })
    .add('advise + explainAdvice + JSON.stringify', () => {
      const p = positions[j++ % positions.length];
      JSON.stringify(explainAdvice(model, table, p, advise(model, p, cache.get(model, p.state))));
    });
  await bench.run();
  return { bench, bytes: bytes / positions.length, plainBytes: plainBytes / positions.length };
}

console.log(`tables: ${TABLES}; yahtzee, no goal tables; ${args.compiled ? 'compiled server (dist/)' : 'server from the sources (tsx)'}; ${DURATION} s per run, 127.0.0.1, ${mix.length} positions each asked once`);
const rows = await serverRuns();
console.log('\nHTTP POST /api/v1/hint');
console.table(rows);
const worst = Math.max(...Object.entries(rows).filter(([k]) => k.startsWith('explain')).map(([, r]) => Number(r['p99 ms'])));
console.log(`goal (p99 <= ${GOAL_P99_MS} ms for an explain hint in a warm server): ${worst <= GOAL_P99_MS ? 'met' : 'NOT met'} (worst p99 ${worst} ms)`);

const { bench, bytes, plainBytes } = await computeRun();
console.log(`\nin this process (tinybench; answers: ${Math.round(bytes)} bytes of JSON with explain, ${Math.round(plainBytes)} without, on average)`);
console.table(
  bench.tasks.map((t) => {
    const res = t.result;
    if (res.state !== 'completed') return { task: t.name, state: res.state };
    return { task: t.name, 'mean µs': (res.latency.mean * 1000).toFixed(1), 'p99 µs': ((res.latency.p99 ?? 0) * 1000).toFixed(1) };
  }),
);
