/**
 * Points hints while hints with effort load the server (issue 26, item 1): the compiled
 * `dicewise serve` in a child process (yahtzee and superpass, tables from $DICEWISE_TABLES,
 * default the test tables), `--clients` loops each sending effort-3 Superpass hints on distinct
 * opening positions (no cache hits) for `--seconds`, and one loop of points hints meanwhile: its latency
 * percentiles, and what became of the effort hints (answered, or 503 from the admission policy).
 *
 *   npm run build && npx tsx bench/effort-load.ts [--clients 8] [--seconds 15] [--effort 3]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RULESETS } from '../src/rules/index.ts';
import { TEST_TABLE_DIR } from '../test/support/paths.ts';
import { mulberry32, randomPosition } from '../test/support/random-positions.ts';
import { freePort } from './support/free-port.ts';
import { percentile, waitReady } from './support/server-process.ts';

const { values: args } = parseArgs({ options: { clients: { type: 'string', default: '8' }, seconds: { type: 'string', default: '15' }, effort: { type: 'string', default: '3' } } });
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
const EFFORT = Number(args.effort);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TABLES = process.env.DICEWISE_TABLES ?? TEST_TABLE_DIR;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['dist/bundle/main.js', 'serve', '--port', String(port), '--tables', TABLES, '--rulesets', 'yahtzee,superpass'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });

async function post(body: unknown): Promise<{ ms: number; status: number; text: string }> {
  const t = performance.now();
  const res = await fetch(`${url}/api/v1/hint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  return { ms: performance.now() - t, status: res.status, text };
}

try {
  await waitReady(url, child, 60_000);
  const rng = mulberry32(26);
  const points = Array.from({ length: 5000 }, () => randomPosition(RULESETS.yahtzee, rng).input);
  // Opening positions of Superpass: every multiset of six dice, one and two rerolls left (924, none twice).
  const heavy: object[] = [];
  const dice = (n: number, min: number): number[][] => (n === 0 ? [[]] : Array.from({ length: 7 - min }, (_, i) => dice(n - 1, min + i).map((d) => [min + i, ...d])).flat());
  for (const d of dice(RULESETS.superpass.dice, 1)) for (const rollsLeft of [1, 2]) heavy.push({ ruleset: 'superpass', dice: d, rollsLeft, effort: EFFORT });
  // Warm up: the JIT, and the first effort hint loads the batch workers' tables.
  for (let i = 0; i < 200; i++) await post(points[points.length - 1 - i]);
  await post(heavy[heavy.length - 1]);
  const alone: number[] = [];
  for (let i = 0; i < 300; i++) alone.push((await post(points[i])).ms);
  const end = performance.now() + SECONDS * 1000;
  let next = 0;
  const effort = { answered: 0, refused: 0, other: 0, ms: [] as number[] };
  const clients = Array.from({ length: CLIENTS }, async () => {
    while (performance.now() < end) {
      const r = await post(heavy[next++ % heavy.length]);
      if (r.status === 200) {
        effort.answered++;
        effort.ms.push(r.ms);
      } else if (r.status === 503) {
        effort.refused++;
        await sleep(50);
      } else {
        effort.other++;
        if (effort.other === 1) console.log(`an effort hint answered ${r.status}: ${r.text.slice(0, 300)}`);
      }
    }
  });
  const loaded: number[] = [];
  for (let i = 300; performance.now() < end; i++) loaded.push((await post(points[i % points.length])).ms);
  await Promise.all(clients);
  const f = (x: number) => `${x.toFixed(2)} ms`;
  console.log(`points hints alone: ${alone.length}, p50 ${f(percentile(alone, 50))}, p99 ${f(percentile(alone, 99))}`);
  console.log(`points hints with ${CLIENTS} clients sending effort-${EFFORT} Superpass hints for ${SECONDS} s: ${loaded.length}, p50 ${f(percentile(loaded, 50))}, p99 ${f(percentile(loaded, 99))}`);
  console.log(`effort hints: ${effort.answered} answered (p50 ${f(percentile(effort.ms, 50))}), ${effort.refused} refused with 503, ${effort.other} other`);
} finally {
  child.kill('SIGTERM');
}
