/**
 * What each way of storing a goal table's rows would take, on one rule set's exact rows (a float64
 * build, in this process, on worker threads): float32 as before, trimmed nearer 0 and 1, fixed
 * point of 20 to 24 bits as it is (3 bytes a value), as first differences, and as second
 * differences (what lane-codec.ts writes) in blocks of 8 or 16 with a 5-bit width each, or Rice
 * codes. Sizes are of the values alone (the index, 4 bytes a state slot, comes on top), with the
 * largest error each leaves.
 *
 *   npx tsx bench/lane-encodings.ts [--ruleset yahtzee-no-bonus] [--kind reach|distribution] [--threads 2]
 *
 * A distribution is measured as its tail P(points >= k), the curve lane-codec.ts stores.
 */
import { parseArgs } from 'node:util';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { buildReachTable, type GoalKind } from '../src/solver/index.ts';
import { TEST_TABLE_DIR } from '../test/support/paths.ts';
import { readTable } from '../src/store/table-store.ts';
import { solverThreads } from '../workers/pool.ts';

const { values: args } = parseArgs({ options: { ruleset: { type: 'string', default: 'yahtzee-no-bonus' }, kind: { type: 'string', default: 'reach' }, threads: { type: 'string', default: '2' } } });
const rs = RULESETS[args.ruleset as RuleSetId];
const kind = args.kind as GoalKind;
const threads = await solverThreads(Number(args.threads));
const started = performance.now();
const values = kind === 'distribution' ? (await readTable(process.env.DICEWISE_TABLES ?? TEST_TABLE_DIR, rs)).values : undefined;
const { table } = await buildReachTable(rs, { kind, values, float64: true, concurrency: Number(args.threads), reachRunner: threads.runReach });
await threads.destroy();
console.log(`${rs.id} ${kind}: float64 build ${((performance.now() - started) / 1000).toFixed(1)} s, ${table.data.values} values`);

const sizes = new Map<string, number>();
const add = (k: string, bytes: number) => sizes.set(k, (sizes.get(k) ?? 0) + bytes);
const width = (m: number) => (m === 0 ? 0 : 32 - Math.clz32(m));
const zigzag = (z: number) => (z >= 0 ? 2 * z : -2 * z - 1);
function blocks(x: readonly number[], size: number): number {
  let bits = 0;
  for (let i = 0; i < x.length; i += size) {
    let most = 0;
    for (let j = i; j < Math.min(x.length, i + size); j++) most = Math.max(most, x[j]);
    bits += 5 + width(most) * Math.min(size, x.length - i);
  }
  return bits / 8;
}
function rice(x: readonly number[], size: number): number {
  let bits = 0;
  for (let i = 0; i < x.length; i += size) {
    let best = Infinity;
    for (let k = 0; k < 28; k++) {
      let b = 5;
      for (let j = i; j < Math.min(x.length, i + size); j++) b += Math.floor(x[j] / 2 ** k) + 1 + k;
      best = Math.min(best, b);
    }
    bits += best;
  }
  return bits / 8;
}

const worst = new Map<string, number>();
for (let s = 0; s < table.slots; s++) {
  const { values: row } = table.row(s);
  if (row.length === 0) continue;
  // The curve stored: P(n) itself, or a distribution's tail from its second lane on.
  let curve: number[];
  if (kind === 'reach') curve = Array.from(row);
  else {
    curve = [];
    let tail = 0;
    for (let k = row.length - 1; k >= 1; k--) curve.unshift((tail += row[k]));
  }
  add('float32, trimmed at 1e-12', 4 * row.length);
  add('float32, trimmed at 1e-7', 4 * curve.filter((p) => p > 1e-7 && p < 1 - 1e-7).length);
  for (const bits of [20, 22, 24]) {
    const S = 2 ** bits;
    const q = curve.map((p) => Math.round(p * S)).filter((v) => v > 0 && v < S);
    worst.set(`${bits} bits`, Math.max(worst.get(`${bits} bits`) ?? 0, ...curve.map((p) => Math.abs(Math.min(S, Math.max(0, Math.round(p * S))) / S - p))));
    const d: number[] = [];
    let prev = S;
    for (const v of q) {
      d.push(prev - v);
      prev = v;
    }
    const dd: number[] = [];
    let pd = 0;
    for (const x of d) {
      dd.push(zigzag(x - pd));
      pd = x;
    }
    add(`${bits} bits, 3 bytes a value`, 3 * q.length);
    add(`${bits} bits, first differences, blocks of 8`, blocks(d, 8));
    add(`${bits} bits, second differences, blocks of 8`, blocks(dd, 8));
    add(`${bits} bits, second differences, blocks of 16`, blocks(dd, 16));
    add(`${bits} bits, second differences, Rice, blocks of 16`, rice(dd, 16));
  }
}
for (const [k, bytes] of sizes) console.log(`${k.padEnd(48)} ${(bytes / 1e6).toFixed(1).padStart(7)} MB  ${((8 * bytes) / table.data.values).toFixed(2).padStart(5)} bits a value`);
for (const [k, e] of worst) console.log(`largest rounding error at ${k}: ${e.toExponential(2)}`);
