/**
 * Solver benchmark: first the whole process as users run it, `dicewise tables build --ruleset
 * yahtzee --threads 2` (value table only) and with `--moments`, each the minimum of --runs
 * processes; then, inside this process, the full exact table with 1 and 2 worker threads (pool
 * started and warmed first, so the figure is the solve), the per-state turn engine, and peak memory.
 * Run: npm run bench -- solver   (builds dist/ first; or: npm run build && npx tsx bench/solver.ts [--runs 5])
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Bench } from 'tinybench';
import { describeRuns, timeCommand } from './support/whole-process.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { buildColumnTable, compileRules, createStateSolver, solveState, statesAtLevel } from '../src/solver/index.ts';
import { existsSync } from 'node:fs';
import type * as PoolModule from '../workers/pool.ts';

// Time the workers as `npm start` and `dicewise tables build` run them: compiled (npm run bench
// builds first). Workers loaded from TypeScript through tsx scale worse and would understate it.
const compiled = new URL('../dist/workers/pool.js', import.meta.url);
const { createWorkerPool } = (existsSync(compiled) ? await import(compiled.href) : await import('../workers/pool.ts')) as typeof PoolModule;

const { values: args, positionals } = parseArgs({ options: { runs: { type: 'string', default: '5' } }, allowPositionals: true });
const id = (positionals[0] ?? 'yahtzee') as RuleSetId;

{
  const dir = mkdtempSync(join(tmpdir(), 'dicewise-bench-'));
  const runs = Number(args.runs);
  const build = ['tables', 'build', '--ruleset', id, '--threads', '2', '--tables', dir];
  try {
    console.log('whole process, node dist/bundle/main.js (goal for the value table: <= 1.2 s, 2x the native 0.57-1.0 s)');
    console.log(describeRuns(`tables build --ruleset ${id} --threads 2`, timeCommand(build, runs)));
    console.log(describeRuns(`tables build --ruleset ${id} --threads 2 --moments`, timeCommand([...build, '--moments'], runs)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rs = RULESETS[id];
const rows: string[] = [];
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

for (const threads of [1, 2]) {
  const pool = createWorkerPool({ threads });
  const runner = async (task: Parameters<typeof pool.run<'solve'>>[1]) => void (await pool.run('solve', task));
  // Warm the workers (module load, JIT) with one build, then time three.
  await buildColumnTable(rs, { concurrency: threads, runner });
  const bench = new Bench({ iterations: 3, warmupIterations: 0, time: 0 });
  let value = 0;
  bench.add(`${id} table, ${threads} worker thread${threads > 1 ? 's' : ''}`, async () => {
    value = (await buildColumnTable(rs, { concurrency: threads, runner })).header.startValue;
  });
  await bench.run();
  const t = bench.tasks[0].result;
  if (t && 'latency' in t) {
    rows.push(`${bench.tasks[0].name.padEnd(34)} mean ${(t.latency.mean / 1000).toFixed(2)} s  min ${(t.latency.min / 1000).toFixed(2)} s  (value ${value.toFixed(7)})`);
  }
  await pool.destroy();
}

const c = compileRules(rs);
const solver = createStateSolver(c);
const values = (await buildColumnTable(rs)).values;
const states = statesAtLevel(c.layout, 6);
const micro = new Bench({ time: 1000 });
let i = 0;
micro.add('one turn-start state (engine + score-now)', () => {
  solveState(solver, values, states[i++ % states.length]);
});
await micro.run();
const m = micro.tasks[0].result;
if (m && 'latency' in m) rows.push(`${micro.tasks[0].name.padEnd(34)} mean ${(m.latency.mean * 1000).toFixed(2)} µs`);
clearInterval(sampler);
rows.push(`peak RSS (main + worker threads)   ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
console.log(rows.join('\n'));
