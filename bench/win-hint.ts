/**
 * Win-goal hint latency in process, as the server answers it (tables in memory): adviseGoal on
 * random positions of random games against 1 and against 3 opponents in progress (their sheets
 * random positions too, at the start of a turn), p50 and p99 over --hints hints each.
 *
 *   npx tsx bench/win-hint.ts [--ruleset yahtzee] [--hints 2000]   (needs `dicewise tables build --ruleset ID --win`)
 *
 * Tables are read from $DICEWISE_TABLES or ./tables.
 */
import { parseArgs } from 'node:util';
import { adviseGoal } from '../src/goals/index.ts';
import { parsePosition } from '../src/position/index.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { loadModel } from '../src/store/model-loader.ts';
import { readReachTable } from '../src/store/reach-store.ts';
import { mulberry32, randomPosition } from '../test/support/random-positions.ts';

const { values: args } = parseArgs({ options: { ruleset: { type: 'string', default: 'yahtzee' }, hints: { type: 'string', default: '2000' } } });
const rs = RULESETS[args.ruleset as RuleSetId];
const dir = process.env.DICEWISE_TABLES ?? 'tables';
const model = await loadModel(dir, rs.id);
const [reach, distribution] = await Promise.all([readReachTable(dir, rs), readReachTable(dir, rs, 'distribution')]);
const tables = { reach: reach.table, distribution: distribution.table };
const rng = mulberry32(12);

function sheet() {
  for (;;) {
    const { input } = randomPosition(rs, rng);
    if (input.dice === undefined && input.scorecard && Object.keys(input.scorecard).length < rs.boxes.length) {
      return { scorecard: input.scorecard, yahtzeeBonus: input.yahtzeeBonus };
    }
  }
}

for (const opponents of [1, 3]) {
  const times: number[] = [];
  const n = Number(args.hints);
  for (let i = 0; i < n; i++) {
    const { input } = randomPosition(rs, rng);
    const parsed = parsePosition({ ...input, goal: { type: 'win', opponents: Array.from({ length: opponents }, sheet) } });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const t0 = performance.now();
    adviseGoal(model, tables, parsed.position);
    times.push(performance.now() - t0);
  }
  // The first hints warm the JIT up: as a running server, report the steady state.
  const steady = times.slice(Math.floor(n / 10)).sort((a, b) => a - b);
  const q = (p: number) => steady[Math.min(steady.length - 1, Math.floor(p * steady.length))];
  console.log(`${rs.id}, win hint against ${opponents} opponent${opponents > 1 ? 's' : ''} in progress: p50 ${q(0.5).toFixed(2)} ms, p99 ${q(0.99).toFixed(2)} ms, max ${steady[steady.length - 1].toFixed(2)} ms (${steady.length} hints)`);
}
