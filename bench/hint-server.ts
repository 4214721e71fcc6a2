/**
 * Hint server throughput: the real `dicewise serve` in a child process on 127.0.0.1 (a free
 * port) with the yahtzee table from ./tables ($DICEWISE_TABLES; built on first start when
 * missing), driven by autocannon (50 connections, 10 s) with positions from random games; then
 * the pure advise() cost per hint, measured by tinybench.
 *
 *   npx tsx bench/hint-server.ts [--duration 10] [--connections 50] [--rulesets default] [--compiled] [--entry path/to/main.js]
 *
 * `--rulesets default` serves every rule set served by default (their tables built first where
 * missing) with no goal tables, as issue-style throughput figures are taken; `--compiled` runs
 * the built server (`node dist/bundle/main.js`, what `npm start` runs) instead of the sources
 * through tsx; either runs with the Node options of `npm start` (package.json). The server's
 * resident memory (VmRSS) is reported after each run.
 *
 * Two mixes: "hot", 200 positions asked again and again (answered from the server's response
 * cache after the first time), and "cold", 50,000 positions, each asked once, that miss it and
 * mostly miss the TurnEval cache too: the full cost of a hint.
 * Each connection asks its own slice of the mix, so connections do not ask in lockstep.
 * autocannon runs on the same machine and takes its share of the CPU, so alongside hints/s the
 * bench reports the server's own CPU time per hint (from /proc), which is what capacity is, and
 * autocannon's (this process's), which is what the client takes of the same cores.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Bench } from 'tinybench';
import { advise } from '../src/advisor/index.ts';
import { createTurnCaches } from '../src/solver/index.ts';
import { parsePosition, type Position, type PositionInput } from '../src/position/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { createTurnEval, evaluateState } from '../src/solver/index.ts';
import { ensureModel } from '../src/store/model-loader.ts';
import { mulberry32, randomPosition } from '../test/support/random-positions.ts';
import { freePort } from './support/free-port.ts';
import { rssMiB, START_FLAGS, waitReady } from './support/server-process.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rulesets: { type: 'string', default: 'yahtzee' },
    compiled: { type: 'boolean', default: false },
    // another build of the server to run instead (e.g. a copy of an older dist/), for side-by-side runs
    entry: { type: 'string' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TABLES = process.env.DICEWISE_TABLES ?? 'tables';
const CLOCK_TICK_MS = 10; // USER_HZ = 100 on Linux
const GOAL_RATE = 5000;

/** Positions a player meets: random games cut at a random turn, dice rolled, 0-2 rerolls left. */
function positionMix(n: number, seed: number): PositionInput[] {
  const rng = mulberry32(seed);
  return Array.from({ length: n }, () => randomPosition(RULESETS.yahtzee, rng).input);
}

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS) / 1000;
}

function load(url: string, mix: PositionInput[], duration: number, overallRate?: number) {
  const requests = mix.map((p) => ({ method: 'POST', path: '/api/v1/hint', headers: { 'content-type': 'application/json' }, body: JSON.stringify(p) }));
  // Each connection gets its own slice of the mix (autocannon builds every request of a
  // connection up front, so handing each the whole 50,000 would load the client, not the server).
  const per = Math.max(1, Math.floor(requests.length / CONNECTIONS));
  let client = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    ...(overallRate ? { overallRate } : {}),
    requests: requests.slice(0, per),
    setupClient: (c) => {
      const from = (client++ * per) % requests.length;
      c.setRequests(requests.slice(from, from + per));
    },
  });
}

interface Run {
  mix: PositionInput[];
  /** requests per second offered in all; absent = as fast as the server answers */
  rate?: number;
}

async function serverRuns(runs: Record<string, Run>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Request logs go to /dev/null: the server still formats and writes every line, as in production.
  const entry = [...START_FLAGS, ...(args.entry ? [args.entry] : args.compiled ? ['dist/bundle/main.js'] : ['--import', 'tsx', 'src/cli/main.ts'])];
  const served = args.rulesets === 'default' ? ['--goal-tables', 'none'] : ['--rulesets', args.rulesets, '--goal-tables', 'none'];
  const child = spawn(process.execPath, [...entry, 'serve', '--host', '127.0.0.1', '--port', String(port), '--tables', TABLES, ...served], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const rows: Record<string, Record<string, string | number>> = {};
  try {
    // Every rule set loaded (or built, on a first start) before the runs: a build would share their CPU and memory.
    await waitReady(url, child, undefined, { all: true });
    // Warm-up on the first mix only: it warms the JIT, and the caches for that mix; a warm-up on
    // the cold mix would put its first positions in the caches.
    await load(url, Object.values(runs)[0].mix, 2);
    for (const [name, { mix, rate }] of Object.entries(runs)) {
      const cpu0 = cpuSeconds(child.pid!);
      const client0 = process.cpuUsage();
      const r = await load(url, mix, DURATION, rate);
      const cpu = cpuSeconds(child.pid!) - cpu0;
      const client = process.cpuUsage(client0);
      const hints = r['2xx'];
      rows[name] = {
        positions: mix.length,
        offered: rate ? `${rate}/s` : 'max',
        'hints/s': Math.round(hints / r.duration),
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        'max ms': r.latency.max,
        'server CPU µs/hint': Math.round((cpu * 1e6) / hints),
        'client CPU µs/hint': Math.round((client.user + client.system) / hints),
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

async function computeRun(mix: PositionInput[]) {
  const model = await ensureModel(TABLES, 'yahtzee');
  const positions: Position[] = mix.map((input) => {
    const r = parsePosition(input);
    if (!r.ok) throw new Error('bad position in the mix');
    return r.position;
  });
  const te = createTurnEval(model);
  const cache = createTurnCaches({ entries: 256 });
  let i = 0;
  let j = 0;
  let k = 0;
  const bench = new Bench({ time: 2000 });
  bench
    .add('advise, turn evaluated every time', () => {
      const p = positions[i++ % positions.length];
      advise(model, p, evaluateState(te, p.state));
    })
    .add('advise, TurnEval cache hit', () => {
      const p = positions[j++ % positions.length];
      advise(model, p, cache.get(model, p.state));
    })
    .add('parsePosition + advise (hit) + JSON.stringify', () => {
      const r = parsePosition(mix[k++ % mix.length]);
      if (r.ok) JSON.stringify(advise(model, r.position, cache.get(model, r.position.state)));
    });
  await bench.run();
  return bench;
}

const hot = positionMix(200, 20240607);
const cold = positionMix(50_000, 7);
console.log(`tables: ${TABLES}; rule sets: ${args.rulesets}, no goal tables; ${args.compiled ? 'compiled server (dist/)' : 'server from the sources (tsx)'}; ${CONNECTIONS} connections, ${DURATION} s per run, 127.0.0.1`);
// Closed loop (as fast as answered) gives capacity; with 50 connections in flight the mean
// latency is then 50 / throughput (Little's law), 10 ms at 5,000/s, so latency is judged at a
// fixed offered rate of 5,000/s instead.
const rows = await serverRuns({
  hot: { mix: hot },
  'hot @ 5000/s': { mix: hot, rate: GOAL_RATE },
  cold: { mix: cold },
});
console.log('\nHTTP POST /api/v1/hint');
console.table(rows);
const max = rows.hot;
const paced = rows['hot @ 5000/s'];
const met = Number(max['hints/s']) >= GOAL_RATE && Number(paced['hints/s']) >= GOAL_RATE * 0.98 && Number(paced['p99 ms']) < 10;
console.log(`goal (>= ${GOAL_RATE} hints/s, p99 < 10 ms at ${GOAL_RATE}/s): ${met ? 'met' : 'NOT met'}`);

const bench = await computeRun(hot);
console.log('\nadvise() compute per hint (tinybench, hot mix)');
console.table(
  bench.tasks.map((t) => {
    const res = t.result;
    if (res.state !== 'completed') return { task: t.name, state: res.state };
    return { task: t.name, 'mean µs': (res.latency.mean * 1000).toFixed(1), 'p99 µs': ((res.latency.p99 ?? 0) * 1000).toFixed(1), 'hints/s': Math.round(1000 / res.latency.mean) };
  }),
);
