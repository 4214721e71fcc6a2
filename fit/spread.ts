/**
 * Measures the spread of the multi-column goal models (src/approx/goal-model.ts) and writes it to
 * src/approx/data/spreads.json, the committed data file the goal models read (src/approx/spreads.ts).
 *
 *   npx tsx fit/spread.ts [--ruleset triple-yahtzee|superpass] [--games 30000] [--seed 7]
 *                         [--tables dir] [--dry-run]
 *
 * Best play (the neural correction where fitted: the values the goal models read,
 * multi-column-models.ts goalModel) plays `games` games on common dice from `seed`; each level's
 * variance is the mean squared error of its value at that level's turn starts
 * (src/approx/fit/spread-fit.ts). Deterministic for given options.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { bestModel } from '../src/approx/index.ts';
import { fitSpread } from '../src/approx/fit/spread-fit.ts';
import { SPREADS, type FittedSpread } from '../src/approx/spreads.ts';
import { isModelledRuleSetId, MODELLED_RULESET_IDS, RULESETS, type ModelledRuleSetId, type RuleSetId } from '../src/rules/index.ts';
import { ensureModel, loadColumnTables } from '../src/store/model-loader.ts';
import { dataFile, writeDataFile } from './fitted-data.ts';

const { values: args } = parseArgs({
  options: {
    ruleset: { type: 'string', multiple: true },
    games: { type: 'string', default: '30000' },
    seed: { type: 'string', default: '7' },
    tables: { type: 'string', default: process.env.DICEWISE_TABLES ?? 'tables' },
    'dry-run': { type: 'boolean', default: false },
  },
});
const ids = (args.ruleset ?? MODELLED_RULESET_IDS) as RuleSetId[];
const games = Number(args.games);
const seed = Number(args.seed);
// Quantiles of each level's standardized errors: 1% apart, enough for targets a few SD out.
const QUANTILES = 100;

const fitted: Partial<Record<ModelledRuleSetId, FittedSpread>> = {};
for (const id of ids) {
  const rs = RULESETS[id];
  if (!isModelledRuleSetId(id)) throw new Error(`${id} is solved exactly: it has no fitted data`);
  await ensureModel(args.tables, id, { onBuild: (_, why) => console.log(`building tables for ${id}: ${why}`) });
  const tables = await loadColumnTables(args.tables, rs);
  const cpu = process.cpuUsage();
  const fit = fitSpread(rs, tables, bestModel(rs, tables), games, seed, QUANTILES);
  const used = process.cpuUsage(cpu);
  console.log(`${id}: best play's mean ${fit.mean.toFixed(2)} over ${games} games, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU`);
  for (let level = 0; level < fit.variance.length; level += 8) {
    const seen = [...fit.counts[level].keys()].filter((k) => fit.counts[level][k] >= 100);
    console.log(`  level ${level}: ${seen.map((k) => `class ${k} (${fit.counts[level][k]}): SD ${Math.sqrt(fit.variance[level][k]).toFixed(1)}, bias ${fit.bias[level][k].toFixed(1)}`).join('; ')}`);
  }
  const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
  fitted[id] = {
    games,
    seed,
    bias: fit.bias.map((b) => Array.from(b, (x) => round(x, 2))),
    variance: fit.variance.map((v) => Array.from(v, (x) => round(x, 1))),
    shape: fit.shape.map((q) => Array.from(q, (x) => round(x, 3))),
  };
}

if (args['dry-run']) console.log('dry run: spreads.json not written');
else {
  // Read again now: fits of other rule sets may have been written since this one started.
  const current = JSON.parse(await readFile(dataFile('spreads'), 'utf8')) as typeof SPREADS;
  console.log(`wrote ${await writeDataFile('spreads', { ...current, ...fitted })}`);
}
