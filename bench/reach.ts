/**
 * Reach tables as users build and use them: `dicewise tables build --reach` timed as a whole
 * process (wall time and peak RSS from /usr/bin/time, threads included), the file it writes, the
 * ten reference examples of test/fixtures/reach-yahtzee.jsonl checked against it, the memory a process holds
 * with the table loaded, and the cost of one reach hint.
 *
 *   npm run build && npx tsx bench/reach.ts [--ruleset yahtzee] [--threads 2] [--cap 600] [--skip-build]
 *
 * Tables go to $DICEWISE_TABLES or ./tables.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Bench } from 'tinybench';
import { adviseGoal } from '../src/goals/index.ts';
import { parsePosition } from '../src/position/index.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { loadModel } from '../src/store/model-loader.ts';
import { readReachTable, reachTablePath } from '../src/store/reach-store.ts';
import { compareExample, readReachExamples } from '../test/support/reach-examples.ts';

const { values: args } = parseArgs({
  options: {
    ruleset: { type: 'string', default: 'yahtzee' },
    threads: { type: 'string', default: '2' },
    cap: { type: 'string', default: '600' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const id = args.ruleset as RuleSetId;
const dir = process.env.DICEWISE_TABLES ?? 'tables';
const cli = new URL('../dist/bundle/main.js', import.meta.url).pathname;
if (!existsSync(cli)) throw new Error('run npm run build first: the benchmark times the compiled CLI, as users run it');

if (!args['skip-build']) {
  const cmd = ['-v', process.execPath, cli, 'tables', 'build', '--ruleset', id, '--reach', '--threads', args.threads, '--cap', args.cap, '--tables', dir];
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', cmd, { encoding: 'utf8' });
  const wall = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
  const rss = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1024;
  console.log(r.stdout.trim());
  console.log(`whole process: ${wall.toFixed(1)} s wall, peak RSS ${rss.toFixed(0)} MiB (${args.threads} threads, cap ${args.cap})`);
}

const file = reachTablePath(dir, id);
console.log(`file ${file}: ${(statSync(file).size / 2 ** 20).toFixed(1)} MiB`);
const before = process.memoryUsage().rss;
const t0 = performance.now();
const { table } = await readReachTable(dir, RULESETS[id]);
const model = await loadModel(dir, id);
console.log(
  `loaded in ${(performance.now() - t0).toFixed(0)} ms: ${table.data.values} values; process RSS +${((process.memoryUsage().rss - before) / 2 ** 20).toFixed(0)} MiB with the value and reach tables`,
);

if (id === 'yahtzee') {
  const worst = readReachExamples().map((ex) => compareExample(model, table, ex));
  console.log(`reference examples: ${worst.length} checked, largest difference ${Math.max(...worst).toExponential(2)}`);
}

const positions = [
  { ruleset: id, dice: [5, 6, 5, 1, 5], rollsLeft: 2, goal: { type: 'reach', score: 300 } },
  { ruleset: id, scorecard: { ones: 3, fives: 15, chance: 22 }, dice: [2, 6, 6, 1, 5], rollsLeft: 1, goal: { type: 'reach', score: 260 } },
].map((p) => {
  const parsed = parsePosition(p);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.position;
});
const bench = new Bench({ time: 1000 });
let i = 0;
bench.add('reach hint (adviseGoal, table in memory)', () => {
  adviseGoal(model, { reach: table }, positions[i++ % positions.length]);
});
await bench.run();
const t = bench.tasks[0].result;
if (t && 'latency' in t) console.log(`reach hint: mean ${(t.latency.mean * 1000).toFixed(0)} µs, p99 ${((t.latency.p99 ?? 0) * 1000).toFixed(0)} µs`);
