/**
 * Simulator throughput: first the whole process as users run it, `dicewise simulate --ruleset
 * yahtzee --strategy optimal --games 200000 --threads 2 --seed 1` (the minimum of --runs
 * processes; the goal is the native simulator's 78,000 games/s); then optimal games per second on
 * the worker pool with 1 and 2 threads (each thread's own memo, kept from run to run, and on 2
 * threads also one memo shared by both, new each run, as the command plays), and one game inline by tinybench with a warm
 * decision memo and with none; with --million, the 1,000,000-game optimal run on yahtzee-free-joker
 * against the published figures.
 *
 *   npx tsx bench/simulate.ts [--runs 5] [--games 100000] [--repeat 2] [--cache 131072] [--million] [--dist]
 *
 * `--runs 0` skips the whole-process runs.
 * `--games 0` skips the throughput runs (for `--million` alone). `--dist` runs the workers from the
 * compiled build (`npm run build` first): from TypeScript sources piscina loads a worker through
 * tsx's CommonJS hook, and the games run about 1.7 times slower there than compiled.
 *
 * Tables from ./tables ($DICEWISE_TABLES), built on first run when missing. Each pool first plays
 * one run with cold caches (reported as such: what a one-off run of that size sees), then the best
 * of --repeat warm runs is reported, since other processes on a shared machine only ever make a
 * run slower. CPU seconds cover every thread of this process: on a busy machine wall time also
 * measures the neighbours.
 */
import { parseArgs } from 'node:util';
import { Bench } from 'tinybench';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { buildReport, createPlayer, GamePlayer, optimalStrategy, simulate, SIMULATE_DEFAULTS, Z95, type SimulationReport } from '../src/simulate/index.ts';
import { ensureModel } from '../src/store/model-loader.ts';
import type * as PoolModule from '../workers/pool.ts';
import { describeRuns, timeCommand } from './support/whole-process.ts';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '100000' },
    repeat: { type: 'string', default: '2' },
    cache: { type: 'string', default: String(SIMULATE_DEFAULTS.cacheEntries) },
    million: { type: 'boolean', default: false },
    dist: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
  },
});
const poolModule: string = args.dist ? '../dist/workers/pool.js' : '../workers/pool.ts';
const { createWorkerPool, simulateRunner } = (await import(new URL(poolModule, import.meta.url).href)) as typeof PoolModule;
const GAMES = Number(args.games);
const REPEAT = Number(args.repeat);
const CACHE = Number(args.cache);
const TABLES = process.env.DICEWISE_TABLES ?? 'tables';
const GOAL = 20_000;

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

interface Run {
  ms: number;
  cpu: number;
  games: number;
}

function row(name: string, r: Run): Record<string, string | number> {
  return { run: name, 's': (r.ms / 1000).toFixed(2), 'games/s': Math.round((r.games / r.ms) * 1000), 'cpu s': r.cpu.toFixed(2), 'games/cpu-s': Math.round(r.games / r.cpu) };
}

async function timed(fn: () => Promise<unknown>, games: number): Promise<Run> {
  const t = performance.now();
  const c = cpuSeconds();
  await fn();
  return { ms: performance.now() - t, cpu: cpuSeconds() - c, games };
}

/** Optimal games per second on 1 and 2 threads, then one game inline by tinybench. */
async function throughput(): Promise<void> {
  const model = await ensureModel(TABLES, 'yahtzee');
  const rows: Record<string, string | number>[] = [];
  let twoThreads = 0;
  // Every run plays the same games: same seed, whatever the threads; a different total is a bug.
  let signature = -1;
  for (const threads of [1, 2]) {
    const pool = createWorkerPool({ threads, tables: TABLES });
    const opts = { ruleset: 'yahtzee' as RuleSetId, strategies: ['optimal'], games: GAMES, seed: 1, concurrency: threads, chunkSize: 1000, cacheEntries: CACHE, runner: simulateRunner(pool) };
    await simulate({ ...opts, games: 50 * threads });
    const check = async (shareMemo = false) => {
      const d = await simulate({ ...opts, shareMemo });
      const total = d.scores[0].reduce((a, b) => a + b, 0);
      if (signature >= 0 && total !== signature) throw new Error(`results differ between runs: ${total} vs ${signature}`);
      signature = total;
    };
    rows.push(row(`${threads} thread${threads > 1 ? 's' : ''}, cold caches`, await timed(() => check(), GAMES)));
    const runs: Run[] = [];
    for (let i = 0; i < REPEAT; i++) runs.push(await timed(() => check(), GAMES));
    const best = runs.reduce((a, b) => (b.ms < a.ms ? b : a));
    rows.push(row(`${threads} thread${threads > 1 ? 's' : ''}, warm (best of ${REPEAT})`, best));
    if (threads === 2) {
      twoThreads = Math.round((best.games / best.ms) * 1000);
      // A shared memo is the run's own: every run starts it empty, as `dicewise simulate` does.
      const shared: Run[] = [];
      for (let i = 0; i < REPEAT; i++) shared.push(await timed(() => check(true), GAMES));
      rows.push(row(`2 threads, one memo for both, cold (best of ${REPEAT})`, shared.reduce((a, b) => (b.ms < a.ms ? b : a))));
    }
    await pool.destroy();
  }
  console.log(`\noptimal games of yahtzee, ${GAMES} per run, decision memo of ${CACHE} states per thread; tables: ${TABLES}; workers from ${args.dist ? 'dist/ (compiled)' : 'sources (tsx)'}`);
  console.table(rows);
  console.log(`goal (>= ${GOAL} games/s on 2 threads, warm): ${twoThreads >= GOAL ? 'met' : 'NOT met'}`);

  {
    const rs = RULESETS.yahtzee;
    const warm = createPlayer(rs, optimalStrategy(model, CACHE));
    const cold = createPlayer(rs, optimalStrategy(model, 0));
    const game = new GamePlayer(rs);
    for (let g = 0; g < 20_000; g++) game.play(warm, 9, g);
    let next = 20_000;
    const bench = new Bench({ time: 1500 });
    bench.add('optimal game, warm decision memo', () => game.play(warm, 9, next++)).add('optimal game, no cache (13 engine runs)', () => game.play(cold, 9, next++));
    await bench.run();
    console.log('\none game inline (tinybench)');
    console.table(
      bench.tasks.map((t) => {
        const res = t.result;
        if (res.state !== 'completed') return { task: t.name, state: res.state };
        return { task: t.name, 'mean (µs)': (res.latency.mean * 1000).toFixed(1), 'p99 (µs)': ((res.latency.p99 ?? 0) * 1000).toFixed(1), 'games/s': res.throughput.mean.toFixed(0) };
      }),
    );
  }
}

/** The command as users run it, new process each time; games/s from wall time, start-up included. */
async function wholeProcess(runs: number): Promise<void> {
  await ensureModel(TABLES, 'yahtzee');
  const games = 200_000;
  const r = timeCommand(['simulate', '--ruleset', 'yahtzee', '--strategy', 'optimal', '--games', String(games), '--threads', '2', '--seed', '1', '--tables', TABLES], runs);
  const own = /\((\d+) games\/s\)/.exec(r.stdout)?.[1];
  console.log('whole process, node dist/bundle/main.js (goal >= 78,000 games/s, the native simulator\'s)');
  console.log(describeRuns(`simulate --strategy optimal --games ${games} --threads 2`, r, `  ${Math.round(games / r.min)} games/s (the command's own figure, pool start included: ${own})`));
}

if (Number(args.runs) > 0) await wholeProcess(Number(args.runs));
if (GAMES > 0) await throughput();

if (args.million) {
  const id: RuleSetId = 'yahtzee-free-joker';
  await ensureModel(TABLES, id);
  const pool = createWorkerPool({ threads: 2, tables: TABLES });
  let report!: SimulationReport;
  const run = await timed(async () => {
    const d = await simulate({ ruleset: id, strategies: ['optimal'], games: 1_000_000, seed: 1, concurrency: 2, chunkSize: 2000, cacheEntries: CACHE, runner: simulateRunner(pool) });
    report = buildReport(d);
  }, 1_000_000);
  await pool.destroy();
  const s = report.strategies[0];
  const n = s.games;
  const published: [string, number, number, number][] = [
    ['mean', 254.59, s.mean, s.sd / Math.sqrt(n)],
    ['SD', 59.61, s.sd, NaN],
    ['P(upper bonus)', 0.681, s.upperBonusRate, Math.sqrt((s.upperBonusRate * (1 - s.upperBonusRate)) / n)],
    ['P(Yahtzee = 50)', 0.337, s.yahtzee50Rate, Math.sqrt((s.yahtzee50Rate * (1 - s.yahtzee50Rate)) / n)],
    ...Object.entries({ ones: 1.88, twos: 5.28, threes: 8.57, fours: 12.16, fives: 15.69, sixes: 19.19, threeOfAKind: 21.66, fourOfAKind: 13.1, fullHouse: 22.59, smallStraight: 29.46, largeStraight: 32.71, yahtzee: 16.87, chance: 22.01 }).map(
      ([box, v]): [string, number, number, number] => [box, v, s.boxes[box].mean, s.boxes[box].sd / Math.sqrt(n)],
    ),
  ];
  console.log(`\n1,000,000 optimal games of ${id}, seed 1, 2 threads: ${(run.ms / 1000).toFixed(1)} s (${Math.round(1e9 / run.ms)} games/s), ${run.cpu.toFixed(1)} CPU s (${Math.round(1e6 / run.cpu)} games/CPU-s)`);
  console.log(`mean ${s.mean.toFixed(3)} ± ${((Z95 * s.sd) / Math.sqrt(n)).toFixed(3)} (95% CI), SD ${s.sd.toFixed(3)}, median ${s.median}, min ${s.min}, max ${s.max}, signature ${s.total}`);
  console.table(published.map(([what, pub, got, se]) => ({ figure: what, published: pub, simulated: +got.toFixed(4), 'z = (sim − pub) / SE': Number.isNaN(se) ? '' : ((got - pub) / se).toFixed(2) })));
}
