/**
 * Turn-engine inner loops: the WebAssembly SIMD kernel (wasm/turn-kernel.ts) against typed-array
 * JavaScript, per evaluateTurn (both recursions, the maximum over first-roll scores and the
 * probability-weighted sum), for 5 and 6 dice and L = 1 .. 600 lanes per state.
 *   JS 1 lane ×L  the JavaScript reference (test/support/reference-turn.ts) at one lane, once per lane
 *   JS engine     the same reference over L lanes (typed arrays, lane loop innermost)
 *   WASM          the caller writes score-now into the kernel's memory and reads results there
 *   WASM value    the same turn's values only (evaluateValue, as the reach and distribution
 *                 builds call it): past VALUE_CHUNK lanes, a chunk of lanes at a time; here
 *                 one state's input again and again stays in cache, so its gain in a build (8%
 *                 less CPU, new states each turn) does not show
 *   WASM+copy     score-now copied in and value and first-roll values copied out on every turn
 * Then the same in a worker thread (the engine runs in piscina workers); the whole `yahtzee`
 * table in one thread, the JavaScript reference against the kernel at L = 1 behind the same
 * score-now. The reach table, whose engine is the kernel too, is measured by bench/reach.ts.
 * Run: npm run bench -- turn-kernel   (or: npx tsx bench/turn-kernel.ts [--quick])
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { format, measureTable, runAll, type Row } from './support/turn-kernel-measure.ts';

const LANES = [1, 8, 64, 256, 600];
const DICE = [5, 6];
const quick = process.argv.includes('--quick');
const time = quick ? 150 : 600;

const all: [number, number][] = DICE.flatMap((d) => LANES.map((L): [number, number] => [d, L]));
console.log(format(await runAll(all, time), 'main thread'));

// tsx's ESM hook does not reach worker threads on Node 20; its require hook does (as in
// workers/simulate-worker.ts), so the worker loads the measuring module through require.
const require = createRequire(import.meta.url);
const script = `require(${JSON.stringify(require.resolve('tsx/cjs'))});
require(${JSON.stringify(require.resolve('./support/turn-kernel-measure.ts'))}).measureInWorker();`;
const inWorker: [number, number][] = DICE.flatMap((d) => [1, 64, 600].map((L): [number, number] => [d, L]));
const worker = new Worker(script, { eval: true, workerData: { configs: inWorker, time } });
const rows = await new Promise<Row[]>((resolve, reject) => {
  worker.once('message', resolve);
  worker.once('error', reject);
});
await worker.terminate();
console.log(`\n${format(rows, 'worker thread')}`);

const runs = quick ? 1 : 3;
const table = measureTable(runs);
const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
console.log(
  `\nwhole yahtzee table, 1 thread, ${table.states} states: JS engine ${ms(table.js)} ms; WASM kernel (L = 1) ${ms(table.wasm)} ms; ` +
    `min ratio ${(Math.min(...table.js) / Math.min(...table.wasm)).toFixed(2)}×; values differing in any bit: ${table.differing}`,
);


