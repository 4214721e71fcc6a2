/**
 * Hint server throughput: the real `dicewise serve` in a child process on 127.0.0.1 (a free
 * port) with the yahtzee table from ./tables ($DICEWISE_TABLES; built on first start when
 * missing), driven by autocannon with 50 connections for 10 s over a mix of positions from
 * random games; then the pure advise() cost per hint, measured by tinybench.
 *
 *   npx tsx bench/hint-server.ts [--duration 10] [--connections 50] [--positions 200]
 *
 * The server and autocannon share this machine's cores, so the figures are a floor.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Bench } from 'tinybench';
import { advise, createTurnEvalCache } from '../src/advisor/index.ts';
import { parsePosition, type Position, type PositionInput } from '../src/position/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { createTurnEval } from '../src/solver/index.ts';
import { ensureModel } from '../src/store/models.ts';
import { mulberry32, randomPosition } from '../test/support/random-positions.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    positions: { type: 'string', default: '200' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const POSITIONS = Number(args.positions);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TABLES = process.env.DICEWISE_TABLES ?? 'tables';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Positions a player meets: random games cut at a random turn, dice rolled, 0-2 rerolls left. */
function positionMix(n: number): PositionInput[] {
  const rng = mulberry32(20240607);
  return Array.from({ length: n }, () => randomPosition(RULESETS.yahtzee, rng).input);
}

async function waitReady(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server not ready after 10 minutes');
}

async function serverRun(mix: PositionInput[]) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Request logs go to /dev/null: the server still formats and writes every line, as in production.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--host', '127.0.0.1', '--port', String(port), '--tables', TABLES, '--rulesets', 'yahtzee'],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  try {
    await waitReady(url, child);
    const requests = mix.map((p) => ({ method: 'POST', path: '/api/v1/hint', headers: { 'content-type': 'application/json' }, body: JSON.stringify(p) }));
    await autocannon({ url, connections: CONNECTIONS, duration: 2, requests }); // warm-up: JIT and TurnEval cache
    const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests });
    return r;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function computeRun(mix: PositionInput[]) {
  const model = await ensureModel(TABLES, 'yahtzee');
  const positions: Position[] = mix.map((input) => {
    const r = parsePosition(input);
    if (!r.ok) throw new Error('bad position in the mix');
    return r.position;
  });
  const te = createTurnEval(model);
  const cache = createTurnEvalCache();
  let i = 0;
  let j = 0;
  let k = 0;
  const bench = new Bench({ time: 2000 });
  bench
    .add('advise, turn evaluated every time', () => {
      advise(model, positions[i++ % positions.length], te);
    })
    .add('advise, TurnEval LRU hit', () => {
      const p = positions[j++ % positions.length];
      advise(model, p, cache.get(model, p.state));
    })
    .add('parse + advise (LRU) + JSON.stringify', () => {
      const r = parsePosition(mix[k++ % mix.length]);
      if (r.ok) JSON.stringify(advise(model, r.position, cache.get(model, r.position.state)));
    });
  await bench.run();
  return bench;
}

const mix = positionMix(POSITIONS);
const withDice = mix.filter((p) => p.dice).length;
console.log(`positions: ${mix.length} (${withDice} with dice, ${mix.length - withDice} at the start of a turn); tables: ${TABLES}`);
const r = await serverRun(mix);
console.log(`\nHTTP POST /api/v1/hint — ${CONNECTIONS} connections, ${DURATION} s, 127.0.0.1`);
console.table({
  'hints/s (mean)': r.requests.average.toFixed(0),
  'latency p50 (ms)': r.latency.p50,
  'latency p90 (ms)': r.latency.p90,
  'latency p99 (ms)': r.latency.p99,
  'latency max (ms)': r.latency.max,
  '2xx': r['2xx'],
  'non-2xx': r.non2xx,
  errors: r.errors,
});
const goal = r.requests.average >= 5000 && r.latency.p99 < 10;
console.log(`goal (>= 5000 hints/s, p99 < 10 ms): ${goal ? 'met' : 'NOT met'}`);

const bench = await computeRun(mix);
console.log('\nadvise() compute per hint (tinybench)');
console.table(
  bench.tasks.map((t) => {
    const res = t.result;
    if (res.state !== 'completed') return { task: t.name, state: res.state };
    return { task: t.name, 'mean (µs)': (res.latency.mean * 1000).toFixed(1), 'p99 (µs)': ((res.latency.p99 ?? 0) * 1000).toFixed(1), 'ops/s': res.throughput.mean.toFixed(0) };
  }),
);
