/**
 * The Lagrangian upper bound with some columns coupled exactly (src/approx/coupled-bound.ts):
 * Superpass with its columns 1 and 2 played jointly (the superpass-ordered sub-game's joint
 * states × passes left) and columns 3 and 4 relaxed one by one, at turn prices
 * λ_t = β (t − (N − 1) / 2). Prints, per β, the coupled bound beside the all-relaxed one.
 *
 *   npx tsx bench/bound-coupled.ts [--betas=-0.05] [--tables dir]
 *   npx tsx bench/bound-coupled.ts --prices tables/superpass.bound.json
 *
 * With --prices, the coupled bound at the roll prices a `dicewise bound` record was computed at
 * (the search's best), beside that record's all-relaxed bound, instead of the slopes.
 *
 * About 6 minutes of CPU per β (most of it the free column 4 relaxed over 52 turns).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { coupledBound } from '../src/approx/index.ts';
import { columnTypeOf, RULESETS } from '../src/rules/index.ts';
import { compileRules, initialState, lagrangianBound, linearPrices, rollPricesOfTurns, turnCount } from '../src/solver/index.ts';
import { decodePrices, type BoundRecord } from '../src/store/bound-store.ts';
import { ensureModel, loadColumnTables } from '../src/store/model-loader.ts';

const { values: args } = parseArgs({
  options: {
    betas: { type: 'string', default: '-0.05' },
    tables: { type: 'string', default: process.env.DICEWISE_TABLES ?? 'tables' },
    prices: { type: 'string' },
  },
});
const rs = RULESETS.superpass;
const pair = RULESETS['superpass-ordered'];
await ensureModel(args.tables, pair.id);
const tables = await loadColumnTables(args.tables, pair);
const T = turnCount(rs);
const R = compileRules(columnTypeOf(rs, 0).rs).dice.rollCount;
if (args.prices) {
  const record = JSON.parse(readFileSync(args.prices, 'utf8')) as BoundRecord;
  const cpu = process.cpuUsage();
  const coupled = coupledBound(rs, pair, [0, 1], tables, decodePrices(record.prices));
  const used = process.cpuUsage(cpu);
  console.log(
    `superpass at the roll prices of ${args.prices}: columns 1+2 coupled ${coupled.bound.toFixed(1)} (pair W ${coupled.group.toFixed(1)}, columns 3, 4 ${coupled.others.map((w) => w.toFixed(1)).join(', ')}, payback ${coupled.payback.toFixed(1)}); all relaxed ${record.bound.toFixed(1)} (the record's); ${((used.user + used.system) / 1e6).toFixed(0)} s CPU`,
  );
}
for (const beta of args.prices ? [] : args.betas.split(',').map(Number)) {
  const cpu = process.cpuUsage();
  const coupled = coupledBound(rs, pair, [0, 1], tables, rollPricesOfTurns(linearPrices(T, beta), R));
  const relaxed = lagrangianBound(rs, initialState(rs), linearPrices(T, beta));
  const used = process.cpuUsage(cpu);
  console.log(
    `superpass β ${beta}: columns 1+2 coupled ${coupled.bound.toFixed(1)} (pair W ${coupled.group.toFixed(1)}, columns 3, 4 ${coupled.others.map((w) => w.toFixed(1)).join(', ')}, payback ${coupled.payback.toFixed(1)}); all relaxed ${relaxed.toFixed(1)}; ${((used.user + used.system) / 1e6).toFixed(0)} s CPU`,
  );
}
