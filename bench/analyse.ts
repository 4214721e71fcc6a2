/**
 * Game analysis throughput: a batch of seeded games (half optimal, half with 10% random
 * decisions) as JSON Lines, reviewed by the worker pool on 1 and 2 threads (parsing in the
 * workers, each chunk's JSON Lines back, as `dicewise analyse --jsonl` streams them) and inline on
 * this thread; then one game's analysis by tinybench, with a warm turn cache and with none.
 *
 *   npx tsx bench/analyse.ts [--games 10000] [--repeat 3]
 *
 * Tables from ./tables ($DICEWISE_TABLES), built on first run when missing. Pools are warmed
 * (threads started, table loaded) before timing; the best of --repeat runs is reported, since
 * other processes on a shared machine only ever make a run slower. On a busy machine wall time
 * measures the neighbours, so CPU time per thread is read too (Linux), and from it the wall time
 * the run would take on 2 idle cores: the busiest thread's CPU, or all CPU over 2 if that is more.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Bench } from 'tinybench';
import { analyseGames, analyseWith, ANALYSIS_CHUNK, createAnalyser, parseGameLine, reviewStream, type ReviewChunk } from '../src/analysis/index.ts';
import { ensureModel } from '../src/store/model-loader.ts';
import { createWorkerPool, reviewRunner } from '../workers/pool.ts';
import { playGame, playGames, seededRandom } from '../test/support/game-records.ts';

const { values: args } = parseArgs({
  options: { games: { type: 'string', default: '10000' }, repeat: { type: 'string', default: '3' } },
});
const GAMES = Number(args.games);
const REPEAT = Number(args.repeat);
const TABLES = process.env.DICEWISE_TABLES ?? 'tables';
const GOAL = 2000;

const model = await ensureModel(TABLES, 'yahtzee');
const t0 = performance.now();
const lines = playGames(model, 2024, GAMES, 0.1, 0.5).map((g) => JSON.stringify(g));
console.log(`${GAMES} games generated in ${((performance.now() - t0) / 1000).toFixed(1)} s (${(lines.reduce((s, l) => s + l.length, 0) / 2 ** 20).toFixed(1)} MiB of JSON Lines); tables: ${TABLES}`);

/** CPU seconds of each thread of this process (Linux /proc; clock ticks of 10 ms), empty elsewhere. */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  if (!existsSync('/proc/self/task')) return out;
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // the thread ended between listing and reading
    }
  }
  return out;
}

interface Run {
  ms: number;
  /** CPU seconds, all threads */
  cpu: number;
  /** CPU seconds of the busiest thread */
  busiest: number;
}

/** Times one run: wall clock, and CPU per thread (what the run costs, whatever else the machine does). */
async function timed(f: () => unknown): Promise<Run> {
  const before = threadCpu();
  const u0 = process.cpuUsage();
  const t = performance.now();
  await f();
  const ms = performance.now() - t;
  const u = process.cpuUsage(u0);
  let busiest = 0;
  for (const [tid, s] of threadCpu()) busiest = Math.max(busiest, s - (before.get(tid) ?? 0));
  return { ms, cpu: (u.user + u.system) / 1e6, busiest };
}

/**
 * Wall time the run would take on `cores` idle cores: no less than its busiest thread, and no
 * less than all its CPU spread evenly.
 */
function projectedGamesPerSecond(r: Run, cores: number): number {
  return Math.round(GAMES / Math.max(r.busiest, r.cpu / cores));
}

function best(runs: Run[]): Run {
  return runs.reduce((a, b) => (b.ms < a.ms ? b : a));
}

function row(name: string, r: Run): Record<string, string | number> {
  return {
    run: name,
    'best s': (r.ms / 1000).toFixed(2),
    'games/s': Math.round((GAMES / r.ms) * 1000),
    'cpu s': r.cpu.toFixed(2),
    'busiest thread s': r.busiest.toFixed(2),
    'games/s on 2 idle cores': projectedGamesPerSecond(r, 2),
  };
}

const rows: Record<string, string | number>[] = [];
let reference = '';
for (const threads of [1, 2]) {
  const pool = createWorkerPool({ threads, tables: TABLES });
  const decoder = new TextDecoder();
  const analyse = async (batch: string[]) => {
    async function* chunks(): AsyncGenerator<ReviewChunk> {
      for (let i = 0; i < batch.length; i += ANALYSIS_CHUNK) yield { input: { text: batch.slice(i, i + ANALYSIS_CHUNK).join('\n'), firstLine: i + 1 }, output: 'jsonl' };
    }
    let out = '';
    for await (const r of reviewStream(chunks(), reviewRunner(pool), threads * 2)) out += typeof r.out === 'string' ? r.out : decoder.decode(r.out);
    return out;
  };
  await analyse(lines.slice(0, 100 * threads));
  const runs: Run[] = [];
  for (let i = 0; i < REPEAT; i++) {
    let results: unknown;
    runs.push(await timed(async () => (results = await analyse(lines))));
    reference ||= results as string;
    if (results !== reference) throw new Error('pool results differ between runs');
  }
  await pool.destroy();
  rows.push(row(`pool, ${threads} thread${threads > 1 ? 's' : ''}`, best(runs)));
}
{
  const runs: Run[] = [];
  for (let i = 0; i < REPEAT; i++) {
    let results: unknown;
    runs.push(await timed(() => (results = analyseGames(() => model, lines.map(parseGameLine)))));
    const text = (results as unknown[]).map((r) => `${JSON.stringify(r)}\n`).join('');
    if (text !== reference) throw new Error('inline results differ from the pool');
  }
  rows.push(row('inline, this thread', best(runs)));
}
console.log(`\nbatch of ${GAMES} games (best of ${REPEAT})`);
console.table(rows);
const two = rows[1]['games/s'] as number;
const projected = rows[1]['games/s on 2 idle cores'] as number;
console.log(`goal (>= ${GOAL} games/s on 2 threads): ${two >= GOAL ? 'met' : 'NOT met'} as measured, ${projected >= GOAL ? 'met' : 'NOT met'} projected for 2 idle cores`);

const rng = seededRandom(7);
const optimal = playGame(model, rng);
const noisy = playGame(model, rng, { noise: 0.2 });
const warm = createAnalyser(model);
for (const line of lines.slice(0, 2000)) analyseWith(warm, JSON.parse(line));
const bench = new Bench({ time: 1500 });
bench
  .add('optimal game, warm turn cache', () => void analyseWith(warm, optimal))
  .add('noisy game, warm turn cache', () => void analyseWith(warm, noisy))
  .add('noisy game, no cache (13 engine runs)', () => void analyseWith(createAnalyser(model, 1), noisy));
await bench.run();
console.log('\nanalyseGame per game (tinybench)');
console.table(
  bench.tasks.map((t) => {
    const res = t.result;
    if (res.state !== 'completed') return { task: t.name, state: res.state };
    return { task: t.name, 'mean (µs)': (res.latency.mean * 1000).toFixed(1), 'p99 (µs)': ((res.latency.p99 ?? 0) * 1000).toFixed(1), 'ops/s': res.throughput.mean.toFixed(0) };
  }),
);
